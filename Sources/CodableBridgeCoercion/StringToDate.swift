// Rule family: the `.flexible` date strategy's reader — strings (and numbers) read as `Date`.
//
//     input                                   .flexible (strict, lenient)   .yyModel
//     "2014-01-20"                            2014-01-20 00:00:00 UTC       same
//     "2014-01-20 12:24:48"                   UTC                           UTC
//     "2014-01-20T12:24:48.123456Z"           parsed (any fraction)         not converted (length 27)
//     "2014-01-20T12:24:48+08"                parsed                        not converted (length 22)
//     " 2014-01-20 "                          parsed (trimmed)              not converted (length 12)
//     "Fri Sep 04 00:12:21 +0800 2015"        parsed                        parsed
//     "Sun, 06 Nov 1994 08:49:37 GMT"         parsed                        not converted
//     "2014-02-30"                            not converted                 not converted
//     1445534567 (number)                     seconds since 1970 *          not converted
//     1714564800123 (number)                  milliseconds since 1970 * †   not converted
//     "1445534567" (string)                   not converted                 not converted
//
//     * when ``CoercionPolicy/numbersAsDates`` is on (strict, lenient); off in yyModel, whose
//       NSDate properties ignore numbers.
//     † a magnitude of at least 100,000,000,000 (``StringToDate/epochMillisecondsThreshold``):
//       as seconds that would be the year 5138 or later, as milliseconds it is 1973 or later.
//       The decoder reports it (`.coerced`, "epoch milliseconds").
//
// See ``FlexibleDateParser`` and ``YYModelDateParser`` for the exact formats.

import Foundation

/// Reading dates for the decoder's `.flexible` date strategy.
///
/// The rule a policy uses is ``CoercionPolicy/stringToDate``; the parsers are
/// ``FlexibleDateParser`` and ``YYModelDateParser``.
///
/// ```swift
/// var policy = CoercionPolicy.lenient
/// policy.stringToDate = .yyModel   // only YYModel's length table
/// ```
public enum StringToDate {
    /// Which date formats the `.flexible` strategy reads under a policy.
    ///
    /// Defaults to `.flexible` in ``CoercionPolicy/strict`` and ``CoercionPolicy/lenient`` (the
    /// strategy was chosen explicitly, so strict does not narrow it) and `.yyModel` in
    /// ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.yyModel
    /// policy.stringToDate = .flexible   // also RFC 1123 and ISO 8601 with any fraction
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case off, flexible, yyModel }
        let kind: Kind

        /// No string is read as a date.
        public static let off = Rule(kind: .off)
        /// ``FlexibleDateParser``: ISO 8601 (any fraction, any zone form), `yyyy-MM-dd HH:mm:ss`,
        /// Twitter/Weibo and RFC 1123 forms.
        public static let flexible = Rule(kind: .flexible)
        /// ``YYModelDateParser``: YYModel's length-indexed table only.
        public static let yyModel = Rule(kind: .yyModel)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .off: "off"
            case .flexible: "flexible"
            case .yyModel: "yyModel"
            }
        }
    }

    /// The smallest magnitude the `.flexible` strategy reads as milliseconds rather than seconds
    /// since 1970: 100,000,000,000 (as seconds, the year 5138; as milliseconds, 1973-03-03).
    public static let epochMillisecondsThreshold: Double = 100_000_000_000

    /// The rule name of a number read as epoch milliseconds; the decoder reports such a date.
    package static let epochMillisecondsRule = "number → Date (epoch milliseconds)"

    /// A JSON number read as an epoch time: seconds since 1970, or milliseconds when its
    /// magnitude is at least ``epochMillisecondsThreshold``.
    ///
    /// The date is the one nearest to the number's decimal value (to the nanosecond), computed
    /// from its digits as the `.flexible` strategy reads date strings — so `1714564800123` is
    /// exactly the date of `"2024-05-01T12:00:00.123Z"`, and `BridgeEncoder` writes it so.
    /// (`Date(timeIntervalSince1970:)` rounds twice and can land one step beside it.)
    ///
    /// ```swift
    /// StringToDate.epochDate("1714564800")      // (2024-05-01 12:00:00 UTC, milliseconds: false)
    /// StringToDate.epochDate("1714564800123")   // (2024-05-01 12:00:00.123 UTC, milliseconds: true)
    /// ```
    ///
    /// - Parameter text: The JSON number's source text.
    /// - Returns: The date and whether the number was read as milliseconds, or `nil` when the text
    ///   is not a finite number.
    public static func epochDate(_ text: String) -> (date: Date, milliseconds: Bool)? {
        guard let number = Double(text), number.isFinite else { return nil }
        let milliseconds = number.magnitude >= epochMillisecondsThreshold
        if let integer = Int64(text) {
            // The common case, without reading digits one by one: floor division into seconds.
            let unit: Int64 = milliseconds ? 1000 : 1
            let (quotient, remainder) = integer.quotientAndRemainder(dividingBy: unit)
            let timestamp = remainder < 0
                ? DecimalTimestamp(secondsSince1970: quotient - 1, fraction: remainder + unit, fractionScale: unit)
                : DecimalTimestamp(secondsSince1970: quotient, fraction: remainder, fractionScale: unit)
            return (timestamp.date, milliseconds)
        }
        if let exact = DecimalTimestamp(number: text, unitDigits: milliseconds ? 3 : 0) {
            return (exact.date, milliseconds)
        }
        return (Date(timeIntervalSince1970: milliseconds ? number / 1000 : number), milliseconds)
    }

    /// A JSON number read as seconds since 1970.
    ///
    /// ```swift
    /// StringToDate.secondsSince1970("1445534567.5")   // 2015-10-22 17:22:47.5 UTC
    /// ```
    ///
    /// - Parameter text: The JSON number's source text.
    /// - Returns: The date, or `nil` when the text is not a finite number.
    public static func secondsSince1970(_ text: String) -> Date? {
        guard let seconds = Double(text), seconds.isFinite else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Applies `rule` (and `numbersAsDates` for numbers) with report wording.
    static func apply(_ rule: Rule, numbersAsDates: Bool, to scalar: CoercionScalar) -> CoercionResult<Date> {
        switch scalar {
        case .string(let string):
            switch rule.kind {
            case .off:
                return .notConverted(reason: "found \(scalar.found) where a date was expected; the policy reads no date strings")
            case .flexible:
                if let date = FlexibleDateParser.parse(string) { return .converted(date, rule: "date string → Date") }
                return .notConverted(reason: "found \(scalar.found) where a date was expected; it is not an ISO 8601, yyyy-MM-dd HH:mm:ss, Twitter or RFC 1123 date, or names an impossible day")
            case .yyModel:
                if let date = YYModelDateParser.parse(string) { return .converted(date, rule: "date string → Date (YYModel)") }
                return .notConverted(reason: "found \(scalar.found) where a date was expected; it matches none of YYModel's date formats for its length (\(string.utf8.count))")
            }
        case .number(let text):
            guard numbersAsDates else {
                return .notConverted(reason: "found \(scalar.found) where a date was expected; the policy does not read numbers as dates")
            }
            guard let (date, milliseconds) = epochDate(text) else {
                return .notConverted(reason: "found \(scalar.found); it is not a finite number of seconds")
            }
            return .converted(date, rule: milliseconds ? epochMillisecondsRule : "number → Date (seconds since 1970)")
        case .bool, .null:
            return .notConverted(reason: "found \(scalar.found) where a date was expected")
        }
    }
}
