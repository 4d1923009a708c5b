// MARK: - Design
//
// `JSONKey.flatten`: a property whose model lives in the parent object itself.
//
//     struct Person: MappableCodable { var name: String; var address: Address
//                                      static var keyMapping: KeyMapping { ["address": .flatten] } }
//     {"name": "Ada", "city": "Paris"}
//
//     Person.init(from:) → keyed container on object 0
//       "name"    → member "name"
//       "address" → rule .flatten: the value node is object 0 itself, so Address.init(from:)
//                   reads "city" from Person's object, with Address's own mapping and hooks
//
// The coding path keeps the property (`address.city`), so errors name the Swift property.
// An optional flattened property is `nil` when its decode found no member at all: the decoder
// counts members found (`membersFound`), and a decode that found none is discarded with its
// report events. Under `update(_:from:)` such a property keeps its current value.
//
// Known keys: the first decode of a model type (while its tables are verified) records the JSON
// keys its `init(from:)` asked for, flattened models' keys included
// (`TypeFacts.knownKeys`). Two flattened properties whose models' known keys meet are
// an invalid table of the parent.

/// What flatten and tagged enums learn during one decode, while model tables are verified.
final class ShapeFacts {
    /// Per model (`ObjectIdentifier` of its `ModelMeta`): flattened property → its declared type.
    var flattenedTypes: [ObjectIdentifier: [String: Any.Type]] = [:]
    /// Per model: the coding-key types its `init(from:)` asked containers for (one per level of
    /// a class hierarchy), each as a test of whether a name is one of its keys.
    var codingKeyProbes: [ObjectIdentifier: [(keyType: ObjectIdentifier, accepts: (String) -> Bool)]] = [:]

    /// Whether `name` is a coding key of the model `meta` (`false` when nothing was learnt).
    func isCodingKey(_ name: String, of meta: ObjectIdentifier) -> Bool {
        codingKeyProbes[meta]?.contains { $0.accepts(name) } ?? false
    }
}

extension DecoderImpl.KeyedContainer {
    /// A flattened property: its model decodes from this same object.
    func decodeFlattened<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        impl.noteFlattened(T.self, property: key.stringValue, owner: meta)
        let elementType = meta?.elementTypes[key.stringValue]
        return try decodeRequired(T.self, key) { node, component in
            if let update = impl.update {
                try prepareFallback(key)
                defer { update.next = nil }
                return try impl.unwrap(T.self, node: node, key: component, elementType: elementType)
            }
            return try impl.unwrap(T.self, node: node, key: component, elementType: elementType)
        }
    }

    /// An optional flattened property: `nil` when none of its model's keys is present (under
    /// `update(_:from:)`: the current value).
    func decodeFlattenedIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        impl.noteFlattened(T.self, property: key.stringValue, owner: meta)
        return try inScope {
            let component = PathComponent.key(key)
            let elementType = meta?.elementTypes[key.stringValue]
            if object != DecoderImpl.missingNode,
               let value = try impl.decodeIfAnyMember(T.self, node: object, key: component, elementType: elementType, prepare: { try self.prepareFallback(key) })
            {
                return value
            }
            return context == nil ? nil : currentValue(T.self, key)
        }
    }
}

extension DecoderImpl {
    /// Decodes a `T` from `node` unless the decode finds no member: then `nil`, and the report
    /// events it made are removed. A value not converted or a rejected model is `nil`, reported.
    func decodeIfAnyMember<T: Decodable>(_ type: T.Type, node: Int, key: PathComponent, elementType: (any Codable.Type)?,
                                         prepare: (() throws -> Void)?) throws -> T? {
        let before = membersFound
        let eventsBefore = report?.count ?? 0
        func foundNothing() -> Bool {
            guard membersFound == before else { return false }
            report?.removeEvents(from: eventsBefore)
            return true
        }
        do {
            let value: T
            if let update, let prepare {
                try prepare()
                defer { update.next = nil }
                value = try unwrap(T.self, node: node, key: key, elementType: elementType)
            } else {
                value = try unwrap(T.self, node: node, key: key, elementType: elementType)
            }
            return foundNothing() ? nil : value
        } catch where foundNothing() {
            return nil
        } catch let error as NotConverted {
            return try absorbIntoNil(error, T.self, node: node, key: key)
        } catch let error as ModelRejected {
            return try absorbIntoNil(error, T.self, node: node, key: key)
        }
    }

    /// Records a flattened property's type while its owner's tables are being verified.
    func noteFlattened<T>(_ type: T.Type, property: String, owner: ModelMeta?) {
        guard requestedKeys != nil, let owner else { return }
        // safe: checked non-nil by the `guard` above
        requestedKeys![ObjectIdentifier(owner), default: []].insert(property)
        shapes.flattenedTypes[ObjectIdentifier(owner), default: [:]][property] = T.self
    }

