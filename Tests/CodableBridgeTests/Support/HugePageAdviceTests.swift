import Foundation
import Testing
@testable import CodableBridge

// Large buffers are advised MADV_HUGEPAGE (MallocMemory.swift): the kernel marks the advised
// mapping with the `hg` flag in /proc/self/smaps, which these tests read back.

#if canImport(Glibc)
/// The `VmFlags` of the mapping that contains `address`, from /proc/self/smaps.
private func mappingFlags(containing address: UnsafeRawPointer) throws -> [String] {
    // Read to the end: procfs reports a size of 0, and a single read would stop at one page.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps") else { throw SmapsMissing() }
    defer { try? file.close() }
    let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    let target = UInt(bitPattern: address)
    var inside = false
    for line in smaps.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
            let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
            inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
        } else if inside, fields.first == "VmFlags:" {
            return fields.dropFirst().map(String.init)
        }
    }
    throw SmapsMissing()
}

private struct SmapsMissing: Error {}

/// An address in the middle of a block, which lies inside its whole huge pages.
private func middle(_ base: UnsafeMutableRawPointer, _ byteCount: Int) -> UnsafeRawPointer {
    UnsafeRawPointer(base + byteCount / 2)
}

/// Whether the kernel has transparent huge pages at all (without them `madvise` refuses the advice
/// and no mapping gets the flag); enabled or not, a kernel that has them records the advice.
private let kernelHasHugePages = FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")

@Suite("Huge-page advice for large buffers", .enabled(if: kernelHasHugePages, "the kernel has no transparent huge pages"))
struct HugePageAdviceTests {
    @Test("a block of 32 MiB or more is advised, from malloc and from realloc")
    func largeBlocksAreAdvised() throws {
        let bytes = MallocMemory.hugePageMinimum + (3 << 20)
        let block = UnsafeMutablePointer<UInt8>.allocateWithMalloc(capacity: bytes)
        defer { block.deallocateWithFree() }
        #expect(try mappingFlags(containing: middle(UnsafeMutableRawPointer(block), bytes)).contains("hg"))

        var grown = UnsafeMutablePointer<UInt8>.allocateWithMalloc(capacity: 1 << 20)
        grown = grown.reallocatedWithMalloc(capacity: bytes)
        defer { grown.deallocateWithFree() }
        #expect(try mappingFlags(containing: middle(UnsafeMutableRawPointer(grown), bytes)).contains("hg"))
    }

    @Test("a node buffer of 32 MiB or more (the parser's, for a document of about 32 MB) is advised; an 8 MiB block is not")
    func nodeBuffer() throws {
        let nodes = MallocMemory.hugePageMinimum / MemoryLayout<JSONTape.Node>.stride + 1_000_000
        let buffer = ScratchBuffer<JSONTape.Node>(capacity: nodes)
        let bytes = nodes * MemoryLayout<JSONTape.Node>.stride
        #expect(try mappingFlags(containing: middle(UnsafeMutableRawPointer(buffer.base), bytes)).contains("hg"))

        // 8 MiB: below the minimum. Wherever malloc puts it (a mapping of its own, or the heap once
        // glibc's threshold has grown), nothing advised that memory.
        let small = UnsafeMutablePointer<UInt8>.allocateWithMalloc(capacity: 8 << 20)
        defer { small.deallocateWithFree() }
        #expect(try !mappingFlags(containing: middle(UnsafeMutableRawPointer(small), 8 << 20)).contains("hg"))
    }

    @Test("a large document's unescaped strings grow to one advised block")
    func unescapedStrings() throws {
        // 40 MB: every other string has escapes, about 9 MB of unescaped bytes (so the middle of
        // them lies past the block's first, unadvised, partial huge page). Doubling would have
        // stopped at a 16 MiB block, which nothing advises.
        let escaped = #""a\/b\/c\/d\/e\/f\/g\/h\/i\/j\/k\/l""#
        let plain = #""abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz""#
        var text = "["
        text.reserveCapacity(41 << 20)
        while text.utf8.count < 40 << 20 { text += escaped + "," + plain + "," }
        text += escaped + "]"
        let tape = try JSONTape(parsing: text, maxDepth: 8)
        #expect(tape.string(at: 1) == "a/b/c/d/e/f/g/h/i/j/k/l")
        let unescaped = tape.unescaped
        #expect(unescaped.count > 6 << 20 && unescaped.count < 16 << 20)
        // safe: the document has escaped strings
        let start = UnsafeMutableRawPointer(mutating: unescaped.baseAddress!)
        #expect(try mappingFlags(containing: middle(start, unescaped.count)).contains("hg"))
    }
}
#endif

