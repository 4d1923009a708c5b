import Foundation
import Testing
@testable import CodableBridge

// Decoding from a tape built from a `JSONValue` (`decode(_:from: JSONValue)`, models whose
// `willDecode` rewrites the input, declared defaults) must read numbers exactly as from text: the
// decoder reads fractions with strtod, which relies on a non-number byte after every number.

struct TreeDoubles: Codable, Equatable {
    var a: Double
    var e5: Int
    var list: [Double]
}

/// A model whose `willDecode` hook rewrites the input, so it is decoded from a built tape.
struct TreeRewritten: MappableCodable, Equatable {
    var list: [Double]
    var ratio: Double

    static func willDecode(_ json: JSONValue) throws -> JSONValue { json }
}

@Suite("Decoding from a JSONValue tree")
struct DecodingFromTreeTests {
    @Test("adjacent numbers and keys starting with e do not run together", arguments: [
        #"{"a": 1.5, "e5": 1, "list": [1.5, 2.5, 0.25, 1e2, -3.75]}"#,
    ])
    func adjacentNumbers(json: String) throws {
        let expected = TreeDoubles(a: 1.5, e5: 1, list: [1.5, 2.5, 0.25, 100, -3.75])
        #expect(try BridgeDecoder().decode(TreeDoubles.self, from: json) == expected)
        #expect(try BridgeDecoder().decode(TreeDoubles.self, from: JSONValue(parsing: json)) == expected)
        #expect(try BridgeDecoder().decode(TreeDoubles.self, fromJSONObject: JSONSerialization.jsonObject(with: Data(json.utf8))) == expected)
    }

    @Test("a model rewritten by willDecode reads its numbers exactly")
    func rewritten() throws {
        let value = try BridgeDecoder().decode(TreeRewritten.self, from: #"{"list": [1.5, 2.5], "ratio": 0.75}"#)
        #expect(value == TreeRewritten(list: [1.5, 2.5], ratio: 0.75))
    }
}
