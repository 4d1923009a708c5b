import Foundation
@testable import CodableBridge

/// A JSON Schema validator for exactly the keywords `BridgeDecoder.jsonSchema(for:)` writes:
/// `type`, `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`, `oneOf`,
/// `$ref` into `$defs`, `minimum` / `maximum`; `format`, `contentEncoding`, `description` and
/// `$schema` are annotations. Any other keyword is reported as unsupported, so a schema that
/// starts using one fails the tests until the validator learns it.
struct SchemaValidator {
    let root: JSONValue

    private static let annotations: Set<String> = ["format", "contentEncoding", "description", "$schema", "$defs"]
    private static let keywords: Set<String> = ["type", "properties", "required", "additionalProperties", "items", "enum", "const",
                                                "oneOf", "$ref", "minimum", "maximum"]

    /// The reasons `value` does not validate (empty: it validates).
    func errors(_ value: JSONValue) -> [String] {
        var errors: [String] = []
        check(root, value, path: "$", depth: 0, errors: &errors)
        return errors
    }

    /// Whether `json` (a document's text) validates.
    func accepts(_ json: String) throws -> Bool {
        errors(try JSONValue(parsing: json)).isEmpty
    }

    private func check(_ schema: JSONValue, _ value: JSONValue, path: String, depth: Int, errors: inout [String]) {
        guard depth < 200 else { return errors.append("\(path): $ref loop") }
        if case .bool(let accepts) = schema {
            if !accepts { errors.append("\(path): false schema") }
            return
        }
        guard case .object(let object) = schema else { return errors.append("\(path): schema is not an object") }
        for key in object.keys where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
            errors.append("\(path): unsupported keyword \(key)")
        }
        if case .string(let reference)? = object["$ref"] {
            let prefix = "#/$defs/"
            guard reference.hasPrefix(prefix), let target = root["$defs"]?[String(reference.dropFirst(prefix.count))] else {
                return errors.append("\(path): unresolved $ref \(reference)")
            }
            check(target, value, path: path, depth: depth + 1, errors: &errors)
        }
        if let type = object["type"] {
            let names: [String] = switch type {
            case .string(let name): [name]
            case .array(let list): list.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: []
            }
            if !names.contains(where: { Self.matches(type: $0, value) }) {
                errors.append("\(path): \(Self.kind(of: value)) is not \(names.joined(separator: " or "))")
            }
        }
        if case .array(let values)? = object["enum"], !values.contains(where: { Self.same($0, value) }) {
            errors.append("\(path): \(value) is not one of \(values)")
        }
        if let constant = object["const"], !Self.same(constant, value) {
            errors.append("\(path): \(value) is not \(constant)")
        }
        if case .number(let number) = value, let actual = number.decimalValue {
            if case .number(let minimum)? = object["minimum"], let bound = minimum.decimalValue, actual < bound {
                errors.append("\(path): \(number) < minimum \(minimum)")
            }
            if case .number(let maximum)? = object["maximum"], let bound = maximum.decimalValue, actual > bound {
                errors.append("\(path): \(number) > maximum \(maximum)")
            }
        }
        if case .array(let variants)? = object["oneOf"] {
            let passing = variants.filter { variant in
                var inner: [String] = []
                check(variant, value, path: path, depth: depth + 1, errors: &inner)
                return inner.isEmpty
            }
            if passing.count != 1 { errors.append("\(path): \(passing.count) of oneOf's \(variants.count) schemas match") }
        }
        if case .array(let elements) = value, let items = object["items"] {
            for (index, element) in elements.enumerated() {
                check(items, element, path: "\(path)[\(index)]", depth: depth + 1, errors: &errors)
            }
        }
        if case .object(let members) = value {
            var properties = JSONObject()
            if case .object(let listed)? = object["properties"] { properties = listed }
            if case .array(let required)? = object["required"] {
                for case .string(let name) in required where members[name] == nil {
                    errors.append("\(path): missing required \(name)")
                }
            }
            for (key, member) in members {
                if let property = properties[key] {
                    check(property, member, path: "\(path).\(key)", depth: depth + 1, errors: &errors)
                } else if let additional = object["additionalProperties"] {
                    check(additional, member, path: "\(path).\(key)", depth: depth + 1, errors: &errors)
                }
            }
        }
    }

    private static func matches(type: String, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number):
            true
        case ("integer", .number(let number)):
            number.decimalValue.map { $0 == $0.integralPart } ?? false
        default:
            false
        }
    }

    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .number(let x) = a, case .number(let y) = b { return x.decimalValue == y.decimalValue }
        return a == b
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension Decimal {
    /// The value without its fraction.
    fileprivate var integralPart: Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .down)
        return result
    }
}
