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

extension BridgeDecoder {
    /// Sets the properties of `value` that `input` holds and keeps every other property as it is
    /// (YYModel's `yy_modelSetWithJSON:`): absent keys keep their current values, nested objects
    /// merge into the current nested models and dictionaries, arrays are replaced.
    ///
    /// The patch is decoded with this decoder's options and mapping, model by model. A property
    /// the patch does not set keeps its current value exactly — the value itself, never re-encoded,
    /// so sub-second dates, `Data`, `Decimal`, NaN payloads and properties that share one JSON key
    /// survive whatever the strategies. A value that is present but not converted, or a model a
    /// hook rejects, also keeps the current value (reported as `.defaulted` with `kept the current
    /// value`); under `.strict` it is an error, and `value` is left unchanged. An explicit `null`
    /// sets an optional to `nil`.
    ///
    /// ```swift
    /// var user = try decoder.decode(User.self, from: full)
    /// try decoder.update(&user, from: Data(#"{"name": "Ada"}"#.utf8))   // only name changes
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to update; unchanged when the call throws.
    ///   - input: The patch: `Data`, a `String`, bytes or a ``JSONValue`` (any ``JSONInput``).
    /// - Throws: `DecodingError` as `decode(_:from:)` does, or what `value`'s
    ///   `encode(to:)` throws (it is called once to capture the current values).
    @_disfavoredOverload
    public func update<T: Codable, Input: JSONInput>(_ value: inout T, from input: Input) throws {
        try update(&value, input._jsonInput.input, report: nil)
    }

    /// Updates `value` from the patch `input` and appends what the decoder changed — coercions,
    /// defaults, properties that kept their current value — to `report`.
    ///
    /// ```swift
    /// var report = DecodingReport()
    /// try decoder.update(&user, from: Data(#"{"age": "old"}"#.utf8), report: &report)
    /// // age: defaulted: a string ("old") not converted (…); kept the current value
    /// ```
    @_disfavoredOverload
    public func update<T: Codable, Input: JSONInput>(_ value: inout T, from input: Input, report: inout DecodingReport) throws {
        try Self.reporting(into: &report) { try update(&value, input._jsonInput.input, report: $0) }
    }

    /// Updates `value` from a patch in JSON text (a string literal is JSON text).
    public func update<T: Codable>(_ value: inout T, from json: String) throws {
        try update(&value, .string(json), report: nil)
    }

    /// Updates `value` from a patch in JSON text, appending what the decoder changed to `report`.
    public func update<T: Codable>(_ value: inout T, from json: String, report: inout DecodingReport) throws {
        try Self.reporting(into: &report) { try update(&value, .string(json), report: $0) }
    }

    /// Updates `value` from a patch given as a JSON tree (an array or dictionary literal is a
    /// tree).
    public func update<T: Codable>(_ value: inout T, from patch: JSONValue) throws {
        try update(&value, .tree(patch), report: nil)
    }

    /// Updates `value` from a JSON tree, appending what the decoder changed to `report`.
    public func update<T: Codable>(_ value: inout T, from patch: JSONValue, report: inout DecodingReport) throws {
        try Self.reporting(into: &report) { try update(&value, .tree(patch), report: $0) }
    }

    /// Updates `value` from a patch given as Foundation objects (`[String: Any]`), as YYModel's
    /// `yy_modelSetWithDictionary:`.
    public func update<T: Codable>(_ value: inout T, fromJSONObject object: Any) throws {
        try update(&value, .foundation(object), report: nil)
    }

    /// Updates `value` from Foundation objects, appending what the decoder changed to `report`.
    public func update<T: Codable>(_ value: inout T, fromJSONObject object: Any, report: inout DecodingReport) throws {
        try Self.reporting(into: &report) { try update(&value, .foundation(object), report: $0) }
    }

