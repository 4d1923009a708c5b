import Foundation

/// Arrays, sets, dictionaries and optionals decoded by the decoder itself rather than through
/// their own `init(from:)`: no container per element, elements that cannot be decoded are dropped
/// (and reported) under lenient policies, and `elementTypes` overrides reach the elements.
protocol BridgeCollectionDecodable {
    /// Whether a string holding a JSON array may stand for the value (lenient).
    static var acceptsEmbeddedArray: Bool { get }
    /// Whether a string holding a JSON object may stand for the value (lenient).
    static var acceptsEmbeddedObject: Bool { get }
    /// Decodes from `impl.current`.
    static func bridgeDecode(from impl: DecoderImpl, elementType: (any Codable.Type)?) throws -> Self
    /// Whether the type is an `Array`, which an empty JSON array decodes to `[]` whatever its
    /// element type.
    static var isArray: Bool { get }
    /// The empty array, for a type whose ``isArray`` is `true`.
    static var emptyArray: Self { get }
}

extension BridgeCollectionDecodable {
    static var isArray: Bool { false }
    static var emptyArray: Self { preconditionFailure("only an Array has an empty array to give") }
}

extension BridgeCollectionDecodable {
    /// ``bridgeDecode(from:elementType:)`` as `T`, which is `Self`. Called on an opened
    /// existential metatype, the plain method's result would come back as an existential, and
    /// `as! T` on it is a dynamic cast per collection decoded.
    @inline(__always)
    static func bridgeDecode<T>(as type: T.Type, from impl: DecoderImpl, elementType: (any Codable.Type)?) throws -> T {
        assert(Self.self == T.self, "bridgeDecode(as:) asked for another type than the collection's own")
        return unsafeBitCast(try bridgeDecode(from: impl, elementType: elementType), to: T.self)
    }

    /// ``emptyArray`` as `T`, which is `Self` (see ``bridgeDecode(as:from:elementType:)``).
    @inline(__always)
    static func emptyArray<T>(as type: T.Type) -> T {
        assert(Self.self == T.self, "emptyArray(as:) asked for another type than the collection's own")
        return unsafeBitCast(emptyArray, to: T.self)
    }
}

extension Array: BridgeCollectionDecodable where Element: Decodable {
    static var acceptsEmbeddedArray: Bool { true }
    static var acceptsEmbeddedObject: Bool { false }
    static var isArray: Bool { true }
    static var emptyArray: [Element] { [] }

    static func bridgeDecode(from impl: DecoderImpl, elementType: (any Codable.Type)?) throws -> [Element] {
        // Arrays of scalars skip the generic element path (no metadata lookups per element).
        if elementType == nil {
            if Element.self == Double.self { return unsafeBitCast(try impl.decodeScalarArray { try impl.unwrapFloatingPoint($0, $1, as: Double.self) }, to: [Element].self) }
            if Element.self == Int.self { return unsafeBitCast(try impl.decodeScalarArray { try impl.unwrapInteger($0, $1, as: Int.self) }, to: [Element].self) }
            if Element.self == String.self { return unsafeBitCast(try impl.decodeScalarArray { try impl.unwrapString($0, $1) }, to: [Element].self) }
            if Element.self == Int64.self { return unsafeBitCast(try impl.decodeScalarArray { try impl.unwrapInteger($0, $1, as: Int64.self) }, to: [Element].self) }
            if Element.self == Float.self { return unsafeBitCast(try impl.decodeScalarArray { try impl.unwrapFloatingPoint($0, $1, as: Float.self) }, to: [Element].self) }
            if Element.self == Bool.self { return unsafeBitCast(try impl.decodeScalarArray { try impl.unwrapBool($0, $1) }, to: [Element].self) }
            if Element.self == UInt64.self { return unsafeBitCast(try impl.decodeScalarArray { try impl.unwrapInteger($0, $1, as: UInt64.self) }, to: [Element].self) }
        }
        return try impl.decodeArray(Element.self, elementType: elementType)
    }
}

extension ContiguousArray: BridgeCollectionDecodable where Element: Decodable {
    static var acceptsEmbeddedArray: Bool { true }
    static var acceptsEmbeddedObject: Bool { false }

    static func bridgeDecode(from impl: DecoderImpl, elementType: (any Codable.Type)?) throws -> ContiguousArray<Element> {
        ContiguousArray(try impl.decodeArray(Element.self, elementType: elementType))
    }
}

