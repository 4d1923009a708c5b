// Rule family: a JSON Boolean where a number (integer, floating point, Decimal) is expected.
//
//     input → target      .off (strict)    .oneAndZero (lenient, yyModel)
//     true → Int          not converted    1
//     false → UInt8       not converted    0
//     true → Double       not converted    1.0
//     true → Decimal      not converted    1
//
// YYModel stores a JSON Boolean as an NSNumber holding 1 or 0, so every number property reads it
// as 1 or 0; `.lenient` follows, as no information is lost and the meaning is the usual one.

import Foundation

/// Converting JSON Booleans to numbers.
///
/// The rule a policy uses is ``CoercionPolicy/boolToNumber``; the functions below are the rules
/// themselves.
///
/// ```swift
/// BoolToNumber.oneAndZero(true, as: Int.self)      // 1
/// BoolToNumber.oneAndZero(false, as: Double.self)  // 0.0
/// ```
public enum BoolToNumber {
    /// Which Boolean → number rule a policy applies.
    ///
    /// Defaults to `.off` in ``CoercionPolicy/strict`` and `.oneAndZero` in
    /// ``CoercionPolicy/lenient`` and ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.lenient
    /// policy.boolToNumber = .off   // true is no longer read as 1
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case off, oneAndZero }
        let kind: Kind

        /// Booleans are never numbers (Foundation's behaviour).
        public static let off = Rule(kind: .off)
        /// `true` is 1 and `false` is 0, for every number type.
        public static let oneAndZero = Rule(kind: .oneAndZero)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .off: "off"
            case .oneAndZero: "oneAndZero"
            }
        }
    }

    /// `true` as 1 and `false` as 0 in any integer type.
    ///
    /// ```swift
    /// BoolToNumber.oneAndZero(true, as: UInt8.self)   // 1
    /// ```
    ///
    /// - Parameters:
    ///   - value: The JSON Boolean.
    ///   - type: The integer type to produce.
    /// - Returns: 1 or 0.
    public static func oneAndZero<T: FixedWidthInteger>(_ value: Bool, as type: T.Type = T.self) -> T {
        value ? 1 : 0
    }

    /// `true` as 1.0 and `false` as 0.0 in any floating-point type.
    ///
    /// ```swift
    /// BoolToNumber.oneAndZero(true, as: Float.self)   // 1.0
    /// ```
    ///
    /// - Parameters:
    ///   - value: The JSON Boolean.
    ///   - type: The floating-point type to produce.
    /// - Returns: 1.0 or 0.0.
    public static func oneAndZero<T: BinaryFloatingPoint>(_ value: Bool, as type: T.Type = T.self) -> T {
        value ? 1 : 0
    }

    /// `true` as 1 and `false` as 0 as a `Decimal`.
    ///
    /// ```swift
    /// BoolToNumber.decimal(true)   // 1
    /// ```
    ///
    /// - Parameter value: The JSON Boolean.
    /// - Returns: 1 or 0.
    public static func decimal(_ value: Bool) -> Decimal {
        value ? 1 : 0
    }

    /// Applies `rule`, producing the value with `make` and the report wording.
    static func apply<T>(_ rule: Rule, _ value: Bool, as type: T.Type, _ make: (Bool) -> T) -> CoercionResult<T> {
        let target = String(describing: type)
        switch rule.kind {
        case .off:
            return .notConverted(reason: "found Boolean \(value) where \(target) was expected; the policy does not read Booleans as numbers")
        case .oneAndZero:
            return .converted(make(value), rule: "Boolean → \(target)")
        }
    }
}
