/// A JSON scalar as the coercion rules see it: no trees, no decoders.
public enum Scalar: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A JSON number, as its exact source text (`"12"`, `"-1.5e3"`).
    case number(String)
    case string(String)
}

/// The outcome of applying a coercion rule.
public enum Coercion<Value> {
    /// Converted; `rule` names the rule that applied, for the decoding report
    /// (e.g. "string → Int").
    case converted(Value, rule: String)
    /// No rule converts this input under the policy; `reason` says why, for the report/error.
    case notConverted(reason: String)
}

extension Coercion: Sendable where Value: Sendable {}
