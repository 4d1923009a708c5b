/// The outcome of applying a coercion rule.
///
/// Every rule of ``CoercionPolicy`` answers with a `CoercionResult`: either the converted value and the
/// name of the rule that applied (for the decoding report), or a human explanation of why the
/// input was not converted (for the report or the error message).
///
/// ```swift
/// switch CoercionPolicy.lenient.integer(Int.self, from: .string(" 12 ")) {
/// case .converted(let value, let rule):  print(value, rule)   // 12 "string → Int"
/// case .notConverted(let reason):        print(reason)
/// }
/// ```
public enum CoercionResult<Value> {
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
    public func map<U>(_ transform: (Value) throws -> U) rethrows -> CoercionResult<U> {
        switch self {
        case .converted(let value, let rule): return .converted(try transform(value), rule: rule)
        case .notConverted(let reason): return .notConverted(reason: reason)
        }
    }
}

extension CoercionResult: Sendable where Value: Sendable {}
extension CoercionResult: Equatable where Value: Equatable {}
