import Foundation
@_exported import CodableBridgeCoercion

/// Decodes `Decodable` types from JSON, with YYModel-style mapping tables, lenient coercion of
/// mismatched types and a report of everything that was converted, defaulted or dropped.
///
/// ```swift
/// var decoder = BridgeDecoder()
/// decoder.coercion = .lenient            // "123" → 123, 1 → true, …
/// let books = try decoder.decode([Book].self, from: data)
///
/// var report = DecodingReport()
/// let user = try decoder.decode(User.self, from: data, report: &report)
/// print(report)                          // every coercion, default and dropped element
/// ```
///
/// With `coercion = .strict` and `missingValueStrategy = .throw`, it decodes exactly as
/// Foundation's `JSONDecoder`, with the same errors and coding paths — only faster.
public struct BridgeDecoder: Sendable {
    /// Which mismatched scalars are converted. Defaults to `.lenient`.
    public var coercion: CoercionPolicy = .lenient
    /// What a missing, null or unconvertible non-optional value becomes. Defaults to `.useDefault`.
    public var missingValueStrategy: MissingValueStrategy = .useDefault
    /// Which alternate key supplies a value. Defaults to `.firstNonNull`.
    public var alternateKeyRule: AlternateKeyRule = .firstNonNull
    /// How JSON keys match unmapped properties. Defaults to `.useDefaultKeys`.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// How dates are read. Defaults to `.flexible`.
    public var dateDecodingStrategy: DateDecodingStrategy = .flexible
    /// How `Data` is read. Defaults to `.base64`.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64
    /// How NaN and infinity are read. Defaults to `.throw`.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
    /// What happens to object members no model reads (keys neither an `init(from:)` asks for nor a
    /// mapping table names). Defaults to `.ignore`.
    public var unknownKeyStrategy: UnknownKeyStrategy = .ignore
    /// The deepest nesting accepted; deeper input is a `dataCorrupted` error, never a crash.
    /// Defaults to 512.
    public var maxDepth: Int = JSONTape.defaultMaxDepth
    /// Values your `init(from:)` implementations can read from `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder with the default options.
    public init() {}

    /// Decodes a value of `type` from JSON bytes.
    ///
    /// - Parameters:
    ///   - type: The type to decode: a model, or `[Model].self`, `[String: Model].self`, ….
    ///   - data: UTF-8 JSON.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` with the coding path; `.dataCorrupted` with line and column for
    ///   malformed JSON.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(type, tape: parse(data), report: nil)
    }

    /// Decodes a value of `type` from JSON text.
    public func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        try decode(type, from: Data(json.utf8))
    }

    /// Decodes a value of `type` from a JSON tree.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try decode(type, tape: JSONTape(value: value), report: nil)
    }

    /// Decodes a value of `type` from Foundation objects as `JSONSerialization` produces them
    /// (`[String: Any]`, `[Any]`, `NSNumber`, `NSNull`, `String`).
    ///
    /// - Throws: `DecodingError.dataCorrupted` when `object` holds something that is not JSON.
    public func decode<T: Decodable>(_ type: T.Type, fromJSONObject object: Any) throws -> T {
        try decode(type, from: JSONValue(foundationObject: object))
    }

    /// Decodes the part of the document at `keyPath` (`"data.items"`), without decoding the rest.
    ///
    /// - Throws: `DecodingError.keyNotFound` naming the first missing segment.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, at keyPath: String) throws -> T {
        let tape = try parse(data)
        return try DecoderImpl.decode(type, tape: tape, options: self, report: nil, keyPath: keyPath)
    }

    /// Decodes `type` and appends every coercion, default, dropped element and rejected model to
    /// `report`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, report: inout DecodingReport) throws -> T {
        let collector = ReportCollector()
        defer { report.events.append(contentsOf: collector.events) }
        return try decode(type, tape: parse(data), report: collector)
    }

    /// Overwrites the properties of `value` present in `data`; absent keys keep their current
    /// values, nested objects merge, arrays are replaced.
    ///
    /// The document is decoded as usual, except that a property it does not mention takes its
    /// value from `value` (encoded once with a default `BridgeEncoder`), model by model — so
    /// alternate keys and key paths resolve exactly as in a plain decode.
    ///
    /// ```swift
    /// var user = try decoder.decode(User.self, from: full)
    /// try decoder.update(&user, from: Data(#"{"name": "Ada"}"#.utf8))   // only name changes
    /// ```
    public func update<T: Codable>(_ value: inout T, from data: Data) throws {
        var encoder = BridgeEncoder()
        encoder.writesPropertiesIgnoredOnEncode = true
        let current = JSONTape(value: try encoder.encodeToJSONValue(value))
        value = try DecoderImpl.decode(T.self, tape: parse(data), options: self, report: nil, keyPath: nil, fallback: current)
    }

    // MARK: Internals

    func parse(_ data: Data) throws -> JSONTape {
        try data.withUnsafeBytes { try parse(bytes: $0) }
    }

    /// Parses raw bytes (copied once, into the tape); malformed JSON becomes `dataCorrupted`.
    func parse(bytes: UnsafeRawBufferPointer) throws -> JSONTape {
        do {
            return try JSONTape(parsing: bytes, maxDepth: maxDepth)
        } catch let error as JSONParseError {
            throw DecodingMessages.invalidJSON(error)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, tape: JSONTape, report: ReportCollector?) throws -> T {
        try DecoderImpl.decode(type, tape: tape, options: self, report: report, keyPath: nil)
    }
}
