import Foundation

// MARK: - Design
//
// A JSON Schema of what a `BridgeDecoder` accepts for a type is learnt from the type's own
// `init(from:)`, run once against a probe (`SchemaProbe`), a `Decoder` that decodes no document:
// it notes every request and answers it with a value of the requested type, which the walk
// (`SchemaWalk`) makes while describing that type.
//
//     struct Book: MappableCodable { var name: String; var desc: String?; var tags: [String]
//                                    static var keyMapping: KeyMapping { ["name": "n", "desc": "ext.desc"] } }
//
//     Book.init(from: probe)
//       container(keyedBy:)            → an object                        (SchemaObject)
//       decode(String, "name")         → mapped: member "n", string       → answers ""
//       decodeIfPresent(String,"desc") → key path: ext → desc, nullable   → answers nil
//       decode([String], "tags")       → array of string (the element type is walked, not read)
//     → {"type":"object","properties":{"n":{"type":"string"},"ext":{"type":"object","properties":
//        {"desc":{"type":["string","null"]}}},"tags":{"type":"array","items":{"type":"string"}}},
//        "required":["n","tags"]}                                          (under .throw)
//
// The rules the decoder applies are the mapping's own (`ModelMeta.decodingRule(for:)`,
// `styledKey(for:)`, `encodingPath(for:)`, `flattened`, `enumTagging`) and the decoder's options
// (`keyDecodingStrategy` reversed as the encoder's, date and data strategies, the missing-value
// and unknown-key strategies). A flattened model runs on its parent's object.
//
// - Values: scalars, `Date`, `Data`, `URL`, `UUID`, `Decimal` and `JSONValue` are described by
//   type; optionals, arrays, sets and dictionaries by their element type, without running their
//   `init(from:)` (answered `nil`, `[]`, `[:]`). Other types run their `init(from:)`; a value made
//   there answers every later request for the type.
// - Recursion: a type met while its own `init(from:)` runs is a `$ref` into `$defs`; its value is
//   the one its walk made so far (an enum's first case), else the request is refused.
// - Enums with associated values: Swift's synthesised `init(from:)` reads `allKeys`. When an enum
//   does, its coding keys' case names are listed (`TypeShape.caseNames`) and the `init(from:)` runs
//   once per case, `allKeys` answering that case; each case's content is spelt in the enum's
//   tagging style, and the cases join under `oneOf`. When they cannot be listed, the enum is
//   `{"type":"object"}` (with its tag key required when tagged) and a description.
// - A type whose `init(from:)` throws under the probe (it validates its values, or reads in a way
//   the probe cannot answer) is `{}` with a description: the schema never claims more than it
//   learnt. An unkeyed container ends after one element and refuses more than 64 reads, so no
//   `init(from:)` loops.
//
// The schema describes documents the decoder reads without repair: under lenient policies the
// decoder also accepts values it converts (`"12"` for an `Int`) and reports them.

