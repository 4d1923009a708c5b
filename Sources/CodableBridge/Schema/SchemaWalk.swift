import Foundation

/// One schema walk: the schemas of the types met, the `$defs` of recursive ones, and a value of
/// each type for the `init(from:)` that asked for it (see BridgeDecoder+JSONSchema.swift).
final class SchemaWalk {
    /// How many types may be walked inside one another.
    static let maxDepth = 64
    /// The options the schema describes.
    let options: BridgeDecoder
    /// Types whose `init(from:)` is running, innermost last.
    private var stack: [ObjectIdentifier] = []
    /// Types met again while their own walk ran: described once under `$defs`.
    private var recursive: Set<ObjectIdentifier> = []
    /// A value of a type whose walk is running, once one is known (an enum's first case).
    private var partialValues: [ObjectIdentifier: Any] = [:]
    /// Finished types: schema and a value (`nil`: none could be made).
    private var finished: [ObjectIdentifier: (schema: JSONValue, value: Any?)] = [:]
    /// `$defs` names by type, and the definitions in the order they were finished.
    private var defNames: [ObjectIdentifier: String] = [:]
    private(set) var defs = JSONObject()

    init(options: BridgeDecoder) {
        self.options = options
    }

    /// The whole document for `type`: its schema with the draft and the `$defs`.
    func document<T: Decodable>(for type: T.Type) throws -> JSONValue {
        let (schema, _) = try describe(T.self)
        var document = JSONObject()
        document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        if case .object(let body) = schema {
            for (key, value) in body { document[key] = value }
        }
        if !defs.isEmpty { document["$defs"] = .object(defs) }
        return .object(document)
    }

    // MARK: Types

    /// The schema of `T` and, when one can be made, a value of it. `override` is an
    /// `elementTypes` entry: the concrete type of the value, or of a collection's elements.
    ///
    /// - Throws: ``MappingTableError`` of a model met (as decoding would); nothing else.
    func describe<T: Decodable>(_ type: T.Type, override: (any Codable.Type)? = nil) throws -> (JSONValue, T?) {
        if let override {
            return try describe(T.self, as: override)
        }
        if let scalar = scalar(T.self) { return (scalar.schema, scalar.value as? T) }
        let id = ObjectIdentifier(T.self)
        if let done = finished[id] { return (done.schema, done.value as? T) }
        if stack.contains(id) {
            recursive.insert(id)
            return (reference(to: T.self), partialValues[id] as? T)
        }
        // Distinct types nested without end (a generic type holding itself with another
        // argument) stop here.
        guard stack.count < SchemaWalk.maxDepth else {
            return (SchemaJSON.unknown("Types nested more than \(SchemaWalk.maxDepth) deep: not described further."), nil)
        }
        stack.append(id)
        let described: (schema: JSONValue, value: T?)
        do {
            described = try composite(T.self)
        } catch {
            stack.removeLast()
            throw error
        }
        stack.removeLast()
        partialValues[id] = nil
        var schema = described.schema
        if recursive.contains(id) {
            defs[defName(of: T.self)] = schema
            schema = reference(to: T.self)
        }
        finished[id] = (schema, described.value)
        return (schema, described.value)
    }

    /// `describe` for a value of an unknown static type.
    func describeAny(_ type: any Decodable.Type) throws -> (JSONValue, Any?) {
        func open<V: Decodable>(_ type: V.Type) throws -> (JSONValue, Any?) {
            let (schema, value) = try describe(V.self)
            return (schema, value)
        }
        return try open(type)
    }

    /// Notes a value of `T` while its own walk still runs (an enum case decoded), for a
    /// recursive reference that needs one.
    func notePartialValue<T>(_ value: T) {
        let id = ObjectIdentifier(T.self)
        if partialValues[id] == nil { partialValues[id] = value }
    }

    /// `T` described as `override` (`elementTypes`): collections take it for their elements,
    /// other types are the override itself.
    private func describe<T: Decodable>(_ type: T.Type, as override: any Codable.Type) throws -> (JSONValue, T?) {
        if let optional = T.self as? any SchemaOptional.Type {
            let (schema, _) = try optional.describeWrapped(in: self, override: override)
            return (SchemaJSON.nullable(schema), optional.schemaNone as? T)
        }
        if let sequence = T.self as? any SchemaSequence.Type {
            let (items, _) = try describeAny(override)
            return (.object(["type": "array", "items": items]), sequence.schemaEmpty as? T)
        }
        if let dictionary = T.self as? any SchemaDictionary.Type, dictionary.schemaHasStringKeys {
            let (values, _) = try describeAny(override)
            return (.object(["type": "object", "additionalProperties": values]), dictionary.schemaEmpty as? T)
        }
        let (schema, value) = try describeAny(override)
        return (schema, value as? T)
    }

