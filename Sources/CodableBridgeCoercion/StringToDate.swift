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
//     "1445534567" (string)                   not converted                 not converted
//
//     * when ``CoercionPolicy/numbersAsDates`` is on (strict, lenient); off in yyModel, whose
//       NSDate properties ignore numbers.
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
            if let date = secondsSince1970(text) { return .converted(date, rule: "number → Date (seconds since 1970)") }
            return .notConverted(reason: "found \(scalar.found); it is not a finite number of seconds")
        case .bool, .null:
            return .notConverted(reason: "found \(scalar.found) where a date was expected")
        }
    }
}
