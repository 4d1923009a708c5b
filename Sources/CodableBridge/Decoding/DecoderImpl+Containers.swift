import Foundation

extension DecoderImpl {
    /// A JSON array read element by element by a type's own `init(from:)`.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let impl: DecoderImpl
        /// The container's coding path: its node in `impl.pathNodes` (see `PathNode`).
        let pathNode: Int
        /// The node of the next element.
        private var position: Int
        let count: Int?
        private(set) var currentIndex = 0

        /// A container for `array` at the current path, or at `pathNode` for one nested in
        /// another container.
        init(impl: DecoderImpl, array: Int, pathNode: Int? = nil) {
            self.impl = impl
            self.pathNode = pathNode ?? impl.currentPathNode()
            if array == DecoderImpl.missingNode {
                position = 0
                count = 0
            } else {
                position = array + 1
                count = Int(impl.nodes[array].length)
            }
        }

        var codingPath: [any CodingKey] { impl.codingPath(of: pathNode) }
        // safe: every initializer sets count (Optional only because the protocol says so)
        var isAtEnd: Bool { currentIndex >= count! }

        /// Runs `body` with the impl's path at this container's own (see `DecoderImpl.inScope`).
        @inline(__always)
        private func inScope<R>(_ body: () throws -> R) rethrows -> R {
            try impl.inScope(of: pathNode, depth: impl.pathDepth(of: pathNode), body)
        }

        private func atEnd(_ type: Any.Type) -> DecodingError {
            DecodingMessages.unkeyedAtEnd(type, path: impl.codingPath(of: pathNode) + [AnyCodingKey(index: currentIndex)])
        }

        private mutating func advance() {
            position = impl.next(position)
            currentIndex += 1
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else { throw atEnd(Optional<Any>.self) }
            if impl.nodes[position].kind == .null {
                advance()
                return true
            }
            return false
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if ObjectIdentifier(type) != ObjectIdentifier(T.self) {
                // `type` names a subclass of `T`: decoded as that class (see `DecoderImpl.narrow`).
                func open<Dynamic: Decodable>(_: Dynamic.Type) throws -> any Decodable { try decode(Dynamic.self) }
                let dynamic: any Decodable.Type = type  // a variable: `as` would keep it closed
                return try DecoderImpl.narrow(open(dynamic), to: T.self)
            }
            guard !isAtEnd else { throw atEnd(T.self) }
            let node = position
            let key = PathComponent.index(currentIndex)
            let value: T = try inScope {
                do {
                    if impl.nodes[node].kind == .null, impl.acceptsNull(T.self) { return impl.nullValue(T.self) }
                    return try impl.unwrap(T.self, node: node, key: key)
                } catch let error as NotConverted {
                    return try impl.substitute(T.self, key: key, reason: impl.nodes[node].kind == .null ? .null : .notConverted(error), owner: nil)
                } catch let error as ModelRejected {
                    return try impl.substitute(T.self, key: key, reason: .rejected(error), owner: nil)
                }
            }
            advance()
            return value
        }

