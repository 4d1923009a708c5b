import Foundation

// MARK: - Design
//
// A model's mapping tables (`keyMapping`, `ignoredProperties`, …) are computed properties the
// user writes; reading them builds dictionaries and arrays. YYModel compiles them once per class
// into `_YYModelMeta`; we do the same. The first time a `MappableCodable` type is decoded or
// encoded, its tables are read, validated and compiled into a `ModelMeta`, kept in the type's
// `TypeFacts` (Mapping/TypeFacts.swift). Each thread builds its own meta the first time it meets
// the type and reads it without a lock afterwards: a meta is retained many times per decode, and
// one meta shared by all threads would have its reference count written by every core. A decoder
// or encoder looks a type up once per decode or encode and keeps the pointer in its own
// per-decode list, never per value.
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
// For the decoder's per-property questions the meta also compiles its tables into raw UTF-8
// (Mapping/LookupPlan.swift): a `RuleTable` answers "own, mapped, excluded or flattened?" and a
// `LookupPlan` lists a mapped property's candidates, so a decode compares bytes with the tape
// and never touches a `String` or a reference count per property.
//
// Hooks (`decodingType(for:)`, `willDecode`, `didDecode`, `didEncode`) take a `JSONValue`, which
// costs a tree build per model. Their default implementations mark themselves through
// `HookProbe` with the type they run for, so a value type's first use reveals which hooks it
// really implements; the rest are never called and their trees never built. A `BridgeObject`
// subclass's hooks are always called (an override may reach `BridgeObject`'s through `super`).

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
    /// Whether `willDecode(_:)` reaches a default implementation: a class model's that does not
    /// override it, or whose override calls `super` (the JSON Schema walk then probes what it does).
    package let willDecodeReachesDefault: Bool
    /// Whether `CaseIterable` enum properties default to their first case (the model's opt-in).
    package let enumsDefaultToFirstCase: Bool
    /// Whether the type is ``DefaultInitializable``: its `init()` instance declares a default for
    /// each property (checked once; a missing property asks).
    package let hasDeclaredDefaults: Bool
    /// Per-property transforms (`valueTransforms`).
    package let transforms: [String: JSONTransform]
    /// `!transforms.isEmpty`, stored: every property's decode asks, and a `Bool` is read without
    /// retaining the dictionary.
    package let hasTransforms: Bool
    /// Whether a property of a non-scalar type may need more than its rule: the type has an
    /// `unknownKeysProperty`, flattened properties or `elementTypes` (stored, as `hasTransforms`).
    package let hasCompositeRules: Bool
    /// The `JSONObject` property that captures unknown members (`unknownKeysProperty`).
    package let unknownKeysProperty: String?
    /// Properties written but never read (`ignoredOnDecode`).
    package let ignoredOnDecode: Set<String>
    /// Properties read but never written (`ignoredOnEncode`).
    package let ignoredOnEncode: Set<String>
    /// JSON keys of the model's object that its tables name, so are never unknown: the first
    /// segment of every candidate, and the own keys of properties that are ignored when decoding.
    package let namedKeys: Set<String>
    /// Whether a mapped property has a key path (`"ext.desc"`): then an absent property may be
    /// absent because the path runs through a value that is not an object.
    package let hasKeyPaths: Bool
    /// Properties mapped to `JSONKey.flatten`: their model reads and writes this object's keys.
    package let flattened: Set<String>
    /// The type's `keyStyle`: the JSON key of every property the tables do not map.
    package let keyStyle: KeyStyle?
    /// The type's `enumTagging`.
    package let enumTagging: EnumTagging
    /// Whether the type is an enum (`TypeShape.isEnum`): its coding keys are its cases. In
    /// portable mode, whether it declares an enum tagging that rewrites.
    package let isEnum: Bool
    /// Whether decoding checks the enum's tag against its cases (an enum with a tagging style
    /// or renamed cases; a plain enum keeps its own `init(from:)`'s errors).
    package let checksTags: Bool
    /// Whether the type conforms to `Observable`: its coding keys are read and written as its
    /// property names (Mapping/ObservableModels.swift).
    package let isObservable: Bool
    /// Mapped one-segment JSON keys → the first property (in name order) mapped to them.
    private let propertiesByJSONKey: [String: String]
    /// `keyStyle`'s JSON keys by property, computed on first use.
    private let styledKeys = StyledKeyCache()

    init(_ type: any MappableCodable.Type) throws(MappingTableError) {
        // The same text as `String(reflecting: type)`, without its conformance checks on the
        // metatype (four full scans of the conformance records: 3.7 M instructions per type in a
        // binary with 2 000 models, the largest part of a mapped model's first decode).
        let typeName = _typeName(type, qualified: true)
        self.type = type
        self.typeName = typeName
        let mapping = type.keyMapping
        let ignored = type.ignoredProperties
        let only = type.onlyProperties

        var lookups: [String: [Lookup]] = [:]
        var encodingPaths: [String: [String]] = [:]
        var flattened: Set<String> = []
        for property in mapping.keys.sorted() {
            // safe: `property` comes from mapping.keys
            let key = mapping[property]!
            if property.isEmpty {
                throw .emptyMappedProperty(typeName)
            }
            if key.isFlatten {
                if !key.candidates.isEmpty { throw .flattenWithKeys(typeName, property: property, key: key) }
                if ignored.contains(property) { continue }  // ignore wins, as for a mapping
                if let only, !only.contains(property) { throw .mappedButNotAllowed(typeName, property: property) }
                flattened.insert(property)
                continue
            }
            if key.candidates.isEmpty {
                throw .noAlternates(typeName, property: property)
            }
            var list: [Lookup] = []
            for candidate in key.candidates {
                if candidate.segments == [""] {
                    throw .emptyKey(typeName, property: property, key: key)
                }
                if candidate.segments.isEmpty || candidate.segments.contains(where: \.isEmpty) {
                    throw .emptySegment(typeName, property: property, key: key)
                }
                if candidate.isDottedLiteral {
                    list.append(Lookup(segments: [candidate.joined]))
                }
                list.append(Lookup(segments: candidate.segments))
            }
            // Ignore wins over a mapping (YYModel's blacklist): the entry is checked, then unused.
            if ignored.contains(property) { continue }
            if let only, !only.contains(property) {
                throw .mappedButNotAllowed(typeName, property: property)
            }
            lookups[property] = list
            encodingPaths[property] = key.candidates[0].segments
        }
        if let only {
            let both = only.intersection(ignored)
            if let first = both.sorted().first {
                throw .allowedAndIgnored(typeName, property: first)
            }
            if only.contains("") {
                throw .emptyName(typeName, table: "onlyProperties")
            }
        }
        if ignored.contains("") {
            throw .emptyName(typeName, table: "ignoredProperties")
        }
        let elementTypes = type.elementTypes
        if let empty = elementTypes.keys.first(where: \.isEmpty) {
            throw .emptyElementTypeProperty(typeName, property: empty)
        }
        for property in elementTypes.keys.sorted() {
            if ignored.contains(property) {
                throw .elementTypeIgnored(typeName, property: property)
            }
            if let only, !only.contains(property) {
                throw .elementTypeNotAllowed(typeName, property: property)
            }
        }
        let transforms = type.valueTransforms
        let ignoredOnDecode = type.ignoredOnDecode
        let ignoredOnEncode = type.ignoredOnEncode
        let capture = type.unknownKeysProperty
        for (table, names) in [("valueTransforms", Set(transforms.keys)), ("ignoredOnDecode", ignoredOnDecode), ("ignoredOnEncode", ignoredOnEncode)]
            where names.contains("")
        {
            throw .emptyName(typeName, table: table)
        }
        for property in transforms.keys.sorted() {
            // safe: `property` comes from transforms.keys
            let transform = transforms[property]!
            if let problem = transform.problem {
                throw .invalidTransform(typeName, property: property, transform: transform.name, problem: problem)
            }
        }
        if let capture {
            if capture.isEmpty { throw .emptyName(typeName, table: "unknownKeysProperty") }
            for (table, names) in [("keyMapping", Set(mapping.keys)), ("valueTransforms", Set(transforms.keys)), ("ignoredProperties", ignored),
                                   ("ignoredOnDecode", ignoredOnDecode), ("ignoredOnEncode", ignoredOnEncode)]
                where names.contains(capture)
            {
                throw .unknownKeysPropertyInTable(typeName, property: capture, table: table)
            }
        }
        self.transforms = transforms
        hasTransforms = !transforms.isEmpty
        hasCompositeRules = capture != nil || !flattened.isEmpty || !elementTypes.isEmpty
        self.unknownKeysProperty = capture
        self.ignoredOnDecode = ignoredOnDecode
        self.ignoredOnEncode = ignoredOnEncode
        var namedKeys = ignored.union(ignoredOnDecode)
        for list in lookups.values {
            for lookup in list { namedKeys.insert(lookup.segments[0]) }
        }
        self.namedKeys = namedKeys
        self.lookups = lookups
        hasKeyPaths = lookups.values.contains { $0.contains { $0.segments.count > 1 } }
        var propertiesByJSONKey: [String: String] = [:]
        for (property, list) in lookups.sorted(by: { $0.key < $1.key }) {
            for lookup in list where lookup.segments.count == 1 && propertiesByJSONKey[lookup.segments[0]] == nil {
                propertiesByJSONKey[lookup.segments[0]] = property
            }
        }
        self.propertiesByJSONKey = propertiesByJSONKey
        self.encodingPaths = encodingPaths
        self.excluded = ignored
        self.only = only
        self.elementTypes = elementTypes
        enumsDefaultToFirstCase = type.enumsDefaultToFirstCase
        hasDeclaredDefaults = type is any DefaultInitializable.Type
        self.flattened = flattened
        keyStyle = type.keyStyle
        enumTagging = type.enumTagging
        isObservable = TypeShape.descriptor(of: type) == nil && ObservableModels.isObservable(type)
        // Portable mode cannot tell an enum from its type: a declared tagging says it is one.
        isEnum = TypeShape.isEnum(type) ?? type.enumTagging.rewrites
        if let tagKey = enumTagging.tagKey, tagKey.isEmpty {
            throw .emptyTagKey(typeName, tagging: enumTagging)
        }
        checksTags = isEnum && (enumTagging.rewrites || !lookups.isEmpty)
        if enumTagging.rewrites, !isEnum {
            throw .taggingNotAnEnum(typeName, tagging: enumTagging)
        }
        let planned = lookups.sorted(by: { $0.key < $1.key })
        lookupLists = planned.map(\.value)
        let storage = LookupPlanStorage()
        planStorage = storage
        unlistedRule = only == nil ? .own : .excluded
        rules = ModelMeta.makeRules(lookups: planned, storage: storage, flattened: flattened,
                                            excluded: ignored.union(ignoredOnDecode), only: only)
        hasDecodingType = !HookProbe.usesDefault(type) { _ = type.decodingType(for: .object([:])) }
        hasWillDecode = !HookProbe.usesDefault(type) { _ = try? type.willDecode(.object([:])) }
        willDecodeReachesDefault = HookProbe.reachesADefault { _ = try? type.willDecode(.object([:])) }
    }

    /// How the decoder finds a property: by its own key, through the table, or not at all.
    package enum DecodingRule {
        case own
        case excluded
        /// The property's candidates, compiled (`candidates(of:)` gives them as `Lookup`s).
        case mapped(LookupPlan)
        /// `JSONKey.flatten`: the property's model reads this same object.
        case flatten
    }

    /// Every property the tables mention, with its rule, bucketed by UTF-8 length: a lookup
    /// compares only the few names of the same length (cheaper than hashing the key).
    private let rules: RuleTable
    /// The rule of a property the tables do not mention.
    private let unlistedRule: DecodingRule

    /// The mapped properties' candidates, in property name order (`LookupPlan.index`).
    private let lookupLists: [[Lookup]]
    /// The memory of the compiled candidates (`LookupPlan`), freed with this meta.
    private let planStorage: LookupPlanStorage

    private static func makeRules(lookups: [(key: String, value: [Lookup])], storage: LookupPlanStorage, flattened: Set<String>,
                                  excluded: Set<String>, only: Set<String>?) -> RuleTable
    {
        var rules: [String: DecodingRule] = [:]
        for name in only ?? [] { rules[name] = .own }
        for (index, (name, list)) in lookups.enumerated() { rules[name] = .mapped(storage.plan(for: list, index: index)) }
        for name in flattened { rules[name] = .flatten }
        for name in excluded { rules[name] = .excluded }
        return storage.ruleTable(rules)
    }

    /// The rule for the property with coding key `name` (the decoder's per-key question).
    package func decodingRule(for name: String) -> DecodingRule {
        var name = name
        return name.withUTF8 { decodingRule(forUTF8: $0) }
    }

    /// The rule for the property whose coding key has the UTF-8 bytes `key`.
    @inline(__always)
    package func decodingRule(forUTF8 key: UnsafeBufferPointer<UInt8>) -> DecodingRule {
        rules.rule(for: key) ?? unlistedRule
    }

    /// A mapped property's candidates as `Lookup`s (for messages and the slow paths).
    package func candidates(of plan: LookupPlan) -> [Lookup] {
        lookupLists[plan.index]
    }

    /// The JSON keys a property is looked up at, in order and each spelling once (a dotted key is
    /// tried as one key and as a path, both spelt `meta.title`), for messages; empty for a property
    /// the tables do not map (its own key), so the common case allocates nothing.
    package func spellings(of property: String) -> [String] {
        guard !lookups.isEmpty, let lookups = lookups[property] else { return [] }
        var spelt: [String] = []
        for lookup in lookups {
            let spelling = lookup.segments.joined(separator: ".")
            if !spelt.contains(spelling) { spelt.append(spelling) }
        }
        return spelt
    }

    /// The JSON key of an unmapped property: its coding key, spelt by `keyStyle` when the type
    /// has one (`nil` when it has none: the coder's key strategy applies).
    package func styledKey(for property: String) -> String? {
        guard let keyStyle else { return nil }
        return styledKeys.key(for: property, style: keyStyle)
    }

    /// The property whose mapped JSON key (first segment of any candidate) is `jsonKey`, if any.
    package func mappedProperty(forJSONKey jsonKey: String) -> String? {
        propertiesByJSONKey[jsonKey]
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

    /// The compiled mapping of `type`, this thread's, built and validated on first use
    /// (`TypeFacts.meta(of:)`; an invalid table is not cached: it fails every time the type is
    /// used).
    ///
    /// - Throws: ``MappingTableError`` naming the type and the invalid entry.
    package static func of(_ type: any MappableCodable.Type) throws(MappingTableError) -> ModelMeta {
        try TypeFacts.of(type).meta(of: type)
    }

    /// The first table entry that names a property the model never asked for while decoding
    /// (`requested` holds every coding key its `init(from:)` read), as an error; `nil` if none.
    /// `isCodingKey` also accepts a name: a coding key the model did not read this time (an
    /// enum's other cases).
    package func unknownProperty(requested: Set<String>, isCodingKey: (String) -> Bool = { _ in false }) -> MappingTableError? {
        let tables: [(String, [String])] = [
            ("keyMapping", (Array(lookups.keys) + flattened).sorted()),
            ("ignoredProperties", excluded.sorted()),
            ("onlyProperties", (only ?? []).sorted()),
            ("elementTypes", elementTypes.keys.sorted()),
            ("valueTransforms", transforms.keys.sorted()),
            ("ignoredOnDecode", ignoredOnDecode.sorted()),
            ("ignoredOnEncode", ignoredOnEncode.sorted()),
            ("unknownKeysProperty", unknownKeysProperty.map { [$0] } ?? []),
        ]
        for (table, names) in tables {
            if let unknown = names.first(where: { !requested.contains($0) && !isCodingKey($0) }) {
                return .unknownProperty(typeName, table: table, property: unknown, codingKeys: requested.sorted())
            }
        }
        return nil
    }
}

/// `keyStyle`'s JSON keys, computed once per property name (a model has few properties).
///
/// Behind a lock, although a meta belongs to one thread: a container a model keeps past its
/// `init(from:)` keeps the meta too, and may be used on another thread. Uncontended otherwise,
/// and only types with a `keyStyle` ask.
private final class StyledKeyCache: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var keys: [String: String] = [:]

    func key(for property: String, style: KeyStyle) -> String {
        if let key = lock.withLock({ keys[property] }) { return key }
        let key = style.jsonKey(for: property)
        lock.withLock { keys[property] = key }
        return key
    }
}
