/// A value the coercion policy would not convert; the caller treats it as missing (lenient) —
/// never escapes the decoder. `found` and `reason` are message text from ``DecodingMessages``.
struct NotConverted: Error {
    let expected: Any.Type
    let found: String
    let reason: String
}

/// A model hook threw: the model is rejected. Handled at the nearest property or element.
struct ModelRejected: Error {
    let typeName: String
    let hook: String
    let underlying: any Error
}