// A bounded scratch stack (the parser's unescaped strings) that grows past 1 MiB goes straight to
// the huge-page minimum, or to its bound, instead of doubling through fresh 4 KiB pages; an advised
// block goes straight to its bound instead of having its huge pages split
// (ScratchBuffer.grownCapacity).
@Suite("Growth of bounded scratch stacks")
struct BoundedGrowthTests {
    /// (bound, doubled capacity asked for, capacity granted), in bytes of a `UInt8` stack.
    static let cases: [(bound: Int, doubled: Int, granted: Int)] = [
        (0, 2 << 20, 2 << 20),                                            // unbounded: doubles
        (100 << 20, 512 << 10, 512 << 10),                                // under 1 MiB: doubles
        (100 << 20, 1 << 20, MallocMemory.hugePageMinimum),               // 1 MiB: to the minimum
        (100 << 20, 16 << 20, MallocMemory.hugePageMinimum),
        (5 << 20, 2 << 20, 5 << 20),                                      // a smaller bound: to it
        (512 << 10, 2 << 20, 2 << 20),                                    // a bound below the request: doubles
        (100 << 20, MallocMemory.hugePageMinimum, 100 << 20),             // advised already: to the bound
        (100 << 20, 64 << 20, 100 << 20),
        (20 << 20, 64 << 20, 64 << 20),                                   // a bound below the request: doubles
    ]

    @Test("the capacity a bounded stack grows to", arguments: cases.indices)
    func grownCapacity(_ index: Int) {
        let (bound, doubled, granted) = Self.cases[index]
        var stack = ScratchBuffer<UInt8>(capacity: 0)
        stack.growthBound = bound
        #expect(stack.grownCapacity(doubled) == granted)
    }

    @Test("a stack of 8-byte elements counts the bytes, not the elements")
    func elementSize() {
        var stack = ScratchBuffer<UInt64>(capacity: 0)
        stack.growthBound = 100 << 20
        #expect(stack.grownCapacity(64 << 10) == 64 << 10)  // 512 KiB
        #expect(stack.grownCapacity(128 << 10) == MallocMemory.hugePageMinimum / 8)  // 1 MiB
    }

    @Test("a stack that outgrows 1 MiB keeps its elements")
    func keepsElements() {
        var stack = ScratchBuffer<UInt8>(capacity: 16)
        stack.growthBound = 40 << 20
        for i in 0 ..< (3 << 20) { stack.append(UInt8(truncatingIfNeeded: i)) }
        #expect(stack.capacity == MallocMemory.hugePageMinimum)
        #expect((0 ..< (3 << 20)).allSatisfy { stack[$0] == UInt8(truncatingIfNeeded: $0) })
    }
}

// The parser's first node block: one node per 12 bytes of text, or per 6 once the block is large
// enough for the huge-page advice, whose growth would split its huge pages (TapeOutput.nodeCapacity).
@Suite("The parser's first node block")
struct NodeReserveTests {
    /// The smallest text whose typical reserve fills ``MallocMemory/hugePageMinimum``.
    static let advised: Int = {
        let stride = MemoryLayout<JSONTape.Node>.stride
        return ((MallocMemory.hugePageMinimum + stride - 1) / stride - 8) * 12
    }()

    /// (text bytes, nodes reserved).
    static let cases: [(text: Int, nodes: Int)] = [
        (0, 8),
        (1 << 20, (1 << 20) / 12 + 8),                  // from the heap: the typical reserve
        (advised - 1, (advised - 1) / 12 + 8),          // just under the advised size
        (advised, advised / 6 + 8),                     // advised: one node per 6 bytes
        (100_000_000, 100_000_000 / 6 + 8),
    ]

    @Test("nodes reserved for a text", arguments: cases.indices)
    func nodeCapacity(_ index: Int) {
        let (text, nodes) = Self.cases[index]
        #expect(TapeOutput.nodeCapacity(textCount: text) == nodes)
    }

    @Test("a large minified document's nodes fit its first block")
    func minifiedDocumentFits() throws {
        // 32 bytes and 5 nodes per element (6.4 bytes per node, compact citm_catalog.json has 7.9):
        // more nodes than the typical reserve, which would have grown the block.
        let element = #"{"id":1234567,"name":"abcdefg"},"#
        var text = "["
        text.reserveCapacity(Self.advised + (1 << 20))
        while text.utf8.count < Self.advised { text += element }
        text += "0]"
        var utf8 = Array(text.utf8)
        let (capacity, count) = try utf8.withUnsafeMutableBytes { bytes in
            try JSONParser<TapeOutput>.parse(UnsafeRawBufferPointer(bytes), mayBorrow: true, maxDepth: 8, firstLine: 1,
                                             output: TapeOutput.init(textCount:)) { parser, parsed in
                #expect(parsed.isBorrowed)
                return (parser.output.nodes.capacity, parser.output.nodes.count)
            }
        }
        #expect(count > utf8.count / 12 + 8)
        #expect(capacity == TapeOutput.nodeCapacity(textCount: utf8.count))
    }
}
