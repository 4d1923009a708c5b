// Reading a number out of a tape node: the integer fast path (digits accumulated in 64 bits, wider
// types checked for overflow), the nearest `Double` (short integers exactly, the rest through
// `DecimalToDouble`, which needs no locale) and the zero test the decoder needs to tell an
// underflow from a zero.

extension JSONTape.Bytes {
    /// Reads the digits of an integer number node; `nil` when it does not fit `T`.
    @inline(__always)
    package func integer<T: FixedWidthInteger>(of n: JSONTape.Node, as type: T.Type) -> T? {
        let negative = n.flags & JSONTape.Flags.negative != 0
        var p = start(of: n)
        var count = Int(n.length)
        if negative {
            p += 1
            count -= 1
        }
        if count <= 18 {
            var magnitude: UInt64 = 0
            for i in 0 ..< count {
                magnitude = magnitude &* 10 &+ UInt64(p[i] &- 0x30)
            }
            return negative ? T(exactly: -Int64(magnitude)) : T(exactly: magnitude)
        }
        // Longer digit strings overflow (JSON has no leading zeros): 20 digits for 64 bits, 39 for 128.
        guard count <= (T.bitWidth > 64 ? 39 : 20) else { return nil }
        var value: T = 0
        for i in 0 ..< count {
            let digit = T(p[i] &- 0x30)
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if o1 || o2 { return nil }
            value = next
        }
        return value
    }

    /// The nearest `Double` to a number node's text.
    @inline(__always)
    package func double(of n: JSONTape.Node) -> Double {
        if n.flags & JSONTape.Flags.integer != 0, n.length <= 15 {
            let negative = n.flags & JSONTape.Flags.negative != 0
            let p = start(of: n)
            var magnitude: Int64 = 0
            for i in (negative ? 1 : 0) ..< Int(n.length) {
                magnitude = magnitude &* 10 &+ Int64(p[i] &- 0x30)
            }
            return negative ? -Double(magnitude) : Double(magnitude)
        }
        // The tape's bytes end in NUL and every number is followed by a non-number byte, so
        // strtod, when it is needed, stops at the number's end.
        let buffer = buffer(of: n)
        // safe: a number node's bytes lie in its buffer, so it is not empty
        return DecimalToDouble.parse(start(of: n), length: Int(n.length), readableEnd: buffer.baseAddress! + buffer.count)
    }

    /// Whether a number's mantissa has a digit other than 0 (so it is not zero).
    package func hasNonZeroDigit(_ n: JSONTape.Node) -> Bool {
        for byte in content(of: n) {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }
}