extension Set: BridgeCollectionDecodable where Element: Decodable {
    static var acceptsEmbeddedArray: Bool { true }
    static var acceptsEmbeddedObject: Bool { false }

    static func bridgeDecode(from impl: DecoderImpl, elementType: (any Codable.Type)?) throws -> Set<Element> {
        Set(try impl.decodeArray(Element.self, elementType: elementType))
    }
}

extension Dictionary: BridgeCollectionDecodable where Key: Decodable, Value: Decodable {
    static var acceptsEmbeddedArray: Bool { false }
    static var acceptsEmbeddedObject: Bool { Key.self == String.self || Key.self == Int.self }

    static func bridgeDecode(from impl: DecoderImpl, elementType: (any Codable.Type)?) throws -> [Key: Value] {
        if Key.self == String.self {
            return try impl.decodeDictionary(Value.self, elementType: elementType) { string, _ in unsafeBitCast(string, to: Key.self) }
        }
        if Key.self == Int.self {
            return try impl.decodeDictionary(Value.self, elementType: elementType) { string, member in
                guard let int = Int(string) else {
                    throw DecodingMessages.intKeyMismatch(string, path: impl.codingPath(adding: .name(string)))
                }
                return unsafeBitCast(int, to: Key.self)
            }
        }
        return try Self(from: impl)
    }
}

extension Optional: BridgeCollectionDecodable where Wrapped: Decodable {
    static var acceptsEmbeddedArray: Bool { false }
    static var acceptsEmbeddedObject: Bool { false }

    static func bridgeDecode(from impl: DecoderImpl, elementType: (any Codable.Type)?) throws -> Wrapped? {
        let node = impl.current
        if node == DecoderImpl.missingNode || impl.nodes[node].kind == .null { return nil }
        // `update(_:from:)`: an optional is transparent, its snapshot is the wrapped value's.
        if let update = impl.update { update.next = update.level }
        do {
            return try impl.unwrap(Wrapped.self, node: node, key: nil, elementType: elementType)
        } catch {
            // A generic property (`var v: T`, T == Int?) or an element of `[Int?]`: nil, as for
            // an optional property, and reported.
            return try impl.absorbIntoNil(error, Wrapped.self, node: node, key: nil)
        }
    }
}

extension DecoderImpl {
    /// Whether ``unwrap(_:node:key:elementType:)`` decodes a `T` read from an object node by
    /// calling `T(from:)` and nothing else: `T` is none of the types it reads itself
    /// (``ArrayElementTypes/Facts/isReadInPlace``), a plain `Decodable` (not a collection, a model
    /// or a special decoding), and this decode neither keeps values between a partial document's
    /// snapshots, nor tracks unknown keys, nor updates. Asked once per array: its elements of
    /// such a type skip the dispatch (``decodeElement(_:node:key:elementType:direct:store:)``).
    func decodesObjectsByInit<T: Decodable>(_ type: T.Type, _ facts: ArrayElementTypes.Facts) -> Bool {
        guard completedValues == nil, unknownKeys == nil, update == nil, !facts.isReadInPlace, case .plain = classify(T.self) else { return false }
        return true
    }

    /// The elements of the array at `current`.
    ///
    /// The elements are written straight into the new array's buffer. In this unspecialised
    /// generic code, `append` looked up the array storage's type metadata in the runtime's cache
    /// for every element (Docs/Design.md, "Performance techniques"); this looks it up once per
    /// array, and not at all for an empty one. If an element throws, the
    /// buffer's initialised prefix becomes the array and is released with it.
    func decodeArray<E: Decodable>(_ type: E.Type, elementType: (any Codable.Type)?) throws -> [E] {
        let array = current
        guard array != DecoderImpl.missingNode else { return [] }
        guard nodes[array].kind == .array else { throw mismatch([E].self, node: array, key: nil) }
        var count = Int(nodes[array].length)
        var element = array + 1
        var firstIndex = 0
        if array == part.node {
            (element, count, firstIndex) = partElements()
            if let destination = part.destination, destination.elementType == ObjectIdentifier(E.self) {
                try decodeElements(E.self, into: destination.elements.assumingMemoryBound(to: E.self), &destination.initialized.pointee, from: element,
                                   indices: firstIndex ..< firstIndex &+ count, elementType: elementType, direct: false)
                return []
            }
        }
        guard count > 0 else { return [] }
        if let completedValues, completedValues.isOpen(array) {
            return try decodeOpenArray(E.self, array: array, count: count, elementType: elementType, completedValues)
        }
        let facts = ArrayElementTypes.current.facts(of: E.self)
        let direct = elementType == nil && decodesObjectsByInit(E.self, facts)
        let first = element
        // At most one element is stored per node: `count` is room enough.
        if let layout = facts.layout {
            return try ArrayStorage.makeArray(E.self, capacity: count, layout: layout) { base, initialized in
                try decodeElements(E.self, into: base, &initialized, from: first, indices: firstIndex ..< firstIndex &+ count,
                                   elementType: elementType, direct: direct)
            }
        }
        return try [E](unsafeUninitializedCapacity: count) { buffer, initialized in
            // safe: the capacity is count > 0
            try decodeElements(E.self, into: buffer.baseAddress!, &initialized, from: first, indices: firstIndex ..< firstIndex &+ count,
                               elementType: elementType, direct: direct)
        }
    }

