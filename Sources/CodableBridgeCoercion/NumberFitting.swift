// Rule family: a JSON number that does not fit the requested number type exactly.
//
// The decoder reads a JSON number into an integer or floating-point type directly; only when that
// fails (a fraction, a sign, a range) does it ask this rule.
//
//     input → target        .exact (all presets' baseline)   .yyModel
//     12.0 → Int            12 (Foundation accepts it)        12
//     1.2e1, 1e5 → Int      12, 100000                        12, 100000
//     12.5 → Int            not converted                     12 (truncated toward zero)
//     -12.5 → Int           not converted                     -12
//     -1 → UInt8            not converted                     255 (two's-complement wrap)
//     300 → UInt8           not converted                     44
//     1e30 → Int            not converted                     Int.max (clamped, as on ARM64)
//     1e50 → Float          not converted                     0 (YYModel zeroes ±infinity)
//
// `.exact` is what Foundation's JSONDecoder does, so even `.strict` converts `12.0` to 12.

/// Fitting JSON numbers into number types that cannot hold them exactly.
///
/// The rule a policy uses is ``CoercionPolicy/numberFitting``; the functions below are the rules
/// themselves. Number text is the JSON source text (``CoercionScalar/number(_:)``).
///
/// ```swift
/// NumberFitting.exact("12.0", as: Int.self)                  // 12
/// NumberFitting.exact("12.5", as: Int.self)                  // nil
/// NumberFitting.truncatingAndWrapping("-1", as: UInt8.self)  // 255
/// ```
public enum NumberFitting {
    /// Which number-fitting rule a policy applies.
    ///
    /// Defaults to `.exact` in ``CoercionPolicy/strict`` and ``CoercionPolicy/lenient``, and
    /// `.yyModel` in ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.lenient
    /// policy.numberFitting = .yyModel   // 12.5 → Int is 12
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case exact, yyModel }
        let kind: Kind

        /// Only exact values: a whole number in range for integers (`12.0` → 12), a finite value
        /// for floating-point types. This is Foundation's behaviour.
        public static let exact = Rule(kind: .exact)
        /// YYModel's narrowing: truncation toward zero and two's-complement wrapping for
        /// integers, 0 for a value that overflows a floating-point type.
        public static let yyModel = Rule(kind: .yyModel)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .exact: "exact"
            case .yyModel: "yyModel"
            }
        }
    }

    /// Reads JSON number text as an integer of type `T` when its value is exactly a whole number
    /// in range.
    ///
    /// ```swift
    /// NumberFitting.exact("1e5", as: Int.self)     // 100000
    /// NumberFitting.exact("256", as: UInt8.self)   // nil
    /// ```
    ///
    /// - Parameters:
    ///   - text: The JSON number's source text.
    ///   - type: The integer type to produce.
    /// - Returns: The integer, or `nil` when the value has a fraction, is out of range, or `text`
    ///   is not JSON number syntax.
    public static func exact<T: FixedWidthInteger>(_ text: String, as type: T.Type = T.self) -> T? {
        if case .value(let value)? = readExact(text, as: type) { return value }
        return nil
    }

    /// Narrows JSON number text to `T` the way YYModel assigns it to a C integer property:
    /// truncation toward zero, then two's-complement wrapping.
    ///
    /// ```swift
    /// NumberFitting.truncatingAndWrapping("12.9", as: Int.self)   // 12
    /// NumberFitting.truncatingAndWrapping("300", as: UInt8.self)  // 44
    /// ```
    ///
    /// - Parameters:
    ///   - text: The JSON number's source text.
    ///   - type: The integer type to produce.
    /// - Returns: The narrowed value, or `nil` when `text` is not a finite number.
    public static func truncatingAndWrapping<T: FixedWidthInteger>(_ text: String, as type: T.Type = T.self) -> T? {
        YYModelNumber.fromJSONNumber(text)?.integer(as: type)
    }

    static func readExact<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> DecimalNumeral.IntegerReading<T>? {
        DecimalNumeral.withNumeral(text, syntax: .json, trimming: false) { numeral, bytes, _ in
            numeral.exactInteger(type, in: bytes)
        }
    }

    /// Applies `rule` to a number bound for an integer type, with report wording.
    static func integer<T: FixedWidthInteger>(_ rule: Rule, _ text: String, as type: T.Type) -> CoercionResult<T> {
        let target = String(describing: type)
        let found = CoercionScalar.number(text).found
        let reading = readExact(text, as: type)
        if case .value(let value)? = reading {
            return .converted(value, rule: "whole number → \(target)")
        }
        if rule.kind == .yyModel, let value = truncatingAndWrapping(text, as: type) {
            let how = reading == nil || isFractional(reading) ? "truncated toward zero" : "wrapped"
            return .converted(value, rule: "number → \(target) (YYModel: \(how))")
        }
        switch reading {
        case .fractional?:
            return .notConverted(reason: "found \(found); it has a fractional part and \(target) holds whole numbers only")
        case .outOfRange?:
            return .notConverted(reason: "found \(found); it is outside \(target)'s range \(T.min)...\(T.max)")
        default:
            return .notConverted(reason: "found \(found); it is not valid JSON number text")
        }
    }

    private static func isFractional<T>(_ reading: DecimalNumeral.IntegerReading<T>?) -> Bool {
        if case .fractional? = reading { return true }
        return false
    }

    /// Applies `rule` to a number bound for a floating-point type, with report wording.
    static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ rule: Rule, _ text: String, as type: T.Type) -> CoercionResult<T> {
        let target = String(describing: type)
        let found = CoercionScalar.number(text).found
        guard let value = T(text) else {
            return .notConverted(reason: "found \(found); it is not valid number text")
        }
        if value.isFinite {
            return .converted(value, rule: "number → \(target)")
        }
        if rule.kind == .yyModel {
            return .converted(0, rule: "number → \(target) (YYModel: out of range becomes 0)")
        }
        return .notConverted(reason: "found \(found); it is outside \(target)'s range")
    }
}
