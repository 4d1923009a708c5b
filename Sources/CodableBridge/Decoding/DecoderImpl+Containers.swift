import Foundation

extension DecoderImpl {
    /// A JSON array read element by element by a type's own `init(from:)`.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let impl: DecoderImpl
        /// The container's coding path: its node in `impl.pathNodes` (see `PathNode`).
        let pathNode: Int
        /// The node of the next element.
        private var position: Int
        let count: Int?
        private(set) var currentIndex = 0

        /// A container for `array` at the current path, or at `pathNode` for one nested in
        /// another container.
        init(impl: DecoderImpl, array: Int, pathNode: Int? = nil) {
            self.impl = impl
            self.pathNode = pathNode ?? impl.currentPathNode()
            if array == DecoderImpl.missingNode {
                position = 0
                count = 0
            } else {
                position = array + 1
                count = Int(impl.nodes[array].length)
            }
        }

        var codingPath: [any CodingKey] { impl.codingPath(of: pathNode) }
        // safe: every initializer sets count (Optional only because the protocol says so)
        var isAtEnd: Bool { currentIndex >= count! }

        /// Runs `body` with the impl's path at this container's own (see `DecoderImpl.inScope`).
        @inline(__always)
        private func inScope<R>(_ body: () throws -> R) rethrows -> R {
            try impl.inScope(of: pathNode, depth: impl.pathDepth(of: pathNode), body)
        }

        private func atEnd(_ type: Any.Type) -> DecodingError {
            DecodingMessages.unkeyedAtEnd(type, path: impl.codingPath(of: pathNode) + [AnyCodingKey(index: currentIndex)])
        }

        private mutating func advance() {
            position = impl.next(position)
            currentIndex += 1
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd else { throw atEnd(Optional<Any>.self) }
            if impl.nodes[position].kind == .null {
                advance()
                return true
            }
            return false
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if ObjectIdentifier(type) != ObjectIdentifier(T.self) {
                // `type` names a subclass of `T`: decoded as that class (see `DecoderImpl.narrow`).
                func open<Dynamic: Decodable>(_: Dynamic.Type) throws -> any Decodable { try decode(Dynamic.self) }
                let dynamic: any Decodable.Type = type  // a variable: `as` would keep it closed
                return try DecoderImpl.narrow(open(dynamic), to: T.self)
            }
            guard !isAtEnd else { throw atEnd(T.self) }
            let node = position
            let key = PathComponent.index(currentIndex)
            let value: T = try inScope {
                do {
                    if impl.nodes[node].kind == .null, impl.acceptsNull(T.self) { return impl.nullValue(T.self) }
                    return try impl.unwrap(T.self, node: node, key: key)
                } catch let error as NotConverted {
                    return try impl.substitute(T.self, key: key, reason: impl.nodes[node].kind == .null ? .null : .notConverted(error), owner: nil)
                } catch let error as ModelRejected {
                    return try impl.substitute(T.self, key: key, reason: .rejected(error), owner: nil)
                }
            }
            advance()
            return value
        }

