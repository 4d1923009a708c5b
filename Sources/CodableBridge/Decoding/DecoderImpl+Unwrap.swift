import Foundation

extension DecoderImpl {
    // MARK: Generic dispatch

    /// Decodes a `T` from `node`; `key` is the path component of `node` (not yet pushed).
    ///
    /// Scalars are read in place; `Date`, `Data`, `URL`, `Decimal` and `JSONValue` follow the
    /// decoder's strategies; arrays, sets, dictionaries and optionals take the container fast
    /// path (`BridgeCollectionDecodable`); `MappableCodable` models go through their mapping and
    /// hooks; everything else runs its own `init(from:)`.
    func unwrap<T: Decodable>(_ type: T.Type, node: Int, key: PathComponent?, elementType: (any Codable.Type)? = nil) throws -> T {
        if T.self == String.self { return unsafeBitCast(try unwrapString(node, key), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try unwrapInteger(node, key, as: Int.self), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try unwrapFloatingPoint(node, key, as: Double.self), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try unwrapBool(node, key), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try unwrapInteger(node, key, as: Int64.self), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try unwrapInteger(node, key, as: UInt64.self), to: T.self) }
        if T.self == Float.self { return unsafeBitCast(try unwrapFloatingPoint(node, key, as: Float.self), to: T.self) }
        if T.self == Int32.self { return unsafeBitCast(try unwrapInteger(node, key, as: Int32.self), to: T.self) }
        if T.self == UInt.self { return unsafeBitCast(try unwrapInteger(node, key, as: UInt.self), to: T.self) }
        if T.self == Int8.self { return unsafeBitCast(try unwrapInteger(node, key, as: Int8.self), to: T.self) }
        if T.self == Int16.self { return unsafeBitCast(try unwrapInteger(node, key, as: Int16.self), to: T.self) }
        if T.self == UInt8.self { return unsafeBitCast(try unwrapInteger(node, key, as: UInt8.self), to: T.self) }
        if T.self == UInt16.self { return unsafeBitCast(try unwrapInteger(node, key, as: UInt16.self), to: T.self) }
        if T.self == UInt32.self { return unsafeBitCast(try unwrapInteger(node, key, as: UInt32.self), to: T.self) }
        if T.self == Date.self { return unsafeBitCast(try unwrapDate(node, key), to: T.self) }
        if T.self == Data.self { return unsafeBitCast(try unwrapData(node, key), to: T.self) }
        if T.self == URL.self { return unsafeBitCast(try unwrapURL(node, key), to: T.self) }
        if T.self == Decimal.self { return unsafeBitCast(try unwrapDecimal(node, key), to: T.self) }
        if T.self == JSONValue.self { return unsafeBitCast(node == DecoderImpl.missingNode ? JSONValue.null : tape.value(at: node), to: T.self) }
        return try _slowPathUnwrap(type, node: node, key: key, elementType: elementType)
    }

    /// How a non-scalar type decodes. Conformance checks cost hundreds of instructions each, so
    /// the answer is kept in a short per-decode list (a decode meets few distinct types).
    enum TypeClass {
        case collection(any BridgeCollectionDecodable.Type)
        case model(any MappableCodable.Type)
        /// An ``UnknownCaseRepresentable`` enum: an unknown raw value decodes as its unknown case.
        case unknownCase(any UnknownCaseRepresentable.Type)
        case plain
    }

    @inline(__always)
    func classify<T>(_ type: T.Type) -> TypeClass {
        let id = ObjectIdentifier(T.self)
        for entry in typeClasses where entry.id == id { return entry.kind }
        let kind: TypeClass
        if CollectionShape.mayBeCollection(T.self), let collection = T.self as? any BridgeCollectionDecodable.Type {
            kind = .collection(collection)
        } else if let model = ConformanceIndex.model(T.self) {
            // Not `as?`: the runtime's first answer for a type scans every conformance record of
            // the process, and the index mostly knows it already (ConformanceIndex.swift).
            kind = .model(model)
        } else if TypeShape.mayBeEnum(T.self), let enumType = ConformanceIndex.unknownCaseType(T.self),
                  TypeShape.isEnum(T.self, sample: { enumType.unknownCase }) {
            kind = .unknownCase(enumType)
        } else {
            kind = .plain
        }
        if typeClasses.count < 32 { typeClasses.append((id, kind)) }
        return kind
    }

