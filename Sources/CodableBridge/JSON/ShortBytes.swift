// Short ASCII strings for the tape → tree conversion, made in their final form directly.
//
// A `String` of at most 15 UTF-8 bytes is stored inline, in its own two words: no allocation.
// Making one with `String(decoding:as:)` still validates the bytes, checks them for ASCII, then
// copies them one at a time. Keys, short strings and number text
// are most of a parsed document's strings, and the parser has validated them already.
//
// The inline form and its self-check are in Runtime/SmallString.swift (with its portable
// replacement, `String(decoding:as:)`). `ShortBytesTests` checks, byte for byte, that the result
// equals what `String(decoding:as:)` makes, for every length.
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
        SmallString.ascii(head: head, tail: tail, count: count)
    }

    /// ``asciiString()`` for a reader that read `SmallString.isAvailable` once beforehand.
    @inline(__always)
    func asciiString(inline: Bool) -> String {
        SmallString.ascii(head: head, tail: tail, count: count, layoutHolds: inline)
    }

    /// The bytes of `string` when it is held inline and is ASCII; `nil` for any other string (a
    /// longer one, one with a non-ASCII byte, one backed by a buffer or bridged), and always on
    /// platforms whose inline layout is not read (Runtime/SmallString.swift).
    @inline(__always)
    init?(inlineASCII string: String, inline: Bool = SmallString.isAvailable) {
        guard let words = SmallString.inlineASCII(string, layoutHolds: inline) else { return nil }
        head = words.head
        tail = words.tail
        count = words.count
    }
}