    /// Decodes the elements `indices` of an array, the first at node `first`, into uninitialised
    /// memory at `base`, counting those written in `initialized` (a dropped element is not).
    @inline(__always)
    private func decodeElements<E: Decodable>(_ type: E.Type, into base: UnsafeMutablePointer<E>, _ initialized: inout Int, from first: Int,
                                              indices: Range<Int>, elementType: (any Codable.Type)?, direct: Bool) throws
    {
        var element = first
        for index in indices {
            let node = element
            element = next(element)
            try decodeElement(E.self, node: node, key: .index(index), elementType: elementType, direct: direct) { value in
                (base + initialized).initialize(to: consume value)
                initialized += 1
            }
        }
    }

    /// An array the text has not closed yet, in a snapshot of a partial document: its elements
    /// before the last are complete, so their values are kept from the snapshot that first saw
    /// them and only the elements that arrived since (and the last, which may be open) are
    /// decoded, into the one of the prefix's two arrays that the last snapshot did not return
    /// (`CompletedValues.ArrayPrefix`).
    @inline(never)
    private func decodeOpenArray<E: Decodable>(_ type: E.Type, array: Int, count: Int, elementType: (any Codable.Type)?,
                                               _ completed: CompletedValues) throws -> [E]
    {
        var prefix = completed.takeArrayPrefix(E.self, at: array)
        if prefix.nodesRead >= count {
            // An array only grows from snapshot to snapshot; anything else starts afresh.
            prefix = CompletedValues.ArrayPrefix(nextNode: array + 1)
        }
        // This snapshot's array is built in the spare (see `ArrayPrefix`), taken out so that it
        // stays uniquely referenced: its stale values dropped, then the values completed since it
        // was last returned. In the common snapshot nothing completed since, and the stale value
        // is the open element's, which the first value decoded now replaces in place: a generic
        // `removeLast()` here costs about a thousand instructions (its `Optional` metadata, two
        // copies of the element), an assignment a few.
        var values = prefix.spare
        prefix.spare = []
        var staleSlot = -1  // a stale value's index, to be replaced by the next value decoded
        if prefix.spareCount == prefix.completeCount, values.count > prefix.spareCount {
            staleSlot = prefix.spareCount
        }
        while values.count > prefix.spareCount + (staleSlot < 0 ? 0 : 1) { values.removeLast() }
        if prefix.spareCount < prefix.completeCount {
            values.append(contentsOf: prefix.elements[prefix.spareCount ..< prefix.completeCount])
        }
        var completeCount = prefix.completeCount
        var element = prefix.nextNode
        for index in prefix.nodesRead ..< count {
            let node = element
            element = next(element)
            if index == count &- 1 {
                completeCount = staleSlot < 0 ? values.count : staleSlot
                prefix.nodesRead = index
                prefix.nextNode = node
            }
            try decodeElement(E.self, node: node, key: .index(index), elementType: elementType) { value in
                if staleSlot < 0 {
                    values.append(consume value)
                } else {
                    values[staleSlot] = consume value
                    staleSlot = -1
                }
            }
        }
        if staleSlot >= 0 { values.removeLast() }  // no value replaced it (none decoded, or dropped)
        // The last snapshot's array becomes the spare: its complete values are still this one's.
        prefix.spareCount = prefix.completeCount
        prefix.spare = prefix.elements
        prefix.elements = values
        prefix.completeCount = completeCount
        completed.keepArrayPrefix(prefix, at: array)
        return values
    }

    /// The part of the array `part.node` this decode reads: its first element's node, the number
    /// of its elements, and the index of the first in the whole array.
    @inline(never)
    private func partElements() -> (first: Int, count: Int, firstIndex: Int) {
        var element = part.node + 1
        for _ in 0 ..< part.skipped { element = next(element) }
        return (element, part.count, part.firstIndex)
    }

