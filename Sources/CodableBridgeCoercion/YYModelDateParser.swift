// YYModel's date reading, restated: the text's length picks exactly one format (or two), all
// with the POSIX locale; formats without a zone are read as UTC.
//
//     length  format                            example
//     10      yyyy-MM-dd                        2014-01-20
//     19      yyyy-MM-dd'T'HH:mm:ss             2014-01-20T12:24:48      ("T" at index 10)
//             yyyy-MM-dd HH:mm:ss               2014-01-20 12:24:48      (otherwise)
//     20      yyyy-MM-dd'T'HH:mm:ssZ            2014-01-20T12:24:48Z
//     23      yyyy-MM-dd'T'HH:mm:ss.SSS         2014-01-20T12:24:48.000  ("T" at index 10)
//             yyyy-MM-dd HH:mm:ss.SSS           2014-01-20 12:24:48.000  (otherwise)
//     24      yyyy-MM-dd'T'HH:mm:ssZ            2014-01-20T12:24:48+0800
//             then yyyy-MM-dd'T'HH:mm:ss.SSSZ   2014-01-20T12:24:48.000Z
//     25      yyyy-MM-dd'T'HH:mm:ssZ            2014-01-20T12:24:48+12:00
//     28      yyyy-MM-dd'T'HH:mm:ss.SSSZ        2014-01-20T12:24:48.000+0800
//     29      yyyy-MM-dd'T'HH:mm:ss.SSSZ        2014-01-20T12:24:48.000+12:00
//     30      EEE MMM dd HH:mm:ss Z yyyy        Fri Sep 04 00:12:21 +0800 2015
//     34      EEE MMM dd HH:mm:ss.SSS Z yyyy    Fri Sep 04 00:12:21.000 +0800 2015
//     other   — (no date)
//
// The `Z` field is what fits the length: "Z" (20, and 24 with a fraction), "±hhmm" (24, 28, 30,
// 34) or "±hh:mm" (25, 29). Nothing is trimmed. Names are English, any letter case; the weekday
// is not checked against the date, and impossible dates are rejected, as DateFormatter does.

import Foundation

/// Reads dates exactly as YYModel does: by the text's length, from a fixed table of formats.
///
/// This is the reader behind the decoder's `.flexible` date strategy under
/// ``CoercionPolicy/yyModel``. It works on the string's UTF-8 bytes, without `DateFormatter`.
///
/// ```swift
/// YYModelDateParser.parse("2014-01-20 12:24:48")?.timeIntervalSince1970   // 1390220688 (UTC)
/// YYModelDateParser.parse("2014-01-20T12:24:48.5Z")                       // nil (length 22)
/// ```
public enum YYModelDateParser {
    /// Reads a date in one of YYModel's formats, chosen by the text's length (see the file
    /// comment).
    ///
    /// ```swift
    /// YYModelDateParser.parse("Fri Sep 04 00:12:21 +0800 2015")?.timeIntervalSince1970   // 1441296741
    /// ```
    ///
    /// - Parameter string: The date text, taken as it is (no trimming).
    /// - Returns: The date, or `nil` when no format of that length matches.
    public static func parse(_ string: String) -> Date? {
        ASCII.withBytes(string) { bytes in timestamp(utf8: bytes)?.date }
    }

    /// Reads a date from UTF-8 bytes; the same table as ``parse(_:)``.
    ///
    /// ```swift
    /// "2014-01-20".utf8.withContiguousStorageIfAvailable(YYModelDateParser.secondsSince1970(utf8:))
    /// // 1390176000
    /// ```
    ///
    /// - Parameter bytes: The date text as UTF-8.
    /// - Returns: Seconds since 1970-01-01T00:00:00Z, or `nil`.
    public static func secondsSince1970(utf8 b: UnsafeBufferPointer<UInt8>) -> Double? {
        timestamp(utf8: b)?.secondsSince1970Double
    }

