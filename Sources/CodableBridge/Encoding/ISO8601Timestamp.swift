import Foundation

/// Writes dates as ISO 8601 / RFC 3339 timestamps in UTC with whole seconds
/// (`2024-05-01T12:00:00Z`), the text of `JSONEncoder`'s `.iso8601` strategy, without a formatter.
///
/// Fractions of a second are dropped, rounding toward the past (`-0.5` s is `23:59:59` of the day
/// before), as `JSONEncoder` does. Years have at least four digits (`0999`, `10000`). Dates are
/// written in the proleptic Gregorian calendar that ISO 8601 specifies; Foundation's formatter
/// switches to the Julian calendar before 1582-10-15, so the two differ for earlier dates only.
///
/// ```swift
/// ISO8601Timestamp.string(1_714_564_800)   // "2024-05-01T12:00:00Z"
/// ```
enum ISO8601Timestamp {
    /// The range of seconds since 1970 that can be written: years -99999 through 99999.
    static let supportedRange: ClosedRange<Double> = -3_217_830_796_800 ... 3_093_527_980_799

    /// The timestamp text for `secondsSince1970`, which must be in ``supportedRange``.
    static func string(_ secondsSince1970: Double) -> String {
        var text = ""
        write(secondsSince1970) { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// Passes the UTF-8 bytes of the timestamp for `secondsSince1970` (in ``supportedRange``) to
    /// `body`, without quotes.
    static func write(_ secondsSince1970: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let seconds = Int64(secondsSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = CivilCalendar.civil(fromDays: Int(days))

        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
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
            put(UInt8(ascii: "Z"))
            body(UnsafeBufferPointer(rebasing: buffer[0..<i]))
        }
    }
}
