import Foundation

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