        /// `nil` at the end, as `JSONDecoder` (and the scalar overloads) answer.
        mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
            if isAtEnd { return nil }
            if try decodeNil() { return nil }
            let node = position
            let key = PathComponent.index(currentIndex)
            do {
                return try decode(type)
            } catch let error as DecodingError where impl.lenient && !error.isProgrammerError {
                // The element's own `init(from:)` threw: nil, reported (lenient policies).
                advance()
                return try inScope { try impl.absorbIntoNil(error, T.self, node: node, key: key) }
            }
        }

        // The standard library's default `decode` for the 128-bit integers throws ("not
        // supported"); these route them through the generic path above, which reads them like any
        // integer. (Its default `decodeIfPresent` calls `decodeNil()` and these.)
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeElement(Int128.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeElement(UInt128.self) }

        private mutating func decodeElement<T: Decodable>(_ type: T.Type) throws -> T { try decode(T.self) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            guard !isAtEnd else { throw atEnd(KeyedDecodingContainer<NestedKey>.self) }
            let node = position
            let key = PathComponent.index(currentIndex)
            guard impl.nodes[node].kind == .object else {
                throw inScope { impl.mismatch([String: Any].self, node: node, key: key) }
            }
            advance()
            return KeyedDecodingContainer(KeyedContainer<NestedKey>(impl: impl, object: node, meta: nil, nestedNode: impl.appendPathNode(parent: pathNode, key)))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard !isAtEnd else { throw atEnd(UnkeyedDecodingContainer.self) }
            let node = position
            let key = PathComponent.index(currentIndex)
            guard impl.nodes[node].kind == .array else {
                throw inScope { impl.mismatch([Any].self, node: node, key: key) }
            }
            advance()
            return UnkeyedContainer(impl: impl, array: node, pathNode: impl.appendPathNode(parent: pathNode, key))
        }

        mutating func superDecoder() throws -> any Decoder {
            guard !isAtEnd else { throw atEnd(Decoder.self) }
            let node = position
            let childPath = impl.pathComponents(of: pathNode) + [.index(currentIndex)]
            advance()
            return DecoderImpl(tape: impl.tape, options: impl.options, report: impl.report, path: childPath, current: node)
        }
    }

    /// The current value, read as one scalar or value.
    struct SingleValueContainer: SingleValueDecodingContainer {
        let impl: DecoderImpl
        let node: Int

        var codingPath: [any CodingKey] { impl.codingPath }

        func decodeNil() -> Bool {
            node == DecoderImpl.missingNode || impl.nodes[node].kind == .null
        }

        func decode(_ type: Bool.Type) throws -> Bool { try impl.unwrapBool(node, nil) }
        func decode(_ type: String.Type) throws -> String { try impl.unwrapString(node, nil) }
        func decode(_ type: Double.Type) throws -> Double { try impl.unwrapFloatingPoint(node, nil, as: Double.self) }
        func decode(_ type: Float.Type) throws -> Float { try impl.unwrapFloatingPoint(node, nil, as: Float.self) }
        func decode(_ type: Int.Type) throws -> Int { try impl.unwrapInteger(node, nil, as: Int.self) }
        func decode(_ type: Int8.Type) throws -> Int8 { try impl.unwrapInteger(node, nil, as: Int8.self) }
        func decode(_ type: Int16.Type) throws -> Int16 { try impl.unwrapInteger(node, nil, as: Int16.self) }
        func decode(_ type: Int32.Type) throws -> Int32 { try impl.unwrapInteger(node, nil, as: Int32.self) }
        func decode(_ type: Int64.Type) throws -> Int64 { try impl.unwrapInteger(node, nil, as: Int64.self) }
        func decode(_ type: UInt.Type) throws -> UInt { try impl.unwrapInteger(node, nil, as: UInt.self) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try impl.unwrapInteger(node, nil, as: UInt8.self) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try impl.unwrapInteger(node, nil, as: UInt16.self) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try impl.unwrapInteger(node, nil, as: UInt32.self) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try impl.unwrapInteger(node, nil, as: UInt64.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: Int128.Type) throws -> Int128 { try impl.unwrapInteger(node, nil, as: Int128.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: UInt128.Type) throws -> UInt128 { try impl.unwrapInteger(node, nil, as: UInt128.self) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if ObjectIdentifier(type) != ObjectIdentifier(T.self) {
                func open<Dynamic: Decodable>(_: Dynamic.Type) throws -> any Decodable { try decode(Dynamic.self) }
                let dynamic: any Decodable.Type = type  // a variable: `as` would keep it closed
                return try DecoderImpl.narrow(open(dynamic), to: T.self)
            }
            if node != DecoderImpl.missingNode, impl.nodes[node].kind == .null, impl.acceptsNull(T.self) { return impl.nullValue(T.self) }
            // A value of another type at the same level: no new path component, same node.
            return try impl.unwrap(T.self, node: node, key: nil)
        }
    }
}

extension DecoderImpl {
    /// A kept keyed container as the standard library's box holds it: an unowned reference,
    /// so that the box's copy of it for every property is a copy of a pointer, not a retain and
    /// a release (see the design note below).
    struct KeyedContainerReference<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let base: Unmanaged<KeyedContainer<Key>>

        @inline(__always) private func with<R>(_ body: (KeyedContainer<Key>) throws -> R) rethrows -> R {
            try base._withUnsafeGuaranteedRef(body)
        }

        var codingPath: [any CodingKey] { with { $0.codingPath } }
        var allKeys: [Key] { with { $0.allKeys } }
        func contains(_ key: Key) -> Bool { with { $0.contains(key) } }
        func decodeNil(forKey key: Key) throws -> Bool { try with { try $0.decodeNil(forKey: key) } }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try with { try $0.decode(type, forKey: key) } }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try with { try $0.decode(type, forKey: key) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try with { try $0.decode(type, forKey: key) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try with { try $0.decode(type, forKey: key) } }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try with { try $0.decode(type, forKey: key) } }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try with { try $0.decodeIfPresent(type, forKey: key) } }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try with { try $0.nestedContainer(keyedBy: type, forKey: key) }
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try with { try $0.nestedUnkeyedContainer(forKey: key) } }
        func superDecoder() throws -> any Decoder { try with { try $0.superDecoder() } }
        func superDecoder(forKey key: Key) throws -> any Decoder { try with { try $0.superDecoder(forKey: key) } }
    }
}

