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
        if isPlainArray(node), elementType == nil, T.self == [Int].self || T.self == [Double].self || T.self == [String].self {
            return try _fastPathScalarArray(T.self, node: node, key: key)
        }
        return try _slowPathUnwrap(type, node: node, key: key, elementType: elementType)
    }

    /// Whether `node` is an array that the composite dispatch would hand, unchanged, to its
    /// collection's element loop: present, an array, and neither a partial document's snapshot
    /// (which keeps arrays between snapshots) nor an update (which walks the old value beside it).
    @inline(__always)
    private func isPlainArray(_ node: Int) -> Bool {
        node != DecoderImpl.missingNode && nodes[node].kind == .array && completedValues == nil && update == nil
    }

    /// Whether the plain array at `node` (``isPlainArray(_:)``) has no elements, and is not the
    /// array whose parts this decode reads (JSONTape+ArrayParts.swift).
    @inline(__always)
    private func isEmptyArray(_ node: Int) -> Bool {
        nodes[node].length == 0 && node != part.node
    }

    /// `[Int]`, `[Double]` or `[String]` from the plain array at `node` (``isPlainArray(_:)``):
    /// the composite dispatch's own end for them (`Array.bridgeDecode`, called on the concrete
    /// type), without classifying the type or calling through the collection protocol on the way
    /// (Docs/Design.md, "Performance techniques").
    @inline(never)
    private func _fastPathScalarArray<T>(_ type: T.Type, node: Int, key: PathComponent?) throws -> T {
        // An empty array (citm_catalog.json has thousands) reads nothing: no level on the path.
        if isEmptyArray(node) {
            if T.self == [Int].self { return unsafeBitCast([Int](), to: T.self) }
            if T.self == [Double].self { return unsafeBitCast([Double](), to: T.self) }
            return unsafeBitCast([String](), to: T.self)
        }
        return try descend(into: node, key: key) {
            if T.self == [Int].self { return unsafeBitCast(try [Int].bridgeDecode(from: self, elementType: nil), to: T.self) }
            if T.self == [Double].self { return unsafeBitCast(try [Double].bridgeDecode(from: self, elementType: nil), to: T.self) }
            return unsafeBitCast(try [String].bridgeDecode(from: self, elementType: nil), to: T.self)
        }
    }

    /// How a non-scalar type decodes. Conformance checks cost hundreds of instructions each, so
    /// the answer is kept in a short per-decode list (a decode meets few distinct types).
    enum TypeClass {
        case collection(any BridgeCollectionDecodable.Type)
        case model(any MappableCodable.Type)
        /// A type with a decoding of its own that is neither a collection nor a model.
        case special(SpecialDecoding)
        case plain
    }

    /// The rare kinds of ``TypeClass``, behind one case: a plain value's decode asks one question
    /// to rule them all out.
    enum SpecialDecoding {
        /// An ``UnknownCaseRepresentable`` enum: an unknown raw value decodes as its unknown case.
        case unknownCase(any UnknownCaseRepresentable.Type)
        /// A class that conforms to `Observable`: decoded by its property names
        /// (Mapping/ObservableModels.swift).
        case observable
    }

    @inline(__always)
    func classify<T>(_ type: T.Type) -> TypeClass {
        let id = ObjectIdentifier(T.self)
        if let kind = typeClasses.answer(for: id) { return kind }
        let kind: TypeClass
        if CollectionShape.mayBeCollection(T.self), let collection = T.self as? any BridgeCollectionDecodable.Type {
            kind = .collection(collection)
        } else if let model = ConformanceIndex.model(T.self) {
            // Not `as?`: the runtime's first answer for a type scans every conformance record of
            // the process, and the index mostly knows it already (ConformanceIndex.swift).
            kind = .model(model)
        } else if TypeShape.mayBeEnum(T.self), let enumType = ConformanceIndex.unknownCaseType(T.self),
                  TypeShape.isEnum(T.self, sample: { enumType.unknownCase }) {
            kind = .special(.unknownCase(enumType))
        } else if ObservableModels.isObservableClass(T.self) {
            kind = .special(.observable)
        } else {
            kind = .plain
        }
        typeClasses.add(id, kind)
        return kind
    }

    // No `T?` in this function or the ones it inlines: see `nullValue(_:)` for what one costs.
    private func _slowPathUnwrap<T: Decodable>(_ type: T.Type, node: Int, key: PathComponent?, elementType: (any Codable.Type)?) throws -> T {
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            if T.self == Int128.self { return unsafeBitCast(try unwrapInteger(node, key, as: Int128.self), to: T.self) }
            if T.self == UInt128.self { return unsafeBitCast(try unwrapInteger(node, key, as: UInt128.self), to: T.self) }
        }
        // A partial document's snapshot: arrays, objects and zero values are kept for the next one.
        if let completedValues, elementType == nil,
           node == DecoderImpl.missingNode || nodes[node].kind.rawValue >= JSONTape.Kind.array.rawValue {
            return try completedValues.value(T.self, at: node, end: node < 0 ? 0 : nodes[node].payload) { try _slowPathUnwrapNew(T.self, node: node, key: key, elementType: nil) }
        }
        return try _slowPathUnwrapNew(T.self, node: node, key: key, elementType: elementType)
    }

    /// ``_slowPathUnwrap(_:node:key:elementType:)`` without a value kept from an earlier snapshot.
    private func _slowPathUnwrapNew<T: Decodable>(_ type: T.Type, node: Int, key: PathComponent?, elementType: (any Codable.Type)?) throws -> T {
        if hasCustomRules, node != DecoderImpl.missingNode {
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
            // An empty array of models decodes as `[]` without a level on the path: none of its
            // element type's code runs.
            if isPlainArray(node), isEmptyArray(node), collection.isArray { return collection.emptyArray(as: T.self) }
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
            if case .special(let special) = kind {
                switch special {
                case .unknownCase(let enumType): return try decodeUnknownCaseEnum(T.self, enumType, node: node, key: key)
                case .observable: return try _slowPathObservable(T.self, node: node, key: key)
                }
            }
            if lenient, T.self == UUID.self, let uuid = _slowPathPaddedUUID(node, key) { return unsafeBitCast(uuid, to: T.self) }
            if unknownKeys == nil { return try descend(into: node, key: key) { try T(from: self) } }
            return try descend(into: node, key: key) { try checkingUnknownKeys { try T(from: self) } }
        }
        if maybeEmbedded {
            return try _slowPathEmbedded(T.self, node: node, key: key, elementType: nil, otherwise: decodeOther)
        }
        return try decodeOther()
    }

    /// A plain `Codable` class that conforms to `Observable`, read by its property names.
    @inline(never)
    private func _slowPathObservable<T: Decodable>(_ type: T.Type, node: Int, key: PathComponent?) throws -> T {
        if unknownKeys == nil { return try descend(into: node, key: key) { try makeValue(T.self, observable: true) } }
        return try descend(into: node, key: key) { try checkingUnknownKeys { try makeValue(T.self, observable: true) } }
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
            recordCoercion(value, from: node, key: key, rule: rule)
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

    /// A `UUID` string with surrounding whitespace and newlines, trimmed (lenient policies, as
    /// for a `URL`) and reported as a coercion; `nil` for any other value, which `UUID`'s own
    /// `init(from:)` then reads (or rejects with its own error).
    @inline(never)
    private func _slowPathPaddedUUID(_ node: Int, _ key: PathComponent?) -> UUID? {
        guard node != DecoderImpl.missingNode, nodes[node].kind == .string else { return nil }
        // A UUID is ASCII: only a first or last byte that is ASCII whitespace or part of a
        // non-ASCII character (Unicode whitespace) needs the trim.
        func mayBeSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) || byte >= 0x80 }
        let content = bytes.content(of: nodes[node])
        guard let first = content.first, let last = content.last, mayBeSpace(first) || mayBeSpace(last) else { return nil }
        guard let uuid = UUID(uuidString: text(node).trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        recordCoercion(uuid, from: node, key: key, rule: "string → UUID (trimmed)")
        return uuid
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
        record(.coerced, key: key, rule: "embedded JSON string", DecodingMessages.embeddedJSON(found: found(node), to: T.self))
        return value
    }

    /// Whether a JSON null decodes directly as `T`: `Optional` (as `nil`) and `JSONValue` (as
    /// `.null`). ``nullValue(_:)`` gives the value.
    @inline(__always)
    func acceptsNull<T>(_ type: T.Type) -> Bool {
        // The common scalars answer without a conformance check, the others with one per decoder.
        if T.self == String.self || T.self == Int.self || T.self == Bool.self || T.self == Double.self { return false }
        if T.self == JSONValue.self { return true }
        return nullTakers.answer(for: ObjectIdentifier(T.self)) ?? _slowPathAcceptsNull(T.self)
    }

    /// ``acceptsNull(_:)`` for a type this decoder has not asked about: a conformance check
    /// (about 500 instructions, which a partial document's snapshots would pay for every member
    /// not arrived yet), kept.
    @inline(never)
    private func _slowPathAcceptsNull<T>(_ type: T.Type) -> Bool {
        let accepts = T.self is any BridgeOptional.Type
        nullTakers.add(ObjectIdentifier(T.self), accepts)
        return accepts
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
}

