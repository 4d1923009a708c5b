// Rule family: strings that stand for null.
//
//     input                                 .off (strict, lenient)   .yyModel
//     "null", "Null", "NULL"                not null                 null
//     "nil", "Nil", "NIL"                   not null                 null
//     "(null)", "(Null)", "(NULL)"          not null                 null
//     "<null>", "<Null>", "<NULL>"          not null                 null
//     "NuLL", " null", "none", ""           not null                 not null
//
// YYModel's word table (exact spellings) applies only where YYModel reads a number: number and
// Bool properties (and their Optionals). A String property keeps the text "null" as it is — the
// decoder should ask ``CoercionPolicy/isNullWord(_:)`` only for number and Bool targets.

/// Strings that stand for null.
///
/// The rule a policy uses is ``CoercionPolicy/nullWords``; the function below is the rule itself.
///
/// ```swift
/// NullWords.isYYModelNullWord("<null>")   // true
/// NullWords.isYYModelNullWord("NuLL")     // false
/// ```
public enum NullWords {
    /// Which null words a policy recognises.
    ///
    /// Defaults to `.off` in ``CoercionPolicy/strict`` and ``CoercionPolicy/lenient``, and
    /// `.yyModel` in ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.lenient
    /// policy.nullWords = .yyModel   // "null" → Int? is nil
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case off, yyModel }
        let kind: Kind

        /// No string stands for null; `"null"` is just text.
        public static let off = Rule(kind: .off)
        /// YYModel's twelve spellings: `nil`, `null`, `(null)`, `<null>` in lower case,
        /// Capitalised and UPPER case.
        public static let yyModel = Rule(kind: .yyModel)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .off: "off"
            case .yyModel: "yyModel"
            }
        }
    }

    /// Whether `string` is exactly one of YYModel's null words.
    ///
    /// ```swift
    /// NullWords.isYYModelNullWord("(null)")   // true
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: `true` for `nil`, `null`, `(null)`, `<null>` in YYModel's spellings.
    public static func isYYModelNullWord(_ string: String) -> Bool {
        // Every null word has 3 to 6 UTF-8 bytes; skip the set lookup for anything else.
        let count = string.utf8.count
        guard count >= 3, count <= 6 else { return false }
        return YYModelNumber.nullWords.contains(string)
    }

    /// Applies `rule`.
    static func apply(_ rule: Rule, to string: String) -> Bool {
        switch rule.kind {
        case .off: false
        case .yyModel: isYYModelNullWord(string)
        }
    }
}
