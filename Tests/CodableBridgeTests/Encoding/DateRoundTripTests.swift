import Foundation
import Testing
@testable import CodableBridge
@testable import CodableBridgeCoercion

// What the encoder writes for a date, the decoder with the matching strategy reads back as the
// identical `Date` — checked over many generated dates (negatives, fractions, years past 9999
// and before 1) for every date strategy and epoch value transform.

/// A model whose dates travel through the epoch value transforms.
struct EpochTransformed: MappableCodable, Equatable {
    var ms = Date(timeIntervalSince1970: 0)
    var s = Date(timeIntervalSince1970: 0)
    static var valueTransforms: [String: JSONTransform] { ["ms": .millisecondsSince1970, "s": .secondsSince1970] }
}

@Suite struct DateRoundTripTests {
    // MARK: Generated times

    /// Seconds since 1970 across what the ISO 8601 writer covers (years -99999…99999), by region:
    /// any double, whole seconds, short decimal fractions, today's dates, years past 9999 and
    /// before 1, and the instants around 1970.
    static func secondsSince1970(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        let all = -3_217_830_796_800.0 ..< 3_093_527_980_800
        return (0..<count).map { i in
            switch i % 8 {
            case 0: return Double.random(in: all, using: &random)
            case 1: return Double.random(in: all, using: &random).rounded(.down)
            case 2: return (Double.random(in: -1e10 ..< 1e10, using: &random) * 1000).rounded() / 1000
            case 3: return Double.random(in: 1_600_000_000 ..< 1_900_000_000, using: &random)
            case 4: return Double.random(in: 253_402_300_800 ..< 3_093_527_980_800, using: &random)  // year > 9999
            case 5: return Double.random(in: -3_217_830_796_800 ..< -62_135_596_800, using: &random)  // year < 1
            case 6: return Double.random(in: -100 ..< 100, using: &random)
            default: return Double(Int64.random(in: -1_000_000_000 ..< 1_000_000_000, using: &random)) / 1e6
            }
        }
    }

    /// Times since 2001 (`timeIntervalSinceReferenceDate`): the same regions, plus dates within
    /// 2²³ s of 2001 on the nanosecond grid.
    static func sinceReferenceDate(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return secondsSince1970(count: count, seed: seed).enumerated().map { i, seconds in
            if i % 9 == 0 { return Double(Int64.random(in: -8_000_000_000_000_000 ..< 8_000_000_000_000_000, using: &random)) / 1e9 }
            return seconds - 978_307_200
        }
    }

    static func decoder(_ strategy: BridgeDecoder.DateDecodingStrategy = .flexible) -> BridgeDecoder {
        var decoder = BridgeDecoder()
        decoder.dateDecodingStrategy = strategy
        return decoder
    }

    static func encoder(_ strategy: BridgeEncoder.DateEncodingStrategy = .iso8601) -> BridgeEncoder {
        var encoder = BridgeEncoder()
        encoder.dateEncodingStrategy = strategy
        return encoder
    }

    /// Encodes `dates` and decodes the text again.
    static func roundTrip(_ dates: [Date], _ encoder: BridgeEncoder, _ decoder: BridgeDecoder) throws -> [Date] {
        try decoder.decode([Date].self, from: try encoder.encode(dates))
    }

    // MARK: The default encoder and decoder

    @Test(arguments: [
        // time since 2001                      written
        (736_257_600.0,                          "2024-05-01T12:00:00Z"),
        (736_257_600.25,                         "2024-05-01T12:00:00.25Z"),
        (736_257_600.5,                          "2024-05-01T12:00:00.5Z"),
        (736_257_600.125,                        "2024-05-01T12:00:00.125Z"),
        (-978_307_200.5,                         "1969-12-31T23:59:59.5Z"),
        (0.1,                                    "2001-01-01T00:00:00.1Z"),
        (-0.001,                                 "2000-12-31T23:59:59.999Z"),
        (1e-9,                                   "2001-01-01T00:00:00.000000001Z"),
        (1_714_564_800_123 - 978_307_200,        "56302-05-26T00:02:03Z"),
        (-63_145_526_400,                        "0000-01-01T00:00:00Z"),
        (-63_145_612_800.75,                     "-0001-12-30T23:59:59.25Z"),
    ] as [(Double, String)])
    func defaultOutput(sinceReferenceDate: Double, written: String) throws {
        let date = Date(timeIntervalSinceReferenceDate: sinceReferenceDate)
        #expect(try BridgeEncoder().encodeToString([date]) == "[\"\(written)\"]")
        #expect(try BridgeDecoder().decode([Date].self, from: "[\"\(written)\"]") == [date])
    }

