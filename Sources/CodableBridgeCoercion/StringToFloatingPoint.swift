// Rule family: a JSON string where a floating-point number (Double, Float) is expected.
//
//     input         .off (strict)    .decimalText (lenient)    .yyModel
//     "1.5"         not converted    1.5                       1.5
//     " -3.2 "      not converted    -3.2                      -3.2
//     "1e3"         not converted    1000.0                    1.0   (no ".", so atoll stops at "e")
//     ".5", "5."    not converted    0.5, 5.0                  0.5, 5.0
//     "12abc"       not converted    not converted             12.0  (atoll)
//     "1.5x"        not converted    not converted             1.5   (atof)
//     "abc"         not converted    not converted             0.0
//     "NaN", "inf"  not converted    not converted             0.0   (no "." → atoll → 0)
//     "1.0e999"     not converted    not converted (overflow)  not converted (YYModel: no number)
//     "1.0e50"→Float not converted   not converted (overflow)  0.0   (YYModel zeroes ±infinity)
//     "true"        not converted    not converted             1.0   (YYModel's word table)
//
// `.decimalText` reads a decimal numeral (sign, digits, optional fraction and exponent) with
// optional surrounding whitespace and rounds it to the nearest value, exactly as a JSON number
// would be; words like "NaN" and "Infinity" are not numbers here, and overflow is rejected.

/// Converting strings to floating-point numbers.
///
/// The rule a policy uses is ``CoercionPolicy/stringToFloatingPoint``; the functions below are
/// the rules themselves.
///
/// ```swift
/// StringToFloatingPoint.decimalText(" 1.5 ", as: Double.self)   // 1.5
/// StringToFloatingPoint.yyModel("1e5", as: Double.self)         // 1.0
/// ```
public enum StringToFloatingPoint {
    /// Which string → floating-point rule a policy applies.
    ///
    /// Defaults to `.decimalText` in ``CoercionPolicy/lenient``, `.off` in
    /// ``CoercionPolicy/strict`` and `.yyModel` in ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.strict
    /// policy.stringToFloatingPoint = .decimalText   // "1.5" → 1.5, nothing else changes
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case off, decimalText, yyModel }
        let kind: Kind

        /// Strings are never numbers (Foundation's behaviour).
        public static let off = Rule(kind: .off)
        /// A string holding exactly a decimal numeral, optionally surrounded by whitespace, whose
        /// value is finite in the type.
        public static let decimalText = Rule(kind: .decimalText)
        /// YYModel's reading: word table, then C's `atof` (strings with a `.`) or `atoll`; a value
        /// that is not finite in the type becomes 0.
        public static let yyModel = Rule(kind: .yyModel)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .off: "off"
            case .decimalText: "decimalText"
            case .yyModel: "yyModel"
            }
        }
    }

    /// Reads a string holding exactly a decimal numeral as the nearest value of `T`.
    ///
    /// ```swift
    /// StringToFloatingPoint.decimalText("1.5", as: Double.self)    // 1.5
    /// StringToFloatingPoint.decimalText("1.5kg", as: Double.self)  // nil
    /// StringToFloatingPoint.decimalText("1e50", as: Float.self)    // nil (overflow)
    /// ```
    ///
    /// - Parameters:
    ///   - string: The JSON string.
    ///   - type: The floating-point type to produce.
    /// - Returns: The value, or `nil` when the string is not a numeral or overflows `T`.
    public static func decimalText<T: BinaryFloatingPoint & LosslessStringConvertible>(_ string: String, as type: T.Type = T.self) -> T? {
        guard case .value(let value) = readDecimalText(string, as: type) else { return nil }
        return value
    }

    /// Reads a string the way YYModel assigns it to a `float`/`double` property.
    ///
    /// ```swift
    /// StringToFloatingPoint.yyModel("-3.2", as: Double.self)   // -3.2
    /// StringToFloatingPoint.yyModel("abc", as: Double.self)    // 0.0
    /// ```
    ///
    /// - Parameters:
    ///   - string: The JSON string.
    ///   - type: The floating-point type to produce.
    /// - Returns: The value, or `nil` for YYModel's null words and non-finite dotted strings.
    public static func yyModel<T: BinaryFloatingPoint>(_ string: String, as type: T.Type = T.self) -> T? {
        YYModelNumber.parse(string)?.floatingPoint(as: type)
    }

    enum Reading<T> {
        case value(T)
        case notNumeral
        case overflow
    }

    static func readDecimalText<T: BinaryFloatingPoint & LosslessStringConvertible>(_ string: String, as type: T.Type) -> Reading<T> {
        let text = DecimalNumeral.withNumeral(string, syntax: .lenient, trimming: true) { _, bytes, range in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        guard let text, let value = T(text) else { return .notNumeral }
        return value.isFinite ? .value(value) : .overflow
    }

    /// Applies `rule` with report wording.
    static func apply<T: BinaryFloatingPoint & LosslessStringConvertible>(_ rule: Rule, to string: String, as type: T.Type) -> CoercionResult<T> {
        let target = String(describing: type)
        let found = CoercionScalar.string(string).found
        switch rule.kind {
        case .off:
            return .notConverted(reason: "found \(found) where \(target) was expected; the policy does not read numbers from strings")
        case .decimalText:
            switch readDecimalText(string, as: type) {
            case .value(let value):
                return .converted(value, rule: "string → \(target)")
            case .overflow:
                return .notConverted(reason: "found \(found); it is outside \(target)'s range")
            case .notNumeral:
                return .notConverted(reason: "found \(found) where \(target) was expected; it is not a decimal number")
            }
        case .yyModel:
            guard let number = YYModelNumber.parse(string) else {
                return .notConverted(reason: "found \(found); YYModel reads it as no number (null word or not finite)")
            }
            return .converted(number.floatingPoint(as: type), rule: "string → \(target) (YYModel)")
        }
    }
}