    /// The one update path: snapshot the current value, then decode the patch over it.
    private func update<T: Codable>(_ value: inout T, _ input: Input, report: ReportCollector?) throws {
        let fallback = UpdateFallback(root: try ValueSnapshot.of(value))
        // The value's own class when it is a subclass of `T` (a metatype value is honoured).
        value = try run(type(of: value), input, at: nil, report: report, update: fallback)
    }
}

// Call-site sugar in YYModel's spirit (`yy_modelWithJSON`, …): the model type decodes itself
// (the encoding half: `Encoding/MappableCodable+Encoding.swift`). Each takes an optional
// configured coder, so the options stay on values, never in global state. Like the decoder's own
// entry points, each takes any `JSONInput` (one generic function, with plain `String` and
// `JSONValue` overloads for literals; see `JSONInput`), with or without a report.

extension MappableCodable {
    /// Decodes a model from JSON — `Data`, a `String`, bytes or a ``JSONValue`` (any
    /// ``JSONInput``) — as YYModel's `yy_modelWithJSON:`.
    ///
    /// ```swift
    /// let book = try Book.decode(from: data)
    /// let same = try Book.decode(from: #"{"title": "Dune"}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - input: The JSON.
    ///   - decoder: The decoder to use. Defaults to `BridgeDecoder()` (lenient).
    /// - Returns: The model.
    /// - Throws: `DecodingError` with the coding path.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: input)
    }

    /// Decodes a model from any ``JSONInput``, appending what the decoder changed to `report`.
    ///
    /// ```swift
    /// var report = DecodingReport()
    /// let book = try Book.decode(from: data, report: &report)
    /// ```
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder(),
                                                report: inout DecodingReport) throws -> Self
    {
        try decoder.decode(Self.self, from: input, report: &report)
    }

    /// Decodes a model from JSON text.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: json)
    }

    /// Decodes a model from JSON text, appending what the decoder changed to `report`.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws -> Self {
        try decoder.decode(Self.self, from: json, report: &report)
    }

    /// Decodes a model from a JSON tree.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, from: value)
    }

    /// Decodes a model from a JSON tree, appending what the decoder changed to `report`.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws -> Self {
        try decoder.decode(Self.self, from: value, report: &report)
    }

    /// Decodes a model from Foundation objects (`[String: Any]`), as YYModel's
    /// `yy_modelWithDictionary:`.
    public static func decode(fromJSONObject object: Any, using decoder: BridgeDecoder = BridgeDecoder()) throws -> Self {
        try decoder.decode(Self.self, fromJSONObject: object)
    }

    /// Overwrites the properties present in `input`, keeping the others (YYModel's
    /// `yy_modelSetWithJSON:`). See `BridgeDecoder.update(_:from:)`.
    ///
    /// ```swift
    /// try book.update(from: #"{"title": "Dune Messiah"}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - input: The patch: any ``JSONInput``.
    ///   - decoder: The decoder to use. Defaults to `BridgeDecoder()` (lenient).
    /// - Throws: As `BridgeDecoder.update(_:from:)`; the model is unchanged when it throws.
    @_disfavoredOverload
    public mutating func update<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder()) throws {
        try decoder.update(&self, from: input)
    }

    /// Overwrites the properties present in `input`, appending what the decoder changed to
    /// `report`.
    @_disfavoredOverload
    public mutating func update<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder(),
                                                  report: inout DecodingReport) throws
    {
        try decoder.update(&self, from: input, report: &report)
    }

    /// Overwrites the properties present in the JSON text `json`, keeping the others.
    public mutating func update(from json: String, using decoder: BridgeDecoder = BridgeDecoder()) throws {
        try decoder.update(&self, from: json)
    }

    /// Overwrites the properties present in `json`, appending what the decoder changed to `report`.
    public mutating func update(from json: String, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws {
        try decoder.update(&self, from: json, report: &report)
    }

    /// Overwrites the properties present in the JSON tree `patch`, keeping the others.
    public mutating func update(from patch: JSONValue, using decoder: BridgeDecoder = BridgeDecoder()) throws {
        try decoder.update(&self, from: patch)
    }

    /// Overwrites the properties present in `patch`, appending what the decoder changed to
    /// `report`.
    public mutating func update(from patch: JSONValue, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws {
        try decoder.update(&self, from: patch, report: &report)
    }
}

extension Array where Element: MappableCodable {
    /// Decodes an array of models from a JSON array (YYModel's `yy_modelArrayWithClass:json:`);
    /// the input is any ``JSONInput``.
    ///
    /// ```swift
    /// let books = try [Book].decode(from: #"[{"title": "Dune"}]"#)
    /// ```
    ///
    /// - Parameters:
    ///   - input: The JSON array.
    ///   - decoder: The decoder to use. Defaults to `BridgeDecoder()` (lenient).
    /// - Returns: The models.
    /// - Throws: `DecodingError` with the coding path.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [Element] {
        try decoder.decode([Element].self, from: input)
    }

    /// Decodes an array of models from any ``JSONInput``, appending what the decoder changed to
    /// `report`.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder(),
                                                report: inout DecodingReport) throws -> [Element]
    {
        try decoder.decode([Element].self, from: input, report: &report)
    }

    /// Decodes an array of models from JSON text.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [Element] {
        try decoder.decode([Element].self, from: json)
    }

    /// Decodes an array of models from JSON text, appending what the decoder changed to `report`.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder(), report: inout DecodingReport) throws -> [Element] {
        try decoder.decode([Element].self, from: json, report: &report)
    }

    /// Decodes an array of models from a JSON tree.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [Element] {
        try decoder.decode([Element].self, from: value)
    }

    /// Decodes an array of models from a JSON tree, appending what the decoder changed to `report`.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder(),
                              report: inout DecodingReport) throws -> [Element]
    {
        try decoder.decode([Element].self, from: value, report: &report)
    }
}

