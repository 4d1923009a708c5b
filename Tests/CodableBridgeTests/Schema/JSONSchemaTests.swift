import Foundation
import Testing
@testable import CodableBridge

/// `BridgeDecoder.jsonSchema(for:)`: the schema's shape for each mapping rule, and — for every
/// fixture — agreement with the decoder: a document the decoder accepts validates, and under
/// `missingValueStrategy = .throw` a document it refuses does not.
@Suite("JSON Schema")
struct JSONSchemaTests {
    /// A `.strict` decoder (the schema describes documents read without repair).
    static func decoder(_ missing: MissingValueStrategy, unknownKeys: UnknownKeyStrategy = .ignore) -> BridgeDecoder {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        decoder.missingValueStrategy = missing
        decoder.unknownKeyStrategy = unknownKeys
        return decoder
    }

    /// Checks each document against the decoder and the schema; returns (accepted, refused) counts.
    @discardableResult
    static func expectAgreement<T: Decodable>(_ type: T.Type, _ decoder: BridgeDecoder, _ documents: [String], checksRefused: Bool = true,
                                              sourceLocation: SourceLocation = #_sourceLocation) throws -> (accepted: Int, refused: Int) {
        let validator = SchemaValidator(root: try decoder.jsonSchema(for: T.self))
        var counts = (accepted: 0, refused: 0)
        for document in documents {
            let errors = validator.errors(try JSONValue(parsing: document))
            if (try? decoder.decode(T.self, from: document)) != nil {
                counts.accepted += 1
                #expect(errors.isEmpty, "decodes but does not validate: \(document) \(errors)", sourceLocation: sourceLocation)
            } else {
                counts.refused += 1
                if decoder.missingValueStrategy == .throw, checksRefused {
                    #expect(!errors.isEmpty, "refused but validates: \(document)", sourceLocation: sourceLocation)
                }
            }
        }
        return counts
    }

