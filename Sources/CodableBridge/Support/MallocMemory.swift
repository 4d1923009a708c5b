import Foundation

// MallocMemory — where the library's raw buffers get their memory.
//
// `UnsafeMutablePointer.allocate(capacity:)` asks the Swift runtime for "default" alignment, so
// that `deallocate()` needs no alignment; the runtime serves that request with its aligned
// allocator, on Linux `posix_memalign`. In glibc that costs about 220 instructions, against about
// 60 for `malloc`, and a parse allocates two or three buffers (the parser's frames and keys, the
// decoder's cursors, the tree builder's stacks): about 5% of parsing a 1.4 KB document.
//
// `malloc` returns memory aligned for any standard type (16 bytes on the 64-bit platforms Swift
// supports), which is all these buffers hold. Memory from here goes back through
// `deallocateWithFree()`, never `deallocate()`: on Windows the two allocators' memory is not
// interchangeable.

extension UnsafeMutablePointer {
    /// Uninitialized memory for `capacity` elements, from `malloc`. Free it with
    /// ``deallocateWithFree()``.
    @inline(__always)
    static func allocateWithMalloc(capacity: Int) -> UnsafeMutablePointer<Pointee> {
        UnsafeMutableRawPointer.allocateWithMalloc(byteCount: MallocMemory.byteCount(Pointee.self, capacity),
                                                   alignment: MemoryLayout<Pointee>.alignment)
            .bindMemory(to: Pointee.self, capacity: capacity)
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

extension UnsafeMutableRawPointer {
    /// Uninitialized memory from `malloc` (at least one byte, so the result is never `nil`).
    @inline(__always)
    static func allocateWithMalloc(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
        precondition(alignment <= MallocMemory.alignment, "malloc does not align beyond \(MallocMemory.alignment) bytes")
        guard let memory = malloc(max(byteCount, 1)) else { MallocMemory.outOfMemory(byteCount) }
        return memory
    }
}

/// The rules behind the `allocateWithMalloc` functions. See the comment above.
enum MallocMemory {
    /// The alignment `malloc` guarantees on every platform the library builds for.
    static let alignment = 2 * MemoryLayout<Int>.size

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
