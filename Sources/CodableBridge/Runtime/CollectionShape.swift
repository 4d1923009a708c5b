// CollectionShape — tells, without a conformance check, whether a type can be one of the
// collections the decoder decodes itself (`Array`, `ContiguousArray`, `Set`, `Dictionary`,
// `Optional`: the conformers of the decoder's `BridgeCollectionDecodable`).
//
// The first `as?` check of a type against a protocol makes the Swift runtime scan every
// conformance record of the process (the runtime caches the answer afterwards; Docs/Design.md,
// "Performance techniques", has the figure). A model type
// decoded for the first time would pay that scan once to learn it is not a collection. Instead,
// the type's metadata names its generic type (the nominal type descriptor, which every
// instantiation of `Array` shares); only types whose descriptor is one of the five pay the
// conformance check.
//
// Relies on: `TypeShape.descriptor(of:)` (type metadata; any kind other than a struct, enum or
// optional — classes, tuples, existentials, … — is not a collection).
// Self-check: `TypeShape`'s, which also covers the descriptors compared here.
// Portable replacement: every type may be a collection; the decoder's `as?` decides.

/// Whether a type may be one of the decoder's collections (see the comment above).
enum CollectionShape {
    #if !CODABLEBRIDGE_PORTABLE
    /// The descriptors of the five generic collections (any instantiation gives the same one);
    /// empty when `TypeShape`'s self-check failed.
    nonisolated(unsafe) private static let collections: [UnsafeRawPointer] = {  // immutable after initialisation
        let samples: [Any.Type] = [[Int].self, ContiguousArray<Int>.self, Set<Int>.self, [String: Int].self, Int?.self]
        return samples.compactMap(TypeShape.descriptor(of:))
    }()
    #endif

    /// Whether `type` may be one of the collections (`false`: it certainly is not).
    @inline(__always)
    static func mayBeCollection(_ type: Any.Type) -> Bool {
        #if CODABLEBRIDGE_PORTABLE
        return true
        #else
        guard let descriptor = TypeShape.descriptor(of: type) else { return !TypeShape.layoutHolds }
        return collections.contains(descriptor)
        #endif
    }
}
