/// What decoding has learnt about model types, process-wide (entries of the shared `TypeCache`
/// mechanism): whether a type's tables name only real properties, and its declared defaults.
enum DecodingTypeFacts {
    private static let verified = TypeCache<Bool>()
    private static let defaults = TypeCache<JSONTape?>()
    private static let keys = TypeCache<Set<String>>()

    /// The JSON keys a model type reads from its object — its own keys, mapped keys (first
    /// segments of key paths) and the keys of the models flattened into it — once a decode has
    /// verified its tables (`nil` before). This is what makes flattened keys known keys.
    static func knownKeys(of type: any MappableCodable.Type) -> Set<String>? {
        keys.get(type)
    }

    /// Records the JSON keys `type` reads (see ``knownKeys(of:)``).
    static func setKnownKeys(_ type: any MappableCodable.Type, _ known: Set<String>) {
        keys.update(type, initial: known) { $0 = known }
    }

    /// Whether a decode of `type` has confirmed that its tables name only real properties.
    static func tablesVerified(_ type: any MappableCodable.Type) -> Bool {
        verified.get(type) ?? false
    }

    /// Records that the tables of `type` name only real properties.
    static func setTablesVerified(_ type: any MappableCodable.Type) {
        verified.update(type, initial: true) { $0 = true }
    }

    /// The declared defaults of a ``DefaultInitializable`` model: its `init()` instance, encoded
    /// once per type (`nil` for other models, or when that instance cannot be encoded).
    ///
    /// Dates are written as seconds since 1970 (exact, where ISO 8601 drops fractions) and data as
    /// base64, whatever the caller's strategies; `DecoderImpl.declaredDefault` reads them back
    /// with the same two strategies.
    static func declaredDefaults(of type: any MappableCodable.Type) -> JSONTape? {
        defaults.value(for: type) {
            var encoder = BridgeEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            encoder.dataEncodingStrategy = .base64
            guard let instance = (type as? any DefaultInitializable.Type)?.init() as? any Encodable,
                  let value = try? encoder.encodeToJSONValue(instance) else { return nil }
            return JSONTape(value: value)
        }
    }
}
