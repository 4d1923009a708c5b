import CCodableBridgeNumbers

// DoubleToDecimal — a finite `Double` or `Float` as the text `JSONEncoder` writes for it (its
// `description` without a trailing ".0"), stored straight into the writer's buffer: no `String`.
//
// Two steps:
//
// 1. The shortest decimal: the fewest significant digits that read back to the same value,
//    and among those the one closest to it (an exact tie takes the even digit) — what Swift's
//    `description` prints. Schubfach (Giulietti, "The Schubfach way to render doubles", 2020;
//    the algorithm of Java's `Double.toString` since JDK 19) without Java's rule of at least two
//    digits: with c × 2^q the value and k = ⌊log10 2^q⌋, the value's rounding interval scaled by
//    10^-k is 1 to 10 wide, so one of the two integers around the scaled value, s and s + 1,
//    lies inside it, and at most one multiple of 10 does. That multiple, when it lies inside, is
//    the shortest answer; otherwise the closer of s and s + 1 that lies inside. The scaling
//    multiplies by 10^-k's 126 leading bits plus one unit (from CCodableBridgePowersOfTen.h, the
//    table `DecimalToDouble` reads) and rounds to odd, which the paper shows decides every
//    comparison exactly. An integer below 2^52 (2^23 for `Float`) is its own shortest decimal
//    and skips the multiplications.
//
//        0.3 → c = 5404319552844595, q = -54, k = -17: s = 29999999999999998, and the
//              multiple of 10 inside is 30000000000000000 → digits 3, exponent -1
//
// 2. The layout of `description`, the digits from step 1 converted eight at a time:
//
//        value              text                     layout
//        1                  1                        an integer up to 2^53 (2^24): its digits, ".0" dropped
//        123.456            123.456                  10^-4 ≤ |value| ≤ 2^53: a decimal point
//        0.0001             0.0001
//        0.00001            1e-05                    below 10^-4, and above 2^53 (2^24) even for an
//        1e16               1e+16                    integer: one digit, a point, "e", the sign, at
//        9007199254740994   9.007199254740994e+15    least two exponent digits
//        -0                 -0                       zero keeps its sign
//
// `Tests/CodableBridgeTests/JSON/DoubleToDecimalTests.swift` compares both with `description`
// (special values, every power of two and ten with its neighbours, 200 000 random bit patterns
// of each type); the `floats` fuzz target compares them for every input it makes. Every finite
// `Float` (4 278 190 080 values) and a billion random `Double`s were compared once, in a release
// build. `isAvailable` compares a few dozen values at first use, and the writer falls back to
// `description` if one differs (a Swift release that changed `description` would change
// `JSONEncoder`'s text too).

/// Shortest round-tripping text of finite binary floating-point values (see the comment above).
enum DoubleToDecimal {
    /// The bytes ``write(_:to:)`` may store at `out`: the text is at most 24 bytes
    /// (`-1.2345678901234567e-308`), and whole words are stored past its end.
    static let storedBytes = 48

    /// Whether the text written here equals `description` without ".0", checked once at first
    /// use on values of every layout (see the comment above).
    static let isAvailable: Bool = selfCheck()

    /// Stores the text of the finite `value` at `out` (room for ``storedBytes``); returns its length.
    static func write(_ value: Double, to out: UnsafeMutableRawPointer) -> Int {
        let bits = value.bitPattern
        let magnitude = bits & 0x7FFF_FFFF_FFFF_FFFF
        let sign = Int(truncatingIfNeeded: bits &>> 63)
        out.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
        let start = out + sign
        if magnitude == 0 {
            start.storeBytes(of: UInt8(ascii: "0"), as: UInt8.self)
            return sign &+ 1
        }
        let fraction = magnitude & (1 &<< 52 &- 1)
        let biased = Int(truncatingIfNeeded: magnitude &>> 52)
        let decimal: (digits: UInt64, exponent: Int)
        if biased == 0 {
            decimal = shortest(fraction, exponent: -1074, isNarrowBelow: false)
        } else {
            let significand = fraction | 1 &<< 52
            let exponent = biased &- 1075
            let shift = 0 &- exponent
            if shift > 0, shift < 53, significand & (1 &<< UInt64(shift) &- 1) == 0 {
                decimal = (significand &>> UInt64(shift), 0)  // an integer below 2^52
            } else {
                decimal = shortest(significand, exponent: exponent, isNarrowBelow: fraction == 0 && biased > 1)
            }
        }
        // Above 2^53 (0x4340… is its bit pattern) `description` always uses an exponent.
        return sign &+ layOut(decimal.digits, exponent: decimal.exponent, scientific: magnitude > 0x4340_0000_0000_0000, at: start)
    }

