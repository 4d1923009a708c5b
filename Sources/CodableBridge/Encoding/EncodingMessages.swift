import Foundation

// The one place `BridgeEncoder`'s error wording lives (the decoder's: `Decoding/DecodingMessages.swift`).
// Every error says where (the coding path is in the context, spelt by `pathString`), what was
// found, and how to fix it.

extension EncodingError {
    /// NaN or infinity under `nonConformingFloatEncodingStrategy = .throw`.
    static func nonConformingFloat<F: BinaryFloatingPoint>(_ value: F, codingPath: [any CodingKey]) -> EncodingError {
        let name = value.isNaN ? "nan" : (value < 0 ? "-infinity" : "infinity")
        return .invalidValue(value, .init(
            codingPath: codingPath,
            debugDescription: "Unable to encode \(F.self).\(name) directly in JSON at \(place(codingPath)). "
                + "Set nonConformingFloatEncodingStrategy to .convertToString(positiveInfinity:negativeInfinity:nan:) "
                + "to write it as a string."))
    }

    /// A date the `.iso8601` strategy cannot write (non-finite, or beyond the year 99999). The
    /// error's value is the date's `timeIntervalSince1970` (describing such a `Date` traps).
    static func dateOutOfRange(_ date: Date, codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(date.timeIntervalSince1970, .init(
            codingPath: codingPath,
            debugDescription: "Unable to write the date \(date.timeIntervalSince1970) seconds since 1970 at "
                + "\(place(codingPath)) as ISO 8601: years -99999 through 99999 are supported. "
                + "Use .secondsSince1970 or a .custom dateEncodingStrategy for such dates."))
    }

    /// A second value encoded through one single-value container.
    static func valueAlreadyEncoded(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(value, .init(
            codingPath: codingPath,
            debugDescription: "A value was already encoded at \(place(codingPath)); a single-value container "
                + "holds one value. Encode once, or use a keyed or unkeyed container."))
    }

    /// A model's `didEncode(into:)` threw.
    static func didEncodeFailed(_ model: Any, type: Any.Type, codingPath: [any CodingKey], error: any Error) -> EncodingError {
        .invalidValue(model, .init(
            codingPath: codingPath,
            debugDescription: "\(type).didEncode(into:) threw at \(place(codingPath)): \(error)",
            underlyingError: error))
    }

    /// A model whose mapping tables are invalid; the ``MappingTableError`` is the underlying error.
    static func invalidMappingTable(_ model: Any, codingPath: [any CodingKey], error: MappingTableError) -> EncodingError {
        .invalidValue(model, .init(codingPath: codingPath, debugDescription: error.description, underlyingError: error))
    }

    /// A value transform threw while encoding.
    static func transformFailed(_ value: Any, transform: String, codingPath: [any CodingKey], error: any Error) -> EncodingError {
        .invalidValue(value, .init(
            codingPath: codingPath,
            debugDescription: "The transform \(transform) could not write the value at \(place(codingPath)): \(error)",
            underlyingError: error))
    }

    /// An enum whose synthesised form cannot be written in its `enumTagging` style.
    static func badTaggedEnum(_ value: Any, type: Any.Type, tagging: EnumTagging, problem: EnumTagging.Problem,
                              codingPath: [any CodingKey]) -> EncodingError
    {
        let what: String
        switch problem {
        case .contentNotAnObject(let tag): what = "case \"\(tag)\" did not encode its associated values as an object"
        case .contentHasTagKey(let tag, let tagKey):
            what = "case \"\(tag)\" has an associated value named \"\(tagKey)\", the tag key; choose another tagKey or use .adjacent"
        case .notOneCase, .notAnObject, .missingTag, .tagNotAString: what = "its encode(to:) did not write one case as Swift synthesises it"
        }
        return .invalidValue(value, .init(codingPath: codingPath, debugDescription: "Unable to encode \(type) with enumTagging \(tagging) at \(place(codingPath)): \(what)."))
    }

    /// A value nested deeper than ``BridgeEncoder/maxDepth`` — usually a cyclic object graph.
    static func tooDeep(_ value: Any, maxDepth: Int, codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(value, .init(
            codingPath: codingPath,
            debugDescription: "Unable to encode \(type(of: value)) at \(place(codingPath)): it is nested deeper than "
                + "maxDepth (\(maxDepth)) arrays and objects. A cycle in an object graph (a.next = b; b.next = a) "
                + "nests without end; break it, or raise BridgeEncoder.maxDepth for a value that is really this deep."))
    }

    /// A flattened property (`JSONKey.flatten`) whose value did not encode as an object.
    static func flattenedNotAnObject(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(value, .init(
            codingPath: codingPath,
            debugDescription: "Unable to flatten \(type(of: value)) into the object at \(place(codingPath)): it did not encode as an "
                + "object, so it has no keys to write there. Map the property to a key instead of .flatten."))
    }

    /// A value that encoded nothing at the top level.
    static func encodedNothing<T>(_ value: T) -> EncodingError {
        .invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }

    /// A coding path as `users[2].address.zip` (`pathString`), or `the top level` for the root.
    static func place(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : pathString(codingPath)
    }
}

/// The encoder's wording that is not an `EncodingError`.
enum EncodingMessages {
    /// The message of the trap for a container asked for where a different value was already
    /// encoded (a programming error, as in `JSONEncoder`).
    static func containerMismatch(keyed: Bool, at codingPath: [any CodingKey]) -> String {
        "Attempt to push a new \(keyed ? "keyed" : "unkeyed") encoding container at \(EncodingError.place(codingPath)), where a different value was already encoded."
    }
}