        /// `nil` at the end, as `JSONDecoder` (and the scalar overloads) answer.
        mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
            if isAtEnd { return nil }
            if try decodeNil() { return nil }
            let node = position
            let key = PathComponent.index(currentIndex)
            do {
                return try decode(type)
            } catch let error as DecodingError where impl.lenient && !error.isProgrammerError {
                // The element's own `init(from:)` threw: nil, reported (lenient policies).
                advance()
                return try inScope { try impl.absorbIntoNil(error, T.self, node: node, key: key) }
            }
        }

        // The standard library's default `decode` for the 128-bit integers throws ("not
        // supported"); these route them through the generic path above, which reads them like any
        // integer. (Its default `decodeIfPresent` calls `decodeNil()` and these.)
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeElement(Int128.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeElement(UInt128.self) }

        private mutating func decodeElement<T: Decodable>(_ type: T.Type) throws -> T { try decode(T.self) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            guard !isAtEnd else { throw atEnd(KeyedDecodingContainer<NestedKey>.self) }
            let node = position
            let key = PathComponent.index(currentIndex)
            guard impl.nodes[node].kind == .object else {
                throw inScope { impl.mismatch([String: Any].self, node: node, key: key) }
            }
            advance()
            return KeyedDecodingContainer(KeyedContainer<NestedKey>(impl: impl, object: node, meta: nil, nestedNode: impl.appendPathNode(parent: pathNode, key)))
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard !isAtEnd else { throw atEnd(UnkeyedDecodingContainer.self) }
            let node = position
            let key = PathComponent.index(currentIndex)
            guard impl.nodes[node].kind == .array else {
                throw inScope { impl.mismatch([Any].self, node: node, key: key) }
            }
            advance()
            return UnkeyedContainer(impl: impl, array: node, pathNode: impl.appendPathNode(parent: pathNode, key))
        }

        mutating func superDecoder() throws -> any Decoder {
            guard !isAtEnd else { throw atEnd(Decoder.self) }
            let node = position
            let childPath = impl.pathComponents(of: pathNode) + [.index(currentIndex)]
            advance()
            return DecoderImpl(tape: impl.tape, options: impl.options, report: impl.report, path: childPath, current: node)
        }
    }

    /// The current value, read as one scalar or value.
    struct SingleValueContainer: SingleValueDecodingContainer {
        let impl: DecoderImpl
        let node: Int

        var codingPath: [any CodingKey] { impl.codingPath }

        func decodeNil() -> Bool {
            node == DecoderImpl.missingNode || impl.nodes[node].kind == .null
        }

        func decode(_ type: Bool.Type) throws -> Bool { try impl.unwrapBool(node, nil) }
        func decode(_ type: String.Type) throws -> String { try impl.unwrapString(node, nil) }
        func decode(_ type: Double.Type) throws -> Double { try impl.unwrapFloatingPoint(node, nil, as: Double.self) }
        func decode(_ type: Float.Type) throws -> Float { try impl.unwrapFloatingPoint(node, nil, as: Float.self) }
        func decode(_ type: Int.Type) throws -> Int { try impl.unwrapInteger(node, nil, as: Int.self) }
        func decode(_ type: Int8.Type) throws -> Int8 { try impl.unwrapInteger(node, nil, as: Int8.self) }
        func decode(_ type: Int16.Type) throws -> Int16 { try impl.unwrapInteger(node, nil, as: Int16.self) }
        func decode(_ type: Int32.Type) throws -> Int32 { try impl.unwrapInteger(node, nil, as: Int32.self) }
        func decode(_ type: Int64.Type) throws -> Int64 { try impl.unwrapInteger(node, nil, as: Int64.self) }
        func decode(_ type: UInt.Type) throws -> UInt { try impl.unwrapInteger(node, nil, as: UInt.self) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try impl.unwrapInteger(node, nil, as: UInt8.self) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try impl.unwrapInteger(node, nil, as: UInt16.self) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try impl.unwrapInteger(node, nil, as: UInt32.self) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try impl.unwrapInteger(node, nil, as: UInt64.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: Int128.Type) throws -> Int128 { try impl.unwrapInteger(node, nil, as: Int128.self) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: UInt128.Type) throws -> UInt128 { try impl.unwrapInteger(node, nil, as: UInt128.self) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if ObjectIdentifier(type) != ObjectIdentifier(T.self) {
                func open<Dynamic: Decodable>(_: Dynamic.Type) throws -> any Decodable { try decode(Dynamic.self) }
                let dynamic: any Decodable.Type = type  // a variable: `as` would keep it closed
                return try DecoderImpl.narrow(open(dynamic), to: T.self)
            }
            if node != DecoderImpl.missingNode, impl.nodes[node].kind == .null, impl.acceptsNull(T.self) { return impl.nullValue(T.self) }
            // A value of another type at the same level: no new path component, same node.
            return try impl.unwrap(T.self, node: node, key: nil)
        }
    }
}
