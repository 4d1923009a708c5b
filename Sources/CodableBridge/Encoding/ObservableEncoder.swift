import Foundation

// The `Encoder` an observable class's `encode(to:)` is given: the encoder itself, except that its
// keyed containers are opened with `ObservedKey`s, so the class's `_name` is written as `name`
// (Mapping/ObservableModels.swift), and the registrar is not written at all. Only classes that
// conform to `Observable` are encoded through it.

/// The encoder seen by an observable class's `encode(to:)`: `impl`, with its keys spelt as the
/// class's properties.
struct ObservableEncoder: Encoder {
    let impl: EncoderImpl

    var codingPath: [any CodingKey] { impl.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { impl.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer(inner: impl.container(keyedBy: ObservedKey<Key>.self)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        impl.unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        impl.singleValueContainer()
    }

    /// The class's keys, forwarded to the encoder's container as `ObservedKey`s. A value for the
    /// registrar's key is dropped: the registrar has no state to write.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var inner: KeyedEncodingContainer<ObservedKey<Key>>

        var codingPath: [any CodingKey] { inner.codingPath }

        mutating func encodeNil(forKey key: Key) throws {
            if ObservedKey.isRegistrar(key) { return }
            try inner.encodeNil(forKey: ObservedKey(key))
        }

        mutating func encode(_ value: Bool, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: String, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128, forKey key: Key) throws { try inner.encode(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { try inner.encodeIfPresent(value, forKey: ObservedKey(key)) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            if ObservedKey.isRegistrar(key) { return }
            try inner.encode(value, forKey: ObservedKey(key))
        }

        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if ObservedKey.isRegistrar(key) { return }
            try inner.encodeIfPresent(value, forKey: ObservedKey(key))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            inner.nestedContainer(keyedBy: keyType, forKey: ObservedKey(key))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            inner.nestedUnkeyedContainer(forKey: ObservedKey(key))
        }

        mutating func superEncoder() -> any Encoder {
            inner.superEncoder()
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            inner.superEncoder(forKey: ObservedKey(key))
        }
    }
}
