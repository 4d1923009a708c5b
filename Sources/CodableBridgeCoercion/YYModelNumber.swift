// YYModel's string → number reading, restated.
//
// YYModel turns any JSON value bound for a number property into an `NSNumber` first and then
// narrows it to the property's C type. For a string the first step is:
//
//     1. the whole string is looked up in a fixed word table (exact spellings):
//            TRUE True true YES Yes yes                      → YES
//            FALSE False false NO No no                      → NO
//            NIL Nil nil NULL Null null (NULL) (Null) (null)
//            <NULL> <Null> <null>                            → no number (nil)
//     2. otherwise, when the string contains a "." anywhere, C's atof reads it; NaN or ±infinity
//        give no number:            "12.5x" → 12.5,  ".5" → 0.5,  "1.0e999" → nil
//     3. otherwise C's atoll reads it (leading whitespace, sign, digits; stops at the first other
//        character; clamps to the Int64 range):  "12abc" → 12,  "abc" → 0,  "1e5" → 1
//
// The second step (`ModelSetNumberToProperty`) narrows the NSNumber:
//
//     target        from an integer                  from a floating-point value
//     Bool          non-zero → true                  non-zero → true
//     integer T     two's-complement wrap to T       truncate toward zero, then wrap
//                   (-1 → UInt8 255, 300 → UInt8 44) (12.9 → 12, -1.5 → UInt8 255)
//     Float/Double  nearest value                    NaN or ±infinity → 0
//
// Out-of-range doubles (beyond ±2^63) are clamped before wrapping, as ARM64 hardware does; C
// leaves that case undefined.
//
// YYModel has no 128-bit integers; for `Int128` / `UInt128` the same rules run at the type's
// width: `atoll` and out-of-range doubles saturate at the type's range instead of `Int64`'s.

/// A number as YYModel reads it from a JSON value: what `NSNumber` would hold.
///
/// Use it to reproduce YYModel's conversions outside a decoder, e.g. when porting a hand-written
/// Objective-C transformer:
///
/// ```swift
/// YYModelNumber.parse("12abc")                 // .integer(12)
/// YYModelNumber.parse("yes")                   // .bool(true)
/// YYModelNumber.parse("<null>")                // nil
/// YYModelNumber.parse("-1")?.integer(as: UInt8.self)   // 255
/// ```
public enum YYModelNumber: Sendable, Hashable {
    /// A Boolean from YYModel's word table (`"true"`, `"YES"`, …) or from a JSON Boolean.
    case bool(Bool)
    /// A signed integer (C's `atoll`, or a JSON integer that fits `Int64`).
    case integer(Int64)
    /// An unsigned integer above `Int64.max` (a JSON integer up to `UInt64.max`).
    case unsigned(UInt64)
    /// A finite floating-point value (C's `atof`, or a JSON number with a fraction or exponent).
    case double(Double)

    /// The exact spellings YYModel maps to `true` / `false`.
    static let booleanWords: [String: Bool] = [
        "TRUE": true, "True": true, "true": true, "YES": true, "Yes": true, "yes": true,
        "FALSE": false, "False": false, "false": false, "NO": false, "No": false, "no": false,
    ]

    /// The exact spellings YYModel reads as null (no number).
    public static let nullWords: Set<String> = [
        "NIL", "Nil", "nil", "NULL", "Null", "null",
        "(NULL)", "(Null)", "(null)", "<NULL>", "<Null>", "<null>",
    ]

