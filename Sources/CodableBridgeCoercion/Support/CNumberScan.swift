// C's `atoll` and `atof`, restated over UTF-8 bytes (C locale), for YYModel's number reading.
//
//     atoll:  skip isspace; optional + or -; decimal digits until the first other byte;
//             clamps to Int64.min...Int64.max (as strtoll does); no digits → 0
//             "  -12abc" → -12     "abc" → 0     "1e5" → 1     "99999999999999999999" → Int64.max
//
//     atoll at a wider type's width (Int128, UInt128; YYModel has no such types, so its reading is
//     applied at the property's width): the same prefix, saturating at T's range; a negative
//     value for an unsigned T wraps (two's complement), as `atoll` then a C cast does for 64 bits.
//             "170141183460469231731687303715884105727" → Int128.max     "-1" → UInt128.max
//
//     atof:   skip isspace; optional sign; then the longest prefix that is
//               • "inf" / "infinity" / "nan" / "nan(chars)" (any case)
//               • hexadecimal: 0x, hex digits [. hex digits] [p [sign] digits]
//               • decimal: digits [. digits] [e [sign] digits] (the exponent only if it has digits)
//             no number → 0.0
//             "12.5x" → 12.5     "1.5e3km" → 1500     "1.e" → 1     "x.5" → 0
//
// The numeric value of the prefix is computed by Swift's correctly rounded `Double(_:)`.

enum CNumberScan {
    /// C's `atoll` over `bytes[0..<end]`.
    static func atoll(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int64 {
        var i = 0
        while i < end, ASCII.isSpace(bytes[i]) { i += 1 }
        var negative = false
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var value: Int64 = 0
        var saturated = false
        while i < end, ASCII.isDigit(bytes[i]) {
            if !saturated {
                let d = Int64(bytes[i] &- 0x30)
                let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = negative ? shifted.subtractingReportingOverflow(d) : shifted.addingReportingOverflow(d)
                if o1 || o2 {
                    saturated = true
                    value = negative ? .min : .max
                } else {
                    value = next
                }
            }
            i += 1
        }
        return value
    }

    /// C's `atoll` over `bytes[0..<end]` at the width of `T` (for types wider than 64 bits):
    /// saturates at `T`'s range; a negative value for an unsigned `T` wraps.
    static func atoll<T: FixedWidthInteger>(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, as type: T.Type) -> T {
        var i = 0
        while i < end, ASCII.isSpace(bytes[i]) { i += 1 }
        var negative = false
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var magnitude: T.Magnitude = 0
        var saturated = false
        while i < end, ASCII.isDigit(bytes[i]) {
            if !saturated {
                let (shifted, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (next, o2) = shifted.addingReportingOverflow(T.Magnitude(bytes[i] &- 0x30))
                if o1 || o2 {
                    saturated = true
                    magnitude = .max
                } else {
                    magnitude = next
                }
            }
            i += 1
        }
        guard negative else { return T(exactly: magnitude) ?? T.max }
        if T.isSigned {
            return magnitude <= T.min.magnitude ? T(truncatingIfNeeded: 0 &- magnitude) : T.min
        }
        return T(truncatingIfNeeded: 0 &- magnitude)
    }

    /// C's `atof` over `bytes[0..<end]`.
    static func atof(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Double {
        var i = 0
        while i < end, ASCII.isSpace(bytes[i]) { i += 1 }
        let start = i
        var negative = false
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        if let special = specialValue(bytes, from: i, end: end) {
            return negative ? -special : special
        }
        let prefixEnd: Int
        if i + 1 < end, bytes[i] == UInt8(ascii: "0"), bytes[i + 1] | 0x20 == UInt8(ascii: "x"),
           let hexEnd = hexadecimalEnd(bytes, from: i + 2, end: end) {
            prefixEnd = hexEnd
        } else if let decimalEnd = decimalEnd(bytes, from: i, end: end) {
            prefixEnd = decimalEnd
        } else {
            return 0
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<prefixEnd]), as: UTF8.self)
        return Double(text) ?? 0
    }

    private static func matchesWord(_ word: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= end else { return false }
        let pointer = word.utf8Start
        for k in 0..<count where bytes[index + k] | 0x20 != pointer[k] {
            return false
        }
        return true
    }

    private static func specialValue(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int, end: Int) -> Double? {
        if matchesWord("inf", bytes, at: i, end: end) { return .infinity }
        if matchesWord("nan", bytes, at: i, end: end) { return .nan }
        return nil
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        ASCII.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// End of a hexadecimal float body starting after "0x"; `nil` when there are no hex digits.
    private static func hexadecimalEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int? {
        var i = start
        var digits = 0
        while i < end, isHexDigit(bytes[i]) { i += 1; digits += 1 }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, isHexDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        return exponentEnd(bytes, from: i, end: end, marker: UInt8(ascii: "p"))
    }

    /// End of a decimal float body; `nil` when there are no digits.
    private static func decimalEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int? {
        var i = start
        var digits = 0
        while i < end, ASCII.isDigit(bytes[i]) { i += 1; digits += 1 }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, ASCII.isDigit(bytes[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        return exponentEnd(bytes, from: i, end: end, marker: UInt8(ascii: "e"))
    }

    /// Consumes an exponent part (`marker`, optional sign, digits) only when it has digits.
    private static func exponentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, marker: UInt8) -> Int {
        guard start < end, bytes[start] | 0x20 == marker else { return start }
        var i = start + 1
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        let digitsStart = i
        while i < end, ASCII.isDigit(bytes[i]) { i += 1 }
        return i > digitsStart ? i : start
    }
}