extension BridgeDecoder {
    /// A JSON Schema (draft 2020-12) of what this decoder accepts for `type`, mapping tables
    /// applied.
    ///
    /// The schema is learnt by running `type`'s `init(from:)` against a probe that records what it
    /// asks for. Members are listed under their JSON keys: custom keys, `keyStyle`, the decoder's
    /// `keyDecodingStrategy`, key paths as nested objects, alternate keys (the first one first),
    /// flattened models inlined; ignored properties are left out. `required` lists the members
    /// this decoder refuses to miss: non-optional values with a single key under
    /// `missingValueStrategy = .throw`, nothing under `.useDefault`. `unknownKeyStrategy = .throw`
    /// gives `"additionalProperties": false`.
    ///
    /// ```swift
    /// var decoder = BridgeDecoder()
    /// decoder.missingValueStrategy = .throw
    /// let schema = try decoder.jsonSchema(for: Book.self)
    /// schema["properties"]?["n"]      // {"type": "string"}
    /// schema["required"]              // ["n", ...]
    /// ```
    ///
    /// Types: integers are `integer` with their type's bounds, floating point and `Decimal`
    /// `number`, `Date` follows `dateDecodingStrategy` (`"format": "date-time"` strings, or
    /// `number` for epoch strategies), `URL` and `UUID` are strings with a `format`, `Data` a base64
    /// string (`contentEncoding`), arrays and sets `items`, `[String: T]`
    /// `additionalProperties`, `CaseIterable` raw-value enums `enum`, enums with associated values
    /// `oneOf` in their tagging style with the tag as `const`, `JSONValue` and ``JSONAny`` `{}`.
    /// A recursive type is described once under `$defs` and referred to with `$ref`. A type whose
    /// `init(from:)` cannot be followed is `{}` with a `description` saying why.
    ///
    /// The schema describes documents that decode without repair; lenient policies also accept
    /// (and report) values they convert. Results are cached per type and per the options that
    /// change them, so a second call is cheap.
    ///
    /// - Parameter type: The type to describe.
    /// - Returns: The schema, as a JSON object.
    /// - Throws: ``MappingTableError`` when a model's mapping table is invalid (as decoding it
    ///   would).
    public func jsonSchema<T: Decodable>(for type: T.Type) throws -> JSONValue {
        let key = userInfo.isEmpty ? SchemaCache.Key(type: ObjectIdentifier(T.self), settings: schemaSettings) : nil
        if let key, let cached = SchemaCache.shared.value(for: key) { return cached }
        let schema = try SchemaWalk(options: self).document(for: T.self)
        if let key { SchemaCache.shared.store(schema, for: key) }
        return schema
    }

    /// The options that change a schema, as text (part of the cache key).
    var schemaSettings: String {
        var parts: [String] = []
        parts.append(missingValueStrategy.base == .throw ? "missing:throw" : "missing:default")
        parts.append(unknownKeyStrategy.base == .throw ? "unknown:throw" : "unknown:other")
        switch keyDecodingStrategy.base {
        case .useDefaultKeys: parts.append("keys:default")
        case .convertFromSnakeCase: parts.append("keys:snake")
        case .custom: parts.append("keys:custom")
        }
        switch dateDecodingStrategy.base {
        case .flexible: parts.append("date:flexible")
        case .deferredToDate: parts.append("date:deferred")
        case .secondsSince1970: parts.append("date:seconds")
        case .millisecondsSince1970: parts.append("date:milliseconds")
        case .iso8601: parts.append("date:iso8601")
        case .formatted(let formatter): parts.append("date:formatted:" + (formatter.dateFormat ?? ""))
        case .custom: parts.append("date:custom")
        }
        switch dataDecodingStrategy.base {
        case .base64: parts.append("data:base64")
        case .deferredToData: parts.append("data:deferred")
        case .custom: parts.append("data:custom")
        }
        if case .convertFromString(let positive, let negative, let nan) = nonConformingFloatDecodingStrategy.base {
            parts.append("floats:\(positive.count):\(positive)\(negative.count):\(negative)\(nan)")
        }
        return parts.joined(separator: "|")
    }
}

/// Schemas already made, by type and settings; shared by every decoder, behind a lock.
final class SchemaCache: @unchecked Sendable {  // every access goes through `lock`
    struct Key: Hashable {
        let type: ObjectIdentifier
        let settings: String
    }

    static let shared = SchemaCache()
    /// More entries than this and the cache starts again (schemas are cheap to remake).
    private static let limit = 512
    private let lock = NSLock()
    private var schemas: [Key: JSONValue] = [:]

    func value(for key: Key) -> JSONValue? {
        lock.withLock { schemas[key] }
    }

    func store(_ schema: JSONValue, for key: Key) {
        lock.withLock {
            if schemas.count >= SchemaCache.limit { schemas.removeAll() }
            schemas[key] = schema
        }
    }
}
