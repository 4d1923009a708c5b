import Foundation

/// Writes dates as ISO 8601 / RFC 3339 timestamps in UTC (`2024-05-01T12:00:00Z`,
/// `2024-05-01T12:00:00.25Z`) without a formatter, so that the default `BridgeDecoder` reads each
/// back as the identical `Date`.
///
/// A whole second is written without a fraction, as `JSONEncoder`'s `.iso8601` writes it. A date
/// with a fraction gets the shortest fraction (1 to 9 digits) that `FlexibleDateParser` — the
/// `.flexible` strategy — reads back as the identical `Date`: both sides compute the time since
/// 2001 from the decimal digits with one rounding (`DecimalTimestamp`). Nine digits always
/// suffice for a date more than 2²³ s (97 days) from 2001-01-01, where a `Date` is coarser than a
/// nanosecond; closer to 2001, a date with a part finer than a nanosecond is written to the
/// nearest nanosecond.
///
/// Years have at least four digits (`0999`, `10000`, `-0001`), in the proleptic Gregorian
/// calendar that ISO 8601 specifies; Foundation's formatter switches to the Julian calendar
/// before 1582-10-15, so the two differ for earlier dates only. `FlexibleDateParser` reads
/// years of four to six digits, signed or not.
///
/// ```swift
/// ISO8601Timestamp.string(Date(timeIntervalSince1970: 1_714_564_800))      // "2024-05-01T12:00:00Z"
/// ISO8601Timestamp.string(Date(timeIntervalSince1970: 1_714_564_800.25))   // "2024-05-01T12:00:00.25Z"
/// ```
enum ISO8601Timestamp {
    /// The times since 2001 (`timeIntervalSinceReferenceDate`) that can be written: years -99999
    /// through 99999.
    static let supportedRange: Range<Double> = -3_218_809_104_000 ..< 3_092_549_673_600

    /// The timestamp text for `date`, whose time since 2001 must be in ``supportedRange``.
    static func string(_ date: Date) -> String {
        var text = ""
        write(date.timeIntervalSinceReferenceDate) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// The `timeIntervalSinceReferenceDate` of the whole second at or before `date`'s time since
    /// 1970 — what `JSONEncoder`'s `.iso8601` writes (it drops the fraction, rounding toward the
    /// past). Written by ``write(_:_:)``, it has no fraction.
    static func wholeSecondOf(_ date: Date) -> Double {
        date.timeIntervalSince1970.rounded(.down) - Double(DecimalTimestamp.secondsFrom1970To2001)
    }

    /// Passes the UTF-8 bytes of the timestamp for `sinceReferenceDate` (in ``supportedRange``)
    /// to `body`, without quotes.
    static func write(_ sinceReferenceDate: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let floor = sinceReferenceDate.rounded(.down)
        var seconds = Int64(floor) + DecimalTimestamp.secondsFrom1970To2001
        var fraction: (digits: Int64, count: Int) = (0, 0)
        if floor != sinceReferenceDate {
            fraction = shortestFraction(of: sinceReferenceDate, whole: Int64(floor))
            if fraction.count == 0 { seconds += fraction.digits }  // rounded up to the next second
        }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = CivilCalendar.civil(fromDays: Int(days))

        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var i = 0
            func put(_ byte: UInt8) {
                buffer[i] = byte
                i += 1
            }
            func put(_ value: Int, digits: Int) {
                var divisor = 1
                for _ in 1..<digits { divisor *= 10 }
                var value = value
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(value / divisor))
                    value %= divisor
                    divisor /= 10
                }
            }
            if year < 0 { put(UInt8(ascii: "-")) }
            let absoluteYear = abs(year)
            put(absoluteYear, digits: absoluteYear > 9_999 ? 5 : 4)
            put(UInt8(ascii: "-"))
            put(month, digits: 2)
            put(UInt8(ascii: "-"))
            put(day, digits: 2)
            put(UInt8(ascii: "T"))
            put(secondOfDay / 3_600, digits: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay / 60 % 60, digits: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay % 60, digits: 2)
            if fraction.count > 0 {
                put(UInt8(ascii: "."))
                put(Int(fraction.digits), digits: fraction.count)
            }
            put(UInt8(ascii: "Z"))
            body(UnsafeBufferPointer(rebasing: buffer[0..<i]))
        }
    }

    /// The fewest fraction digits (1 to 9) after the whole second `whole` (seconds since 2001)
    /// that read back as exactly `sinceReferenceDate`; failing that, the nearest nine digits.
    /// A count of 0 means the nearest nine digits rounded to a whole second: `digits` (0 or 1)
    /// is then added to the second.
    private static func shortestFraction(of sinceReferenceDate: Double, whole: Int64) -> (digits: Int64, count: Int) {
        let fraction = sinceReferenceDate - Double(whole)  // exact, in (0, 1)
        var scale: Int64 = 1
        for count in 1...9 {
            scale *= 10
            let scaled = fraction * Double(scale)
            let below = Int64(scaled.rounded(.down))
            // The nearer candidate first: the one that reads back is the shortest fraction.
            let (nearer, farther) = scaled - Double(below) < 0.5 ? (below, below + 1) : (below + 1, below)
            func readsBack(_ digits: Int64) -> Bool {
                digits > 0 && digits < scale
                    && DecimalTimestamp.nearestDouble(whole: whole, fraction: digits, scale: scale) == sinceReferenceDate
            }
            if readsBack(nearer) { return (nearer, count) }
            if readsBack(farther) { return (farther, count) }
        }
        let nearest = Int64((fraction * 1e9).rounded())
        if nearest == 0 || nearest == 1_000_000_000 { return (nearest / 1_000_000_000, 0) }
        return (nearest, 9)
    }
}
