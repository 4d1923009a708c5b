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
        let updated = try run(type(of: value), input, at: nil, report: report, update: fallback)
        // A class model with fields is changed in place: other references see the new values.
        if let model = value as? any FieldBackedModel, let new = updated as? any FieldBackedModel, model !== new, try model.adoptFields(of: new) {
            return
        }
        value = updated
    }
}

extension BridgeDecoder {
    // MARK: Decoding

    // Each entry point is one generic function over `some JSONInput` (disfavoured), with a plain
    // `String` and a plain `JSONValue` overload that forward to the same path: they make a string
    // literal JSON text and an array or dictionary literal a `JSONValue` (`JSONInput`).

    /// Decodes a value of `type` from JSON: `Data`, a `String`, bytes (`[UInt8]`, an
    /// `ArraySlice<UInt8>`, a raw buffer) or a ``JSONValue`` tree — any ``JSONInput``.
    ///
    /// ```swift
    /// let books = try BridgeDecoder().decode([Book].self, from: data)
    /// let book = try BridgeDecoder().decode(Book.self, from: Array(body))   // [UInt8]
    /// ```
    ///
    /// Text and bytes are parsed where they are: the decoder borrows the storage of a `Data`, a
    /// string or a byte array while it decodes (raw buffers are copied once).
    ///
    /// - Parameters:
    ///   - type: The type to decode: a model, or `[Model].self`, `[String: Model].self`, ….
    ///   - input: The JSON. Bytes are UTF-8 (with or without a byte order mark), or UTF-16 /
    ///     UTF-32 as `JSONDecoder` accepts it (detected from a byte order mark or the NULs of the
    ///     first bytes, and transcoded to UTF-8 first).
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` with the coding path; `.dataCorrupted` with line and column for
    ///   malformed JSON, or when a tree nests deeper than ``maxDepth``.
    @_disfavoredOverload
    public func decode<T: Decodable, Input: JSONInput>(_ type: T.Type, from input: Input) throws -> T {
        try run(type, input._jsonInput.input, at: nil, report: nil)
    }

    /// Decodes `type` from any ``JSONInput`` and appends every coercion, default, dropped element
    /// and rejected model to `report`.
    ///
    /// ```swift
    /// var report = DecodingReport()
    /// let user = try decoder.decode(User.self, from: data, report: &report)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON.
    ///   - report: Receives the events.
    /// - Returns: The decoded value.
    /// - Throws: As `decode(_:from:)`; the events recorded before an error are kept.
    @_disfavoredOverload
    public func decode<T: Decodable, Input: JSONInput>(_ type: T.Type, from input: Input, report: inout DecodingReport) throws -> T {
        try Self.reporting(into: &report) { try run(type, input._jsonInput.input, at: nil, report: $0) }
    }

