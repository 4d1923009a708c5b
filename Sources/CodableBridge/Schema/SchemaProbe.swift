import Foundation

/// The `Decoder` a type's `init(from:)` runs against during a schema walk: it decodes no document,
/// it notes what is asked for (see BridgeDecoder+JSONSchema.swift) and answers each request with
/// a value of the requested type made by the walk.
final class SchemaProbe: Decoder, BridgeValueDecoding {
    let walk: SchemaWalk
    /// The mapping of the model whose `init(from:)` runs (`nil` for a plain type).
    let meta: ModelMeta?
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { walk.options.userInfo }
    /// The object keyed containers write to (a flattened model shares its parent's).
    let object: SchemaObject
    /// Whether a member may be required (`false` inside an optional flattened model).
    let requiredAllowed: Bool
    /// An enum pass: the one case `allKeys` answers; keys are case names, not mapped.
    let forcedCase: String?

    /// What the `init(from:)` asked for first.
    enum Shape { case none, keyed, unkeyed, single }
    private(set) var shape = Shape.none
    /// The unkeyed or single-value reads.
    let values = SchemaValues()
    /// The case names of the coding keys asked for, when the type is an enum.
    private(set) var caseNames: [String]?
    /// Whether the `init(from:)` read `allKeys`.
    var askedAllKeys = false
    /// Keys looked up with `contains`: read only when present.
    var checkedKeys: Set<String> = []
    /// The type whose `init(from:)` runs.
    let typeIsEnum: Bool

    init(walk: SchemaWalk, meta: ModelMeta?, object: SchemaObject, codingPath: [any CodingKey] = [], requiredAllowed: Bool = true,
         forcedCase: String? = nil, typeIsEnum: Bool = false) {
        self.walk = walk
        self.meta = meta
        self.object = object
        self.codingPath = codingPath
        self.requiredAllowed = requiredAllowed
        self.forcedCase = forcedCase
        self.typeIsEnum = typeIsEnum
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if shape == .none { shape = .keyed }
        if typeIsEnum, caseNames == nil { caseNames = TypeShape.caseNames(of: Key.self) }
        if let meta, forcedCase == nil {
            object.namedKeys.formUnion(meta.namedKeys)
            if meta.unknownKeysProperty != nil { object.readsAllKeys = true }
        }
        return KeyedDecodingContainer(SchemaKeyedContainer<Key>(probe: self, object: object, meta: forcedCase == nil ? meta : nil,
                                                                 codingPath: codingPath, isTop: true))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if shape == .none { shape = .unkeyed }
        return SchemaUnkeyedContainer(walk: walk, values: values, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        if shape == .none { shape = .single }
        return SchemaSingleValueContainer(walk: walk, values: values, codingPath: codingPath)
    }

    func decodeJSONValue() throws -> JSONValue {
        if shape == .none { shape = .single }
        values.add(SchemaJSON.anything)
        return .null
    }

    /// The schema of what the `init(from:)` asked for (`{}` when it read nothing).
    var schema: JSONValue {
        switch shape {
        case .none: SchemaJSON.anything
        case .keyed: object.json()
        case .unkeyed: values.arrayJSON()
        case .single: values.singleJSON()
        }
    }

    // MARK: Walking a type

    /// The schema of `T` read through its `init(from:)`, and the value it made.
    ///
    /// - Throws: ``MappingTableError`` only; a type that refuses the probe is `{}` with a
    ///   description saying so.
    static func describe<T: Decodable>(_ type: T.Type, walk: SchemaWalk, meta: ModelMeta?) throws -> (schema: JSONValue, value: T?) {
        // Portable mode cannot tell an enum by its type (`nil`): an `init(from:)` that reads
        // `allKeys` and refuses the probe's empty object is taken for an enum's.
        let isEnum = TypeShape.isEnum(T.self)
        let probe = SchemaProbe(walk: walk, meta: meta, object: SchemaObject(), typeIsEnum: isEnum ?? true)
        probe.object.closed = walk.options.unknownKeyStrategy.base == .throw
        do {
            let value = try T(from: probe)
            if !(isEnum == true && probe.askedAllKeys && probe.shape == .keyed) { return (probe.schema, value) }
        } catch let error as MappingTableError {
            throw error
        } catch {
            if !(isEnum != false && probe.askedAllKeys && probe.shape == .keyed) {
                return (refusal(T.self, error), nil)
            }
        }
        guard let cases = probe.caseNames else {
            return (SchemaEnum.unlisted(meta: meta, typeName: _typeName(T.self, qualified: false)), nil)
        }
        return try SchemaEnum.describe(T.self, cases: cases, walk: walk, meta: meta)
    }

    /// Runs `T`'s `init(from:)` under a probe, for its value only.
    static func run<T: Decodable>(_ type: T.Type, walk: SchemaWalk, meta: ModelMeta?) throws -> (schema: JSONValue, value: T) {
        let probe = SchemaProbe(walk: walk, meta: meta, object: SchemaObject())
        let value = try T(from: probe)
        return (probe.schema, value)
    }

    /// `{}` with a description: the type's `init(from:)` could not be followed.
    static func refusal<T>(_ type: T.Type, _ error: any Error) -> JSONValue {
        let reason = switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
             DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            context.debugDescription
        default:
            String(describing: error)
        }
        return SchemaJSON.unknown("The schema walk cannot enter \(_typeName(T.self, qualified: false)): its init(from:) refused the probe (\(reason)). Any value is shown as accepted.")
    }

    /// The error for a request no value can answer (a type that cannot be entered, asked for
    /// a non-optional value).
    static func noValue<T>(_ type: T.Type, codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "no value of \(_typeName(T.self, qualified: false)) can be made"))
    }

    /// Answers a request for a `T`: its schema goes to `record`, its value comes back.
    static func value<T: Decodable>(_ type: T.Type, walk: SchemaWalk, override: (any Codable.Type)? = nil, codingPath: [any CodingKey],
                                    record: (JSONValue) -> Void) throws -> T {
        let (schema, value) = try walk.describe(T.self, override: override)
        record(schema)
        guard let value else { throw noValue(T.self, codingPath: codingPath) }
        return value
    }
}

/// The reads of an unkeyed or single-value container: the value schemas met, in order.
final class SchemaValues {
    private var schemas: [JSONValue] = []
    private var objects: [SchemaObject] = []
    private var nested: [SchemaValues] = []
    /// Whether `decodeNil()` was asked (`null` is accepted).
    var nullable = false

    func add(_ schema: JSONValue) { schemas.append(schema) }
    func add(_ object: SchemaObject) { objects.append(object) }
    func add(_ values: SchemaValues) { nested.append(values) }

    /// The distinct schemas read.
    private var all: [JSONValue] {
        var result: [JSONValue] = []
        for schema in schemas + objects.map({ $0.json() }) + nested.map({ $0.arrayJSON() }) where !result.contains(schema) {
            result.append(schema)
        }
        return result
    }

    /// An unkeyed container's reads: an array whose items are the one schema read, or any value
    /// when the reads differ.
    func arrayJSON() -> JSONValue {
        let distinct = all
        var items = distinct.count == 1 ? distinct[0] : SchemaJSON.anything
        if nullable { items = SchemaJSON.nullable(items) }
        if distinct.isEmpty, !nullable { return SchemaJSON.type("array") }
        return .object(["type": "array", "items": items])
    }

    /// A single-value container's read.
    func singleJSON() -> JSONValue {
        let distinct = all
        let schema = distinct.count == 1 ? distinct[0] : SchemaJSON.anything
        return nullable ? SchemaJSON.nullable(schema) : schema
    }
}
