import Foundation

/// The encoder tree's strings (keys and string values), in a buffer it manages itself.
///
/// An `[String]` behind the tree's storage pointer paid, per append, a uniqueness check and a
/// capacity check through the array's generic code, and emptying it for
/// reuse could allocate. Here an append is a capacity compare and one initialization, emptying
/// releases the strings and keeps the buffer.
struct EncodedStringTable {
    private(set) var base: UnsafeMutablePointer<String>
    private(set) var count = 0
    private(set) var capacity: Int
    /// The UTF-8 size of the strings, to estimate the size of the text.
    private(set) var utf8Count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocateWithMalloc(capacity: self.capacity)
    }

    /// The string at `index`.
    subscript(index: Int) -> String {
        base[index]
    }

    /// The strings, borrowed.
    var buffer: UnsafeBufferPointer<String> {
        UnsafeBufferPointer(start: base, count: count)
    }

    /// Appends `string` and returns its index.
    @inline(__always)
    mutating func append(_ string: String) -> Int32 {
        if count == capacity { grow() }
        (base + count).initialize(to: string)
        utf8Count &+= string.utf8.count
        count &+= 1
        return Int32(truncatingIfNeeded: count &- 1)
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<String>.allocateWithMalloc(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocateWithFree()
        base = newBase
        capacity = newCapacity
    }

    /// Releases the strings and keeps the buffer.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
        utf8Count = 0
    }

    /// Releases the strings and the buffer.
    mutating func free() {
        removeAll()
        base.deallocateWithFree()
    }
}
