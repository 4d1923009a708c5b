import Foundation

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
                let child = DecoderImpl(tape: JSONTape(value: rewritten), options: options, report: report, path: childPath)
                child.update = update
                defer { membersFound &+= child.membersFound }
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
    private func decodeModelBody<T: Decodable>(_ type: T.Type, _ concrete: any MappableCodable.Type, meta: ModelMeta,
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
                    state.didDecodeImplemented = try HookProbe.call(.didDecode, of: M.self, known: state.didDecodeImplemented) {
                        try model.didDecode(from: json)
                    }
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
                    return try checkingUnknownKeys(meta: meta) { try T(from: self) }
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
                return try checkingUnknownKeys(meta: meta) { try M(from: self) }
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
