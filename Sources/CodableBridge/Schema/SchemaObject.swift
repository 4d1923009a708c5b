/// One JSON object of a schema being built: the members a type's `init(from:)` asked for, under
/// their JSON keys, with what each must hold. Key paths and nested containers are child objects.
final class SchemaObject {
    /// What is known of one member.
    struct Member {
        /// The member's value schema (`nil` while only a child object or a `decodeNil` is known).
        var schema: JSONValue?
        /// The member's object when a key path or a nested container runs through it.
        var child: SchemaObject?
        /// Whether `null` is accepted (an optional value, or a `decodeNil` check).
        var nullable = false
        /// Whether the decoder refuses a document without the member.
        var required = false
        /// The reads of a nested unkeyed container at the member (an array).
        var values: SchemaValues?
    }

    private(set) var keys: [String] = []
    private var members: [String: Member] = [:]
    /// `unknownKeyStrategy = .throw`: members no one reads are refused.
    var closed = false
    /// A type read `allKeys` (or captures unknown members): every member is known.
    var readsAllKeys = false
    /// Keys the mapping tables name without a property reading them (ignored properties,
    /// alternates): allowed in a closed object.
    var namedKeys: Set<String> = []
    /// Why the members cannot be listed (a custom key strategy), when they cannot.
    var unlistable: String?

    /// The member at `key` (created when absent), changed through `body`.
    private func update(_ key: String, _ body: (inout Member) -> Void) {
        if members[key] == nil {
            keys.append(key)
            members[key] = Member()
        }
        // safe: inserted above when absent
        body(&members[key]!)
    }

    /// Records a value read at `path` (a key path runs through child objects): its schema (the
    /// first one read wins), and whether it may be `null` or missing. Every object on the way is
    /// required when the value is.
    func add(_ path: [String], schema: JSONValue, nullable: Bool, required: Bool) {
        var object = self
        for key in path.dropLast() { object = object.child(key, required: required) }
        guard let last = path.last else { return }
        object.update(last) { member in
            if required { member.required = true }
            if member.schema == nil { member.schema = schema }
            if nullable { member.nullable = true }
        }
    }

    /// Records that `null` is accepted at `path` (a `decodeNil(forKey:)` check).
    func markNullable(_ path: [String]) {
        var object = self
        for key in path.dropLast() { object = object.child(key, required: false) }
        guard let last = path.last else { return }
        object.update(last) { $0.nullable = true }
    }

    /// Records a nested unkeyed container at `path`: an array of what `values` reads.
    func addLazy(_ path: [String], values: SchemaValues, required: Bool) {
        var object = self
        for key in path.dropLast() { object = object.child(key, required: required) }
        guard let last = path.last else { return }
        object.update(last) { member in
            if required { member.required = true }
            if member.schema == nil, member.values == nil { member.values = values }
        }
    }

    /// The child object at `key` (a nested keyed container), created when absent.
    func child(_ key: String, required: Bool) -> SchemaObject {
        update(key) { member in
            if required { member.required = true }
            if member.child == nil { member.child = SchemaObject() }
        }
        // safe: created just above
        let child = members[key]!.child!
        child.closed = closed
        return child
    }

    /// Whether some member must be present.
    var hasRequired: Bool { members.values.contains { $0.required } }

    /// The members in the order they were first read, as schemas.
    var properties: [(key: String, schema: JSONValue, required: Bool)] {
        keys.map { key in
            // safe: every key in `keys` has a member
            let member = members[key]!
            var schema = member.schema ?? member.values.map { $0.arrayJSON() } ?? member.child.map { $0.json() } ?? SchemaJSON.anything
            if member.nullable { schema = SchemaJSON.nullable(schema) }
            return (key, schema, member.required)
        }
    }

    /// The schema of the member at `key`, when it was read.
    func schema(of key: String) -> JSONValue? {
        properties.first { $0.key == key }?.schema
    }

    /// The object's schema: `type`, `properties`, `required`, `additionalProperties`.
    func json() -> JSONValue {
        var object = JSONObject()
        object["type"] = "object"
        if let unlistable {
            object["description"] = .string(unlistable)
            return .object(object)
        }
        let listed = properties
        if !listed.isEmpty {
            var properties = JSONObject()
            for (key, schema, _) in listed { properties[key] = schema }
            if closed, !readsAllKeys {
                for key in namedKeys.sorted() where properties[key] == nil { properties[key] = SchemaJSON.anything }
            }
            object["properties"] = .object(properties)
        }
        let required = listed.filter(\.required).map { JSONValue.string($0.key) }
        if !required.isEmpty { object["required"] = .array(required) }
        if closed, !readsAllKeys { object["additionalProperties"] = false }
        return .object(object)
    }
}

/// Small builders for schema values.
enum SchemaJSON {
    /// `{}`: any value.
    static let anything = JSONValue.object([:])

    /// `{"type": name}`.
    static func type(_ name: String) -> JSONValue {
        .object(["type": .string(name)])
    }

    /// `{}` with a description saying why nothing more is known.
    static func unknown(_ why: String) -> JSONValue {
        .object(["description": .string(why)])
    }

    /// `schema`, also accepting `null`: `null` joins a `type` (and an `enum`); other schemas
    /// become `oneOf` with `{"type": "null"}`. `{}` already accepts `null`.
    static func nullable(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        if object.isEmpty || object.keys.allSatisfy({ $0 == "description" }) { return schema }
        if object["type"] == "null" { return schema }
        let keys = Set(object.keys)
        if let type = object["type"], keys.isDisjoint(with: ["oneOf", "$ref", "const"]) {
            switch type {
            case .string(let name):
                object["type"] = .array([.string(name), "null"])
            case .array(let names):
                if !names.contains("null") { object["type"] = .array(names + ["null"]) }
            default:
                break
            }
            if case .array(let values)? = object["enum"], !values.contains(.null) { object["enum"] = .array(values + [.null]) }
            return .object(object)
        }
        return .object(["oneOf": [type("null"), schema]])
    }
}
