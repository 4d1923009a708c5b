// Rule family: a JSON string where a `Decimal` is expected.
//
//     input            .off (strict)    .exact (lenient)    .yyModel
//     "12.34"          not converted    12.34               12.34
//     " -3.2 "         not converted    -3.2                -3.2
//     "1e3"            not converted    1000                1000
//     "12abc"          not converted    not converted       12   (NSDecimalNumber reads the prefix)
//     "abc", "true"    not converted    not converted       not converted (NaN → nil)
//     39+ significant digits
//                      not converted    not converted       rounded by Decimal
//
// `.exact` parses the decimal text itself, digit for digit: no detour through `Double`, and text
// that `Decimal` could only round (more than 38 significant digits, or an exponent beyond its
// range) is not converted. `.yyModel` is `NSDecimalNumber(string:)`, which YYModel uses for
// `NSDecimalNumber` properties (it does not consult the word table for them).

import Foundation

/// Converting strings to `Decimal`.
///
/// The rule a policy uses is ``CoercionPolicy/stringToDecimal``; the functions below are the
/// rules themselves.
///
/// ```swift
/// StringToDecimal.exact(" 12.30 ")   // 12.3
/// StringToDecimal.yyModel("12abc")   // 12
/// ```
public enum StringToDecimal {
    /// Which string → `Decimal` rule a policy applies.
    ///
    /// Defaults to `.exact` in ``CoercionPolicy/lenient``, `.off` in ``CoercionPolicy/strict`` and
    /// `.yyModel` in ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.lenient
    /// policy.stringToDecimal = .off
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case off, exact, yyModel }
        let kind: Kind

        /// Strings are never decimals (Foundation's behaviour).
        public static let off = Rule(kind: .off)
        /// A string holding exactly a decimal numeral that `Decimal` represents without rounding,
        /// optionally surrounded by whitespace.
        public static let exact = Rule(kind: .exact)
        /// `NSDecimalNumber(string:)`: leading whitespace skipped, the longest numeric prefix
        /// read; no number at all (NaN) is not converted.
        public static let yyModel = Rule(kind: .yyModel)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .off: "off"
            case .exact: "exact"
            case .yyModel: "yyModel"
            }
        }
    }

    /// Reads a string holding exactly a decimal numeral, without rounding.
    ///
    /// ```swift
    /// StringToDecimal.exact("0.1")      // 0.1 exactly
    /// StringToDecimal.exact("0.1 kg")   // nil
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: The decimal, or `nil` when the string is not a numeral or would be rounded.
    public static func exact(_ string: String) -> Decimal? {
        let text = DecimalNumeral.withNumeral(string, syntax: .lenient, trimming: true) { numeral, bytes, range -> String? in
            guard numeral.significantDigitCount(in: bytes) <= 38 else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        guard let text = text ?? nil else { return nil }
        return decimal(fromValidated: text)
    }

    /// Reads a string the way YYModel fills an `NSDecimalNumber` property.
    ///
    /// ```swift
    /// StringToDecimal.yyModel("-3.2")    // -3.2
    /// StringToDecimal.yyModel("abc")     // nil
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: The decimal, or `nil` when no number can be read (NaN).
    public static func yyModel(_ string: String) -> Decimal? {
        guard let value = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else { return nil }
        return value
    }

    /// `Decimal(string:)` on already validated numeral text, rejecting results it had to round
    /// to zero or could not represent.
    static func decimal(fromValidated text: String) -> Decimal? {
        var unsigned = Substring(text)
        if unsigned.first == "+" { unsigned = unsigned.dropFirst() }
        let mantissa = unsigned.prefix { $0 != "e" && $0 != "E" }
        let mantissaIsZero = !mantissa.contains(where: { ("1"..."9").contains($0) })
        // Zero is zero whatever the exponent ("0e-300"), even where Decimal's range ends.
        if mantissaIsZero { return Decimal.zero }
        guard let value = Decimal(string: String(unsigned), locale: Locale(identifier: "en_US_POSIX")),
              !value.isNaN, !value.isZero else { return nil }   // zero here means underflow
        return value
    }

    /// Applies `rule` with report wording.
    static func apply(_ rule: Rule, to string: String) -> CoercionResult<Decimal> {
        let found = CoercionScalar.string(string).found
        switch rule.kind {
        case .off:
            return .notConverted(reason: "found \(found) where Decimal was expected; the policy does not read numbers from strings")
        case .exact:
            if let value = exact(string) { return .converted(value, rule: "string → Decimal") }
            return .notConverted(reason: "found \(found) where Decimal was expected; it is not a decimal number Decimal holds exactly")
        case .yyModel:
            if let value = yyModel(string) { return .converted(value, rule: "string → Decimal (YYModel)") }
            return .notConverted(reason: "found \(found); NSDecimalNumber reads it as NaN")
        }
    }
}
