import Foundation

// Call-site sugar in YYModel's spirit (`yy_modelToJSONData`, …): the model encodes itself (the
// decoding half: `Decoding/BridgeDecoder+EntryPoints.swift`). Each takes an optional configured
// coder, so the options stay on values, never in global state.

extension MappableCodable {
    /// The model as JSON bytes (YYModel's `yy_modelToJSONData`).
    ///
    /// - Parameter encoder: The encoder to use. Defaults to `BridgeEncoder()` (compact).
    public func jsonData(using encoder: BridgeEncoder = BridgeEncoder()) throws -> Data {
        try encoder.encode(self)
    }

    /// The model as JSON text (YYModel's `yy_modelToJSONString`).
    ///
    /// ```swift
    /// print(try book.jsonString(prettyPrinted: true))
    /// ```
    ///
    /// - Parameter prettyPrinted: Indent with two spaces, one member per line. Defaults to `false`.
    public func jsonString(prettyPrinted: Bool = false) throws -> String {
        var encoder = BridgeEncoder()
        if prettyPrinted { encoder.outputFormatting.insert(.prettyPrinted) }
        return try encoder.encodeToString(self)
    }

    /// The model as a JSON tree.
    public func jsonValue(using encoder: BridgeEncoder = BridgeEncoder()) throws -> JSONValue {
        try encoder.encodeToJSONValue(self)
    }

    /// The model as Foundation objects (YYModel's `yy_modelToJSONObject`).
    public func jsonObject(using encoder: BridgeEncoder = BridgeEncoder()) throws -> Any {
        try encoder.encodeToJSONObject(self)
    }
}
