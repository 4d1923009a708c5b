import Foundation

/// A JSON document or any part of one.
///
/// `JSONValue` is the public tree CodableBridge decodes from and encodes to. Numbers keep their
/// source text (see ``JSONNumber``), objects keep insertion order (see ``JSONObject``).
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"user": {"id": 7, "tags": ["a", "b"]}}"#)
/// value["user"]?["id"]          // .number(7)
/// value[path: "user.tags"]?[1]  // .string("b")
/// let literal: JSONValue = ["id": 7, "ok": true, "none": nil]
/// ```
///
/// `JSONValue` is `Codable`, so a property of type `JSONValue` or `[String: JSONValue]` holds
/// arbitrary JSON.
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its source text kept (see ``JSONNumber``).
    case number(JSONNumber)
    /// A string, unescaped.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in document order (see ``JSONObject``).
    case object(JSONObject)

    /// Parses a complete JSON document (RFC 8259; UTF-8).
    ///
    /// - Parameter data: The document's bytes.
    /// - Throws: ``JSONParseError`` with line, column and byte offset when the text is not valid JSON
    ///   or nests deeper than 512 levels.
    public init(parsing data: Data) throws {
        let tape = try JSONTape(parsing: data, maxDepth: JSONTape.defaultMaxDepth)
        self = tape.value(at: 0)
    }

    /// Parses a complete JSON document from text.
    ///
    /// - Throws: ``JSONParseError`` when the text is not valid JSON.
    public init(parsing string: String) throws {
        try self.init(parsing: Data(string.utf8))
    }

    /// The member `key` of an object; `nil` for a missing key or a non-object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` of an array; `nil` when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The value at a dotted key path (`"user.address.zip"`), walking nested objects; `nil` when
    /// any step is missing or not an object. Numeric segments also index arrays (`"items.0.id"`).
    public subscript(path path: String) -> JSONValue? {
        var current: JSONValue? = self
        for segment in path.split(separator: ".", omittingEmptySubsequences: false) {
            switch current {
            case .object(let object)?:
                current = object[String(segment)]
            case .array(let array)?:
                guard let i = Int(segment), array.indices.contains(i) else { return nil }
                current = array[i]
            default:
                return nil
            }
        }
        return current
    }

    /// Whether this is `.null`.
    public var isNull: Bool { if case .null = self { true } else { false } }

    /// The string, when this is `.string`.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }

    /// The Boolean, when this is `.bool`.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }

    /// The number, when this is `.number`.
    public var numberValue: JSONNumber? { if case .number(let n) = self { n } else { nil } }

    /// The elements, when this is `.array`.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }

    /// The object, when this is `.object`.
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// Creates `.null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates `.bool` from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates `.number` from an integer literal.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    /// Creates `.number` from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    /// Creates `.string` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates `.array` from an array literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Creates `.object` from a dictionary literal, keeping its order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text.
    public var description: String {
        String(decoding: JSONWriter.write(self, options: []), as: UTF8.self)
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value. With ``BridgeDecoder`` the value is copied from the document exactly
    /// (number text and key order kept). Other decoders are probed in this order: an unkeyed
    /// container (array), a keyed container (object), then a single value as null, `Bool`,
    /// `Int64`, `UInt64`, `Double` and finally `String`.
    public init(from decoder: any Decoder) throws {
        if let bridge = decoder as? any BridgeValueDecoding {
            self = try bridge.decodeJSONValue()
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var object = JSONObject()
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? single.decode(UInt64.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? single.decode(Double.self) {
            self = .number(JSONNumber(value))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the value as-is. With ``BridgeEncoder`` number text and key order are kept.
    public func encode(to encoder: any Encoder) throws {
        if let bridge = encoder as? any BridgeValueEncoding {
            try bridge.encodeJSONValue(self)
            return
        }
        switch self {
        case .null:
            var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer(); try c.encode(b)
        case .number(let n):
            var c = encoder.singleValueContainer()
            if let i = Int64(n.text) { try c.encode(i) } else if let u = UInt64(n.text) { try c.encode(u) } else { try c.encode(n.doubleValue) }
        case .string(let s):
            var c = encoder.singleValueContainer(); try c.encode(s)
        case .array(let a):
            var c = encoder.unkeyedContainer()
            for element in a { try c.encode(element) }
        case .object(let o):
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in o { try c.encode(value, forKey: AnyCodingKey(key)) }
        }
    }
}

/// Implemented by CodableBridge's decoder so `JSONValue` can copy a subtree without probing.
package protocol BridgeValueDecoding: Decoder {
    func decodeJSONValue() throws -> JSONValue
}

/// Implemented by CodableBridge's encoder so `JSONValue` is stored as-is.
package protocol BridgeValueEncoding: Encoder {
    func encodeJSONValue(_ value: JSONValue) throws
}
