import Foundation
import Testing
@testable import CodableBridge

// `maxDepth` on every decoder entry point: `maxDepth` levels decode, one more is a
// `dataCorrupted` error — from text, a tree, Foundation objects, a key path, with a report, in
// `update`, and in a string holding embedded JSON. Never a crash, however deep.

/// `depth` levels of arrays around `0`.
private func nestedArrays(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth)
}

/// A model for `update` and key paths: `{"value": …}`.
struct DepthBox: Codable, Equatable {
    var value: JSONValue?
}

/// An entry point, decoding `json` (text of `JSONValue`s) with `decoder`.
struct DepthEntry: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let decode: @Sendable (BridgeDecoder, String) throws -> Void

    static let all: [DepthEntry] = [
        DepthEntry(testDescription: "decode(_:from: Data)") { _ = try $0.decode(JSONValue.self, from: Data($1.utf8)) },
        DepthEntry(testDescription: "decode(_:from: [UInt8])") { _ = try $0.decode(JSONValue.self, from: Array($1.utf8)) },
        DepthEntry(testDescription: "decode(_:from: [UInt8], report:)") { decoder, json in
            var report = DecodingReport()
            _ = try decoder.decode(JSONValue.self, from: Array(json.utf8), report: &report)
        },
        DepthEntry(testDescription: "decode(_:from: String)") { _ = try $0.decode(JSONValue.self, from: $1) },
        DepthEntry(testDescription: "decode(_:from: JSONValue)") { decoder, json in
            // The tree itself is parsed without the decoder's limit (deep enough for the test).
            let value = try JSONTape(parsing: Data(json.utf8), maxDepth: 1_000).value(at: 0)
            _ = try decoder.decode(JSONValue.self, from: value)
        },
        DepthEntry(testDescription: "decode(_:fromJSONObject:)") { decoder, json in
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
            _ = try decoder.decode(JSONValue.self, fromJSONObject: object)
        },
        DepthEntry(testDescription: "decode(_:from:at:)") { decoder, json in
            _ = try decoder.decode(JSONValue.self, from: Data(#"{"data": \#(json)}"#.utf8), at: "data")
        },
        DepthEntry(testDescription: "decode(_:from:report:)") { decoder, json in
            var report = DecodingReport()
            _ = try decoder.decode(JSONValue.self, from: Data(json.utf8), report: &report)
        },
        DepthEntry(testDescription: "update(_:from:)") { decoder, json in
            var box = DepthBox(value: nil)
            // The box adds one level.
            try decoder.update(&box, from: Data(#"{"value": \#(json)}"#.utf8))
        },
    ]
}

@Suite("maxDepth on every entry point")
struct MaxDepthTests {
    @Test("maxDepth levels decode, one more is dataCorrupted", arguments: DepthEntry.all)
    func limitApplies(entry: DepthEntry) throws {
        var decoder = BridgeDecoder()
        decoder.maxDepth = 20
        let extra = entry.testDescription.hasPrefix("update") || entry.testDescription.contains("at:") ? 1 : 0
        try entry.decode(decoder, nestedArrays(20 - extra))
        // Text and trees fail at the root (text: with the parser's line and column); Foundation
        // objects where the limit was crossed (see foundationObjectPath).
        #expect { try entry.decode(decoder, nestedArrays(21 - extra)) } throws: { error in
            ObservedError(error).kind == .dataCorrupted && "\(error)".contains("deeper than 20 levels")
        }
    }

    @Test("the default limit, 512, holds against 100,000 levels", arguments: DepthEntry.all.prefix(2))
    func defaultLimit(entry: DepthEntry) throws {
        try entry.decode(BridgeDecoder(), nestedArrays(512))
        #expect(throws: DecodingError.self) { try entry.decode(BridgeDecoder(), nestedArrays(513)) }
        #expect(throws: DecodingError.self) { try entry.decode(BridgeDecoder(), String(repeating: "[", count: 100_000)) }
        #expect(throws: DecodingError.self) { try entry.decode(BridgeDecoder(), String(repeating: #"{"a":"#, count: 100_000)) }
    }

    @Test("JSON Lines: every line obeys maxDepth")
    func jsonLines() throws {
        var decoder = BridgeDecoder()
        decoder.maxDepth = 20
        let ok = nestedArrays(20) + "\n" + nestedArrays(3) + "\n"
        #expect(try decoder.decodeJSONLines(JSONValue.self, from: Data(ok.utf8)).count == 2)
        let deep = nestedArrays(3) + "\n" + nestedArrays(21) + "\n"
        #expect { try decoder.decodeJSONLines(JSONValue.self, from: Data(deep.utf8)) } throws: { error in
            "\(error)".contains("deeper than 20 levels")
        }
    }

    @Test("Foundation objects: the error names where the limit was crossed")
    func foundationObjectPath() throws {
        var decoder = BridgeDecoder()
        decoder.maxDepth = 2
        let object: [String: Any] = ["a": [["too deep"]]]
        expectDecodingError(.dataCorrupted, codingPath: "a[0]") { try decoder.decode(JSONValue.self, fromJSONObject: object) }
    }

    @Test("embedded JSON in a string obeys maxDepth too")
    func embeddedJSON() throws {
        var decoder = BridgeDecoder()
        decoder.maxDepth = 5
        // The string is parsed as its own document: 5 levels are fine…
        let five = try decoder.decode([String: [[[[[Int]]]]]].self, from: #"{"value": "\#(nestedArrays(5))"}"#)
        #expect(five == ["value": [[[[[0]]]]]])
        // …6 are not: the string is not converted, and the element is dropped with an event.
        var report = DecodingReport()
        let six = try decoder.decode([String: [[[[[[Int]]]]]]].self, from: Data(#"{"value": "\#(nestedArrays(6))"}"#.utf8), report: &report)
        #expect(six.isEmpty)
        #expect(report.events(at: "value").map(\.kind) == [.dropped])
    }
}
