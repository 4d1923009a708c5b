import Testing
@testable import CodableBridge

@Suite struct DirectMappedSlotsTests {
    @Test func keepsTheLastValuePerSlotAndForgetsWhatACollisionReplaced() {
        let slots = DirectMappedSlots<String>(count: 4, empty: "")
        #expect(slots.value(for: 16) == nil)
        slots.store("a", for: 16)
        #expect(slots.value(for: 16) == "a")
        // A key that maps to the same slot as 16 replaces it.
        // safe: the range holds keys of every slot
        let collider = (1 ... 4096).map(UInt.init).first { $0 != 16 && ($0 ^ $0 >> 4 ^ $0 >> 11) & 3 == (16 ^ 16 >> 4 ^ 16 >> 11) & 3 }!
        slots.store("b", for: collider)
        #expect(slots.value(for: collider) == "b")
        #expect(slots.value(for: 16) == nil)
        // Keys that differ only in their low bits are different keys.
        slots.store("c", for: 17)
        #expect(slots.value(for: 17) == "c")
        #expect(slots.value(for: 18) == nil)
    }
}