extension Dictionary where Key == String, Value: MappableCodable {
    /// Decodes a dictionary of models from a JSON object (YYModel's
    /// `yy_modelDictionaryWithClass:json:`); the input is any ``JSONInput``.
    ///
    /// ```swift
    /// let shelf = try [String: Book].decode(from: Array(#"{"a": {"title": "Dune"}}"#.utf8))
    /// ```
    ///
    /// - Parameters:
    ///   - input: The JSON object.
    ///   - decoder: The decoder to use. Defaults to `BridgeDecoder()` (lenient).
    /// - Returns: The models by key.
    /// - Throws: `DecodingError` with the coding path.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [String: Value] {
        try decoder.decode([String: Value].self, from: input)
    }

    /// Decodes a dictionary of models from any ``JSONInput``, appending what the decoder changed
    /// to `report`.
    @_disfavoredOverload
    public static func decode<Input: JSONInput>(from input: Input, using decoder: BridgeDecoder = BridgeDecoder(),
                                                report: inout DecodingReport) throws -> [String: Value]
    {
        try decoder.decode([String: Value].self, from: input, report: &report)
    }

    /// Decodes a dictionary of models from JSON text.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [String: Value] {
        try decoder.decode([String: Value].self, from: json)
    }

    /// Decodes a dictionary of models from JSON text, appending what the decoder changed to
    /// `report`.
    public static func decode(from json: String, using decoder: BridgeDecoder = BridgeDecoder(),
                              report: inout DecodingReport) throws -> [String: Value]
    {
        try decoder.decode([String: Value].self, from: json, report: &report)
    }

    /// Decodes a dictionary of models from a JSON tree.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder()) throws -> [String: Value] {
        try decoder.decode([String: Value].self, from: value)
    }

    /// Decodes a dictionary of models from a JSON tree, appending what the decoder changed to
    /// `report`.
    public static func decode(from value: JSONValue, using decoder: BridgeDecoder = BridgeDecoder(),
                              report: inout DecodingReport) throws -> [String: Value]
    {
        try decoder.decode([String: Value].self, from: value, report: &report)
    }
}