/// `Optional`, seen without knowing its wrapped type.
protocol BridgeOptional {
    static var bridgeNone: Self { get }
}

extension Optional: BridgeOptional {
    static var bridgeNone: Self { nil }
}

extension DecoderImpl {
    /// Decodes a `MappableCodable` model: subclass choice (`decodingType(for:)`), `willDecode`,
    /// the model's `init(from:)` with its mapping, then `didDecode`. A hook that throws raises
    /// `ModelRejected`, which the nearest property or element handles (Docs/Design.md, "Mapping tables": rejection).
    func decodeModel<T: Decodable>(_ type: T.Type, _ model: any MappableCodable.Type, node: Int, key: PathComponent?) throws -> T {
        var concrete = model
        var meta = try self.meta(for: model, key: key)
        if node != DecoderImpl.missingNode, nodes[node].kind == .string, options.coercion.parsesEmbeddedJSON,
           let embedded = try decodeEmbedded(T.self, node: node, key: key, elementType: nil)
        {
            return embedded
        }
        // The model's object as a tree, built once for all its hooks (a class model's hooks are
        // always called: HookProbe.swift).
        var json: JSONValue?
        func tree() -> JSONValue {
            if let json { return json }
            let built = tape.value(at: node)
            json = built
            return built
        }
        if node != DecoderImpl.missingNode, meta.hasDecodingType, nodes[node].kind == .object,
           let chosen = model.decodingType(for: tree()), ObjectIdentifier(chosen) != ObjectIdentifier(model)
        {
            guard chosen is T.Type else {
                // The hook returned a class that cannot be stored here (a cat where a dog is
                // declared): the table is wrong, so the decode fails instead of dropping data.
                throw DecodingMessages.chosenTypeDoesNotFit(meta.typeName, chosen: chosen, declared: T.self, path: codingPath(adding: key))
            }
            concrete = chosen
            meta = try self.meta(for: chosen, key: key)
        } else if update != nil, let current = currentModelType(T.self, declared: model, meta: meta, node: node) {
            concrete = current
            meta = try self.meta(for: current, key: key)
        }
        if node != DecoderImpl.missingNode, meta.hasWillDecode || meta.enumTagging.rewrites {
            let original = tree()
            var rewritten = original
            if meta.hasWillDecode {
                do {
                    rewritten = try concrete.willDecode(rewritten)
                } catch {
                    throw ModelRejected(typeName: meta.typeName, hook: "willDecode", underlying: error)
                }
            }
            // A willDecode that hands back the object it was given (BridgeObject's own, reached by
            // every class model) changes nothing: the model decodes from the document itself.
            if meta.enumTagging.rewrites || !rewritten.isIdentical(to: original) {
                if meta.enumTagging.rewrites {
                    rewritten = try synthesisedEnumForm(of: rewritten, meta: meta, node: node, key: key)
                }
                let childPath = path + (key.map { [$0] } ?? [])
                let flattened = meta.enumTagging.rewrites && isReadByItsOwner(node)
                let child = DecoderImpl(tape: JSONTape(value: rewritten), options: options, report: report, path: childPath,
                                        tracksUnknownKeys: !flattened)
                child.update = update
                defer { membersFound &+= child.membersFound }
                if flattened { return try decodeFlattenedTaggedEnum(T.self, concrete, meta: meta, node: node, child: child) }
                return try child.decodeModelBody(T.self, concrete, meta: meta, node: 0, key: nil, json: nil)
            }
        }
        return try decodeModelBody(T.self, concrete, meta: meta, node: node, key: key, json: json)
    }

