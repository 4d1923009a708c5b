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
// The string's UTF-8 is scanned once, eight bytes at a time while none needs escaping; runs of
// bytes that need no escape are copied in bulk.

extension JSONWriter {
    /// Appends `string` as a quoted, escaped JSON string.
    package mutating func writeString(_ string: String) {
        // Native strings lend their UTF-8 without a copy (or a retain).
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { writeQuoted($0) }
        if written == nil {
            var contiguous = string
            contiguous.withUTF8 { writeQuoted($0) }
        }
    }

    private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count &+ 2)
        appendReserved(UInt8(ascii: "\""))
        appendEscaped(utf8)
        appendByte(UInt8(ascii: "\""))
    }

    /// Appends the escaped form of `utf8` (without quotes).
    package mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let start = utf8.baseAddress else { return }
        let end = utf8.count
        let slashes = escapesSlashes
        var runStart = 0
        var i = 0
        while i < end {
            // Skip eight bytes at a time while none of them needs an escape.
            while i &+ 8 <= end, !JSONWriter.anyNeedsEscape(UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self), slashes: slashes) {
                i &+= 8
            }
            guard i < end else { break }
            let byte = start[i]
            guard JSONWriter.needsEscape(byte, slashes: slashes) else {
                i &+= 1
                continue
            }
            // The run before the escape and the escape itself, with one capacity check.
            let run = i &- runStart
            reserve(run &+ 6)
            appendReserved(UnsafeBufferPointer(start: start + runStart, count: run))
            appendEscapeReserved(for: byte)
            i &+= 1
            runStart = i
        }
        if runStart < end {
            appendBytes(UnsafeBufferPointer(start: start + runStart, count: end &- runStart))
        }
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8, slashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (slashes && byte == UInt8(ascii: "/"))
    }

    /// Whether any of the eight bytes in `word` needs an escape: below 0x20, `"`, `\\`, or `/`
    /// when slashes are escaped. (A byte of 0x80 or more never does.)
    @inline(__always)
    private static func anyNeedsEscape(_ word: UInt64, slashes: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highBits }
        var found = (word &- ones &* 0x20) & ~word & highBits
        found |= hasZeroByte(word ^ (ones &* 0x22))
        found |= hasZeroByte(word ^ (ones &* 0x5C))
        if slashes { found |= hasZeroByte(word ^ (ones &* 0x2F)) }
        return found != 0
    }

    /// Appends the escape for `byte` (at most six bytes, already reserved).
    @inline(__always)
    private mutating func appendEscapeReserved(for byte: UInt8) {
        appendReserved(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): appendReserved(byte)
        case 0x08: appendReserved(UInt8(ascii: "b"))
        case 0x0C: appendReserved(UInt8(ascii: "f"))
        case 0x0A: appendReserved(UInt8(ascii: "n"))
        case 0x0D: appendReserved(UInt8(ascii: "r"))
        case 0x09: appendReserved(UInt8(ascii: "t"))
        default:
            appendReserved(UInt8(ascii: "u"))
            appendReserved(UInt8(ascii: "0"))
            appendReserved(UInt8(ascii: "0"))
            appendReserved(JSONWriter.hexDigit(byte >> 4))
            appendReserved(JSONWriter.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble + UInt8(ascii: "0") : nibble - 10 + UInt8(ascii: "a")
    }
}
