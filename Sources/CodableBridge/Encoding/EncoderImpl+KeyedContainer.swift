import Foundation

// Keyed containers handed out again. Making a keyed container costs two lookups of generic
// metadata in the Swift runtime (the container type and the standard library's box for it, about
// 330 instructions each) and an allocation: about 900 instructions per object encoded. A model's
// `encode(to:)` lets its container go when it returns, so the encoder keeps the containers it
// makes (`reusableContainers`, up to 32, the root's excepted) and hands a kept one that nobody
// else holds out again for the next object of its key type and mapping, pointed at that object
// (`KeyedContainerTarget`). A container somebody still holds — the model being encoded, or one
// that kept its container — is never re-pointed (`isKnownUniquelyReferenced` on its box). The
// box is reached through `KeyedEncodingContainer`'s layout, checked by `Runtime/KeyedContainerBox`;
// in portable mode every container is new. The list is emptied when the encode ends: its
// containers refer to the encoder.

/// The object a keyed container writes into: in a class, so that the encoder can point a
/// container it hands out again at another object (see the design note above).
final class KeyedContainerTarget {
    @exclusivity(unchecked) final var object: Int32

    init(object: Int32) {
        self.object = object
    }
}

/// A keyed container the encoder made and may hand out again (see the design note above).
struct ReusableEncodingContainer {
    let keyType: ObjectIdentifier
    /// The container's mapping: it is handed out again only for the same one.
    let map: EncodingKeyMap?
    /// The standard library's box, as `KeyedContainerBox.box(of:)` gives it.
    var box: AnyObject
    let target: KeyedContainerTarget
}

extension EncoderImpl {
    /// How many containers an encode keeps: enough for every model type of a large document at a
    /// few levels of nesting.
    static let reusableContainerLimit = 32

