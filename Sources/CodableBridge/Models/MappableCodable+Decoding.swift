import Foundation

// Call-site sugar in YYModel's spirit (`yy_modelWithJSON`, …): the model type decodes itself
// (the encoding half: `Encoding/MappableCodable+Encoding.swift`; the decoder's own entry points:
// `Decoding/BridgeDecoder+EntryPoints.swift`). Each takes an optional
// configured coder, so the options stay on values, never in global state. Like the decoder's own
// entry points, each takes any `JSONInput` (one generic function, with plain `String` and
// `JSONValue` overloads for literals; see `JSONInput`), with or without a report.

extension MappableCodable {
    /// Decodes a model from JSON — `Data`, a `String`, bytes or a ``JSONValue`` (any
    /// ``JSONInput``) — as YYModel's `yy_modelWithJSON:`.
    ///
    /// ```swift
    /// let book = try Book.decode(from: data)
    /// let same = try Book.decode(from: #"{"title": "Dune"}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - input: The JSON.
    ///   - decoder: The decoder to use. Defaults to `BridgeDecoder()` (lenient).
    /// - Returns: The model.
    /// - Throws: `DecodingError` with the coding path.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: input)
    }

    /// Decodes a model from any ``JSONInput``, appending what the decoder changed to `report`.
    ///
    /// ```swift
    /// var report = DecodingReport()
    /// let book = try Book.decode(from: data, report: &report)
    /// ```
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder(),
                                                report: inout DecodingReport) throws -> Self
    {
        try decoder.decode(Self.self, from: input, report: &report)
    }

    /// Decodes a model from JSON text.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: json)
    }

    /// Decodes a model from JSON text, appending what the decoder changed to `report`.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws -> Self {
        try decoder.decode(Self.self, from: json, report: &report)
    }

    /// Decodes a model from a JSON tree.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: value)
    }

    /// Decodes a model from a JSON tree, appending what the decoder changed to `report`.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws -> Self {
        try decoder.decode(Self.self, from: value, report: &report)
    }

    /// Decodes a model from Foundation objects (`[String: Any]`), as YYModel's
    /// `yy_modelWithDictionary:`.
    public static func decode(fromJSONObject object: Any, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, fromJSONObject: object)
    }

    /// Overwrites the properties present in `input`, keeping the others (YYModel's
    /// `yy_modelSetWithJSON:`). See `BridgeDecoder.update(_:from:)`.
    ///
    /// ```swift
    /// try book.update(from: #"{"title": "Dune Messiah"}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - input: The patch: any ``JSONInput``.
    ///   - decoder: The decoder to use. Defaults to `BridgeDecoder()` (lenient).
    /// - Throws: As `BridgeDecoder.update(_:from:)`; the model is unchanged when it throws.
    @_disfavoredOverload
    public mutating func update<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder()) throws {
        try decoder.update(&self, from: input)
    }

    /// Overwrites the properties present in `input`, appending what the decoder changed to
    /// `report`.
    @_disfavoredOverload
    public mutating func update<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder(),
                                                  report: inout DecodingReport) throws
    {
        try decoder.update(&self, from: input, report: &report)
    }

    /// Overwrites the properties present in the JSON text `json`, keeping the others.
    public mutating func update(from json: String, using decoder: BridgeDecoder = BridgeDecoder()) throws {
        try decoder.update(&self, from: json)
    }

    /// Overwrites the properties present in `json`, appending what the decoder changed to `report`.
    public mutating func update(from json: String, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws {
        try decoder.update(&self, from: json, report: &report)
    }

    /// Overwrites the properties present in the JSON tree `patch`, keeping the others.
    public mutating func update(from patch: JSONValue, using decoder: BridgeDecoder = BridgeDecoder()) throws {
        try decoder.update(&self, from: patch)
    }

    /// Overwrites the properties present in `patch`, appending what the decoder changed to
    /// `report`.
    public mutating func update(from patch: JSONValue, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws {
        try decoder.update(&self, from: patch, report: &report)
    }
}

extension Array where Element: MappableCodable {
    /// Decodes an array of models from a JSON array (YYModel's `yy_modelArrayWithClass:json:`);
    /// the input is any ``JSONInput``.
    ///
    /// ```swift
    /// let books = try [Book].decode(from: #"[{"title": "Dune"}]"#)
    /// ```
    ///
    /// - Parameters:
    ///   - input: The JSON array.
    ///   - decoder: The decoder to use. Defaults to `BridgeDecoder()` (lenient).
    /// - Returns: The models.
    /// - Throws: `DecodingError` with the coding path.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [Element] {
        try decoder.decode([Element].self, from: input)
    }

    /// Decodes an array of models from any ``JSONInput``, appending what the decoder changed to
    /// `report`.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder(),
                                                report: inout DecodingReport) throws -> [Element]
    {
        try decoder.decode([Element].self, from: input, report: &report)
    }

    /// Decodes an array of models from JSON text.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [Element] {
        try decoder.decode([Element].self, from: json)
    }

    /// Decodes an array of models from JSON text, appending what the decoder changed to `report`.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws -> [Element] {
        try decoder.decode([Element].self, from: json, report: &report)
    }

    /// Decodes an array of models from a JSON tree.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [Element] {
        try decoder.decode([Element].self, from: value)
    }

    /// Decodes an array of models from a JSON tree, appending what the decoder changed to `report`.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder(),
                              report: inout DecodingReport) throws -> [Element]
    {
        try decoder.decode([Element].self, from: value, report: &report)
    }
}

extension Dictionary where Key == String, Value: MappableCodable {
    /// Decodes a dictionary of models from a JSON object (YYModel's
    /// `yy_modelDictionaryWithClass:json:`); the input is any ``JSONInput``.
    ///
    /// ```swift
    /// let shelf = try [String: Book].decode(from: Array(#"{"a": {"title": "Dune"}}"#.utf8))
    /// ```
    ///
    /// - Parameters:
    ///   - input: The JSON object.
    ///   - decoder: The decoder to use. Defaults to `BridgeDecoder()` (lenient).
    /// - Returns: The models by key.
    /// - Throws: `DecodingError` with the coding path.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [String: Value] {
        try decoder.decode([String: Value].self, from: input)
    }

    /// Decodes a dictionary of models from any ``JSONInput``, appending what the decoder changed
    /// to `report`.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder(),
                                                report: inout DecodingReport) throws -> [String: Value]
    {
        try decoder.decode([String: Value].self, from: input, report: &report)
    }

    /// Decodes a dictionary of models from JSON text.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [String: Value] {
        try decoder.decode([String: Value].self, from: json)
    }

    /// Decodes a dictionary of models from JSON text, appending what the decoder changed to
    /// `report`.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder(),
                              report: inout DecodingReport) throws -> [String: Value]
    {
        try decoder.decode([String: Value].self, from: json, report: &report)
    }

    /// Decodes a dictionary of models from a JSON tree.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [String: Value] {
        try decoder.decode([String: Value].self, from: value)
    }

    /// Decodes a dictionary of models from a JSON tree, appending what the decoder changed to
    /// `report`.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder(),
                              report: inout DecodingReport) throws -> [String: Value]
    {
        try decoder.decode([String: Value].self, from: value, report: &report)
    }
}