    private func reference<T>(to type: T.Type) -> JSONValue {
        .object(["$ref": .string("#/$defs/" + defName(of: T.self))])
    }

    private func defName<T>(of type: T.Type) -> String {
        let id = ObjectIdentifier(T.self)
        if let name = defNames[id] { return name }
        let readable = String(_typeName(T.self, qualified: false).map { $0.isLetter || $0.isNumber ? $0 : "_" })
        var name = readable
        var suffix = 2
        while defNames.values.contains(name) {
            name = readable + "_\(suffix)"
            suffix += 1
        }
        defNames[id] = name
        return name
    }

    // MARK: Composite types

    /// Optionals, collections, raw-value enums, untyped values, then `init(from:)` under a probe.
    private func composite<T: Decodable>(_ type: T.Type) throws -> (schema: JSONValue, value: T?) {
        if let optional = T.self as? any SchemaOptional.Type {
            let (schema, _) = try optional.describeWrapped(in: self, override: nil)
            return (SchemaJSON.nullable(schema), optional.schemaNone as? T)
        }
        if let sequence = T.self as? any SchemaSequence.Type {
            let (items, _) = try describeAny(sequence.schemaElement)
            return (.object(["type": "array", "items": items]), sequence.schemaEmpty as? T)
        }
        if let dictionary = T.self as? any SchemaDictionary.Type, dictionary.schemaHasStringKeys {
            let (values, _) = try describeAny(dictionary.schemaValue)
            var schema: JSONObject = ["type": "object", "additionalProperties": values]
            if dictionary.schemaHasIntKeys { schema["description"] = "Keys are integers written as strings." }
            return (.object(schema), dictionary.schemaEmpty as? T)
        }
        if TypeShape.mayBeEnum(T.self), let unknownCase = ConformanceIndex.unknownCaseType(T.self) {
            return try openRaw(unknownCase, T.self)
        }
        if let cases = T.self as? any (CaseIterable & RawRepresentable).Type, let listed = try caseList(cases, T.self) {
            return listed
        }
        if TypeShape.mayBeEnum(T.self), let raw = T.self as? any RawRepresentable.Type, let listed = try layoutCaseList(raw, T.self) {
            return listed
        }
        let model = ConformanceIndex.model(T.self)
        let meta = try model.map { model throws(MappingTableError) in try ModelMeta.of(model) }
        if let model, let meta, meta.hasWillDecode, !Self.keepsObjects(model, meta) {
            return (.object(["type": "object", "description": .string(
                "\(meta.typeName) rewrites its object (willDecode) before reading it: its members are not known in advance.")]),
                try? SchemaProbe.run(T.self, walk: self, meta: meta).value)
        }
        return try SchemaProbe.describe(T.self, walk: self, meta: meta)
    }

    /// Whether a model's `willDecode` leaves objects as they are, as far as a probe can tell:
    /// every class model has the hook (`BridgeObject`'s returns its input), so one that reaches a
    /// default (no override, or one that calls `super`) and returns a probe object unchanged is
    /// taken not to rewrite.
    private static func keepsObjects(_ model: any MappableCodable.Type, _ meta: ModelMeta) -> Bool {
        guard meta.willDecodeReachesDefault else { return false }
        let probe: JSONValue = ["id": 1, "name": "probe", "items": [true, nil]]
        return (try? model.willDecode(probe)) == probe
    }

    /// An ``UnknownCaseRepresentable`` enum: any value of its raw type.
    private func openRaw<T>(_ enumType: any UnknownCaseRepresentable.Type, _ type: T.Type) throws -> (schema: JSONValue, value: T?) {
        func raw<E: UnknownCaseRepresentable>(_ enumType: E.Type) throws -> (schema: JSONValue, value: T?) {
            guard let rawType = E.RawValue.self as? any Decodable.Type else { return (SchemaJSON.anything, E.unknownCase as? T) }
            let (schema, _) = try describeAny(rawType)
            return (schema, E.unknownCase as? T)
        }
        return try raw(enumType)
    }

