import Foundation

// MARK: - Design
//
// A model's mapping tables (`keyMapping`, `ignoredProperties`, …) are computed properties the
// user writes; reading them builds dictionaries and arrays. YYModel compiles them once per class
// into `_YYModelMeta`; we do the same. The first time a `MappableCodable` type is decoded or
// encoded, its tables are read, validated and compiled into a `ModelMeta`, cached by
// `ObjectIdentifier` in a lock-protected dictionary. Decoders copy the pointer into a per-decode
// cache, so steady-state decoding takes no lock.
//
//     struct Book: MappableCodable {
//         static var keyMapping: KeyMapping { ["name": "n", "desc": "ext.desc", "id": ["id", "ID"]] }
//     }
//
//     ModelMeta(Book)
//       properties["name"] → [["n"]]
//       properties["desc"] → [["ext.desc"] literal first, then ["ext", "desc"]]
//       properties["id"]   → [["id"], ["ID"]]
//       encodingPath("desc") → ["ext", "desc"]
//
// Hooks (`decodingType(for:)`, `willDecode`, `didDecode`, `didEncode`) take a `JSONValue`, which
// costs a tree build per model. Their default implementations mark themselves through
// `HookProbe`, so a type's first use reveals which hooks it really implements; the rest are never
// called and their trees never built.

