// User rules: a policy can carry one rule per type, consulted before the built-in rules.
//
//     let policy = CoercionPolicy.lenient
//         .addingRule(for: Money.self) { scalar in          // "12.50 EUR" → Money
//             guard case .string(let text) = scalar else { return nil }
//             return Money(parsing: text)                   // nil → built-in rules / T(from:)
//         }
//
//     storage: [ObjectIdentifier(Money.self): CustomRule(name: "custom rule → Money",
//                                                          apply: { scalar in CoercionResult<Money>? })]
//
// The table is part of the policy value (copy-on-write, like any dictionary), so a decoder's
// policy never changes behind its back; closures are @Sendable, so a policy can be shared
// across tasks.

/// A registered rule with its type erased; `apply` returns a `CoercionResult<T>?` as `Any?`.
struct CustomRule: Sendable {
    let apply: @Sendable (CoercionScalar) -> Any?
}

extension CoercionPolicy {
    /// Returns a copy of the policy with a rule that converts JSON scalars to `T`.
    ///
    /// The rule is consulted before the built-in ones whenever the decoder finds a scalar where
    /// a `T` is expected; return `nil` to let the built-in rules (and `T`'s own `init(from:)`)
    /// handle the value. A later rule for the same type replaces an earlier one.
    ///
    /// ```swift
    /// struct Money: Codable { var cents: Int }
    ///
    /// let policy = CoercionPolicy.lenient.addingRule(for: Money.self) { scalar in
    ///     guard case .string(let text) = scalar, let value = Decimal(string: text) else { return nil }
    ///     return Money(cents: NSDecimalNumber(decimal: value * 100).intValue)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type the rule produces.
    ///   - name: The rule's name in the decoding report. Defaults to `"custom rule → T"`.
    ///   - convert: Converts a scalar, or returns `nil` when it does not apply.
    /// - Returns: The policy with the rule added.
    public func addingRule<T>(for type: T.Type, named name: String? = nil,
                              _ convert: @escaping @Sendable (CoercionScalar) -> T?) -> CoercionPolicy {
        var copy = self
        copy.addRule(for: type, named: name, convert)
        return copy
    }

    /// Returns a copy of the policy with a rule for `T` that may also reject a value with a
    /// reason, which the decoder reports (or throws under ``mismatchIsError``).
    ///
    /// Return `.converted` to produce a value, `.notConverted(reason:)` to reject the input
    /// with an explanation, or `nil` to defer to the built-in rules.
    ///
    /// ```swift
    /// let policy = CoercionPolicy.lenient.addingRule(for: Percentage.self, coercion: { scalar in
    ///     guard case .number(let text) = scalar, let value = Double(text) else { return nil }
    ///     guard (0...100).contains(value) else {
    ///         return .notConverted(reason: "\(text) is not between 0 and 100")
    ///     }
    ///     return .converted(Percentage(value), rule: "number → Percentage")
    /// })
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type the rule produces.
    ///   - coercion: Decides the outcome for a scalar, or returns `nil` when it does not apply.
    /// - Returns: The policy with the rule added.
    public func addingRule<T>(for type: T.Type,
                              coercion: @escaping @Sendable (CoercionScalar) -> CoercionResult<T>?) -> CoercionPolicy {
        var copy = self
        copy.addRule(for: type, coercion: coercion)
        return copy
    }

    /// Adds a rule that converts JSON scalars to `T`, in place. See
    /// ``addingRule(for:named:_:)``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.yyModel
    /// policy.addRule(for: UUID.self) { scalar in
    ///     if case .string(let text) = scalar { return UUID(uuidString: text) }
    ///     return nil
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type the rule produces.
    ///   - name: The rule's name in the decoding report. Defaults to `"custom rule → T"`.
    ///   - convert: Converts a scalar, or returns `nil` when it does not apply.
    public mutating func addRule<T>(for type: T.Type, named name: String? = nil,
                                    _ convert: @escaping @Sendable (CoercionScalar) -> T?) {
        let ruleName = name ?? "custom rule → \(type)"
        customRules[ObjectIdentifier(type)] = CustomRule { scalar in
            convert(scalar).map { CoercionResult<T>.converted($0, rule: ruleName) }
        }
    }

    /// Adds a rule for `T` that may also reject a value with a reason, in place. See
    /// ``addingRule(for:coercion:)``.
    ///
    /// - Parameters:
    ///   - type: The type the rule produces.
    ///   - coercion: Decides the outcome for a scalar, or returns `nil` when it does not apply.
    public mutating func addRule<T>(for type: T.Type, coercion: @escaping @Sendable (CoercionScalar) -> CoercionResult<T>?) {
        customRules[ObjectIdentifier(type)] = CustomRule { scalar in coercion(scalar) }
    }

    /// Returns a copy of the policy without the rule registered for `type` (if any).
    ///
    /// ```swift
    /// let plain = policy.removingRule(for: Money.self)
    /// ```
    ///
    /// - Parameter type: The type whose rule to remove.
    /// - Returns: The policy without that rule.
    public func removingRule<T>(for type: T.Type) -> CoercionPolicy {
        var copy = self
        copy.customRules[ObjectIdentifier(type)] = nil
        return copy
    }

    /// Whether any custom rule is registered; lets the decoder skip the lookup entirely.
    ///
    /// ```swift
    /// CoercionPolicy.lenient.hasCustomRules   // false
    /// ```
    public var hasCustomRules: Bool {
        !customRules.isEmpty
    }

    /// Whether a custom rule is registered for `type`.
    ///
    /// ```swift
    /// policy.hasCustomRule(for: Money.self)
    /// ```
    ///
    /// - Parameter type: The type to look up.
    /// - Returns: `true` when ``customRule(for:from:)`` may answer for `type`.
    public func hasCustomRule<T>(for type: T.Type) -> Bool {
        customRules[ObjectIdentifier(type)] != nil
    }

    /// A user rule registered for `type`, applied before the built-in ones; `nil` when none
    /// (or when the rule does not apply to `scalar`).
    ///
    /// ```swift
    /// if let outcome = policy.customRule(for: Money.self, from: .string("12.50")) { … }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type expected.
    ///   - scalar: The JSON value found.
    /// - Returns: The rule's outcome, or `nil` to continue with the built-in rules.
    public func customRule<T>(for type: T.Type, from scalar: CoercionScalar) -> CoercionResult<T>? {
        guard !customRules.isEmpty, let rule = customRules[ObjectIdentifier(type)] else { return nil }
        return rule.apply(scalar) as? CoercionResult<T>
    }
}