    /// A `CaseIterable` raw-value enum: `enum` of its raw values (`nil` when they are not JSON
    /// scalars).
    private func caseList<T>(_ cases: any (CaseIterable & RawRepresentable).Type, _ type: T.Type) throws -> (schema: JSONValue, value: T?)? {
        func list<E: CaseIterable & RawRepresentable>(_ enumType: E.Type) throws -> (schema: JSONValue, value: T?)? {
            try rawValueList(Array(E.allCases), T.self)
        }
        return try list(cases)
    }

    /// Another raw-value enum: its cases read from its layout (Runtime/PayloadFreeEnum.swift).
    private func layoutCaseList<T>(_ raw: any RawRepresentable.Type, _ type: T.Type) throws -> (schema: JSONValue, value: T?)? {
        func list<E: RawRepresentable>(_ enumType: E.Type) throws -> (schema: JSONValue, value: T?)? {
            guard let cases = PayloadFreeEnum.cases(of: E.self) else { return nil }
            return try rawValueList(cases, T.self)
        }
        return try list(raw)
    }

    /// The raw type's schema with `enum` listing the raw values of `cases`.
    private func rawValueList<E: RawRepresentable, T>(_ cases: [E], _ type: T.Type) throws -> (schema: JSONValue, value: T?)? {
        var values: [JSONValue] = []
        for value in cases {
            guard let json = SchemaJSON.scalar(value.rawValue) else { return nil }
            values.append(json)
        }
        guard !values.isEmpty, let rawType = E.RawValue.self as? any Decodable.Type else { return nil }
        let (schema, _) = try describeAny(rawType)
        guard case .object(var object) = schema else { return nil }
        object["enum"] = .array(values)
        return (.object(object), cases.first as? T)
    }

    // MARK: Scalars

    /// The schema and a value of a type the decoder reads itself (`nil` for other types).
    func scalar<T>(_ type: T.Type) -> (schema: JSONValue, value: Any)? {
        if T.self == String.self { return (SchemaJSON.type("string"), "") }
        if T.self == Bool.self { return (SchemaJSON.type("boolean"), false) }
        if T.self == Int.self { return integer(Int.self) }
        if T.self == Int8.self { return integer(Int8.self) }
        if T.self == Int16.self { return integer(Int16.self) }
        if T.self == Int32.self { return integer(Int32.self) }
        if T.self == Int64.self { return integer(Int64.self) }
        if T.self == UInt.self { return integer(UInt.self) }
        if T.self == UInt8.self { return integer(UInt8.self) }
        if T.self == UInt16.self { return integer(UInt16.self) }
        if T.self == UInt32.self { return integer(UInt32.self) }
        if T.self == UInt64.self { return integer(UInt64.self) }
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            if T.self == Int128.self { return integer(Int128.self) }
            if T.self == UInt128.self { return integer(UInt128.self) }
        }
        if T.self == Double.self { return (floatingPoint(), 0.0 as Double) }
        if T.self == Float.self { return (floatingPoint(), 0.0 as Float) }
        if T.self == Decimal.self { return (SchemaJSON.type("number"), Decimal(0)) }
        if T.self == Date.self { return (date(), Date(timeIntervalSince1970: 0)) }
        if T.self == Data.self { return (data(), Data()) }
        // safe: a constant, valid URL
        if T.self == URL.self { return (.object(["type": "string", "format": "uri"]), URL(string: "https://example.com")!) }
        if T.self == UUID.self { return (.object(["type": "string", "format": "uuid"]), UUID()) }
        if T.self == JSONValue.self { return (SchemaJSON.anything, JSONValue.null) }
        if T.self == JSONObject.self { return (SchemaJSON.type("object"), JSONObject()) }
        return nil
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) -> (schema: JSONValue, value: Any) {
        let schema: JSONObject = ["type": "integer", "minimum": .number(JSONNumber(I.min)), "maximum": .number(JSONNumber(I.max))]
        return (.object(schema), I.zero)
    }

    private func floatingPoint() -> JSONValue {
        if case .convertFromString(let positive, let negative, let nan) = options.nonConformingFloatDecodingStrategy.base {
            return .object(["oneOf": [SchemaJSON.type("number"), .object(["enum": [.string(positive), .string(negative), .string(nan)]])]])
        }
        return SchemaJSON.type("number")
    }

    private func date() -> JSONValue {
        switch options.dateDecodingStrategy.base {
        case .flexible:
            return .object(["type": ["string", "number"], "format": "date-time",
                            "description": "A date: a date string (ISO 8601 and other common formats) or seconds since 1970."])
        case .iso8601:
            return .object(["type": "string", "format": "date-time"])
        case .secondsSince1970:
            return .object(["type": "number", "description": "Seconds since 1970."])
        case .millisecondsSince1970:
            return .object(["type": "number", "description": "Milliseconds since 1970."])
        case .deferredToDate:
            return .object(["type": "number", "description": "Seconds since 2001-01-01T00:00:00Z."])
        case .formatted(let formatter):
            return .object(["type": "string", "description": .string("A date in the format \"\(formatter.dateFormat ?? "")\".")])
        case .custom:
            return SchemaJSON.unknown("A date read by a custom dateDecodingStrategy.")
        }
    }

    private func data() -> JSONValue {
        switch options.dataDecodingStrategy.base {
        case .base64:
            return .object(["type": "string", "contentEncoding": "base64"])
        case .deferredToData:
            return .object(["type": "array", "items": .object(["type": "integer", "minimum": 0, "maximum": 255])])
        case .custom:
            return SchemaJSON.unknown("Data read by a custom dataDecodingStrategy.")
        }
    }
}

