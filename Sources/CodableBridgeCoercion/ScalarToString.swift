// Rule family: a JSON number or Boolean where a `String` is expected.
//
//     input       .off (strict)    .jsonText (lenient)    .yyModel (NSNumber.stringValue)
//     123         not converted    "123"                  "123"
//     1.50        not converted    "1.50"                 "1.5"
//     1.0         not converted    "1.0"                  "1"
//     -1e5        not converted    "-1e5"                 "-100000"
//     1e21        not converted    "1e21"                 "1e+21"
//     1e-7        not converted    "1e-7"                 "1e-07"
//     true        not converted    "true"                 "1"
//     false       not converted    "false"                "0"
//
// `.jsonText` keeps the number's source text exactly. `.yyModel` gives what YYModel stores: the
// `NSNumber.stringValue` (on Apple platforms) of the number `NSJSONSerialization` made of the
// text — integers in decimal, doubles with `%0.16g` (see `YYModelNumber.stringValue`).

/// Converting numbers and Booleans to `String`.
///
/// The rule a policy uses is ``CoercionPolicy/scalarToString``; the functions below are the rules
/// themselves.
///
/// ```swift
/// ScalarToString.jsonText(.number("1.50"))   // "1.50"
/// ScalarToString.jsonText(.bool(true))       // "true"
/// ScalarToString.yyModel(.bool(true))        // "1"
/// ScalarToString.yyModel(.number("1.50"))    // "1.5"
/// ```
public enum ScalarToString {
    /// Which number/Boolean → `String` rule a policy applies.
    ///
    /// Defaults to `.jsonText` in ``CoercionPolicy/lenient``, `.off` in ``CoercionPolicy/strict``
    /// and `.yyModel` in ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.yyModel
    /// policy.scalarToString = .jsonText   // true → "true" instead of "1"
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case off, jsonText, yyModel }
        let kind: Kind

        /// Numbers and Booleans are never strings (Foundation's behaviour).
        public static let off = Rule(kind: .off)
        /// A number's original source text; `"true"` / `"false"` for Booleans.
        public static let jsonText = Rule(kind: .jsonText)
        /// YYModel's text: `NSNumber.stringValue` (`1.0` → `"1"`, `1e21` → `"1e+21"`); `"1"` /
        /// `"0"` for Booleans.
        public static let yyModel = Rule(kind: .yyModel)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .off: "off"
            case .jsonText: "jsonText"
            case .yyModel: "yyModel"
            }
        }
    }

    /// The JSON text of a number or Boolean.
    ///
    /// ```swift
    /// ScalarToString.jsonText(.number("123"))   // "123"
    /// ```
    ///
    /// - Parameter scalar: The JSON value.
    /// - Returns: The number's source text, `"true"` or `"false"`; the string itself for a
    ///   string; `nil` for null.
    public static func jsonText(_ scalar: CoercionScalar) -> String? {
        switch scalar {
        case .null: nil
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): text
        }
    }

    /// The text YYModel stores in a string property for a number or Boolean: the
    /// `NSNumber.stringValue` of the value (see ``YYModelNumber/stringValue(ofJSONNumber:)``).
    ///
    /// ```swift
    /// ScalarToString.yyModel(.bool(false))      // "0"
    /// ScalarToString.yyModel(.number("1.0"))    // "1"
    /// ScalarToString.yyModel(.number("1e-7"))   // "1e-07"
    /// ```
    ///
    /// - Parameter scalar: The JSON value.
    /// - Returns: The number's `NSNumber.stringValue`, `"1"` or `"0"`; the string itself for a
    ///   string; `nil` for null.
    public static func yyModel(_ scalar: CoercionScalar) -> String? {
        switch scalar {
        case .bool(let value): value ? "1" : "0"
        case .number(let text): YYModelNumber.stringValue(ofJSONNumber: text)
        default: jsonText(scalar)
        }
    }

    /// Applies `rule` with report wording.
    static func apply(_ rule: Rule, to scalar: CoercionScalar) -> CoercionResult<String> {
        if case .string(let text) = scalar { return .converted(text, rule: "string") }
        if case .null = scalar { return .notConverted(reason: "found null where String was expected") }
        let kind = scalar.kindName
        switch rule.kind {
        case .off:
            return .notConverted(reason: "found \(scalar.found) where String was expected; the policy does not turn \(kind)s into strings")
        case .jsonText:
            return .converted(jsonText(scalar) ?? "", rule: "\(kind) → String")
        case .yyModel:
            return .converted(yyModel(scalar) ?? "", rule: "\(kind) → String (YYModel)")
        }
    }
}
