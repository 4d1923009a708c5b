import Foundation

// The `Encoder` side of EncoderImpl: containers at the current target, where a member goes
// (key strategy, repeated keys, mapping tables), and the encoder handed out by `superEncoder()`.
//
// Where a member goes, for a container of a plain type (`map == nil`):
//   key → `keyEncodingStrategy` → JSON key; a repeated key replaces the earlier value (as in
//   `JSONEncoder`), except that a nested container asked for twice reuses the same container.
//
// For a `MappableCodable` model (`map != nil`), YYModel's rules:
//   ignored / not in onlyProperties → not written;
//   mapped to a key → that key; mapped to a key path `ext.desc` → member `desc` of object `ext`,
//   created on first use and shared with every other `ext.…` path; alternates → the first one;
//   not mapped → `keyEncodingStrategy`;
//   a key already written is never overwritten (the first property mapped to a key wins), and a
//   key path whose intermediate key holds a non-object is not written — except that a null
//   (a nil optional under `nilEncodingStrategy = .null`) yields to a later value or key path.

extension EncoderImpl: Encoder {
    var codingPath: [any CodingKey] { tree.codingPath(of: target) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        keyedContainer(keyedBy: type, at: target, map: targetMap)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        unkeyedContainer(at: target)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(impl: self, node: target)
    }

    /// An unkeyed container writing into the array at `node` (made an array if still pending).
    func unkeyedContainer(at node: Int32) -> UnkeyedContainer {
        open(node, as: .array)
        return UnkeyedContainer(impl: self, array: node)
    }

    /// Makes the pending `node` a container of `kind`, or checks that it already is one — asking
    /// twice for a container (a subclass calling `super.encode(to: encoder)`) shares it.
    func open(_ node: Int32, as kind: EncodedTree.Kind) {
        if kind == .object { tree.expandJSONObject(node) }
        switch tree[node].kind {
        case .pending:
            tree.set(node, kind)
        case kind:
            break
        default:
            preconditionFailure(EncodingMessages.containerMismatch(keyed: kind == .object, at: tree.codingPath(of: node)))
        }
    }

    // MARK: Members

    /// The node the value for `key` is written into, or `nil` when it is not written.
    ///
    /// - Parameters:
    ///   - reusing: For a nested container: an existing member of this kind is returned as is.
    func memberSlot(for key: some CodingKey, in object: Int32, map: EncodingKeyMap?, reusing kind: EncodedTree.Kind? = nil) -> Int32? {
        guard let map else {
            if !convertsKeys, let caseKey = tree.keyRegistry.caseKey(key) { return caseSlot(for: key, caseKey, in: object, reusing: kind) }
            let name = convertsKeys ? convertedKey(key, in: object) : key.stringValue
            let hash = EncodedTree.hash(name)
            if let existing = tree.member(of: object, key: name, hash: hash) {
                if kind == .object { tree.expandJSONObject(existing) }
                if let kind, tree[existing].kind == kind { return existing }
                tree[existing].kind = .removed
            }
            let member = tree.appendMember(to: object, key: name, hash: hash, parent: object, registered: registers(key))
            recordCodingKey(key, of: member, jsonKey: name, mayDiffer: convertsKeys)
            return member
        }
        return mappedSlot(for: key, in: object, map: map, reusing: kind)
    }

    /// ``memberSlot(for:in:map:reusing:)`` for a key the registry knows by its case: its name's
    /// number and hash are the case's.
    private func caseSlot(for key: some CodingKey, _ caseKey: EncodingKeyRegistry.CaseKey, in object: Int32, reusing kind: EncodedTree.Kind?) -> Int32 {
        if let existing = tree.member(of: object, keyID: caseKey.id, hash: caseKey.hash) {
            if kind == .object { tree.expandJSONObject(existing) }
            if let kind, tree[existing].kind == kind { return existing }
            tree[existing].kind = .removed
        }
        let member = tree.appendMember(to: object, keyID: caseKey.id, hash: caseKey.hash, parent: object)
        if caseKey.hasIntValue { tree.setOriginalKey(key, of: member) }
        return member
    }

    private func mappedSlot(for key: some CodingKey, in object: Int32, map: EncodingKeyMap, reusing kind: EncodedTree.Kind?) -> Int32? {
        var container = object
        let leaf: String
        switch map.destination(for: key.stringValue) {
        case .skip, .flatten:
            return nil  // a flattened value is written by `encodeFlattened`, never into a member
        case .unmapped:
            leaf = convertedKey(key, in: object)
        case .key(let name):
            leaf = name
        case .path(let segments):
            for segment in segments.dropLast() {
                guard let next = intermediateObject(segment, in: container, model: object) else { return nil }
                container = next
            }
            leaf = segments[segments.count - 1]
        }
        let hash = EncodedTree.hash(leaf)
        if let existing = tree.member(of: container, key: leaf, hash: hash) {
            if kind == .object { tree.expandJSONObject(existing) }
            if let kind, tree[existing].kind == kind { return existing }
            // A null (a nil optional under `nilEncodingStrategy = .null`) holds a key for no
            // value: a later value takes the key, as it would under `.omit`.
            guard tree[existing].kind == .null else { return nil }
            tree[existing].kind = .removed
        }
        let member = tree.appendMember(to: container, key: leaf, hash: hash, parent: object, registered: registers(key))
        recordCodingKey(key, of: member, jsonKey: leaf, mayDiffer: true)
        return member
    }

