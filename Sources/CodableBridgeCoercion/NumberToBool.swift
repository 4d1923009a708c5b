// Rule family: a JSON number where a `Bool` is expected.
//
//     input          .off (strict)    .zeroOrOne (lenient)    .nonZero (yyModel)
//     1, 1.0, 1e0    not converted    true                    true
//     0, 0.0, -0     not converted    false                   false
//     2, -1          not converted    not converted           true
//     0.5            not converted    not converted           true
//
// `.zeroOrOne` converts only the two numbers whose meaning as a Boolean is unambiguous; the value
// is compared exactly (digit by digit), so 1.0000000000000000001 is not 1.

/// Converting numbers to `Bool`.
///
/// The rule a policy uses is ``CoercionPolicy/numberToBool``; the functions below are the rules
/// themselves. Number text is the JSON source text.
///
/// ```swift
/// NumberToBool.zeroOrOne("1")   // true
/// NumberToBool.zeroOrOne("2")   // nil
/// NumberToBool.nonZero("2")     // true
/// ```
public enum NumberToBool {
    /// Which number → `Bool` rule a policy applies.
    ///
    /// Defaults to `.zeroOrOne` in ``CoercionPolicy/lenient``, `.off` in ``CoercionPolicy/strict``
    /// and `.nonZero` in ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.lenient
    /// policy.numberToBool = .nonZero   // 2 → true, as in C
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case off, zeroOrOne, nonZero }
        let kind: Kind

        /// Numbers are never Booleans (Foundation's behaviour).
        public static let off = Rule(kind: .off)
        /// Exactly 1 is `true`, exactly 0 is `false`; any other number is not converted.
        public static let zeroOrOne = Rule(kind: .zeroOrOne)
        /// Any non-zero number is `true` (YYModel's `boolValue`, C's truthiness).
        public static let nonZero = Rule(kind: .nonZero)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .off: "off"
            case .zeroOrOne: "zeroOrOne"
            case .nonZero: "nonZero"
            }
        }
    }

    /// `true` for a number exactly 1, `false` for exactly 0.
    ///
    /// ```swift
    /// NumberToBool.zeroOrOne("1.0")   // true
    /// NumberToBool.zeroOrOne("0.5")   // nil
    /// ```
    ///
    /// - Parameter text: The JSON number's source text.
    /// - Returns: The Boolean, or `nil` for any other value.
    public static func zeroOrOne(_ text: String) -> Bool? {
        switch NumberFitting.readExact(text, as: Int8.self) {
        case .value(1)?: true
        case .value(0)?: false
        default: nil
        }
    }

    /// `true` for any non-zero number, read as `NSJSONSerialization` reads it (an integer, or the
    /// nearest `Double`, so `1e-400` underflows to 0 and is `false`).
    ///
    /// ```swift
    /// NumberToBool.nonZero("-0.0")   // false
    /// NumberToBool.nonZero("0.01")   // true
    /// ```
    ///
    /// - Parameter text: The JSON number's source text.
    /// - Returns: The Boolean, or `nil` when `text` is not JSON number text.
    public static func nonZero(_ text: String) -> Bool? {
        // As YYModel sees it: the NSNumber NSJSONSerialization made (1e-400 underflows to 0).
        YYModelNumber.fromJSONNumber(text)?.boolValue
    }

    /// Applies `rule` with report wording.
    static func apply(_ rule: Rule, to text: String) -> CoercionResult<Bool> {
        let found = CoercionScalar.number(text).found
        switch rule.kind {
        case .off:
            return .notConverted(reason: "found \(found) where Bool was expected; the policy does not read numbers as Booleans")
        case .zeroOrOne:
            if let value = zeroOrOne(text) { return .converted(value, rule: "number → Bool") }
            return .notConverted(reason: "found \(found) where Bool was expected; only 1 and 0 are read as Booleans")
        case .nonZero:
            if let value = nonZero(text) { return .converted(value, rule: "number → Bool (non-zero is true)") }
            return .notConverted(reason: "found \(found); it is not valid JSON number text")
        }
    }
}