// MARK: - Keyed containers: kept, reused, held unowned
//
// The standard library wraps every keyed container in a box (`KeyedDecodingContainer<Key>` holds
// one reference to a `_KeyedDecodingContainerBox<Concrete>`). Making one costs two
// generic-metadata lookups and a witness-table lookup (a model's largest fixed cost), and two
// allocations. A twitter.json decode makes 1 264 of them for about ten model types.
//
// So a decode keeps the containers it made below the root (`reusableContainers`, at most
// `reusableContainerLimit`) and hands one out again once nobody holds it: the impl's entry is
// then the box's only reference (`isKnownUniquelyReferenced`), and re-pointing its container
// (`KeyedContainerFields.open`) is all a new container needs. A container still in use — an
// enclosing model of the same type, or one a type kept past its `init(from:)` — is never
// reused, so reuse is invisible to the caller.
//
// The box copies its container for every property a model decodes (it reads a stored property
// of an unspecialised generic type). A class container makes that copy a retain and a release,
// two atomic operations per property. The box of a kept container therefore holds
// `KeyedContainerReference`: the container unowned, one pointer, copied without either. The
// impl's entry is what keeps the container alive. When the decode ends (`endReuse()`), a box
// somebody still holds — a model kept its container — hands its entry to `KeptContainers`,
// which keeps the container (and through it the impl) alive until the box is let go.
//
// The box is reached through `KeyedDecodingContainer`'s layout: one class reference. That is
// checked (Runtime/KeyedContainerBox.swift); where it does not hold, and in portable mode,
// containers are not kept: each box holds its own container, as a class. `endReuse()` also
// breaks the cycle impl → entry → container → impl. A partial document's decoder keeps its
// list from snapshot to snapshot, whose models are the same types; the document ends it when it
// goes, or when a model holds one of its containers (`containersHeldElsewhere()`: the decoder then
// stays with that snapshot, Streaming/PartialDocument.swift).

/// A keyed container's fields, in a non-generic class so that the decoder can re-point a
/// container it reuses without knowing its key type.
class KeyedContainerFields {
    /// The decoder; a reused container is only reused by the decoder that made it.
    let impl: DecoderImpl
    /// The object's node, or `DecoderImpl.missingNode` for the virtual empty object.
    @exclusivity(unchecked) private(set) final var object = DecoderImpl.missingNode
    /// The container's coding path: its node in `impl.pathNodes` (see `PathNode`), or
    /// `unnamed` for a kept container opened at the current level until its path is needed.
    @exclusivity(unchecked) private final var namedNode = PathNode.root
    /// The token of the level the container was opened at (`DecoderImpl.scopeTokens`); one no
    /// level has for a nested container.
    @exclusivity(unchecked) private(set) final var scopeToken = 0
    /// The depth of the container's path, stored: the lookups and the scope check ask it for
    /// every property.
    @exclusivity(unchecked) private(set) final var depth = 0
    /// Whether the container was nested in another one (`nestedContainer`), below its level.
    @exclusivity(unchecked) private(set) final var isNested = false
    /// The mapping of the model this container reads, if it is `MappableCodable`.
    @exclusivity(unchecked) private(set) final var meta: ModelMeta?
    /// What only nested containers, key strategies and `update(_:from:)` need (`nil` in the
    /// common case).
    @exclusivity(unchecked) private(set) final var context: ContainerContext?
    /// `meta?.hasTransforms` and `meta?.hasCompositeRules`, stored: the hot paths ask them for
    /// every property.
    @exclusivity(unchecked) private(set) final var hasTransforms = false
    @exclusivity(unchecked) private(set) final var hasCompositeRules = false

