import CCodableBridgeNumbers

// DecimalToDouble — the nearest `Double` to the text of a JSON number, correctly rounded, for
// about a quarter of `strtod`'s instructions on canada.json, and without a locale.
//
// The digits are read once, eight at a time, into a 64-bit mantissa `w` and a decimal exponent
// `q` (value = w × 10^q). Then, in order:
//
// 1. Clinger's fast path: when `w` ≤ 2^53 and |q| ≤ 22 both `w` and 10^|q| are exact doubles, so
//    one IEEE multiplication or division rounds the exact value once: the nearest double.
// 2. Eisel–Lemire: `w`, shifted so its top bit is set, times the 128 most significant bits of
//    10^q (rounded down) gives the result's 54 leading bits; when the bits below
//    them cannot tell which way to round (the product is too close to a halfway point, or the
//    truncation of 10^q could matter), the algorithm says so instead of guessing. The tables are
//    C data (CCodableBridgePowersOfTen.h, written by Scripts/generate_powers_of_ten.py): a Swift
//    global array would be checked for its first-use initialisation at every read.
// 3. Otherwise `strtod_l` in the C locale: more than 19 significant digits, exponents beyond the
//    table, subnormal and overflowing results, and the rare cases step 2 declines.
//
// References: Clinger, "How to read floating point numbers accurately" (1990); Lemire, "Number
// parsing at a gigabyte per second" (2021), and Nigel Tao's description of the algorithm.

/// Conversion of JSON number text to the nearest `Double` (see the comment above).
enum DecimalToDouble {
    /// The nearest `Double` to the number (JSON's grammar or JSON5's, already checked) at `start`,
    /// `length` bytes long; the byte after it is not part of a number (`strtod` stops there), and
    /// the bytes up to `readableEnd` may be read.
    @inline(__always)
    static func parse(_ start: UnsafePointer<UInt8>, length: Int, readableEnd: UnsafePointer<UInt8>) -> Double {
        if let fast = fastParse(start, length: length, readableEnd: readableEnd) { return fast }
        return UnsafeRawPointer(start).withMemoryRebound(to: CChar.self, capacity: length) {
            codablebridge_strtod_c($0, nil)
        }
    }

