import Foundation
import Testing
@testable import CodableBridge

/// `Int128` / `UInt128` through `JSONDecoder` / `JSONEncoder` and `.strict` `BridgeDecoder` /
/// `BridgeEncoder`: every row states Foundation's behaviour (checked against it on every run).
@Suite struct Int128ParityTests {
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    struct Fields: Codable, Equatable, Sendable {
        var a: Int128
        var b: UInt128?
    }

    static let i128Max = "170141183460469231731687303715884105727"
    static let i128Min = "-170141183460469231731687303715884105728"
    static let u128Max = "340282366920938463463374607431768211455"

    /// Empty where the platform has no 128-bit integers.
    static var decoding: [ParityCase] {
        guard #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) else { return [] }
        return [
        .decode(Int128.self, "42", .value(42)),
        .decode(Int128.self, i128Max, .value(.max)),
        .decode(Int128.self, i128Min, .value(.min)),
        .decode(Int128.self, "170141183460469231731687303715884105728", .error(.dataCorrupted)),   // overflow
        .decode(Int128.self, "-170141183460469231731687303715884105729", .error(.dataCorrupted)),
        .decode(Int128.self, "1" + String(repeating: "0", count: 60), .error(.dataCorrupted)),
        .decode(Int128.self, "9223372036854775808", .value(9_223_372_036_854_775_808)),            // beyond Int64
        .decode(Int128.self, "-18446744073709551616", .value(-18_446_744_073_709_551_616)),
        .decode(Int128.self, "1.0", .value(1)),
        .decode(Int128.self, "1e2", .value(100)),
        .decode(Int128.self, "12.5E1", .value(125)),
        .decode(Int128.self, "1e19", .value(10_000_000_000_000_000_000)),
        .decode(Int128.self, "-0", .value(0)),
        .decode(Int128.self, "-0.0", .value(0)),
        .decode(Int128.self, "1.5", .error(.dataCorrupted)),
        .decode(Int128.self, "1e-2", .error(.dataCorrupted)),
        .decode(Int128.self, #""1""#, .error(.typeMismatch)),
        .decode(Int128.self, "true", .error(.typeMismatch)),
        .decode(Int128.self, "null", .error(.valueNotFound)),
        .decode(Int128.self, "[1]", .error(.typeMismatch)),
        .decode(UInt128.self, u128Max, .value(.max)),
        .decode(UInt128.self, "340282366920938463463374607431768211456", .error(.dataCorrupted)),
        .decode(UInt128.self, "-1", .error(.dataCorrupted)),
        .decode(UInt128.self, "-1.0", .error(.dataCorrupted)),
        .decode(UInt128.self, "-0", .value(0)),
        .decode(UInt128.self, "18446744073709551616", .value(18_446_744_073_709_551_616)),
        .decode([Int128].self, "[1, \(i128Max), \(i128Min)]", .value([1, .max, .min])),
        .decode(Set<UInt128>.self, "[1, \(u128Max)]", .value([1, .max])),
        .decode([String: Int128].self, #"{"k": \#(i128Min)}"#, .value(["k": .min])),
        .decode(Fields.self, #"{"a": \#(i128Max), "b": \#(u128Max)}"#, .value(Fields(a: .max, b: .max))),
        .decode(Fields.self, #"{"a": 1, "b": null}"#, .value(Fields(a: 1, b: nil))),
        .decode(Fields.self, #"{"a": 1}"#, .value(Fields(a: 1, b: nil))),
        .decode(Fields.self, #"{"b": 1}"#, .missingKey("a", at: "")),
        .decode(Fields.self, #"{"a": "1"}"#, .error(.typeMismatch, at: "a")),
        .decode(Fields.self, #"{"a": 1.5}"#, .error(.dataCorrupted), bridgePath: "a"),
        .decode(Fields.self, #"{"a": 1, "b": -1}"#, .error(.dataCorrupted), bridgePath: "b"),
        // Dictionary keys: Int128 is not CodingKeyRepresentable, so [Int128: V] is an array of
        // alternating keys and values, in both decoders.
        .decode([Int128: String].self, #"[\#(i128Max), "max", -1, "minus one"]"#, .value([.max: "max", -1: "minus one"])),
        .decode([UInt128: Int].self, #"[\#(u128Max), 1]"#, .value([.max: 1])),
        .decode([Int128: String].self, #"{"1": "one"}"#, .error(.typeMismatch)),
        ]
    }

    @Test(arguments: decoding)
    func decodes(_ row: ParityCase) { row.run() }

    /// Deliberate difference: JSONDecoder rejects 128-bit values written with a fraction or an
    /// exponent beyond UInt64's range; BridgeDecoder (`.strict` too) reads them exactly.
    @Test(arguments: [
        ("1e20", "100000000000000000000"),
        ("1e38", "100000000000000000000000000000000000000"),
        ("18446744073709551616.0", "18446744073709551616"),
        ("1.7014118346046923173168730371588410572e38", "170141183460469231731687303715884105720"),
    ])
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func exponentsBeyondUInt64AreADeliberateDifference(_ json: String, _ expected: String) throws {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Int128.self, from: Data(json.utf8)) }
        #expect(try strictBridgeDecoder().decode(Int128.self, from: json) == Int128(expected))
    }

    static var encoding: [EncodingParityCase] {
        guard #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) else { return [] }
        return [
        .encode(Int128.max, .json(i128Max)),
        .encode(Int128.min, .json(i128Min)),
        .encode(UInt128.max, .json(u128Max)),
        .encode([Int128(-1), 0, .max], .json("[-1,0,\(i128Max)]")),
        .encode(Fields(a: .min, b: .max), .json(#"{"a":\#(i128Min),"b":\#(u128Max)}"#)),
        .encode(Fields(a: 0, b: nil), .json(#"{"a":0}"#)),
        .encode(["k": UInt128.max], .json(#"{"k":\#(u128Max)}"#)),
        .encode([Int128.max: "max"], .json(#"[\#(i128Max),"max"]"#)),
        ]
    }

    @Test(arguments: encoding)
    func encodes(_ row: EncodingParityCase) { row.run() }
}