    @Test func aDecodedFractionIsEncodedAndDecodedAgain() throws {
        let decoded = try BridgeDecoder().decode(Date.self, from: #""2024-05-01T12:00:00.250Z""#)
        #expect(decoded == Date(timeIntervalSince1970: 1_714_564_800.25))
        #expect(try BridgeEncoder().encodeToString(decoded) == #""2024-05-01T12:00:00.25Z""#)
        #expect(try BridgeDecoder().decode(Date.self, from: try BridgeEncoder().encode(decoded)) == decoded)
    }

    /// Every date the default encoder writes, the default decoder reads back identically (within
    /// 2²³ s of 2001, where nine digits cannot hold a `Date` exactly, to the nearest nanosecond).
    @Test(arguments: generatedSeeds(4, base: 0xDA7E))
    func defaultEncoderAndDecoderRoundTrip(seed: UInt64) throws {
        let times = Self.sinceReferenceDate(count: 2_000, seed: seed)
        let dates = times.map(Date.init(timeIntervalSinceReferenceDate:))
        let decoded = try Self.roundTrip(dates, BridgeEncoder(), BridgeDecoder())
        for (time, back) in zip(times, decoded.map(\.timeIntervalSinceReferenceDate)) {
            if abs(time) >= 0x1p23 || time * 1e9 == (time * 1e9).rounded() {
                #expect(back == time, "\(time) came back as \(back)")
            } else {
                #expect(abs(back - time) <= 0.5e-9, "\(time) came back as \(back)")
            }
        }
    }

    /// The fraction written is the shortest that reads back: one digit fewer does not.
    @Test(arguments: generatedSeeds(2, base: 0x5407))
    func theFractionIsTheShortestThatReadsBack(seed: UInt64) throws {
        for time in Self.sinceReferenceDate(count: 1_000, seed: seed) where abs(time) >= 0x1p23 {
            let date = Date(timeIntervalSinceReferenceDate: time)
            let text = ISO8601Timestamp.string(date)
            guard let dot = text.firstIndex(of: ".") else {
                #expect(time == time.rounded(.down), "\(text) has no fraction")
                continue
            }
            let digits = text[text.index(after: dot)..<text.index(before: text.endIndex)]
            #expect(digits.count <= 9 && digits.last != "0", "\(text)")
            // One digit fewer, rounded either way: neither reads back as the date.
            guard digits.count > 1, let value = Int(digits) else { continue }
            for shorter in [value / 10, value / 10 + 1] where shorter < Int(pow(10, Double(digits.count - 1))) {
                let padded = String(repeating: "0", count: digits.count - 1 - String(shorter).count) + String(shorter)
                let shortened = String(text[..<dot]) + "." + padded + "Z"
                #expect(FlexibleDateParser.parse(shortened) != date, "\(shortened) also reads back as \(text)")
            }
        }
    }

    // MARK: Every strategy

    /// `.iso8601` read by the `.iso8601` decoding strategy (lenient, which accepts fractions):
    /// identical for the four-digit years that strategy reads.
    @Test(arguments: generatedSeeds(2, base: 0x1501))
    func iso8601ReadByTheISO8601Strategy(seed: UInt64) throws {
        let dates = Self.sinceReferenceDate(count: 1_000, seed: seed)
            .filter { abs($0) >= 0x1p23 && $0 >= -63_113_904_000 && $0 < 252_423_993_600 }  // years 1…9999
            .map(Date.init(timeIntervalSinceReferenceDate:))
        #expect(try Self.roundTrip(dates, Self.encoder(.iso8601), Self.decoder(.iso8601)) == dates)
    }

    /// `.iso8601WholeSeconds` writes `JSONEncoder`'s text: read back as the whole second, by the
    /// default decoder and by the strict `.iso8601` strategy (`JSONDecoder`'s).
    @Test(arguments: generatedSeeds(2, base: 0x1502))
    func iso8601WholeSecondsReadsBackAsTheWholeSecond(seed: UInt64) throws {
        let dates = Self.secondsSince1970(count: 1_000, seed: seed).map(Date.init(timeIntervalSince1970:))
        let wholeSeconds = dates.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        #expect(try Self.roundTrip(dates, Self.encoder(.iso8601WholeSeconds), BridgeDecoder()) == wholeSeconds)
        var strict = Self.decoder(.iso8601)
        strict.coercion = .strict
        // Foundation's reader is Julian before 1582-10-15, and reads four-digit years.
        let foundationYears = dates.filter { $0.timeIntervalSince1970 >= -12_219_292_800 && $0.timeIntervalSince1970 < 253_402_300_800 }
        #expect(try Self.roundTrip(foundationYears, Self.encoder(.iso8601WholeSeconds), strict)
            == foundationYears.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) })
    }

    /// `.deferredToDate` writes `Date`'s own `Double`: every date, identically.
    @Test func deferredToDateRoundTripsEveryDate() throws {
        let dates = Self.sinceReferenceDate(count: 2_000, seed: 0xDEFE).map(Date.init(timeIntervalSinceReferenceDate:))
        #expect(try Self.roundTrip(dates, Self.encoder(.deferredToDate), Self.decoder(.deferredToDate)) == dates)
    }

    /// `.secondsSince1970` and `.millisecondsSince1970`: every date read from a number is written
    /// back as a number that reads back identically (fractions kept). The decoder's arithmetic is
    /// `JSONDecoder`'s, so `Date(timeIntervalSince1970:)` of any number is such a date.
    @Test(arguments: [1.0, 1000.0], generatedSeeds(3, base: 0xE90C))
    func epochStrategiesRoundTripEveryDateTheyRead(perSecond: Double, seed: UInt64) throws {
        let strategies: (BridgeEncoder.DateEncodingStrategy, BridgeDecoder.DateDecodingStrategy) =
            perSecond == 1 ? (.secondsSince1970, .secondsSince1970) : (.millisecondsSince1970, .millisecondsSince1970)
        let numbers = Self.secondsSince1970(count: 2_000, seed: seed).map { $0 * perSecond }
        let read = try Self.decoder(strategies.1).decode([Date].self, from: JSONValue.array(numbers.map { .number(JSONNumber($0)) }))
        #expect(try Self.roundTrip(read, Self.encoder(strategies.0), Self.decoder(strategies.1)) == read)
    }

    /// The epoch strategies on arbitrary dates: back to the identical date when a number reads as
    /// it, and otherwise to the nearest date a number reads as (within a unit in the last place of
    /// the seconds since 1970).
    @Test(arguments: [1.0, 1000.0])
    func epochStrategiesOnAnyDate(perSecond: Double) throws {
        let strategies: (BridgeEncoder.DateEncodingStrategy, BridgeDecoder.DateDecodingStrategy) =
            perSecond == 1 ? (.secondsSince1970, .secondsSince1970) : (.millisecondsSince1970, .millisecondsSince1970)
        let dates = Self.sinceReferenceDate(count: 2_000, seed: 0xA11).map(Date.init(timeIntervalSinceReferenceDate:))
        let back = try Self.roundTrip(dates, Self.encoder(strategies.0), Self.decoder(strategies.1))
        for (date, read) in zip(dates, back) {
            let seconds = date.timeIntervalSince1970
            #expect(abs(read.timeIntervalSince1970 - seconds) <= seconds.ulp * 2, "\(seconds)")
        }
    }

    // MARK: Value transforms

    @Test func theMillisecondTransformKeepsAFraction() throws {
        let decoded = try BridgeDecoder().decode(EpochTransformed.self, from: #"{"ms": 17145648.0123, "s": 1714564800.25}"#)
        let text = try BridgeEncoder().encodeToString(decoded)
        #expect(text == #"{"ms":17145648.0123,"s":1714564800.25}"#)
        #expect(try BridgeDecoder().decode(EpochTransformed.self, from: text) == decoded)
        let whole = try BridgeDecoder().decode(EpochTransformed.self, from: #"{"ms": 1714564800123, "s": 1714564800}"#)
        #expect(try BridgeEncoder().encodeToString(whole) == #"{"ms":1714564800123,"s":1714564800}"#)
    }

    /// Both epoch transforms: every date read from a number round-trips identically.
    @Test(arguments: generatedSeeds(3, base: 0x7A45))
    func epochTransformsRoundTripEveryDateTheyRead(seed: UInt64) throws {
        let seconds = Self.secondsSince1970(count: 1_000, seed: seed)
        let documents: [JSONValue] = seconds.map { .object(["ms": .number(JSONNumber($0 * 1000)), "s": .number(JSONNumber($0))]) }
        let read = try BridgeDecoder().decode([EpochTransformed].self, from: JSONValue.array(documents))
        let back = try BridgeDecoder().decode([EpochTransformed].self, from: try BridgeEncoder().encode(read))
        #expect(back == read)
    }

    @Test func theEpochTransformsRejectDatesNoNumberHolds() {
        let far = EpochTransformed(ms: Date(timeIntervalSince1970: 1e306), s: Date(timeIntervalSince1970: 0))
        #expect(throws: EncodingError.self) { try BridgeEncoder().encode(far) }
    }
}
