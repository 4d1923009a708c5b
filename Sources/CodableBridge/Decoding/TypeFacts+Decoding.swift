extension TypeFacts {
    /// The declared default of the property `name` of a ``DefaultInitializable`` model: its
    /// value in the model's `init()` instance, as that instance's `encode(to:)` hands it over
    /// (a `ValueSnapshot`, made once per type and thread and kept in the type's facts), so it is
    /// exact whatever the decoder's strategies, and ignored properties have one too. `nil` for
    /// other models, for a property the instance does not encode, or when the instance cannot be
    /// encoded.
    ///
    /// A value of class type is never shared between decoded values: it comes from a new `init()`.
    static func declaredDefault<T>(_ name: String, as type: T.Type, of model: any MappableCodable.Type) -> T? {
        let facts = TypeFacts.of(model)
        let values: [String: Any]?
        if let known = facts.declaredDefaults {
            values = known
        } else {
            values = snapshotOfInit(model)?.values
            facts.declaredDefaults = .some(values)
        }
        guard let value = values?[name] as? T else { return nil }
        if Swift.type(of: value as Any) is AnyClass { return snapshotOfInit(model)?.value(name, as: T.self) }
        return value
    }

    private static func snapshotOfInit(_ model: any MappableCodable.Type) -> ValueSnapshot? {
        guard let instance = (model as? any DefaultInitializable.Type)?.init() else { return nil }
        return try? ValueSnapshot.of(instance)
    }
}
