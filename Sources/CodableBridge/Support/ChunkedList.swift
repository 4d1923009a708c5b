/// An append-only list whose elements never move: storage grows by adding chunks, each twice the
/// size of the one before (16, 32, 64, …), instead of copying everything into a bigger buffer.
///
/// A report records an event per coercion, each a few dozen bytes of facts and location; in an
/// `Array` every doubling copies all of them again. Here element `i` lives in chunk
/// `k = ⌊log₂(i / 16 + 1)⌋` at offset `i − 16 · (2ᵏ − 1)`.
///
/// ```swift
/// var list = ChunkedList<Int>()
/// for i in 0 ..< 100 { list.append(i) }
/// list[40]       // 40
/// list.removeLast(from: 50)
/// list.count     // 50
/// ```
struct ChunkedList<Element> {
    private static var firstChunk: Int { 16 }
    /// The full chunks, in order.
    private var sealed: [[Element]] = []
    /// The chunk being filled (its capacity reserved up front, so an append never reallocates).
    private var current: [Element] = []
    /// How many elements `current` takes: `firstChunk << sealed.count`. (Its capacity may be
    /// larger — the allocator rounds up — but the index arithmetic needs the exact size.)
    private var currentLimit = 0
    /// The number of elements in `sealed`.
    private var sealedCount = 0

    init() {}

    /// The number of elements.
    var count: Int { sealedCount + current.count }

    var isEmpty: Bool { count == 0 }

    /// The chunk and offset of element `index`.
    @inline(__always)
    private static func position(of index: Int) -> (chunk: Int, offset: Int) {
        let scaled = index / firstChunk + 1
        let chunk = Int.bitWidth - 1 - scaled.leadingZeroBitCount
        return (chunk, index - firstChunk * ((1 << chunk) - 1))
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if current.count == currentLimit { _slowPathNewChunk() }
        current.append(element)
    }

    @inline(never)
    private mutating func _slowPathNewChunk() {
        if !current.isEmpty {
            sealedCount += current.count
            sealed.append(current)
        }
        current = []
        currentLimit = ChunkedList.firstChunk << sealed.count
        current.reserveCapacity(currentLimit)
    }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "ChunkedList index out of range")
        if index >= sealedCount { return current[index - sealedCount] }
        let (chunk, offset) = ChunkedList.position(of: index)
        return sealed[chunk][offset]
    }

    /// Removes the elements from `index` on.
    mutating func removeLast(from index: Int) {
        guard index < count else { return }
        if index >= sealedCount {
            current.removeSubrange((index - sealedCount)...)
            return
        }
        // Reopen the chunk `index` falls in; the chunks after it go.
        let (chunk, offset) = ChunkedList.position(of: index)
        current = sealed[chunk]
        current.removeSubrange(offset...)
        currentLimit = ChunkedList.firstChunk << chunk
        sealed.removeSubrange(chunk...)
        sealedCount = index - offset
    }

    /// Calls `body` with a pointer to each element, in order: a caller that reads a few fields
    /// of large elements copies nothing else (the pointer is valid during the call only).
    func forEachInPlace(_ body: (UnsafePointer<Element>) throws -> Void) rethrows {
        for chunk in sealed {
            try chunk.withUnsafeBufferPointer { elements in
                // safe: a chunk in `sealed` is never empty, so its buffer has a base address
                for index in elements.indices { try body(elements.baseAddress! + index) }
            }
        }
        try current.withUnsafeBufferPointer { elements in
            // safe: the loop runs only when `current` has elements, hence a base address
            for index in elements.indices { try body(elements.baseAddress! + index) }
        }
    }

    /// The elements in order, transformed.
    func map<T>(_ transform: (Element) throws -> T) rethrows -> [T] {
        var result: [T] = []
        result.reserveCapacity(count)
        for chunk in sealed {
            for element in chunk { result.append(try transform(element)) }
        }
        for element in current { result.append(try transform(element)) }
        return result
    }
}
