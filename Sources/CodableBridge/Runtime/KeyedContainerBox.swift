// KeyedContainerBox — the standard library's box inside a `KeyedDecodingContainer` or a
// `KeyedEncodingContainer`, so that the decoder and the encoder can keep a container and hand it
// out again (Decoding/DecoderImpl+Containers.swift, Encoding/EncoderImpl+KeyedContainer.swift).
// What follows is said of the decoding container; the encoding one is the same, with its own
// probe and self-check (`encodingLayoutHolds`).
//
// Relies on: `KeyedDecodingContainer<Key>` being one reference to its box (a
// `_KeyedDecodingContainerBox<Concrete>`), which is not public API. Seen as `AnyObject`, the
// reference tells whether anybody else still holds the container (`isKnownUniquelyReferenced`),
// and cast back it is the container again. That cast is made as one to the container of a
// private key type (`probeContainer(ofBox:)`), called as a function returning the container of
// the caller's key type: the one reference does not depend on the key type, and the standard
// library's types being resilient, every such function returns its container through the
// caller's buffer, the same way. A cast to `KeyedDecodingContainer<Key>` in the decoder's
// unspecialised `container(keyedBy:)` would ask the runtime for that type's metadata (a hashed
// lookup of some 350 instructions) for every object decoded. Where function pointers are signed
// with their type (arm64e, `_ptrauth(_arm64e)`; apps build for arm64) the cast is made directly.
//
// Self-check (`layoutHolds`, once, at the first container kept): a probe container of a
// one-reference size comes back from its box as the same container (its `allKeys`), two copies
// share one box, and the box's class is the standard library's box. A container is kept only
// where its key type's container has the same one-reference size. `KeyedContainerBoxTests`
// asserts the check passes, and that a container made again from its box, in a generic
// function, decodes and holds its box once.
//
// Portable replacement (`CODABLEBRIDGE_PORTABLE`, or a failed check): there is no box, so the
// decoder and the encoder keep no container and make a new one each time.

/// The box of a `KeyedDecodingContainer` or a `KeyedEncodingContainer` (see the comment above).
enum KeyedContainerBox {
    /// Whether a container of this type is one reference to its box (see the comment above);
    /// always `false` in portable mode.
    @inline(__always)
    static func isOneBox<Key: CodingKey>(_ type: KeyedDecodingContainer<Key>.Type) -> Bool {
        #if CODABLEBRIDGE_PORTABLE
        return false
        #else
        return MemoryLayout<KeyedDecodingContainer<Key>>.size == MemoryLayout<AnyObject>.size && layoutHolds
        #endif
    }

    /// The box `container` (a `KeyedDecodingContainer` or a `KeyedEncodingContainer`) is a
    /// reference to, for a container type `isOneBox` accepts.
    @inline(__always)
    static func box<Container>(of container: Container) -> AnyObject {
        #if CODABLEBRIDGE_PORTABLE
        preconditionFailure("no container box exists in portable mode")
        #else
        // safe: the caller checked `isOneBox`: the container is one reference, to its box
        return unsafeBitCast(container, to: AnyObject.self)
        #endif
    }