    /// Decodes a value of `type` from JSON text (a string literal is JSON text, not a
    /// ``JSONValue`` string).
    ///
    /// ```swift
    /// let book = try BridgeDecoder().decode(Book.self, from: #"{"title": "Dune"}"#)
    /// ```
    public func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        try run(type, .string(json), at: nil, report: nil)
    }

    /// Decodes `type` from JSON text, appending what the decoder changed to `report`.
    public func decode<T: Decodable>(_ type: T.Type, from json: String, report: inout DecodingReport) throws -> T {
        try Self.reporting(into: &report) { try run(type, .string(json), at: nil, report: $0) }
    }

    /// Decodes a value of `type` from a JSON tree (an array or dictionary literal is a tree).
    ///
    /// ```swift
    /// let book = try BridgeDecoder().decode(Book.self, from: ["title": "Dune"])
    /// ```
    ///
    /// - Throws: `DecodingError` with the coding path; `.dataCorrupted` when `value` nests deeper
    ///   than ``maxDepth``.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try run(type, .tree(value), at: nil, report: nil)
    }

    /// Decodes `type` from a JSON tree, appending what the decoder changed to `report`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, report: inout DecodingReport) throws -> T {
        try Self.reporting(into: &report) { try run(type, .tree(value), at: nil, report: $0) }
    }

    /// Decodes a value of `type` from Foundation objects as `JSONSerialization` produces them
    /// (`[String: Any]`, `[Any]`, `NSNumber`, `NSNull`, `String`).
    ///
    /// - Throws: `DecodingError.dataCorrupted` when `object` holds something that is not JSON or
    ///   nests deeper than ``maxDepth``.
    public func decode<T: Decodable>(_ type: T.Type, fromJSONObject object: Any) throws -> T {
        try run(type, .foundation(object), at: nil, report: nil)
    }

    /// Decodes `type` from Foundation objects, appending what the decoder changed to `report`.
    public func decode<T: Decodable>(_ type: T.Type, fromJSONObject object: Any, report: inout DecodingReport) throws -> T {
        try Self.reporting(into: &report) { try run(type, .foundation(object), at: nil, report: $0) }
    }

    /// Decodes the part of the document at `keyPath` (`"data.items"`; numeric segments index
    /// arrays), without decoding the rest. The input is any ``JSONInput``.
    ///
    /// ```swift
    /// let items = try decoder.decode([Item].self, from: data, at: "data.items")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON.
    ///   - keyPath: Dot-separated keys; numeric segments index arrays.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError.keyNotFound` naming the first missing segment.
    @_disfavoredOverload
    public func decode<T: Decodable, Input: JSONInput>(_ type: T.Type, from input: Input, at keyPath: String) throws -> T {
        try run(type, input._jsonInput.input, at: keyPath, report: nil)
    }

    /// Decodes the part of the document at `keyPath`, appending what the decoder changed to
    /// `report` (event paths start at the document's root: `data.items[0].id`).
    @_disfavoredOverload
    public func decode<T: Decodable, Input: JSONInput>(_ type: T.Type, from input: Input, at keyPath: String,
                                                      report: inout DecodingReport) throws -> T
    {
        try Self.reporting(into: &report) { try run(type, input._jsonInput.input, at: keyPath, report: $0) }
    }

    /// Decodes the part of the JSON text at `keyPath`.
    public func decode<T: Decodable>(_ type: T.Type, from json: String, at keyPath: String) throws -> T {
        try run(type, .string(json), at: keyPath, report: nil)
    }

    /// Decodes the part of the JSON text at `keyPath`, appending what the decoder changed to
    /// `report`.
    public func decode<T: Decodable>(_ type: T.Type, from json: String, at keyPath: String, report: inout DecodingReport) throws -> T {
        try Self.reporting(into: &report) { try run(type, .string(json), at: keyPath, report: $0) }
    }

    /// Decodes the part of a JSON tree at `keyPath`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at keyPath: String) throws -> T {
        try run(type, .tree(value), at: keyPath, report: nil)
    }

    /// Decodes the part of a JSON tree at `keyPath`, appending what the decoder changed to
    /// `report`.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at keyPath: String, report: inout DecodingReport) throws -> T {
        try Self.reporting(into: &report) { try run(type, .tree(value), at: keyPath, report: $0) }
    }
}

