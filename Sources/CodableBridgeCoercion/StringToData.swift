// Rule family: a JSON string read as `Data`.
//
//     input             .base64 (strict, lenient)     .utf8 (yyModel)
//     "aGVsbG8="        5 bytes "hello"               8 bytes "aGVsbG8="
//     "hello"           not converted (not base64)    5 bytes "hello"
//     ""                0 bytes                       0 bytes
//     12, true          not converted                 not converted
//
// YYModel fills `NSData` properties with the string's UTF-8 bytes, never decoding base64. Under a
// `.utf8` policy the decoder should call ``CoercionPolicy/data(from:)`` before its own base64
// decoding (``CoercionPolicy/readsStringsAsUTF8Data`` tells it so).

import Foundation

/// Converting strings to `Data`.
///
/// The rule a policy uses is ``CoercionPolicy/stringToData``; the functions below are the rules
/// themselves.
///
/// ```swift
/// StringToData.base64("aGVsbG8=")   // "hello" as bytes
/// StringToData.utf8("hello")        // "hello" as bytes
/// ```
public enum StringToData {
    /// Which string → `Data` rule a policy applies.
    ///
    /// Defaults to `.base64` in ``CoercionPolicy/strict`` and ``CoercionPolicy/lenient``, and
    /// `.utf8` in ``CoercionPolicy/yyModel``.
    ///
    /// ```swift
    /// var policy = CoercionPolicy.lenient
    /// policy.stringToData = .utf8
    /// ```
    public struct Rule: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Sendable, Hashable { case base64, utf8 }
        let kind: Kind

        /// The string is base64 (Foundation's behaviour); anything else is not converted.
        public static let base64 = Rule(kind: .base64)
        /// The string's UTF-8 bytes, whatever it holds (YYModel).
        public static let utf8 = Rule(kind: .utf8)

        /// The setting's name as written in Swift (`"exact"`, `"yyModel"`), for messages and logs.
        public var description: String {
            switch kind {
            case .base64: "base64"
            case .utf8: "utf8"
            }
        }
    }

    /// The bytes a base64 string encodes.
    ///
    /// ```swift
    /// StringToData.base64("AAE=")    // [0x00, 0x01]
    /// StringToData.base64("hello")   // nil
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: The bytes, or `nil` when the string is not valid base64.
    public static func base64(_ string: String) -> Data? {
        Data(base64Encoded: string)
    }

    /// The string's UTF-8 bytes.
    ///
    /// ```swift
    /// StringToData.utf8("é")   // [0xC3, 0xA9]
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: The bytes.
    public static func utf8(_ string: String) -> Data {
        Data(string.utf8)
    }

    /// Applies `rule` with report wording.
    static func apply(_ rule: Rule, to scalar: CoercionScalar) -> CoercionResult<Data> {
        guard case .string(let string) = scalar else {
            return .notConverted(reason: "found \(scalar.found) where a string of data was expected")
        }
        switch rule.kind {
        case .base64:
            if let data = base64(string) { return .converted(data, rule: "base64 string → Data") }
            return .notConverted(reason: "found \(scalar.found); it is not valid base64")
        case .utf8:
            return .converted(utf8(string), rule: "string → Data (UTF-8 bytes, YYModel)")
        }
    }
}
