import Foundation

extension BridgeDecoder {
    /// Sets the properties of `value` that `input` holds and keeps every other property as it is
    /// (YYModel's `yy_modelSetWithJSON:`): absent keys keep their current values, nested objects
    /// merge into the current nested models and dictionaries, arrays are replaced.
    ///
    /// The patch is decoded with this decoder's options and mapping, model by model. A property
    /// the patch does not set keeps its current value exactly — the value itself, never re-encoded,
    /// so sub-second dates, `Data`, `Decimal`, NaN payloads and properties that share one JSON key
    /// survive whatever the strategies. A value that is present but not converted, or a model a
    /// hook rejects, also keeps the current value (reported as `.defaulted` with `kept the current
    /// value`); under `.strict` it is an error, and `value` is left unchanged. An explicit `null`
    /// sets an optional to `nil`.
    ///
    /// ```swift
    /// var user = try decoder.decode(User.self, from: full)
    /// try decoder.update(&user, from: Data(#"{"name": "Ada"}"#.utf8))   // only name changes
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to update; unchanged when the call throws.
    ///   - input: The patch: `Data`, a `String`, bytes or a ``JSONValue`` (any ``JSONInput``).
    /// - Throws: `DecodingError` as `decode(_:from:)` does, or what `value`'s
    ///   `encode(to:)` throws (it is called once to capture the current values).
    @_disfavoredOverload
    public func update<T: Codable, Input: JSONInput>(_ value: inout T, from input: Input) throws {
        try update(&value, input._jsonInput.input, report: nil)
    }

    /// Updates `value` from the patch `input` and appends what the decoder changed — coercions,
    /// defaults, properties that kept their current value — to `report`.
    ///
    /// ```swift
    /// var report = DecodingReport()
    /// try decoder.update(&user, from: Data(#"{"age": "old"}"#.utf8), report: &report)
    /// // age: defaulted: a string ("old") not converted (…); kept the current value
    /// ```
    @_disfavoredOverload
    public func update<T: Codable, Input: JSONInput>(_ value: inout T, from input: Input, report: inout DecodingReport) throws {
        try Self.reporting(into: &report) { try update(&value, input._jsonInput.input, report: $0) }
    }

    /// Updates `value` from a patch in JSON text (a string literal is JSON text).
    public func update<T: Codable>(_ value: inout T, from json: String) throws {
        try update(&value, .string(json), report: nil)
    }

    /// Updates `value` from a patch in JSON text, appending what the decoder changed to `report`.
    public func update<T: Codable>(_ value: inout T, from json: String, report: inout DecodingReport) throws {
        try Self.reporting(into: &report) { try update(&value, .string(json), report: $0) }
    }

    /// Updates `value` from a patch given as a JSON tree (an array or dictionary literal is a
    /// tree).
    public func update<T: Codable>(_ value: inout T, from patch: JSONValue) throws {
        try update(&value, .tree(patch), report: nil)
    }

    /// Updates `value` from a JSON tree, appending what the decoder changed to `report`.
    public func update<T: Codable>(_ value: inout T, from patch: JSONValue, report: inout DecodingReport) throws {
        try Self.reporting(into: &report) { try update(&value, .tree(patch), report: $0) }
    }

    /// Updates `value` from a patch given as Foundation objects (`[String: Any]`), as YYModel's
    /// `yy_modelSetWithDictionary:`.
    public func update<T: Codable>(_ value: inout T, fromJSONObject object: Any) throws {
        try update(&value, .foundation(object), report: nil)
    }

    /// Updates `value` from Foundation objects, appending what the decoder changed to `report`.
    public func update<T: Codable>(_ value: inout T, fromJSONObject object: Any, report: inout DecodingReport) throws {
        try Self.reporting(into: &report) { try update(&value, .foundation(object), report: $0) }
    }

    /// The one update path: snapshot the current value, then decode the patch over it.
    private func update<T: Codable>(_ value: inout T, _ input: Input, report: ReportCollector?) throws {
        let fallback = UpdateFallback(root: try ValueSnapshot.of(value))
        value = try run(T.self, input, at: nil, report: report, update: fallback)
    }
}