    /// Reads a string the way YYModel does before assigning it to a number property.
    ///
    /// The word table comes first (exact spellings), then C's `atof` when the string contains a
    /// `.`, otherwise C's `atoll`. See the file comment for the full table.
    ///
    /// ```swift
    /// YYModelNumber.parse(" 12abc")   // .integer(12)
    /// YYModelNumber.parse("1.5e3")    // .double(1500)
    /// YYModelNumber.parse("1e5")      // .integer(1) — no dot, so atoll stops at "e"
    /// ```
    ///
    /// - Parameter string: The JSON string.
    /// - Returns: The number, or `nil` for a null word or a non-finite `atof` result.
    public static func parse(_ string: String) -> YYModelNumber? {
        if let word = booleanWords[string] { return .bool(word) }
        if nullWords.contains(string) { return nil }
        return ASCII.withBytes(string) { bytes -> YYModelNumber? in
            // NSString.UTF8String ends at the first NUL; the dot test sees the whole string.
            let cEnd = bytes.firstIndex(of: 0) ?? bytes.count
            if bytes.contains(UInt8(ascii: ".")) {
                let value = CNumberScan.atof(bytes, end: cEnd)
                return value.isFinite ? .double(value) : nil
            }
            return .integer(CNumberScan.atoll(bytes, end: cEnd))
        }
    }

