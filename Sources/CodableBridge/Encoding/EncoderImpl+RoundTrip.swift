import Foundation

// The encoding half of the round-trip tables: value transforms (`valueTransforms`) write a
// property's value as the transform's JSON value; the `unknownKeysProperty` is not written under
// its own key — its members are written into the model's object after the model's own properties
// (a member the model wrote itself wins). `ignoredOnEncode` is a `.skip` destination in
// `EncodingKeyMap`.

extension EncoderImpl.KeyedContainer {
    /// Writes `value` through the property's transform, if it has one; `false` when it has none.
    @inline(__always)
    func encodedByTransform<V>(_ value: V, forKey key: Key) throws -> Bool {
        guard let map, !map.transforms.isEmpty, let transform = map.transforms[key.stringValue] else { return false }
        try impl.encodeTransformed(value, transform, forKey: key, in: object, map: map)
        return true
    }
}

extension EncoderImpl {
    func encodeTransformed<V>(_ value: V, _ transform: JSONTransform, forKey key: some CodingKey, in object: Int32, map: EncodingKeyMap) throws {
        let json: JSONValue?
        do {
            json = try transform.encodeValue(value)
        } catch {
            throw EncodingError.transformFailed(value, transform: transform.name, codingPath: tree.codingPath(of: object) + [key], error: error)
        }
        guard let json else {
            let error = MappingTableError.transformTypeMismatch(map.typeName, property: key.stringValue, transform: transform.name,
                                                                valueType: transform.valueType, propertyType: V.self)
            throw EncodingError.invalidMappingTable(value, codingPath: tree.codingPath(of: object) + [key], error: error)
        }
        guard let node = memberSlot(for: key, in: object, map: map) else { return }
        try encodeJSONValue(json, into: node)
    }

    /// Keeps the `unknownKeysProperty` value until the model's own properties are written.
    func keepCapturedMembers<V>(_ value: V, object: Int32, map: EncodingKeyMap, key: some CodingKey) throws {
        guard let members = value as? JSONObject else {
            let error = MappingTableError.unknownKeysPropertyType(map.typeName, property: key.stringValue, propertyType: V.self)
            throw EncodingError.invalidMappingTable(value, codingPath: tree.codingPath(of: object) + [key], error: error)
        }
        capturedMembers[object] = members
    }

    /// Writes the kept members into `object`, skipping keys the model wrote itself.
    func writeCapturedMembers(into object: Int32) throws {
        guard let members = capturedMembers.removeValue(forKey: object), tree[object].kind == .object else { return }
        for (key, value) in members {
            let hash = EncodedTree.hash(key)
            guard tree.member(of: object, key: key, hash: hash) == nil else { continue }
            let member = tree.appendMember(to: object, key: key, hash: hash, parent: object)
            try encodeJSONValue(value, into: member)
        }
    }
}
