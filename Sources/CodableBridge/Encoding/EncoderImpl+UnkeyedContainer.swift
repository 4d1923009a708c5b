import Foundation

extension EncoderImpl {
    /// Appends the elements of one array.
    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let impl: EncoderImpl
        /// The array node.
        let array: Int32

        var codingPath: [any CodingKey] { impl.tree.codingPath(of: array) }

        /// The number of elements encoded so far.
        var count: Int { Int(impl.tree[array].payload) }

        private func append(_ kind: EncodedTree.Kind, _ payload: UInt64) {
            impl.tree.set(impl.tree.appendElement(to: array), kind, payload)
        }

        mutating func encodeNil() throws { append(.null, 0) }
        mutating func encode(_ value: Bool) throws { append(.bool, value ? 1 : 0) }
        mutating func encode(_ value: Int) throws { append(.int, UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int8) throws { append(.int, UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int16) throws { append(.int, UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int32) throws { append(.int, UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int64) throws { append(.int, UInt64(bitPattern: value)) }
        mutating func encode(_ value: UInt) throws { append(.uint, UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { append(.uint, UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { append(.uint, UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { append(.uint, UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { append(.uint, value) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128) throws { appendText(String(value)) }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128) throws { appendText(String(value)) }

        private func appendText(_ text: String) {
            append(.numberText, UInt64(truncatingIfNeeded: impl.tree.appendString(text)))
        }

        mutating func encode(_ value: String) throws {
            impl.tree.setString(impl.tree.appendElement(to: array), value)
        }

        mutating func encode(_ value: Double) throws { try encodeElement(value) }
        mutating func encode(_ value: Float) throws { try encodeElement(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encodeElement(value) }

        /// Encodes `value` into a new element; on failure the element is dropped again.
        private func encodeElement<T: Encodable>(_ value: T) throws {
            let node = impl.tree.appendElement(to: array)
            do {
                try impl.encode(value, into: node)
            } catch {
                impl.tree.discard(node)
                throw error
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            impl.keyedContainer(keyedBy: keyType, at: impl.tree.appendElement(to: array), map: nil)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            impl.unkeyedContainer(at: impl.tree.appendElement(to: array))
        }

        /// An encoder for the superclass, writing into the next element.
        mutating func superEncoder() -> any Encoder {
            NodeEncoder(impl: impl, node: impl.tree.appendElement(to: array), map: nil)
        }
    }
}