// `decode(_:from:configuration:)` for `DecodableWithConfiguration`, in both of `JSONDecoder`'s
// forms — a configuration value, and a `DecodingConfigurationProviding` type — for every
// `JSONInput`, each with a `report:` variant. As `JSONDecoder` does, the type's
// `init(from:configuration:)` is called for the whole document; the values it decodes inside
// follow this decoder's options (coercion, strategies, mapping tables).

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension BridgeDecoder {
    /// Decodes a `DecodableWithConfiguration` value, handing `configuration` to its
    /// `init(from:configuration:)`, as `JSONDecoder.decode(_:from:configuration:)`.
    ///
    /// ```swift
    /// let score = try BridgeDecoder().decode(Score.self, from: data, configuration: Score.Scale.percent)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON: `Data`, a `String`, bytes or a ``JSONValue`` — any ``JSONInput``.
    ///   - configuration: Passed to `type`'s `init(from:configuration:)`.
    /// - Returns: The decoded value.
    /// - Throws: As `decode(_:from:)`: `DecodingError` with the coding path;
    ///   `.dataCorrupted` with line and column for malformed JSON.
    @_disfavoredOverload
    public func decode<T: DecodableWithConfiguration, Input: JSONInput>(
        _ type: T.Type, from input: Input, configuration: T.DecodingConfiguration) throws -> T
    {
        try run(type, configuration: configuration, input._jsonInput.input, report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value with `configuration`, appending every
    /// coercion, default and dropped element to `report`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON.
    ///   - configuration: Passed to `type`'s `init(from:configuration:)`.
    ///   - report: Receives the events.
    /// - Returns: The decoded value.
    /// - Throws: As `decode(_:from:configuration:)`; the events recorded before
    ///   an error are kept.
    @_disfavoredOverload
    public func decode<T: DecodableWithConfiguration, Input: JSONInput>(
        _ type: T.Type, from input: Input, configuration: T.DecodingConfiguration, report: inout DecodingReport) throws -> T
    {
        try Self.reporting(into: &report) { try run(type, configuration: configuration, input._jsonInput.input, report: $0) }
    }

    /// Decodes a `DecodableWithConfiguration` value with the configuration `provider` supplies
    /// (its `decodingConfiguration`), as `JSONDecoder.decode(_:from:configuration:)` with a
    /// `DecodingConfigurationProviding` type.
    ///
    /// ```swift
    /// let score = try BridgeDecoder().decode(Score.self, from: data, configuration: PercentScale.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON.
    ///   - provider: The type whose `decodingConfiguration` is passed to `init(from:configuration:)`.
    /// - Returns: The decoded value.
    /// - Throws: As `decode(_:from:configuration:)`.
    @_disfavoredOverload
    public func decode<T, C, Input: JSONInput>(_ type: T.Type, from input: Input, configuration provider: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try run(type, configuration: C.decodingConfiguration, input._jsonInput.input, report: nil)
    }

    /// Decodes with the configuration `provider` supplies, appending what the decoder changed to
    /// `report`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - input: The JSON.
    ///   - provider: The type whose `decodingConfiguration` is passed to `init(from:configuration:)`.
    ///   - report: Receives the events.
    /// - Returns: The decoded value.
    /// - Throws: As `decode(_:from:configuration:)`; the events recorded before
    ///   an error are kept.
    @_disfavoredOverload
    public func decode<T, C, Input: JSONInput>(_ type: T.Type, from input: Input, configuration provider: C.Type,
                                               report: inout DecodingReport) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try Self.reporting(into: &report) { try run(type, configuration: C.decodingConfiguration, input._jsonInput.input, report: $0) }
    }

    // The plain `String` and `JSONValue` forms, for literals (see `JSONInput`).

    /// Decodes a `DecodableWithConfiguration` value from JSON text with `configuration`.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from json: String, configuration: T.DecodingConfiguration) throws -> T {
        try run(type, configuration: configuration, .string(json), report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value from JSON text with `configuration`,
    /// appending what the decoder changed to `report`.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from json: String, configuration: T.DecodingConfiguration,
                                                      report: inout DecodingReport) throws -> T
    {
        try Self.reporting(into: &report) { try run(type, configuration: configuration, .string(json), report: $0) }
    }

    /// Decodes a `DecodableWithConfiguration` value from JSON text with the configuration
    /// `provider` supplies.
    public func decode<T, C>(_ type: T.Type, from json: String, configuration provider: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try run(type, configuration: C.decodingConfiguration, .string(json), report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value from JSON text with the configuration
    /// `provider` supplies, appending what the decoder changed to `report`.
    public func decode<T, C>(_ type: T.Type, from json: String, configuration provider: C.Type, report: inout DecodingReport) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try Self.reporting(into: &report) { try run(type, configuration: C.decodingConfiguration, .string(json), report: $0) }
    }

    /// Decodes a `DecodableWithConfiguration` value from a JSON tree with `configuration`.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from value: JSONValue, configuration: T.DecodingConfiguration) throws -> T {
        try run(type, configuration: configuration, .tree(value), report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value from a JSON tree with `configuration`,
    /// appending what the decoder changed to `report`.
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from value: JSONValue, configuration: T.DecodingConfiguration,
                                                      report: inout DecodingReport) throws -> T
    {
        try Self.reporting(into: &report) { try run(type, configuration: configuration, .tree(value), report: $0) }
    }

    /// Decodes a `DecodableWithConfiguration` value from a JSON tree with the configuration
    /// `provider` supplies.
    public func decode<T, C>(_ type: T.Type, from value: JSONValue, configuration provider: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try run(type, configuration: C.decodingConfiguration, .tree(value), report: nil)
    }

    /// Decodes a `DecodableWithConfiguration` value from a JSON tree with the configuration
    /// `provider` supplies, appending what the decoder changed to `report`.
    public func decode<T, C>(_ type: T.Type, from value: JSONValue, configuration provider: C.Type, report: inout DecodingReport) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try Self.reporting(into: &report) { try run(type, configuration: C.decodingConfiguration, .tree(value), report: $0) }
    }
}
