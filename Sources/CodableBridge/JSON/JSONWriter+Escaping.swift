// String escaping, exactly as Foundation's `JSONEncoder`:
//
//   "  →  \"          \  →  \\          /  →  \/  (as is under .withoutEscapingSlashes)
//   U+0008 → \b   U+000C → \f   U+000A → \n   U+000D → \r   U+0009 → \t
//   other U+0000…U+001F → \u00XX (lowercase hex: \u001f)
//
// Everything else is written as its UTF-8 bytes: DEL (U+007F), U+2028 LINE SEPARATOR and U+2029
// PARAGRAPH SEPARATOR (valid in JSON, though not in pre-ES2019 JavaScript string literals;
// `JSONEncoder` writes them raw too), and characters outside the BMP (never as surrogate pairs).
//
// The string's UTF-8 is scanned once; runs of bytes that need no escape are copied in bulk.

extension JSONWriter {
    /// What each byte below 0x80 turns into: 0 = written as is, otherwise the letter after the
    /// backslash (`u` for `\u00XX`). Bytes 0x80 and above are always written as is.
    private static let escapeLetter: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 128)
        for byte in 0..<0x20 { table[byte] = UInt8(ascii: "u") }
        table[0x08] = UInt8(ascii: "b")
        table[0x0C] = UInt8(ascii: "f")
        table[0x0A] = UInt8(ascii: "n")
        table[0x0D] = UInt8(ascii: "r")
        table[0x09] = UInt8(ascii: "t")
        table[Int(UInt8(ascii: "\""))] = UInt8(ascii: "\"")
        table[Int(UInt8(ascii: "\\"))] = UInt8(ascii: "\\")
        table[Int(UInt8(ascii: "/"))] = UInt8(ascii: "/")
        return table
    }()

    /// Appends `string` as a quoted, escaped JSON string.
    package mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the escaped form of `utf8` (without quotes).
    package mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        let slashes = escapesSlashes
        JSONWriter.escapeLetter.withUnsafeBufferPointer { table in
            var runStart = 0
            var i = 0
            while i < count {
                let byte = base[i]
                if byte >= 0x80 || table[Int(byte)] == 0 || (byte == UInt8(ascii: "/") && !slashes) {
                    i += 1
                    continue
                }
                if i > runStart {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: i - runStart))
                }
                appendEscape(for: byte, letter: table[Int(byte)])
                i += 1
                runStart = i
            }
            if runStart < count {
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
            }
        }
    }

    private mutating func appendEscape(for byte: UInt8, letter: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(letter)
        if letter == UInt8(ascii: "u") {
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(JSONWriter.hexDigit(byte >> 4))
            bytes.append(JSONWriter.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble + UInt8(ascii: "0") : nibble - 10 + UInt8(ascii: "a")
    }
}
