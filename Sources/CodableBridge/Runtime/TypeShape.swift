// TypeShape — facts about a type that Swift's reflection API gives only for instances, or only
// through a conformance check.
//
// Relies on: the runtime's type metadata (swift/ABI/MetadataKind.def, swift/ABI/Metadata.h).
//
// - the first word of a type's metadata is its kind: `0x200` struct, `0x201` enum, `0x202`
//   `Optional` (which has its own kind);
// - struct, enum and optional metadata hold their nominal type descriptor in the second word
//   (shared by every instantiation of a generic type), which tells `Array`, `Dictionary` and
//   `Optional` apart without an `as?`;
// - the case names of a coding-key enum without payloads (the synthesised `CodingKeys`): such an
//   enum of 2…256 cases is one byte holding the case's index in declaration order, and
//   `Optional<Key>.none` is stored as the first unused value — the number of cases. Each index is
//   turned back into a key and asked for its `stringValue`. Anything else (a struct key, a key
//   with payloads, more than 256 cases) answers `nil`; every name found must read back as the
//   same value through `init(stringValue:)`, else the answer is `nil`.
//
//   enum CodingKeys: CodingKey { case circle, square, none }
//   size 1; Optional<CodingKeys>.none stored as 3 → indices 0, 1, 2 → "circle", "square", "none"
//
// The same layout gives a key's case index without asking the key anything (`caseIndex`: its
// one byte), by which the encoder's key registry and the decoder's `CaseKeyNames` find a key's
// name.
//
// Self-check (`layoutHolds`, once, at first use): `Int`, a probe enum and `Int?` read as struct,
// enum and optional; `[Int]` and `[String]` share a descriptor that `Set<Int>`'s differs from;
// the probe coding-key enums list their cases. `TypeShapeTests` asserts it passes.
//
// Portable replacement (`CODABLEBRIDGE_PORTABLE`, or a failed self-check): plain Swift cannot
// tell a type's kind without an instance. `isEnum` answers `nil` (unknown: `ModelMeta` then takes
// a model declaring an enum tagging for an enum), or asks `Mirror` about a sample value when the
// caller has one; `mayBeEnum`, `mayBeOptional` and
// `mayBeDictionary` answer `true`, leaving the decision to the `as?` that follows them;
// `descriptor(of:)` is `nil`; `caseNames` lists the cases of a `CaseIterable` key only; `caseKeys`
// and `caseIndex` do not exist (keys are looked up by name).

