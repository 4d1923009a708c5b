// Decimal numerals as the coercion rules read them.
//
// A numeral is scanned once into ranges of its UTF-8 bytes, never into a `Double` first, so that
// integer targets are decided exactly:
//
//     "-12.50e1"   negative: true, integer digits "12", fraction digits "50", exponent 1
//                  digits d = 1 2 5 0, decimal point after position 2 + 1 = 3 → -125.0 → -125
//     "12.5"       point after position 2 → fraction digit "5" is not zero → not a whole number
//     "1e400"      point after position 401 → more than 40 integer digits → out of range
//
// Two syntaxes are accepted: `.json` (RFC 8259: no `+`, no leading zeros, digits on both sides of
// the point) for JSON number text, and `.lenient` for numbers written inside strings (`+` sign,
// leading zeros, `.5` and `5.`).

/// ASCII helpers shared by the rule families.
enum ASCII {
    /// Space, tab, line feed, vertical tab, form feed, carriage return (C's `isspace`).
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10
    }

    /// The bounds of `bytes` without leading and trailing ASCII whitespace.
    static func trimmedBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    /// Runs `body` over the UTF-8 bytes of `string`, copying only when it is not contiguous.
    @inline(__always)
    static func withBytes<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }
}

/// A scanned decimal numeral: sign, digit ranges and exponent, as indices into a UTF-8 buffer.
struct DecimalNumeral {
    enum Syntax {
        /// JSON number text (RFC 8259).
        case json
        /// A number written in a string: optional `+`, leading zeros, `.5`, `5.`.
        case lenient
    }

    /// The outcome of reading a numeral as an integer of some type.
    enum IntegerReading<T> {
        case value(T)
        case fractional
        case outOfRange
    }

    var isNegative: Bool
    var integerDigits: Range<Int>
    var fractionDigits: Range<Int>
    /// The decimal exponent, clamped to ±1_000_000_000 (far beyond any representable value).
    var exponent: Int

    /// Scans all of `bytes[range]` as a numeral; `nil` when any byte does not fit the syntax.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, syntax: Syntax) -> DecimalNumeral? {
        var i = range.lowerBound
        let end = range.upperBound
        guard i < end else { return nil }
        var negative = false
        if bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        } else if bytes[i] == UInt8(ascii: "+"), syntax == .lenient {
            i += 1
        }
        let integerStart = i
        while i < end, ASCII.isDigit(bytes[i]) { i += 1 }
        let integerDigits = integerStart..<i
        if syntax == .json {
            guard !integerDigits.isEmpty else { return nil }
            if integerDigits.count > 1, bytes[integerStart] == UInt8(ascii: "0") { return nil }
        }
        var fractionDigits = i..<i
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < end, ASCII.isDigit(bytes[i]) { i += 1 }
            fractionDigits = fractionStart..<i
            if syntax == .json, fractionDigits.isEmpty { return nil }
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return nil }
        var exponent = 0
        if i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            var exponentNegative = false
            if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            let exponentStart = i
            while i < end, ASCII.isDigit(bytes[i]) {
                if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(bytes[i] &- 0x30) }
                i += 1
            }
            guard i > exponentStart else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard i == end else { return nil }
        return DecimalNumeral(isNegative: negative, integerDigits: integerDigits,
                              fractionDigits: fractionDigits, exponent: exponent)
    }

    /// The digit at virtual position `index` of the concatenated integer and fraction digits.
    @inline(__always)
    private func digit(_ index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let integerCount = integerDigits.count
        if index < integerCount { return bytes[integerDigits.lowerBound + index] &- 0x30 }
        let fractionIndex = index - integerCount
        if fractionIndex < fractionDigits.count { return bytes[fractionDigits.lowerBound + fractionIndex] &- 0x30 }
        return 0
    }

    /// Reads the numeral as an integer of type `T`, exactly: `12.0` and `1.2e1` are 12, `12.5` is
    /// fractional, `-1` is out of range for `UInt8`.
    func exactInteger<T: FixedWidthInteger>(_ type: T.Type, in bytes: UnsafeBufferPointer<UInt8>) -> IntegerReading<T> {
        let digitCount = integerDigits.count + fractionDigits.count
        var first = 0
        while first < digitCount, digit(first, in: bytes) == 0 { first += 1 }
        if first == digitCount { return .value(0) }
        let point = integerDigits.count + exponent
        // Every digit at or after the decimal point must be zero.
        var check = Swift.max(point, first)
        while check < digitCount {
            if digit(check, in: bytes) != 0 { return .fractional }
            check += 1
        }
        guard point > first else { return .fractional }
        if point - first > 40 { return .outOfRange }
        if isNegative, !T.isSigned { return .outOfRange }
        var value: T = 0
        for position in first..<point {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let d = T(digit(position, in: bytes))
            let (next, overflow2) = isNegative ? shifted.subtractingReportingOverflow(d) : shifted.addingReportingOverflow(d)
            if overflow1 || overflow2 { return .outOfRange }
            value = next
        }
        return .value(value)
    }

    /// The number of significant digits (without leading and trailing zeros of the digit sequence).
    func significantDigitCount(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let digitCount = integerDigits.count + fractionDigits.count
        var first = 0
        while first < digitCount, digit(first, in: bytes) == 0 { first += 1 }
        if first == digitCount { return 0 }
        var last = digitCount - 1
        while last > first, digit(last, in: bytes) == 0 { last -= 1 }
        return last - first + 1
    }
}

extension DecimalNumeral {
    /// Scans a whole string; `nil` when it is not a numeral of `syntax` (surrounding ASCII
    /// whitespace is skipped when `trimming`).
    static func withNumeral<R>(_ string: String, syntax: Syntax, trimming: Bool,
                               _ body: (DecimalNumeral, UnsafeBufferPointer<UInt8>, Range<Int>) -> R) -> R? {
        ASCII.withBytes(string) { bytes in
            let range = trimming ? ASCII.trimmedBounds(bytes) : 0..<bytes.count
            guard let numeral = scan(bytes, in: range, syntax: syntax) else { return nil }
            return body(numeral, bytes, range)
        }
    }
}
