// The RFC 3339 "internet date-time" subset of ISO 8601, for the decoder's `.iso8601` strategy on
// Apple systems older than `Date.ISO8601FormatStyle` (macOS 12, iOS 15, tvOS 15, watchOS 8), and
// first under lenient policies everywhere, because it reads a fraction to the exact `Date`.
//
//     2014-01-20T12:24:48Z           accepted
//     2014-01-20T12:24:48+08:00      accepted (also +0800, +08, a lowercase z)
//     2014-01-20T12:24:48.250Z       accepted only with `fractionalSeconds: true`
//                                    (the format style accepts it either way)
//     2014-02-30T12:24:48Z           rejected (the format style rolls it over to March 2)
//     2014-01-20 12:24:48Z           rejected (a "T" is required)
//     2014-01-20T12:24:48            rejected (a zone is required)
//     2014-01-20                     rejected
//
// The shape is checked here; the arithmetic is `FlexibleDateParser`'s.

import Foundation

extension FlexibleDateParser {
    /// Reads an RFC 3339 date-time (`yyyy-MM-dd'T'HH:mm:ss` and a zone `Z`, `±hh:mm`, `±hhmm` or
    /// `±hh`), the form `Date.ISO8601FormatStyle` reads, without using it.
    ///
    /// Stricter than the format style in two ways (see the file comment): fractional seconds need
    /// `fractionalSeconds`, and impossible dates are rejected rather than rolled over.
    ///
    /// ```swift
    /// FlexibleDateParser.internetDateTime("2014-01-20T12:24:48Z", fractionalSeconds: false)   // 1390220688
    /// ```
    ///
    /// - Parameters:
    ///   - string: The text; nothing may surround the date-time.
    ///   - fractionalSeconds: Whether `.fraction` digits after the seconds are accepted; without
    ///     it they are rejected, as by `ISO8601FormatStyle()`.
    /// - Returns: The date, or `nil` when the text is not in that form or names an impossible date.
    package static func internetDateTime(_ string: String, fractionalSeconds: Bool) -> Date? {
        ASCII.withBytes(string) { b -> Date? in
            let end = b.count
            guard end >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
                  b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":") else { return nil }
            for i in [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18] where !ASCII.isDigit(b[i]) { return nil }
            var zone = 19
            if b[19] == UInt8(ascii: ".") {
                guard fractionalSeconds else { return nil }
                zone = 20
                while zone < end, ASCII.isDigit(b[zone]) { zone += 1 }
                guard zone > 20 else { return nil }
            }
            guard zone < end else { return nil }
            switch b[zone] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                guard end - zone == 1 else { return nil }
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard [3, 5, 6].contains(end - zone) else { return nil }
            default:
                return nil
            }
            return iso8601(b, 0, end)?.date
        }
    }
}
