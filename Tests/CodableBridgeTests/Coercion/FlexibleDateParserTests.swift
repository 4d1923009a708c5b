import Foundation
import Testing
import CodableBridgeCoercion

/// The `Date` nearest to `seconds` since 1970 taken as the decimal it is written as
/// (`1390220688.123`): its time since 2001 rounded once, as the date parsers compute it.
/// (`Date(timeIntervalSince1970:)` rounds twice and can be one step off.)
func nearestDate(secondsSince1970 seconds: Double) -> Date {
    let sinceReferenceDate = Decimal(string: "\(seconds)")! - 978_307_200
    return Date(timeIntervalSinceReferenceDate: Double("\(sinceReferenceDate)")!)
}

extension CoercionTests {
    /// The lenient date reader (``FlexibleDateParser``): every format, exact epoch seconds.
    @Suite("Flexible date parser")
    struct FlexibleDateParserTests {
        @Test("ISO 8601 and yyyy-MM-dd HH:mm:ss", arguments: [
            // input                                   seconds since 1970
            ("2014-01-20",                             1_390_176_000.0),
            ("2014-01-20T12:24",                       1_390_220_640),
            ("2014-01-20T12:24:48",                    1_390_220_688),
            ("2014-01-20t12:24:48",                    1_390_220_688),
            ("2014-01-20 12:24:48",                    1_390_220_688),
            ("2014-01-20T12:24:48Z",                   1_390_220_688),
            ("2014-01-20T12:24:48z",                   1_390_220_688),
            ("2014-01-20T12:24:48+08",                 1_390_191_888),
            ("2014-01-20T12:24:48+0800",               1_390_191_888),
            ("2014-01-20T12:24:48+08:00",              1_390_191_888),
            ("2014-01-20T12:24:48+12:00",              1_390_177_488),
            ("2014-01-20T12:24:48-05:30",              1_390_240_488),
            ("2014-01-20T12:24:48-0000",               1_390_220_688),
            ("2014-01-20T12:24:48.000Z",               1_390_220_688),
            ("2014-01-20T12:24:48.5Z",                 1_390_220_688.5),
            ("2014-01-20T12:24:48,5Z",                 1_390_220_688.5),
            ("2014-01-20T12:24:48.123",                1_390_220_688.123),
            ("2014-01-20 12:24:48.123",                1_390_220_688.123),
            ("2014-01-20T12:24:48.123+0800",           1_390_191_888.123),
            ("2014-01-20T12:24:48.123+08:00",          1_390_191_888.123),
            ("2014-01-20T12:24:48.123456Z",            1_390_220_688.123456),
            ("2014-01-20T12:24:48.123456789Z",         1_390_220_688.123456789),
            ("2014-01-20T12:24:48.1234567891234Z",     1_390_220_688.123456789),  // >9 digits ignored
            ("  2014-01-20T12:24:48Z \n",              1_390_220_688),            // trimmed
            ("2014-05-06",                             1_399_334_400),            // YYTestAutoTypeConvert
            ("2014-05-06 07:08:09",                    1_399_360_089),
            ("2014-05-06T07:08:09",                    1_399_360_089),
        ] as [(String, Double)])
        func iso8601(input: String, expected: Double) throws {
            // The Date is the one nearest to the decimal; `expected` may hold fewer digits than the input.
            let date = try #require(FlexibleDateParser.parse(input))
            #expect(abs(date.timeIntervalSince1970 - expected) <= expected.ulp)
            #expect(Array(input.utf8).withUnsafeBufferPointer(FlexibleDateParser.secondsSince1970(utf8:)) == expected)
        }

        @Test("leap years, epoch edges, year range", arguments: [
            ("2016-02-29T23:59:59Z",    1_456_790_399.0),
            ("2024-02-29 12:00:00",     1_709_208_000),
            ("2000-02-29",              951_782_400),      // divisible by 400: leap
            ("1600-02-29",              -11_670_998_400),
            ("1900-03-01",              -2_203_891_200),
            ("1969-12-31T23:59:59Z",    -1),
            ("1970-01-01T00:00:00Z",    0),
            ("1969-12-31T23:59:59.5Z",  -0.5),
            ("0001-01-01",              -62_135_596_800),
            ("9999-12-31T23:59:59Z",    253_402_300_799),
            ("2013-01-01T00:00:00+14:00", 1_356_948_000),
        ] as [(String, Double)])
        func calendarEdges(input: String, expected: Double) {
            #expect(FlexibleDateParser.parse(input) == nearestDate(secondsSince1970: expected))
        }

