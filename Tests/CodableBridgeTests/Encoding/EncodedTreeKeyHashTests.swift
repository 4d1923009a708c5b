import Testing
@testable import CodableBridge

/// `EncodedTree.hash`: a key held inline is hashed from its two words, any other key from its
/// UTF-8 bytes. Repeated-key detection compares hashes, so both must give the same number for the
/// same text, at every length.
@Suite struct EncodedTreeKeyHashTests {
    /// The same text inline and in a heap buffer, at every inline length, with bytes that differ
    /// at every position (so a wrong shift or mask changes the hash).
    @Test(arguments: 0 ... 15)
    func inlineAndHeapKeysHashAlike(_ length: Int) {
        for seed in 0 ..< 8 {
            let bytes = (0 ..< length).map { UInt8(0x21 + ($0 &* 7 &+ seed &* 13) % 0x5E) }
            let inline = String(decoding: bytes, as: UTF8.self)
            var heap = String()
            heap.reserveCapacity(64)
            heap += inline
            #if (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
            #expect(ShortBytes(inlineASCII: inline) != nil)
            #endif
            #expect(ShortBytes(inlineASCII: heap) == nil)
            #expect(EncodedTree.hash(inline) == EncodedTree.hash(heap), "\(inline.debugDescription)")
        }
    }

    /// Keys that differ in one byte hash differently, inline or not, at every length and
    /// position (the hash reads every byte of a key of up to 16 bytes).
    @Test(arguments: 1 ... 15)
    func everyByteCounts(_ length: Int) {
        let base = [UInt8](repeating: UInt8(ascii: "k"), count: length)
        let hash = EncodedTree.hash(String(decoding: base, as: UTF8.self))
        for position in 0 ..< length {
            var changed = base
            changed[position] = UInt8(ascii: "q")
            #expect(EncodedTree.hash(String(decoding: changed, as: UTF8.self)) != hash, "length \(length), byte \(position)")
        }
    }

    /// A repeated key replaces the earlier value however each spelling of it is held.
    @Test func repeatedKeyHeldDifferentlyIsStillRepeated() throws {
        struct Twice: Encodable {
            let heapKey: String
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(_ string: String) { stringValue = string }
                init?(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: Key("screen_name"))
                try container.encode(2, forKey: Key(heapKey))
            }
        }
        var heap = String()
        heap.reserveCapacity(64)
        heap += "screen_name"
        let data = try BridgeEncoder().encode(Twice(heapKey: heap))
        #expect(String(decoding: data, as: UTF8.self) == #"{"screen_name":2}"#)
    }
}