    /// The elements of an array of scalars at `current`, read by `read` (specialised per type).
    /// A null or unconvertible element is dropped and reported under lenient policies.
    ///
    /// This repeats `decodeArray`'s walk on purpose: sharing one walker through a closure that
    /// returns `E?` costs measurably more on number arrays (canada.json).
    @inline(__always)
    func decodeScalarArray<E>(_ read: (Int, PathComponent?) throws -> E) throws -> [E] {
        let array = current
        guard array != DecoderImpl.missingNode else { return [] }
        guard nodes[array].kind == .array else { throw mismatch([E].self, node: array, key: nil) }
        var count = Int(nodes[array].length)
        var element = array + 1
        var firstIndex = 0
        if array == part.node { (element, count, firstIndex) = partElements() }
        guard count > 0 else { return [] }
        var result: [E] = []
        result.reserveCapacity(count)
        for index in firstIndex ..< firstIndex &+ count {
            let node = element
            element = next(element)
            do {
                result.append(try read(node, .index(index)))
            } catch let error as NotConverted {
                if nodes[node].kind == .null {
                    record(.dropped, key: .index(index), rule: "dropped element (null)", DecodingMessages.droppedNull(E.self))
                } else {
                    record(.dropped, key: .index(index), rule: "dropped element (not converted)", DecodingMessages.droppedNotConverted(error, E.self))
                }
            }
        }
        return result
    }

    /// The members of the object at `current`, keys made by `makeKey`.
    func decodeDictionary<K: Hashable, V: Decodable>(_ type: V.Type, elementType: (any Codable.Type)?,
                                                     makeKey: (String, Int) throws -> K) throws -> [K: V]
    {
        let object = current
        guard object != DecoderImpl.missingNode else { return [:] }
        guard nodes[object].kind == .object else { throw mismatch([String: V].self, node: object, key: nil) }
        var result: [K: V] = [:]
        result.reserveCapacity(Int(nodes[object].length))
        var member = object + 1
        let end = nodes[object].payload
        let shadowed = shadowedMembers(of: object)
        // String keys of an object without byte-identical repeats are unique when they are ASCII
        // (the parser's `ascii` flag): no lookup is needed to keep the first of repeated keys.
        // Non-ASCII keys may be canonically equal `String`s, and `Int` keys may be equal numbers
        // ("1", "01"): those are looked up.
        let asciiKeysAreUnique = K.self == String.self && nodes[object].flags & JSONTape.Flags.duplicateKeys == 0
        while member < end {
            let keyNode = member
            member = next(member + 1)
            if !shadowed.isEmpty, shadowed.contains(keyNode) { continue }  // a later occurrence counts
            let name = text(keyNode)
            let key: K
            do {
                key = try makeKey(name, keyNode)
            } catch is DecodingError where lenient {
                // A key that is not a `K` ("x" for `[Int: V]`) loses its member, like a bad value.
                record(.dropped, key: .name(name), rule: "dropped member (key not converted)", DecodingMessages.droppedKey(name, K.self))
                continue
            }
            if !(asciiKeysAreUnique && nodes[keyNode].flags & JSONTape.Flags.ascii != 0), result.index(forKey: key) != nil {
                continue  // repeated key: the first occurrence wins
            }
            let component: PathComponent = K.self == Int.self ? .intKey(unsafeBitCast(key, to: Int.self)) : .name(name)
            if let update {
                try prepareMemberFallback(name, update: update)
                defer { update.next = nil }
                try decodeElement(V.self, node: keyNode + 1, key: component, elementType: elementType) { value in _ = result.updateValue(consume value, forKey: key) }
            } else {
                try decodeElement(V.self, node: keyNode + 1, key: component, elementType: elementType) { value in _ = result.updateValue(consume value, forKey: key) }
            }
        }
        if let update {
            try mergeFallbackMembers(into: &result, update: update, makeKey: makeKey)
        }
        return result
    }

