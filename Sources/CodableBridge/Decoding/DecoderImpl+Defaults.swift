import Foundation

// MARK: - Design
//
// Defaults: what a value becomes when the JSON does not give it usably. Every decode uses these,
// not only `update(_:from:)`. A value the policy will not convert raises `NotConverted`, a model
// whose hook throws `ModelRejected` (the signals below); the nearest property turns either into
// its substitute (`substitute(_:key:reason:owner:)`: the model's declared default, the first case
// of an enum that asks for it, or the type's zero value read from `DecoderImpl.missingNode`) or,
// for an optional, into `nil` (`absorbIntoNil`) — each with a report event — and the nearest
// container element drops it. Under `update(_:from:)` the current value comes first.

extension DecoderImpl {
    // MARK: Missing values

    /// What an optional becomes when its value was not converted or its model was rejected:
    /// `nil`, reported (a null word as a coercion). Any other error is rethrown.
    func absorbIntoNil<T>(_ error: any Error, _ type: T.Type, node: Int, key: PathComponent?) throws -> T? {
        switch error {
        case let error as NotConverted:
            if isNullWord(node) {
                record(.coerced, key: key, rule: "null word → nil", DecodingMessages.nullWord(text(node)))
            } else {
                record(.defaulted, key: key, rule: "not converted → nil", DecodingMessages.usedNil(error, for: T.self))
            }
        case let error as ModelRejected:
            discardEvents(inside: key)
            record(.rejected, key: key, rule: "hook threw → nil", DecodingMessages.hookThrewUsedNil(error))
        case let error as DecodingError where lenient && !error.isProgrammerError:
            record(.defaulted, key: key, rule: "failed → nil", DecodingMessages.usedNil(failedValue(error, T.self, node: node, key: key), for: T.self))
        default:
            throw error
        }
        return nil
    }

    /// Removes the events recorded inside the value at `key` below the current path (a rejected
    /// model): the value was thrown away whole, so its repairs were never applied.
    func discardEvents(inside key: PathComponent?) {
        guard let report else { return }
        report.removeTrailingEvents(under: pathString(codingPath(adding: key)))
    }

    /// A value whose own `init(from:)` threw `error` (lenient policies: an enum with an unknown raw
    /// value, a malformed `UUID`, a nested model that rejects itself, an error from any level
    /// below), as a value not converted. The value is thrown away whole, so the events recorded
    /// inside it are removed: its repairs were never applied.
    func failedValue<T>(_ error: DecodingError, _ type: T.Type, node: Int, key: PathComponent?) -> NotConverted {
        let at = pathString(codingPath(adding: key))
        report?.removeTrailingEvents(under: at)
        return NotConverted(expected: T.self, found: found(node), reason: DecodingMessages.summary(of: error, below: at))
    }

    /// The keys a missing property was looked up at: spelt (``ModelMeta/spellings(of:)``) only
    /// when a message needs them, since a substitution usually goes unreported.
    struct TriedKeys {
        let owner: ModelMeta?
        let property: String

        /// A property of a model without mapping tables: its own key only.
        static let none = TriedKeys(owner: nil, property: "")

        var spellings: [String] { owner?.spellings(of: property) ?? [] }
    }

    /// Why a property's value must be substituted.
    enum SubstitutionReason {
        /// No member; `blocked` says why when a key path runs through a value that is not an
        /// object (lenient policies: "ext is a string, not an object").
        case missing(tried: TriedKeys, blocked: String? = nil)
        case null
        case notConverted(NotConverted)
        case rejected(ModelRejected)
    }

    /// The value for a property with no usable value: under `.useDefault` the model's declared
    /// default or the type's zero value (reported), else the error `JSONDecoder` would throw.
    ///
    /// No `T?` in this function (see `nullValue(_:)`): the owner's defaults, which are optionals,
    /// are looked up in ``substituteForOwner(_:key:reason:owner:)``.
    func substitute<T: Decodable>(_ type: T.Type, key: PathComponent, reason: SubstitutionReason, owner: ModelMeta?) throws -> T {
        if case .rejected(let rejection) = reason {
            record(.rejected, key: key, rule: "hook threw", DecodingMessages.hookThrew(rejection))
        }
        if case .throw = options.missingValueStrategy.base { throw substitutionError(T.self, key: key, reason: reason) }
        // A JSON null for a non-optional is an error under `.strict` whatever the strategy.
        if case .null = reason, !lenient { throw substitutionError(T.self, key: key, reason: reason) }
        if acceptsNull(T.self) { return nullValue(T.self) }
        // Only a model that can declare a default looks for one (those lookups hold a `T?`).
        if let owner, fieldModel != nil || owner.hasDeclaredDefaults || owner.enumsDefaultToFirstCase {
            return try substituteForOwner(T.self, key: key, reason: reason, owner: owner)
        }
        return try zeroValue(T.self, key: key, reason: reason)
    }

