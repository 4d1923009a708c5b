import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// YYModel's length-indexed date table (``YYModelDateParser``): exact epoch seconds.
    @Suite("YYModel date parser")
    struct YYModelDateParserTests {
        @Test("every length of the table", arguments: [
            // length  input                                     seconds since 1970
            (10, "2014-01-20",                                    1_390_176_000.0),
            (19, "2014-01-20 12:24:48",                           1_390_220_688),
            (19, "2014-01-20T12:24:48",                           1_390_220_688),
            (20, "2014-01-20T12:24:48Z",                          1_390_220_688),
            (23, "2014-01-20 12:24:48.123",                       1_390_220_688.123),
            (23, "2014-01-20T12:24:48.123",                       1_390_220_688.123),
            (24, "2014-01-20T12:24:48+0800",                      1_390_191_888),
            (24, "2014-01-20T12:24:48.123Z",                      1_390_220_688.123),
            (25, "2014-01-20T12:24:48+12:00",                     1_390_177_488),
            (25, "2014-01-20T12:24:48-05:30",                     1_390_240_488),
            (28, "2014-01-20T12:24:48.123+0800",                  1_390_191_888.123),
            (29, "2014-01-20T12:24:48.123+12:00",                 1_390_177_488.123),
            (30, "Fri Sep 04 00:12:21 +0800 2015",                1_441_296_741),
            (34, "Fri Sep 04 00:12:21.500 +0800 2015",            1_441_296_741.5),
            // YYTestAutoTypeConvert's dates
            (10, "2014-05-06",                                    1_399_334_400),
            (19, "2014-05-06 07:08:09",                           1_399_360_089),
            (19, "2014-05-06T07:08:09",                           1_399_360_089),
            // leap years
            (10, "2000-02-29",                                    951_782_400),
            (20, "2016-02-29T23:59:59Z",                          1_456_790_399),
        ] as [(Int, String, Double)])
        func table(length: Int, input: String, expected: Double) {
            #expect(input.utf8.count == length)
            #expect(YYModelDateParser.parse(input) == nearestDate(secondsSince1970: expected))
            #expect(Array(input.utf8).withUnsafeBufferPointer(YYModelDateParser.secondsSince1970(utf8:)) == expected)
        }

        @Test("outside the table: not a date", arguments: [
            "2014-01-20T12:24:48+08",              // 22
            "2014-01-20T12:24",                    // 16
            "2014-01-20T12:24:48.5Z",              // 22
            "2014-01-20T12:24:48.123456Z",         // 27
            " 2014-01-20",                         // 11: never trimmed
            "2014-01-20 ",
            "2014-01-20 12:24:48Z",                // 20 requires "T"
            "2014-01-20X12:24:48",                 // 19: neither "T" nor " "
            "2014-01-20T12:24:48+08:00Z",
            "2014-01-20T12:24:48.1234",            // 24 but neither form
            "Sun, 06 Nov 1994 08:49:37 GMT",       // 29 but not ISO
            "Fri Sep 04 00:12:21 +08:00 2015",     // 31
            "Fri Sep 4 00:12:21 +0800 2015",       // 29
            "2014-02-30",
            "2014-01-20T24:00:00Z",
            "Fri Sep 04 25:12:21 +0800 2015",
            "",
        ])
        func rejected(input: String) {
            #expect(YYModelDateParser.parse(input) == nil)
        }

        @Test func bytesEntryPoint() {
            let seconds = Array("Fri Sep 04 00:12:21 +0800 2015".utf8).withUnsafeBufferPointer {
                YYModelDateParser.secondsSince1970(utf8: $0)
            }
            #expect(seconds == 1_441_296_741)
        }
    }
}
