// Repeated keys: each object's keys are checked when it closes, without allocating per object.

import Foundation

/// Finds a repeated key among an object's keys without allocating per object.
///
/// Each key is reduced to a 64-bit fingerprint when it is parsed (its length, first and last
/// eight bytes — two loads, no loop); keys are compared byte for byte only when fingerprints
/// match. Up to ``pairwiseLimit`` keys are compared pairwise. Larger objects go through one
/// open-addressing table shared by all objects of the parse: each slot is stamped with the
/// object's offset in the text, so slots left by earlier objects read as empty and the table is never
/// cleared — only grown, when an object has more keys than any before it.
struct DuplicateKeyDetector: ~Copyable {
    struct Slot {
        /// The owning object's offset + 1; anything else means empty.
        var stamp: Int
        var key: KeySpan
    }

    static let pairwiseLimit = 12

    private var slots: UnsafeMutablePointer<Slot>?
    private var capacity = 0

    init() {}

    deinit { slots?.deallocateWithFree() }

    /// Whether two of the `count` keys at `keys` (spans of `text` or, escaped, of `unescaped`) are
    /// equal. `object` (the offset of the object's `{`, unique in the document) stamps the table
    /// slots.
    mutating func containsRepeat(_ keys: UnsafeMutablePointer<KeySpan>, count: Int,
                                 text: UnsafePointer<UInt8>, unescaped: UnsafePointer<UInt8>, object: Int) -> Bool {
        let bytes = KeyBytes(text: text, unescaped: unescaped)
        if count <= DuplicateKeyDetector.pairwiseLimit {
            for a in 0 ..< count - 1 {
                let key = keys[a]
                for b in a + 1 ..< count where keys[b].fingerprint == key.fingerprint {
                    if key.sameBytes(as: keys[b], in: bytes) { return true }
                }
            }
            return false
        }
        if count <= DuplicateKeyDetector.smallLimit {
            return containsRepeatSmall(keys, count: count, in: bytes)
        }
        return containsRepeatHashed(keys, count: count, in: bytes, stamp: object + 1)
    }

    /// Objects of up to this many keys are checked with a table on the stack.
    static let smallLimit = 64

    /// ``containsRepeat`` for 13–64 keys: a 128-slot table of key numbers (1-based, 0 for an
    /// empty slot) on the stack, so there is nothing to allocate and 128 bytes to clear.
    private func containsRepeatSmall(_ keys: UnsafeMutablePointer<KeySpan>, count: Int, in bytes: KeyBytes) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * DuplicateKeyDetector.smallLimit) { slots in
            slots.initialize(repeating: 0)
            let mask = 2 * DuplicateKeyDetector.smallLimit - 1
            for k in 0 ..< count {
                let key = keys[k]
                var i = Int(truncatingIfNeeded: key.fingerprint >> 32) & mask
                while slots[i] != 0 {
                    let other = keys[Int(slots[i]) - 1]
                    if other.fingerprint == key.fingerprint, key.sameBytes(as: other, in: bytes) { return true }
                    i = (i + 1) & mask
                }
                slots[i] = UInt8(truncatingIfNeeded: k + 1)
            }
            return false
        }
    }

    private mutating func containsRepeatHashed(_ keys: UnsafeMutablePointer<KeySpan>, count: Int,
                                               in bytes: KeyBytes, stamp: Int) -> Bool {
        // At most half full: a power of two at least twice the key count.
        var size = 64
        while size < count * 2 { size <<= 1 }
        if size > capacity {
            slots?.deallocateWithFree()
            let table = UnsafeMutablePointer<Slot>.allocateWithMalloc(capacity: size)
            table.initialize(repeating: Slot(stamp: 0, key: KeySpan(offset: 0, length: 0, escaped: false, fingerprint: 0)), count: size)
            slots = table
            capacity = size
        }
        guard let slots else { return false }
        let mask = size - 1
        for k in 0 ..< count {
            let key = keys[k]
            var i = Int(truncatingIfNeeded: key.fingerprint >> 32) & mask
            while slots[i].stamp == stamp {
                if slots[i].key.fingerprint == key.fingerprint, key.sameBytes(as: slots[i].key, in: bytes) {
                    return true
                }
                i = (i + 1) & mask
            }
            slots[i] = Slot(stamp: stamp, key: key)
        }
        return false
    }

    /// A 64-bit fingerprint of `count` bytes from their length and first and last eight bytes:
    /// equal byte strings have equal fingerprints. Bytes up to `readableEnd` may be read past
    /// the end of a short string (and masked off).
    @inline(__always)
    static func fingerprint(_ start: UnsafePointer<UInt8>, count: Int, readableEnd: UnsafePointer<UInt8>) -> UInt64 {
        @inline(__always) func word(_ p: UnsafePointer<UInt8>) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        }
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count >= 8 {
            head = word(start)
            tail = word(start + count - 8)
        } else if count > 0 {
            if start + 8 <= readableEnd {
                head = word(start) & (UInt64.max &>> UInt64(64 - count * 8))
            } else {
                for k in 0 ..< count { head |= UInt64(start[k]) &<< UInt64(k * 8) }
            }
        }
        var h = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(truncatingIfNeeded: count)
        h = (h ^ (h &>> 29)) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h &>> 32)
    }
}

/// A key of an open object: its bytes in the input, or in the unescaped strings when it had
/// escapes.
struct KeySpan {
    var offset: Int
    var length: Int
    var escaped: Bool
    /// ``DuplicateKeyDetector/fingerprint(_:count:readableEnd:)`` of the bytes.
    var fingerprint: UInt64
}

/// Where keys' bytes are: the input, or the unescaped strings.
struct KeyBytes {
    let text: UnsafePointer<UInt8>
    let unescaped: UnsafePointer<UInt8>
}

extension KeySpan {
    /// Whether the two keys have the same bytes.
    @inline(__always)
    func sameBytes(as other: KeySpan, in bytes: KeyBytes) -> Bool {
        length == other.length
            && memcmp((escaped ? bytes.unescaped : bytes.text) + offset, (other.escaped ? bytes.unescaped : bytes.text) + other.offset, length) == 0
    }
}
