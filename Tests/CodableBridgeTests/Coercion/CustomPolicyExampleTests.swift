import Foundation
import Testing
import CodableBridge

extension CoercionTests {
    /// The strict-plus-one-rule example of Docs/Coercion.md ("Building a custom policy"), line
    /// for line: only integers sent as strings are converted; everything else fails as in
    /// `.strict`.
    @Suite("Docs/Coercion.md: a strict policy plus string → Int")
    struct CustomPolicyExampleTests {
        /// One required integer.
        struct IntField: Codable {
            var n: Int
        }

        /// The decoder exactly as the guide builds it.
        static var decoder: BridgeDecoder {
            let policy = CoercionPolicy.strict.addingRule(for: Int.self, named: "string → Int") { scalar in
                guard case .string(let text) = scalar else { return nil }
                return Int(text)                  // "12" → 12; "12abc", " 7" → nil: the strict error
            }
            var decoder = BridgeDecoder()
            decoder.coercion = policy
            decoder.missingValueStrategy = .throw // "yes" → Bool, 1 → Bool, 1.5 → Int: errors, as JSONDecoder
            return decoder
        }

        @Test("Integers in strings convert")
        func integerStrings() throws {
            #expect(try Self.decoder.decode([Int].self, from: #"["12", "-7", 3]"#) == [12, -7, 3])
        }

        @Test("Other integer mismatches are errors", arguments: [
            #"{"n": "12abc"}"#, #"{"n": " 7"}"#, #"{"n": 1.5}"#, #"{"n": true}"#, #"{"n": null}"#, "{}",
        ])
        func integerMismatches(json: String) {
            #expect(throws: DecodingError.self) { try Self.decoder.decode(IntField.self, from: json) }
        }

        @Test("Booleans, strings and doubles stay strict")
        func otherTypes() {
            for json in [#"["yes"]"#, #"["true"]"#, "[1]", "[0]"] {
                #expect(throws: DecodingError.self) { try Self.decoder.decode([Bool].self, from: json) }
            }
            #expect(throws: DecodingError.self) { try Self.decoder.decode([String].self, from: "[123]") }
            #expect(throws: DecodingError.self) { try Self.decoder.decode([Double].self, from: #"["1.5"]"#) }
        }

        @Test("Switching a family on under mismatchIsError has no effect (why the guide uses a rule)")
        func familiesNeedLenient() {
            var policy = CoercionPolicy.strict
            policy.stringToInteger = .exact
            var decoder = BridgeDecoder()
            decoder.coercion = policy
            #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: #"["12"]"#) }
        }
    }
}
