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

    @Test("Plain data and the declared BitwiseMovable types move by their bytes; nothing else does")
    func movesByBytes() {
        #expect(PlainData.movesByBytes(Int.self) && PlainData.movesByBytes(PathNode.self))
        #expect(!PlainData.movesByBytes(String.self) && !PlainData.movesByBytes([Int].self))
    }
    #else
    @Test("Portable mode: nothing is plain data")
    func nothingIsPlain() {
        #expect(!PlainData.isPlain(Int.self) && !PlainData.fitsInBits(Keys.self))
        #expect(!PlainData.movesByBytes(PathNode.self))
    }
    #endif

    /// Path nodes holding references (a string, a boxed key) keep them through every growth of
    /// their buffer, whichever way it moves them (AddressSanitizer runs this suite in CI).
    @Test("A buffer of path nodes keeps every node's references as it grows")
    func pathNodesSurviveGrowth() {
        struct Named: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        /// Node `i`'s key: too long to be held inline, so each node holds an allocated string.
        func name(_ i: Int) -> String { "member number \(i), long enough to be allocated" }
        var buffer = ScratchBuffer<PathNode>(capacity: 1)
        for i in 0 ..< 5_000 {
            let component: PathComponent = i % 2 == 0 ? .name(name(i)) : .key(Named(stringValue: name(i)))
            buffer.append(PathNode(parent: i - 1, depth: i, component: component))
        }
        var intact = true
        for i in 0 ..< 5_000 {
            let node = buffer[i]
            intact = intact && node.parent == i - 1 && node.depth == i && node.component.codingKey.stringValue == name(i)
        }
        #expect(intact)
    }
}
