/// A JSON scalar as the coercion rules see it: no trees, no decoders.
///
/// The decoder hands the rules the JSON value it found where a different type was expected.
/// Numbers keep their exact source text so that no rule ever sees a rounded `Double`.
///
/// ```swift
/// let found: CoercionScalar = .number("12.50")
/// CoercionPolicy.lenient.string(from: found)   // .converted("12.50", rule: "number → String")
/// ```
public enum CoercionScalar: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// A JSON Boolean.
    case bool(Bool)
    /// A JSON number, as its exact source text (`"12"`, `"-1.5e3"`).
    case number(String)
    /// A JSON string, unescaped.
    case string(String)
}

extension CoercionScalar: CustomStringConvertible {
    /// The scalar as it would appear in JSON, shortened to 60 characters for messages:
    /// `null`, `true`, `12.5`, `"abc"`.
    ///
    /// ```swift
    /// CoercionScalar.string("12abc").description   // "\"12abc\""
    /// ```
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return CoercionScalar.shortened(text)
        case .string(let text): return "\"" + CoercionScalar.shortened(text) + "\""
        }
    }

    /// What kind of JSON value this is, for messages: "null", "Boolean", "number", "string".
    ///
    /// ```swift
    /// CoercionScalar.number("1").kindName   // "number"
    /// ```
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "Boolean"
        case .number: "number"
        case .string: "string"
        }
    }

    /// "string \"12abc\"", "number 12.5", "Boolean true", "null" — the found value in a reason.
    var found: String {
        switch self {
        case .null: "null"
        default: kindName + " " + description
        }
    }

    static func shortened(_ text: String) -> String {
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + "…"
    }
}