    /// ``substitute(_:key:reason:owner:)`` for a property of a model with a mapping: its field's
    /// initial value, its declared default, its first case, else the zero value.
    @inline(never)
    private func substituteForOwner<T: Decodable>(_ type: T.Type, key: PathComponent, reason: SubstitutionReason, owner: ModelMeta) throws -> T {
        if fieldModel != nil, let initial = fieldInitialValue(T.self, key: key, owner: owner) {
            record(.defaulted, key: key, rule: ruleName(reason, .declaredDefault), DecodingMessages.usedDeclaredDefault(describe(reason), value: DecodingMessages.value(initial)))
            return initial
        }
        if let declared = try declaredDefault(T.self, key: key, owner: owner) {
            record(.defaulted, key: key, rule: ruleName(reason, .declaredDefault), DecodingMessages.usedDeclaredDefault(describe(reason), value: DecodingMessages.value(declared)))
            return declared
        }
        // An enum has no zero value; a model that opts in (`enumsDefaultToFirstCase`) gets the
        // first of `allCases`. Checked before the zero value, so it also wins over a case whose
        // raw value happens to be 0 or "".
        if owner.enumsDefaultToFirstCase, let first = DecoderImpl.firstCase(of: T.self) {
            record(.defaulted, key: key, rule: ruleName(reason, .firstCase), DecodingMessages.usedFirstCase(describe(reason), type: T.self, value: String(describing: first)))
            return first
        }
        return try zeroValue(T.self, key: key, reason: reason)
    }

    /// The zero value substituted for a property (reported), or the error `JSONDecoder` would
    /// throw when `T` has none.
    private func zeroValue<T: Decodable>(_ type: T.Type, key: PathComponent, reason: SubstitutionReason) throws -> T {
        let value: T
        do {
            zeroDepth += 1
            defer { zeroDepth -= 1 }
            value = try unwrap(T.self, node: DecoderImpl.missingNode, key: key)
        } catch {
            // Made only when thrown: its message costs more than the substitution.
            throw substitutionError(T.self, key: key, reason: reason)
        }
        record(.defaulted, key: key, rule: ruleName(reason, .zeroValue), DecodingMessages.usedZero(describe(reason), type: T.self, value: DecodingMessages.value(value)))
        return value
    }

    /// Whether `error`, thrown by the `init(from:)` of a property's type `T`, means "no case of the
    /// enum" (`"blue"` for `Color`) and the owner model has a default for it: a declared default
    /// (``DefaultInitializable``, any `RawRepresentable` type), or the first case
    /// (`enumsDefaultToFirstCase`, a `CaseIterable` type). Then the value is treated as not
    /// converted (lenient policies, `.useDefault`); otherwise the error stands, as in `JSONDecoder`.
    func isUnknownCase<T>(_ error: DecodingError, _ type: T.Type, owner: ModelMeta?) -> Bool {
        guard let owner, lenient, case .useDefault = options.missingValueStrategy.base,
              case .dataCorrupted = error, !error.isProgrammerError else { return false }
        if owner.enumsDefaultToFirstCase, T.self is any CaseIterable.Type { return true }
        return T.self is any RawRepresentable.Type && (owner.hasDeclaredDefaults || isFieldModel(owner))
    }

    /// Whether `error`, thrown by the `init(from:)` of the non-optional property `key` of type `T`
    /// (a malformed `UUID`, a nested model that rejects itself, …), falls to a default the owner
    /// model declares (lenient policies, `.useDefault`): its ``DefaultInitializable`` instance's
    /// value, or the first case (`enumsDefaultToFirstCase`). Without one the error stands.
    func hasDeclaredFallback<T>(_ error: DecodingError, _ type: T.Type, key: PathComponent, owner: ModelMeta?) -> Bool {
        guard let owner, lenient, case .useDefault = options.missingValueStrategy.base, !error.isProgrammerError else { return false }
        if owner.enumsDefaultToFirstCase, T.self is any CaseIterable.Type { return true }
        if fieldModel != nil, fieldInitialValue(T.self, key: key, owner: owner) != nil { return true }
        guard key.isProperty, owner.hasDeclaredDefaults else { return false }
        return TypeFacts.declaredDefault(key.codingKey.stringValue, as: T.self, of: owner.type) != nil
    }

