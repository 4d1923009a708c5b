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
/// The tree is editable: every subscript is settable, member lookup reads like the JSON itself,
/// and a path creates the objects on the way.
///
/// ```swift
/// var json = try JSONValue(parsing: #"{"user": {"name": "Ada"}}"#)
/// json.user?.name                          // .string("Ada")
/// json[path: "user.address.city"] = "Paris"
/// json["user"]?["name"] = nil              // removes the member
/// ```
///
/// `JSONValue` is `Codable`, so a property of type `JSONValue` or `[String: JSONValue]` holds
/// arbitrary JSON.
@dynamicMemberLookup
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
    /// ```swift
    /// let value = try JSONValue(parsing: Data(#"{"id": 7}"#.utf8))
    /// let shallow = try JSONValue(parsing: data, maxDepth: 16)   // refuse deeper documents
    /// ```
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - maxDepth: The deepest nesting of arrays and objects accepted: `maxDepth` levels parse,
    ///     one more is a ``JSONParseError`` (never a crash, whatever the input). `0` accepts only
    ///     a scalar document. Defaults to 512, as ``BridgeDecoder/maxDepth``.
    /// - Throws: ``JSONParseError`` with line, column and byte offset when the text is not valid JSON
    ///   or nests deeper than `maxDepth` levels.
    public init(parsing data: Data, maxDepth: Int = 512) throws {
        self = try data.withUnsafeBytes { try JSONValue.parse($0, maxDepth: maxDepth) }
    }

    /// Parses a complete JSON document from text.
    ///
    /// - Parameters:
    ///   - string: The document.
    ///   - maxDepth: The deepest nesting of arrays and objects accepted. Defaults to 512.
    /// - Throws: ``JSONParseError`` when the text is not valid JSON or nests deeper than `maxDepth`.
    public init(parsing string: String, maxDepth: Int = 512) throws {
        let parsed = try string.utf8.withContiguousStorageIfAvailable { utf8 in
            try JSONValue.parse(UnsafeRawBufferPointer(utf8), maxDepth: maxDepth)
        }
        self = try parsed ?? JSONValue(parsing: Data(string.utf8), maxDepth: maxDepth)
    }

    /// The member `key` of an object; `nil` for a missing key or a non-object.
    ///
    /// Setting adds the member, or replaces its value in place (the key keeps its position);
    /// setting `nil` removes it (write `.null` to store a JSON `null`). Setting a member of
    /// `.null` first turns it into an empty object; setting a member of a Boolean, number, string
    /// or array does nothing.
    ///
    /// ```swift
    /// var json: JSONValue = ["id": 7]
    /// json["name"] = "Ada"     // {"id":7,"name":"Ada"}
    /// json["id"] = nil         // {"name":"Ada"}
    /// json["note"] = .null     // {"name":"Ada","note":null}
    /// ```
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let object) = self else { return nil }
            return object[key]
        }
        set { setMember(key, to: newValue) }
    }

    /// The member `key` of an object, as `json.user?.name`; the same as `json["user"]?["name"]`.
    ///
    /// Reads and writes exactly like the key subscript (`json["user"]`). A key spelled like one of
    /// `JSONValue`'s own members (`description`, `isNull`, `stringValue`, `boolValue`,
    /// `numberValue`, `arrayValue`, `objectValue`, `foundationObject`, `hashValue`) reaches the
    /// member, not the key: use the subscript for those, `json["description"]`.
    ///
    /// ```swift
    /// var json = try JSONValue(parsing: #"{"user": {"name": "Ada"}}"#)
    /// json.user?.name                // .string("Ada")
    /// json.user?.name = "Grace"      // {"user":{"name":"Grace"}}
    /// json.user?.email               // nil
    /// ```
    public subscript(dynamicMember key: String) -> JSONValue? {
        get { self[key] }
        set { self[key] = newValue }
    }

    /// The element at `index` of an array; `nil` when out of range or not an array.
    ///
    /// Setting replaces the element; setting `nil` removes it (later elements move down one).
    /// An index out of range, or a value that is not an array, makes setting a no-op: it never
    /// appends, pads or traps.
    ///
    /// ```swift
    /// var json: JSONValue = [1, 2, 3]
    /// json[0] = "one"    // ["one",2,3]
    /// json[1] = nil      // ["one",3]
    /// json[9] = 9        // no-op: ["one",3]
    /// ```
    public subscript(index: Int) -> JSONValue? {
        get {
            guard case .array(let array) = self, array.indices.contains(index) else { return nil }
            return array[index]
        }
        set { setElement(at: index, to: newValue) }
    }

    /// The value at a dotted key path (`"user.address.zip"`), walking nested objects; `nil` when
    /// any step is missing or not an object. Numeric segments also index arrays (`"items.0.id"`).
    ///
    /// Setting walks the same way and creates the objects on the way: a missing member, or a
    /// `null`, becomes an empty object. A step it cannot take — a Boolean, number or string in
    /// the way, a numeric segment out of range of an array, a non-numeric segment on an array —
    /// makes setting a no-op. Setting `nil` removes the last member (or array element) and
    /// creates nothing. Inside an object a numeric segment is a key: `"a.0"` on `{}` makes
    /// `{"a":{"0":…}}`, never an array.
    ///
    /// ```swift
    /// var json: JSONValue = ["items": [["id": 1]]]
    /// json[path: "user.address.city"] = "Paris"   // creates "user" and "address"
    /// json[path: "items.0.id"] = 2                 // {"items":[{"id":2}],"user":{…}}
    /// json[path: "items.5.id"] = 3                 // no-op: index out of range
    /// ```
    public subscript(path path: String) -> JSONValue? {
        get {
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
        set {
            let segments = path.split(separator: ".", omittingEmptySubsequences: false)
            setValue(newValue, at: segments[...])
        }
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
    /// (number text and key order kept); other decoders are probed array, object, null, Bool,
    /// number (`Int64`, `UInt64`, `Int128`, `UInt128` where available, then `Double`), string.
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
        } else if let value = JSONValue.decodeWideInteger(single) {
            self = .number(value)
        } else if let value = try? single.decode(Double.self) {
            self = .number(JSONNumber(value))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the value as-is. With ``BridgeEncoder`` number text and key order are kept; other
    /// encoders get integers as `Int64`, `UInt64`, `Int128` or `UInt128` (exact, where available)
    /// and other numbers as `Double`.
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
            if let i = Int64(n.text) {
                try c.encode(i)
            } else if let u = UInt64(n.text) {
                try c.encode(u)
            } else if try JSONValue.encodeWideInteger(n, into: &c) {
                return
            } else {
                try c.encode(n.doubleValue)
            }
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

extension JSONValue {
    /// An integer beyond `UInt64` read exactly through `Int128` / `UInt128`, where the platform
    /// has them and the decoder supports them (`JSONDecoder` does); else `nil`.
    fileprivate static func decodeWideInteger(_ single: any SingleValueDecodingContainer) -> JSONNumber? {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return nil }
        if let value = try? single.decode(Int128.self) { return JSONNumber(value) }
        if let value = try? single.decode(UInt128.self) { return JSONNumber(value) }
        return nil
    }

    /// Writes an integer beyond `UInt64` exactly as `Int128` / `UInt128`; `false` when the
    /// number is not such an integer or the platform lacks the types.
    fileprivate static func encodeWideInteger(_ n: JSONNumber, into c: inout any SingleValueEncodingContainer) throws -> Bool {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return false }
        if let value = Int128(n.text) {
            try c.encode(value)
            return true
        }
        if let value = UInt128(n.text) {
            try c.encode(value)
            return true
        }
        return false
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
