// DirectMappedSlots — a small fixed table of answers that never change, keyed by one word
// (usually a type's `ObjectIdentifier` bits, sometimes with a few more bits in its low, always-zero
// alignment bits). Each key maps to one slot; a slot holds the last answer stored for any key that
// maps to it, so a lookup is one load and one compare, and a collision costs only a recomputation.
// The owner keeps one per thread (`ThreadLocal`), so there is no lock and no sharing.
//
//   slot(key) = (key ^ key >> 4 ^ key >> 11) & (count - 1)

/// A direct-mapped table of `count` slots (a power of two). See the comment above.
struct DirectMappedSlots<Value>: ~Copyable {
    private struct Slot {
        /// 0: empty (no key is 0).
        var key: UInt
        var value: Value
    }

    /// Behind a pointer, so that reading a slot pays no dynamic exclusivity check.
    private let slots: UnsafeMutablePointer<Slot>
    private let mask: UInt
    private let count: Int

    init(count: Int, empty: Value) {
        precondition(count > 0 && count & (count - 1) == 0, "the slot count must be a power of two")
        self.count = count
        mask = UInt(count - 1)
        slots = .allocateWithMalloc(capacity: count)
        slots.initialize(repeating: Slot(key: 0, value: empty), count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocateWithFree()
    }

    @inline(__always)
    private func slot(_ key: UInt) -> UnsafeMutablePointer<Slot> {
        slots + Int(truncatingIfNeeded: (key ^ key >> 4 ^ key >> 11) & mask)
    }

    /// The value stored for `key`, unless another key has taken its slot since.
    @inline(__always)
    func value(for key: UInt) -> Value? {
        let slot = slot(key)
        return slot.pointee.key == key ? slot.pointee.value : nil
    }

    /// Stores `value` for `key` (nonzero), replacing whatever its slot held.
    func store(_ value: Value, for key: UInt) {
        slot(key).pointee = Slot(key: key, value: value)
    }
}