/// The compiled, validated mapping of one `MappableCodable` type. Immutable once built.
package final class ModelMeta: @unchecked Sendable {  // immutable; metatypes are safe to share
    /// One place to look for a property's value: a literal key or a path of keys.
    package struct Lookup: Sendable {
        /// The object keys from the outermost in (one element for a plain key).
        package let segments: [String]
    }

    /// The model type.
    package let type: any MappableCodable.Type
    /// The type's name, for messages.
    package let typeName: String
    /// Mapped properties: coding key string → the places to look, in order. A dotted string
    /// literal contributes its literal key first, then its path.
    package let lookups: [String: [Lookup]]
    /// Mapped properties: coding key string → the keys written when encoding (the first
    /// candidate's segments).
    private let encodingPaths: [String: [String]]
    /// Properties never decoded nor encoded (ignored, or outside `onlyProperties`).
    package let excluded: Set<String>
    /// The allow-list, when the type has one.
    package let only: Set<String>?
    /// Concrete types for properties whose declared type is a superclass.
    package let elementTypes: [String: any Codable.Type]
    /// Whether the type implements `decodingType(for:)` / `willDecode(_:)` (probed once).
    package let hasDecodingType: Bool
    package let hasWillDecode: Bool
    /// Whether `CaseIterable` enum properties default to their first case (the model's opt-in).
    package let enumsDefaultToFirstCase: Bool

    init(_ type: any MappableCodable.Type) throws(MappingTableError) {
        let typeName = String(reflecting: type)
        self.type = type
        self.typeName = typeName
        let mapping = type.keyMapping
        let ignored = type.ignoredProperties
        let only = type.onlyProperties

        var lookups: [String: [Lookup]] = [:]
        var encodingPaths: [String: [String]] = [:]
        for property in mapping.keys.sorted() {
            let key = mapping[property]!
            if property.isEmpty {
                throw MappingTableError(typeName: typeName, entry: "keyMapping[\"\"]", problem: "the property name is empty")
            }
            if key.candidates.isEmpty {
                throw MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"]", problem: "the list of alternate keys is empty; give at least one key")
            }
            var list: [Lookup] = []
            for candidate in key.candidates {
                if candidate.segments == [""] {
                    throw MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"] = \(key)", problem: "the JSON key is empty; give the key the value is read from and written to")
                }
                if candidate.segments.isEmpty || candidate.segments.contains(where: \.isEmpty) {
                    throw MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"] = \(key)", problem: "a key or key-path segment is empty (check for a leading, trailing or doubled '.')")
                }
                if candidate.isDottedLiteral {
                    list.append(Lookup(segments: [candidate.joined]))
                }
                list.append(Lookup(segments: candidate.segments))
            }
            if ignored.contains(property) {
                throw MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"]", problem: "the property is also in ignoredProperties; remove it from one of the two")
            }
            if let only, !only.contains(property) {
                throw MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"]", problem: "the property is not in onlyProperties, so it is never decoded nor encoded; remove it from keyMapping or add it to onlyProperties")
            }
            lookups[property] = list
            encodingPaths[property] = key.candidates[0].segments
        }
        if let only {
            let both = only.intersection(ignored)
            if let first = both.sorted().first {
                throw MappingTableError(typeName: typeName, entry: "onlyProperties / ignoredProperties \"\(first)\"", problem: "the property is both allowed and ignored; remove it from one of the two")
            }
            if only.contains("") {
                throw MappingTableError(typeName: typeName, entry: "onlyProperties", problem: "contains an empty property name; remove it")
            }
        }
        if ignored.contains("") {
            throw MappingTableError(typeName: typeName, entry: "ignoredProperties", problem: "contains an empty property name; remove it")
        }
        let elementTypes = type.elementTypes
        if let empty = elementTypes.keys.first(where: \.isEmpty) {
            throw MappingTableError(typeName: typeName, entry: "elementTypes[\"\(empty)\"]", problem: "the property name is empty")
        }
        for property in elementTypes.keys.sorted() {
            if ignored.contains(property) {
                throw MappingTableError(typeName: typeName, entry: "elementTypes[\"\(property)\"]", problem: "the property is also in ignoredProperties, so it is never decoded; remove it from one of the two")
            }
            if let only, !only.contains(property) {
                throw MappingTableError(typeName: typeName, entry: "elementTypes[\"\(property)\"]", problem: "the property is not in onlyProperties, so it is never decoded; remove it from elementTypes or add it to onlyProperties")
            }
        }
        self.lookups = lookups
        self.encodingPaths = encodingPaths
        self.excluded = ignored
        self.only = only
        self.elementTypes = elementTypes
        enumsDefaultToFirstCase = type.enumsDefaultToFirstCase
        rulesByLength = ModelMeta.makeRules(lookups: lookups, excluded: ignored, only: only)
        hasDecodingType = !HookProbe.usesDefault { _ = type.decodingType(for: .object([:])) }
        hasWillDecode = !HookProbe.usesDefault { _ = try? type.willDecode(.object([:])) }
    }

    /// How the decoder finds a property: by its own key, through the table, or not at all.
    package enum DecodingRule {
        case own
        case excluded
        case mapped([Lookup])
    }

    /// Every property the tables mention, with its rule, bucketed by UTF-8 length: a lookup
    /// compares only the few names of the same length (cheaper than hashing the key).
    private let rulesByLength: [[(name: String, rule: DecodingRule)]]

    private static func makeRules(lookups: [String: [Lookup]], excluded: Set<String>, only: Set<String>?)
        -> [[(name: String, rule: DecodingRule)]]
    {
        var rules: [String: DecodingRule] = [:]
        for name in only ?? [] { rules[name] = .own }
        for (name, list) in lookups { rules[name] = .mapped(list) }
        for name in excluded { rules[name] = .excluded }
        let longest = rules.keys.map(\.utf8.count).max() ?? 0
        var buckets = [[(name: String, rule: DecodingRule)]](repeating: [], count: longest + 1)
        for (name, rule) in rules.sorted(by: { $0.key < $1.key }) { buckets[name.utf8.count].append((name, rule)) }
        return buckets
    }

    /// The rule for the property with coding key `name` (the decoder's per-key question).
    @inline(__always)
    package func decodingRule(for name: String) -> DecodingRule {
        let length = name.utf8.count
        if length < rulesByLength.count {
            for entry in rulesByLength[length] where entry.name == name { return entry.rule }
        }
        return only == nil ? .own : .excluded
    }

    /// Whether `property` is decoded and encoded at all.
    @inline(__always)
    package func isIncluded(_ property: String) -> Bool {
        if excluded.contains(property) { return false }
        if let only { return only.contains(property) }
        return true
    }

    /// The path a property is written to when encoding: its first candidate (`nil` when the
    /// property is not mapped and uses its own key).
    ///
    /// A dotted string (`"ext.desc"`) is written as its path, `.key("a.b")` as the literal key,
    /// alternates as their first entry.
    package func encodingPath(for property: String) -> [String]? {
        encodingPaths[property]
    }

    /// The declared defaults of a ``DefaultInitializable`` model: its `init()` instance, encoded
    /// once per type (`nil` for other models, or when that instance cannot be encoded).
    ///
    /// Dates are written as seconds since 1970 (exact, where ISO 8601 drops fractions) and data as
    /// base64, whatever the caller's strategies; `DecoderImpl.declaredDefault` reads them back
    /// with the same two strategies.
    package var declaredDefaults: JSONTape? {
        ModelMeta.cache.defaults(for: ObjectIdentifier(type)) { [type] in
            var encoder = BridgeEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            encoder.dataEncodingStrategy = .base64
            guard let instance = (type as? any DefaultInitializable.Type)?.init() as? any Encodable,
                  let value = try? encoder.encodeToJSONValue(instance) else { return nil }
            return JSONTape(value: value)
        }
    }

    // MARK: The cache

    private static let cache = MetaCache()

    /// The compiled mapping of `type`, built and validated on first use.
    ///
    /// - Throws: ``MappingTableError`` naming the type and the invalid entry.
    package static func of(_ type: any MappableCodable.Type) throws(MappingTableError) -> ModelMeta {
        let id = ObjectIdentifier(type)
        if let meta = cache.get(id) { return meta }
        let meta = try ModelMeta(type)
        return cache.insert(meta, for: id)
    }

    /// Whether values of `type` have a `didDecode` that does something, once known.
    package static func didDecodeIsImplemented(_ type: any MappableCodable.Type) -> Bool? {
        cache.hookFlag(ObjectIdentifier(type), \.didDecode)
    }

    /// Records the outcome of probing `didDecode` for `type`.
    package static func setDidDecodeIsImplemented(_ type: any MappableCodable.Type, _ value: Bool) {
        cache.setHookFlag(ObjectIdentifier(type), \.didDecode, value)
    }

    /// Whether a decode of `type` has confirmed that its tables name only real properties.
    package static func keysVerified(_ type: any MappableCodable.Type) -> Bool {
        cache.hookFlag(ObjectIdentifier(type), \.keysVerified) ?? false
    }

    /// Records that the tables of `type` name only real properties.
    package static func setKeysVerified(_ type: any MappableCodable.Type) {
        cache.setHookFlag(ObjectIdentifier(type), \.keysVerified, true)
    }

    /// The first table entry that names a property the model never asked for while decoding
    /// (`requested` holds every coding key its `init(from:)` read), as an error; `nil` if none.
    package func unknownProperty(requested: Set<String>) -> MappingTableError? {
        let tables: [(String, [String])] = [
            ("keyMapping", lookups.keys.sorted()),
            ("ignoredProperties", excluded.sorted()),
            ("onlyProperties", (only ?? []).sorted()),
            ("elementTypes", elementTypes.keys.sorted()),
        ]
        for (table, names) in tables {
            if let unknown = names.first(where: { !requested.contains($0) }) {
                let known = requested.sorted().joined(separator: ", ")
                return MappingTableError(typeName: typeName, entry: "\(table) names \"\(unknown)\"",
                                         problem: "\(typeName) has no property with that coding key (its coding keys: \(known)); check the spelling")
            }
        }
        return nil
    }

    /// Whether values of `type` have a `didEncode` that does something, once known.
    package static func didEncodeIsImplemented(_ type: any MappableCodable.Type) -> Bool? {
        cache.hookFlag(ObjectIdentifier(type), \.didEncode)
    }

    /// Records the outcome of probing `didEncode` for `type`.
    package static func setDidEncodeIsImplemented(_ type: any MappableCodable.Type, _ value: Bool) {
        cache.setHookFlag(ObjectIdentifier(type), \.didEncode, value)
    }
}

