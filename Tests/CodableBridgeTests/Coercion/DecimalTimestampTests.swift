import Foundation
import Testing
@testable import CodableBridgeCoercion

extension CoercionTests {
    /// Whole seconds and fraction digits to a `Double` with one correct rounding — what the date
    /// parsers read and what `BridgeEncoder`'s ISO 8601 writer checks its fraction against.
    @Suite("Decimal timestamps")
    struct DecimalTimestampTests {
        /// `whole + fraction / scale` as decimal text, which `Double(_:)` rounds correctly.
        static func decimalText(whole: Int64, fraction: Int64, digits: Int) -> String {
            let padded = { (value: Int64) in String(repeating: "0", count: digits - String(value).count) + String(value) }
            if whole >= 0 || fraction == 0 { return "\(whole).\(padded(fraction))" }
            // -10 + 0.25 = -9.75
            let scale = Int64(pow(10, Double(digits)))
            return "-\(-whole - 1).\(padded(scale - fraction))"
        }

        @Test(arguments: [
            // whole                fraction         digits
            (Int64(736_257_600),    123_456_789,     9),
            (736_257_600,           25,              2),
            (-978_307_200,          5,               1),
            (0,                     1,               9),
            (1_714_564_800,         123,             3),
            (-3_218_809_104_000,    999_999_999,     9),
            (3_092_549_673_599,     500_000_001,     9),
            (16_777_216,            999_999_999,     9),   // 2²⁴: the gap above is twice the gap below
            (-16_777_217,           1,               9),
            (9_007_199,             254_740_993,     9),   // just past 2⁵³ / 10⁹
            (9_223_372_036,         999_999_999,     9),   // × 10⁹ + fraction passes Int64.max (year 2262)
            (-9_223_372_037,        1,               9),
        ] as [(Int64, Int64, Int)])
        func nearestDoubleMatchesDecimalParsing(whole: Int64, fraction: Int64, digits: Int) throws {
            let scale = Int64(pow(10, Double(digits)))
            let expected = try #require(Double(Self.decimalText(whole: whole, fraction: fraction, digits: digits)))
            #expect(DecimalTimestamp.nearestDouble(whole: whole, fraction: fraction, scale: scale) == expected)
        }

        /// Random times across years -99999…99999 with 1 to 9 fraction digits, against
        /// `Double(String)` (correctly rounded).
        @Test(arguments: generatedSeeds(4, base: 0xDEC1))
        func nearestDoubleIsCorrectlyRounded(seed: UInt64) throws {
            var random = SplitMix64(seed: seed)
            for _ in 0..<5_000 {
                let digits = Int.random(in: 1...9, using: &random)
                let scale = Int64(pow(10, Double(digits)))
                let magnitude = Int64(1) << Int.random(in: 0...41, using: &random)
                let whole = Int64.random(in: -magnitude...magnitude, using: &random)
                let fraction = Int64.random(in: 0..<scale, using: &random)
                let text = Self.decimalText(whole: whole, fraction: fraction, digits: digits)
                let expected = try #require(Double(text))
                #expect(DecimalTimestamp.nearestDouble(whole: whole, fraction: fraction, scale: scale) == expected, "\(text)")
            }
        }

        /// A decimal exactly halfway between two Doubles rounds to the one with an even significand.
        @Test(arguments: [
            // 2⁴⁴ s: Doubles are 2⁻⁸ s apart, so 0.001953125 (2⁻⁹) is halfway.
            (Int64(17_592_186_044_416), Int64(1_953_125), 17_592_186_044_416.0),               // down to even
            (17_592_186_044_416,        5_859_375,        17_592_186_044_416.0078125),          // up to even
            (-17_592_186_044_417,       998_046_875,      -17_592_186_044_416.0),               // -2⁴⁴ - 2⁻⁹
        ] as [(Int64, Int64, Double)])
        func tiesRoundToEven(whole: Int64, fraction: Int64, expected: Double) throws {
            #expect(Double(Self.decimalText(whole: whole, fraction: fraction, digits: 9)) == expected)
            #expect(DecimalTimestamp.nearestDouble(whole: whole, fraction: fraction, scale: 1_000_000_000) == expected)
        }

        @Test func dateIsRelativeTo2001() {
            let timestamp = DecimalTimestamp(secondsSince1970: 1_714_564_800, fraction: 123_456_789, fractionScale: 1_000_000_000)
            #expect(timestamp.date.timeIntervalSinceReferenceDate == 736_257_600.123_456_789)
            #expect(timestamp.secondsSince1970Double == 1_714_564_800.123_456_789)
        }
    }
}