    /// Called when a model's `init(from:)` asks for a keyed container: while its tables are
    /// verified, remembers which names are its coding keys; for an enum, checks the tag (the
    /// object's single key) names a case, else throws the error listing the known tags.
    func learnCodingKeys<Key: CodingKey>(_ type: Key.Type, meta: ModelMeta, object: Int) throws {
        if requestedKeys != nil {
            // A class hierarchy asks once per level, each with its own keys: any level's key counts.
            let keyType = ObjectIdentifier(Key.self)
            if shapes.codingKeyProbes[ObjectIdentifier(meta)]?.contains(where: { $0.keyType == keyType }) != true {
                shapes.codingKeyProbes[ObjectIdentifier(meta), default: []].append((keyType, { Key(stringValue: $0) != nil }))
            }
        }
        guard meta.checksTags, object != DecoderImpl.missingNode, nodes[object].kind == .object, nodes[object].length == 1 else { return }
        let tag = text(object + 1)
        let caseName = meta.mappedProperty(forJSONKey: tag) ?? (meta.lookups[tag] == nil ? tag : nil)
        if let caseName, meta.isIncluded(caseName), Key(stringValue: caseName) != nil { return }
        let known = TypeShape.caseNames(of: Key.self)?.filter(meta.isIncluded).map { meta.encodingPath(for: $0)?.joined(separator: ".") ?? $0 }
        throw unknownTag(tag, meta: meta, known: known)
    }

    /// For a model with a `keyStyle`: styled JSON key → property, over the coding keys of `Key`
    /// (`nil` without a style; empty when the keys cannot be listed).
    ///
    /// When the keys cannot be listed (portable mode: `TypeShape.caseNames`), `members` — the
    /// object's JSON keys — are turned back into the property names their style could come from,
    /// each kept only when it is a coding key whose styled key is that member.
    func styledProperties<Key: CodingKey>(_ type: Key.Type, meta: ModelMeta, members: () -> [String]) -> [String: String]? {
        guard meta.keyStyle != nil else { return nil }
        var properties: [String: String] = [:]
        for name in TypeShape.caseNames(of: Key.self) ?? unstyledCandidates(members()) {
            guard Key(stringValue: name) != nil else { continue }
            if let styled = meta.styledKey(for: name), properties[styled] == nil { properties[styled] = name }
        }
        return properties
    }

    /// The JSON keys of `object`'s members, in document order.
    func memberKeys(of object: Int) -> [String] {
        var keys: [String] = []
        var member = object + 1
        let end = nodes[object].payload
        while member < end {
            keys.append(text(member))
            member = next(member + 1)
        }
        return keys
    }

    /// Property names a styled key may come from: its words (split at `_`, `-` and a capital after
    /// a lowercase letter) joined in lower camel case, each word after the first capitalised or all
    /// capitals (`user-id` → `userId`, `userID`).
    private func unstyledCandidates(_ keys: [String]) -> [String] {
        var candidates: [String] = []
        for key in keys {
            candidates.append(key)
            var words: [String] = []
            var word = ""
            var previousIsLower = false
            for character in key {
                if character == "_" || character == "-" || (character.isUppercase && previousIsLower) {
                    if !word.isEmpty { words.append(word) }
                    word = character == "_" || character == "-" ? "" : String(character)
                } else {
                    word.append(character)
                }
                previousIsLower = character.isLowercase || character.isNumber
            }
            if !word.isEmpty { words.append(word) }
            guard let first = words.first, words.count <= 6 else { continue }
            for mask in 0 ..< (1 << (words.count - 1)) {
                var name = first.lowercased()
                for (index, word) in words.dropFirst().enumerated() {
                    name += mask & (1 << index) != 0 ? word.uppercased() : word.prefix(1).uppercased() + word.dropFirst().lowercased()
                }
                candidates.append(name)
            }
        }
        return candidates
    }

    /// After the first decode of a model type: records its known JSON keys, and checks that no
    /// two flattened properties read the same key.
    func verifyShapes(of type: any MappableCodable.Type, meta: ModelMeta, requested: Set<String>) throws(MappingTableError) {
        let id = ObjectIdentifier(meta)
        let flattenedTypes = requestedKeys == nil ? [:] : shapes.flattenedTypes[id] ?? [:]
        var known: Set<String> = []
        var claimed: [String: String] = [:]  // JSON key → flattened property
        for name in requested.sorted() {
            switch meta.decodingRule(for: name) {
            case .excluded:
                break
            case .own:
                known.insert(meta.styledKey(for: name) ?? name)
            case .mapped(let plan):
                for lookup in meta.candidates(of: plan) { known.insert(lookup.segments[0]) }
            case .flatten:
                guard let flattenedType = flattenedTypes[name],
                      let model = DecoderImpl.modelType(flattenedType),
                      let keys = TypeFacts.of(model).knownKeys else { continue }
                for jsonKey in keys.sorted() {
                    if let other = claimed[jsonKey], other != name, let otherType = flattenedTypes[other] {
                        throw .flattenedKeyClash(meta.typeName, property: name, type: flattenedType, other: other, otherType: otherType, key: jsonKey)
                    }
                    claimed[jsonKey] = name
                }
                known.formUnion(keys)
            }
        }
        if !meta.isEnum { TypeFacts.of(type).setKnownKeys(known) }
    }

