/// A JSON scalar as the coercion rules see it: no trees, no decoders.
///
/// The decoder hands the rules the JSON value it found where a different type was expected.
/// Numbers keep their exact source text so that no rule ever sees a rounded `Double`.
///
/// ```swift
/// let found: Scalar = .number("12.50")
/// CoercionPolicy.lenient.string(from: found)   // .converted("12.50", rule: "number → String")
/// ```
public enum Scalar: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// A JSON Boolean.
    case bool(Bool)
    /// A JSON number, as its exact source text (`"12"`, `"-1.5e3"`).
    case number(String)
    /// A JSON string, unescaped.
    case string(String)
}

extension Scalar: CustomStringConvertible {
    /// The scalar as it would appear in JSON, shortened to 60 characters for messages:
    /// `null`, `true`, `12.5`, `"abc"`.
    ///
    /// ```swift
    /// Scalar.string("12abc").description   // "\"12abc\""
    /// ```
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return Scalar.shortened(text)
        case .string(let text): return "\"" + Scalar.shortened(text) + "\""
        }
    }

    /// What kind of JSON value this is, for messages: "null", "Boolean", "number", "string".
    ///
    /// ```swift
    /// Scalar.number("1").kindName   // "number"
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

/// The outcome of applying a coercion rule.
///
/// Every rule of ``CoercionPolicy`` answers with a `Coercion`: either the converted value and the
/// name of the rule that applied (for the decoding report), or a human explanation of why the
/// input was not converted (for the report or the error message).
///
/// ```swift
/// switch CoercionPolicy.lenient.integer(Int.self, from: .string(" 12 ")) {
/// case .converted(let value, let rule):  print(value, rule)   // 12 "string → Int"
/// case .notConverted(let reason):        print(reason)
/// }
/// ```
public enum Coercion<Value> {
    /// Converted; `rule` names the rule that applied, for the decoding report
    /// (e.g. "string → Int").
    case converted(Value, rule: String)
    /// No rule converts this input under the policy; `reason` says why, for the report/error.
    case notConverted(reason: String)

    /// The converted value, or `nil` when not converted.
    ///
    /// ```swift
    /// CoercionPolicy.lenient.bool(from: .string("yes")).value   // true
    /// ```
    public var value: Value? {
        if case .converted(let value, _) = self { return value }
        return nil
    }

    /// The name of the rule that converted, or `nil` when not converted.
    public var rule: String? {
        if case .converted(_, let rule) = self { return rule }
        return nil
    }

    /// Why the input was not converted, or `nil` when it was.
    public var reason: String? {
        if case .notConverted(let reason) = self { return reason }
        return nil
    }

    /// Whether a value was produced.
    public var isConverted: Bool {
        if case .converted = self { return true }
        return false
    }

    /// Transforms a converted value, keeping the rule name; a reason passes through unchanged.
    ///
    /// ```swift
    /// policy.integer(Int.self, from: scalar).map { Money(cents: $0) }
    /// ```
    ///
    /// - Parameter transform: Applied to the converted value.
    /// - Returns: The transformed outcome.
    public func map<U>(_ transform: (Value) throws -> U) rethrows -> Coercion<U> {
        switch self {
        case .converted(let value, let rule): return .converted(try transform(value), rule: rule)
        case .notConverted(let reason): return .notConverted(reason: reason)
        }
    }
}

extension Coercion: Sendable where Value: Sendable {}
extension Coercion: Equatable where Value: Equatable {}
