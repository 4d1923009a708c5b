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
// The string's UTF-8 is copied eight bytes at a time: each word is stored whole, and a mask of
// the bytes that need an escape says how many of them to keep. The lowest flagged byte is exact
// (the bit tricks below can only flag a byte *above* one that really needs an escape), so the
// first escape in a word is found with one trailing-zero count, not byte by byte:
//
//   "https://a"   word "https://"  mask 0x8080_0000_0000_0000  →  keep 6 bytes "https:", write
//                 `\/`, continue at the second `/`
//
// A string's last partial word is its last eight bytes shifted down (a string shorter than eight
// bytes is gathered with two overlapping loads), so no byte past the string is ever read; the bytes stored past
// the kept ones are overwritten by what follows.

extension JSONWriter {
    /// Appends `string` as a quoted, escaped JSON string.
    package mutating func writeString(_ string: String) {
        // Most keys and many values are held inline: escaped as two words, no closure.
        if let short = ShortBytes(inlineASCII: string, inline: inlineStrings), writeQuoted(short) { return }
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

    /// Appends `short` quoted when none of its bytes needs an escape; returns whether it did.
    @inline(__always)
    private mutating func writeQuoted(_ short: ShortBytes) -> Bool {
        // The zero bytes past the string would read as control characters.
        let headBytes = min(short.count, 8) &* 8
        let tailBytes = max(short.count &- 8, 0) &* 8
        let headKept = headBytes == 64 ? UInt64.max : (UInt64(1) &<< UInt64(headBytes)) &- 1
        let tailKept = (UInt64(1) &<< UInt64(tailBytes)) &- 1
        let mask = JSONWriter.escapeMask(short.head, slashes: escapesSlashes) & headKept
            | JSONWriter.escapeMask(short.tail, slashes: escapesSlashes) & tailKept
        guard mask == 0 else { return false }
        reserve(18)
        appendReserved(UInt8(ascii: "\""))
        appendWordReserved(short.head, keeping: min(short.count, 8))
        appendWordReserved(short.tail, keeping: max(short.count &- 8, 0))
        appendReserved(UInt8(ascii: "\""))
        return true
    }

    /// Appends the escaped form of `utf8` (without quotes).
    package mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        // One loop per setting, so the slash test is decided once per string, not once per word.
        if escapesSlashes {
            appendEscaped(utf8, slashes: true)
        } else {
            appendEscaped(utf8, slashes: false)
        }
    }

    /// ``appendEscaped(_:)``, eight bytes at a time: a word without a byte to escape is stored
    /// as it is; otherwise its escapes are written lowest first from that one word (URLs under the
    /// default slash escaping have one every few bytes).
    @inline(__always)
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, slashes: Bool) {
        guard let start = utf8.baseAddress else { return }
        let end = utf8.count
        var i = 0
        while i < end {
            let available = end &- i
            let word: UInt64
            var mask: UInt64
            let width: Int
            if available >= 8 {
                word = UInt64(littleEndian: UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self))
                mask = JSONWriter.escapeMask(word, slashes: slashes)
                width = 8
            } else {
                word = end >= 8
                    // The string's last eight bytes, shifted down past those already written.
                    ? UInt64(littleEndian: UnsafeRawPointer(start + (end &- 8)).loadUnaligned(as: UInt64.self)) &>> UInt64((8 &- available) &* 8)
                    : JSONWriter.partialWord(start + i, count: available)
                // The zero bytes past the string would read as control characters.
                mask = JSONWriter.escapeMask(word, slashes: slashes) & (UInt64(1) &<< UInt64(available &* 8) &- 1)
                width = available
            }
            i &+= width
            if mask == 0 {
                reserve(8)
                appendWordReserved(word, keeping: width)
                continue
            }
            // Room for every byte escaped (six bytes each) and a last whole-word store.
            reserve(8 &* 6 &+ 8)
            var written = 0  // bytes of `word` already appended or escaped
            repeat {
                let position = mask.trailingZeroBitCount &>> 3
                mask &= mask &- 1
                let byte = UInt8(truncatingIfNeeded: word &>> UInt64(position &* 8))
                // A borrow can flag a byte above a true one ('.' after '/', ' ' after a control
                // character): such a byte is copied with the rest.
                guard JSONWriter.needsEscape(byte, slashes: slashes) else { continue }
                appendWordReserved(word &>> UInt64(written &* 8), keeping: position &- written)
                appendEscapeReserved(for: byte)
                written = position &+ 1
            } while mask != 0
            // `written` is 8 only when the last byte was escaped; the shift then keeps nothing.
            appendWordReserved(written < 8 ? word &>> UInt64(written &* 8) : 0, keeping: width &- written)
        }
    }

    /// Whether `byte` is written as an escape: below 0x20, `"`, `\\`, and `/` when slashes are
    /// escaped.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8, slashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (slashes && byte == UInt8(ascii: "/"))
    }

    /// The `count` (1 to 7) bytes at `bytes` as a little-endian word, zero above them: two
    /// overlapping loads (the first and the last four, two or one bytes) instead of a byte loop.
    @inline(__always)
    private static func partialWord(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(bytes)
        if count >= 4 {
            let head = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            return head | tail &<< UInt64((count &- 4) &* 8)
        }
        if count >= 2 {
            let head = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let tail = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            return head | tail &<< UInt64((count &- 2) &* 8)
        }
        return UInt64(bytes[0])
    }

    /// The high bit of every byte of `word` (little-endian) that needs an escape — below 0x20,
    /// `"`, `\\`, or `/` when slashes are escaped (a byte of 0x80 or more never does) — and
    /// possibly of bytes above the lowest one (a borrow), never below it.
    @inline(__always)
    private static func escapeMask(_ word: UInt64, slashes: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // The zero-byte test `(x - ones) & ~x & highBits` for each x = word ^ c, with one
        // `& ~word & highBits` for all: c has no high bits, so `~x` has the high bits of `~word`.
        var near = (word &- ones &* 0x20) | ((word ^ (ones &* 0x22)) &- ones) | ((word ^ (ones &* 0x5C)) &- ones)
        if slashes { near |= (word ^ (ones &* 0x2F)) &- ones }
        return near & ~word & highBits
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
