import CCodableBridgeNumbers
import Foundation

/// A JSON number, kept exactly as it appeared in the source text.
///
/// JSON numbers have arbitrary precision; Swift's numeric types do not. `JSONNumber` stores the
/// number's text (`"12"`, `"-0.5e3"`, `"18446744073709551615"`) so nothing is lost between parsing
/// and decoding, and converts on demand: exactly to `Int64` / `UInt64` / `Decimal` when the value
/// fits, and to the nearest `Double`.
///
/// ```swift
/// let id = JSONNumber(text: "9007199254740993")!
/// id.int64Value   // 9007199254740993 (a Double would round it to ...992)
/// ```
///
/// Two numbers are equal when their text is equal: `1` and `1.0` differ. Compare `doubleValue` or
/// `decimalValue` to compare numerically.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's JSON text, e.g. `"-12.5e3"`. Always valid RFC 8259 number grammar, except for
    /// numbers made from non-finite `Double`s (`"nan"`, `"inf"`, `"-inf"`), which the writer rejects.
    public let text: String

    /// Creates a number from JSON number text; `nil` unless `text` follows RFC 8259's grammar.
    public init?(text: String) {
        guard JSONNumber.isValidGrammar(text.utf8) else { return nil }
        self.text = text
    }

    /// Creates a number from text already known to be valid (the parser's path).
    package init(uncheckedText text: String) {
        self.text = text
    }

    /// Creates a number holding `value` exactly.
    public init<T: BinaryInteger>(_ value: T) {
        self.text = String(value)
    }

    /// Creates a number holding `value`, written as its shortest round-tripping text
    /// (`1.0`, `0.1`, `1e-07`).
    public init(_ value: Double) {
        if value.isNaN {
            text = "nan"
        } else if value.isInfinite {
            text = value < 0 ? "-inf" : "inf"
        } else {
            text = JSONNumber.canonicalText(value)
        }
    }

    /// Creates a number holding `value` exactly.
    public init(_ value: Decimal) {
        self.text = value.description
    }

    /// Whether the text has no fraction and no exponent (`12`, `-3`; not `12.0` or `1e2`).
    public var isInteger: Bool {
        !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") })
    }

    /// The value as `Int64` when it is an integer that fits exactly (`12`, `12.0`, `1.2e1`), else `nil`.
    public var int64Value: Int64? {
        if let value = Int64(text) { return value }
        // `12.0`, `1.2e1`: exact through Decimal, whose description of a whole number has no dot.
        guard !isInteger, let decimal = decimalValue else { return nil }
        return Int64(decimal.description)
    }

    /// The value as `UInt64` when it is a non-negative integer that fits exactly, else `nil`.
    public var uint64Value: UInt64? {
        if let value = UInt64(text) { return value }
        if text == "-0" { return 0 }
        guard !isInteger, let decimal = decimalValue else { return nil }
        return decimal.isZero ? 0 : UInt64(decimal.description)
    }

    /// The nearest `Double` (infinity when the magnitude is beyond `Double`'s range).
    public var doubleValue: Double {
        Double(text) ?? .nan
    }

    /// The value as `Decimal`, exact for up to 38 significant digits; `nil` when out of range.
    public var decimalValue: Decimal? {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// The number's JSON text, as read or written.
    public var description: String { text }

    /// The shortest text that reads back as `value`, in JSON grammar (`1.0`, `1e-07`, `1e+20`).
    package static func canonicalText(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0"), abs(value) < 1e16 {
            return text
        }
        // Swift writes `1e-07`, `1e+20`, `5e-324`: already JSON grammar.
        if !isValidGrammar(text.utf8) { text = cLocaleText(value) }
        return text
    }

    /// C's `%.17g` in the C locale (`String(format:)` would write the host locale's decimal
    /// separator).
    private static func cLocaleText(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 48)
        _ = codablebridge_format_double_c(&buffer, buffer.count, 17, value)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `bytes` is a complete RFC 8259 number.
    package static func isValidGrammar<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var i = bytes.startIndex
        let end = bytes.endIndex
        func digit(_ i: C.Index) -> Bool { i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if i < end, bytes[i] == UInt8(ascii: "-") { i = bytes.index(after: i) }
        guard digit(i) else { return false }
        if bytes[i] == UInt8(ascii: "0") {
            i = bytes.index(after: i)
        } else {
            while digit(i) { i = bytes.index(after: i) }
        }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i = bytes.index(after: i)
            guard digit(i) else { return false }
            while digit(i) { i = bytes.index(after: i) }
        }
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i = bytes.index(after: i)
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i = bytes.index(after: i) }
            guard digit(i) else { return false }
            while digit(i) { i = bytes.index(after: i) }
        }
        return i == end
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Creates a number from an integer literal: `let n: JSONNumber = 7`.
    public init(integerLiteral value: Int) { self.init(value) }
    /// Creates a number from a floating-point literal, written in its shortest form: `1.5`.
    public init(floatLiteral value: Double) { self.init(value) }
}