    /// Stores the text of the finite `value` at `out` (room for ``storedBytes``); returns its length.
    static func write(_ value: Float, to out: UnsafeMutableRawPointer) -> Int {
        let bits = value.bitPattern
        let magnitude = bits & 0x7FFF_FFFF
        let sign = Int(truncatingIfNeeded: bits &>> 31)
        out.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
        let start = out + sign
        if magnitude == 0 {
            start.storeBytes(of: UInt8(ascii: "0"), as: UInt8.self)
            return sign &+ 1
        }
        let fraction = UInt64(magnitude & (1 &<< 23 &- 1))
        let biased = Int(truncatingIfNeeded: magnitude &>> 23)
        let decimal: (digits: UInt64, exponent: Int)
        if biased == 0 {
            decimal = shortest(fraction, exponent: -149, isNarrowBelow: false)
        } else {
            let significand = fraction | 1 &<< 23
            let exponent = biased &- 150
            let shift = 0 &- exponent
            if shift > 0, shift < 24, significand & (1 &<< UInt64(shift) &- 1) == 0 {
                decimal = (significand &>> UInt64(shift), 0)  // an integer below 2^23
            } else {
                decimal = shortest(significand, exponent: exponent, isNarrowBelow: fraction == 0 && biased > 1)
            }
        }
        // Above 2^24 (0x4B80… is its bit pattern) `description` always uses an exponent.
        return sign &+ layOut(decimal.digits, exponent: decimal.exponent, scientific: magnitude > 0x4B80_0000, at: start)
    }

    // MARK: - Step 1: the shortest decimal

    /// The shortest decimal `digits` × 10^`exponent` closest to `c` × 2^`q` (c > 0, below 2^53);
    /// `isNarrowBelow` when the next value down is half as far as the next one up (a power of two
    /// above the smallest normal).
    @inline(__always)
    private static func shortest(_ c: UInt64, exponent q: Int, isNarrowBelow: Bool) -> (UInt64, Int) {
        // Interval ends are included for an even significand (reading rounds ties to even).
        let excluded = c & 1
        let cb = c &<< 2
        let cbr = cb &+ 2
        let cbl: UInt64
        let k: Int
        if isNarrowBelow {
            cbl = cb &- 1
            k = (q &* 661_971_961_083 &- 274_743_187_321) &>> 41  // ⌊log10(3/4 × 2^q)⌋
        } else {
            cbl = cb &- 2
            k = (q &* 661_971_961_083) &>> 41  // ⌊log10 2^q⌋
        }
        let h = q &+ ((0 &- k) &* 913_124_641_741) &>> 38 &+ 2  // q + ⌊log2 10^-k⌋ + 2: 1…4
        let (g1, g0) = scale(-k)
        let vb = multiplyRoundingToOdd(g1, g0, cb &<< UInt64(h))
        let vbl = multiplyRoundingToOdd(g1, g0, cbl &<< UInt64(h))
        let vbr = multiplyRoundingToOdd(g1, g0, cbr &<< UInt64(h))
        let s = vb &>> 2
        // One digit fewer: the multiple of 10 inside the interval, if there is one.
        let sp10 = s / 10 &* 10
        let tp10 = sp10 &+ 10
        let lowerInside = vbl &+ excluded <= sp10 &<< 2
        let upperInside = tp10 &<< 2 &+ excluded <= vbr
        if lowerInside != upperInside {
            return (lowerInside ? sp10 : tp10, k)
        }
        let t = s &+ 1
        let sInside = vbl &+ excluded <= s &<< 2
        let tInside = t &<< 2 &+ excluded <= vbr
        if sInside != tInside {
            return (sInside ? s : t, k)
        }
        // Both inside: the closer one; on a tie, the even one.
        let difference = Int64(bitPattern: vb &- (s &+ t) &<< 1)
        return (difference < 0 || (difference == 0 && s & 1 == 0) ? s : t, k)
    }

