// PayloadFreeEnum — every case of an enum without associated values, read from its layout, for
// enums that are not `CaseIterable` (a raw-value enum's cases, listed by the JSON Schema walk).
//
// Relies on: the layout `TypeShape` reads for coding keys (swift/ABI/Metadata.h, enum layout): a
// payload-free enum of 2…256 cases is one byte holding the case's index in declaration order, and
// `Optional<E>.none` is stored as the first unused value — the number of cases; an enum of one
// case has no bits.
//
//   enum Status: String { case active, archived }
//   size 1; Optional<Status>.none stored as 2 → indices 0, 1 → .active, .archived
//
// Self-check: `TypeShape.layoutHolds` (the same facts, checked on its probe enums); each case found
// must read back as itself through `init(rawValue:)` (`RawRepresentable` enums only), else the
// answer is `nil`.
// Portable replacement (`CODABLEBRIDGE_PORTABLE`): `nil` — only `CaseIterable` enums list cases.

/// The cases of a payload-free raw-value enum (see the comment above).
package enum PayloadFreeEnum {
    /// Every case of `E` in declaration order; `nil` when `E` is not an enum of at most 256
    /// cases without associated values, or when the layout cannot be read.
    package static func cases<E: RawRepresentable>(of type: E.Type) -> [E]? {
        #if CODABLEBRIDGE_PORTABLE
        return nil
        #else
        guard TypeShape.layoutHolds, TypeShape.isEnum(E.self) == true else { return nil }
        if MemoryLayout<E>.size == 0 {
            // One case and no payload: the value has no bits.
            return verified([unsafeBitCast((), to: E.self)])
        }
        guard MemoryLayout<E>.size == 1, MemoryLayout<E?>.size == 1 else { return nil }
        let none: E? = nil
        let count = unsafeBitCast(none, to: UInt8.self)
        return verified((0 ..< count).map { unsafeBitCast($0, to: E.self) })
        #endif
    }

    /// `cases`, when each reads back as itself through its raw value.
    private static func verified<E: RawRepresentable>(_ cases: [E]) -> [E]? {
        for value in cases {
            guard let back = E(rawValue: value.rawValue) else { return nil }
            if MemoryLayout<E>.size == 1, unsafeBitCast(back, to: UInt8.self) != unsafeBitCast(value, to: UInt8.self) { return nil }
        }
        return cases
    }
}
