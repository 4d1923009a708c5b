import Foundation
import Testing
@testable import CodableBridge

/// The conversion of JSON number text to `Double` (Clinger's fast path, Eisel–Lemire, `strtod`
/// for the rest) gives, bit for bit, what `Double(String)` gives — the standard library's
/// correctly rounded conversion — on hand-picked hard cases, on random decimals of every length
/// and exponent, and on the shortest text of random doubles.
@Suite("JSON number text to Double")
struct DecimalToDoubleTests {
    /// The conversion of `text`, read as the tape holds it (a non-number byte after it).
    static func converted(_ text: String) -> Double {
        let bytes = Array(text.utf8) + [0]
        return bytes.withUnsafeBufferPointer { DecimalToDouble.parse($0.baseAddress!, length: bytes.count - 1, readableEnd: $0.baseAddress! + $0.count) }
    }

    static func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = Double(text)!
        let got = converted(text)
        #expect(got.bitPattern == expected.bitPattern, "\(text): \(got) against \(expected)", sourceLocation: sourceLocation)
    }

    @Test("Hard cases: halfway points, the ends of the range, subnormals, zeros, long mantissas", arguments: [
        "0", "-0", "0.0", "-0.0", "0e10", "-0E-10", "0.000", "1", "-1", "1.5", "-65.613616999999977",
        "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
        "18014398509481985", "4503599627370496.5", "4503599627370497.5",
        "1e22", "1e23", "8.41e21", "1.7976931348623157e308", "1.7976931348623158e308", "1.8e308", "1e309",
        "2.2250738585072011e-308", "2.2250738585072014e-308", "2.2250738585072012e-308",
        "4.9406564584124654e-324", "5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400",
        "0.1", "0.2", "0.3", "3.141592653589793", "2.718281828459045", "1.00000000000000011102230246251565404236316680908203125",
        "7.3177701707893310e+15", "9.5e-5", "1e-5", "123456789012345678", "1234567890123456789",
        "12345678901234567890", "123456789012345678901234567890", "0.000000000000000000000000000001234567890123456789",
        "1.0e-7", "1E+2", "1e0", "1e-0", "100000000000000000000000", "2.2250738585072011e-308",
        "1.448997445238699", "3.0540529e-5", "9.87e-7", "1.2345678901234567e-300", "5.0e-324",
        "9999999999999999999", "99999999999999999999", "1e-348", "1e-349", "1e347", "1e348",
        "7.2057594037927933e16", "0.500000000000000166533453693773481063544750213623046875",
    ])
    func hardCases(_ text: String) {
        Self.expectSame(text)
    }

    @Test("JSON5's numbers go to strtod, which reads them", arguments: [
        "+1", ".5", "-.5", "5.", "+.5e1", "0x1F", "-0x10", "Infinity", "-Infinity", "NaN", "+NaN",
    ])
    func json5Forms(_ text: String) {
        let bytes = Array(text.utf8) + [0]
        let fast = bytes.withUnsafeBufferPointer { DecimalToDouble.fastParse($0.baseAddress!, length: bytes.count - 1, readableEnd: $0.baseAddress! + $0.count) }
        #expect(fast == nil, "\(text)")
    }

    @Test("Random decimals of 1 to 25 digits, with and without a fraction, exponents from -360 to 360")
    func randomDecimals() {
        var random = SplitMix64(seed: 0xC0DA_B1E5)
        for _ in 0 ..< 200_000 {
            let count = 1 + Int(random.next() % 25)
            var digits = String(1 + random.next() % 9)
            for _ in 1 ..< count { digits += String(random.next() % 10) }
            var text = random.next() % 2 == 0 ? "" : "-"
            let point = Int(random.next() % UInt64(count + 1))
            if point == 0 || point == count {
                text += digits
            } else {
                text += String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            }
            if random.next() % 3 != 0 {
                let exponent = Int(random.next() % 721) - 360
                text += (random.next() % 2 == 0 ? "e" : "E") + String(exponent)
            }
            Self.expectSame(text)
        }
    }

    @Test("The shortest text of random doubles converts back to the same double")
    func shortestTextRoundTrips() {
        var random = SplitMix64(seed: 0x5EED)
        var checked = 0
        while checked < 100_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            checked += 1
            let text = "\(value)"
            let got = Self.converted(text)
            #expect(got.bitPattern == value.bitPattern, "\(text): \(got)")
        }
    }

    @Test("Numbers of up to 19 significant digits in the normal range need no strtod")
    func fastPathCoversTypicalNumbers() {
        var random = SplitMix64(seed: 42)
        var declined = 0
        for _ in 0 ..< 100_000 {
            // Coordinates and prices as documents hold them: up to 17 significant digits.
            let text = String(format: "%.*f", Int(random.next() % 11) + 1, Double(random.next() % 1_000_000_000) / 1_000.0 - 500_000.0)
            let bytes = Array(text.utf8) + [0]
            let fast = bytes.withUnsafeBufferPointer { DecimalToDouble.fastParse($0.baseAddress!, length: bytes.count - 1, readableEnd: $0.baseAddress! + $0.count) }
            if fast == nil { declined += 1 }
        }
        #expect(declined < 10, "\(declined) of 100 000 went to strtod")
    }
}