    init(impl: DecoderImpl) {
        self.impl = impl
    }

    private static let unnamed = Int.min

    /// The container's coding path: its node in `impl.pathNodes` (see `PathNode`).
    final var pathNode: Int {
        if namedNode != KeyedContainerFields.unnamed { return namedNode }
        return _slowPathName()
    }

    /// The node of a container not named yet: its level is the current one (the level's end
    /// names a container somebody still holds, `DecoderImpl.popComponent()`).
    @inline(never)
    private final func _slowPathName() -> Int {
        assert(impl.isCurrentScope(token: scopeToken, depth: depth), "an unnamed container outside its level")
        namedNode = impl.currentPathNode()
        return namedNode
    }

    final var isUnnamed: Bool { namedNode == KeyedContainerFields.unnamed }

    /// Gives a container opened without its node the node of its level, which is ending.
    final func name(_ node: Int) {
        namedNode = node
    }

    /// Points the container at `object`, read through `meta`, at the current path, or at
    /// `nestedNode` for a container nested in another one. A kept container (`keptAt`, its index
    /// in `impl.reusableContainers`) opened below the root level makes no path node: one is made
    /// when its path is needed (see the design note at the top of DecoderImpl.swift).
    @inline(__always)
    final func open(_ object: Int, meta: ModelMeta?, nestedNode: Int? = nil, snapshot: ValueSnapshot? = nil, keptAt index: Int? = nil) {
        self.object = object
        if let nestedNode {
            namedNode = nestedNode
            scopeToken = -1  // no level's: its calls push its own components
            depth = impl.pathDepth(of: nestedNode)
        } else {
            scopeToken = impl.currentScopeToken()
            depth = impl.path.count
            if let index, depth > impl.rootDepth {
                namedNode = KeyedContainerFields.unnamed
                impl.unnamedContainers.append((level: depth - impl.rootDepth, index: index))
            } else {
                namedNode = impl.currentPathNode()
            }
        }
        isNested = nestedNode != nil
        self.meta = meta
        hasTransforms = meta?.hasTransforms ?? false
        hasCompositeRules = meta?.hasCompositeRules ?? false
        if nestedNode == nil, impl.update == nil, case .useDefaultKeys = impl.options.keyDecodingStrategy.base {
            // The common container: no nested path, no converted keys, no snapshot.
            if context != nil { context = nil }
        } else {
            _slowPathOpenContext(snapshot: snapshot)
        }
        if impl.unknownKeys != nil { impl.registerForUnknownKeys(object, node: pathNode, meta: isNested ? nil : meta) }
    }

    /// The rest of `open`: a nested container, a key strategy or `update(_:from:)` may need a
    /// context.
    @inline(never)
    private final func _slowPathOpenContext(snapshot: ValueSnapshot?) {
        var converted: [String]?
        if object != DecoderImpl.missingNode, case .useDefaultKeys = impl.options.keyDecodingStrategy.base {
            converted = nil
        } else if meta?.keyStyle != nil {
            converted = nil  // the type's key style replaces the decoder's key strategy
        } else if object != DecoderImpl.missingNode {
            converted = impl.convertedKeys(of: object, at: pathNode)
        }
        let snapshot = impl.containerSnapshot(nested: isNested, given: snapshot)
        context = converted != nil || snapshot != nil ? ContainerContext(convertedKeys: converted, snapshot: snapshot) : nil
    }
}

/// A keyed container a decode made and may hand out again (see the design note above).
struct ReusableContainer {
    let keyType: ObjectIdentifier
    /// The standard library's box, as `KeyedContainerBox.box(of:)` gives it.
    var box: AnyObject
    let fields: KeyedContainerFields
}

extension DecoderImpl {
    /// How many containers a decode keeps: enough for every model type of a large document at a
    /// few levels of nesting.
    static let reusableContainerLimit = 32

