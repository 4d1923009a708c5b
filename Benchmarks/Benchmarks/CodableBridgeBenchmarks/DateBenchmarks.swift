// Date parsing: CodableBridge's date readers against Foundation's formatters, on 1 000 distinct
// strings per iteration.
//
// Group "Parse 1000 dates (Twitter format)", e.g. "Mon Sep 24 03:35:21 +0000 2012":
//   Foundation                   DateFormatter, en_US_POSIX, "EEE MMM dd HH:mm:ss Z yyyy"
//   CodableBridge                FlexibleDateParser.parse(_:) (the `.flexible` strategy's reader)
//   CodableBridge (YYModel)      YYModelDateParser.parse(_:) (the reader under `.yyModel`)
//   CodableBridge (policy)       CoercionPolicy.lenient.date(from: .string(_)): the public rule
//                                entry point, i.e. the parser plus the policy's dispatch
// Group "Parse 1000 dates (ISO 8601)", e.g. "2024-05-01T12:34:56Z", "2024-05-01T14:34:56+02:00":
//   Foundation                   ISO8601DateFormatter()
//   Foundation (FormatStyle)     Date.ISO8601FormatStyle().parse(_:)
//   CodableBridge, CodableBridge (YYModel), CodableBridge (policy)   as above
//
// Every setup checks that the parser returns the expected date for every string.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

/// 1 000 date strings and the dates they denote.
final class DateState {
    let strings: [String]
    let expected: [Date]
    let twitterFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter
    }()
    let isoFormatter = ISO8601DateFormatter()
    let isoStyle = Date.ISO8601FormatStyle()

    init(strings: [String], expected: [Date]) {
        self.strings = strings
        self.expected = expected
    }

    static let count = 1_000

    /// Dates spread over 2010–2025, whole seconds.
    static func dates() -> [Date] {
        (0..<count).map { Date(timeIntervalSince1970: 1_262_304_000 + Double($0) * 473_299 + Double($0 % 60)) }
    }

    /// "Mon Sep 24 03:35:21 +0000 2012", with a few non-zero offsets.
    static func twitter() -> DateState {
        let dates = dates()
        let offsets = ["+0000", "+0000", "+0000", "+0800", "-0500"]
        let strings = dates.enumerated().map { index, date in
            let zone = offsets[index % offsets.count]
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: offsetSeconds(zone))
            formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
            return formatter.string(from: date)
        }
        return DateState(strings: strings, expected: dates)
    }

    /// "2024-05-01T12:34:56Z" and "2024-05-01T14:34:56+02:00".
    static func iso8601() -> DateState {
        let dates = dates()
        let strings = dates.enumerated().map { index, date in
            let formatter = ISO8601DateFormatter()
            if index % 2 == 1 {
                formatter.timeZone = TimeZone(secondsFromGMT: 7_200)
            }
            return formatter.string(from: date)
        }
        return DateState(strings: strings, expected: dates)
    }

    private static func offsetSeconds(_ zone: String) -> Int {
        let sign = zone.hasPrefix("-") ? -1 : 1
        let digits = Int(zone.dropFirst())!
        return sign * ((digits / 100) * 3_600 + (digits % 100) * 60)
    }

    /// Fails unless `parse` gives the expected date for every string.
    func verify(_ what: String, _ parse: (String) throws -> Date?) throws {
        for (index, string) in strings.enumerated() {
            let parsed = try parse(string)
            guard let parsed else {
                throw SetupFailure("\(what) did not parse \"\(string)\"")
            }
            guard parsed == expected[index] else {
                throw SetupFailure("\(what) parsed \"\(string)\" as \(parsed), expected \(expected[index])")
            }
        }
    }
}

func registerDateBenchmarks() {
    registerDates(group: "Parse 1000 dates (Twitter format)", DateState.twitter) { state in
        try state.verify("DateFormatter") { state.twitterFormatter.date(from: $0) }
    } foundation: { state, string in
        state.twitterFormatter.date(from: string)
    }

    registerDates(group: "Parse 1000 dates (ISO 8601)", DateState.iso8601) { state in
        try state.verify("ISO8601DateFormatter") { state.isoFormatter.date(from: $0) }
    } foundation: { state, string in
        state.isoFormatter.date(from: string)
    }

    Benchmark(Suite.name("Parse 1000 dates (ISO 8601)", "\(Suite.foundation) (FormatStyle)"), configuration: dateConfiguration) { benchmark, state in
        for index in benchmark.scaledIterations {
            blackHole(try state.isoStyle.parse(state.strings[index]))
        }
    } setup: { () throws -> DateState in
        let state = DateState.iso8601()
        try state.verify("Date.ISO8601FormatStyle") { try state.isoStyle.parse($0) }
        return state
    }
}

private var dateConfiguration: Benchmark.Configuration { Suite.configuration(large: true, scalingFactor: .kilo) }

/// CodableBridge's date readers, as benchmarked.
private let bridgeReaders: [(variant: String, what: String, parse: @Sendable (String) -> Date?)] = [
    (Suite.bridge, "FlexibleDateParser.parse", { FlexibleDateParser.parse($0) }),
    ("\(Suite.bridge) (YYModel)", "YYModelDateParser.parse", { YYModelDateParser.parse($0) }),
    ("\(Suite.bridge) (policy)", "CoercionPolicy.lenient.date(from:)", {
        switch CoercionPolicy.lenient.date(from: .string($0)) {
        case .converted(let date, _): date
        case .notConverted: nil
        }
    }),
]

private func registerDates(
    group: String,
    _ makeState: @escaping @Sendable () -> DateState,
    verifyFoundation: @escaping (DateState) throws -> Void,
    foundation parse: @escaping (DateState, String) -> Date?
) {
    Benchmark(Suite.name(group, Suite.foundation), configuration: dateConfiguration) { benchmark, state in
        for index in benchmark.scaledIterations {
            blackHole(parse(state, state.strings[index]))
        }
    } setup: { () throws -> DateState in
        let state = makeState()
        try verifyFoundation(state)
        return state
    }

    for reader in bridgeReaders {
        Benchmark(Suite.name(group, reader.variant), configuration: dateConfiguration) { benchmark, state in
            for index in benchmark.scaledIterations {
                blackHole(reader.parse(state.strings[index]))
            }
        } setup: { () throws -> DateState in
            let state = makeState()
            try state.verify("CodableBridge (\(reader.what))") { reader.parse($0) }
            return state
        }
    }
}
