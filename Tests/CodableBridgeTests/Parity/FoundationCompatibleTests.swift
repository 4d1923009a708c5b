import Foundation
import Testing
@testable import CodableBridge

/// `BridgeDecoder.foundationCompatible` is `JSONDecoder()` with its defaults; `.strict` alone is
/// not (its dates stay `.flexible`, a missing key still defaults). The whole parity suite runs
/// through `foundationCompatible` (DecodingParity.swift); these rows pin what sets it apart.
@Suite struct FoundationCompatibleTests {
    @Test("its options are JSONDecoder's defaults")
    func options() {
        let decoder = BridgeDecoder.foundationCompatible
        #expect(decoder.coercion.mismatchIsError)
        #expect(decoder.missingValueStrategy == .throw)
        guard case .deferredToDate = decoder.dateDecodingStrategy.base else { Issue.record("dates"); return }
        guard case .base64 = decoder.dataDecodingStrategy.base else { Issue.record("data"); return }
        #expect(decoder.nonConformingFloatDecodingStrategy == .throw)
        guard case .useDefaultKeys = decoder.keyDecodingStrategy.base else { Issue.record("keys"); return }
    }

    @Test("a numeric date is seconds since 2001, as in JSONDecoder; .strict alone reads seconds since 1970")
    func numericDate() throws {
        let foundation = try JSONDecoder().decode(Date.self, from: Data("1.5".utf8))
        #expect(try BridgeDecoder.foundationCompatible.decode(Date.self, from: "1.5") == foundation)
        var strict = BridgeDecoder()
        strict.coercion = .strict
        #expect(try strict.decode(Date.self, from: "1.5") != foundation)
    }

    @Test("a missing key is keyNotFound, as in JSONDecoder; .strict alone uses the zero value")
    func missingKey() throws {
        expectDecodingError(.keyNotFound, codingPath: "") { try BridgeDecoder.foundationCompatible.decode(PF.Zip.self, from: "{}") }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PF.Zip.self, from: Data("{}".utf8)) }
        var strict = BridgeDecoder()
        strict.coercion = .strict
        #expect(try strict.decode(PF.Zip.self, from: "{}") == PF.Zip(zip: 0))
    }

    @Test("an ISO 8601 date string is a type mismatch, as in JSONDecoder; .strict alone reads it")
    func dateString() throws {
        expectParity(Date.self, json: #""2024-05-01T12:00:00Z""#, expected: .error(.typeMismatch))
        var strict = BridgeDecoder()
        strict.coercion = .strict
        #expect(try strict.decode(Date.self, from: #""2024-05-01T12:00:00Z""#) == Date(timeIntervalSince1970: 1_714_564_800))
    }

    /// Bad text in a value the model never reads (`KnownDifference.unreadScalarText`): JSONDecoder
    /// checks a string's or number's text only when it decodes it; CodableBridge refuses the
    /// document while parsing. Read, both refuse it.
    @Test("bad text in a string or number the model does not read is refused while parsing; JSONDecoder reads past it",
          arguments: [
              (#"{"unused": 01, "zip": 1}"#, "numbers must not have leading zeros"),
              (#"{"unused": 1-2, "zip": 1}"#, "expected ',' or '}'"),
              (#"{"unused": "\q", "zip": 1}"#, "invalid escape"),
              ("{\"unused\": \"a\u{01}b\", \"zip\": 1}", "control character"),
          ])
    func unreadScalarText(json: String, reason: String) throws {
        #expect(try JSONDecoder().decode(PF.Zip.self, from: Data(json.utf8)) == PF.Zip(zip: 1))
        do {
            _ = try BridgeDecoder.foundationCompatible.decode(PF.Zip.self, from: json)
            Issue.record("decoded \(json)")
        } catch let DecodingError.dataCorrupted(context) {
            let parse = try #require(context.underlyingError as? JSONParseError)
            #expect(parse.line == 1 && parse.column > 1)
            #expect(parse.reason.contains(reason), "\(parse.reason)")
        }
        // Read, both refuse the value.
        let read = json.replacingOccurrences(of: "unused", with: "zip").replacingOccurrences(of: #", "zip": 1"#, with: "")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PF.Zip.self, from: Data(read.utf8)) }
        expectDecodingError(.dataCorrupted, codingPath: "") { try BridgeDecoder.foundationCompatible.decode(PF.Zip.self, from: read) }
    }

    /// `KnownDifference.integerFractionDropped`: from 2^53 on, JSONDecoder reads an integer written
    /// with a fraction as a Decimal and drops the fraction; below, it refuses a fraction as both do.
    @Test("an integer of 2^53 or more with a fraction is refused; JSONDecoder drops the fraction")
    func integerFraction() throws {
        #expect(try JSONDecoder().decode([Int].self, from: Data("[9007199254740993.5]".utf8)) == [9_007_199_254_740_993])
        expectDecodingError(.dataCorrupted, codingPath: "[0]") { try BridgeDecoder.foundationCompatible.decode([Int].self, from: "[9007199254740993.5]") }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Int].self, from: Data("[1.5]".utf8)) }
        expectDecodingError(.dataCorrupted, codingPath: "[0]") { try BridgeDecoder.foundationCompatible.decode([Int].self, from: "[1.5]") }
        // A whole number with a fraction or exponent reads the same in both.
        #expect(try BridgeDecoder.foundationCompatible.decode([Int].self, from: "[9007199254740993.0, 1.5e1]") == [9_007_199_254_740_993, 15])
        #expect(try JSONDecoder().decode([Int].self, from: Data("[9007199254740993.0, 1.5e1]".utf8)) == [9_007_199_254_740_993, 15])
    }

    /// `KnownDifference.dictionaryRepeatedKeyUnderKeyStrategy`.
    @Test("a [String: T] reads the first of repeated keys under a key strategy; JSONDecoder decodes every occurrence")
    func repeatedKeyUnderKeyStrategy() throws {
        let json = #"{"a_b": 1, "a_b": {}}"#
        let foundation = JSONDecoder()
        #expect(try foundation.decode([String: Int].self, from: Data(json.utf8)) == ["a_b": 1])
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        #expect(throws: DecodingError.self) { try foundation.decode([String: Int].self, from: Data(json.utf8)) }
        #expect(try foundation.decode([String: Int].self, from: Data(#"{"a_b": 1, "a_b": 2}"#.utf8)) == ["a_b": 1])
        var bridge = BridgeDecoder.foundationCompatible
        bridge.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try bridge.decode([String: Int].self, from: json) == ["a_b": 1])
    }
}