    /// Whether the JSON key written for `key` is kept in the thread's ``EncodingKeyRegistry``:
    /// a case of an enum (a model's coding keys), unless a `.custom` key strategy makes it.
    @inline(__always)
    private func registers<Key: CodingKey>(_ key: Key) -> Bool {
        !convertsKeysByClosure && tree.keyRegistry.keeps(keysLike: key)
    }

    /// Keeps what the coding path needs when `member`'s JSON key is not `key.stringValue`.
    private func recordCodingKey(_ key: some CodingKey, of member: Int32, jsonKey: String, mayDiffer: Bool) {
        if key.intValue != nil {
            tree.setOriginalKey(key, of: member)
        } else if convertsKeysByClosure {
            tree.setOriginalKey(key, of: member)
        } else if mayDiffer {
            let name = key.stringValue
            if name != jsonKey { tree.setPathKey(name, of: member) }
        }
    }

    /// The object member `name` of `container`, created when absent; `nil` when the key holds
    /// something else.
    private func intermediateObject(_ name: String, in container: Int32, model: Int32) -> Int32? {
        let hash = EncodedTree.hash(name)
        if let existing = tree.member(of: container, key: name, hash: hash) {
            tree.expandJSONObject(existing)
            guard tree[existing].kind == .null else { return tree[existing].kind == .object ? existing : nil }
            tree[existing].kind = .removed  // a null yields to the object, as above
        }
        let member = tree.appendMember(to: container, key: name, hash: hash, parent: model, registered: true)
        tree.set(member, .object)
        return member
    }

    /// A node that is never written, for a container whose key is not written.
    func detachedNode(parent: Int32) -> Int32 {
        tree.makeNode(parent: parent)
    }
}

extension EncoderImpl {
    /// Writes the one value of the node an `encode(to:)` was given.
    struct SingleValueContainer: SingleValueEncodingContainer {
        let impl: EncoderImpl
        let node: Int32

        var codingPath: [any CodingKey] { impl.tree.codingPath(of: node) }

        /// Throws when a value was already encoded here; one value per single-value container.
        private func checkCanEncode(_ value: Any) throws {
            guard impl.tree[node].kind == .pending else {
                throw EncodingError.valueAlreadyEncoded(value, codingPath: codingPath)
            }
        }

        private func set(_ value: Any, _ kind: EncodedTree.Kind, _ payload: UInt64) throws {
            try checkCanEncode(value)
            impl.tree.set(node, kind, payload)
        }

        mutating func encodeNil() throws { try set(Optional<Int>.none as Any, .null, 0) }
        mutating func encode(_ value: Bool) throws { try set(value, .bool, value ? 1 : 0) }
        mutating func encode(_ value: Int) throws { try set(value, .int, UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int8) throws { try set(value, .int, UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int16) throws { try set(value, .int, UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int32) throws { try set(value, .int, UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int64) throws { try set(value, .int, UInt64(bitPattern: value)) }
        mutating func encode(_ value: UInt) throws { try set(value, .uint, UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { try set(value, .uint, UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { try set(value, .uint, UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { try set(value, .uint, UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { try set(value, .uint, value) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128) throws {
            try set(value, .numberText, UInt64(truncatingIfNeeded: impl.tree.appendString(String(value))))
        }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128) throws {
            try set(value, .numberText, UInt64(truncatingIfNeeded: impl.tree.appendString(String(value))))
        }

        mutating func encode(_ value: String) throws {
            try checkCanEncode(value)
            impl.tree.setString(node, value)
        }

        mutating func encode(_ value: Double) throws { try encodeValue(value) }
        mutating func encode(_ value: Float) throws { try encodeValue(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

        private func encodeValue<T: Encodable>(_ value: T) throws {
            try checkCanEncode(value)
            try impl.encode(value, into: node)
        }
    }
}

/// The encoder returned by `superEncoder()`: writes into one node of the tree.
final class NodeEncoder: Encoder, BridgeValueEncoding {
    let impl: EncoderImpl
    let node: Int32
    let map: EncodingKeyMap?

    init(impl: EncoderImpl, node: Int32, map: EncodingKeyMap?) {
        self.impl = impl
        self.node = node
        self.map = map
    }

    var codingPath: [any CodingKey] { impl.tree.codingPath(of: node) }
    var userInfo: [CodingUserInfoKey: Any] { impl.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        impl.keyedContainer(keyedBy: type, at: node, map: map)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        impl.unkeyedContainer(at: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        EncoderImpl.SingleValueContainer(impl: impl, node: node)
    }

    func encodeJSONValue(_ value: JSONValue) throws {
        try impl.encodeJSONValue(value, into: node)
    }
}
