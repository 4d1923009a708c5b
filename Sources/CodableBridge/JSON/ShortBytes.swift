// Short ASCII strings for the tape → tree conversion, made in their final form directly.
//
// A `String` of at most 15 UTF-8 bytes is stored inline, in its own two words: no allocation.
// Making one with `String(decoding:as:)` still validates the bytes, checks them for ASCII, then
// copies them one at a time. Keys, short strings and number text
// are most of a parsed document's strings, and the parser has validated them already.
//
// On 64-bit platforms the inline form is part of the standard library's stable ABI
// (`StringObject.swift`): the first word holds bytes 0..<8, the second bytes 8..<15 and, in its
// top byte, the discriminator — `0xE0` (immortal, ASCII, small) plus the byte count — with every
// unused byte zero. So a short ASCII string is its bytes loaded as two words plus that byte:
//
//     "id"           → (0x0000_0000_0000_6469, 0xE200_0000_0000_0000)
//     "screen_name"  → (0x6E5F_6E65_6572_6373, 0xEB00_0000_0065_6D61)
//
// `ShortBytesTests` checks, byte for byte, that the result equals what `String(decoding:as:)`
// makes, for every length. Elsewhere (32-bit platforms) the standard initializer is used.
//
// The writer reads the same form the other way (`init?(inlineASCII:)`): a key or short value held
// inline is escaped and stored as two words, without borrowing its UTF-8 through a closure.

/// The bytes of a string of fewer than 16 bytes as two little-endian words, zero-padded.
struct ShortBytes: Equatable {
    /// Bytes 0..<8.
    var head: UInt64
    /// Bytes 8..<16.
    var tail: UInt64
    var count: Int

    /// The longest string this holds.
    static let maximumCount = 15

    /// Reads `count` (≤ 15) bytes at `start`. Bytes up to `readableEnd` may be loaded, but only
    /// the string's own bytes are kept.
    @inline(__always)
    init(_ start: UnsafePointer<UInt8>, count: Int, readableEnd: UnsafePointer<UInt8>) {
        @inline(__always) func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        }
        self.count = count
        if count >= 8 {
            head = word(start)
            // The last eight bytes, shifted down to drop the ones already in `head` (none at 8).
            tail = word(start + count - 8) >> UInt64((16 - count) * 8)
        } else {
            tail = 0
            if count == 0 {
                head = 0
            } else if start + 8 <= readableEnd {
                head = word(start) & (UInt64.max >> UInt64(64 - count * 8))
            } else {
                head = 0
                for k in 0 ..< count { head |= UInt64(start[k]) << UInt64(k * 8) }
            }
        }
    }

    /// Whether every byte is below 0x80.
    @inline(__always)
    var isASCII: Bool { (head | tail) & 0x8080_8080_8080_8080 == 0 }

    /// The string of these bytes, which must be ASCII (``isASCII``).
    @inline(__always)
    func asciiString() -> String {
        #if arch(x86_64) || arch(arm64)
        return unsafeBitCast((head, tail | UInt64(0xE0 | count) << 56), to: String.self)
        #else
        return withUnsafeBytes(of: (head.littleEndian, tail.littleEndian)) { raw in
            String(decoding: raw.prefix(count), as: UTF8.self)
        }
        #endif
    }

    /// The bytes of `string` when it is held inline and is ASCII; `nil` for any other string (a
    /// longer one, one with a non-ASCII byte, one backed by a buffer or bridged), and always on
    /// platforms whose inline layout is not read here.
    @inline(__always)
    init?(inlineASCII string: String) {
        #if arch(x86_64) || arch(arm64)
        let (head, object) = unsafeBitCast(string, to: (UInt64, UInt64).self)
        // The discriminator's top nibble: immortal, ASCII, small (see the note at the top).
        guard object &>> 60 == 0xE else { return nil }
        self.head = head
        self.tail = object & 0x00FF_FFFF_FFFF_FFFF
        self.count = Int(truncatingIfNeeded: (object &>> 56) & 0xF)
        #else
        return nil
        #endif
    }
}
