import Foundation
import Testing
@testable import CodableBridge

// A host that sets a decimal-comma locale must not change the numbers the library reads or
// writes: C's `strtod` reads "1.5" as 1 and `printf("%g")` writes "1,5" under de_DE.
//
// The tests switch the locale of their own thread only (`uselocale`), so suites running in
// parallel on other threads keep theirs; the C library's number functions honour the thread's
// locale exactly as they honour `setlocale`'s (`withGermanNumbers` checks that `strtod` is
// affected, so each test really runs under the conditions it claims). The bodies are
// synchronous: the thread cannot change between switching the locale and restoring it.

/// A record with every kind of number the decoder converts.
struct LocaleNumbers: Codable, Equatable {
    var double: Double
    var float: Float
    var decimal: Decimal
    var small: Double
}

/// Thrown when the locale a test needs is not installed.
struct LocaleMissing: Error, CustomStringConvertible {
    var description: String {
        "the de_DE.UTF-8 locale is not installed (Debian: apt-get install locales; enable de_DE.UTF-8 in /etc/locale.gen; locale-gen — .ci/run does this)"
    }
}

/// Runs `body` with this thread's locale set to de_DE.UTF-8, whose decimal separator is a comma.
/// Fails the test (never skips it) when the locale is missing.
func withGermanNumbers<R>(_ body: () throws -> R) throws -> R {
    guard let german = newlocale(Int32(LC_NUMERIC_MASK), "de_DE.UTF-8", nil) else {
        Issue.record(Comment(rawValue: LocaleMissing().description))
        throw LocaleMissing()
    }
    defer { freelocale(german) }
    let previous = uselocale(german)
    defer { uselocale(previous) }
    // The condition under test: the C library now reads and writes a decimal comma.
    #expect(strtod("1.5", nil) == 1, "uselocale did not switch the decimal separator")
    return try body()
}

@Suite("Numbers do not depend on the C locale", .serialized)
struct NumberLocaleTests {
    static let json = #"{"double": 1.5, "float": 0.25, "decimal": 12.75, "small": 1.0e-3}"#
    static let expected = LocaleNumbers(double: 1.5, float: 0.25, decimal: Decimal(string: "12.75")!, small: 0.001)

    @Test("Double, Float and Decimal decode with a decimal point under a decimal-comma locale")
    func decodesNumbers() throws {
        try withGermanNumbers { () throws in
            for decoder in [BridgeDecoder(), .foundationCompatible] {
                #expect(try decoder.decode(LocaleNumbers.self, from: Self.json) == Self.expected)
            }
            #expect(try BridgeDecoder().decode([Double].self, from: "[-2.5, 3.14159, 0.30000000000000004, 6.02e23]")
                == [-2.5, 3.14159, 0.30000000000000004, 6.02e23])
            #expect(try BridgeDecoder().decode([Float].self, from: "[1.5, -0.125]") == [1.5, -0.125])
            #expect(try BridgeDecoder().decode(Float.self, from: "3.4e38") == 3.4e38)
        }
    }

    @Test("Lenient string → number reads a decimal point", arguments: [CoercionPolicy.lenient, .yyModel])
    func stringsToNumbers(policy: CoercionPolicy) throws {
        try withGermanNumbers { () throws in
            var decoder = BridgeDecoder()
            decoder.coercion = policy
            #expect(try decoder.decode([Double].self, from: #"["1.5", "-0.25", " 2.5 "]"#) == [1.5, -0.25, 2.5])
            #expect(try decoder.decode([Float].self, from: #"["1.5"]"#) == [1.5])
            #expect(try decoder.decode([Decimal].self, from: #"["1.5"]"#) == [Decimal(string: "1.5")!])
            #expect(try decoder.decode([Int].self, from: #"["12.0"]"#) == [12])
        }
    }

    @Test("Number text written by the encoder and the coercion module keeps a decimal point")
    func encodesNumbers() throws {
        try withGermanNumbers { () throws in
            let text = try BridgeEncoder().encodeToString(Self.expected)
            #expect(text.contains("1.5") && text.contains("0.25") && text.contains("12.75") && !text.contains("1,5"))
            #expect(try BridgeDecoder().decode(LocaleNumbers.self, from: text) == Self.expected)
            #expect(YYModelNumber.double(1.5).stringValue == "1.5")
            #expect(YYModelNumber.double(1e-7).stringValue == "1e-07")
            #expect(JSONNumber(0.1).text == "0.1")
            var decoder = BridgeDecoder()
            decoder.coercion = .yyModel
            #expect(try decoder.decode([String].self, from: "[1.25]") == ["1.25"])
        }
    }

    @Test("The JSON tree reads numbers with a decimal point")
    func treeNumbers() throws {
        try withGermanNumbers { () throws in
            let tree = try JSONValue(parsing: #"{"x": 1.5}"#)
            #expect(tree["x"]?.numberValue?.doubleValue == 1.5)
            #expect(tree["x"]?.numberValue?.decimalValue == Decimal(string: "1.5"))
            #expect(try BridgeDecoder().decode(LocaleNumbers.self, from: try JSONValue(parsing: Self.json)) == Self.expected)
        }
    }
}
