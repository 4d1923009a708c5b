extension JSONObject: Codable {
    /// Decodes any JSON object, member by member.
    ///
    /// With ``BridgeDecoder`` the object is copied from the document exactly (number text and key
    /// order kept). Other decoders are read through a keyed container, each member decoded as a
    /// ``JSONValue``. A value that is not an object gets the decoder's answer for a keyed container
    /// there (`typeMismatch` from `JSONDecoder`).
    ///
    /// ```swift
    /// struct Event: Codable { var name: String; var extra: JSONObject }
    /// ```
    public init(from decoder: any Decoder) throws {
        if let bridge = decoder as? any BridgeValueDecoding, case .object(let object) = try bridge.decodeJSONValue() {
            self = object
            return
        }
        let keyed = try decoder.container(keyedBy: AnyCodingKey.self)
        var object = JSONObject()
        for key in keyed.allKeys {
            object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key)
        }
        self = object
    }

    /// Encodes the object as a JSON object, members in order (with ``BridgeEncoder``: stored as-is).
    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(self).encode(to: encoder)
    }
}