/// Facts about types read from the Swift runtime's type metadata (see the comment above).
package enum TypeShape {
    /// Whether `type` is an enum (not a struct, class or `Optional`); `nil` when this cannot be
    /// told (portable mode).
    package static func isEnum(_ type: Any.Type) -> Bool? {
        #if CODABLEBRIDGE_PORTABLE
        return nil
        #else
        guard layoutHolds else { return nil }
        return kind(of: type) == 0x201
        #endif
    }

    /// Whether `type` is an enum, asking `sample` — a value of the type — when the metadata
    /// cannot tell (portable mode: `Mirror`'s display style).
    package static func isEnum(_ type: Any.Type, sample: () -> Any) -> Bool {
        isEnum(type) ?? (Mirror(reflecting: sample()).displayStyle == .enum)
    }

    /// Whether `type` may be an enum: `false` means it certainly is not.
    @inline(__always)
    package static func mayBeEnum(_ type: Any.Type) -> Bool {
        isEnum(type) ?? true
    }

    /// Whether `type` may be some `Optional`: `false` means it certainly is not.
    @inline(__always)
    package static func mayBeOptional(_ type: Any.Type) -> Bool {
        #if CODABLEBRIDGE_PORTABLE
        return true
        #else
        guard layoutHolds else { return true }
        return kind(of: type) == 0x202
        #endif
    }

    /// Whether `type` may be some `Dictionary` (any instantiation): `false` means it certainly
    /// is not.
    @inline(__always)
    package static func mayBeDictionary(_ type: Any.Type) -> Bool {
        #if CODABLEBRIDGE_PORTABLE
        return true
        #else
        guard layoutHolds else { return true }
        return rawDescriptor(of: type) == rawDescriptor(of: [String: Int].self)
        #endif
    }

    /// The nominal type descriptor of a struct, enum or optional type; `nil` for other kinds,
    /// and always in portable mode. Every instantiation of a generic type shares its descriptor.
    package static func descriptor(of type: Any.Type) -> UnsafeRawPointer? {
        #if CODABLEBRIDGE_PORTABLE
        return nil
        #else
        guard layoutHolds else { return nil }
        return rawDescriptor(of: type)
        #endif
    }

    /// The case names of a payload-free coding-key enum, in declaration order; `nil` when `Key`
    /// is not such an enum (or, in portable mode, not `CaseIterable`).
    package static func caseNames<Key: CodingKey>(of type: Key.Type) -> [String]? {
        #if CODABLEBRIDGE_PORTABLE
        return iterableCaseNames(of: Key.self)
        #else
        guard layoutHolds else { return iterableCaseNames(of: Key.self) }
        return rawCaseNames(of: Key.self)
        #endif
    }

    /// The portable case names: those of a `CaseIterable` key.
    private static func iterableCaseNames<Key: CodingKey>(of type: Key.Type) -> [String]? {
        guard let iterable = Key.self as? any CaseIterable.Type else { return nil }
        func names<Cases: CaseIterable>(_ cases: Cases.Type) -> [String]? {
            let all = Cases.allCases.compactMap { ($0 as? Key)?.stringValue }
            return all.count == Cases.allCases.count ? all : nil
        }
        return names(iterable)
    }

    #if !CODABLEBRIDGE_PORTABLE
    /// Whether the metadata reads as this file expects, checked once (see the comment above).
    package static let layoutHolds: Bool = selfCheck()

    private enum ProbeKeys: CodingKey { case circle, square, none }
    private enum ProbeOnlyKey: CodingKey { case only }

    private static func selfCheck() -> Bool {
        guard kind(of: Int.self) == 0x200, kind(of: ProbeKeys.self) == 0x201, kind(of: Int?.self) == 0x202,
            let array = rawDescriptor(of: [Int].self), array == rawDescriptor(of: [String].self),
            let set = rawDescriptor(of: Set<Int>.self), set != array,
            array.load(as: UInt32.self) & 0x1F == 17,  // ContextDescriptorKind::Struct
            (rawDescriptor(of: ProbeKeys.self)?.load(as: UInt32.self) ?? 0) & 0x1F == 18  // ::Enum
        else { return false }
        return rawCaseNames(of: ProbeKeys.self) == ["circle", "square", "none"]
            && rawCaseNames(of: ProbeOnlyKey.self) == ["only"]
    }

    /// The first word of `type`'s metadata: its kind.
    @inline(__always)
    private static func kind(of type: Any.Type) -> UInt {
        // safe: every metatype points at type metadata whose first word is its kind
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }

    @inline(__always)
    private static func rawDescriptor(of type: Any.Type) -> UnsafeRawPointer? {
        guard (0x200...0x202).contains(kind(of: type)) else { return nil }
        return unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: MemoryLayout<Int>.stride, as: UnsafeRawPointer?.self)
    }

    private static func rawCaseNames<Key: CodingKey>(of type: Key.Type) -> [String]? {
        rawCases(of: Key.self)?.map(\.stringValue)
    }

    private static func rawCases<Key: CodingKey>(of type: Key.Type) -> [Key]? {
        guard kind(of: Key.self) == 0x201 else { return nil }
        if MemoryLayout<Key>.size == 0 {
            // One case and no payload: the value has no bits.
            return [unsafeBitCast((), to: Key.self)]
        }
        guard MemoryLayout<Key>.size == 1, MemoryLayout<Key?>.size == 1 else { return nil }
        let none: Key? = nil
        let count = unsafeBitCast(none, to: UInt8.self)
        var cases: [Key] = []
        for index in 0 ..< count {
            let key = unsafeBitCast(index, to: Key.self)
            guard let back = Key(stringValue: key.stringValue), unsafeBitCast(back, to: UInt8.self) == index else { return nil }
            cases.append(key)
        }
        return cases
    }

    /// Every case of a payload-free coding-key enum, each at its ``caseIndex(of:)``; `nil` when
    /// `Key` is not such an enum or the layout does not read as expected.
    package static func caseKeys<Key: CodingKey>(of type: Key.Type) -> [Key]? {
        guard layoutHolds else { return nil }
        return rawCases(of: Key.self)
    }

    /// The index of `key`'s case, for a key type ``caseKeys(of:)`` lists: the value's one byte
    /// (none for an enum of one case).
    @inline(__always)
    package static func caseIndex<Key: CodingKey>(of key: Key) -> Int {
        MemoryLayout<Key>.size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
    }
    #endif
}