    /// 10^`power`'s 126 leading bits, rounded up (⌊10^power × 2^r⌋ + 1 for the r that makes it
    /// 126 bits long), as its upper and lower 63 bits.
    @inline(__always)
    private static func scale(_ power: Int) -> (UInt64, UInt64) {
        // The table holds the 128 leading bits rounded down: drop two, add one.
        let row = codablebridge_powers_of_ten() + (power &- Int(CODABLEBRIDGE_LOWEST_POWER_OF_TEN)) &* 2
        let high = row[0] &>> 2
        let (low, carry) = (row[1] &>> 2 | row[0] &<< 62).addingReportingOverflow(1)
        let top = carry ? high &+ 1 : high
        return (top &<< 1 | low &>> 63, low & 0x7FFF_FFFF_FFFF_FFFF)
    }

    /// About g × cp / 2^127, rounded down and then to odd, g being `g1` × 2^63 + `g0`: exactly
    /// Schubfach's `rop`, which the paper's proof covers. It drops the product's lowest 64 bits
    /// before it looks for a remainder; rounding the whole product to odd would call the
    /// products of the exact powers of ten (g = 2^125 + 1 for 10^0) inexact, and decide wrongly.
    @inline(__always)
    private static func multiplyRoundingToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = g0.multipliedFullWidth(by: cp).high
        let y = g1.multipliedFullWidth(by: cp)
        let z = (y.low &>> 1) &+ x1
        let rounded = y.high &+ (z &>> 63)
        return rounded | ((z & 0x7FFF_FFFF_FFFF_FFFF) &+ 0x7FFF_FFFF_FFFF_FFFF) &>> 63
    }

    // MARK: - Step 2: the layout

    private static let zeros: UInt64 = 0x3030_3030_3030_3030  // "00000000"

    /// Writes `digits` × 10^`exponent` (digits < 10^17, maybe with trailing zeros) at `out` as
    /// `description` lays it out; `scientific` when the value is above 2^53 (2^24).
    @inline(__always)
    private static func layOut(_ digits: UInt64, exponent: Int, scientific: Bool, at out: UnsafeMutableRawPointer) -> Int {
        // The 24 characters of `digits` with leading zeros, then zeros: the text's source. The
        // first eight are seven zeros and the 17th digit from the right.
        let upper = digits / 100_000_000
        let top = upper / 100_000_000
        var source = (
            zeros | top &<< 56, eightDigits(upper &- top &* 100_000_000), eightDigits(digits &- upper &* 100_000_000),
            zeros, zeros, zeros
        )
        let leadingZeros = leadingZeroCharacters(source.0, source.1, source.2)
        let count = 24 &- leadingZeros  // digits, trailing zeros included
        let significant = count &- trailingZeroCharacters(source.0, source.1, source.2)
        let point = exponent &+ count &- 1  // value = d.ddd × 10^point
        return withUnsafeBytes(of: &source) { raw in
            let first = raw.baseAddress! + leadingZeros  // safe: a tuple's bytes have an address
            if scientific || point < -4 {
                // "1.2345e-07", "5e-324", "1e+16"
                out.storeBytes(of: first.load(as: UInt8.self), as: UInt8.self)
                var length = 1
                if significant > 1 {
                    out.storeBytes(of: UInt8(ascii: "."), toByteOffset: 1, as: UInt8.self)
                    copyWords(2, from: first + 1, to: out + 2)
                    length = significant &+ 1
                }
                return length &+ writeExponent(point, at: out + length)
            }
            if point < 0 {
                // "0.000123": "0." and -point - 1 zeros, then the digits
                out.storeBytes(of: 0x3030_3030_3030_2E30 as UInt64, as: UInt64.self)  // "0.000000"
                copyWords(3, from: first, to: out + (1 &- point))
                return 1 &- point &+ significant
            }
            if point &+ 1 < significant {
                // "123.456": the digits, then the ones after the point moved up for the point
                copyWords(2, from: first, to: out)
                copyWords(2, from: first + point + 1, to: out + point + 2)
                out.storeBytes(of: UInt8(ascii: "."), toByteOffset: point &+ 1, as: UInt8.self)
                return significant &+ 1
            }
            // "1200": the digits followed by zeros (the source's), no ".0"
            copyWords(2, from: first, to: out)
            return point &+ 1
        }
    }

    /// "e", the sign, and at least two digits of `exponent`, at `out`; returns the length.
    @inline(__always)
    private static func writeExponent(_ exponent: Int, at out: UnsafeMutableRawPointer) -> Int {
        out.storeBytes(of: UInt8(ascii: "e"), as: UInt8.self)
        out.storeBytes(of: exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"), toByteOffset: 1, as: UInt8.self)
        var magnitude = exponent.magnitude
        var length = 2
        if magnitude >= 100 {
            out.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / 100), toByteOffset: 2, as: UInt8.self)
            magnitude %= 100
            length = 3
        }
        out.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / 10), toByteOffset: length, as: UInt8.self)
        out.storeBytes(of: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10), toByteOffset: length &+ 1, as: UInt8.self)
        return length &+ 2
    }

    /// The eight decimal digits of `value` (below 10^8) as ASCII, the first in the lowest byte.
    @inline(__always)
    private static func eightDigits(_ value: UInt64) -> UInt64 {
        // Split in lanes, each lane's quotient by multiplication: 4 + 4 digits, 2 + 2, 1 + 1.
        let fours = value / 10_000
        var lanes = fours | (value &- fours &* 10_000) &<< 32
        let hundreds = ((lanes &* 10_486) &>> 20) & 0x0000_007F_0000_007F
        lanes = hundreds | (lanes &- hundreds &* 100) &<< 16
        let tens = ((lanes &* 103) &>> 10) & 0x000F_000F_000F_000F
        lanes = tens | (lanes &- tens &* 10) &<< 8
        return lanes | zeros
    }

    /// How many "0" characters the 24 characters `a`, `b`, `c` start with (not all are "0").
    @inline(__always)
    private static func leadingZeroCharacters(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> Int {
        if a != zeros { return (a ^ zeros).trailingZeroBitCount &>> 3 }
        if b != zeros { return 8 &+ (b ^ zeros).trailingZeroBitCount &>> 3 }
        return 16 &+ (c ^ zeros).trailingZeroBitCount &>> 3
    }

    /// How many "0" characters the 24 characters `a`, `b`, `c` end with (not all are "0").
    @inline(__always)
    private static func trailingZeroCharacters(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> Int {
        if c != zeros { return (c ^ zeros).leadingZeroBitCount &>> 3 }
        if b != zeros { return 8 &+ (b ^ zeros).leadingZeroBitCount &>> 3 }
        return 16 &+ (a ^ zeros).leadingZeroBitCount &>> 3
    }

    // MARK: - Self-check

    /// Whether ``write(_:to:)`` gives `description`'s text (without ".0") for values of every
    /// layout, both types.
    private static func selfCheck() -> Bool {
        // Every layout; integers, subnormals and powers of two; exact ties (0x1p-25 is
        // 2.98023223876953125e-08, written …312e-08).
        let doubles: [Double] = [
            0, -0.0, 1, -7, 100, 0.1, 0.3, 1.5, 123.456, -65.61361699999998, 43.42027300000001, 0.0001,
            0.00001, 1e-7, 2.5e-5, 1e16, 1e23, 1e100, -1e-100, 9_007_199_254_740_992, 9_007_199_254_740_994,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .pi, 0x1p-25, 1_125_899_906_842_624.25,
        ]
        let floats: [Float] = [
            0, -0.0, 1, 0.1, 123.456, -7.5, 0.0001, 0.00001, 16_777_216, 16_777_218, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, .pi, 2_097_152.25,
        ]
        return withUnsafeTemporaryAllocation(byteCount: storedBytes, alignment: 8) { buffer in
            let out = buffer.baseAddress!  // safe: the allocation is not empty
            for value in doubles {
                guard JSONWriter.numberText(value).utf8.elementsEqual(UnsafeRawBufferPointer(start: out, count: write(value, to: out))) else { return false }
            }
            for value in floats {
                guard JSONWriter.numberText(value).utf8.elementsEqual(UnsafeRawBufferPointer(start: out, count: write(value, to: out))) else { return false }
            }
            return true
        }
    }

    /// Copies `words` eight-byte words, unaligned.
    @inline(__always)
    private static func copyWords(_ words: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        for i in 0..<words {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self), toByteOffset: i &* 8, as: UInt64.self)
        }
    }
}
