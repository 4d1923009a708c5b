import Foundation

// The inputs every decoding entry point accepts, and how each becomes a parsed document.
//
//     input                               read as                       the tape's text
//     Data                                bytes (UTF-8, -16 or -32)     borrowed from the Data
//     String, Substring                   UTF-8                         borrowed from the string
//     [UInt8], ArraySlice<UInt8>,         bytes (UTF-8, -16 or -32)     borrowed from the array
//       ContiguousArray<UInt8>
//     Unsafe(Mutable)RawBufferPointer,    bytes (UTF-8, -16 or -32)     copied (the pointer is
//       Unsafe(Mutable)BufferPointer<UInt8>                                only lent for the call)
//     any other ContiguousBytes type      bytes                         copied
//       that adopts JSONInput
//     JSONValue                           a tree                        the tree's own tape
//
// The entry points (`decode(_:from:)`, `decode(_:from:at:)`, `update(_:from:)` and the model
// helpers) are each one generic function over `some JSONInput`, disfavoured, beside two plain
// overloads for `String` and `JSONValue` that forward to it. The plain ones are there for
// literals: a string literal is a `String` (not a `JSONValue` string), and an array or
// dictionary literal is a `JSONValue` (an array literal would otherwise become `[UInt8]`, and
// a dictionary literal would fit no generic parameter at all).

/// JSON that the decoding entry points read: `Data`, `String`, `Substring`, byte arrays and
/// buffers, or a ``JSONValue`` tree.
///
/// Every entry point — `BridgeDecoder.decode(_:from:)`, `decode(_:from:at:)`,
/// `update(_:from:)` and the model helpers (`Book.decode(from:)`, `[Book].decode(from:)`,
/// `[String: Book].decode(from:)`, `book.update(from:)`) — takes any of them, with or without a
/// `report:`. Text and bytes are parsed in place: the decoder borrows the storage of a `Data`,
/// a string or a byte array instead of copying it (raw buffers, which are only lent for the
/// call, are copied). Bytes may be UTF-8, UTF-16 or UTF-32, as `JSONDecoder` accepts them.
///
/// ```swift
/// let decoder = BridgeDecoder()
/// let a = try decoder.decode(Book.self, from: data)                      // Data
/// let b = try decoder.decode(Book.self, from: #"{"title": "Dune"}"#)     // String
/// let c = try decoder.decode(Book.self, from: Array(data))               // [UInt8]
/// let d = try decoder.decode(Book.self, from: ["title": "Dune"])         // JSONValue
/// let books = try [Book].decode(from: text)                              // the model helpers too
/// ```
///
/// Another `ContiguousBytes` type adopts the protocol with an empty extension
/// (`extension MyBuffer: JSONInput {}`): its bytes are copied once, as a raw buffer's are. Only
/// the library implements the requirement itself.
public protocol JSONInput {
    /// How the decoder reads this input. An implementation detail of the library's conformances
    /// (the type has no public members); a `ContiguousBytes` type gets it by default.
    var _jsonInput: _JSONInputReading { get }
}

/// How the decoder reads a ``JSONInput``: an implementation detail without public members.
public struct _JSONInputReading {
    let input: BridgeDecoder.Input
}

extension JSONInput where Self: ContiguousBytes {
    /// Bytes copied once into the decoder's buffer.
    public var _jsonInput: _JSONInputReading { _JSONInputReading(input: .copiedBytes(self)) }
}

extension Data: JSONInput {
    /// The bytes, borrowed.
    public var _jsonInput: _JSONInputReading { _JSONInputReading(input: .data(self)) }
}

extension String: JSONInput {
    /// The UTF-8, borrowed.
    public var _jsonInput: _JSONInputReading { _JSONInputReading(input: .string(self)) }
}

extension Substring: JSONInput {
    /// The UTF-8, borrowed from the base string.
    public var _jsonInput: _JSONInputReading { _JSONInputReading(input: .substring(self)) }
}

extension Array: JSONInput where Element == UInt8 {
    /// The bytes, borrowed.
    public var _jsonInput: _JSONInputReading { _JSONInputReading(input: .byteArray(self)) }
}

extension ArraySlice: JSONInput where Element == UInt8 {
    /// The bytes, borrowed from the array.
    public var _jsonInput: _JSONInputReading { _JSONInputReading(input: .ownedBytes(self)) }
}

extension ContiguousArray: JSONInput where Element == UInt8 {
    /// The bytes, borrowed.
    public var _jsonInput: _JSONInputReading { _JSONInputReading(input: .ownedBytes(self)) }
}

extension UnsafeRawBufferPointer: JSONInput {}
extension UnsafeMutableRawBufferPointer: JSONInput {}
extension UnsafeBufferPointer: JSONInput where Element == UInt8 {}
extension UnsafeMutableBufferPointer: JSONInput where Element == UInt8 {}

extension JSONValue: JSONInput {
    /// The tree, read without printing it.
    public var _jsonInput: _JSONInputReading { _JSONInputReading(input: .tree(self)) }
}