    // No `T?` in this function or the ones it inlines: see `nullValue(_:)` for what one costs.
    private func _slowPathUnwrap<T: Decodable>(_ type: T.Type, node: Int, key: PathComponent?, elementType: (any Codable.Type)?) throws -> T {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            if T.self == Int128.self { return unsafeBitCast(try unwrapInteger(node, key, as: Int128.self), to: T.self) }
            if T.self == UInt128.self { return unsafeBitCast(try unwrapInteger(node, key, as: UInt128.self), to: T.self) }
        }
        if options.coercion.hasCustomRules, node != DecoderImpl.missingNode {
            return try _slowPathCustomRule(T.self, node: node, key: key) {
                try unwrapComposite(T.self, node: node, key: key, elementType: elementType)
            }
        }
        return try unwrapComposite(T.self, node: node, key: key, elementType: elementType)
    }

    /// A collection, a model, an element type override, an embedded document, an
    /// ``UnknownCaseRepresentable`` enum or a plain `init(from:)`.
    @inline(__always)
    private func unwrapComposite<T: Decodable>(_ type: T.Type, node: Int, key: PathComponent?, elementType: (any Codable.Type)?) throws -> T {
        let kind = classify(T.self)
        let maybeEmbedded = node != DecoderImpl.missingNode && nodes[node].kind == .string && options.coercion.parsesEmbeddedJSON
        if case .collection(let collection) = kind {
            func decodeCollection() throws -> T {
                // The collection type is T (classify(T.self)).
                try descend(into: node, key: key) { try collection.bridgeDecode(as: T.self, from: self, elementType: elementType) }
            }
            if maybeEmbedded, collection.acceptsEmbeddedArray || collection.acceptsEmbeddedObject {
                return try _slowPathEmbedded(T.self, node: node, key: key, elementType: elementType, otherwise: decodeCollection)
            }
            return try decodeCollection()
        }
        if let elementType, !(elementType is any BridgeCollectionDecodable.Type) {
            return try decodeOverride(T.self, as: elementType, node: node, key: key)
        }
        if case .model(let model) = kind {
            return try decodeModel(T.self, model, node: node, key: key)
        }
        func decodeOther() throws -> T {
            if case .unknownCase(let enumType) = kind {
                return try decodeUnknownCaseEnum(T.self, enumType, node: node, key: key)
            }
            if unknownKeys == nil { return try descend(into: node, key: key) { try T(from: self) } }
            return try descend(into: node, key: key) { try checkingUnknownKeys { try T(from: self) } }
        }
        if maybeEmbedded {
            return try _slowPathEmbedded(T.self, node: node, key: key, elementType: nil, otherwise: decodeOther)
        }
        return try decodeOther()
    }

    /// The policy's custom rule for `T` ("Rules for your own types" in Docs/Coercion.md) applied
    /// to a scalar node, before the type's own `init(from:)`: the value (reported as a coercion),
    /// `otherwise()` when no rule applies, or the rule's rejection (not converted; an error under
    /// `.strict`).
    @inline(never)
    private func _slowPathCustomRule<T>(_ type: T.Type, node: Int, key: PathComponent?, otherwise: () throws -> T) throws -> T {
        guard let input = scalar(node), input != .null, let result = options.coercion.customRule(for: T.self, from: input) else {
            return try otherwise()
        }
        switch result {
        case .converted(let value, let rule):
            record(.coerced, key: key, facts: coercionFacts(node, to: T.self, value: value, rule: rule))
            return value
        case .notConverted(let reason):
            throw mismatch(T.self, node: node, key: key, reason: reason)
        }
    }

    /// The embedded document in a string node decoded as `T` (``decodeEmbedded(_:node:key:elementType:)``),
    /// or `otherwise()` when the string holds none.
    @inline(never)
    private func _slowPathEmbedded<T: Decodable>(_ type: T.Type, node: Int, key: PathComponent?, elementType: (any Codable.Type)?,
                                                 otherwise: () throws -> T) throws -> T
    {
        if let embedded = try decodeEmbedded(T.self, node: node, key: key, elementType: elementType) { return embedded }
        return try otherwise()
    }

    /// Decodes `concrete` (from `elementTypes`) and returns it as the declared `T`.
    func decodeOverride<T: Decodable>(_ type: T.Type, as concrete: any Codable.Type, node: Int, key: PathComponent?) throws -> T {
        func open<C: Decodable>(_ c: C.Type) throws -> Any { try unwrap(C.self, node: node, key: key) }
        let value = try open(concrete)
        guard let typed = value as? T else {
            // A wrong table, not bad data: never dropped as an element would be.
            throw DecodingMessages.elementTypeDoesNotFit(concrete, declared: T.self, path: codingPath(adding: key))
        }
        return typed
    }

    /// Decodes a `T` from a string that holds a JSON object or array (`.lenient`), or `nil` when
    /// the string does not look like one. Reported as a coercion. The one path for embedded JSON:
    /// models, collections and values alike.
    func decodeEmbedded<T: Decodable>(_ type: T.Type, node: Int, key: PathComponent?, elementType: (any Codable.Type)?) throws -> T? {
        let first = bytes.content(of: nodes[node]).first { $0 > 0x20 }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        guard let embedded = try? JSONTape(parsing: text(node), maxDepth: options.maxDepth) else { return nil }
        let child = DecoderImpl(tape: embedded, options: options, report: report, path: path + (key.map { [$0] } ?? []))
        let value = try child.unwrap(T.self, node: 0, key: nil, elementType: elementType)
        record(.coerced, key: key, DecodingMessages.embeddedJSON(found: found(node), to: T.self))
        return value
    }

    /// Whether a JSON null decodes directly as `T`: `Optional` (as `nil`) and `JSONValue` (as
    /// `.null`). ``nullValue(_:)`` gives the value.
    @inline(__always)
    func acceptsNull<T>(_ type: T.Type) -> Bool {
        T.self == JSONValue.self || T.self is any BridgeOptional.Type
    }

    /// The value a JSON null gives `T`, for a `T` that ``acceptsNull(_:)``.
    ///
    /// Deliberately not `-> T?`, and the same goes for the hot generic paths that call it: a
    /// generic function holding a `T?` anywhere fetches `Optional<T>`'s metadata on every call
    /// (the optimizer moves the value's stack slot to the function's entry), on every call
    /// (Docs/Design.md, "Performance techniques").
    @inline(never)
    func nullValue<T>(_ type: T.Type) -> T {
        if T.self == JSONValue.self { return unsafeBitCast(JSONValue.null, to: T.self) }
        // safe: called only when acceptsNull(T.self), so T is an Optional; bridgeNone is Self
        return (T.self as! any BridgeOptional.Type).bridgeNone as! T
    }

    // MARK: Missing values

    /// What an optional becomes when its value was not converted or its model was rejected:
    /// `nil`, reported (a null word as a coercion). Any other error is rethrown.
    func absorbIntoNil<T>(_ error: any Error, _ type: T.Type, node: Int, key: PathComponent?) throws -> T? {
        switch error {
        case let error as NotConverted:
            if isNullWord(node) {
                record(.coerced, key: key, DecodingMessages.nullWord(text(node)))
            } else {
                record(.defaulted, key: key, DecodingMessages.usedNil(error, for: T.self))
            }
        case let error as ModelRejected:
            record(.rejected, key: key, DecodingMessages.hookThrewUsedNil(error))
        default:
            throw error
        }
        return nil
    }

    /// Why a property's value must be substituted.
    enum SubstitutionReason {
        case missing(tried: [String])
        case null
        case notConverted(NotConverted)
        case rejected(ModelRejected)
    }

    /// The value for a property with no usable value: under `.useDefault` the model's declared
    /// default or the type's zero value (reported), else the error `JSONDecoder` would throw.
    func substitute<T: Decodable>(_ type: T.Type, key: PathComponent, reason: SubstitutionReason, owner: ModelMeta?) throws -> T {
        let failure = substitutionError(T.self, key: key, reason: reason)
        if case .rejected(let rejection) = reason {
            record(.rejected, key: key, DecodingMessages.hookThrew(rejection))
        }
        if case .throw = options.missingValueStrategy.base { throw failure }
        // A JSON null for a non-optional is an error under `.strict` whatever the strategy.
        if case .null = reason, !lenient { throw failure }
        if acceptsNull(T.self) { return nullValue(T.self) }
        if let owner, let declared = try declaredDefault(T.self, key: key, owner: owner) {
            record(.defaulted, key: key, DecodingMessages.usedDeclaredDefault(describe(reason), value: DecodingMessages.value(declared)))
            return declared
        }
        // An enum has no zero value; a model that opts in (`enumsDefaultToFirstCase`) gets the
        // first of `allCases`. Checked before the zero value, so it also wins over a case whose
        // raw value happens to be 0 or "".
        if let owner, owner.enumsDefaultToFirstCase, let first = DecoderImpl.firstCase(of: T.self) {
            record(.defaulted, key: key, DecodingMessages.usedFirstCase(describe(reason), type: T.self, value: String(describing: first)))
            return first
        }
        let value: T
        do {
            zeroDepth += 1
            defer { zeroDepth -= 1 }
            value = try unwrap(T.self, node: DecoderImpl.missingNode, key: key)
        } catch {
            throw failure
        }
        record(.defaulted, key: key, DecodingMessages.usedZero(describe(reason), type: T.self, value: DecodingMessages.value(value)))
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
        return T.self is any RawRepresentable.Type && owner.type is any DefaultInitializable.Type
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

    func describe(_ reason: SubstitutionReason) -> String {
        switch reason {
        case .missing(let tried): DecodingMessages.substitution(missing: tried)
        case .null: DecodingMessages.substitutionNull
        case .notConverted(let error): DecodingMessages.substitution(notConverted: error)
        case .rejected: DecodingMessages.substitutionRejected
        }
    }

    private func substitutionError<T>(_ type: T.Type, key: PathComponent, reason: SubstitutionReason) -> any Error {
        switch reason {
        case .missing(let tried):
            return DecodingMessages.keyNotFound(key.codingKey, path: codingPath, tried: tried)
        case .null:
            return DecodingMessages.valueNotFound(T.self, path: codingPath(adding: key))
        case .notConverted(let error):
            return DecodingMessages.notConverted(error, path: codingPath(adding: key))
        case .rejected(let rejection):
            return DecodingMessages.rejected(rejection, path: codingPath(adding: key))
        }
    }
}

/// `Optional`, seen without knowing its wrapped type.
protocol BridgeOptional {
    static var bridgeNone: Self { get }
}

extension Optional: BridgeOptional {
    static var bridgeNone: Self { nil }
}