    /// The time in `b` as whole seconds and fraction digits (see ``secondsSince1970(utf8:)``).
    static func timestamp(utf8 b: UnsafeBufferPointer<UInt8>) -> DecimalTimestamp? {
        var time = CivilTime()
        switch b.count {
        case 10:
            guard DateBytes.readDate(b, 0, into: &time) else { return nil }
        case 19:
            guard dateTime(b, &time, separatorFromIndex10: true) else { return nil }
        case 23:
            guard dateTime(b, &time, separatorFromIndex10: true), milliseconds(b, 19, &time) else { return nil }
        case 20:
            guard dateTime(b, &time), b[19] == UInt8(ascii: "Z") else { return nil }
        case 24:
            guard dateTime(b, &time) else { return nil }
            if let offset = DateBytes.offset(b, 19, colon: false) {
                time.offset = offset
            } else {
                guard milliseconds(b, 19, &time), b[23] == UInt8(ascii: "Z") else { return nil }
            }
        case 25:
            guard dateTime(b, &time), let offset = DateBytes.offset(b, 19, colon: true) else { return nil }
            time.offset = offset
        case 28:
            guard dateTime(b, &time), milliseconds(b, 19, &time),
                  let offset = DateBytes.offset(b, 23, colon: false) else { return nil }
            time.offset = offset
        case 29:
            guard dateTime(b, &time), milliseconds(b, 19, &time),
                  let offset = DateBytes.offset(b, 23, colon: true) else { return nil }
            time.offset = offset
        case 30:
            guard twitter(b, &time, zoneAt: 20) else { return nil }
        case 34:
            guard twitter(b, &time, zoneAt: 24), b[19] == UInt8(ascii: "."),
                  milliseconds(b, 19, &time) else { return nil }
        default:
            return nil
        }
        return time.timestamp()
    }

    /// `yyyy-MM-dd'T'HH:mm:ss` at 0; with `separatorFromIndex10`, a space is also accepted
    /// where the `T` is (the two formats YYModel picks between by that character).
    @inline(__always)
    private static func dateTime(_ b: UnsafeBufferPointer<UInt8>, _ time: inout CivilTime,
                                 separatorFromIndex10: Bool = false) -> Bool {
        let separator = b[10]
        guard separator == UInt8(ascii: "T") || (separatorFromIndex10 && separator == UInt8(ascii: " ")) else { return false }
        return DateBytes.readDate(b, 0, into: &time) && DateBytes.readTime(b, 11, into: &time)
    }

    /// `.SSS` at `i`.
    @inline(__always)
    private static func milliseconds(_ b: UnsafeBufferPointer<UInt8>, _ i: Int, _ time: inout CivilTime) -> Bool {
        guard b[i] == UInt8(ascii: "."), ASCII.isDigit(b[i + 3]) else { return false }
        let high = DateBytes.digits2(b, i + 1)
        guard high >= 0 else { return false }
        time.fraction = Int64(high * 10) + Int64(b[i + 3] &- 0x30)
        time.fractionScale = 1_000
        return true
    }

    /// `EEE MMM dd HH:mm:ss[.SSS] ±hhmm yyyy` with the zone at `zoneAt`.
    @inline(__always)
    private static func twitter(_ b: UnsafeBufferPointer<UInt8>, _ time: inout CivilTime, zoneAt z: Int) -> Bool {
        guard DateBytes.isWeekday(b, 0), b[3] == UInt8(ascii: " "), b[7] == UInt8(ascii: " "),
              b[10] == UInt8(ascii: " "), b[z - 1] == UInt8(ascii: " "), b[z + 5] == UInt8(ascii: " ") else { return false }
        time.month = DateBytes.month(b, 4)
        time.day = DateBytes.digits2(b, 8)
        time.year = DateBytes.digits4(b, z + 6)
        guard time.month > 0, time.day >= 0, time.year >= 0, DateBytes.readTime(b, 11, into: &time),
              let offset = DateBytes.offset(b, z, colon: false) else { return false }
        time.offset = offset
        return true
    }
}
