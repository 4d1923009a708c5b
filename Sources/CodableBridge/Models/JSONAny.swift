import Foundation

/// A property of untyped JSON — `Any`, `[String: Any]`, `[Any]` or their Optionals — in a
/// `Codable` model, as HandyJSON and YYModel allowed.
///
/// ```swift
/// struct Event: Codable {
///     var name: String
///     @JSONAny var payload: [String: Any]     // any object
///     @JSONAny var extra: Any?                // any value, nil when the key is missing
/// }
/// let event = try BridgeDecoder().decode(Event.self, from: #"{"name": "tap", "payload": {"x": 1}}"#)
/// event.payload["x"] as? Int                  // 1
/// ```
///
/// Decoding gives the Foundation objects `JSONSerialization.jsonObject(with:)` gives: `String`,
/// `NSNumber` (Booleans stay Booleans and are written back as `true` / `false`), `NSNull` for
/// `null`, `[Any]` and `[String: Any]`. Encoding writes them back (it accepts what
/// ``JSONValue/init(foundationObject:)`` accepts, Swift numbers and strings included).
///
/// - A missing key or `null` gives `nil` for an Optional, `[:]` for `[String: Any]`, `[]` for
///   `[Any]`, and `NSNull()` for `Any`.
/// - A value of another shape (an array for `[String: Any]`, a string for `[Any]`) is a
///   `DecodingError.typeMismatch` at the property's path; a lenient ``BridgeDecoder`` defaults
///   it like any other value it cannot convert and reports it.
/// - An Optional that is `nil` is left out when encoding, as a synthesised `Codable` leaves out a
///   `nil` Optional.
///
/// Works with any `Decoder` and `Encoder` (`JSONDecoder` too); with ``BridgeDecoder`` the value is
/// read straight from the document.
@propertyWrapper
public struct JSONAny<Value>: Codable, @unchecked Sendable {  // holds Foundation objects, which are immutable once decoded
    /// The untyped value.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes any JSON value and converts it to `Value` (see the type's description).
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        if case .null = json, let empty = Self.emptyValue {
            wrappedValue = empty
            return
        }
        guard let value = Self.value(of: json.foundationObject) else {
            throw DecodingError.typeMismatch(Value.self, .init(
                codingPath: decoder.codingPath,
                debugDescription: "Expected to decode \(Self.shapeName) but found \(Self.describe(json)) instead."))
        }
        wrappedValue = value
    }

    /// Encodes the value as JSON: Foundation objects as `JSONSerialization` writes them.
    public func encode(to encoder: any Encoder) throws {
        guard let object = Self.unwrapped(wrappedValue) else {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
            return
        }
        let json: JSONValue
        do {
            json = try JSONValue(foundationObject: object)
        } catch let error as DecodingError {
            throw EncodingError.invalidValue(wrappedValue, .init(codingPath: encoder.codingPath,
                                                                 debugDescription: Self.message(of: error), underlyingError: error))
        }
        try json.encode(to: encoder)
    }

    // MARK: Shapes

    /// What a missing key (or `null`) gives: `nil`, `[:]`, `[]` or `NSNull()`.
    static var emptyValue: Value? {
        if let empty = nullValue { return empty }
        switch shape {
        case .object: return [String: Any]() as? Value
        case .array: return [Any]() as? Value
        case .any: return nil
        }
    }

    /// What `null` gives when `Value` is an Optional or `Any`: `nil` or `NSNull()`; else nothing
    /// (a `null` for `[String: Any]` is a mismatch).
    private static var nullValue: Value? {
        if let optional = Value.self as? any ExpressibleByNilLiteral.Type, let none = optional.init(nilLiteral: ()) as? Value {
            return none
        }
        if Value.self == Any.self, let null = NSNull() as Any as? Value { return null }
        return nil
    }

    /// `object` as `Value`, or nil when its shape is another.
    private static func value(of object: Any) -> Value? {
        switch shape {
        case .object: object is [String: Any] ? object as? Value : nil
        case .array: object is [Any] ? object as? Value : nil
        case .any: object as? Value
        }
    }

    private enum Shape { case object, array, any }

    private static var shape: Shape {
        if Value.self == [String: Any].self || Value.self == [String: Any]?.self { return .object }
        if Value.self == [Any].self || Value.self == [Any]?.self { return .array }
        return .any
    }

    private static var shapeName: String {
        switch shape {
        case .object: "an object ([String: Any])"
        case .array: "an array ([Any])"
        case .any: "\(Value.self)"
        }
    }

    private static func describe(_ json: JSONValue) -> String {
        switch json {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value inside `value`, or nil when it is an Optional's `nil`.
    private static func unwrapped(_ value: Value) -> Any? {
        let any = value as Any
        if let optional = any as? any OptionalProtocol { return optional.wrappedAny }
        return any
    }

    private static func message(of error: DecodingError) -> String {
        if case .dataCorrupted(let context) = error { return context.debugDescription }
        return String(describing: error)
    }
}

/// Reads through an Optional of any depth without knowing its wrapped type.
private protocol OptionalProtocol {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalProtocol {
    fileprivate var wrappedAny: Any? {
        switch self {
        case .none: nil
        case .some(let value): (value as? any OptionalProtocol).map { $0.wrappedAny } ?? value
        }
    }
}

extension KeyedDecodingContainer {
    /// A missing key or `null` gives ``JSONAny``'s empty value (`nil`, `[:]`, `[]` or `NSNull()`)
    /// instead of `keyNotFound` / `valueNotFound`.
    public func decode<Value>(_ type: JSONAny<Value>.Type, forKey key: Key) throws -> JSONAny<Value> {
        if let value = try decodeIfPresent(type, forKey: key) { return value }
        guard let empty = JSONAny<Value>.emptyValue else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "JSONAny<\(Value.self)> has no empty value."))
        }
        return JSONAny(wrappedValue: empty)
    }
}

extension KeyedEncodingContainer {
    /// A ``JSONAny`` Optional that is `nil` is left out, as a synthesised `Codable` leaves out a
    /// `nil` Optional.
    public mutating func encode<Value>(_ value: JSONAny<Value>, forKey key: Key) throws {
        let any = value.wrappedValue as Any
        if let optional = any as? any OptionalProtocol, optional.wrappedAny == nil { return }
        try encodeIfPresent(value, forKey: key)
    }
}