    static func json(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: text)
    }

    static func requiredNames(_ schema: JSONValue?) -> Set<String> {
        guard case .array(let names)? = schema?["required"] else { return [] }
        return Set(names.compactMap(\.stringValue))
    }

    static func propertyNames(_ schema: JSONValue?) -> [String] {
        guard case .object(let properties)? = schema?["properties"] else { return [] }
        return properties.keys
    }

    /// Portable mode cannot list a coding-key enum's cases (Runtime/TypeShape.swift): enums with
    /// associated values are an object with a description there.
    #if CODABLEBRIDGE_PORTABLE
    static let listsCases = false
    #else
    static let listsCases = true
    #endif

    static let int = JSONValue.object(["type": "integer", "minimum": .number(JSONNumber(Int.min)), "maximum": .number(JSONNumber(Int.max))])

    // MARK: Keys

    @Test func renamedKeysPathsAndAlternates() throws {
        let schema = try Self.decoder(.throw).jsonSchema(for: SchemaBook.self)
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["type"] == "object")
        #expect(Self.propertyNames(schema) == ["n", "ext", "ext.desc", "id", "ID", "book_id", "pages"])
        #expect(schema["properties"]?["n"] == ["type": "string"])
        #expect(schema["properties"]?["ext"]?["properties"]?["desc"] == ["type": ["string", "null"]])
        #expect(schema["properties"]?["id"] == Self.int)
        // Alternates cannot be required one by one: a document with any of them decodes.
        #expect(Self.requiredNames(schema) == ["n", "pages"])
        let counts = try Self.expectAgreement(SchemaBook.self, Self.decoder(.throw), [
            #"{"n": "Dune", "id": 1, "pages": 3}"#,
            #"{"n": "Dune", "ID": 1, "pages": 3, "ext": {"desc": "sand"}}"#,
            #"{"n": "Dune", "book_id": 1, "pages": 3, "ext": {"desc": null}}"#,
            #"{"n": "Dune", "id": 1}"#,
            #"{"name": "Dune", "id": 1, "pages": 3}"#,
            #"{"n": 5, "id": 1, "pages": 3}"#,
            #"{"n": "Dune", "id": 1, "pages": 3, "ext": {"desc": 5}}"#,
            #"{"n": "Dune", "id": "x", "pages": 3}"#,
        ])
        #expect(counts.accepted == 3 && counts.refused == 5)
        try Self.expectAgreement(SchemaBook.self, Self.decoder(.useDefault), [#"{}"#, #"{"n": "Dune"}"#, #"{"ext": {}}"#])
    }

    @Test func keyPathsAreNestedObjects() throws {
        let schema = try Self.decoder(.throw).jsonSchema(for: SchemaNested.self)
        #expect(Self.propertyNames(schema) == ["address"])
        #expect(Self.requiredNames(schema) == ["address"])
        #expect(Self.propertyNames(schema["properties"]?["address"]) == ["city", "zip"])
        #expect(Self.requiredNames(schema["properties"]?["address"]) == ["city"])
        let counts = try Self.expectAgreement(SchemaNested.self, Self.decoder(.throw), [
            #"{"address": {"city": "Paris"}}"#,
            #"{"address": {"city": "Paris", "zip": 75001}}"#,
            #"{"address": {"zip": 75001}}"#,
            #"{"city": "Paris"}"#,
            #"{"address": "Paris"}"#,
        ])
        #expect(counts.accepted == 2 && counts.refused == 3)
    }

    @Test func keyStyleIgnoredAndOnlyProperties() throws {
        let styled = try Self.decoder(.throw).jsonSchema(for: SchemaStyled.self)
        #expect(Self.propertyNames(styled) == ["first_name", "user_id"])
        #expect(Self.requiredNames(styled) == ["first_name", "user_id"])
        let only = try Self.decoder(.throw).jsonSchema(for: SchemaOnly.self)
        #expect(Self.propertyNames(only) == ["kept"])
        try Self.expectAgreement(SchemaStyled.self, Self.decoder(.throw), [
            #"{"first_name": "Ada", "user_id": 1}"#, #"{"firstName": "Ada", "user_id": 1}"#, #"{"first_name": "Ada"}"#,
        ])
    }

    @Test func keyDecodingStrategySpellsOwnKeys() throws {
        var decoder = Self.decoder(.throw)
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let schema = try decoder.jsonSchema(for: SchemaSnake.self)
        // The converted key first; the coding key as written converts to itself, so it is read too.
        #expect(Self.propertyNames(schema) == ["first_name", "firstName", "last_seen", "lastSeen"])
        #expect(Self.requiredNames(schema) == [])
        let counts = try Self.expectAgreement(SchemaSnake.self, decoder, [
            #"{"first_name": "Ada"}"#, #"{"first_name": "Ada", "last_seen": 3}"#, #"{"firstName": "Ada"}"#,
            #"{"first_name": 1}"#, #"{"first_name": "Ada", "last_seen": "3"}"#,
        ])
        #expect(counts.accepted == 3 && counts.refused == 2)
        decoder.keyDecodingStrategy = .custom { $0.last ?? AnyCodingKey("") }
        let custom = try decoder.jsonSchema(for: SchemaSnake.self)
        #expect(custom["properties"] == nil)
        #expect(custom["description"]?.stringValue?.contains("custom keyDecodingStrategy") == true)
    }

    // MARK: Shapes

    @Test func flattenedModelsAreInlined() throws {
        let schema = try Self.decoder(.throw).jsonSchema(for: SchemaPerson.self)
        #expect(Self.propertyNames(schema) == ["name", "city", "zip"])
        #expect(Self.requiredNames(schema) == ["name", "city"])
        let optional = try Self.decoder(.throw).jsonSchema(for: SchemaMaybePerson.self)
        #expect(Self.propertyNames(optional) == ["name", "city", "zip"])
        #expect(Self.requiredNames(optional) == ["name"])
        let counts = try Self.expectAgreement(SchemaPerson.self, Self.decoder(.throw), [
            #"{"name": "Ada", "city": "Paris"}"#, #"{"name": "Ada", "city": "Paris", "zip": "75001"}"#,
            #"{"name": "Ada"}"#, #"{"name": "Ada", "address": {"city": "Paris"}}"#,
        ])
        #expect(counts.accepted == 2 && counts.refused == 2)
    }

    @Test func taggedEnumsAreOneOfWithConstTags() throws {
        let decoder = Self.decoder(.throw)
        guard Self.listsCases else {
            let internalSchema = try decoder.jsonSchema(for: SchemaInternalShape.self)
            #expect(internalSchema["type"] == "object" && Self.requiredNames(internalSchema) == ["type"])
            #expect(internalSchema["description"]?.stringValue?.contains("cannot be listed") == true)
            try Self.expectAgreement(SchemaInternalShape.self, decoder, [#"{"type": "circle", "radius": 2}"#], checksRefused: false)
            return
        }
        let external = try decoder.jsonSchema(for: SchemaExternalShape.self)
        guard case .array(let variants)? = external["oneOf"] else { Issue.record("no oneOf: \(external)"); return }
        #expect(variants.map { Self.requiredNames($0) } == [["CIRCLE"], ["square"], ["none"]])
        let internalSchema = try decoder.jsonSchema(for: SchemaInternalShape.self)
        guard case .array(let tagged)? = internalSchema["oneOf"] else { Issue.record("no oneOf: \(internalSchema)"); return }
        #expect(tagged.map { $0["properties"]?["type"]?["const"] } == ["circle", "rectangle", "none"])
        #expect(Self.requiredNames(tagged[1]) == ["type", "width", "height"])

        var counts = try Self.expectAgreement(SchemaExternalShape.self, decoder, [
            #"{"CIRCLE": {"radius": 2}}"#, #"{"square": {"_0": 3}}"#, #"{"none": {}}"#,
            #"{"circle": {"radius": 2}}"#, #"{"CIRCLE": {}}"#, #"{"CIRCLE": {"radius": 2}, "none": {}}"#, #"{}"#,
        ])
        #expect(counts.accepted == 3 && counts.refused == 4)
        counts = try Self.expectAgreement(SchemaInternalShape.self, decoder, [
            #"{"type": "circle", "radius": 2}"#, #"{"type": "rectangle", "width": 1, "height": 2}"#, #"{"type": "none"}"#,
            #"{"type": "rect", "width": 1, "height": 2}"#, #"{"type": "rectangle", "width": 1}"#, #"{"radius": 2}"#,
        ])
        #expect(counts.accepted == 3 && counts.refused == 3)
        counts = try Self.expectAgreement(SchemaAdjacentShape.self, decoder, [
            #"{"type": "circle", "value": {"radius": 2}}"#, #"{"type": "none"}"#, #"{"type": "none", "value": {}}"#,
            #"{"type": "circle"}"#, #"{"type": "square", "value": {}}"#, #"{"value": {"radius": 2}}"#,
        ])
        #expect(counts.accepted == 3 && counts.refused == 3)
    }

    // MARK: Required

    @Test(arguments: [
        (MissingValueStrategy.throw, ["count", "tags"] as Set<String>),
        (MissingValueStrategy.useDefault, [] as Set<String>),
    ])
    func requiredFollowsTheMissingValueStrategy(strategy: MissingValueStrategy, required: Set<String>) throws {
        let schema = try Self.decoder(strategy).jsonSchema(for: SchemaOptionals.self)
        #expect(Self.requiredNames(schema) == required)
        #expect(schema["properties"]?["label"] == ["type": ["string", "null"]])
        #expect(schema["properties"]?["extra"]?["type"] == ["object", "null"])
        try Self.expectAgreement(SchemaOptionals.self, Self.decoder(strategy), [
            #"{"count": 1, "tags": []}"#, #"{"count": 1, "tags": ["a"], "label": null, "extra": {"a": 1}}"#,
            #"{"count": 1}"#, #"{"tags": []}"#, #"{"count": 1, "tags": [1]}"#,
        ])
    }

    @Test func unknownKeysThrowClosesObjects() throws {
        let decoder = Self.decoder(.throw, unknownKeys: .throw)
        let schema = try decoder.jsonSchema(for: SchemaBook.self)
        #expect(schema["additionalProperties"] == false)
        #expect(schema["properties"]?["ext"]?["additionalProperties"] == false)
        #expect(try Self.decoder(.throw).jsonSchema(for: SchemaBook.self)["additionalProperties"] == nil)
        let counts = try Self.expectAgreement(SchemaBook.self, decoder, [
            #"{"n": "Dune", "id": 1, "pages": 3}"#, #"{"n": "Dune", "id": 1, "pages": 3, "extra": true}"#,
            #"{"n": "Dune", "id": 1, "pages": 3, "ext": {"desc": "a", "more": 1}}"#,
        ])
        #expect(counts.accepted == 1 && counts.refused == 2)
        // Ignored properties are named by the table: not unknown.
        try Self.expectAgreement(SchemaStyled.self, decoder, [#"{"first_name": "Ada", "user_id": 1, "secret": "x", "written": "y"}"#])
    }

    // MARK: Types

    @Test func recursiveTypesUseDefinitions() throws {
        let decoder = Self.decoder(.throw)
        let tree = try decoder.jsonSchema(for: SchemaTreeNode.self)
        #expect(tree["$ref"] == "#/$defs/SchemaTreeNode")
        #expect(tree["$defs"]?["SchemaTreeNode"]?["properties"]?["children"]?["items"] == ["$ref": "#/$defs/SchemaTreeNode"])
        let counts = try Self.expectAgreement(SchemaTreeNode.self, decoder, [
            #"{"name": "root", "children": []}"#,
            #"{"name": "root", "children": [{"name": "leaf", "children": []}]}"#,
            #"{"name": "root", "children": [{"name": "leaf"}]}"#,
            #"{"name": "root", "children": [{"name": 1, "children": []}]}"#,
        ])
        #expect(counts.accepted == 2 && counts.refused == 2)
        try Self.expectAgreement(SchemaLink.self, decoder, [#"{"value": 1, "next": {"value": 2, "next": null}}"#, #"{"value": 1, "next": {}}"#])
        guard Self.listsCases else { return }
        let expression = try decoder.jsonSchema(for: SchemaExpression.self)
        #expect(expression["$ref"] == "#/$defs/SchemaExpression")
        let expressionCounts = try Self.expectAgreement(SchemaExpression.self, decoder, [
            #"{"number": {"_0": 1}}"#, #"{"sum": {"_0": {"number": {"_0": 1}}, "_1": {"number": {"_0": 2}}}}"#,
            #"{"sum": {"_0": {"number": {"_0": 1}}}}"#, #"{"sum": {"_0": {"number": {}}, "_1": {"number": {"_0": 2}}}}"#,
        ])
        #expect(expressionCounts.accepted == 2 && expressionCounts.refused == 2)
    }

    @Test func collections() throws {
        let decoder = Self.decoder(.throw)
        let schema = try decoder.jsonSchema(for: SchemaCollections.self)
        #expect(schema["properties"]?["numbers"] == ["type": "array", "items": Self.int])
        #expect(schema["properties"]?["names"] == ["type": "array", "items": ["type": "string"]])
        #expect(schema["properties"]?["scores"] == ["type": "object", "additionalProperties": ["type": "number"]])
        #expect(schema["properties"]?["grid"]?["items"]?["items"] == ["type": "integer", "minimum": -128, "maximum": 127])
        let counts = try Self.expectAgreement(SchemaCollections.self, decoder, [
            #"{"numbers": [1, 2], "names": ["a"], "scores": {"x": 1.5}, "grid": [[1, -2], []]}"#,
            #"{"numbers": [], "names": [], "scores": {}, "grid": [], "books": [{"city": "Paris"}]}"#,
            #"{"numbers": [1.5], "names": [], "scores": {}, "grid": []}"#,
            #"{"numbers": [], "names": [], "scores": {"x": "y"}, "grid": []}"#,
            #"{"numbers": [], "names": [], "scores": {}, "grid": [[300]]}"#,
            #"{"numbers": [], "names": [], "scores": {}, "grid": [], "books": [{"zip": "1"}]}"#,
        ])
        #expect(counts.accepted == 2 && counts.refused == 4)
        #expect(try decoder.jsonSchema(for: [SchemaAddress].self)["items"]?["type"] == "object")
        #expect(try decoder.jsonSchema(for: [String: Int].self)["additionalProperties"] == Self.int)
    }

    @Test(arguments: [
        ("iso8601", #"{"type": "string", "format": "date-time"}"#, #"{"name": "a", "at": "2024-05-01T12:00:00Z"}"#, #"{"name": "a", "at": 1714564800}"#),
        ("seconds", #"{"type": "number", "description": "Seconds since 1970."}"#, #"{"name": "a", "at": 1714564800}"#, #"{"name": "a", "at": "2024-05-01T12:00:00Z"}"#),
    ])
    func datesFollowTheStrategy(strategy: String, expected: String, accepted: String, refused: String) throws {
        var decoder = Self.decoder(.throw)
        decoder.dateDecodingStrategy = strategy == "iso8601" ? .iso8601 : .secondsSince1970
        let schema = try decoder.jsonSchema(for: SchemaEvent.self)
        #expect(schema["properties"]?["at"] == (try Self.json(expected)))
        let counts = try Self.expectAgreement(SchemaEvent.self, decoder, [accepted, refused])
        #expect(counts.accepted == 1 && counts.refused == 1)
    }

    @Test(arguments: [
        ("small", #"{"type": "integer", "minimum": -128, "maximum": 127}"#),
        ("byte", #"{"type": "integer", "minimum": 0, "maximum": 255}"#),
        ("big", #"{"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807}"#),
        ("ratio", #"{"type": "number"}"#),
        ("price", #"{"type": "number"}"#),
        ("flag", #"{"type": "boolean"}"#),
        ("link", #"{"type": "string", "format": "uri"}"#),
        ("id", #"{"type": "string", "format": "uuid"}"#),
        ("blob", #"{"type": "string", "contentEncoding": "base64"}"#),
        ("color", #"{"type": "string", "enum": ["red", "green", "blue"]}"#),
        ("status", #"{"type": "string"}"#),
        ("any", #"{}"#),
    ])
    func scalarTypes(property: String, expected: String) throws {
        let schema = try Self.decoder(.throw).jsonSchema(for: SchemaScalars.self)
        #expect(schema["properties"]?[property] == (try Self.json(expected)))
    }

    @Test func rawValueEnumsListTheirCases() throws {
        let schema = try Self.decoder(.throw).jsonSchema(for: SchemaScalars.self)
        let level = try #require(schema["properties"]?["level"])
        // Portable mode lists only `CaseIterable` enums; a raw-value enum is then `{}` (its
        // `init(from:)` refuses the probe's raw value).
        #expect(level == (Self.listsCases ? ["type": ["integer", "null"], "minimum": .number(JSONNumber(Int.min)),
                                             "maximum": .number(JSONNumber(Int.max)), "enum": [1, 5, nil]] : level))
        #expect(Self.listsCases || level["description"] != nil)
        #expect(schema["properties"]?["color"] != nil)
    }

    @Test func elementTypesDescribeTheConcreteType() throws {
        let schema = try Self.decoder(.throw).jsonSchema(for: SchemaCattery.self)
        #expect(Self.propertyNames(schema["properties"]?["cats"]?["items"]) == ["lives", "name"])
        #expect(schema["properties"]?["boss"]?["type"] == ["object", "null"])
        #expect(Self.propertyNames(schema["properties"]?["boss"]) == ["lives", "name"])
        try Self.expectAgreement(SchemaCattery.self, Self.decoder(.throw), [
            #"{"cats": [{"name": "Tom", "lives": 9}], "boss": null}"#, #"{"cats": [{"name": "Tom"}]}"#,
        ])
    }

    @Test func handWrittenInitFromIsFollowed() throws {
        let schema = try Self.decoder(.throw).jsonSchema(for: SchemaHandWritten.self)
        #expect(Self.propertyNames(schema) == ["id", "note", "position"])
        #expect(Self.requiredNames(schema) == ["id", "position"])
        #expect(schema["properties"]?["position"]?["properties"]?["lat"] == ["type": "number"])
        #expect(try Self.decoder(.throw).jsonSchema(for: SchemaWrapper.self)["type"] == "string")
        try Self.expectAgreement(SchemaHandWritten.self, Self.decoder(.throw), [
            #"{"id": 1, "position": {"lat": 1.5}}"#, #"{"id": 1, "note": "n", "position": {"lat": 1.5}}"#, #"{"id": 1, "position": {}}"#,
        ])
    }

    // MARK: What the walk cannot enter

    @Test func aTypeThatRefusesEveryProbeIsAnything() throws {
        let schema = try Self.decoder(.throw).jsonSchema(for: SchemaRefuser.self)
        #expect(schema["type"] == nil)
        #expect(schema["description"]?.stringValue?.contains("cannot enter SchemaRefuser") == true)
        #expect(schema["description"]?.stringValue?.contains("never decodable") == true)
        let holder = try Self.decoder(.throw).jsonSchema(for: SchemaRefuserHolder.self)
        #expect(holder["properties"]?["odd"]?["description"] != nil)
        #expect(Self.requiredNames(holder) == ["name"])
    }

    @Test func untypedValuesAcceptAnything() throws {
        let schema = try Self.decoder(.throw).jsonSchema(for: SchemaUntyped.self)
        #expect(schema["properties"]?["payload"] == [:])
        #expect(schema["properties"]?["extra"] == [:])
        #expect(Self.requiredNames(schema) == ["name"])
        let counts = try Self.expectAgreement(SchemaUntyped.self, Self.decoder(.throw), [
            #"{"name": "a"}"#, #"{"name": "a", "payload": {"x": [1, null]}, "extra": 3}"#, #"{"payload": {}}"#,
        ])
        #expect(counts.accepted == 2 && counts.refused == 1)
    }

    @Test func typesNestedWithoutEndStop() throws {
        var schema = try Self.decoder(.throw).jsonSchema(for: SchemaDeep<Int>.self)
        var levels = 0
        while let inner = schema["properties"]?["inner"] {
            schema = inner["oneOf"]?[1] ?? inner
            levels += 1
        }
        #expect(levels == SchemaWalk.maxDepth)
        #expect(schema["description"]?.stringValue?.contains("nested more than") == true)
    }

    // MARK: Cache

    @Test func secondCallIsCachedPerSettings() throws {
        let strict = Self.decoder(.throw)
        let first = try strict.jsonSchema(for: SchemaOptionals.self)
        #expect(try strict.jsonSchema(for: SchemaOptionals.self) == first)
        let lenient = Self.decoder(.useDefault)
        #expect(try lenient.jsonSchema(for: SchemaOptionals.self) != first)
        let clock = ContinuousClock()
        let elapsed = clock.measure { for _ in 0 ..< 1000 { _ = try? strict.jsonSchema(for: SchemaOptionals.self) } }
        #expect(elapsed < .seconds(1))
    }
}
