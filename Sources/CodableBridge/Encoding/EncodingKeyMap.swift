import Foundation

// EncodingKeyMap — the encoding view of a model's compiled `ModelMeta`: for each property, where
// its value is written. Built once per type and thread from the meta (which reads and validates
// the tables) and kept in the type's `TypeFacts`, like the meta itself.
//
//   keyMapping ["name": "n", "desc": "ext.desc", "bookID": ["id", "ID"], "v": .key("v1.2")]
//   ignoredProperties ["cache"]
//
//   destination("name")   → .key("n")
//   destination("desc")   → .path(["ext", "desc"])
//   destination("bookID") → .key("id")          alternates: the first one is written
//   destination("v")      → .key("v1.2")        a literal key, dots and all
//   destination("cache")  → .skip
//   destination("pages")  → .unmapped           keyEncodingStrategy applies
//
// With `onlyProperties` set, every property outside it is `.skip`. Lookups use an
// open-addressing table probed with `EncodedTree.hash`, which costs less than `Hasher` for the
// one lookup per encoded property.

/// Where a `MappableCodable` model's properties are written.
final class EncodingKeyMap: Sendable {
    /// Where one property's value goes.
    enum Destination: Sendable, Equatable {
        /// The property's own coding key, after `keyEncodingStrategy`.
        case unmapped
        /// One JSON key, used as is.
        case key(String)
        /// Nested objects, outermost key first (at least two segments).
        case path([String])
        /// Not written.
        case skip
        /// `JSONKey.flatten`: the value's members are written into this object.
        case flatten
    }

    /// The compiled tables this view was built from.
    let meta: ModelMeta
    /// Whether a property is flattened (`JSONKey.flatten`).
    let hasFlattened: Bool

    // The properties with a destination of their own, as an open-addressing table.
    private let slots: [Int32]
    private let hashes: [UInt32]
    private let names: [String]
    private let destinations: [Destination]
    /// The destination of a property not in the table: `.skip` when `onlyProperties` is set.
    private let otherDestination: Destination
    /// The type's name, for messages.
    let typeName: String
    /// Per-property transforms (`valueTransforms`).
    let transforms: [String: JSONTransform]
    /// The `JSONObject` property whose members are written into the model's object
    /// (`unknownKeysProperty`).
    let captureProperty: String?

    /// Where the property with coding key `property` is written.
    func destination(for property: String) -> Destination {
        let destination = tableDestination(for: property)
        if destination == .unmapped, let styled = meta.styledKey(for: property) { return .key(styled) }
        return destination
    }

    private func tableDestination(for property: String) -> Destination {
        guard !slots.isEmpty else { return otherDestination }
        let hash = EncodedTree.hash(property)
        let mask = slots.count &- 1
        var slot = Int(hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return otherDestination }
            if hashes[entry] == hash, names[entry] == property { return destinations[entry] }
            slot = (slot &+ 1) & mask
        }
    }

    /// The encoding view of `meta`; with `keepingIgnoredOnEncode`, `ignoredOnEncode` properties
    /// are written too (`update(_:from:)`'s fallback tree).
    init(meta: ModelMeta, keepingIgnoredOnEncode: Bool = false) {
        var destinations: [String: Destination] = [:]
        for property in meta.lookups.keys where meta.isIncluded(property) {
            guard let path = meta.encodingPath(for: property), !path.isEmpty else { continue }
            destinations[property] = path.count == 1 ? .key(path[0]) : .path(path)
        }
        for property in meta.flattened {
            destinations[property] = .flatten
        }
        for property in keepingIgnoredOnEncode ? meta.excluded : meta.excluded.union(meta.ignoredOnEncode) {
            destinations[property] = .skip
        }
        for property in meta.only ?? [] where destinations[property] == nil {
            destinations[property] = .unmapped
        }
        var size = 1
        while size < destinations.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: destinations.isEmpty ? 0 : size)
        var hashes: [UInt32] = []
        var names: [String] = []
        var values: [Destination] = []
        for (name, destination) in destinations {
            let hash = EncodedTree.hash(name)
            var slot = Int(hash) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(names.count)
            hashes.append(hash)
            names.append(name)
            values.append(destination)
        }
        self.slots = slots
        self.hashes = hashes
        self.names = names
        self.destinations = values
        self.otherDestination = meta.only == nil ? .unmapped : .skip
        self.typeName = meta.typeName
        self.transforms = meta.transforms
        self.captureProperty = meta.unknownKeysProperty
        self.meta = meta
        self.hasFlattened = !meta.flattened.isEmpty
    }

    // MARK: Cache

    /// The view of `type`'s tables, this thread's, built on first use and kept in the type's
    /// `TypeFacts` (`encodingKeyMaps.plain`).
    ///
    /// - Throws: ``MappingTableError`` for an invalid table, every time the type is used.
    static func resolved(for type: any MappableCodable.Type) throws(MappingTableError) -> EncodingKeyMap {
        let facts = TypeFacts.of(type)
        // safe: only this file stores in `encodingKeyMaps`, and only EncodingKeyMaps
        if let map = facts.encodingKeyMaps.plain { return unsafeDowncast(map, to: EncodingKeyMap.self) }
        let map = EncodingKeyMap(meta: try facts.meta(of: type))
        facts.encodingKeyMaps.plain = map
        return map
    }

    /// The view of `type`'s tables that also writes its `ignoredOnEncode` properties
    /// (`encodingKeyMaps.keepingIgnoredOnEncode`).
    static func resolvedKeepingIgnoredOnEncode(for type: any MappableCodable.Type) throws(MappingTableError) -> EncodingKeyMap {
        let facts = TypeFacts.of(type)
        // safe: only this file stores in `encodingKeyMaps`, and only EncodingKeyMaps
        if let map = facts.encodingKeyMaps.keepingIgnoredOnEncode { return unsafeDowncast(map, to: EncodingKeyMap.self) }
        let map = EncodingKeyMap(meta: try facts.meta(of: type), keepingIgnoredOnEncode: true)
        facts.encodingKeyMaps.keepingIgnoredOnEncode = map
        return map
    }

}
