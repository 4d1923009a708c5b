/// Tells, without a conformance check, whether a type can be one of the collections the decoder
/// decodes itself (`Array`, `ContiguousArray`, `Set`, `Dictionary`, `Optional`: the conformers of
/// `BridgeCollectionDecodable`).
///
/// The first `as?` check of a type against a protocol makes the Swift runtime scan every
/// conformance record of the process (about 0.9 M instructions per check in a binary with 2 000
/// model types, measured with callgrind; the runtime caches the answer afterwards). A model type
/// decoded for the first time would pay that scan once to learn it is not a collection. Instead,
/// the type's metadata names its generic type (the nominal type descriptor, which every
/// instantiation of `Array` shares); only types whose descriptor is one of the five pay the
/// conformance check.
///
/// The layout read here is the Swift ABI's (stable on Apple platforms since Swift 5): struct, enum
/// and optional metadata start with their kind (`0x200`, `0x201`, `0x202`) followed by the
/// descriptor pointer. Any other kind (classes, tuples, existentials, …) is not a collection.
enum CollectionShape {
    private static let valueKinds: ClosedRange<Int> = 0x200...0x202

    /// The nominal type descriptor of a struct, enum or optional type; `nil` for other kinds.
    static func descriptor(of type: Any.Type) -> UnsafeRawPointer? {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard valueKinds.contains(metadata.load(as: Int.self)) else { return nil }
        return metadata.load(fromByteOffset: MemoryLayout<Int>.stride, as: UnsafeRawPointer?.self)
    }

    /// The descriptors of the five generic collections (any instantiation gives the same one).
    nonisolated(unsafe) private static let collections: [UnsafeRawPointer] = {  // immutable after initialisation
        let samples: [Any.Type] = [[Int].self, ContiguousArray<Int>.self, Set<Int>.self, [String: Int].self, Int?.self]
        return samples.compactMap(descriptor(of:))
    }()

    /// Whether `type` may conform to `BridgeCollectionDecodable` (`false`: it certainly does not).
    @inline(__always)
    static func mayBeCollection(_ type: Any.Type) -> Bool {
        guard let descriptor = descriptor(of: type) else { return false }
        return collections.contains(descriptor)
    }
}
