// TypeShape — facts about a type that Swift's reflection API gives only for instances, or only
// through a conformance check, read from the runtime's stable ABI instead:
//
// - the nominal type descriptor of a struct, enum or optional (shared by every instantiation of a
//   generic type), which tells `Array`, `Dictionary` and `Optional` apart without an `as?`;
// - whether a type is an enum: the first word of a type's metadata is its kind, and `0x201` is
//   `MetadataKind::Enum` (swift/ABI/MetadataKind.def; `Optional` has its own kind, `0x202`);
// - the case names of a coding-key enum without payloads (the synthesised `CodingKeys`): such an
//   enum of 2…256 cases is one byte holding the case's index in declaration order, and
//   `Optional<Key>.none` is stored as the first unused value — the number of cases. Each index is
//   turned back into a key and asked for its `stringValue`. Anything else (a struct key, a key
//   with payloads, more than 256 cases) answers `nil`; every name found must read back as the
//   same value through `init(stringValue:)`, else the answer is `nil`.
//
//   enum CodingKeys: CodingKey { case circle, square, none }
//   size 1; Optional<CodingKeys>.none stored as 3 → indices 0, 1, 2 → "circle", "square", "none"

/// Facts about types read from the Swift runtime's stable ABI (see the comment above).
package enum TypeShape {
    /// The first word of `type`'s metadata: its kind (`0x200` struct, `0x201` enum, `0x202`
    /// `Optional`; swift/ABI/MetadataKind.def).
    @inline(__always)
    private static func kind(of type: Any.Type) -> UInt {
        // safe: every metatype points at type metadata whose first word is its kind
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }

    /// Whether `type` is an enum (not a struct, class or `Optional`).
    package static func isEnum(_ type: Any.Type) -> Bool {
        kind(of: type) == 0x201
    }

    /// Whether `type` is some `Optional` (its metadata kind is `Optional`'s alone).
    @inline(__always)
    package static func isOptional(_ type: Any.Type) -> Bool {
        kind(of: type) == 0x202
    }

    /// The nominal type descriptor of a struct, enum or optional type; `nil` for other kinds.
    /// Struct, enum and optional metadata start with their kind followed by the descriptor
    /// pointer (the Swift ABI, stable on Apple platforms since Swift 5); every instantiation of a
    /// generic type shares its descriptor.
    package static func descriptor(of type: Any.Type) -> UnsafeRawPointer? {
        guard (0x200...0x202).contains(kind(of: type)) else { return nil }
        return unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: MemoryLayout<Int>.stride, as: UnsafeRawPointer?.self)
    }

    /// Whether `type` is some `Dictionary` (any instantiation).
    @inline(__always)
    package static func isDictionary(_ type: Any.Type) -> Bool {
        descriptor(of: type) == descriptor(of: [String: Int].self)
    }

    /// The case names of a payload-free coding-key enum, in declaration order; `nil` when `Key`
    /// is not such an enum.
    package static func caseNames<Key: CodingKey>(of type: Key.Type) -> [String]? {
        guard isEnum(Key.self) else { return nil }
        if MemoryLayout<Key>.size == 0 {
            // One case and no payload: the value has no bits.
            let only = unsafeBitCast((), to: Key.self)
            return [only.stringValue]
        }
        guard MemoryLayout<Key>.size == 1, MemoryLayout<Key?>.size == 1 else { return nil }
        let none: Key? = nil
        let count = unsafeBitCast(none, to: UInt8.self)
        var names: [String] = []
        for index in 0 ..< count {
            let key = unsafeBitCast(index, to: Key.self)
            let name = key.stringValue
            guard let back = Key(stringValue: name), unsafeBitCast(back, to: UInt8.self) == index else { return nil }
            names.append(name)
        }
        return names
    }
}
