// The lenient date reader: every common fixed format, parsed by hand from the UTF-8 bytes.
//
//     ISO 8601 / RFC 3339 (extended format)
//       2014-01-20                          midnight UTC
//       56302-05-26, +10000-01-01,          years of 4 to 6 digits, with or without a sign
//       -0001-12-31                           (what BridgeEncoder writes beyond 0000…9999)
//       2014-01-20T12:24                    minutes only, UTC
//       2014-01-20T12:24:48                 "T", "t" or " " between date and time; no zone = UTC
//       2014-01-20 12:24:48.5               any number of fraction digits ("." or ",");
//       2014-01-20T12:24:48.123456789Z        nine are kept, more are read and ignored
//       2014-01-20T12:24:48+08 / +0800 / +08:00 / Z / z
//     Twitter / Weibo
//       Fri Sep 04 00:12:21 +0800 2015      EEE MMM dd HH:mm:ss Z yyyy, optional .SSS
//     RFC 1123 / RFC 2822 (HTTP dates, RSS)
//       Sun, 06 Nov 1994 08:49:37 GMT       weekday optional, 1- or 2-digit day, seconds
//       6 Nov 1994 08:49 +0100                optional, zone GMT, UT, UTC, Z, ±hhmm or a
//                                             North American abbreviation (EST … PDT)
//
// Surrounding whitespace is ignored. Month and weekday names are English, any letter case; the
// weekday is checked to be a weekday name but not against the date (as DateFormatter does).
// Impossible dates (2014-02-30, 2015-02-29), hour 24, minute or second 60 and offsets beyond
// ±23:59 are rejected.

import Foundation

/// Reads dates in ISO 8601, `yyyy-MM-dd HH:mm:ss`, Twitter/Weibo and RFC 1123 forms, without
/// `DateFormatter`.
///
/// This is the reader behind the decoder's `.flexible` date strategy under
/// ``CoercionPolicy/lenient`` (and ``CoercionPolicy/strict``). It works on the string's UTF-8
/// bytes and computes the time arithmetically, so one parse costs well under a microsecond.
///
/// ```swift
/// FlexibleDateParser.parse("2014-01-20T12:24:48+08:00")?.timeIntervalSince1970   // 1390191888
/// FlexibleDateParser.parse("Fri Sep 04 00:12:21 +0800 2015")                     // 2015-09-03 16:12:21 UTC
/// FlexibleDateParser.parse("2014-02-30")                                         // nil
/// ```
public enum FlexibleDateParser {
    /// Reads a date in any of the supported forms (see the file comment); text without a zone
    /// is UTC.
    ///
    /// ```swift
    /// FlexibleDateParser.parse("Sun, 06 Nov 1994 08:49:37 GMT")   // 1994-11-06 08:49:37 UTC
    /// ```
    ///
    /// - Parameter string: The date text; surrounding whitespace is ignored.
    /// - Returns: The date, or `nil` when the text is in no supported form or names an
    ///   impossible date.
    public static func parse(_ string: String) -> Date? {
        ASCII.withBytes(string) { bytes in timestamp(utf8: bytes)?.date }
    }

    /// Reads a date from UTF-8 bytes; the same formats as ``parse(_:)``.
    ///
    /// ```swift
    /// let text: StaticString = "2014-01-20"
    /// FlexibleDateParser.secondsSince1970(utf8: UnsafeBufferPointer(start: text.utf8Start,
    ///                                                               count: text.utf8CodeUnitCount))
    /// // 1390176000
    /// ```
    ///
    /// - Parameter bytes: The date text as UTF-8.
    /// - Returns: Seconds since 1970-01-01T00:00:00Z, or `nil`.
    public static func secondsSince1970(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        timestamp(utf8: bytes)?.secondsSince1970Double
    }

