// Calendar arithmetic and byte readers for the hand-written date parsers.
//
// No `Calendar`, no `DateFormatter`: a date-time read from text is turned into seconds since
// 1970 with the proleptic Gregorian "days from civil" computation. Worked example for
// 2014-01-20T12:24:48+08:00:
//
//     March-based year:   January belongs to the previous year → y = 2013, month index 10
//     era = 2013 / 400 = 5, year of era = 13
//     day of year = (153 × 10 + 2) / 5 + 20 − 1 = 325
//     day of era  = 13 × 365 + 13/4 − 13/100 + 325 = 5_073
//     days        = 5 × 146_097 + 5_073 − 719_468 = 16_090      (days from 1970-01-01)
//     seconds     = 16_090 × 86_400 + 12 × 3_600 + 24 × 60 + 48 − 8 × 3_600 = 1_390_191_888
//
// Fractions keep up to nine digits as an integer; `DecimalTimestamp` turns the whole seconds and
// the digits into a `Double` with one rounding, so that "…48.123" becomes exactly the Double
// nearest to 1_390_191_888.123 (or, for a `Date`, to its time since 2001).

/// The fields of a date-time read from text, before validation.
struct CivilTime {
    var year = 1970
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    /// Fraction-of-second digits as an integer (up to nine digits) and its scale (10^digits).
    var fraction: Int64 = 0
    var fractionScale: Int64 = 1
    /// Offset from UTC of the written time, in seconds (east positive).
    var offset = 0

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The time as whole seconds and fraction digits, or `nil` when a field is out of range
    /// (2014-02-30, 24:00, 12:60).
    func timestamp() -> DecimalTimestamp? {
        guard month >= 1, month <= 12, day >= 1, day <= CivilTime.daysInMonth(month, year: year),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days = CivilTime.daysFromCivil(year: year, month: month, day: day)
        let whole = Int64(days * 86_400 + hour * 3_600 + minute * 60 + second - offset)
        return DecimalTimestamp(secondsSince1970: whole, fraction: fraction, fractionScale: fractionScale)
    }
}

/// Fixed-width readers over UTF-8 bytes; each returns a negative value on mismatch.
enum DateBytes {
    @inline(__always)
    static func digits2(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let d0 = b[i] &- 0x30, d1 = b[i + 1] &- 0x30
        guard d0 < 10, d1 < 10 else { return -1 }
        return Int(d0) * 10 + Int(d1)
    }

    @inline(__always)
    static func digits4(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let high = digits2(b, i), low = digits2(b, i + 2)
        guard high >= 0, low >= 0 else { return -1 }
        return high * 100 + low
    }

    /// Three letters, lowercased and packed: "Sep" → 0x736570.
    @inline(__always)
    static func word3(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        UInt32(b[i] | 0x20) << 16 | UInt32(b[i + 1] | 0x20) << 8 | UInt32(b[i + 2] | 0x20)
    }

    /// Month 1...12 from an English three-letter abbreviation, any case; -1 otherwise.
    static func month(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        switch word3(b, i) {
        case 0x6A616E: 1   // jan
        case 0x666562: 2   // feb
        case 0x6D6172: 3   // mar
        case 0x617072: 4   // apr
        case 0x6D6179: 5   // may
        case 0x6A756E: 6   // jun
        case 0x6A756C: 7   // jul
        case 0x617567: 8   // aug
        case 0x736570: 9   // sep
        case 0x6F6374: 10  // oct
        case 0x6E6F76: 11  // nov
        case 0x646563: 12  // dec
        default: -1
        }
    }

    /// Whether three bytes are an English weekday abbreviation, any case.
    static func isWeekday(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        switch word3(b, i) {
        case 0x73756E, 0x6D6F6E, 0x747565, 0x776564, 0x746875, 0x667269, 0x736174: true
        default: false
        }
    }

    /// `HH:mm:ss` at `i` into `time`; `false` on mismatch.
    @inline(__always)
    static func readTime(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, into time: inout CivilTime) -> Bool {
        let hour = digits2(b, i), minute = digits2(b, i + 3), second = digits2(b, i + 6)
        guard hour >= 0, minute >= 0, second >= 0,
              b[i + 2] == UInt8(ascii: ":"), b[i + 5] == UInt8(ascii: ":") else { return false }
        time.hour = hour
        time.minute = minute
        time.second = second
        return true
    }

    /// `yyyy-MM-dd` at `i` into `time`; `false` on mismatch.
    @inline(__always)
    static func readDate(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, into time: inout CivilTime) -> Bool {
        let year = digits4(b, i), month = digits2(b, i + 5), day = digits2(b, i + 8)
        guard year >= 0, month >= 0, day >= 0,
              b[i + 4] == UInt8(ascii: "-"), b[i + 7] == UInt8(ascii: "-") else { return false }
        time.year = year
        time.month = month
        time.day = day
        return true
    }

    /// `+hhmm` / `-hhmm` (colon: `+hh:mm`) at `i`, as seconds east of UTC; `nil` on mismatch.
    @inline(__always)
    static func offset(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, colon: Bool) -> Int? {
        let sign = b[i]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let hours = digits2(b, i + 1)
        if colon, b[i + 3] != UInt8(ascii: ":") { return nil }
        let minutes = digits2(b, colon ? i + 4 : i + 3)
        guard hours >= 0, hours <= 23, minutes >= 0, minutes <= 59 else { return nil }
        let seconds = hours * 3_600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// Up to nine fraction digits starting at `i` into `time`; returns the index after the last
    /// digit (further digits are read and ignored), or `i` when there is none.
    @inline(__always)
    static func readFraction(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, end: Int, into time: inout CivilTime) -> Int {
        var j = i
        var value: Int64 = 0
        var scale: Int64 = 1
        while j < end, ASCII.isDigit(b[j]) {
            if scale < 1_000_000_000 {
                value = value * 10 + Int64(b[j] &- 0x30)
                scale *= 10
            }
            j += 1
        }
        time.fraction = value
        time.fractionScale = scale
        return j
    }
}
