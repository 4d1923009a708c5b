import Foundation

// YYModel's model utilities (`yy_modelIsEqual:`, `yy_modelHash`, `yy_modelDescription`,
// `yy_modelCopy`), computed from what the mapping encodes. Everything goes through one lossless
// coder pair, so two models compare, hash and copy by exact values: dates as Foundation's own
// `Date` encoding (a `Double`, exact), data as base64, NaN and the infinities as marker strings,
// numbers as their shortest round-trip text.

/// The encoder and decoder the model utilities use: settings that lose nothing.
enum LosslessCoders {
    private static let nan = "\u{0}CodableBridge.nan"
    private static let plusInfinity = "\u{0}CodableBridge.+infinity"
    private static let minusInfinity = "\u{0}CodableBridge.-infinity"

    static let encoder: BridgeEncoder = {
        var encoder = BridgeEncoder()
        encoder.dateEncodingStrategy = .deferredToDate
        encoder.dataEncodingStrategy = .base64
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: plusInfinity, negativeInfinity: minusInfinity, nan: nan)
        return encoder
    }()

    static let decoder: BridgeDecoder = {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        decoder.dateDecodingStrategy = .deferredToDate
        decoder.dataDecodingStrategy = .base64
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: plusInfinity, negativeInfinity: minusInfinity, nan: nan)
        return decoder
    }()
}

extension BridgeObject {
    /// The model as the mapping encodes it, with exact values; `nil` when it cannot be encoded.
    private var losslessTree: JSONValue? {
        try? LosslessCoders.encoder.encodeToJSONValue(self)
    }

    /// Whether two models are the same class and encode to equal JSON trees (YYModel's
    /// `yy_modelIsEqual:`).
    ///
    /// Only what the mapping writes is compared: ignored properties do not count, key order does
    /// not matter, and `didEncode(into:)` applies. A model that cannot be encoded equals only
    /// itself. Each comparison encodes both models.
    ///
    /// ```swift
    /// let a = try Dog.decode(from: #"{"n": "Rex"}"#)
    /// let b = try Dog.decode(from: #"{"n": "Rex"}"#)
    /// a == b   // true: same class, same encoded values
    /// ```
    public static func == (lhs: BridgeObject, rhs: BridgeObject) -> Bool {
        if lhs === rhs { return true }
        guard type(of: lhs) == type(of: rhs), let left = lhs.losslessTree, let right = rhs.losslessTree else { return false }
        return left == right
    }

    /// Hashes the dynamic type and the encoded JSON tree (YYModel's `yy_modelHash`), consistent
    /// with `==`. A model that cannot be encoded hashes its identity.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: self)))
        if let tree = losslessTree {
            hasher.combine(tree)
        } else {
            hasher.combine(ObjectIdentifier(self))
        }
    }

    /// A deep copy made by encoding the model and decoding the result (YYModel's
    /// `yy_modelCopy`): nested class models are new instances, and every mapped value is kept
    /// exactly (sub-second dates, `Data`, `Decimal`, NaN and infinities included).
    ///
    /// Ignored properties are not copied (they take their declared values, as YYModel leaves
    /// blacklisted properties at their defaults); the hooks run as for any decode and encode.
    ///
    /// ```swift
    /// let copy = try dog.modelCopy()
    /// copy.name = "Max"        // dog.name is unchanged
    /// ```
    ///
    /// - Returns: A new instance of the model's own class.
    /// - Throws: `EncodingError` or `DecodingError` when the model does not survive its own
    ///   encode → decode round trip.
    public func modelCopy() throws -> Self {
        let tree = try LosslessCoders.encoder.encodeToJSONValue(self)
        return try LosslessCoders.decoder.decode(type(of: self), from: tree)
    }
}

/// `yy_modelDescription`'s layout for a JSON tree.
enum ModelDescription {
    /// `{\n    key = value;\n    …\n}`, `[\n    value;\n    …\n]`, quoted strings, numbers as
    /// written, Booleans as `true` / `false` (not `yy_modelDescription`'s `1` / `0`), `<null>` for
    /// null.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null:
            return "<null>"
        case .bool(let flag):
            return flag ? "true" : "false"
        case .number(let number):
            return number.description
        case .string(let text):
            return "\"\(text)\""
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            let lines = elements.map { "    " + indented(describe($0)) }
            return "[\n" + lines.joined(separator: ";\n") + "\n]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            let members = object.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
            let lines = members.map { "    \($0.0) = " + indented(describe($0.1)) }
            return "{\n" + lines.joined(separator: ";\n") + "\n}"
        }
    }

    /// Indents every line but the first by one level.
    private static func indented(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\n    ")
    }
}