    /// The time in `bytes` as whole seconds and fraction digits (see ``secondsSince1970(utf8:)``).
    package static func timestamp(utf8 bytes: UnsafeBufferPointer<UInt8>) -> DecimalTimestamp? {
        let range = ASCII.trimmedBounds(bytes)
        guard range.count >= 10 else { return nil }
        let first = bytes[range.lowerBound]
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            return iso8601(bytes, range.lowerBound, range.upperBound)
        }
        if ASCII.isDigit(first) {
            if bytes[range.lowerBound + 4] == UInt8(ascii: "-") || ASCII.isDigit(bytes[range.lowerBound + 4]) {
                return iso8601(bytes, range.lowerBound, range.upperBound)
            }
            return rfc1123(bytes, range.lowerBound, range.upperBound)
        }
        if bytes[range.lowerBound + 3] == UInt8(ascii: ",") {
            return rfc1123(bytes, range.lowerBound, range.upperBound)
        }
        return twitter(bytes, range.lowerBound, range.upperBound)
    }

    // MARK: ISO 8601

    static func iso8601(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> DecimalTimestamp? {
        var time = CivilTime()
        var i: Int
        if b[start + 4] == UInt8(ascii: "-") {
            guard DateBytes.readDate(b, start, into: &time) else { return nil }
            i = start + 10
        } else {
            guard let after = expandedDate(b, start, end, into: &time) else { return nil }
            i = after
        }
        if i == end { return time.timestamp() }
        let separator = b[i]
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
              end - i >= 6 else { return nil }
        i += 1
        let hour = DateBytes.digits2(b, i), minute = DateBytes.digits2(b, i + 3)
        guard hour >= 0, minute >= 0, b[i + 2] == UInt8(ascii: ":") else { return nil }
        time.hour = hour
        time.minute = minute
        i += 5
        if i < end, b[i] == UInt8(ascii: ":") {
            guard end - i >= 3 else { return nil }
            let second = DateBytes.digits2(b, i + 1)
            guard second >= 0 else { return nil }
            time.second = second
            i += 3
            if i < end, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                let after = DateBytes.readFraction(b, i + 1, end: end, into: &time)
                guard after > i + 1 else { return nil }
                i = after
            }
        }
        if i < end {
            guard let offset = isoZone(b, i, end) else { return nil }
            time.offset = offset
        }
        return time.timestamp()
    }

    /// `±yyyy-MM-dd` or a year of 4 to 6 digits with or without a sign (`56302-05-26`,
    /// `+10000-01-01`, `-0001-12-31`) at `start`; the index after the day, or `nil`.
    private static func expandedDate(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
                                     into time: inout CivilTime) -> Int? {
        var i = start
        let negative = b[i] == UInt8(ascii: "-")
        if negative || b[i] == UInt8(ascii: "+") { i += 1 }
        var year = 0
        let digitsStart = i
        while i < end, i - digitsStart < 7, ASCII.isDigit(b[i]) {
            year = year * 10 + Int(b[i] &- 0x30)
            i += 1
        }
        guard (4...6).contains(i - digitsStart), end - i >= 6, b[i] == UInt8(ascii: "-"), b[i + 3] == UInt8(ascii: "-") else { return nil }
        let month = DateBytes.digits2(b, i + 1), day = DateBytes.digits2(b, i + 4)
        guard month >= 0, day >= 0 else { return nil }
        time.year = negative ? -year : year
        time.month = month
        time.day = day
        return i + 6
    }

    /// `Z`, `z`, `±hh`, `±hhmm` or `±hh:mm` filling exactly `b[i..<end]`.
    private static func isoZone(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
        switch end - i {
        case 1:
            return b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") ? 0 : nil
        case 3:
            let hours = DateBytes.digits2(b, i + 1)
            guard hours >= 0, hours <= 23 else { return nil }
            switch b[i] {
            case UInt8(ascii: "+"): return hours * 3_600
            case UInt8(ascii: "-"): return -hours * 3_600
            default: return nil
            }
        case 5: return DateBytes.offset(b, i, colon: false)
        case 6: return DateBytes.offset(b, i, colon: true)
        default: return nil
        }
    }

    // MARK: Twitter / Weibo

    /// `EEE MMM dd HH:mm:ss[.SSS] ±hhmm yyyy` (the zone may also be `±hh:mm`).
    static func twitter(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> DecimalTimestamp? {
        guard end - start >= 30, DateBytes.isWeekday(b, start), b[start + 3] == UInt8(ascii: " "),
              b[start + 7] == UInt8(ascii: " "), b[start + 10] == UInt8(ascii: " ") else { return nil }
        var time = CivilTime()
        time.month = DateBytes.month(b, start + 4)
        time.day = DateBytes.digits2(b, start + 8)
        guard time.month > 0, time.day >= 0, DateBytes.readTime(b, start + 11, into: &time) else { return nil }
        var i = start + 19
        if b[i] == UInt8(ascii: ".") {
            let after = DateBytes.readFraction(b, i + 1, end: end, into: &time)
            guard after > i + 1 else { return nil }
            i = after
        }
        guard end - i >= 11, b[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        let colon = b[i + 3] == UInt8(ascii: ":")
        guard let offset = DateBytes.offset(b, i, colon: colon) else { return nil }
        time.offset = offset
        i += colon ? 6 : 5
        guard end - i == 5, b[i] == UInt8(ascii: " ") else { return nil }
        time.year = DateBytes.digits4(b, i + 1)
        guard time.year >= 0 else { return nil }
        return time.timestamp()
    }

    // MARK: RFC 1123 / RFC 2822

    /// `[EEE, ]d[d] MMM yyyy HH:mm[:ss] zone`.
    static func rfc1123(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> DecimalTimestamp? {
        var i = start
        var time = CivilTime()
        if !ASCII.isDigit(b[i]) {
            guard DateBytes.isWeekday(b, i), b[i + 3] == UInt8(ascii: ",") else { return nil }
            i += 4
            while i < end, b[i] == UInt8(ascii: " ") { i += 1 }
        }
        // Day: one or two digits, then a space.
        guard end - i >= 17, ASCII.isDigit(b[i]) else { return nil }
        if ASCII.isDigit(b[i + 1]) {
            time.day = DateBytes.digits2(b, i)
            i += 2
        } else {
            time.day = Int(b[i] &- 0x30)
            i += 1
        }
        guard b[i] == UInt8(ascii: " "), b[i + 4] == UInt8(ascii: " "), b[i + 9] == UInt8(ascii: " ") else { return nil }
        time.month = DateBytes.month(b, i + 1)
        time.year = DateBytes.digits4(b, i + 5)
        guard time.month > 0, time.year >= 0 else { return nil }
        i += 10
        guard end - i >= 5 else { return nil }
        time.hour = DateBytes.digits2(b, i)
        time.minute = DateBytes.digits2(b, i + 3)
        guard time.hour >= 0, time.minute >= 0, b[i + 2] == UInt8(ascii: ":") else { return nil }
        i += 5
        if i < end, b[i] == UInt8(ascii: ":") {
            guard end - i >= 3 else { return nil }
            time.second = DateBytes.digits2(b, i + 1)
            guard time.second >= 0 else { return nil }
            i += 3
        }
        guard i < end, b[i] == UInt8(ascii: " "), let offset = rfcZone(b, i + 1, end) else { return nil }
        time.offset = offset
        return time.timestamp()
    }

    /// GMT, UT, UTC, Z, ±hhmm, or EST/EDT/CST/CDT/MST/MDT/PST/PDT filling exactly `b[i..<end]`.
    private static func rfcZone(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int? {
        switch end - i {
        case 1:
            return b[i] | 0x20 == UInt8(ascii: "z") ? 0 : nil
        case 2:
            return b[i] | 0x20 == UInt8(ascii: "u") && b[i + 1] | 0x20 == UInt8(ascii: "t") ? 0 : nil
        case 3:
            switch DateBytes.word3(b, i) {
            case 0x676D74, 0x757463: return 0  // gmt, utc
            case 0x657374: return -5 * 3_600    // est
            case 0x656474: return -4 * 3_600    // edt
            case 0x637374: return -6 * 3_600    // cst
            case 0x636474: return -5 * 3_600    // cdt
            case 0x6D7374: return -7 * 3_600    // mst
            case 0x6D6474: return -6 * 3_600    // mdt
            case 0x707374: return -8 * 3_600    // pst
            case 0x706474: return -7 * 3_600    // pdt
            default: return nil
            }
        case 5:
            return DateBytes.offset(b, i, colon: false)
        default:
            return nil
        }
    }
}