        @Test("years of five and six digits, signed years", arguments: [
            // input                              seconds since 1970
            ("56302-05-26T00:02:03Z",             1_714_564_800_123.0),
            ("+56302-05-26T00:02:03Z",            1_714_564_800_123),
            ("10000-01-01",                       253_402_300_800),
            ("+10000-01-01T00:00:00Z",            253_402_300_800),
            ("99999-12-31T23:59:59.5Z",           3_093_527_980_799.5),
            ("+275760-09-13T00:00:00.000Z",       8_640_000_000_000),       // JavaScript's last date
            ("+2024-05-01T12:00:00Z",             1_714_564_800),
            ("0000-01-01T00:00:00Z",              -62_167_219_200),
            ("-0000-01-01",                       -62_167_219_200),
            ("-0001-12-31T00:00:00Z",             -62_167_305_600),
            ("-0001-12-30T23:59:59.25Z",          -62_167_305_600.75),
            ("-99999-01-01T00:00:00Z",            -3_217_830_796_800),
            ("-271821-04-20T00:00:00Z",           -8_640_000_000_000),      // JavaScript's first date
        ] as [(String, Double)])
        func expandedYears(input: String, expected: Double) {
            #expect(FlexibleDateParser.parse(input) == nearestDate(secondsSince1970: expected))
        }

        @Test("not an expanded year", arguments: [
            "123-05-26", "1234567-05-26", "+123-05-26", "--2024-05-01", "+-2024-05-01", "20240-13-01",
            "56302-05-32", "+10000-01-01T", "56302/05/26", "+", "-2024-05-01T12:00:00X",
        ])
        func notExpandedYears(input: String) {
            #expect(FlexibleDateParser.parse(input) == nil)
        }

        @Test("Twitter / Weibo and RFC 1123 / 2822", arguments: [
            ("Fri Sep 04 00:12:21 +0800 2015",        1_441_296_741.0),
            ("fri sep 04 00:12:21 +0800 2015",        1_441_296_741),
            ("Mon Sep 04 00:12:21 +0800 2015",        1_441_296_741),   // weekday not checked
            ("Fri Sep 04 00:12:21.250 +0800 2015",    1_441_296_741.25),
            ("Fri Sep 04 00:12:21 +08:00 2015",       1_441_296_741),
            ("Thu Sep 03 16:12:21 -0000 2015",        1_441_296_741),
            ("Sun, 06 Nov 1994 08:49:37 GMT",         784_111_777),
            ("Sun, 6 Nov 1994 08:49:37 GMT",          784_111_777),
            ("Sun,  06 Nov 1994 08:49:37 UT",         784_111_777),
            ("06 Nov 1994 08:49:37 UTC",              784_111_777),
            ("6 Nov 1994 08:49:37 Z",                 784_111_777),
            ("Sun, 06 Nov 1994 08:49:37 +0000",       784_111_777),
            ("Sun, 06 Nov 1994 08:49:37 EST",         784_129_777),
            ("Sun, 06 Nov 1994 08:49:37 -0500",       784_129_777),
            ("Sun, 06 Nov 1994 08:49:37 PST",         784_140_577),
            ("Sun, 06 Nov 1994 08:49 +0100",          784_108_140),
            ("SUN, 06 NOV 1994 08:49:37 gmt",         784_111_777),
        ] as [(String, Double)])
        func namedMonthForms(input: String, expected: Double) {
            #expect(FlexibleDateParser.parse(input)?.timeIntervalSince1970 == expected)
        }

        @Test("impossible dates and malformed text are rejected", arguments: [
            "2014-02-30", "2015-02-29", "1900-02-29", "2014-13-01", "2014-00-10", "2014-04-31", "2014-01-00",
            "2014-01-20T24:00:00Z", "2014-01-20T12:60:00Z", "2014-01-20T12:24:60Z",
            "2014-01-20T12:24:48+24:00", "2014-01-20T12:24:48+08:60", "2014-01-20T12:24:48+8",
            "2014-01-20T12:24:48.Z", "2014-01-20T12:24:48ZZ", "2014-01-20T12:24:48 Z", "2014-01-20T12",
            "2014-1-20", "14-01-20", "2014/01/20", "20140120", "2014-01-20X12:24:48",
            "Fri Sep 31 00:12:21 +0800 2015", "Fri Sep 04 00:12:21 2015", "Fri Sept 04 00:12:21 +0800 2015",
            "Xyz Sep 04 00:12:21 +0800 2015", "Fri Sep 04 00:12:21 +0800 15",
            "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 XYZ", "Sun, 31 Nov 1994 08:49:37 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT", "", "   ", "2014", "not a date", "1445534567",
        ])
        func rejected(input: String) {
            #expect(FlexibleDateParser.parse(input) == nil)
        }

        @Test func bytesEntryPoint() {
            let seconds = Array("2014-01-20T12:24:48Z".utf8).withUnsafeBufferPointer {
                FlexibleDateParser.secondsSince1970(utf8: $0)
            }
            #expect(seconds == 1_390_220_688)
        }
    }
}
