import Foundation

// Value transforms (`MappableCodable.valueTransforms`) replace the usual decoding of a property.
// The keyed container's common property paths (`decodeRequired` / `decodeOptional`, and
// `update(_:from:)`'s fallback) ask `transform(for:_:)` first; a transform that throws is a
// not-converted value (lenient) or a `dataCorrupted` error (strict), so defaults, nil and the
// report follow exactly as for any other unconverted value.

extension DecoderImpl.KeyedContainer {
    /// The transform for the property `key`, checked against the type its decode asks for (a
    /// mismatch is a table error); `nil` when the property has none.
    @inline(__always)
    func transform<T>(for key: Key, _ type: T.Type) throws -> JSONTransform? {
        guard let meta, meta.hasTransforms, let transform = meta.transforms[key.stringValue] else { return nil }
        guard transform.valueType == T.self else {
            throw DecodingMessages.mappingTable(.transformTypeMismatch(meta.typeName, property: key.stringValue, transform: transform.name,
                                                                       valueType: transform.valueType, propertyType: T.self),
                                                path: inScope { impl.codingPath(adding: .key(key)) })
        }
        return transform
    }
}

extension DecoderImpl {
    /// The value `transform` makes of the JSON value at `node`.
    ///
    /// - Throws: `NotConverted` (lenient) or `DecodingError.dataCorrupted` naming the transform
    ///   (strict) when the transform throws; a null under `.strict` is `valueNotFound`.
    func decodeTransformed<T>(_ transform: JSONTransform, _ type: T.Type, node: Int, key: PathComponent?) throws -> T {
        let value: Any
        do {
            value = try transform.decodeValue(tape.value(at: node))
        } catch {
            let reason = DecodingMessages.transformThrew(transform.name, error)
            if lenient { throw NotConverted(expected: T.self, found: found(node), reason: reason) }
            if nodes[node].kind == .null { throw mismatch(T.self, node: node, key: key) }
            throw DecodingMessages.transformFailed(transform.name, found: found(node), error: error, path: codingPath(adding: key))
        }
        // safe: `transform(for:_:)` checked that the transform's value type is T
        return value as! T
    }
}
