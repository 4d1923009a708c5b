extension BridgeDecoder {
    /// What happens to object members that no model reads.
    ///
    /// A key is known when the `init(from:)` decoding the object asks for it (`decode`,
    /// `decodeIfPresent`, `contains`; a type that reads `allKeys` knows every key) or when the
    /// model's mapping table names it (a custom key, every alternate, key-path parents and leaves,
    /// ignored properties). Values decoded as ``JSONValue``, ``JSONObject`` or dictionaries know all
    /// their keys. Members captured by ``MappableCodable/unknownKeysProperty`` are known.
    ///
    /// ```swift
    /// var decoder = BridgeDecoder()
    /// decoder.unknownKeyStrategy = .report
    /// var report = DecodingReport()
    /// _ = try decoder.decode(User.self, from: #"{"name": "Ada", "nmae": "x"}"#, report: &report)
    /// // nmae: unknownKey: key "nmae" is not read by the model
    /// ```
    ///
    /// Defaults to `.ignore`, which costs nothing: no key is tracked.
    public struct UnknownKeyStrategy: Sendable, Hashable {
        enum Base: Sendable, Hashable { case ignore, report, `throw` }
        let base: Base

        /// Unknown keys are skipped silently (as `JSONDecoder` does).
        public static let ignore = UnknownKeyStrategy(base: .ignore)
        /// Each unknown key is a ``DecodingEvent/Kind/unknownKey`` event at its path
        /// (`user.nmae`), at every nesting level.
        public static let report = UnknownKeyStrategy(base: .report)
        /// The first unknown key fails the decode: `DecodingError.dataCorrupted` at the object's
        /// path, naming the key. Never absorbed by lenient policies.
        public static let `throw` = UnknownKeyStrategy(base: .throw)
    }
}

/// ``BridgeDecoder/UnknownKeyStrategy``, for short.
public typealias UnknownKeyStrategy = BridgeDecoder.UnknownKeyStrategy
