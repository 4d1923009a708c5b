// SmallString — short ASCII strings made in, and read from, the standard library's inline form
// (JSON/ShortBytes.swift: the tape → tree conversion, the writer, the encoder's key hash).
//
// Relies on: `String`'s inline layout on 64-bit platforms (stdlib `StringObject.swift`, part of
// the ABI on Apple platforms, not public API): a string of at most 15 UTF-8 bytes is held in its
// own two words, the first holding bytes 0..<8, the second bytes 8..<15 and, in its top byte, the
// discriminator — `0xE0` (immortal, ASCII, small) plus the byte count — with every unused byte
// zero:
//
//     "id"           → (0x0000_0000_0000_6469, 0xE200_0000_0000_0000)
//     "screen_name"  → (0x6E5F_6E65_6572_6373, 0xEB00_0000_0065_6D61)
//
// Making one with `String(decoding:as:)` costs about 200 instructions (validation, an ASCII
// check, a byte-by-byte copy); made directly it is two words.
//
// Self-check (`layoutHolds`, once, at first use): strings the standard library made from bytes
// read as above (every length 0…15; a non-ASCII and a long string do not read as inline ASCII),
// and a string made directly equals `String(decoding:as:)`'s for every length. It reads before it
// makes, so a changed layout is caught before a string is made from it. `ShortBytesTests` and
// `SmallStringTests` check it.
//
// Portable replacement (`CODABLEBRIDGE_PORTABLE`, 32-bit platforms, or a failed check): strings
// are made with `String(decoding:as:)` and no string reads as inline.

/// Short ASCII strings in the standard library's inline form (see the comment above).
enum SmallString {
    /// The string of the `count` (≤ 15) ASCII bytes in `head` (bytes 0..<8) and `tail` (bytes
    /// 8..<16), little-endian, every byte past `count` zero.
    @inline(__always)
    static func ascii(head: UInt64, tail: UInt64, count: Int) -> String {
        ascii(head: head, tail: tail, count: count, layoutHolds: isAvailable)
    }

    /// ``ascii(head:tail:count:)`` with ``isAvailable`` read beforehand: a reader that makes many
    /// strings (a tape's bytes, a writer) reads it once, not once per string.
    @inline(__always)
    static func ascii(head: UInt64, tail: UInt64, count: Int, layoutHolds: Bool) -> String {
        #if (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
        if layoutHolds { return make(head: head, tail: tail, count: count) }
        #endif
        return decoded(head: head, tail: tail, count: count)
    }

    /// Whether strings are made and read in the inline form: the self-check's answer (always
    /// `false` in portable mode and on other platforms).
    static var isAvailable: Bool {
        #if (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
        return layoutHolds
        #else
        return false
        #endif
    }

    /// The bytes of `string` when it is held inline and is ASCII: `head`, `tail` (as
    /// ``ascii(head:tail:count:)`` takes them) and the count; `nil` for any other string (a longer
    /// one, one with a non-ASCII byte, one backed by a buffer or bridged), and always in portable
    /// mode.
    @inline(__always)
    static func inlineASCII(_ string: String) -> (head: UInt64, tail: UInt64, count: Int)? {
        inlineASCII(string, layoutHolds: isAvailable)
    }

    /// ``inlineASCII(_:)`` with ``isAvailable`` read beforehand.
    @inline(__always)
    static func inlineASCII(_ string: String, layoutHolds: Bool) -> (head: UInt64, tail: UInt64, count: Int)? {
        #if (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
        guard layoutHolds else { return nil }
        return read(string)
        #else
        return nil
        #endif
    }

    /// The plain way: the standard initializer.
    private static func decoded(head: UInt64, tail: UInt64, count: Int) -> String {
        withUnsafeBytes(of: (head.littleEndian, tail.littleEndian)) { raw in
            String(decoding: raw.prefix(count), as: UTF8.self)
        }
    }

    #if (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
    /// Whether strings are laid out as this file expects, checked once (see the comment above).
    static let layoutHolds: Bool = selfCheck()

    @inline(__always)
    private static func make(head: UInt64, tail: UInt64, count: Int) -> String {
        unsafeBitCast((head, tail | UInt64(0xE0 | count) << 56), to: String.self)
    }

    @inline(__always)
    private static func read(_ string: String) -> (head: UInt64, tail: UInt64, count: Int)? {
        let (head, object) = unsafeBitCast(string, to: (UInt64, UInt64).self)
        // The discriminator's top nibble: immortal, ASCII, small (see the note at the top).
        guard object &>> 60 == 0xE else { return nil }
        return (head, object & 0x00FF_FFFF_FFFF_FFFF, Int(truncatingIfNeeded: (object &>> 56) & 0xF))
    }

    private static func selfCheck() -> Bool {
        guard MemoryLayout<String>.size == 2 * MemoryLayout<UInt64>.size else { return false }
        let letters = Array("abcdefghijklmno".utf8)
        // Reading first: strings the standard library made.
        for count in 0 ... 15 {
            let made = String(decoding: letters.prefix(count), as: UTF8.self)
            var head: UInt64 = 0
            var tail: UInt64 = 0
            for (index, byte) in letters.prefix(count).enumerated() {
                if index < 8 { head |= UInt64(byte) << UInt64(index * 8) } else { tail |= UInt64(byte) << UInt64((index - 8) * 8) }
            }
            guard let words = read(made), words.head == head, words.tail == tail, words.count == count else { return false }
        }
        let nonASCII = String(decoding: Array("é".utf8), as: UTF8.self)
        let long = String(decoding: Array("abcdefghijklmnop".utf8), as: UTF8.self)
        guard read(nonASCII) == nil, read(long) == nil else { return false }
        // Then making.
        for count in 0 ... 15 {
            guard let words = read(String(decoding: letters.prefix(count), as: UTF8.self)) else { return false }
            let made = make(head: words.head, tail: words.tail, count: count)
            guard made == decoded(head: words.head, tail: words.tail, count: count), made.utf8.count == count else { return false }
        }
        return true
    }
    #endif
}
