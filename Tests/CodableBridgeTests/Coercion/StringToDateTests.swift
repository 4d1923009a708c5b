import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: the `.flexible` date strategy's reader under each preset (``StringToDate``),
    /// and parity of the hand-written parsers with `DateFormatter`.
    @Suite("String → Date")
    struct StringToDateTests {
        @Test("date(from:) under each preset", arguments: [
            // input                                         strict / lenient       yyModel
            (CoercionScalar.string("2014-01-20"),                    1_390_176_000.0,       1_390_176_000.0),
            (.string("2014-01-20 12:24:48"),                 1_390_220_688,         1_390_220_688),
            (.string("2014-01-20T12:24:48.123456Z"),         1_390_220_688.123456,  nil),   // length 27
            (.string("2014-01-20T12:24:48+08"),              1_390_191_888,         nil),   // length 22
            (.string(" 2014-01-20 "),                        1_390_176_000,         nil),
            (.string("Fri Sep 04 00:12:21 +0800 2015"),      1_441_296_741,         1_441_296_741),
            (.string("Sun, 06 Nov 1994 08:49:37 GMT"),       784_111_777,           nil),
            (.string("2014-02-30"),                          nil,                   nil),
            (.number("1445534567"),                          1_445_534_567,         nil),   // numbersAsDates
            (.number("1445534567.25"),                       1_445_534_567.25,      nil),
            (.number("-1"),                                  -1,                    nil),
            (.string("1445534567"),                          nil,                   nil),
            (.bool(true),                                    nil,                   nil),
        ] as [(CoercionScalar, Double?, Double?)])
        func dateUnderPresets(input: CoercionScalar, flexible: Double?, yyModel: Double?) {
            #expect(CoercionPolicy.strict.date(from: input).value?.timeIntervalSince1970 == flexible)
            #expect(CoercionPolicy.lenient.date(from: input).value?.timeIntervalSince1970 == flexible)
            #expect(CoercionPolicy.yyModel.date(from: input).value?.timeIntervalSince1970 == yyModel)
        }

        @Test("epoch numbers: seconds, or milliseconds from 100,000,000,000 up", arguments: [
            // number text          the same time as a date string           milliseconds
            ("1445534567",          "2015-10-22T17:22:47Z",                  false),
            ("1445534567.25",       "2015-10-22T17:22:47.25Z",               false),
            ("99999999999",         "5138-11-16T09:46:39Z",                  false),   // the largest seconds
            ("-99999999999",        "-1199-02-15T14:13:21Z",                 false),
            ("100000000000",        "1973-03-03T09:46:40Z",                  true),    // the smallest milliseconds
            ("1714564800123",       "2024-05-01T12:00:00.123Z",              true),
            ("-1714564800123",      "1915-09-02T11:59:59.877Z",              true),
            ("1714564800123.5",     "2024-05-01T12:00:00.1235Z",             true),
            ("1.7145648001e12",     "2024-05-01T12:00:00.1Z",                true),
            ("17145648001E2",       "2024-05-01T12:00:00.1Z",                true),
            ("1714564800123.0000000009", "2024-05-01T12:00:00.123Z",         true),    // beyond nanoseconds
            ("-1714564800000",      "1915-09-02T12:00:00Z",                  true),
            ("-100000000001",       "1966-10-31T14:13:19.999Z",              true),
            ("1714564800.5e0",      "2024-05-01T12:00:00.5Z",                false),
            ("-0.5",                "1969-12-31T23:59:59.5Z",                false),
            ("5e-10",               "1970-01-01T00:00:00.0000000005Z",       false),
        ] as [(String, String, Bool)])
        func epochNumbers(text: String, sameAs dateString: String, milliseconds: Bool) throws {
            let result = CoercionPolicy.lenient.date(from: .number(text))
            #expect(result.value == FlexibleDateParser.parse(dateString))
            #expect(result.rule == (milliseconds ? "number → Date (epoch milliseconds)" : "number → Date (seconds since 1970)"))
            let epoch = try #require(StringToDate.epochDate(text))
            #expect(epoch.date == FlexibleDateParser.parse(dateString) && epoch.milliseconds == milliseconds)
        }

        /// Beyond what the digits can hold exactly, the number is read as a `Double`.
        @Test func hugeEpochNumbersFallBackToDoubleArithmetic() {
            #expect(StringToDate.epochDate("1e300")?.date == Date(timeIntervalSince1970: 1e297))
            #expect(StringToDate.epochDate("-1e300")?.milliseconds == true)
            #expect(StringToDate.epochDate("1e400") == nil)
        }

        @Test("numeric strings are not epoch times", arguments: ["1714564800123", "1445534567", "100000000000"])
        func numericStringsAreNotEpochTimes(text: String) {
            #expect(CoercionPolicy.lenient.date(from: .string(text)).value == nil)
            #expect(CoercionPolicy.strict.date(from: .string(text)).value == nil)
        }

        @Test func familiesCanBeMixed() {
            var policy = CoercionPolicy.yyModel
            policy.numbersAsDates = true
            policy.stringToDate = .flexible
            #expect(policy.date(from: .number("0")).value == Date(timeIntervalSince1970: 0))
            #expect(policy.date(from: .string("Sun, 06 Nov 1994 08:49:37 GMT")).isConverted)

            var off = CoercionPolicy.lenient
            off.stringToDate = .off
            #expect(off.date(from: .string("2014-01-20")).value == nil)
        }

        @Test func namesAndReasons() {
            #expect(CoercionPolicy.lenient.date(from: .string("2014-01-20")).rule == "date string → Date")
            #expect(CoercionPolicy.lenient.date(from: .number("1")).rule == "number → Date (seconds since 1970)")
            #expect(CoercionPolicy.yyModel.date(from: .string("2014-01-20T12:24:48+08")).reason
                    == "found string \"2014-01-20T12:24:48+08\" where a date was expected; it matches none of YYModel's date formats for its length (22)")
            #expect(CoercionPolicy.yyModel.date(from: .number("1")).reason?.contains("does not read numbers as dates") == true)
        }

        // MARK: Parity with DateFormatter, configured as YYModel configures it

        static func formatter(_ format: String, utc: Bool) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            if utc { formatter.timeZone = TimeZone(secondsFromGMT: 0) }
            formatter.dateFormat = format
            return formatter
        }

        @Test("same instant as DateFormatter for YYModel's formats", arguments: [
            ("2014-01-20", "yyyy-MM-dd", true),
            ("2014-01-20 12:24:48", "yyyy-MM-dd HH:mm:ss", true),
            ("2014-01-20T12:24:48", "yyyy-MM-dd'T'HH:mm:ss", true),
            ("2014-01-20 12:24:48.123", "yyyy-MM-dd HH:mm:ss.SSS", true),
            ("2014-01-20T12:24:48.123", "yyyy-MM-dd'T'HH:mm:ss.SSS", true),
            ("2014-01-20T12:24:48Z", "yyyy-MM-dd'T'HH:mm:ssZ", false),
            ("2014-01-20T12:24:48+0800", "yyyy-MM-dd'T'HH:mm:ssZ", false),
            ("2014-01-20T12:24:48+12:00", "yyyy-MM-dd'T'HH:mm:ssZ", false),
            ("2014-01-20T12:24:48.123Z", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", false),
            ("2014-01-20T12:24:48.123+0800", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", false),
            ("2014-01-20T12:24:48.123-05:30", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", false),
            ("Fri Sep 04 00:12:21 +0800 2015", "EEE MMM dd HH:mm:ss Z yyyy", false),
            ("Fri Sep 04 00:12:21.500 +0800 2015", "EEE MMM dd HH:mm:ss.SSS Z yyyy", false),
            ("2016-02-29 23:59:59", "yyyy-MM-dd HH:mm:ss", true),
            ("1969-07-20 20:17:40", "yyyy-MM-dd HH:mm:ss", true),
        ] as [(String, String, Bool)])
        func parityWithDateFormatter(input: String, format: String, utc: Bool) throws {
            let reference = try #require(Self.formatter(format, utc: utc).date(from: input))
            let yyModel = try #require(YYModelDateParser.parse(input))
            let flexible = try #require(FlexibleDateParser.parse(input))
            #expect(abs(yyModel.timeIntervalSince1970 - reference.timeIntervalSince1970) < 0.000_5)
            #expect(abs(flexible.timeIntervalSince1970 - reference.timeIntervalSince1970) < 0.000_5)
        }

        @Test("DateFormatter also rejects what the parsers reject", arguments: [
            ("2014-02-30", "yyyy-MM-dd"),
            ("2015-02-29 00:00:00", "yyyy-MM-dd HH:mm:ss"),
            ("2014-01-20T24:00:00Z", "yyyy-MM-dd'T'HH:mm:ssZ"),
        ])
        func rejectionParity(input: String, format: String) {
            #expect(Self.formatter(format, utc: true).date(from: input) == nil)
            #expect(YYModelDateParser.parse(input) == nil)
            #expect(FlexibleDateParser.parse(input) == nil)
        }
    }
}