    /// After the first decode of a model type: every property its tables name must be one of
    /// the coding keys its `init(from:)` read, else the table is invalid (a misspelt property).
    private func verifyTables<M: MappableCodable>(of type: M.Type, state: ModelState, key: PathComponent?) throws {
        let requested = requestedKeys?[ObjectIdentifier(state.meta)] ?? []
        let shapes = self.shapes
        let id = ObjectIdentifier(state.meta)
        if let error = state.meta.unknownProperty(requested: requested, isCodingKey: { shapes.isCodingKey($0, of: id) }) {
            throw DecodingMessages.mappingTable(error, path: codingPath(adding: key))
        }
        do {
            try verifyShapes(of: M.self, meta: state.meta, requested: requested)
        } catch {
            throw DecodingMessages.mappingTable(error, path: codingPath(adding: key))
        }
        TypeFacts.of(M.self).setTablesVerified()
        state.tablesVerified = true
    }

    /// `init(from:)` with the model's mapping at this level, then `didDecode`.
    /// `json` is the tree of `node` when a hook already built it.
    func decodeModelBody<T: Decodable>(_ type: T.Type, _ concrete: any MappableCodable.Type, meta: ModelMeta,
                                               node: Int, key: PathComponent?, json built: JSONValue?) throws -> T
    {
        func open<M: MappableCodable>(_ modelType: M.Type) throws -> T {
            let state = try modelState(for: M.self, key: key)
            let verifying = !state.tablesVerified
            if verifying, requestedKeys == nil { requestedKeys = [:] }
            if meta.unknownKeysProperty != nil { learnReadKeys(M.self, meta: meta, node: node, key: key) }
            /// `didDecode`, unless the model is known not to implement it.
            func didDecode(_ model: inout M) throws {
                guard node != DecoderImpl.missingNode, state.didDecodeImplemented != false else { return }
                let json = built ?? tape.value(at: node)
                do {
                    let known = state.didDecodeImplemented
                    let implemented = try HookProbe.call(.didDecode, of: M.self, known: known) {
                        try model.didDecode(from: json)
                    }
                    // A settled state (shared by this thread's decodes) is never written.
                    if known == nil { state.didDecodeImplemented = implemented }
                } catch {
                    throw ModelRejected(typeName: meta.typeName, hook: "didDecode", underlying: error)
                }
            }
            if M.self == T.self {
                // The usual case: decoded as `T` itself, so it is returned by a move. Converting an
                // `M` to `T` copies the whole model (a retain per stored reference) and destroys
                // the original.
                var value = try descend(into: node, key: key) {
                    levelMeta = meta
                    return try checkingUnknownKeys(meta: meta) { try makeValue(T.self, observable: meta.isObservable) }
                }
                if verifying { try verifyTables(of: M.self, state: state, key: key) }
                try withUnsafeMutablePointer(to: &value) { pointer in
                    // safe: M is T, so the memory holds an M
                    try pointer.withMemoryRebound(to: M.self, capacity: 1) { try didDecode(&$0.pointee) }
                }
                return value
            }
            var value = try descend(into: node, key: key) {
                levelMeta = meta
                return try checkingUnknownKeys(meta: meta) { try makeValue(M.self, observable: meta.isObservable) }
            }
            if verifying { try verifyTables(of: M.self, state: state, key: key) }
            try didDecode(&value)
            return try typed(value)
        }
        /// The model (of a type other than `T`: a subclass, an implementation) as the declared type.
        func typed<M: MappableCodable>(_ value: M) throws -> T {
            guard let typed = value as? T else {
                throw DecodingMessages.notA(concrete, T.self, path: codingPath(adding: key))
            }
            return typed
        }
        return try open(concrete)
    }
}