    /// The not-converted signal for a value at `node` that is no case of the enum `T`.
    func unknownCase<T>(_ node: Int, _ type: T.Type) -> NotConverted {
        NotConverted(expected: T.self, found: found(node), reason: DecodingMessages.notACase(T.self))
    }

    /// The first case of `T` when it is `CaseIterable` (and has a case).
    static func firstCase<T>(of type: T.Type) -> T? {
        func first<C: CaseIterable>(_ type: C.Type) -> Any? { C.allCases.first }
        guard let cases = T.self as? any CaseIterable.Type else { return nil }
        return first(cases) as? T
    }

    /// The property's value in the owner's `init()` instance, when it is a ``DefaultInitializable``
    /// model that has one: the value itself, by coding key (mapping, strategies and ignored
    /// properties play no part).
    private func declaredDefault<T: Decodable>(_ type: T.Type, key: PathComponent, owner: ModelMeta) throws -> T? {
        guard key.isProperty else { return nil }
        return TypeFacts.declaredDefault(key.codingKey.stringValue, as: T.self, of: owner.type)
    }

    /// What replaced a value, for a rule name.
    enum Substitute {
        case declaredDefault, firstCase, zeroValue, currentValue
    }

    /// The rule of a substitution, for telemetry: `"missing → zero value"`. Constants only (no
    /// allocation, no value).
    func ruleName(_ reason: SubstitutionReason, _ substitute: Substitute) -> String {
        switch (reason, substitute) {
        case (.missing, .declaredDefault): "missing → default"
        case (.missing, .firstCase): "missing → first case"
        case (.missing, .zeroValue): "missing → zero value"
        case (.missing, .currentValue): "missing → current value"
        case (.null, .declaredDefault): "null → default"
        case (.null, .firstCase): "null → first case"
        case (.null, .zeroValue): "null → zero value"
        case (.null, .currentValue): "null → current value"
        case (.notConverted, .declaredDefault): "not converted → default"
        case (.notConverted, .firstCase): "not converted → first case"
        case (.notConverted, .zeroValue): "not converted → zero value"
        case (.notConverted, .currentValue): "not converted → current value"
        case (.rejected, .declaredDefault): "rejected → default"
        case (.rejected, .firstCase): "rejected → first case"
        case (.rejected, .zeroValue): "rejected → zero value"
        case (.rejected, .currentValue): "rejected → current value"
        }
    }

    func describe(_ reason: SubstitutionReason) -> String {
        switch reason {
        case .missing(let tried, let blocked): blocked ?? DecodingMessages.substitution(missing: tried.spellings)
        case .null: DecodingMessages.substitutionNull
        case .notConverted(let error): DecodingMessages.substitution(notConverted: error)
        case .rejected: DecodingMessages.substitutionRejected
        }
    }

    private func substitutionError<T>(_ type: T.Type, key: PathComponent, reason: SubstitutionReason) -> any Error {
        switch reason {
        case .missing(let tried, _):
            return DecodingMessages.keyNotFound(key.codingKey, path: codingPath, tried: tried.spellings)
        case .null:
            return DecodingMessages.valueNotFound(T.self, path: codingPath(adding: key))
        case .notConverted(let error):
            return DecodingMessages.notConverted(error, path: codingPath(adding: key))
        case .rejected(let rejection):
            return DecodingMessages.rejected(rejection, path: codingPath(adding: key))
        }
    }
}

extension DecoderImpl.KeyedContainer {
    /// The value of a required property whose key has no member. A plain model's scalar under
    /// `.useDefault`, with no report to tell (``DecoderImpl/missingGetsZero``), is what its typed
    /// `read` gives at the missing node — its zero value, as the substitution would, without
    /// laying out a reason; a snapshot of a partial document meets one per member not arrived yet.
    @inline(__always)
    func missingProperty<T: Decodable>(_ type: T.Type, _ key: Key, scalar: Bool, _ read: (Int, PathComponent?) throws -> T) throws -> T {
        if scalar, impl.missingGetsZero, meta == nil, context == nil { return try read(DecoderImpl.missingNode, .key(key)) }
        let blocked = impl.blockedWalkObject == object ? blockedKeyPath(key) : nil
        return try substituteProperty(T.self, key, reason: .missing(tried: triedKeys(key), blocked: blocked))
    }

    /// The value of a property the patch does not set usably: its current value when updating
    /// (reported unless it was simply missing), else the decoder's substitute.
    ///
    /// No `T?` here (see `DecoderImpl.nullValue(_:)`): the current value is looked up in
    /// ``substitutePropertyWhenUpdating(_:_:reason:)``.
    func substituteProperty<T: Decodable>(_ type: T.Type, _ key: Key, reason: DecoderImpl.SubstitutionReason) throws -> T {
        if context != nil { return try substitutePropertyWhenUpdating(T.self, key, reason: reason) }
        return try impl.substitute(T.self, key: .key(key), reason: reason, owner: meta)
    }

