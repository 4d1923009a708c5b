// A time read from text — whole seconds and decimal fraction digits — turned into a `Double` with
// one correct rounding.
//
// `Date` stores seconds since 2001-01-01 as a `Double`. Going through seconds since 1970 first
// (`Date(timeIntervalSince1970:)`) rounds twice: a date of 2024 has about 0.12 µs of resolution
// since 2001 but only 0.24 µs since 1970, so half of all such dates could never be read back.
// The readers here compute the time since 2001 from the exact decimal instead:
//
//     "2024-05-01T12:00:00.123456789Z"
//     whole seconds since 1970   1_714_564_800
//     since 2001                 1_714_564_800 − 978_307_200 = 736_257_600     (exact integers)
//     value                      736_257_600 + 123_456_789 / 10⁹, rounded once to a Double
//
// While `whole × 10^k + fraction` is below 2⁵³ one division rounds correctly. Beyond it (a
// 2024 date with more than six fraction digits) the sum `whole + fraction / 10^k` is rounded,
// and the error of that estimate is measured exactly in integers (units of 2⁻³⁰ s × 10^k) and
// corrected by at most one step. `BridgeEncoder` uses the same function to pick the shortest
// fraction that reads back as the identical `Date`.

import Foundation

/// A point in time as whole seconds since 1970 and a decimal fraction of a second.
///
/// ```swift
/// let t = DecimalTimestamp(secondsSince1970: 1_714_564_800, fraction: 25, fractionScale: 100)
/// t.date.timeIntervalSinceReferenceDate   // 736257600.25
/// ```
package struct DecimalTimestamp: Sendable, Hashable {
    /// Seconds between 1970-01-01 and 2001-01-01 (`Date`'s reference date).
    package static let secondsFrom1970To2001: Int64 = 978_307_200

    /// Whole seconds since 1970-01-01T00:00:00Z (the second the fraction belongs to).
    package var secondsSince1970: Int64
    /// The fraction digits as an integer (`25` for `.25`), `0 ..< fractionScale`.
    package var fraction: Int64
    /// `10^digits` of the fraction (`1` without one), at most `10⁹`.
    package var fractionScale: Int64

    /// A timestamp of whole seconds and fraction digits.
    package init(secondsSince1970: Int64, fraction: Int64 = 0, fractionScale: Int64 = 1) {
        self.secondsSince1970 = secondsSince1970
        self.fraction = fraction
        self.fractionScale = fractionScale
    }

    /// The time a JSON number of seconds (or, with `unitDigits` 3, milliseconds) since 1970
    /// stands for, read from its decimal text (`1714564800.25`, `-1.5e3`): whole seconds and up
    /// to nine fraction digits (further digits are ignored, as in a date string). `nil` when the
    /// text is not a plain JSON number or lies beyond ±2⁵⁰ seconds.
    ///
    /// ```swift
    /// DecimalTimestamp(number: "1714564800123", unitDigits: 3)
    /// // secondsSince1970 1714564800, fraction 123, fractionScale 1000
    /// ```
    package init?(number text: String, unitDigits: Int) {
        var digits: [UInt8] = []  // significant digits, without the point
        var pointPosition: Int?
        var exponent = 0
        var negative = false
        var utf8 = text.utf8[...]
        if utf8.first == UInt8(ascii: "-") {
            negative = true
            utf8 = utf8.dropFirst()
        }
        while let byte = utf8.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: ".") {
                guard pointPosition == nil else { return nil }
                pointPosition = digits.count
            } else {
                guard byte &- 0x30 < 10, digits.count < 40 else { return nil }
                digits.append(byte &- 0x30)
            }
        }
        if !utf8.isEmpty {
            guard let value = Int(String(Substring(utf8.dropFirst()))), value.magnitude < 100 else { return nil }
            exponent = value
        }
        guard !digits.isEmpty else { return nil }
        // Digit i stands for 10^(point − 1 − i) seconds.
        let point = (pointPosition ?? digits.count) + exponent - unitDigits
        var whole: Int64 = 0
        for i in 0..<max(point, 0) {
            guard whole < 1 << 50 else { return nil }
            whole = whole * 10 + (i < digits.count ? Int64(digits[i]) : 0)
        }
        var fraction: Int64 = 0
        var scale: Int64 = 1
        for j in 0..<9 {
            let i = point + j
            fraction = fraction * 10 + (i >= 0 && i < digits.count ? Int64(digits[i]) : 0)
            scale *= 10
        }
        while scale > 1, fraction % 10 == 0 {
            fraction /= 10
            scale /= 10
        }
        guard whole < 1 << 50 else { return nil }
        if negative, fraction > 0 {
            self.init(secondsSince1970: -whole - 1, fraction: scale - fraction, fractionScale: scale)
        } else {
            self.init(secondsSince1970: negative ? -whole : whole, fraction: fraction, fractionScale: scale)
        }
    }

    /// The `Date` nearest to this time (one rounding, relative to 2001).
    package var date: Date {
        Date(timeIntervalSinceReferenceDate: DecimalTimestamp.nearestDouble(
            whole: secondsSince1970 &- DecimalTimestamp.secondsFrom1970To2001, fraction: fraction, scale: fractionScale))
    }

    /// The `Double` nearest to the seconds since 1970.
    package var secondsSince1970Double: Double {
        DecimalTimestamp.nearestDouble(whole: secondsSince1970, fraction: fraction, scale: fractionScale)
    }

    /// The `Double` nearest to `whole + fraction / scale` (ties to even), for `0 ≤ fraction <
    /// scale ≤ 10⁹`.
    ///
    /// ```swift
    /// DecimalTimestamp.nearestDouble(whole: 736_257_600, fraction: 123_456_789, scale: 1_000_000_000)
    /// ```
    package static func nearestDouble(whole: Int64, fraction: Int64, scale: Int64) -> Double {
        if fraction == 0 { return Double(whole) }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
        let (numerator, sumOverflow) = scaled.addingReportingOverflow(fraction)
        if !overflow, !sumOverflow, numerator.magnitude <= 1 << 53 {
            // Both operands are exact Doubles, so the one division rounds correctly.
            return Double(numerator) / Double(scale)
        }
        let estimate = Double(whole) + Double(fraction) / Double(scale)
        // Here |whole| > 2⁵³ / 10⁹ > 2²³, so the estimate and its neighbours are multiples of
        // 2⁻²⁹ s; beyond 2⁵⁰ s (35 million years) the fraction is below the Double's resolution.
        guard whole.magnitude < 1 << 50, scale <= 1_000_000_000 else { return estimate }
        let unit = 1_073_741_824.0  // 2³⁰
        // `estimate − whole` is exact (both are close and large); in units of 2⁻³⁰ s it is an integer.
        let estimateFraction = Int64((estimate - Double(whole)) * unit)
        // (true value − estimate) × scale × 2³⁰, exactly.
        let error = fraction << 30 - estimateFraction * scale
        // Half the gap to each neighbour, in the same units.
        let halfGapUp = Int64((estimate.nextUp - estimate) * unit / 2) * scale
        let halfGapDown = Int64((estimate - estimate.nextDown) * unit / 2) * scale
        if error > halfGapUp || (error == halfGapUp && !estimate.hasEvenSignificand) { return estimate.nextUp }
        if error < -halfGapDown || (error == -halfGapDown && !estimate.hasEvenSignificand) { return estimate.nextDown }
        return estimate
    }
}

extension Double {
    /// Whether the last bit of the significand is 0 (the tie-breaking rule of rounding).
    fileprivate var hasEvenSignificand: Bool { significandBitPattern & 1 == 0 }
}