    /// The container whose box is `box`, which ``box(of:)`` gave for a container of the same
    /// key type.
    @inline(__always)
    static func container<Key: CodingKey>(ofBox box: AnyObject, as type: Key.Type) -> KeyedDecodingContainer<Key> {
        #if CODABLEBRIDGE_PORTABLE
        preconditionFailure("no container box exists in portable mode")
        #else
        #if _ptrauth(_arm64e)
        // Function pointers may be signed with their type there: the cast itself.
        return unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self)
        #else
        // safe: the box was taken from a `KeyedDecodingContainer<Key>` (same key type), and a
        // container of any key type is one reference to its box (`layoutHolds`), returned the
        // same way: through the caller's buffer, the standard library's types being resilient.
        let containerOfBox = unsafeBitCast(
            probeContainer(ofBox:) as (AnyObject) -> KeyedDecodingContainer<ProbeKey>,
            to: ((AnyObject) -> KeyedDecodingContainer<Key>).self)
        return containerOfBox(box)
        #endif
        #endif
    }

    /// Whether an encoding container of this type is one reference to its box; always `false` in
    /// portable mode.
    @inline(__always)
    static func isOneBox<Key: CodingKey>(_ type: KeyedEncodingContainer<Key>.Type) -> Bool {
        #if CODABLEBRIDGE_PORTABLE
        return false
        #else
        return MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size && encodingLayoutHolds
        #endif
    }

    /// The encoding container whose box is `box`, which ``box(of:)`` gave for a container of the
    /// same key type.
    @inline(__always)
    static func encodingContainer<Key: CodingKey>(ofBox box: AnyObject, as type: Key.Type) -> KeyedEncodingContainer<Key> {
        #if CODABLEBRIDGE_PORTABLE
        preconditionFailure("no container box exists in portable mode")
        #else
        #if _ptrauth(_arm64e)
        return unsafeBitCast(box, to: KeyedEncodingContainer<Key>.self)  // as in `container(ofBox:as:)`
        #else
        // safe: as in `container(ofBox:as:)`, with `encodingLayoutHolds`
        let containerOfBox = unsafeBitCast(
            probeEncodingContainer(ofBox:) as (AnyObject) -> KeyedEncodingContainer<ProbeKey>,
            to: ((AnyObject) -> KeyedEncodingContainer<Key>).self)
        return containerOfBox(box)
        #endif
        #endif
    }

    #if !CODABLEBRIDGE_PORTABLE
    /// ``probeContainer(ofBox:)`` for an encoding container.
    @inline(never)
    private static func probeEncodingContainer(ofBox box: AnyObject) -> KeyedEncodingContainer<ProbeKey> {
        unsafeBitCast(box, to: KeyedEncodingContainer<ProbeKey>.self)
    }

    /// The container whose box is `box`, as one of the probe's key type: its metadata is looked
    /// up once, where a cast to `KeyedDecodingContainer<Key>` in an unspecialised generic
    /// function asks the runtime for that type's metadata on every call.
    @inline(never)
    private static func probeContainer(ofBox box: AnyObject) -> KeyedDecodingContainer<ProbeKey> {
        unsafeBitCast(box, to: KeyedDecodingContainer<ProbeKey>.self)
    }
    #endif

    #if !CODABLEBRIDGE_PORTABLE
    /// Whether a container is one reference to its box, checked once (see the comment above).
    static let layoutHolds: Bool = selfCheck()

    private static func selfCheck() -> Bool {
        guard let box = sharedBox(of: KeyedDecodingContainer(ProbeContainer()), className: "KeyedDecodingContainerBox") else { return false }
        let back = probeContainer(ofBox: box)
        return back.allKeys == [.probe] && back.codingPath.isEmpty && back.contains(.probe)
    }

    /// Whether an encoding container is one reference to its box: as ``layoutHolds``, with a probe
    /// that records the keys it is given.
    static let encodingLayoutHolds: Bool = encodingSelfCheck()

    private static func encodingSelfCheck() -> Bool {
        let recorded = ProbeEncodingContainer.Keys()
        let wrapped = KeyedEncodingContainer(ProbeEncodingContainer(keys: recorded))
        guard let box = sharedBox(of: wrapped, className: "KeyedEncodingContainerBox") else { return false }
        var back = probeEncodingContainer(ofBox: box)
        try? back.encodeNil(forKey: .probe)
        return recorded.keys == [.probe] && back.codingPath.isEmpty
    }

    /// The box `container` is, if the container is one reference in size, a copy of it shares
    /// that box, and the box's class is named `className`: the part of the self-checks that
    /// decoding and encoding containers share.
    private static func sharedBox<Container>(of container: Container, className: String) -> AnyObject? {
        guard MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size else { return nil }
        let copy = container
        let box = unsafeBitCast(container, to: AnyObject.self)
        guard box === unsafeBitCast(copy, to: AnyObject.self), _typeName(type(of: box), qualified: true).contains(className) else { return nil }
        return box
    }

    private enum ProbeKey: CodingKey { case probe, other }

    /// An encoding container that records the keys of the `nil`s it is given and encodes nothing
    /// else.
    private struct ProbeEncodingContainer: KeyedEncodingContainerProtocol {
        final class Keys { var keys: [ProbeKey] = [] }
        typealias Key = ProbeKey
        let keys: Keys
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: ProbeKey) throws { keys.keys.append(key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: ProbeKey) throws {}
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: ProbeKey
        ) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("the probe nests no container")
        }
        mutating func nestedUnkeyedContainer(forKey key: ProbeKey) -> any UnkeyedEncodingContainer {
            preconditionFailure("the probe nests no container")
        }
        mutating func superEncoder() -> any Encoder { preconditionFailure("the probe has no super encoder") }
        mutating func superEncoder(forKey key: ProbeKey) -> any Encoder { preconditionFailure("the probe has no super encoder") }
    }

    /// A container whose answers the check can recognise; it decodes nothing.
    private struct ProbeContainer: KeyedDecodingContainerProtocol {
        typealias Key = ProbeKey
        var codingPath: [any CodingKey] { [] }
        var allKeys: [ProbeKey] { [.probe] }
        func contains(_ key: ProbeKey) -> Bool { key == .probe }
        func decodeNil(forKey key: ProbeKey) throws -> Bool { true }
        func decode(_ type: Bool.Type, forKey key: ProbeKey) throws -> Bool { throw failure(key) }
        func decode(_ type: String.Type, forKey key: ProbeKey) throws -> String { throw failure(key) }
        func decode(_ type: Double.Type, forKey key: ProbeKey) throws -> Double { throw failure(key) }
        func decode(_ type: Float.Type, forKey key: ProbeKey) throws -> Float { throw failure(key) }
        func decode(_ type: Int.Type, forKey key: ProbeKey) throws -> Int { throw failure(key) }
        func decode(_ type: Int8.Type, forKey key: ProbeKey) throws -> Int8 { throw failure(key) }
        func decode(_ type: Int16.Type, forKey key: ProbeKey) throws -> Int16 { throw failure(key) }
        func decode(_ type: Int32.Type, forKey key: ProbeKey) throws -> Int32 { throw failure(key) }
        func decode(_ type: Int64.Type, forKey key: ProbeKey) throws -> Int64 { throw failure(key) }
        func decode(_ type: UInt.Type, forKey key: ProbeKey) throws -> UInt { throw failure(key) }
        func decode(_ type: UInt8.Type, forKey key: ProbeKey) throws -> UInt8 { throw failure(key) }
        func decode(_ type: UInt16.Type, forKey key: ProbeKey) throws -> UInt16 { throw failure(key) }
        func decode(_ type: UInt32.Type, forKey key: ProbeKey) throws -> UInt32 { throw failure(key) }
        func decode(_ type: UInt64.Type, forKey key: ProbeKey) throws -> UInt64 { throw failure(key) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: ProbeKey) throws -> T { throw failure(key) }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: ProbeKey
        ) throws -> KeyedDecodingContainer<NestedKey> { throw failure(key) }
        func nestedUnkeyedContainer(forKey key: ProbeKey) throws -> any UnkeyedDecodingContainer { throw failure(key) }
        func superDecoder() throws -> any Decoder { throw failure(.probe) }
        func superDecoder(forKey key: ProbeKey) throws -> any Decoder { throw failure(key) }

        private func failure(_ key: ProbeKey) -> DecodingError {
            .keyNotFound(key, DecodingError.Context(codingPath: [], debugDescription: "probe"))
        }
    }
    #endif
}