extension DecoderImpl {
    // MARK: Model state

    /// The compiled mapping of a model type, cached for this decode.
    func meta(for type: any MappableCodable.Type, key: PathComponent? = nil) throws -> ModelMeta {
        try modelState(for: type, key: key).meta
    }

    /// What this decode knows about a model type: its compiled mapping and the outcome of the
    /// once-per-type checks. Kept in a short list searched by identity — a decode meets few model
    /// types, and each is looked up once per instance; the first type a decode meets is kept
    /// outside the list, so a decode of one model type makes no list. Once the checks are done
    /// on this thread (tables verified, `didDecode` probed) the state can no longer change: one
    /// such settled state per type is kept in the thread's `TypeFacts` and shared by its decodes,
    /// which then allocate nothing for it. Only an unsettled state is ever written.
    final class ModelState {
        let meta: ModelMeta
        /// The tables were checked against the coding keys the model reads.
        var tablesVerified: Bool
        /// Whether `didDecode` does something (`nil` until probed).
        var didDecodeImplemented: Bool?

        init(meta: ModelMeta, tablesVerified: Bool, didDecodeImplemented: Bool?) {
            self.meta = meta
            self.tablesVerified = tablesVerified
            self.didDecodeImplemented = didDecodeImplemented
        }
    }

    func modelState(for type: any MappableCodable.Type, key: PathComponent? = nil) throws -> ModelState {
        let id = ObjectIdentifier(type)
        if let first = firstModelState, first.id == id { return first.state }
        for entry in modelStates where entry.id == id { return entry.state }
        let state = try _slowPathModelState(for: type, key: key)
        if firstModelState == nil { firstModelState = (id, state) } else { modelStates.append((id, state)) }
        return state
    }

    /// The state of a model type this decode has not met yet: the thread's settled one, or a
    /// new one (which becomes the settled one when the checks are already done).
    @inline(never)
    private func _slowPathModelState(for type: any MappableCodable.Type, key: PathComponent?) throws -> ModelState {
        let facts = TypeFacts.of(type)
        if let settled = facts.settledDecodeState { return unsafeDowncast(settled, to: ModelState.self) }
        let meta: ModelMeta
        do {
            meta = try facts.meta(of: type)
        } catch {
            throw DecodingMessages.mappingTable(error, path: codingPath(adding: key))
        }
        let state = ModelState(meta: meta, tablesVerified: facts.tablesVerified, didDecodeImplemented: facts.didDecodeImplemented)
        if state.tablesVerified, state.didDecodeImplemented != nil { facts.settledDecodeState = state }
        return state
    }
}