    /// Reads JSON number text the way `NSJSONSerialization` hands it to YYModel.
    ///
    /// Integers within `Int64` (or up to `UInt64.max`) stay integers; anything with a fraction or
    /// exponent, or too large, becomes a `Double`.
    ///
    /// ```swift
    /// YYModelNumber.fromJSONNumber("-1")     // .integer(-1)
    /// YYModelNumber.fromJSONNumber("12.5")   // .double(12.5)
    /// ```
    ///
    /// - Parameter text: The JSON number's source text.
    /// - Returns: The number, or `nil` when `text` is not a finite number.
    public static func fromJSONNumber(_ text: String) -> YYModelNumber? {
        let plain = text.utf8.allSatisfy { ASCII.isDigit($0) || $0 == UInt8(ascii: "-") }
        if plain {
            if let value = Int64(text) { return .integer(value) }
            if let value = UInt64(text) { return .unsigned(value) }
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return .double(value)
    }

    /// YYModel's string → integer reading at the width of `T`: ``parse(_:)`` then
    /// ``integer(as:)``, except that for types wider than 64 bits (`Int128`, `UInt128`) C's
    /// `atoll` reads at `T`'s width, so a 39-digit string is not cut to `Int64`'s range.
    static func integer<T: FixedWidthInteger>(fromString string: String, as type: T.Type) -> T? {
        guard let number = parse(string) else { return nil }
        guard T.bitWidth > 64, case .integer = number else { return number.integer(as: type) }
        return ASCII.withBytes(string) { bytes in
            CNumberScan.atoll(bytes, end: bytes.firstIndex(of: 0) ?? bytes.count, as: type)
        }
    }

    /// The text `NSNumber.stringValue` gives on Apple platforms, which YYModel stores in a
    /// `NSString` property: Booleans `"1"` / `"0"`, integers in decimal, doubles with C's
    /// `%0.16g` (the format `-[NSNumber descriptionWithLocale:]` documents for `double`).
    ///
    /// ```swift
    /// YYModelNumber.double(1.0).stringValue     // "1"
    /// YYModelNumber.double(1e21).stringValue    // "1e+21"
    /// YYModelNumber.double(1e-7).stringValue    // "1e-07"
    /// YYModelNumber.double(123456789012345678).stringValue   // "1.234567890123457e+17"
    /// YYModelNumber.bool(true).stringValue      // "1"
    /// ```
    ///
    /// swift-corelibs-foundation formats doubles differently (`NSNumber(value: 1.0).stringValue`
    /// is `"1.0"` on Linux); this is Apple's text, on every platform.
    public var stringValue: String {
        switch self {
        case .bool(let value): value ? "1" : "0"
        case .integer(let value): String(value)
        case .unsigned(let value): String(value)
        case .double(let value): CLocaleNumberText.g(value, significantDigits: 16)  // "%0.16g", C locale
        }
    }

    /// The text YYModel stores in a string property for a JSON number: the `NSNumber.stringValue`
    /// of what `NSJSONSerialization` makes of `text`.
    ///
    /// Integers within `Int64` / `UInt64` print in decimal (`-0` → `"0"`); numbers with a
    /// fraction or exponent become a `Double` and print with `%0.16g` (`1.50` → `"1.5"`,
    /// `1e5` → `"100000"`, `0.30000000000000004` → `"0.3"`); integers beyond `UInt64` arrive as
    /// `NSDecimalNumber` and keep their digits.
    ///
    /// ```swift
    /// YYModelNumber.stringValue(ofJSONNumber: "1.0")    // "1"
    /// YYModelNumber.stringValue(ofJSONNumber: "-1e5")   // "-100000"
    /// ```
    ///
    /// - Parameter text: The JSON number's source text.
    /// - Returns: The string YYModel would store; `text` itself when it is not a finite number.
    public static func stringValue(ofJSONNumber text: String) -> String {
        if let number = fromJSONNumber(text) {
            if case .double = number, text.utf8.allSatisfy({ ASCII.isDigit($0) || $0 == UInt8(ascii: "-") }) {
                return text   // an integer beyond UInt64: NSDecimalNumber keeps its digits
            }
            return number.stringValue
        }
        return text
    }

    /// The value as YYModel's `boolValue`: non-zero is `true`.
    public var boolValue: Bool {
        switch self {
        case .bool(let value): value
        case .integer(let value): value != 0
        case .unsigned(let value): value != 0
        case .double(let value): value != 0
        }
    }

    /// The value narrowed to an integer type as YYModel assigns it to a C integer property:
    /// Booleans are 1/0, integers wrap (two's complement), doubles truncate toward zero, then wrap.
    ///
    /// ```swift
    /// YYModelNumber.integer(-1).integer(as: UInt8.self)    // 255
    /// YYModelNumber.double(12.9).integer(as: Int.self)     // 12
    /// ```
    ///
    /// - Parameter type: The integer type of the property.
    /// - Returns: The narrowed value.
    public func integer<T: FixedWidthInteger>(as type: T.Type = T.self) -> T {
        switch self {
        case .bool(let value):
            return value ? 1 : 0
        case .integer(let value):
            return T(truncatingIfNeeded: value)
        case .unsigned(let value):
            return T(truncatingIfNeeded: value)
        case .double(let value):
            let truncated = value.rounded(.towardZero)
            if T.bitWidth > 64 {
                // Int128, UInt128: YYModel has no such types; truncate and clamp at T's width
                // (as Int64 clamps at its own), a negative value for an unsigned T wraps.
                if let exact = T(exactly: truncated) { return exact }
                if truncated > 0 { return T.max }
                if T.isSigned { return T.min }
                return 0 &- (T(exactly: -truncated) ?? T.max)
            }
            if !T.isSigned && T.bitWidth == 64 {
                if truncated >= 0 {
                    // unsignedLongLongValue: a non-negative double converts directly.
                    return truncated >= 18_446_744_073_709_551_616.0 ? T.max : T(truncated)
                }
            }
            let wide: Int64
            if truncated >= 9_223_372_036_854_775_808.0 {
                wide = .max
            } else if truncated < -9_223_372_036_854_775_808.0 {
                wide = .min
            } else {
                wide = Int64(truncated)
            }
            return T(truncatingIfNeeded: wide)
        }
    }

    /// The value as YYModel assigns it to a `float`/`double` property; NaN and ±infinity
    /// (including a `Double` that overflows `Float`) become 0.
    ///
    /// ```swift
    /// YYModelNumber.double(1e50).floatingPoint(as: Float.self)   // 0
    /// ```
    ///
    /// - Parameter type: The floating-point type of the property.
    /// - Returns: The value, or 0 when it is not finite in `T`.
    public func floatingPoint<T: BinaryFloatingPoint>(as type: T.Type = T.self) -> T {
        let result: T
        switch self {
        case .bool(let value): result = value ? 1 : 0
        case .integer(let value): result = T(value)
        case .unsigned(let value): result = T(value)
        case .double(let value): result = T(value)
        }
        return result.isFinite ? result : 0
    }
}
