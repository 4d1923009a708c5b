/// What decoding has learnt about model types (entries of the `TypeCache` mechanism): whether a
/// type's tables name only real properties and which keys it reads (process-wide), and its
/// declared defaults (per thread).
enum DecodingTypeFacts {
    private static let verified = TypeCache<Bool>()
    /// Rebuilt per thread (`TypeCache.Sharing.thread`): a dictionary read by every thread would
    /// have its reference count written by all of them. Known keys and verified tables are learnt
    /// by a decode, so they are published for the process.
    private static let defaults = TypeCache<[String: Any]?>(sharing: .thread)
    private static let keys = TypeCache<Set<String>>()

    /// The JSON keys a model type reads from its object — its own keys, mapped keys (first
    /// segments of key paths) and the keys of the models flattened into it — once a decode has
    /// verified its tables (`nil` before). This is what makes flattened keys known keys.
    static func knownKeys(of type: any MappableCodable.Type) -> Set<String>? {
        keys.get(type)
    }

    /// Records the JSON keys `type` reads (see ``knownKeys(of:)``).
    static func setKnownKeys(_ type: any MappableCodable.Type, _ known: Set<String>) {
        keys.setIfAbsent(type, known)
    }

    /// Whether a decode of `type` has confirmed that its tables name only real properties.
    static func tablesVerified(_ type: any MappableCodable.Type) -> Bool {
        verified.get(type) ?? false
    }

    /// Records that the tables of `type` name only real properties.
    static func setTablesVerified(_ type: any MappableCodable.Type) {
        verified.setIfAbsent(type, true)
    }

    /// The declared default of the property `name` of a ``DefaultInitializable`` model: its
    /// value in the model's `init()` instance, as that instance's `encode(to:)` hands it over
    /// (a `ValueSnapshot`, made once per type and thread), so it is exact whatever the decoder's
    /// strategies, and ignored properties have one too. `nil` for other models, for a property the
    /// instance does not encode, or when the instance cannot be encoded.
    ///
    /// A value of class type is never shared between decoded values: it comes from a new `init()`.
    static func declaredDefault<T>(_ name: String, as type: T.Type, of model: any MappableCodable.Type) -> T? {
        let values = defaults.value(for: model) { snapshotOfInit(model)?.values }
        guard let value = values?[name] as? T else { return nil }
        if Swift.type(of: value as Any) is AnyClass { return snapshotOfInit(model)?.value(name, as: T.self) }
        return value
    }

    private static func snapshotOfInit(_ model: any MappableCodable.Type) -> ValueSnapshot? {
        guard let instance = (model as? any DefaultInitializable.Type)?.init() else { return nil }
        return try? ValueSnapshot.of(instance)
    }
}
