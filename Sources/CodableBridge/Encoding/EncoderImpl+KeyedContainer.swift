import Foundation

extension EncoderImpl {
    /// Writes the members of one object. Where each key goes is decided by
    /// ``EncoderImpl/memberSlot(for:in:map:reusing:)``; a key that is not written (ignored
    /// property, mapped key already taken) is skipped without encoding its value.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let impl: EncoderImpl
        /// The object node.
        let object: Int32
        /// The mapping of the model whose properties these are; `nil` for plain containers.
        let map: EncodingKeyMap?

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
