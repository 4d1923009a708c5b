import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// The `.iso8601` fallback for Apple systems without `Date.ISO8601FormatStyle`. Where the
    /// format style and the fallback agree, the row says so and the format style is checked too;
    /// the rows marked `false` are the documented differences (Docs/Design.md, "Apple platforms").
    @Suite("RFC 3339 internet date-time (the .iso8601 fallback)")
    struct InternetDateTimeTests {
        @Test("Whole seconds", arguments: [
            // input                              seconds since 1970 (nil: rejected)   format style agrees
            ("2014-01-20T12:24:48Z",              1_390_220_688.0,                     true),
            ("2014-01-20T12:24:48z",              1_390_220_688,                       true),
            ("2014-01-20T12:24:48+08:00",         1_390_191_888,                       true),
            ("2014-01-20T12:24:48-05:30",         1_390_240_488,                       true),
            ("2014-01-20T12:24:48+0800",          1_390_191_888,                       true),
            ("2014-01-20T12:24:48+08",            1_390_191_888,                       true),
            ("2014-01-20T12:24:48",               nil,                                 true),   // no zone
            ("2014-01-20 12:24:48Z",              nil,                                 true),   // no "T"
            ("2014-01-20",                        nil,                                 true),
            ("not a date at all, no",             nil,                                 true),
            ("",                                  nil,                                 true),
            ("2014-01-20T12:24:48.250Z",          nil,                                 false),  // fraction: format style reads it
            ("2014-02-30T12:24:48Z",              nil,                                 false),  // format style rolls over
            ("2014-01-20T25:24:48Z",              nil,                                 false),
        ] as [(String, Double?, Bool)])
        func wholeSeconds(input: String, expected: Double?, formatStyleAgrees: Bool) {
            #expect(FlexibleDateParser.internetDateTime(input, fractionalSeconds: false)?.timeIntervalSince1970 == expected)
            if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) {
                let formatStyle = (try? Date.ISO8601FormatStyle().parse(input))?.timeIntervalSince1970
                #expect((formatStyle == expected) == formatStyleAgrees)
            }
        }

        @Test("Fractional seconds", arguments: [
            ("2014-01-20T12:24:48.250Z",          1_390_220_688.25),
            ("2014-01-20T12:24:48.5+08:00",       1_390_191_888.5),
            ("2014-01-20T12:24:48Z",              1_390_220_688),
            ("2014-01-20T12:24:48.Z",             nil),
        ] as [(String, Double?)])
        func fractionalSeconds(input: String, expected: Double?) {
            #expect(FlexibleDateParser.internetDateTime(input, fractionalSeconds: true)?.timeIntervalSince1970 == expected)
            if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) {
                #expect((try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(input))?.timeIntervalSince1970 == expected)
            }
        }
    }
}
