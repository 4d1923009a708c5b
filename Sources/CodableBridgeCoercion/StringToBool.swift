// Rule family: a JSON string where a `Bool` is expected.
//
//     input                          .off (strict)   .words (lenient)   .yyModel
//     "true", "yes", "1"             not converted   true               true
//     "TRUE", "Yes", " true "        not converted   true               true, true, false (atoll → 0)
//     "tRuE", "YeS"                  not converted   true               false (not in the table → atoll → 0)
//     "false", "no", "0", "NO"       not converted   false              false
//     "2", "-1", "0.5"               not converted   not converted      true (non-zero)
//     "abc", "on", ""                not converted   not converted      false (atoll → 0)
//     "null", "<null>"               not converted   not converted      not converted (no number)
//
// `.words` accepts true/yes/1 and false/no/0 in any letter case, with surrounding whitespace.
// `.yyModel` is YYModel's word table with its exact spellings (lower case, Capitalised, UPPER),
// then any number non-zero → true (see ``YYModelNumber``).

/// Converting strings to `Bool`.
///
/// The rule a policy uses is ``CoercionPolicy/stringToBool``; the functions below are the rules
/// themselves.
///
/// ```swift
/// StringToBool.words("Yes")     // true
/// StringToBool.words("2")       // nil
/// StringToBool.yyModel("2")     // true
/// ```
public enum StringToBool {
    /// Which string → `Bool` rule a policy applies.
    ///
    /// Defaults to `.words` in ``CoercionPolicy/lenient``, `.off` in ``CoercionPolicy/strict`` and
    /// `.yyModel` in ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.lenient
    /// policy.stringToBool = .off
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case off, words, yyModel }
        let kind: Kind

        /// Strings are never Booleans (Foundation's behaviour).
        public static let off = Rule(kind: .off)
        /// `true`/`yes`/`1` and `false`/`no`/`0`, any letter case, surrounding whitespace allowed.
        public static let words = Rule(kind: .words)
        /// YYModel's word table (exact spellings), then any number: non-zero is `true`.
        public static let yyModel = Rule(kind: .yyModel)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .off: "off"
            case .words: "words"
            case .yyModel: "yyModel"
            }
        }
    }

    /// Reads `true`/`yes`/`1` or `false`/`no`/`0` in any letter case, ignoring surrounding
    /// whitespace.
    ///
    /// ```swift
    /// StringToBool.words(" NO ")   // false
    /// StringToBool.words("on")     // nil
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: The Boolean, or `nil` for any other text.
    public static func words(_ string: String) -> Bool? {
        ASCII.withBytes(string) { bytes -> Bool? in
            let range = ASCII.trimmedBounds(bytes)
            guard range.count <= 5 else { return nil }
            // Pack the lowercased bytes into one integer: "yes" → 0x796573.
            var packed: UInt64 = 0
            for index in range {
                let byte = bytes[index]
                let lower = (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte | 0x20 : byte
                packed = packed << 8 | UInt64(lower)
            }
            switch packed {
            case 0x74_72_75_65, 0x79_65_73, 0x31: return true       // "true", "yes", "1"
            case 0x66_61_6C_73_65, 0x6E_6F, 0x30: return false      // "false", "no", "0"
            default: return nil
            }
        }
    }

    /// Reads a string the way YYModel assigns it to a `BOOL` property.
    ///
    /// ```swift
    /// StringToBool.yyModel("YES")    // true
    /// StringToBool.yyModel("abc")    // false
    /// StringToBool.yyModel("null")   // nil
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: The Boolean, or `nil` for YYModel's null words and non-finite dotted strings.
    public static func yyModel(_ string: String) -> Bool? {
        YYModelNumber.parse(string)?.boolValue
    }

    /// Applies `rule` with report wording.
    static func apply(_ rule: Rule, to string: String) -> CoercionResult<Bool> {
        let found = CoercionScalar.string(string).found
        switch rule.kind {
        case .off:
            return .notConverted(reason: "found \(found) where Bool was expected; the policy does not read Booleans from strings")
        case .words:
            if let value = words(string) { return .converted(value, rule: "string → Bool") }
            return .notConverted(reason: "found \(found) where Bool was expected; only true/yes/1 and false/no/0 are read as Booleans")
        case .yyModel:
            if let value = yyModel(string) { return .converted(value, rule: "string → Bool (YYModel)") }
            return .notConverted(reason: "found \(found); YYModel reads it as no value (null word or not finite)")
        }
    }
}
