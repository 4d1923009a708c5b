import Foundation

// EncoderImpl — one per `BridgeEncoder.encode` call.
//
// It is the `Encoder` every `encode(to:)` receives. Encoding a nested value walks down and back:
// `target` (the node the value is written into) and `targetMap` (the mapping of the model being
// encoded there, if any) are saved, pointed at the new value's node, and restored when its
// `encode(to:)` returns. Containers capture their own node, so they keep working if used after
// the encoder moved on. Everything is written into an `EncodedTree`; the text is produced after
// the whole value has been encoded.
//
// Scalars are recognised by comparing metatypes (`T.self == Int.self`) — no dynamic casts on the
// hot path — and Date, Data, URL, Decimal and JSONValue the same way before `encode(to:)` would
// be called; so are arrays of `String`, `Int` and `Double`, whose elements are then written in
// one loop instead of through the standard library's `encode(to:)` and a container call each
// (about 300 instructions per number of canada.json's `[[[Double]]]`). Conformances are looked up
// once per composite type per thread (`TypeTraits`, kept across encodes:
// EncodingTypeTraits.swift), and per value only for classes, whose subclasses may adopt
// `MappableCodable`.
//
// Depth. Every composite value (a model, an array, a dictionary, any `encode(to:)` of your own)
// is encoded by a nested call, so a cyclic object graph or a very deep value would overflow the
// stack. `depth` counts the composite values being encoded, one integer compare per value: past
// `maxDepth` the encode throws at that value's coding path instead. Optionals are not a level
// (they write their wrapped value in place); a `JSONValue` counts its own arrays and objects.
//
//     a.next = b; b.next = a      encode(a) → a(1) → next: b(2) → next: a(3) → … → 513: throws
//                                 at next.next.….next (512 keys)

/// The encoder behind ``BridgeEncoder``: builds an ``EncodedTree`` from `Encodable` values.
final class EncoderImpl {
    let options: BridgeEncoder
    let tree: EncodedTree
    /// The node the value being encoded through `self` is written into.
    var target: Int32 = 0
    /// The mapping of the model encoded at `target`; `nil` for plain values.
    var targetMap: EncodingKeyMap?