    /// Steps 1 and 2; nil when the number needs `strtod`.
    static func fastParse(_ start: UnsafePointer<UInt8>, length: Int, readableEnd: UnsafePointer<UInt8>) -> Double? {
        let end = start + length
        let negative = start[0] == UInt8(ascii: "-")
        var p = negative ? start + 1 : start
        var mantissa: UInt64 = 0
        let integerStart = p
        readDigits(&p, into: &mantissa, end: end, readableEnd: readableEnd)
        var digits = p - integerStart
        // JSON5's forms (`+1`, `.5`, `5.`, `0x1F`, `Infinity`, `NaN`) are `strtod`'s.
        guard digits > 0 else { return nil }
        var exponent = 0
        if p < end, p[0] == UInt8(ascii: ".") {
            p += 1
            let fractionStart = p
            readDigits(&p, into: &mantissa, end: end, readableEnd: readableEnd)
            guard p > fractionStart else { return nil }
            exponent = fractionStart - p
            digits += p - fractionStart
        }
        if digits > 19 {
            // Leading zeros (`0.000123…`) are not significant, and added nothing to `mantissa`.
            var q = integerStart
            while q < p, q[0] == UInt8(ascii: "0") || q[0] == UInt8(ascii: ".") {
                if q[0] == UInt8(ascii: "0") { digits -= 1 }
                q += 1
            }
            guard digits <= 19 else { return nil }
        }
        if p < end {
            guard p[0] | 0x20 == UInt8(ascii: "e") else { return nil }
            p += 1
            var exponentNegative = false
            if p < end, p[0] == UInt8(ascii: "-") {
                exponentNegative = true
                p += 1
            } else if p < end, p[0] == UInt8(ascii: "+") {
                p += 1
            }
            guard p < end else { return nil }
            var written = 0
            while p < end {
                let digit = p[0] &- 0x30
                // Beyond five digits the exponent is far outside any double: `strtod` decides.
                guard digit < 10, written < 100_000 else { return nil }
                written = written * 10 + Int(digit)
                p += 1
            }
            exponent += exponentNegative ? -written : written
        }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        // Trailing zeros (`12.500000000000000`) would only keep the mantissa off the fast path.
        while mantissa > 1 << 53, mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        // 1. Clinger's fast path.
        if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= codablebridge_exact_power_of_ten(Int32(-exponent))
            } else {
                value *= codablebridge_exact_power_of_ten(Int32(exponent))
            }
            return negative ? -value : value
        }
        // 2. Eisel–Lemire.
        guard let bits = eiselLemire(mantissa, exponent) else { return nil }
        return Double(bitPattern: negative ? bits | 1 << 63 : bits)
    }

    /// Appends the decimal digits at `p` to `mantissa` (wrapping past 19 digits), eight bytes at
    /// a time while eight can be read, and moves `p` past them.
    @inline(__always)
    static func readDigits(_ p: inout UnsafePointer<UInt8>, into mantissa: inout UInt64, end: UnsafePointer<UInt8>,
                           readableEnd: UnsafePointer<UInt8>) {
        while readableEnd - p >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            // A digit byte is 0x30…0x39: its high nibble is 3, and still 3 after adding 6. (A carry
            // out of a byte of 0xFA or more only changes the bytes after that non-digit.)
            let nonDigits = ((word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
                | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
            if nonDigits == 0 {
                mantissa = mantissa &* 100_000_000 &+ eightDigits(word)
                p += 8
                continue
            }
            // The digits before the first other byte, moved up and led by zeros to make eight.
            let count = nonDigits.trailingZeroBitCount >> 3
            if count > 0 {
                let padded = word << (64 - 8 * count) | 0x3030_3030_3030_3030 >> (8 * count)
                mantissa = mantissa &* powerOfTen(count) &+ eightDigits(padded)
                p += count
            }
            return
        }
        while p < end, p[0] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(p[0] &- 0x30)
            p += 1
        }
    }

    /// 10^`count` for `count` from 1 to 7.
    @inline(__always)
    static func powerOfTen(_ count: Int) -> UInt64 {
        switch count {
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        default: 10_000_000
        }
    }

    /// The value of eight ASCII digits loaded little-endian (the first digit in the low byte):
    /// pairs, then quadruples, then the eight, each step one multiplication.
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = (value &* 10) &+ (value >> 8)  // each even byte: two digits
        let pairs = value & 0x0000_00FF_0000_00FF
        let nextPairs = (value >> 16) & 0x0000_00FF_0000_00FF
        return ((pairs &* (100 &+ (1_000_000 << 32))) &+ (nextPairs &* (1 &+ (10_000 << 32)))) >> 32
    }

    /// The bits of the positive `Double` nearest to `mantissa` × 10^`exponent` (`mantissa` not
    /// zero), or nil when the product's bits cannot decide the rounding, or the result is
    /// subnormal, infinite or beyond the table.
    static func eiselLemire(_ mantissa: UInt64, _ exponent: Int) -> UInt64? {
        guard exponent >= Int(CODABLEBRIDGE_LOWEST_POWER_OF_TEN), exponent <= Int(CODABLEBRIDGE_HIGHEST_POWER_OF_TEN) else { return nil }
        let shift = mantissa.leadingZeroBitCount
        let w = mantissa << shift
        // floor(exponent × log2(10)) + the bias and the 64 bits of the product's high word.
        var binaryExponent = UInt64(bitPattern: Int64(((217_706 &* exponent) >> 16) + 64 + 1023 - shift))
        let row = codablebridge_powers_of_ten() + (exponent - Int(CODABLEBRIDGE_LOWEST_POWER_OF_TEN)) * 2
        let (high, low) = (row[0], row[1])
        var (productHigh, productLow) = w.multipliedFullWidth(by: high)
        // The low half of 10^q matters only when the high product's rounding bits are all ones
        // and adding `w` to its low word would carry.
        if productHigh & 0x1FF == 0x1FF, productLow &+ w < w {
            let (lowHigh, lowLow) = w.multipliedFullWidth(by: low)
            var mergedHigh = productHigh
            let mergedLow = productLow &+ lowHigh
            if mergedLow < productLow { mergedHigh &+= 1 }
            if mergedHigh & 0x1FF == 0x1FF, mergedLow &+ 1 == 0, lowLow &+ w < w { return nil }
            productHigh = mergedHigh
            productLow = mergedLow
        }
        // The 54 leading bits.
        let top = productHigh >> 63
        var result = productHigh >> (top + 9)
        binaryExponent &-= 1 ^ top
        // Exactly halfway between two doubles as far as these bits tell: undecided.
        if productLow == 0, productHigh & 0x1FF == 0, result & 3 == 1 { return nil }
        // Round to 53 bits, to even.
        result &+= result & 1
        result >>= 1
        if result >> 53 > 0 {
            result >>= 1
            binaryExponent &+= 1
        }
        // Subnormal (0 or below, wrapped) or infinite (0x7FF or above): `strtod` decides.
        guard binaryExponent &- 1 < 0x7FF - 1 else { return nil }
        return binaryExponent << 52 | result & 0x000F_FFFF_FFFF_FFFF
    }
}
