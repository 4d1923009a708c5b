// A growable noncopyable stack for the parser (nodes, frames, keys, unescaped strings), the
// tape-to-tree conversion and the decoder's cursors.

import Foundation

/// A growable stack freed (with any elements left) when its owner ends. Unlike `Array` it has no
/// copy-on-write or bounds checks in the hot loops, and elements can be *moved* out in bulk,
/// without reference counting. Used by the parser (the nodes, frames, keys, the unescaped
/// strings), by `JSONTape.value(at:)` and by the decoder (its cursors).
struct ScratchBuffer<Element>: ~Copyable {
    /// The elements, `count` of them initialized.
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    /// The number of elements.
    private(set) var count = 0
    /// The most elements this stack can ever need, when its owner knows (the unescaped strings:
    /// the document's length); `0` when unknown. See ``grownCapacity(_:)``.
    var growthBound = 0

    /// A stack with room for `capacity` elements; with `0` nothing is allocated until the first
    /// append (for stacks that most documents never use, such as the unescaped strings).
    init(capacity: Int = 16) {
        self.capacity = max(0, capacity)
        base = capacity > 0 ? .allocateWithMalloc(capacity: capacity) : Self.unallocated
    }

    deinit {
        base.deinitialize(count: count)
        if capacity > 0 { base.deallocateWithFree() }
    }

    /// The `base` of a stack with no storage: aligned, never read or written, never freed.
    private static var unallocated: UnsafeMutablePointer<Element> {
        // safe: an alignment is never zero
        UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
    }

    subscript(i: Int) -> Element {
        @inline(__always) get { base[i] }
        @inline(__always) nonmutating _modify { yield &base[i] }
    }

    var last: Element? { count > 0 ? base[count - 1] : nil }

    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func removeLast() -> Element {
        count -= 1
        return (base + count).move()
    }

    /// Removes the top `n` elements.
    mutating func removeLast(_ n: Int) {
        count -= n
        (base + count).deinitialize(count: n)
    }

    /// Moves out the element at `i`, leaving its slot uninitialized; ``forgetLast(_:)`` must then
    /// drop the slot.
    @inline(__always)
    func take(at i: Int) -> Element { (base + i).move() }

    /// Drops the top `n` slots, whose elements were already moved out with ``take(at:)``.
    mutating func forgetLast(_ n: Int) { count -= n }

    /// Moves the top `n` elements to `destination` (uninitialized memory) and drops them.
    mutating func moveLast(_ n: Int, to destination: UnsafeMutablePointer<Element>?) {
        guard n > 0, let destination else { return }
        count -= n
        destination.moveInitialize(from: base + count, count: n)
    }

    /// Moves the top `n` elements, in order, into a new array.
    @inline(__always)
    mutating func removeLastAsArray(_ n: Int) -> [Element] {
        // Not `Array(unsafeUninitializedCapacity:)`: that one allocates through an unspecialized
        // standard-library function that looks up the array's generic metadata on every call.
        // `append(contentsOf:)` allocates through specialized code and
        // takes all the elements in one `_copyContents` call, which moves them.
        count -= n
        var array: [Element] = []
        array.append(contentsOf: MovedElements(start: base + count, count: n))
        return array
    }

    /// Makes room for `minimum` elements in all, for writing through `base` past `count`
    /// (then ``setCount(_:)``). Keeps the first `count` elements only.
    @inline(__always)
    mutating func reserve(_ minimum: Int) {
        if minimum > capacity { grow(to: minimum) }
    }

    /// Sets the count after elements were initialized through `base` (trivial elements only).
    mutating func setCount(_ newCount: Int) { count = newCount }

    /// Hands over the elements (the caller frees them with `deallocateWithFree()`; the start is
    /// `nil` when nothing was ever allocated) and starts again empty.
    mutating func takeAll() -> UnsafeMutableBufferPointer<Element> {
        let taken = UnsafeMutableBufferPointer(start: capacity > 0 ? base : nil, count: count)
        capacity = 0
        count = 0
        base = Self.unallocated
        return taken
    }

    /// Doubles the room (at least). Elements whose bytes may be moved (plain bytes such as the
    /// tape's nodes and the unescaped strings, and the decoder's coding-path nodes) grow with
    /// `realloc`, which moves a large block by remapping its pages instead of copying them, so a
    /// big document's nodes never exist twice; other elements are moved one by one to a new block.
    @inline(never)
    private mutating func grow(to minimum: Int = 0) {
        let newCapacity = grownCapacity(max(capacity * 2, minimum, 16))
        if PlainData.movesByBytes(Element.self), capacity > 0 {
            base = base.reallocatedWithMalloc(capacity: newCapacity)
        } else {
            let newBase = UnsafeMutablePointer<Element>.allocateWithMalloc(capacity: newCapacity)
            newBase.moveInitialize(from: base, count: count)
            if capacity > 0 { base.deallocateWithFree() }
            base = newBase
        }
        capacity = newCapacity
    }

    /// The capacity to grow to instead of `doubled`. A bounded stack whose next block would be
    /// 1 MiB or more grows in at most two steps:
    /// - under ``MallocMemory/hugePageMinimum``, straight to that minimum (or to its bound, if
    ///   smaller), where the block gets the huge-page advice. Doubling instead copies the contents
    ///   into pages the process often does not have yet (glibc's heap after a trim, or a fresh
    ///   mapping), a page fault per 4 KiB (Docs/Design.md, "Performance techniques").
    /// - from that minimum, straight to its bound: `realloc` moves an advised block to an address
    ///   that is not aligned to its huge pages, and the kernel splits them, a fault per 4 KiB.
    ///
    /// Only pages written to become resident, so the larger block costs address space, and at
    /// most one partly used huge page of memory.
    func grownCapacity(_ doubled: Int) -> Int {
        let stride = MemoryLayout<Element>.stride
        guard growthBound > 0, doubled * stride >= 1 << 20 else { return doubled }
        let minimum = MallocMemory.hugePageMinimum / stride
        return max(doubled, doubled < minimum ? min(growthBound, minimum) : growthBound)
    }
}

/// Elements moved out of a ``ScratchBuffer`` into an array: `Array.append(contentsOf:)` reserves
/// `underestimatedCount` and then calls `_copyContents(initializing:)` once, which moves them
/// all. The iterator (what `_copyContents` could not fit; never anything, given the reserve)
/// moves element by element.
struct MovedElements<Element>: Sequence {
    let start: UnsafeMutablePointer<Element>
    let count: Int

    struct Iterator: IteratorProtocol {
        var position: UnsafeMutablePointer<Element>
        let end: UnsafeMutablePointer<Element>

        mutating func next() -> Element? {
            guard position < end else { return nil }
            defer { position += 1 }
            return position.move()
        }
    }

    var underestimatedCount: Int { count }

    func makeIterator() -> Iterator { Iterator(position: start, end: start + count) }

    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (Iterator, UnsafeMutableBufferPointer<Element>.Index) {
        let moved = Swift.min(count, buffer.count)
        if moved > 0, let destination = buffer.baseAddress {
            destination.moveInitialize(from: start, count: moved)
        }
        return (Iterator(position: start + moved, end: start + count), moved)
    }
}
