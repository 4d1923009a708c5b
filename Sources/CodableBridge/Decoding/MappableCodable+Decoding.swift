import Foundation

// Call-site sugar in YYModel's spirit (`yy_modelWithJSON`, …): the model type decodes itself
// (the encoding half: `Encoding/MappableCodable+Encoding.swift`). Each takes an optional
// configured coder, so the options stay on values, never in global state.

extension MappableCodable {
    /// Decodes a model from JSON bytes (YYModel's `yy_modelWithJSON:`).
    ///
    /// ```swift
    /// let book = try Book.decode(from: data)
    /// ```
    ///
    /// - Parameters:
    ///   - data: UTF-8 JSON.
    ///   - decoder: The decoder to use. Defaults to `BridgeDecoder()` (lenient).
    /// - Throws: `DecodingError` with the coding path.
    public static func decode(from data: Data, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: data)
    }

    /// Decodes a model from JSON text.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: json)
    }

    /// Decodes a model from a JSON tree.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: value)
    }

    /// Decodes a model from Foundation objects (`[String: Any]`), as YYModel's
    /// `yy_modelWithDictionary:`.
    public static func decode(fromJSONObject object: Any, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, fromJSONObject: object)
    }

    /// Overwrites the properties present in `data`, keeping the others (YYModel's
    /// `yy_modelSetWithJSON:`). See ``BridgeDecoder/update(_:from:)-(_,Data)``.
    public mutating func update(from data: Data, using decoder: BridgeDecoder = BridgeDecoder()) throws {
        try decoder.update(&self, from: data)
    }
}

extension Array where Element: MappableCodable {
    /// Decodes an array of models from a JSON array (YYModel's `yy_modelArrayWithClass:json:`).
    public static func decode(from data: Data, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [Element] {
        try decoder.decode([Element].self, from: data)
    }
}

extension Dictionary where Key == String, Value: MappableCodable {
    /// Decodes a dictionary of models from a JSON object (YYModel's
    /// `yy_modelDictionaryWithClass:json:`).
    public static func decode(from data: Data, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [String: Value] {
        try decoder.decode([String: Value].self, from: data)
    }
}
