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
}
#endif
