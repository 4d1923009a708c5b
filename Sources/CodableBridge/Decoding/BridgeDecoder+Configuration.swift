import Foundation

// `decode(_:from:configuration:)` for `DecodableWithConfiguration`, in both of `JSONDecoder`'s
// forms — a configuration value, and a `DecodingConfigurationProviding` type — for every
// `JSONInput`, each with a `report:` variant. As `JSONDecoder` does, the type's
// `init(from:configuration:)` is called for the whole document; the values it decodes inside
// follow this decoder's options (coercion, strategies, mapping tables).

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension BridgeDecoder {
    /// Decodes a `DecodableWithConfiguration` value, handing `configuration` to its
    /// `init(from:configuration:)`, as `JSONDecoder.decode(_:from:configuration:)`.
    ///
    /// ```swift
    /// let score = try BridgeDecoder().decode(Score.self, from: data, configuration: Score.Scale.percent)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON: `Data`, a `String`, bytes or a ``JSONValue`` — any ``JSONInput``.
    ///   - configuration: Passed to `type`'s `init(from:configuration:)`.
    /// - Returns: The decoded value.
    /// - Throws: As `decode(_:from:)`: `DecodingError` with the coding path;
    ///   `.dataCorrupted` with line and column for malformed JSON.
    @_disfavoredOverload
    public func decode<T: DecodableWithConfiguration, Input: JSONInput>(
        _ type: T.Type, from input: Input, configuration: T.DecodingConfiguration) throws -> T
    {
        try run(type, configuration: configuration, input._jsonInput.input, report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value with `configuration`, appending every
    /// coercion, default and dropped element to `report`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON.
    ///   - configuration: Passed to `type`'s `init(from:configuration:)`.
    ///   - report: Receives the events.
    /// - Returns: The decoded value.
    /// - Throws: As `decode(_:from:configuration:)`; the events recorded before
    ///   an error are kept.
    @_disfavoredOverload
    public func decode<T: DecodableWithConfiguration, Input: JSONInput>(
        _ type: T.Type, from input: Input, configuration: T.DecodingConfiguration, report: inout DecodingReport) throws -> T
    {
        try Self.reporting(into: &report) { try run(type, configuration: configuration, input._jsonInput.input, report: $0) }
    }

    /// Decodes a `DecodableWithConfiguration` value with the configuration `provider` supplies
    /// (its `decodingConfiguration`), as `JSONDecoder.decode(_:from:configuration:)` with a
    /// `DecodingConfigurationProviding` type.
    ///
    /// ```swift
    /// let score = try BridgeDecoder().decode(Score.self, from: data, configuration: PercentScale.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON.
    ///   - provider: The type whose `decodingConfiguration` is passed to `init(from:configuration:)`.
    /// - Returns: The decoded value.
    /// - Throws: As `decode(_:from:configuration:)`.
    @_disfavoredOverload
    public func decode<T, C, Input: JSONInput>(_ type: T.Type, from input: Input, configuration provider: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try run(type, configuration: C.decodingConfiguration, input._jsonInput.input, report: nil)
    }

    /// Decodes with the configuration `provider` supplies, appending what the decoder changed to
    /// `report`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON.
    ///   - provider: The type whose `decodingConfiguration` is passed to `init(from:configuration:)`.
    ///   - report: Receives the events.
    /// - Returns: The decoded value.
    /// - Throws: As `decode(_:from:configuration:)`; the events recorded before
    ///   an error are kept.
    @_disfavoredOverload
    public func decode<T, C, Input: JSONInput>(_ type: T.Type, from input: Input, configuration provider: C.Type,
                                               report: inout DecodingReport) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try Self.reporting(into: &report) { try run(type, configuration: C.decodingConfiguration, input._jsonInput.input, report: $0) }
    }

    // The plain `String` and `JSONValue` forms, for literals (see BridgeDecoder+EntryPoints.swift).

    /// Decodes a `DecodableWithConfiguration` value from JSON text with `configuration`.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from json: String, configuration: T.DecodingConfiguration) throws -> T {
        try run(type, configuration: configuration, .string(json), report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value from JSON text with `configuration`,
    /// appending what the decoder changed to `report`.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from json: String, configuration: T.DecodingConfiguration,
                                                      report: inout DecodingReport) throws -> T
    {
        try Self.reporting(into: &report) { try run(type, configuration: configuration, .string(json), report: $0) }
    }

    /// Decodes a `DecodableWithConfiguration` value from JSON text with the configuration
    /// `provider` supplies.
    public func decode<T, C>(_ type: T.Type, from json: String, configuration provider: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try run(type, configuration: C.decodingConfiguration, .string(json), report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value from JSON text with the configuration
    /// `provider` supplies, appending what the decoder changed to `report`.
    public func decode<T, C>(_ type: T.Type, from json: String, configuration provider: C.Type, report: inout DecodingReport) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try Self.reporting(into: &report) { try run(type, configuration: C.decodingConfiguration, .string(json), report: $0) }
    }

    /// Decodes a `DecodableWithConfiguration` value from a JSON tree with `configuration`.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from value: JSONValue, configuration: T.DecodingConfiguration) throws -> T {
        try run(type, configuration: configuration, .tree(value), report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value from a JSON tree with `configuration`,
    /// appending what the decoder changed to `report`.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from value: JSONValue, configuration: T.DecodingConfiguration,
                                                      report: inout DecodingReport) throws -> T
    {
        try Self.reporting(into: &report) { try run(type, configuration: configuration, .tree(value), report: $0) }
    }

    /// Decodes a `DecodableWithConfiguration` value from a JSON tree with the configuration
    /// `provider` supplies.
    public func decode<T, C>(_ type: T.Type, from value: JSONValue, configuration provider: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try run(type, configuration: C.decodingConfiguration, .tree(value), report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value from a JSON tree with the configuration
    /// `provider` supplies, appending what the decoder changed to `report`.
    public func decode<T, C>(_ type: T.Type, from value: JSONValue, configuration provider: C.Type, report: inout DecodingReport) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try Self.reporting(into: &report) { try run(type, configuration: C.decodingConfiguration, .tree(value), report: $0) }
    }
}
