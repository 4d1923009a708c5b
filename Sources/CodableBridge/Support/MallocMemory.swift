import Foundation

// MallocMemory — where the library's raw buffers get their memory.
//
// `UnsafeMutablePointer.allocate(capacity:)` asks the Swift runtime for "default" alignment, so
// that `deallocate()` needs no alignment; the runtime serves that request with its aligned
// allocator, on Linux `posix_memalign`, which in glibc costs several times a `malloc`; a parse
// allocates several buffers (the parser's frames and keys, the tree builder's stacks; a decode
// also its cursors).
//
// `malloc` returns memory aligned for any standard type (16 bytes on the 64-bit platforms Swift
// supports), which is all these buffers hold. Buffers of plain bytes (the writer's text, the
// encoder's and the tape's nodes) grow with `realloc`. Memory from here goes back through
// `deallocateWithFree()` (or `Data`'s `.free` deallocator), never `deallocate()`: on Windows the
// two allocators' memory is not interchangeable.
//
// Huge pages. A block of 32 MiB or more (a large document's nodes, a large encode's output) is
// mapped afresh by glibc's `malloc` every time: glibc serves smaller blocks from memory freed
// before once its mapping threshold has grown, but never raises that threshold past 32 MiB. Every
// 4 KiB page of a fresh mapping costs a page fault on first write, which makes the time per MB
// grow with the document's size. On glibc such a
// block is therefore advised `MADV_HUGEPAGE`: where transparent huge pages are enabled (`always`
// or `madvise`, the common defaults) the kernel backs it with 2 MiB pages, one fault each. The
// advice changes no contents and is only a hint: with huge pages off it does nothing.
//
// Growing an advised block is costly: `realloc` remaps it to an address that is not aligned to
// 2 MiB, the kernel splits its huge pages, and every 4 KiB page faults again (25 602 faults for a
// written 100 MB block). Its owners avoid growing one where they know a bound: a large text's
// first node block has room for minified documents (`TapeOutput.nodeCapacity`), and the unescaped
// strings jump to the advised size and then to the text's length (`ScratchBuffer.grownCapacity`).

extension UnsafeMutablePointer {
    /// Uninitialized memory for `capacity` elements, from `malloc`. Free it with
    /// ``deallocateWithFree()``.
    @inline(__always)
    static func allocateWithMalloc(capacity: Int) -> UnsafeMutablePointer<Pointee> {
        MallocMemory.checkAlignment(Pointee.self)
        let bytes = MallocMemory.byteCount(Pointee.self, capacity)
        guard let memory = malloc(max(bytes, 1)) else { MallocMemory.outOfMemory(bytes) }
        MallocMemory.adviseHugePages(memory, bytes)
        return memory.bindMemory(to: Pointee.self, capacity: capacity)
    }

    /// This memory (from ``allocateWithMalloc(capacity:)``) resized to `capacity` elements with
    /// `realloc`, which may move it: the elements must be trivial (plain bytes, no references).
    /// A large block moves by remapping its pages, without a copy.
    @inline(__always)
    func reallocatedWithMalloc(capacity: Int) -> UnsafeMutablePointer<Pointee> {
        let bytes = MallocMemory.byteCount(Pointee.self, capacity)
        guard let memory = realloc(self, max(bytes, 1)) else { MallocMemory.outOfMemory(bytes) }
        MallocMemory.adviseHugePages(memory, bytes)
        return memory.bindMemory(to: Pointee.self, capacity: capacity)
    }

    /// Frees memory from ``allocateWithMalloc(capacity:)`` (its elements must be deinitialized).
    @inline(__always)
    func deallocateWithFree() {
        free(UnsafeMutableRawPointer(self))
    }
}

extension UnsafeMutableBufferPointer {
    /// Uninitialized memory for `capacity` elements, from `malloc`. Free it with
    /// ``deallocateWithFree()``.
    @inline(__always)
    static func allocateWithMalloc(capacity: Int) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: UnsafeMutablePointer<Element>.allocateWithMalloc(capacity: capacity), count: capacity)
    }

    /// Frees memory from ``allocateWithMalloc(capacity:)``.
    @inline(__always)
    func deallocateWithFree() {
        free(baseAddress)
    }
}

extension UnsafeMutableBufferPointer<UInt8> {
    /// A copy of the `count` bytes at `source`, from `malloc`, with a NUL after them: every text
    /// the parser reads from a copy ends so, which stops its scans (a number's `strtod`, a
    /// string's word loads) at the end. The buffer holds `count + 1` bytes; free it with
    /// ``deallocateWithFree()``.
    static func copyEndingInNUL(of source: UnsafeRawPointer?, count: Int) -> UnsafeMutableBufferPointer<UInt8> {
        let copy = allocateWithMalloc(capacity: count + 1)
        // safe: a buffer of count + 1 bytes has a base address
        let base = copy.baseAddress!
        if count > 0, let source { base.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: count) }
        base[count] = 0
        return copy
    }
}

/// The rules behind the `allocateWithMalloc` functions. See the comment above.
enum MallocMemory {
    /// The alignment `malloc` guarantees on every platform the library builds for.
    static let alignment = 2 * MemoryLayout<Int>.size

    /// Traps for an element type `malloc` would not align (none of the library's).
    @inline(__always)
    static func checkAlignment<Element>(_: Element.Type) {
        precondition(MemoryLayout<Element>.alignment <= alignment, "malloc does not align beyond \(alignment) bytes")
    }

    /// `capacity` elements' bytes; an impossible size traps, as `allocate(capacity:)` does.
    @inline(__always)
    static func byteCount<Element>(_: Element.Type, _ capacity: Int) -> Int {
        let (bytes, overflow) = MemoryLayout<Element>.stride.multipliedReportingOverflow(by: capacity)
        precondition(capacity >= 0 && !overflow, "cannot allocate \(capacity) elements of \(Element.self)")
        return bytes
    }

    /// The size from which a block gets the huge-page advice (see the comment above): glibc's
    /// largest mapping threshold, `DEFAULT_MMAP_THRESHOLD_MAX` on 64-bit platforms.
    static let hugePageMinimum = 32 << 20

    /// The granule of the advised range: a huge page on x86_64 and on arm64 with 4 KiB pages, and
    /// a multiple of every base page size, as `madvise` requires of the range's start.
    static let hugePageSize = 2 << 20

    /// Advises the whole huge pages inside a block of `byteCount` bytes at `memory` to be backed
    /// by huge pages, when the block is at least ``hugePageMinimum`` bytes (glibc only: the size
    /// rule is glibc's).
    @inline(__always)
    static func adviseHugePages(_ memory: UnsafeMutableRawPointer, _ byteCount: Int) {
        #if canImport(Glibc)
        if byteCount >= hugePageMinimum { _adviseHugePages(memory, byteCount) }
        #endif
    }

    #if canImport(Glibc)
    @inline(never)
    private static func _adviseHugePages(_ memory: UnsafeMutableRawPointer, _ byteCount: Int) {
        let start = (Int(bitPattern: memory) + hugePageSize - 1) & ~(hugePageSize - 1)
        let end = (Int(bitPattern: memory) + byteCount) & ~(hugePageSize - 1)
        // safe: start is inside the block or at its end, never 0
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        // A hint: when the kernel refuses it (huge pages compiled out) nothing changes.
        _ = madvise(first, end - start, MADV_HUGEPAGE)
    }
    #endif

    @inline(never)
    static func outOfMemory(_ byteCount: Int) -> Never {
        fatalError("out of memory: malloc(\(byteCount)) failed")
    }
}
