import Foundation
import Testing
@testable import CodableBridge

// `DatePattern`: the hand-written reader and writer behind `JSONTransform.dateFormat`. The table
// is the spec: pattern, text, seconds since 1970 (nil: not a date in that pattern).

@Suite struct DatePatternTests {
    @Test(arguments: [
        ("yyyy-MM-dd", "2024-05-01", 1_714_521_600.0),
        ("yyyy-MM-dd", "1970-01-01", 0),
        ("yyyy-MM-dd", "1969-12-31", -86400),
        ("yyyy-MM-dd", "2024-02-29", 1_709_164_800),
        ("yyyy-MM-dd", "2023-02-29", nil),
        ("yyyy-MM-dd", "2024-13-01", nil),
        ("yyyy-MM-dd", "2024-5-01", nil),
        ("yyyy-MM-dd", "2024-05-01 ", nil),
        ("yyyy/M/d", "2024/5/1", 1_714_521_600),
        ("yyyy-MM-dd HH:mm:ss", "2024-05-01 12:30:15", 1_714_566_615),
        ("yyyy-MM-dd HH:mm:ss", "2024-05-01 24:00:00", nil),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "2024-05-01T12:30:15.250Z", 1_714_566_615.25),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "2024-05-01T14:30:15.250+02:00", 1_714_566_615.25),
        ("yyyy-MM-dd'T'HH:mm:ssZ", "2024-05-01T07:30:15-0500", 1_714_566_615),
        ("dd.MM.yyyy", "01.05.2024", 1_714_521_600),
        ("''yyyy''", "'2024'", 1_704_067_200),
    ] as [(String, String, Double?)])
    func reads(pattern: String, text: String, seconds: Double?) throws {
        let compiled = try DatePattern(pattern)
        #expect(compiled.date(from: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        ("yyyy-MM-dd", 1_714_566_615.0, "2024-05-01"),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", 1_714_566_615.25, "2024-05-01T12:30:15.250Z"),
        ("yyyy-MM-dd HH:mm:ssZ", -1.0, "1969-12-31 23:59:59+0000"),
        ("d/M/yyyy H:m:s", 1_704_070_861, "1/1/2024 1:1:1"),
    ])
    func writes(pattern: String, seconds: Double, text: String) throws {
        #expect(try DatePattern(pattern).string(from: Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test(arguments: ["EEE, dd MMM yyyy", "yy-MM-dd", "hh:mm a", "yyyy-'T", "yyyy-MM-ddTHH"])
    func unsupportedPatternsAreErrors(pattern: String) {
        #expect(throws: DatePatternError.self) { _ = try DatePattern(pattern) }
    }

    @Test func civilDaysRoundTripOverCenturies() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let (y, m, d) = CivilCalendar.civil(fromDays: days)
            #expect(CivilCalendar.daysFromCivil(year: y, month: m, day: d) == days)
        }
    }
}
