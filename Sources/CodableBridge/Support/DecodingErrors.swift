import Foundation

// The one place the decoder's error wording lives. Every message says where (the coding path is in
// the context), what was found, what was expected and, where useful, how to fix it.

/// A value the coercion policy would not convert; the caller treats it as missing (lenient) —
/// never escapes the decoder.
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

enum DecodingErrors {
    /// A tree (`JSONValue`, Foundation objects) nests deeper than the decoder's `maxDepth`.
    static func nestingTooDeep(maxDepth: Int, codingPath: [any CodingKey] = []) -> DecodingError {
        .dataCorrupted(DecodingError.Context(
            codingPath: codingPath,
            debugDescription: "The value nests deeper than \(maxDepth) levels (the limit is set by maxDepth)."))
    }

    /// A short description of the node at `index` for messages: `a string ("abc")`, `a number (12.5)`.
    static func describe(_ tape: DecoderImpl, _ index: Int) -> String {
        guard index >= 0 else { return "nothing" }
        let node = tape.nodes[index]
        switch node.kind {
        case .null: return "null"
        case .true: return "a Boolean (true)"
        case .false: return "a Boolean (false)"
        case .number: return "a number (\(tape.text(index)))"
        case .string:
            let text = tape.text(index)
            return "a string (\"\(text.count > 40 ? text.prefix(40) + "…" : text)\")"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Foundation's wording for the kind of a node, used in type-mismatch messages.
    static func kindName(_ kind: JSONTape.Kind) -> String {
        switch kind {
        case .null: "null"
        case .true, .false: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "dictionary"
        }
    }

    static func typeMismatch(_ type: Any.Type, found: String, path: [any CodingKey], hint: String = "") -> DecodingError {
        .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead.\(hint)"))
    }

    static func valueNotFound(_ type: Any.Type, path: [any CodingKey], detail: String? = nil) -> DecodingError {
        .valueNotFound(type, .init(codingPath: path, debugDescription: detail ?? "Cannot get \(type) -- found null value instead"))
    }

    static func keyNotFound(_ key: any CodingKey, path: [any CodingKey], tried: [String]? = nil) -> DecodingError {
        var message = "No value associated with key \(key) (\"\(key.stringValue)\")."
        if let tried, !tried.isEmpty, tried != [key.stringValue] {
            message += " Tried \(tried.map { "\"\($0)\"" }.joined(separator: ", ")) in that order."
        }
        return .keyNotFound(key, .init(codingPath: path, debugDescription: message))
    }

    static func dataCorrupted(path: [any CodingKey], _ message: String, underlying: (any Error)? = nil) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: message, underlyingError: underlying))
    }

    static func numberDoesNotFit(_ text: String, _ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, "Parsed JSON number <\(text)> does not fit in \(type).")
    }

    static func mappingTable(_ error: MappingTableError, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, error.description, underlying: error)
    }

    static func rejected(_ rejection: ModelRejected, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, "\(rejection.typeName).\(rejection.hook) rejected the model: \(rejection.underlying)", underlying: rejection.underlying)
    }
}