    let keyConversion: KeyEncodingStrategy.Base
    /// Whether `keyEncodingStrategy` may change keys (it is not `.useDefaultKeys`).
    let convertsKeys: Bool
    /// Whether `keyEncodingStrategy` is `.custom`.
    let convertsKeysByClosure: Bool
    /// Whether `encodeIfPresent(nil)` writes `null` (`nilEncodingStrategy == .null`).
    let writesNullForAbsentValues: Bool
    private var snakeCaseKeys: [String: String] = [:]
    /// This thread's traits of composite types (EncodingTypeTraits.swift).
    private let traitsCache = TraitsCache.current
    private var keyMaps: [ObjectIdentifier: EncodingKeyMap] = [:]
    /// Whether a model type implements `didEncode(into:)`, once known in this encode.
    private var didEncodeImplemented: [ObjectIdentifier: Bool] = [:]
    /// `unknownKeysProperty` values waiting to be written into their model's object (by object
    /// node), after the model's own properties (EncoderImpl+RoundTrip.swift).
    var capturedMembers: [Int32: JSONObject] = [:]
    /// The keyed containers this encode made and may hand out again
    /// (EncoderImpl+KeyedContainer.swift); emptied when the encode ends.
    @exclusivity(unchecked) var reusableContainers: [ReusableEncodingContainer] = []
    /// How many composite values enclose the one being encoded (see the design comment).
    private(set) var depth = 0
    /// ``BridgeEncoder/maxDepth``.
    let maxDepth: Int
    private lazy var userInfoValues: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 }

    private init(options: BridgeEncoder) {
        self.options = options
        self.tree = EncodedTree()
        self.keyConversion = options.keyEncodingStrategy.base
        switch keyConversion {
        case .useDefaultKeys:
            (convertsKeys, convertsKeysByClosure) = (false, false)
        case .convertToSnakeCase:
            (convertsKeys, convertsKeysByClosure) = (true, false)
        case .custom:
            (convertsKeys, convertsKeysByClosure) = (true, true)
        }
        self.writesNullForAbsentValues = options.nilEncodingStrategy == .null
        self.maxDepth = options.maxDepth
    }

    /// Encodes `value` into a new tree.
    ///
    /// - Throws: `EncodingError.invalidValue` when `value` encodes nothing, or as thrown while
    ///   encoding.
    static func encodeTree<T: Encodable>(_ value: T, options: BridgeEncoder) throws -> EncodedTree {
        let impl = EncoderImpl(options: options)
        defer { impl.reusableContainers.removeAll() }  // they refer to the encoder
        try impl.encode(value, into: 0)
        guard impl.tree[0].kind != .pending else {
            throw EncodingError.encodedNothing(value)
        }
        return impl.tree
    }

    /// Encodes a `EncodableWithConfiguration` value into a new tree: its
    /// `encode(to:configuration:)` writes the root (one level, as any `encode(to:)` of your own).
    ///
    /// - Throws: As ``encodeTree(_:options:)``.
    @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
    static func encodeTree<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration,
                                                          options: BridgeEncoder) throws -> EncodedTree
    {
        let impl = EncoderImpl(options: options)
        defer { impl.reusableContainers.removeAll() }  // they refer to the encoder
        try impl.checkDepth(value, at: 0)
        impl.depth &+= 1
        try impl.withTarget(0, map: nil) { try value.encode(to: impl, configuration: configuration) }
        guard impl.tree[0].kind != .pending else {
            throw EncodingError.encodedNothing(value)
        }
        return impl.tree
    }

    // MARK: Values

    /// Encodes `value` into the pending node `node`.
    func encode<T: Encodable>(_ value: T, into node: Int32) throws {
        if T.self == String.self {
            tree.setString(node, unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            tree.set(node, .int, UInt64(bitPattern: Int64(unsafeBitCast(value, to: Int.self))))
        } else if T.self == Double.self {
            try encodeFloatingPoint(unsafeBitCast(value, to: Double.self), into: node)
        } else if T.self == Bool.self {
            tree.set(node, .bool, unsafeBitCast(value, to: Bool.self) ? 1 : 0)
        } else if T.self == Int64.self {
            tree.set(node, .int, UInt64(bitPattern: unsafeBitCast(value, to: Int64.self)))
        } else if T.self == Float.self {
            try encodeFloatingPoint(unsafeBitCast(value, to: Float.self), into: node)
        } else if T.self == UInt64.self {
            tree.set(node, .uint, unsafeBitCast(value, to: UInt64.self))
        } else if T.self == UInt.self {
            tree.set(node, .uint, UInt64(unsafeBitCast(value, to: UInt.self)))
        } else if T.self == Int32.self {
            tree.set(node, .int, UInt64(bitPattern: Int64(unsafeBitCast(value, to: Int32.self))))
        } else if T.self == UInt32.self {
            tree.set(node, .uint, UInt64(unsafeBitCast(value, to: UInt32.self)))
        } else if T.self == Int16.self {
            tree.set(node, .int, UInt64(bitPattern: Int64(unsafeBitCast(value, to: Int16.self))))
        } else if T.self == UInt16.self {
            tree.set(node, .uint, UInt64(unsafeBitCast(value, to: UInt16.self)))
        } else if T.self == Int8.self {
            tree.set(node, .int, UInt64(bitPattern: Int64(unsafeBitCast(value, to: Int8.self))))
        } else if T.self == UInt8.self {
            tree.set(node, .uint, UInt64(unsafeBitCast(value, to: UInt8.self)))
        } else {
            try encodeNonScalar(value, into: node)
        }
    }

    private func encodeNonScalar<T: Encodable>(_ value: T, into node: Int32) throws {
        if T.self == Date.self {
            try encodeDate(unsafeBitCast(value, to: Date.self), into: node)
        } else if T.self == URL.self {
            // safe: T.self == URL.self is checked by the enclosing `if`
            tree.setString(node, (value as! URL).absoluteString)
        } else if T.self == Data.self {
            // safe: T.self == Data.self is checked by the enclosing `if`
            try encodeData(value as! Data, into: node)
        } else if T.self == Decimal.self {
            // safe: T.self == Decimal.self is checked by the enclosing `if`
            try encodeDecimal(value as! Decimal, into: node)
        } else if T.self == JSONValue.self {
            // safe: T.self == JSONValue.self is checked by the enclosing `if`
            try encodeJSONValue(value as! JSONValue, into: node)
        } else if T.self == [String].self {
            try checkDepth(value, at: node)
            encodeArray(unsafeBitCast(value, to: [String].self), into: node) { tree.setString($1, $0) }
        } else if T.self == [Int].self {
            try checkDepth(value, at: node)
            encodeArray(unsafeBitCast(value, to: [Int].self), into: node) { tree.set($1, .int, UInt64(bitPattern: Int64($0))) }
        } else if T.self == [Double].self {
            try checkDepth(value, at: node)
            try encodeArray(unsafeBitCast(value, to: [Double].self), into: node) { try encodeFloatingPoint($0, into: $1) }
        } else {
            try encodeComposite(value, into: node)
        }
    }

    private func encodeArray<Element>(_ array: [Element], into node: Int32, _ set: (Element, Int32) throws -> Void) rethrows {
        tree.set(node, .array)
        for element in array {
            try set(element, tree.appendElement(to: node))
        }
    }

    /// Throws when a container at `node` would be nested deeper than `maxDepth`.
    @inline(__always)
    private func checkDepth<T>(_ value: T, at node: Int32) throws {
        if depth >= maxDepth { throw EncodingError.tooDeep(value, maxDepth: maxDepth, codingPath: tree.codingPath(of: node)) }
    }

    private func encodeComposite<T: Encodable>(_ value: T, into node: Int32) throws {
        let traits = traitsCache.traits(of: T.self)
        if traits.contains(.optional) {
            // Not a level: an optional writes its wrapped value (or null) in place.
            try withTarget(node, map: nil) { try value.encode(to: self) }
            return
        }
        try checkDepth(value, at: node)
        depth &+= 1
        defer { depth &-= 1 }
        if traits.contains(.stringKeyedDictionary), convertsKeys {
            // JSONEncoder leaves the keys of [String: V] unconverted by the key strategy.
            tree.set(node, .object)
            // safe: the traits say T is a [String: V], which conforms
            try (value as! any StringKeyedDictionaryEncoding).encodeMembers(into: node, impl: self)
            return
        }
        if traits.contains(.mappable) {
            // safe: the traits say T conforms to MappableCodable
            try encodeModel(value as! any MappableCodable, into: node)
        } else if traits.contains(.classType), traitsCache.traits(of: type(of: value)).contains(.mappable),
                  let model = value as? any MappableCodable
        {
            // A subclass that adopts MappableCodable, encoded through a superclass that does not.
            // The value's own class is looked up first: a cast for every instance of a class that
            // does not conform cost about 3 000 instructions.
            try encodeModel(model, into: node)
        } else if traits.contains(.observable) {
            try withTarget(node, map: nil) { try value.encode(to: ObservableEncoder(impl: self)) }
        } else {
            try withTarget(node, map: nil) { try value.encode(to: self) }
        }
    }

    /// Runs `body` with `target` and `targetMap` pointed at `node`, restoring them afterwards.
    func withTarget(_ node: Int32, map: EncodingKeyMap?, _ body: () throws -> Void) throws {
        let savedTarget = target
        let savedMap = targetMap
        target = node
        targetMap = map
        defer {
            target = savedTarget
            targetMap = savedMap
        }
        try body()
    }

    /// Encodes a `MappableCodable` model with its tables, then runs its `didEncode` hook on the
    /// finished object — unless the type is known to use the default hook, which needs no tree.
    private func encodeModel(_ model: any MappableCodable, into node: Int32) throws {
        let modelType = type(of: model)
        let id = ObjectIdentifier(modelType)
        let map = try keyMap(for: modelType, id: id, value: model, at: node)
        if map.meta.isObservable {
            try withTarget(node, map: map) { try model.encode(to: ObservableEncoder(impl: self)) }
        } else {
            try withTarget(node, map: map) { try model.encode(to: self) }
        }
        if map.captureProperty != nil { try writeCapturedMembers(into: node) }
        if map.meta.enumTagging.rewrites { try retagEnum(model, map: map, at: node) }
        guard tree[node].kind == .object else { return }
        let implemented = didEncodeImplemented[id] ?? HookProbe.isImplemented(.didEncode, by: modelType)
        if implemented == false {
            didEncodeImplemented[id] = false
            return
        }
        let written = tree.objectValue(at: node)
        var object = written
        do {
            let ran = try HookProbe.call(.didEncode, of: modelType, known: implemented) { try model.didEncode(into: &object) }
            didEncodeImplemented[id] = ran
            // Unchanged (BridgeObject's own didEncode, reached by every class model): the node
            // already holds it.
            if !ran || object.isIdentical(to: written) { return }
        } catch {
            throw EncodingError.didEncodeFailed(model, type: modelType, codingPath: tree.codingPath(of: node), error: error)
        }
        // The object is this model's own level, already counted: measure it from the level above.
        depth &-= 1
        defer { depth &+= 1 }
        try encodeJSONValue(.object(object), into: node)
    }

    /// The encoding view of `modelType`'s tables, looked up once per encode.
    private func keyMap(for modelType: any MappableCodable.Type, id: ObjectIdentifier, value: Any, at node: Int32) throws -> EncodingKeyMap {
        if let map = keyMaps[id] { return map }
        do {
            // Built from ModelMeta, which checks the tables as the decoder does: a bad table fails
            // with the same MappingTableError.
            let map = options.writesPropertiesIgnoredOnEncode
                ? try EncodingKeyMap.resolvedKeepingIgnoredOnEncode(for: modelType) : try EncodingKeyMap.resolved(for: modelType)
            keyMaps[id] = map
            return map
        } catch {
            throw EncodingError.invalidMappingTable(value, codingPath: tree.codingPath(of: node), error: error)
        }
    }

    // MARK: Keys

    /// The JSON key for `key` in a container without mapping: after `keyEncodingStrategy`.
    func convertedKey(_ key: some CodingKey, in object: Int32) -> String {
        switch keyConversion {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            let name = key.stringValue
            if let converted = snakeCaseKeys[name] { return converted }
            let converted = KeyEncodingStrategy.snakeCased(name)
            snakeCaseKeys[name] = converted
            return converted
        case .custom(let convert):
            return convert(tree.codingPath(of: object) + [key]).stringValue
        }
    }

    var userInfo: [CodingUserInfoKey: Any] { userInfoValues }
}

/// `Optional`, recognised once per type (it is not a level of nesting).
protocol OptionalEncoding {}

extension Optional: OptionalEncoding {}

/// `[String: V]`, whose keys `JSONEncoder` leaves unconverted by the key strategy.
protocol StringKeyedDictionaryEncoding {
    func encodeMembers(into object: Int32, impl: EncoderImpl) throws
}

extension Dictionary: StringKeyedDictionaryEncoding where Key == String, Value: Encodable {
    func encodeMembers(into object: Int32, impl: EncoderImpl) throws {
        for (key, value) in self {
            let member = impl.tree.appendMember(to: object, key: key, hash: EncodedTree.hash(key), parent: object)
            try impl.encode(value, into: member)
        }
    }
}
