import Foundation
import Testing
@testable import CodableBridge

/// Scalars at the top level: every integer type, floating point, Bool, String, fragments.
/// Each row states Foundation's behaviour (checked against `JSONDecoder`) and requires
/// `BridgeDecoder.foundationCompatible` to match it.
@Suite struct ScalarParityTests {

    // MARK: Integers

    /// The same twelve rows for every integer type.
    static func integerRows<T: FixedWidthInteger & Codable & Sendable>(_ type: T.Type) -> [ParityCase] {
        let aboveMax = T.max == UInt64.max ? "18446744073709551616" : String(UInt64(T.max) + 1)
        let belowMin = T.min == 0 ? "-1" : "-" + String(UInt64(T.min.magnitude) + 1)
        return [
            .decode(T.self, "42", .value(42)),
            .decode(T.self, "\(T.max)", .value(T.max)),                 // boundary
            .decode(T.self, "\(T.min)", .value(T.min)),                 // boundary
            .decode(T.self, aboveMax, .error(.dataCorrupted)),          // overflow
            .decode(T.self, belowMin, .error(.dataCorrupted)),          // underflow / negative → unsigned
            .decode(T.self, "1.0", .value(1)),                          // integral fraction accepted
            .decode(T.self, "1e2", .value(100)),                        // exponent form
            .decode(T.self, "12.5E1", .value(125)),                     // fraction × exponent, integral
            .decode(T.self, "1.5", .error(.dataCorrupted)),             // fractional
            .decode(T.self, "1e-2", .error(.dataCorrupted)),            // fractional via exponent
            .decode(T.self, "-0", .value(0)),
            .decode(T.self, #""1""#, .error(.typeMismatch)),            // string is not a number
            .decode(T.self, "true", .error(.typeMismatch)),             // Bool is not a number
            .decode(T.self, "null", .error(.valueNotFound)),
        ]
    }

    static let integerCases: [ParityCase] =
        integerRows(Int.self) + integerRows(Int8.self) + integerRows(Int16.self) + integerRows(Int32.self)
        + integerRows(Int64.self) + integerRows(UInt.self) + integerRows(UInt8.self) + integerRows(UInt16.self)
        + integerRows(UInt32.self) + integerRows(UInt64.self)

    @Test(arguments: integerCases)
    func integers(_ row: ParityCase) { row.run() }

    /// Hand-picked integer rows named in the spec.
    static let integerSpecials: [ParityCase] = [
        .decode(Int8.self, "128", .error(.dataCorrupted)),
        .decode(Int8.self, "-129", .error(.dataCorrupted)),
        .decode(Int8.self, "1.27e2", .value(127)),
        .decode(UInt8.self, "2.56e2", .error(.dataCorrupted)),
        .decode(UInt.self, "-1", .error(.dataCorrupted)),
        .decode(UInt64.self, "18446744073709551615", .value(.max)),         // beyond 2^53, exact
        .decode(Int64.self, "9007199254740993", .value(9_007_199_254_740_993)), // 2^53 + 1, exact
        .decode(Int.self, "1e100", .error(.dataCorrupted)),
        .decode(Int.self, "0e5", .value(0)),
        .decode(Int.self, "-1.5", .error(.dataCorrupted)),
        .decode(Int.self, "01", .error(.dataCorrupted)),                  // leading zero: not JSON
        .decode(Int.self, "+1", .error(.dataCorrupted)),                  // plus sign: not JSON
        .decode(Int.self, "[1]", .error(.typeMismatch)),
        .decode(Int.self, "{}", .error(.typeMismatch)),
    ]

    @Test(arguments: integerSpecials)
    func integerSpecialCases(_ row: ParityCase) { row.run() }

    // MARK: Floating point

    static let floatingPointCases: [ParityCase] = [
        .decode(Double.self, "1.5", .value(1.5)),
        .decode(Double.self, "1", .value(1)),
        .decode(Double.self, "0.1", .value(0.1)),
        .decode(Double.self, "-2.5e-3", .value(-0.0025)),
        .decode(Double.self, "1e308", .value(1e308)),
        .decode(Double.self, "1.7976931348623157e308", .value(.greatestFiniteMagnitude)),
        .decode(Double.self, "5e-324", .value(.leastNonzeroMagnitude)),
        .decode(Double.self, "123456789012345678901234567890", .value(1.2345678901234568e29)),
        .decode(Double.self, "1e309", .error(.dataCorrupted)),       // overflows to infinity
        .decode(Double.self, "1e-400", .error(.dataCorrupted)),      // underflows to zero: Foundation rejects
        .decode(Double.self, "NaN", .error(.dataCorrupted)),         // not JSON
        .decode(Double.self, #""1.5""#, .error(.typeMismatch)),
        .decode(Double.self, #""NaN""#, .error(.typeMismatch)),      // no non-conforming strategy
        .decode(Double.self, "true", .error(.typeMismatch)),
        .decode(Double.self, "null", .error(.valueNotFound)),
        .decode(Float.self, "0.1", .value(0.1)),
        .decode(Float.self, "3.4028235e38", .value(.greatestFiniteMagnitude)),
        .decode(Float.self, "1e39", .error(.dataCorrupted)),
        .decode(Float.self, "1e-50", .error(.dataCorrupted)),
        .decode(Float.self, "16777217", .value(16_777_216)),         // nearest Float
        .decode([Double].self, "[1, 2.5, -3e2]", .value([1, 2.5, -300])),
    ]

    @Test(arguments: floatingPointCases)
    func floatingPoint(_ row: ParityCase) { row.run() }

    @Test func negativeZeroKeepsItsSign() {
        let sameBits: (Double, Double) -> Bool = { $0.bitPattern == $1.bitPattern }
        expectParity(Double.self, json: "-0", expected: .value(-0.0), equals: sameBits)
        expectParity(Double.self, json: "-0.0", expected: .value(-0.0), equals: sameBits)
        expectParity(Float.self, json: "-0", expected: .value(-0.0), equals: { $0.bitPattern == $1.bitPattern })
        #expect((try? BridgeDecoder.foundationCompatible.decode(Double.self, from: "-0"))?.sign == .minus)
    }

    /// Number edge cases where Foundation's behaviour is not obvious from the JSON grammar.
    /// swift-foundation keeps integers exact when the text has an all-zero fraction, reads other
    /// integral-looking numbers through `Double` (so a fraction below Double's precision is lost),
    /// and rejects any number that rounds to ±infinity or to zero from a non-zero literal.
    static let numberEdgeCases: [ParityCase] = [
        .decode(Int64.self, "9007199254740993.0", .value(9_007_199_254_740_993)),  // exact, not via Double
        .decode(Int64.self, "9007199254740993e0", .value(9_007_199_254_740_993)),
        .decode(Int.self, "123456789012345678.0", .value(123_456_789_012_345_678)),
        .decode(Int.self, "100e-2", .value(1)),
        .decode(Int.self, "1.00000000000000000001", .value(1)),                   // fraction lost in Double
        .decode(Int.self, "1e19", .error(.dataCorrupted)),
        .decode(UInt64.self, "1e19", .value(10_000_000_000_000_000_000)),
        .decode(UInt64.self, "1.8e19", .value(18_000_000_000_000_000_000)),
        .decode(UInt64.self, "1.8446744073709552e19", .error(.dataCorrupted)),
        .decode(Int.self, "-0.0", .value(0)),
        .decode(UInt.self, "-0.0", .value(0)),
        .decode(UInt.self, "-0.5", .error(.dataCorrupted)),
        .decode(Float.self, "1.5e-45", .value(.leastNonzeroMagnitude)),            // subnormal
        .decode(Float.self, "1e-46", .error(.dataCorrupted)),                      // rounds to zero
        .decode(Float.self, "3.4028236e38", .error(.dataCorrupted)),               // rounds to infinity
        .decode(Double.self, "2.4703282292062328e-324", .value(.leastNonzeroMagnitude)),
        .decode(Double.self, "2.4703282292062327e-324", .error(.dataCorrupted)),   // rounds to zero
        .decode(Double.self, "0E0", .value(0)),
        .decode(Double.self, "0e-5", .value(0)),
        // Not pinned: swift-foundation rejects "0e5" (but accepts "0.0e1" and "-0e1") — a bug in its
        // number validation, not behaviour worth copying.
        .decode(Double.self, "0.000", .value(0)),
    ]

    @Test(arguments: numberEdgeCases)
    func numberEdges(_ row: ParityCase) { row.run() }

    // MARK: Bool and String

    static let boolAndStringCases: [ParityCase] = [
        .decode(Bool.self, "true", .value(true)),
        .decode(Bool.self, "false", .value(false)),
        .decode(Bool.self, "1", .error(.typeMismatch)),
        .decode(Bool.self, "0", .error(.typeMismatch)),
        .decode(Bool.self, #""true""#, .error(.typeMismatch)),
        .decode(Bool.self, "null", .error(.typeMismatch)),            // Foundation: typeMismatch, not valueNotFound
        .decode([Bool].self, "[true, null]", .error(.typeMismatch, at: "[1]")),
        .decode(PF.BoolField.self, #"{"b": null}"#, .error(.typeMismatch, at: "b")),
        .decode(PF.BoolField.self, #"{"b": 1}"#, .error(.typeMismatch, at: "b")),
        .decode(String.self, #""plain""#, .value("plain")),
        .decode(String.self, #""""#, .value("")),
        .decode(String.self, #""a\u00e9\n\t\"\\\/""#, .value("aé\n\t\"\\/")),
        .decode(String.self, #""\ud83d\ude00""#, .value("😀")),       // surrogate pair
        .decode(String.self, "\"caf\u{E9}\"", .value("café")),         // raw UTF-8
        .decode(String.self, "123", .error(.typeMismatch)),
        .decode(String.self, "true", .error(.typeMismatch)),
        .decode(String.self, "[]", .error(.typeMismatch)),
        .decode(String.self, "null", .error(.valueNotFound)),
        .decode(String.self, "\"a\u{1}b\"", .error(.dataCorrupted)),   // unescaped control character
        .decode(String.self, #""\x""#, .error(.dataCorrupted)),       // invalid escape
    ]

    @Test(arguments: boolAndStringCases)
    func boolAndString(_ row: ParityCase) { row.run() }

    // MARK: Top-level fragments and document shape

    static let fragmentCases: [ParityCase] = [
        .decode(Int.self, "1", .value(1)),
        .decode(String.self, #""s""#, .value("s")),
        .decode(Int?.self, "null", .value(nil)),
        .decode(String?.self, "null", .value(nil)),
        .decode([Int]?.self, "null", .value(nil)),
        .decode(Int?.self, "5", .value(5)),
        .decode(Int.self, " \n\t1 \r\n", .value(1)),                  // surrounding whitespace
        .decode(Int.self, "", .error(.dataCorrupted)),                // empty document
        .decode(Int.self, "   ", .error(.dataCorrupted)),
        .decode(Int.self, "1 2", .error(.dataCorrupted)),             // trailing content
        .decode([Int].self, "[1,,2]", .error(.dataCorrupted)),
        .decode([String: Int].self, #"{"a":1"#, .error(.dataCorrupted)), // truncated
        .decode([String: Int].self, "{'a':1}", .error(.dataCorrupted)),  // single quotes
        .decode([Int].self, "[1] // comment", .error(.dataCorrupted)),
        .decode([String: Int].self, #"{"a":1,"a":2}"#, .value(["a": 1])), // duplicate keys: first wins
    ]

    @Test(arguments: fragmentCases)
    func fragments(_ row: ParityCase) { row.run() }

    /// Trailing commas (`[1,]`, `{"a":1,}`) decode as in JSONDecoder: JSON5ParityTests.trailingComma.
    @Test(arguments: ["[1,]", #"{"a":1,}"#])
    func trailingCommaDecodesAsInJSONDecoder(json: String) {
        expectParity(JSONValue.self, json: json)
    }
}
