import Foundation
import Testing

// What a decode produced, in a form that can be compared across decoders and printed.
//
// Parity tests run one input through Foundation's `JSONDecoder` and through `BridgeDecoder` and
// compare the two `DecodingOutcome`s: equal values when both succeed; when both fail, the same
// `DecodingError` case, the same coding path (every key's `stringValue` *and* `intValue`) and, for
// `keyNotFound`, the same missing key. Messages (`debugDescription`) are product text and are not
// compared.
//
// Paths are printed the way CodableBridge spells them: `users[2].address.zip`. An index key is a key
// whose `intValue` is `i` and whose `stringValue` is `"Index i"` (Foundation's spelling); anything
// else prints its `stringValue` (so an `Int`-keyed dictionary's key `5` prints as `5`, not `[5]`).

/// The four `DecodingError` cases.
enum DecodingErrorKind: String, Sendable, CustomStringConvertible {
    case typeMismatch, valueNotFound, keyNotFound, dataCorrupted
    var description: String { rawValue }
}

/// One coding key, by value.
struct ObservedKey: Equatable, Sendable, CustomStringConvertible {
    var stringValue: String
    var intValue: Int?

    init(_ key: any CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }

    /// Whether this is an array index as Foundation spells it (`"Index 3"`, intValue 3).
    var isIndex: Bool {
        guard let i = intValue else { return false }
        return stringValue == "Index \(i)"
    }

    var description: String {
        "(\"\(stringValue)\", \(intValue.map(String.init) ?? "nil"))"
    }
}

/// `users[2].address.zip` for a coding path; `<root>` for the empty path.
func renderPath(_ path: [ObservedKey]) -> String {
    if path.isEmpty { return "<root>" }
    var text = ""
    for component in path {
        if component.isIndex, let i = component.intValue {
            text += "[\(i)]"
        } else {
            text += (text.isEmpty ? "" : ".") + component.stringValue
        }
    }
    return text
}

/// The same spelling for a `[any CodingKey]`.
func renderPath(_ path: [any CodingKey]) -> String {
    renderPath(path.map(ObservedKey.init))
}

/// A decoding failure taken apart.
struct ObservedError: CustomStringConvertible {
    /// `nil` when the error was not a `DecodingError` at all.
    var kind: DecodingErrorKind?
    var path: [ObservedKey]
    /// The missing key of a `keyNotFound`.
    var missingKey: ObservedKey?
    var message: String

    init(_ error: any Error) {
        guard let error = error as? DecodingError else {
            kind = nil
            path = []
            missingKey = nil
            message = "\(type(of: error)): \(error)"
            return
        }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c):
            kind = .typeMismatch
            context = c
            missingKey = nil
        case .valueNotFound(_, let c):
            kind = .valueNotFound
            context = c
            missingKey = nil
        case .keyNotFound(let key, let c):
            kind = .keyNotFound
            context = c
            missingKey = ObservedKey(key)
        case .dataCorrupted(let c):
            kind = .dataCorrupted
            context = c
            missingKey = nil
        @unknown default:
            kind = nil
            path = []
            missingKey = nil
            message = "\(error)"
            return
        }
        path = context.codingPath.map(ObservedKey.init)
        message = context.debugDescription
    }

    var description: String {
        let name = kind?.rawValue ?? "non-DecodingError"
        let key = missingKey.map { " key \"\($0.stringValue)\"" } ?? ""
        return "\(name)\(key) at \(renderPath(path)) — \(message)"
    }
}

/// The result of one decode.
enum DecodingOutcome<T> {
    case value(T)
    case failure(ObservedError)

    init(_ body: () throws -> T) {
        do {
            self = .value(try body())
        } catch {
            self = .failure(ObservedError(error))
        }
    }

    var describe: String {
        switch self {
        case .value(let v): "value \(String(reflecting: v))"
        case .failure(let e): "error \(e)"
        }
    }
}

/// What a parity case pins as Foundation's behaviour: the table is the spec. The helper checks
/// Foundation against it (so a wrong table fails loudly) and `BridgeDecoder` against Foundation.
enum ExpectedDecoding<T: Sendable>: Sendable {
    /// Decoding succeeds with this value.
    case value(T)
    /// Decoding fails with this `DecodingError` case at this path (`""` is the root).
    case error(DecodingErrorKind, at: String)
    /// `keyNotFound` for `key`, in the container at `path`.
    case missingKey(String, at: String)

    /// A failure at the root.
    static func error(_ kind: DecodingErrorKind) -> ExpectedDecoding { .error(kind, at: "") }
}

/// Renders an expected path written as `""` for the root the same way ``renderPath(_:)`` does.
func normalizedPath(_ spelled: String) -> String {
    spelled.isEmpty ? "<root>" : spelled
}
