// Rule family: a JSON string where an integer (Int, Int8 … UInt64) is expected.
//
//     input        .off (strict)   .exact (lenient)   .yyModel
//     "12"         not converted   12                 12
//     " 12 "       not converted   12                 12      (atoll skips leading whitespace)
//     "+12", "012" not converted   12                 12
//     "12.0"       not converted   12                 12      (contains ".", so atof → 12.0)
//     "1e3"        not converted   1000               1       (no ".", so atoll stops at "e")
//     "12.5"       not converted   not converted      12      (truncated toward zero)
//     "12abc"      not converted   not converted      12
//     "abc", ""    not converted   not converted      0
//     "true"       not converted   not converted      1       (YYModel's word table)
//     "null"       not converted   not converted      not converted (YYModel: no number)
//     "300" → UInt8 not converted  not converted      44      (wraps)
//
// Int128 and UInt128 follow the same table; under .yyModel `atoll` reads at their width
// ("170141183460469231731687303715884105727" → Int128.max, not Int64.max).

/// Converting strings to fixed-width integers.
///
/// The rule a policy uses is ``CoercionPolicy/stringToInteger``; the functions below are the
/// rules themselves, usable on their own.
///
/// ```swift
/// StringToInteger.exact(" 12 ", as: Int.self)      // 12
/// StringToInteger.exact("12abc", as: Int.self)     // nil
/// StringToInteger.yyModel("12abc", as: Int.self)   // 12
/// ```
public enum StringToInteger {
    /// Which string → integer rule a policy applies.
    ///
    /// Defaults to `.exact` in ``CoercionPolicy/lenient``, `.off` in ``CoercionPolicy/strict``
    /// and `.yyModel` in ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.lenient
    /// policy.stringToInteger = .off   // "12" is no longer read as 12
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case off, exact, yyModel }
        let kind: Kind

        /// Strings are never integers (Foundation's behaviour).
        public static let off = Rule(kind: .off)
        /// A string holding exactly a whole number, optionally surrounded by whitespace, with an
        /// optional sign, leading zeros, a zero fraction or an exponent (`" 12 "`, `"12.0"`,
        /// `"1e3"`), that fits the type.
        public static let exact = Rule(kind: .exact)
        /// YYModel's reading: word table, then C's `atof` (strings with a `.`) or `atoll`,
        /// truncated toward zero and wrapped to the type (see ``YYModelNumber``).
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

    /// Reads a string holding exactly a whole number that fits `T`.
    ///
    /// Surrounding ASCII whitespace is ignored; a `+` sign, leading zeros, a fraction of zeros
    /// and an exponent are accepted as long as the value is a whole number within `T`'s range.
    ///
    /// ```swift
    /// StringToInteger.exact("1.2e1", as: Int.self)    // 12
    /// StringToInteger.exact("-1", as: UInt8.self)     // nil (out of range)
    /// ```
    ///
    /// - Parameters:
    ///   - string: The JSON string.
    ///   - type: The integer type to produce.
    /// - Returns: The integer, or `nil` when the string is not exactly a whole number in range.
    public static func exact<T: FixedWidthInteger>(_ string: String, as type: T.Type = T.self) -> T? {
        if case .value(let value) = readExact(string, as: type) { return value }
        return nil
    }

    /// Reads a string the way YYModel assigns it to an integer property.
    ///
    /// Word table first (`"true"` → 1, `"NO"` → 0, `"null"` → `nil`), then C's `atof` for strings
    /// containing a `.` (truncated toward zero) or C's `atoll` otherwise, wrapped to `T`.
    ///
    /// ```swift
    /// StringToInteger.yyModel("12abc", as: Int.self)   // 12
    /// StringToInteger.yyModel("abc", as: Int.self)     // 0
    /// StringToInteger.yyModel("-1", as: UInt8.self)    // 255
    /// ```
    ///
    /// - Parameters:
    ///   - string: The JSON string.
    ///   - type: The integer type to produce.
    /// - Returns: The integer, or `nil` for YYModel's null words and non-finite dotted strings.
    public static func yyModel<T: FixedWidthInteger>(_ string: String, as type: T.Type = T.self) -> T? {
        YYModelNumber.integer(fromString: string, as: type)
    }

    static func readExact<T: FixedWidthInteger>(_ string: String, as type: T.Type) -> DecimalNumeral.IntegerReading<T>? {
        DecimalNumeral.withNumeral(string, syntax: .lenient, trimming: true) { numeral, bytes, _ in
            numeral.exactInteger(type, in: bytes)
        }
    }

    /// Applies `rule` with report wording.
    static func apply<T: FixedWidthInteger>(_ rule: Rule, to string: String, as type: T.Type) -> CoercionResult<T> {
        let target = String(describing: type)
        let found = CoercionScalar.string(string).found
        switch rule.kind {
        case .off:
            return .notConverted(reason: "found \(found) where \(target) was expected; the policy does not read numbers from strings")
        case .exact:
            switch readExact(string, as: type) {
            case .value(let value)?:
                return .converted(value, rule: "string → \(target)")
            case .fractional?:
                return .notConverted(reason: "found \(found); it has a fractional part and \(target) holds whole numbers only")
            case .outOfRange?:
                return .notConverted(reason: "found \(found); it is outside \(target)'s range \(T.min)...\(T.max)")
            case nil:
                return .notConverted(reason: "found \(found) where \(target) was expected; it is not a number")
            }
        case .yyModel:
            guard let value = YYModelNumber.integer(fromString: string, as: type) else {
                return .notConverted(reason: "found \(found); YYModel reads it as no number (null word or not finite)")
            }
            return .converted(value, rule: "string → \(target) (YYModel)")
        }
    }
}
