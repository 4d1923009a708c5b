import Testing
@testable import CodableBridge

/// `PlainData` (Runtime/PlainData.swift): which types are plain bytes.
@Suite("PlainData")
struct PlainDataTests {
    private enum Keys: CodingKey { case a, b }
    private struct Wide { var a: Int, b: Int }

    #if !CODABLEBRIDGE_PORTABLE
    @Test("Its self-check passes on this toolchain")
    func selfCheckPasses() {
        #expect(PlainData.selfCheck)
    }

    @Test("Plain data is told from values with references; keys of up to eight bytes fit in bits")
    func plainness() {
        #expect(PlainData.isPlain(Int.self) && PlainData.isPlain(Keys.self) && PlainData.isPlain(Wide.self))
        #expect(!PlainData.isPlain(String.self) && !PlainData.isPlain([Int].self))
        #expect(PlainData.fitsInBits(Keys.self) && PlainData.fitsInBits(UInt64.self))
        #expect(!PlainData.fitsInBits(Wide.self) && !PlainData.fitsInBits(String.self))
        #expect(PlainData.value(Keys.self, from: PlainData.bits(of: Keys.b)) == .b)
    }
    #else
    @Test("Portable mode: nothing is plain data")
    func nothingIsPlain() {
        #expect(!PlainData.isPlain(Int.self) && !PlainData.fitsInBits(Keys.self))
    }
    #endif
}
