import Foundation
import Testing
@testable import CodableBridge

// The `.flexible` date strategy (the default) on epoch numbers and on the dates `BridgeEncoder`
// writes; the `.iso8601` strategy's fractions under a lenient policy.

private struct Stamped: Codable, Equatable {
    var createdAt: Date
}

@Suite struct DateDecodingTests {
    @Test func epochMillisecondsAreReadAsMillisecondsAndReported() throws {
        var report = DecodingReport()
        let value = try BridgeDecoder().decode(Stamped.self, from: #"{"createdAt": 1714564800123}"#, report: &report)
        #expect(value.createdAt == FlexibleDateParser.parse("2024-05-01T12:00:00.123Z"))
        expectEvents(report, [.coerced("createdAt", "(number → Date (epoch milliseconds))")])
        #expect(try BridgeEncoder().encodeToString(value) == #"{"createdAt":"2024-05-01T12:00:00.123Z"}"#)
    }

    @Test(arguments: [
        // number              seconds since 1970          reported
        ("1714564800",         1_714_564_800.0,            false),
        ("99999999999",        99_999_999_999,             false),
        ("-99999999999",       -99_999_999_999,            false),
        ("100000000000",       100_000_000,                true),
        ("-1714564800123",     -1_714_564_800.123,         true),
        ("1714564800123.25",   1_714_564_800.123_25,       true),
    ] as [(String, Double, Bool)])
    func epochSecondsOrMilliseconds(number: String, seconds: Double, reported: Bool) throws {
        for coercion in [CoercionPolicy.lenient, .strict] {
            var decoder = BridgeDecoder()
            decoder.coercion = coercion
            var report = DecodingReport()
            let dates = try decoder.decode([Date].self, from: "[\(number)]", report: &report)
            #expect(dates.count == 1 && abs(dates[0].timeIntervalSince1970 - seconds) < 1e-6)
            expectEvents(report, reported ? [.coerced("[0]", "(number → Date (epoch milliseconds))")] : [])
        }
    }

    /// A numeric string is no date under `.flexible`, whatever its magnitude.
    @Test func numericStringsStayNotConverted() throws {
        var report = DecodingReport()
        let value = try BridgeDecoder().decode([Date?].self, from: #"["1714564800123", "1714564800"]"#, report: &report)
        #expect(value == [nil, nil])
        #expect(report.events.count == 2)
        #expect(report.events.allSatisfy { $0.kind == .defaulted })
    }

    @Test(arguments: [
        ("56302-05-26T00:02:03Z",        1_714_564_800_123.0),
        ("-0001-12-31T00:00:00Z",        -62_167_305_600),
        ("99999-12-31T23:59:59Z",        3_093_527_980_799),
    ] as [(String, Double)])
    func expandedYearsAreRead(text: String, seconds: Double) throws {
        #expect(try BridgeDecoder().decode(Date.self, from: "\"\(text)\"") == Date(timeIntervalSince1970: seconds))
    }

    /// The `.iso8601` strategy under a lenient policy reads a fraction to the exact `Date`; under
    /// `.strict` it reads as `JSONDecoder` does.
    @Test func iso8601StrategyFractions() throws {
        var decoder = BridgeDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let date = try decoder.decode(Date.self, from: #""2024-05-01T12:00:00.123456789Z""#)
        #expect(date.timeIntervalSinceReferenceDate == 736_257_600.123_456_789)
        decoder.coercion = .strict
        #expect(try decoder.decode(Date.self, from: #""2024-05-01T12:00:00Z""#) == Date(timeIntervalSince1970: 1_714_564_800))
    }
}
