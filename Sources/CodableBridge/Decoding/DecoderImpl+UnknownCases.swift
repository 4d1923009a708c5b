import Foundation

extension DecoderImpl {
    /// Decodes an ``UnknownCaseRepresentable`` enum from its raw value: a raw value that is no case
    /// gives `unknownCase`, under every policy, reported as `.defaulted` with the raw value. A raw
    /// value of the wrong kind is a mismatch like any other (then the property's default, or the
    /// error under `.strict`).
    func decodeUnknownCaseEnum<T: Decodable>(_ type: T.Type, _ enumType: any UnknownCaseRepresentable.Type, node: Int,
                                             key: PathComponent?) throws -> T
    {
        func open<E: UnknownCaseRepresentable>(_ e: E.Type) throws -> T {
            guard let rawType = E.RawValue.self as? any Decodable.Type else {
                return try descend(into: node, key: key) { try T(from: self) }
            }
            func decodeRaw<R: Decodable>(_ r: R.Type) throws -> Any { try unwrap(R.self, node: node, key: key) }
            // safe: decodeRaw decoded a value of E.RawValue's type
            let raw = try decodeRaw(rawType) as! E.RawValue
            if let value = E(rawValue: raw) {
                // safe: E is T (classify(T.self) found T to be this enum type)
                return value as! T
            }
            record(.defaulted, key: key, DecodingMessages.usedUnknownCase(raw: DecodingMessages.value(raw), type: E.self,
                                                                         value: String(describing: E.unknownCase)))
            // safe: E is T, as above
            return E.unknownCase as! T
        }
        return try open(enumType)
    }
}