    /// A keyed container writing into the object at `node`: one this encode made for `Key` that
    /// nobody holds any more, pointed at `node`, or a new one.
    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, at node: Int32, map: EncodingKeyMap?) -> KeyedEncodingContainer<Key> {
        open(node, as: .object)
        let keyType = ObjectIdentifier(Key.self)
        var index = 0
        while index < reusableContainers.count {
            if reusableContainers[index].keyType == keyType, reusableContainers[index].map === map,
               isKnownUniquelyReferenced(&reusableContainers[index].box)
            {
                reusableContainers[index].target.object = node
                return KeyedContainerBox.encodingContainer(ofBox: reusableContainers[index].box, as: Key.self)
            }
            index += 1
        }
        // The root's container is made once per encode: keeping it would cost more (the list, the
        // container type's metadata, its target) than it saves.
        guard node != 0, reusableContainers.count < EncoderImpl.reusableContainerLimit,
              KeyedContainerBox.isOneBox(KeyedEncodingContainer<Key>.self)
        else { return KeyedEncodingContainer(KeyedContainer<Key>(impl: self, map: map, object: node, target: nil)) }
        let target = KeyedContainerTarget(object: node)
        let container = KeyedEncodingContainer(KeyedContainer<Key>(impl: self, map: map, object: node, target: target))
        reusableContainers.append(ReusableEncodingContainer(keyType: keyType, map: map, box: KeyedContainerBox.box(of: container), target: target))
        return container
    }

    /// Writes the members of one object. Where each key goes is decided by
    /// ``EncoderImpl/memberSlot(for:in:map:reusing:)``; a key that is not written (ignored
    /// property, mapped key already taken) is skipped without encoding its value.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let impl: EncoderImpl
        /// The mapping of the model whose properties these are; `nil` for plain containers.
        let map: EncodingKeyMap?
        /// The object node of a container that is not kept.
        let fixedObject: Int32
        /// Where a kept container writes.
        let target: KeyedContainerTarget?

        init(impl: EncoderImpl, map: EncodingKeyMap?, object: Int32, target: KeyedContainerTarget?) {
            self.impl = impl
            self.map = map
            self.fixedObject = object
            self.target = target
        }

        /// The object node.
        var object: Int32 { target?.object ?? fixedObject }

        var codingPath: [any CodingKey] { impl.tree.codingPath(of: object) }

        // MARK: Scalars

        private func setScalar(_ kind: EncodedTree.Kind, _ payload: UInt64, forKey key: Key) {
            guard let node = impl.memberSlot(for: key, in: object, map: map) else { return }
            impl.tree.set(node, kind, payload)
        }

        private func setInteger(_ value: Int64, forKey key: Key) {
            setScalar(.int, UInt64(bitPattern: value), forKey: key)
        }

        mutating func encodeNil(forKey key: Key) throws { setScalar(.null, 0, forKey: key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setScalar(.bool, value ? 1 : 0, forKey: key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setInteger(Int64(value), forKey: key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setInteger(Int64(value), forKey: key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setInteger(Int64(value), forKey: key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setInteger(Int64(value), forKey: key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setInteger(value, forKey: key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setScalar(.uint, UInt64(value), forKey: key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setInteger(Int64(value), forKey: key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setInteger(Int64(value), forKey: key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setInteger(Int64(value), forKey: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; setScalar(.uint, value, forKey: key) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; try encodeText(String(value), forKey: key) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128, forKey key: Key) throws { if try encodedByTransform(value, forKey: key) { return }; try encodeText(String(value), forKey: key) }

        private func encodeText(_ text: String, forKey key: Key) throws {
            guard let node = impl.memberSlot(for: key, in: object, map: map) else { return }
            impl.tree.set(node, .numberText, UInt64(truncatingIfNeeded: impl.tree.appendString(text)))
        }

        mutating func encode(_ value: String, forKey key: Key) throws {
            if try encodedByTransform(value, forKey: key) { return }
            guard let node = impl.memberSlot(for: key, in: object, map: map) else { return }
            impl.tree.setString(node, value)
        }

        mutating func encode(_ value: Double, forKey key: Key) throws { try encodeValue(value, forKey: key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try encodeValue(value, forKey: key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encodeValue(value, forKey: key) }

        /// Encodes `value` into a new member; on failure the member is dropped again.
        private func encodeValue<T: Encodable>(_ value: T, forKey key: Key) throws {
            if try encodedByTransform(value, forKey: key) { return }
            if let map, let capture = map.captureProperty, capture == key.stringValue {
                try impl.keepCapturedMembers(value, object: object, map: map, key: key)
                return
            }
            if let map, map.hasFlattened, map.destination(for: key.stringValue) == .flatten {
                return try impl.encodeFlattened(value, into: object, key: key)
            }
            guard let node = impl.memberSlot(for: key, in: object, map: map) else { return }
            do {
                try impl.encode(value, into: node)
            } catch {
                impl.tree.discard(node)
                throw error
            }
        }

        // MARK: Absent values

        /// `encodeIfPresent(nil)`: nothing under `.omit`, `null` under `.null`.
        private mutating func encodeAbsent(forKey key: Key) throws {
            if impl.writesNullForAbsentValues { try encodeNil(forKey: key) }
        }

        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeAbsent(forKey: key) }
        }

        // MARK: Nested containers

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let node = impl.memberSlot(for: key, in: object, map: map, reusing: .object) ?? impl.detachedNode(parent: object)
            return impl.keyedContainer(keyedBy: keyType, at: node, map: nil)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let node = impl.memberSlot(for: key, in: object, map: map, reusing: .array) ?? impl.detachedNode(parent: object)
            return impl.unkeyedContainer(at: node)
        }

        /// An encoder for the superclass, writing into the member `"super"` (as `JSONEncoder`).
        mutating func superEncoder() -> any Encoder {
            superEncoder(at: AnyCodingKey.super)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            superEncoder(at: key)
        }

        private func superEncoder(at key: some CodingKey) -> any Encoder {
            let node = impl.memberSlot(for: key, in: object, map: map) ?? impl.detachedNode(parent: object)
            return NodeEncoder(impl: impl, node: node, map: map)
        }
    }
}
