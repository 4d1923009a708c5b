import Foundation

// MallocMemory — where the library's raw buffers get their memory.
//
// `UnsafeMutablePointer.allocate(capacity:)` asks the Swift runtime for "default" alignment, so
// that `deallocate()` needs no alignment; the runtime serves that request with its aligned
// allocator, on Linux `posix_memalign`. In glibc that costs about 220 instructions, against about
// 60 for `malloc`, and a parse allocated four such buffers (the parser's frames and keys, the tree
// builder's stacks; a decode also its cursors): about 1% of parsing a 1.4 KB document.
//
// `malloc` returns memory aligned for any standard type (16 bytes on the 64-bit platforms Swift
// supports), which is all these buffers hold. Buffers of plain bytes (the writer's text, the
// encoder's and the tape's nodes) grow with `realloc`. Memory from here goes back through
// `deallocateWithFree()` (or `Data`'s `.free` deallocator), never `deallocate()`: on Windows the
// two allocators' memory is not interchangeable.

extension UnsafeMutablePointer {
    /// Uninitialized memory for `capacity` elements, from `malloc`. Free it with
    /// ``deallocateWithFree()``.
    @inline(__always)
    static func allocateWithMalloc(capacity: Int) -> UnsafeMutablePointer<Pointee> {
        MallocMemory.checkAlignment(Pointee.self)
        let bytes = MallocMemory.byteCount(Pointee.self, capacity)
        guard let memory = malloc(max(bytes, 1)) else { MallocMemory.outOfMemory(bytes) }
        return memory.bindMemory(to: Pointee.self, capacity: capacity)
    }

    /// This memory (from ``allocateWithMalloc(capacity:)``) resized to `capacity` elements with
    /// `realloc`, which may move it: the elements must be trivial (plain bytes, no references).
    /// A large block moves by remapping its pages, without a copy.
    @inline(__always)
    func reallocatedWithMalloc(capacity: Int) -> UnsafeMutablePointer<Pointee> {
        let bytes = MallocMemory.byteCount(Pointee.self, capacity)
        guard let memory = realloc(self, max(bytes, 1)) else { MallocMemory.outOfMemory(bytes) }
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

    @inline(never)
    static func outOfMemory(_ byteCount: Int) -> Never {
        fatalError("out of memory: malloc(\(byteCount)) failed")
    }
}