/// The per-type cache: metas and the instance-hook probe results, under one lock.
private final class MetaCache: @unchecked Sendable {
    struct InstanceHooks {
        var didDecode: Bool?
        var didEncode: Bool?
        var keysVerified: Bool?
    }

    private let lock = NSLock()
    private var metas: [ObjectIdentifier: ModelMeta] = [:]
    private var hooks: [ObjectIdentifier: InstanceHooks] = [:]
    private var defaults: [ObjectIdentifier: JSONTape?] = [:]

    /// The cached defaults of a type, computed outside the lock on first use.
    func defaults(for id: ObjectIdentifier, compute: () -> JSONTape?) -> JSONTape? {
        lock.lock()
        if let cached = defaults[id] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let computed = compute()
        lock.lock()
        defer { lock.unlock() }
        if let cached = defaults[id] { return cached }
        defaults[id] = computed
        return computed
    }

    func get(_ id: ObjectIdentifier) -> ModelMeta? {
        lock.lock()
        defer { lock.unlock() }
        return metas[id]
    }

    /// Inserts unless another thread won the race; returns the stored meta.
    func insert(_ meta: ModelMeta, for id: ObjectIdentifier) -> ModelMeta {
        lock.lock()
        defer { lock.unlock() }
        if let existing = metas[id] { return existing }
        metas[id] = meta
        return meta
    }

    func hookFlag(_ id: ObjectIdentifier, _ field: KeyPath<InstanceHooks, Bool?>) -> Bool? {
        lock.lock()
        defer { lock.unlock() }
        return hooks[id]?[keyPath: field]
    }

    func setHookFlag(_ id: ObjectIdentifier, _ field: WritableKeyPath<InstanceHooks, Bool?>, _ value: Bool) {
        lock.lock()
        defer { lock.unlock() }
        hooks[id, default: InstanceHooks()][keyPath: field] = value
    }
}

/// An invalid mapping table, found the first time its type was decoded or encoded.
///
/// ```
/// Invalid mapping table of MyApp.Book: keyMapping["desc"] = "ext..desc": a key or key-path
/// segment is empty (check for a leading, trailing or doubled '.')
/// ```
public struct MappingTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The model type whose table is invalid.
    public let typeName: String
    /// The offending entry, as written.
    public let entry: String
    /// What is wrong and how to fix it.
    public let problem: String

    /// `Invalid mapping table of <type>: <entry>: <problem>`.
    public var description: String {
        "Invalid mapping table of \(typeName): \(entry): \(problem)"
    }
}