    /// A keyed container for `object`: one this decode made for `Key` and nobody holds any more,
    /// re-pointed, or a new one.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, object: Int, meta: ModelMeta?) -> KeyedDecodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        var index = 0
        while index < reusableContainers.count {
            if reusableContainers[index].keyType == keyType, isKnownUniquelyReferenced(&reusableContainers[index].box) {
                reusableContainers[index].fields.open(object, meta: meta, keptAt: index)
                return KeyedContainerBox.container(ofBox: reusableContainers[index].box, as: Key.self)
            }
            index += 1
        }
        let container = KeyedContainer<Key>(impl: self, object: object, meta: meta)
        // The root's container is made once per decode: keeping it would cost more (the list,
        // a second type's metadata) than its box's retains.
        guard reusesContainers, !path.isEmpty, reusableContainers.count < DecoderImpl.reusableContainerLimit,
              KeyedContainerBox.isOneBox(KeyedDecodingContainer<Key>.self)
        else { return KeyedDecodingContainer(container) }
        // The entry keeps the container alive: the box's reference is unowned.
        let wrapped = KeyedDecodingContainer(KeyedContainerReference(base: .passUnretained(container)))
        reusableContainers.append(ReusableContainer(keyType: keyType, box: KeyedContainerBox.box(of: wrapped), fields: container))
        return wrapped
    }

    /// Whether somebody other than this decoder holds the kept container at `index`. Through
    /// the array's buffer: outside a generic function, the uniqueness check of an element reached
    /// through the array's subscript saw a second reference to the box.
    @inline(__always)
    func isHeldElsewhere(_ index: Int) -> Bool {
        reusableContainers.withUnsafeMutableBufferPointer { !isKnownUniquelyReferenced(&$0[index].box) }
    }

    /// Gives the containers opened without their node (``unnamedContainers``) at `level` of the
    /// walk or deeper the node of their level, and drops them from the list. At the end of a level
    /// (`popComponent()`, `onlyHeld`): the level's containers a model still holds — kept past its
    /// `init(from:)` — while the path is still theirs. Before the walk's path is set aside for a
    /// container kept past its level (`enterScope(of:)`, from level 1): all of them, since that
    /// container's call pops levels that are not the walk's. Entries deeper than the current level,
    /// or whose container was opened again since, are stale.
    @inline(never)
    func nameUnnamedContainers(from level: Int, onlyHeld: Bool) {
        let current = path.count - rootDepth
        while let entry = unnamedContainers.last, entry.level >= level {
            _ = unnamedContainers.removeLast()
            guard entry.level <= current, entry.index < reusableContainers.count, !onlyHeld || isHeldElsewhere(entry.index)
            else { continue }
            let fields = reusableContainers[entry.index].fields
            // Still opened at this visit of its level: the level's token is the container's.
            guard fields.isUnnamed, fields.depth == rootDepth + entry.level, entry.level < validTokens,
                  scopeTokens.base[entry.level - 1] == fields.scopeToken
            else { continue }
            _ = currentPathNode()  // makes the nodes of every level up to the current one
            fields.name(scopeNodes.base[entry.level - 1])
        }
    }

    /// The kept containers somebody other than this decoder holds: a model kept them past its
    /// `init(from:)`.
    @inline(__always)
    func containersHeldElsewhere() -> [ReusableContainer] {
        var held: [ReusableContainer] = []
        var index = 0
        while index < reusableContainers.count {
            if isHeldElsewhere(index) { held.append(reusableContainers[index]) }
            index += 1
        }
        return held
    }

    /// Drops the kept containers: the decode is over (they refer to the impl, which refers to
    /// them). A container a model kept goes to ``KeptContainers``, and may still decode; what
    /// it opens then is not kept.
    func endReuse() {
        reusesContainers = false
        let held = containersHeldElsewhere()
        reusableContainers.removeAll()
        if !held.isEmpty { KeptContainers.shared.keep(held) }
    }
}

/// The containers models kept past the decode that made them: each box refers to its container
/// unowned, so an entry here keeps the container alive (see the design note above). An entry
/// goes when its box is the entry's alone; that is checked each time a decode adds entries, so
/// a container a model let go is freed at the next decode whose models keep one.
final class KeptContainers: @unchecked Sendable {
    static let shared = KeptContainers()

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var entries: [ReusableContainer] = []

    func keep(_ added: [ReusableContainer]) {
        lock.lock()
        defer { lock.unlock() }
        var index = 0
        while index < entries.count {
            if isKnownUniquelyReferenced(&entries[index].box) {
                entries.swapAt(index, entries.count - 1)
                entries.removeLast()
            } else {
                index += 1
            }
        }
        entries.append(contentsOf: added)
    }
}
