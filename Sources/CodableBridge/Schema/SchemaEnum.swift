/// Enums with associated values in a schema: one variant per case, in the enum's tagging style,
/// joined by `oneOf` (see BridgeDecoder+JSONSchema.swift).
enum SchemaEnum {
    /// Runs the enum's `init(from:)` once per case — the probe answers `allKeys` with that case —
    /// and spells each case's content in the enum's tagging style.
    ///
    /// - Throws: ``MappingTableError`` only.
    static func describe<T: Decodable>(_ type: T.Type, cases: [String], walk: SchemaWalk, meta: ModelMeta?) throws -> (schema: JSONValue, value: T?) {
        let tagging = meta?.enumTagging ?? .external
        var variants: [JSONValue] = []
        var first: T?
        for name in cases where meta?.isIncluded(name) ?? true {
            let probe = SchemaProbe(walk: walk, meta: meta, object: SchemaObject(), forcedCase: name, typeIsEnum: true)
            let value: T
            do {
                value = try T(from: probe)
            } catch let error as MappingTableError {
                throw error
            } catch {
                return (SchemaProbe.refusal(T.self, error), nil)
            }
            if first == nil {
                first = value
                walk.notePartialValue(value)
            }
            let content = probe.object.schema(of: name) ?? SchemaJSON.type("object")
            let tag = meta?.encodingPath(for: name)?.joined(separator: ".") ?? name
            variants.append(variant(tag: tag, content: content, tagging: tagging))
        }
        return (.object(["oneOf": .array(variants)]), first)
    }

    /// One case's object in the tagging style.
    static func variant(tag: String, content: JSONValue, tagging: EnumTagging) -> JSONValue {
        switch tagging.base {
        case .external:
            return .object(["type": "object", "properties": .object([tag: content]), "required": [.string(tag)]])
        case .internal(let tagKey):
            var properties: JSONObject = [tagKey: .object(["const": .string(tag)])]
            var required: [JSONValue] = [.string(tagKey)]
            if case .object(let object) = content {
                if case .object(let members)? = object["properties"] {
                    for (key, schema) in members where key != tagKey { properties[key] = schema }
                }
                if case .array(let names)? = object["required"] { required += names }
            }
            return .object(["type": "object", "properties": .object(properties), "required": .array(required)])
        case .adjacent(let tagKey, let contentKey):
            var required: [JSONValue] = [.string(tagKey)]
            if case .object(let object) = content, case .array(let names)? = object["required"], !names.isEmpty {
                required.append(.string(contentKey))
            }
            return .object(["type": "object", "properties": .object([tagKey: .object(["const": .string(tag)]), contentKey: content]),
                            "required": .array(required)])
        }
    }

    /// An enum whose cases cannot be listed (its coding keys are not a plain enum, or the
    /// runtime's layout is not read): an object, with the tag member required when there is one.
    static func unlisted(meta: ModelMeta?, typeName: String) -> JSONValue {
        let description = JSONValue.string("The cases of \(typeName) cannot be listed: any case is shown as accepted.")
        guard let tagKey = meta?.enumTagging.tagKey else {
            return .object(["type": "object", "description": description])
        }
        return .object(["type": "object", "properties": .object([tagKey: SchemaJSON.type("string")]), "required": [.string(tagKey)],
                        "description": description])
    }
}
