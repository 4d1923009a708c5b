import Foundation

extension BridgeDecoder {
    /// Decodes a value of `type` from any contiguous bytes — `[UInt8]`, `UnsafeRawBufferPointer`,
    /// `Data` slices, a server framework's buffer view — without first copying them into `Data`.
    ///
    /// A byte array is read where it is (the decoder keeps a reference to it while decoding,
    /// no copy); other kinds of bytes are copied once into the decoder's own buffer and are not
    /// kept. `Data` arguments use the `Data` overload, which behaves the same. The overload is disfavoured, so
    /// an array literal (`decode([Int].self, from: [1, 2])`) is still a ``JSONValue``, as before.
    ///
    /// ```swift
    /// let bytes: [UInt8] = Array(#"{"id": 7}"#.utf8)
    /// let item = try BridgeDecoder().decode(Item.self, from: bytes)
    ///
    /// // A SwiftNIO ByteBuffer, without a copy into Data:
    /// let user = try buffer.withUnsafeReadableBytes { try decoder.decode(User.self, from: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: UTF-8 JSON.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` with the coding path; `.dataCorrupted` with line and column for
    ///   malformed JSON.
    @_disfavoredOverload
    public func decode<T: Decodable, Bytes: ContiguousBytes>(_ type: T.Type, from bytes: Bytes) throws -> T {
        try run(type, .tape(parse(contiguous: bytes)), at: nil, report: nil)
    }

    /// Decodes a value of `type` from contiguous bytes and appends every coercion, default,
    /// dropped element and rejected model to `report`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: UTF-8 JSON.
    ///   - report: Receives the events.
    /// - Returns: The decoded value.
    /// - Throws: As the same call without a report.
    @_disfavoredOverload
    public func decode<T: Decodable, Bytes: ContiguousBytes>(_ type: T.Type, from bytes: Bytes, report: inout DecodingReport) throws -> T {
        try Self.reporting(into: &report) { try run(type, .tape(parse(contiguous: bytes)), at: nil, report: $0) }
    }
}