extension SchemaJSON {
    /// A raw value as JSON, when it is a string, a Boolean or a number.
    static func scalar(_ value: Any) -> JSONValue? {
        switch value {
        case let string as String: .string(string)
        case let bool as Bool: .bool(bool)
        case let int as Int: .number(JSONNumber(int))
        case let int as Int64: .number(JSONNumber(int))
        case let int as Int32: .number(JSONNumber(int))
        case let int as UInt: .number(JSONNumber(int))
        case let double as Double: .number(JSONNumber(double))
        default: nil
        }
    }
}

// MARK: - Collection shapes

/// `Optional`, seen generically by the schema walk.
protocol SchemaOptional {
    static var schemaNone: Self { get }
    static func describeWrapped(in walk: SchemaWalk, override: (any Codable.Type)?) throws -> (JSONValue, Any?)
    /// An optional flattened property: its model's members are never required.
    static func flattenWrapped(probe: SchemaProbe, object: SchemaObject, codingPath: [any CodingKey]) throws
}

extension Optional: SchemaOptional where Wrapped: Decodable {
    static var schemaNone: Self { nil }
    static func describeWrapped(in walk: SchemaWalk, override: (any Codable.Type)?) throws -> (JSONValue, Any?) {
        let (schema, value) = try walk.describe(Wrapped.self, override: override)
        return (schema, value)
    }

    static func flattenWrapped(probe: SchemaProbe, object: SchemaObject, codingPath: [any CodingKey]) throws {
        _ = try SchemaKeyedContainer<AnyCodingKey>.flattenModel(Wrapped.self, probe: probe, object: object, codingPath: codingPath,
                                                                requiredAllowed: false)
    }
}

/// Arrays and sets, seen generically by the schema walk.
protocol SchemaSequence {
    static var schemaElement: any Decodable.Type { get }
    static var schemaEmpty: Self { get }
}

extension Array: SchemaSequence where Element: Decodable {
    static var schemaElement: any Decodable.Type { Element.self }
    static var schemaEmpty: Self { [] }
}

extension ContiguousArray: SchemaSequence where Element: Decodable {
    static var schemaElement: any Decodable.Type { Element.self }
    static var schemaEmpty: Self { [] }
}

extension Set: SchemaSequence where Element: Decodable {
    static var schemaElement: any Decodable.Type { Element.self }
    static var schemaEmpty: Self { [] }
}

/// Dictionaries, seen generically by the schema walk.
protocol SchemaDictionary {
    static var schemaHasStringKeys: Bool { get }
    static var schemaHasIntKeys: Bool { get }
    static var schemaValue: any Decodable.Type { get }
    static var schemaEmpty: Self { get }
}

extension Dictionary: SchemaDictionary where Key: Decodable, Value: Decodable {
    static var schemaHasStringKeys: Bool { Key.self == String.self || Key.self == Int.self }
    static var schemaHasIntKeys: Bool { Key.self == Int.self }
    static var schemaValue: any Decodable.Type { Value.self }
    static var schemaEmpty: Self { [:] }
}