    /// One container element, handed to `store` unless it was dropped (lenient policies,
    /// rejected models). Not `-> E?`: see ``nullValue(_:)`` for what an `E?` costs per call.
    /// Streamed arrays (Streaming/) decode each element through it too, so they drop exactly what
    /// an array decode drops.
    ///
    /// - Parameters:
    ///   - direct: Whether an object node is handed straight to `E(from:)`, as `unwrap` would
    ///     (``decodesObjectsByInit(_:)``, asked once per array).
    @inline(__always)
    func decodeElement<E: Decodable>(_ type: E.Type, node: Int, key: PathComponent, elementType: (any Codable.Type)?,
                                     direct: Bool = false, store: (consuming E) -> Void) throws
    {
        if nodes[node].kind == .null {
            if acceptsNull(E.self) { return store(nullValue(E.self)) }
            if !lenient { throw DecodingMessages.valueNotFound(E.self, path: codingPath(adding: key)) }
            record(.dropped, key: key, rule: "dropped element (null)", DecodingMessages.droppedNull(E.self))
            return
        }
        do {
            if direct, nodes[node].kind == .object {
                store(try descend(into: node, key: key) { try E(from: self) })
            } else {
                store(try unwrap(E.self, node: node, key: key, elementType: elementType))
            }
        } catch let rejection as ModelRejected {
            discardEvents(inside: key)
            record(.rejected, key: key, rule: "hook threw", DecodingMessages.hookThrew(rejection))
            record(.dropped, key: key, rule: "dropped element (rejected)", DecodingMessages.droppedRejected(rejection))
        } catch let error as NotConverted {
            record(.dropped, key: key, rule: "dropped element (not converted)", DecodingMessages.droppedNotConverted(error, E.self))
        } catch let error as DecodingError where lenient && !error.isProgrammerError {
            // The element is thrown away whole: the repairs recorded inside it were never applied.
            let at = codingPath(adding: key)
            report?.removeTrailingEvents(under: pathString(at))
            record(.dropped, key: key, rule: "dropped element (failed)", DecodingMessages.droppedFailed(E.self, error: error, at: at))
        }
    }
}

extension DecodingError {
    /// Errors that say the model or its tables are wrong, not the data: never swallowed.
    var isProgrammerError: Bool {
        if case .dataCorrupted(let context) = self, context.underlyingError is MappingTableError || context.underlyingError is UnknownKeyFound {
            return true
        }
        return false
    }

}

/// What the decoder's element loop asks of an array's element type, found once per type and
/// thread: how to allocate the array without the runtime's metadata lookup
/// (Runtime/ArrayStorage.swift), and whether the dispatch reads the type itself.
final class ArrayElementTypes {
    /// The facts of one element type.
    struct Facts {
        /// How to allocate arrays of the type; nil: the standard library allocates them.
        var layout: ArrayStorage.Layout?
        /// Whether ``DecoderImpl/unwrap(_:node:key:elementType:)`` reads the type itself (a
        /// number, `String`, `Bool`, `Date`, `Data`, `URL`, `Decimal` or `JSONValue`) instead of
        /// calling its `init(from:)`.
        var isReadInPlace: Bool
    }

    private static let perThread = ThreadLocal { ArrayElementTypes() }

    /// This thread's facts.
    @inline(__always)
    static var current: ArrayElementTypes { perThread.current }

    private let slots = DirectMappedSlots<Facts>(count: 32, empty: Facts(layout: nil, isReadInPlace: false))

    private init() {}

    /// The facts of `E`.
    @inline(__always)
    func facts<E>(of type: E.Type) -> Facts {
        let id = UInt(bitPattern: ObjectIdentifier(E.self))
        if let known = slots.value(for: id) { return known }
        return _slowPathFacts(of: E.self, id: id)
    }

    @inline(never)
    private func _slowPathFacts<E>(of type: E.Type, id: UInt) -> Facts {
        let facts = Facts(layout: ArrayStorage.layout(of: E.self), isReadInPlace: Self.isReadInPlace(E.self))
        slots.store(facts, for: id)
        return facts
    }

    /// The types ``DecoderImpl/unwrap(_:node:key:elementType:)`` reads itself (the list at its top).
    private static func isReadInPlace<E>(_ type: E.Type) -> Bool {
        if E.self == String.self || E.self == Int.self || E.self == Double.self || E.self == Bool.self
            || E.self == Int64.self || E.self == UInt64.self || E.self == Float.self || E.self == Int32.self
            || E.self == UInt.self || E.self == Int8.self || E.self == Int16.self || E.self == UInt8.self
            || E.self == UInt16.self || E.self == UInt32.self || E.self == Date.self || E.self == Data.self
            || E.self == URL.self || E.self == Decimal.self || E.self == JSONValue.self { return true }
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            return E.self == Int128.self || E.self == UInt128.self
        }
        return false
    }
}
