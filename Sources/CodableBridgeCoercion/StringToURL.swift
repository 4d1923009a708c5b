// Rule family: a JSON string read as a `URL`.
//
//     input                   .exact (strict)         .trimmed (lenient, yyModel)
//     "https://x.y"           https://x.y             https://x.y
//     " https://x.y "         not converted           https://x.y
//     " github.com"           not converted           github.com (a relative URL, as YYModel)
//     " ", ""                 not converted           not converted (YYModel: nil)
//     "a b"                   whatever URL(string:)   whatever URL(string:) returns for "a b"
//                             returns                 (Foundation may percent-encode the space)
//     12, true                not converted           not converted
//
// `.exact` is Foundation's own decoding of a URL: `URL(string:)` of the untouched string.
// `.trimmed` first removes surrounding whitespace and newlines (Unicode), as YYModel does.

import Foundation

/// Converting strings to `URL`.
///
/// The rule a policy uses is ``CoercionPolicy/stringToURL``; the functions below are the rules
/// themselves.
///
/// ```swift
/// StringToURL.exact(" https://x.y ")     // nil
/// StringToURL.trimmed(" https://x.y ")   // https://x.y
/// ```
public enum StringToURL {
    /// Which string → `URL` rule a policy applies.
    ///
    /// Defaults to `.exact` in ``CoercionPolicy/strict`` and `.trimmed` in
    /// ``CoercionPolicy/lenient`` and ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.strict
    /// policy.stringToURL = .trimmed
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case exact, trimmed }
        let kind: Kind

        /// `URL(string:)` of the string as it is (Foundation's behaviour).
        public static let exact = Rule(kind: .exact)
        /// `URL(string:)` of the string without surrounding whitespace and newlines; an empty
        /// result is not converted.
        public static let trimmed = Rule(kind: .trimmed)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .exact: "exact"
            case .trimmed: "trimmed"
            }
        }
    }

    /// `URL(string:)` of the string as it is.
    ///
    /// ```swift
    /// StringToURL.exact("https://x.y/a?b=c")   // https://x.y/a?b=c
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: The URL, or `nil` when Foundation rejects the string.
    public static func exact(_ string: String) -> URL? {
        URL(string: string)
    }

    /// `URL(string:)` of the string without surrounding whitespace and newlines.
    ///
    /// ```swift
    /// StringToURL.trimmed("\n https://x.y \t")   // https://x.y
    /// StringToURL.trimmed("   ")                 // nil
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: The URL, or `nil` when nothing is left or Foundation rejects the rest.
    public static func trimmed(_ string: String) -> URL? {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        return URL(string: trimmed)
    }

    /// Applies `rule` with report wording.
    static func apply(_ rule: Rule, to scalar: CoercionScalar) -> CoercionResult<URL> {
        guard case .string(let string) = scalar else {
            return .notConverted(reason: "found \(scalar.found) where a URL string was expected")
        }
        switch rule.kind {
        case .exact:
            if let url = exact(string) { return .converted(url, rule: "string → URL") }
            return .notConverted(reason: "found \(scalar.found); it is not a valid URL")
        case .trimmed:
            if let url = trimmed(string) {
                let changed = url.absoluteString != string
                return .converted(url, rule: changed ? "string → URL (trimmed)" : "string → URL")
            }
            return .notConverted(reason: "found \(scalar.found); it is not a valid URL, even without surrounding whitespace")
        }
    }
}