    /// The model type of a flattened property's declared type (its wrapped type for an optional).
    static func modelType(_ type: Any.Type) -> (any MappableCodable.Type)? {
        if let model = ConformanceIndex.model(type) { return model }
        if let optional = type as? any BridgeOptionalType.Type { return ConformanceIndex.model(optional.wrappedType) }
        return nil
    }
}

/// `Optional`'s wrapped type, seen without knowing it.
protocol BridgeOptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: BridgeOptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}

extension DecoderImpl {
    /// The synthesised form of a tagged enum's object (see Mapping/EnumTagging.swift): the object
    /// the enum's own `init(from:)` then decodes. A value that is not an object is a mismatch
    /// like any model's; a missing or non-string tag is a value not converted (lenient policies:
    /// the nearest optional property becomes `nil`, the nearest container element is dropped, both
    /// reported) or an error at the enum's path (`.strict`).
    func synthesisedEnumForm(of value: JSONValue, meta: ModelMeta, node: Int, key: PathComponent?) throws -> JSONValue {
        do {
            return try meta.enumTagging.synthesisedForm(of: value)
        } catch .notAnObject {
            throw mismatch([String: Any].self, node: node, key: key, reason: DecodingMessages.objectExpected)
        } catch {
            let reason = DecodingMessages.badTaggedEnum(error, type: meta.typeName, tagging: meta.enumTagging)
            if lenient { throw NotConverted(expected: meta.type, found: found(node), reason: reason) }
            throw DecodingMessages.dataCorrupted(path: codingPath(adding: key), reason)
        }
    }

    /// An enum's tag that names no case: not converted under the lenient policies, else an error
    /// at the enum's path. Either names the tag and lists the known ones.
    func unknownTag(_ tag: String, meta: ModelMeta, known: [String]?) -> any Error {
        let reason = DecodingMessages.unknownTag(tag, type: meta.typeName, known: known, tagKey: meta.enumTagging.tagKey)
        let found = meta.enumTagging.tagKey == nil ? DecodingMessages.found(.object, text: "") : DecodingMessages.found(.string, text: tag)
        if lenient { return NotConverted(expected: meta.type, found: found, reason: reason) }
        return DecodingMessages.dataCorrupted(path: codingPath, reason)
    }
}

// MARK: - Observable classes
//
// The `Decoder` an observable class's `init(from:)` is given: the decoder itself, except that its
// keyed containers are opened with `ObservedKey`s, so the class's `_name` is read as `name`
// (Mapping/ObservableModels.swift). Only classes that conform to `Observable` are decoded through
// it.

/// The decoder seen by an observable class's `init(from:)`: `impl`, with its keys spelt as the
/// class's properties.
struct ObservableDecoder: Decoder {
    let impl: DecoderImpl

    var codingPath: [any CodingKey] { impl.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { impl.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedContainer(inner: try impl.container(keyedBy: ObservedKey<Key>.self)))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try impl.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try impl.singleValueContainer()
    }

    /// The class's keys, forwarded to the decoder's container as `ObservedKey`s. The registrar's
    /// key is never looked up: it decodes as a new registrar.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let inner: KeyedDecodingContainer<ObservedKey<Key>>

        var codingPath: [any CodingKey] { inner.codingPath }
        var allKeys: [Key] { inner.allKeys.compactMap { ObservedKey.isRegistrar($0.base) ? nil : $0.base } }

        func contains(_ key: Key) -> Bool {
            !ObservedKey.isRegistrar(key) && inner.contains(ObservedKey(key))
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if ObservedKey.isRegistrar(key) { return false }
            return try inner.decodeNil(forKey: ObservedKey(key))
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try inner.decode(type, forKey: ObservedKey(key)) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try inner.decode(type, forKey: ObservedKey(key)) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try inner.decode(type, forKey: ObservedKey(key)) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try inner.decode(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try inner.decodeIfPresent(type, forKey: ObservedKey(key)) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            if ObservedKey.isRegistrar(key), let registrar = ObservableModels.newRegistrar(as: T.self) { return registrar }
            return try inner.decode(type, forKey: ObservedKey(key))
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            if ObservedKey.isRegistrar(key), let registrar = ObservableModels.newRegistrar(as: T.self) { return registrar }
            return try inner.decodeIfPresent(type, forKey: ObservedKey(key))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try inner.nestedContainer(keyedBy: type, forKey: ObservedKey(key))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try inner.nestedUnkeyedContainer(forKey: ObservedKey(key))
        }

        func superDecoder() throws -> any Decoder {
            try inner.superDecoder()
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            try inner.superDecoder(forKey: ObservedKey(key))
        }
    }
}

extension DecoderImpl {
    /// `T(from:)` at the current level: through an ``ObservableDecoder`` when `observable` (the
    /// type conforms to `Observable`), else with this decoder itself.
    @inline(__always)
    func makeValue<T: Decodable>(_ type: T.Type, observable: Bool) throws -> T {
        if observable { return try T(from: ObservableDecoder(impl: self)) }
        return try T(from: self)
    }
}
