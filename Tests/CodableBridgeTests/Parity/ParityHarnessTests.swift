import Foundation
import Testing
@testable import CodableBridge

/// The harness must fail when it should: a parity suite that cannot fail proves nothing.
@Suite struct ParityHarnessTests {

    @Test func pathRendering() {
        struct K: CodingKey {
            var stringValue: String; var intValue: Int?
            init(_ s: String, _ i: Int? = nil) { stringValue = s; intValue = i }
            init?(stringValue: String) { self.init(stringValue) }
            init?(intValue: Int) { self.init("Index \(intValue)", intValue) }
        }
        #expect(renderPath([K]()) == "<root>")
        #expect(renderPath([K("users"), K("Index 2", 2), K("address"), K("zip")]) == "users[2].address.zip")
        #expect(renderPath([K("Index 0", 0), K("Index 1", 1)]) == "[0][1]")
        #expect(renderPath([K("5", 5), K("Index 1", 1)]) == "5[1]")   // an Int dictionary key is not an index
    }

    @Test func aTableThatMisstatesFoundationIsReported() {
        withKnownIssue("the table claims 2, Foundation decodes 1") {
            expectParity(Int.self, json: "1", expected: .value(2))
        }
        withKnownIssue("the table claims a typeMismatch at the wrong path") {
            expectParity([Int].self, json: #"[1, "x"]"#, expected: .error(.typeMismatch, at: "[0]"))
        }
        withKnownIssue("the table claims the wrong missing key") {
            expectParity(PF.Zip.self, json: "{}", expected: .missingKey("zap", at: ""))
        }
        withKnownIssue("the table claims the wrong encoder output") {
            expectEncodingParity(1, expected: .json("1.0"))
        }
    }

    @Test func decodingErrorsAreTakenApart() {
        let e = ObservedError(DecodingError.keyNotFound(PF.DynamicKey("k"), .init(codingPath: [PF.DynamicKey("a")], debugDescription: "")))
        #expect(e.kind == .keyNotFound)
        #expect(e.missingKey?.stringValue == "k")
        #expect(renderPath(e.path) == "a")
        struct Other: Error {}
        #expect(ObservedError(Other()).kind == nil)
    }

    @Test func expectDecodingErrorFailsOnSuccessAndOnTheWrongPath() {
        withKnownIssue("no error thrown") {
            expectDecodingError(.typeMismatch, codingPath: "") { 1 }
        }
        withKnownIssue("thrown at another path") {
            expectDecodingError(.typeMismatch, codingPath: "a") {
                try JSONDecoder().decode([Int].self, from: Data(#"["x"]"#.utf8))
            }
        }
        expectDecodingError(.typeMismatch, codingPath: "[0]") {
            try JSONDecoder().decode([Int].self, from: Data(#"["x"]"#.utf8))
        }
    }

    @Test func jsonObjectComparisonIgnoresOnlyFormatting() {
        #expect(jsonObjectsEqual(Data(#"{"a": 1.0, "b": [true]}"#.utf8), Data(#"{"b":[true],"a":1}"#.utf8)))
        #expect(!jsonObjectsEqual(Data(#"{"a": 1}"#.utf8), Data(#"{"a": 2}"#.utf8)))
        #expect(!jsonObjectsEqual(Data(#"[1]"#.utf8), Data(#"[1, 1]"#.utf8)))
        #expect(!jsonObjectsEqual(Data(#"{"a": "1"}"#.utf8), Data(#"{"a": 1}"#.utf8)))
    }

    @Test func theStrictCodersAreConfiguredAsFoundation() {
        let decoder = BridgeDecoder.foundationCompatible
        #expect(decoder.coercion.mismatchIsError)
        #expect(decoder.missingValueStrategy == .throw)
        let encoder = strictBridgeEncoder()
        #expect(encoder.outputFormatting == [.sortedKeys])
        #expect(encoder.nilEncodingStrategy == .omit)
        #expect(encoder.nonConformingFloatEncodingStrategy == .throw)
    }
}