    /// ``substituteProperty(_:_:reason:)`` under `update(_:from:)`: the current value first.
    @inline(never)
    private func substitutePropertyWhenUpdating<T: Decodable>(_ type: T.Type, _ key: Key, reason: DecoderImpl.SubstitutionReason) throws -> T {
        let component = PathComponent.key(key)
        if let current = currentValue(T.self, key) {
            impl.recordKept(reason, key: component)
            return current
        }
        return try impl.substitute(T.self, key: component, reason: reason, owner: meta)
    }

    /// The value of an optional property whose present value was not converted or was rejected:
    /// its current value when updating (reported), else `nil` (reported). A null word sets nil.
    func absorbProperty<T>(_ error: any Error, _ type: T.Type, node: Int, key: Key) throws -> T? {
        let component = PathComponent.key(key)
        if context != nil, !impl.isNullWord(node), let current = currentValue(T.self, key) {
            switch error {
            case let error as NotConverted: impl.recordKept(.notConverted(error), key: component)
            case let error as ModelRejected: impl.recordKept(.rejected(error), key: component)
            default: throw error
            }
            return current
        }
        return try impl.absorbIntoNil(error, T.self, node: node, key: component)
    }
}

// MARK: - Models decoded into an instance

/// A class model that decodes into an instance made before its decode, one stored property
/// (field) at a time: `BridgeObject` with `fields`. A property it does not get usably keeps the
/// instance's initial value, and `update(_:from:)` changes the instance in place.
protocol FieldBackedModel: AnyObject {
    /// The current value of the field `property`, if the model has a field of that name.
    func fieldValue(_ property: String) -> Any?
    /// Copies every decoded field of `updated`, a model of the same class, into this model;
    /// whether it did (`false` for another class or a model without fields).
    func adoptFields(of updated: AnyObject) throws -> Bool
}

extension DecoderImpl {
    /// The initial value of the property `key` of the model whose fields are being decoded, when
    /// `owner` is that model's class.
    func fieldInitialValue<T>(_ type: T.Type, key: PathComponent, owner: ModelMeta) -> T? {
        guard let model = fieldModel, key.isProperty, isFieldModel(owner) else { return nil }
        return model.fieldValue(key.codingKey.stringValue) as? T
    }

    /// Whether `owner` is the class of the model whose fields are being decoded.
    func isFieldModel(_ owner: ModelMeta) -> Bool {
        guard let model = fieldModel else { return false }
        return ObjectIdentifier(Swift.type(of: model)) == ObjectIdentifier(owner.type)
    }
}

/// A value the coercion policy would not convert; the caller treats it as missing (lenient) —
/// never escapes the decoder. `found` and `reason` are message text from ``DecodingMessages``.
struct NotConverted: Error {
    let expected: Any.Type
    let found: String
    let reason: String
}

/// A model hook threw: the model is rejected. Handled at the nearest property or element.
struct ModelRejected: Error {
    let typeName: String
    let hook: String
    let underlying: any Error
}

extension DecoderImpl {
    /// Decodes an ``UnknownCaseRepresentable`` enum from its raw value: a raw value that is no case
    /// gives `unknownCase`, under every policy, reported as `.defaulted` with the raw value. A raw
    /// value of the wrong kind is a mismatch like any other (then the property's default, or the
    /// error under `.strict`).
    func decodeUnknownCaseEnum<T: Decodable>(_ type: T.Type, _ enumType: any UnknownCaseRepresentable.Type, node: Int,
                                             key: PathComponent?) throws -> T
    {
        func open<E: UnknownCaseRepresentable>(_ e: E.Type) throws -> T {
            guard let rawType = E.RawValue.self as? any Decodable.Type else {
                return try descend(into: node, key: key) { try T(from: self) }
            }
            func decodeRaw<R: Decodable>(_ r: R.Type) throws -> Any { try unwrap(R.self, node: node, key: key) }
            // safe: decodeRaw decoded a value of E.RawValue's type
            let raw = try decodeRaw(rawType) as! E.RawValue
            if let value = E(rawValue: raw) {
                // safe: E is T (classify(T.self) found T to be this enum type)
                return value as! T
            }
            record(.defaulted, key: key, rule: "unknown raw value → unknown case", DecodingMessages.usedUnknownCase(raw: DecodingMessages.value(raw), type: E.self,
                                                                         value: String(describing: E.unknownCase)))
            // safe: E is T, as above
            return E.unknownCase as! T
        }
        return try open(enumType)
    }
}

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
