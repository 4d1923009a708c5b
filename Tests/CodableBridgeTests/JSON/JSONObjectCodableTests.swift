import Foundation
import Testing
@testable import CodableBridge

/// `JSONObject` is `Codable`: a JSON object through any encoder or decoder, exact with ours.
@Suite struct JSONObjectCodableTests {
    struct Event: Codable, Equatable {
        var name: String
        var extra: JSONObject
        var more: [JSONObject]?
    }

    static let json = #"{"name": "launch", "extra": {"z": 1.50, "a": [true, null], "m": {"k": "v"}}, "more": [{}, {"x": -0}]}"#

    static let expected = Event(
        name: "launch",
        extra: ["z": 1.5, "a": [true, nil], "m": ["k": "v"]],
        more: [[:], ["x": 0]]
    )

    @Test func decodesWithFoundation() throws {
        let event = try JSONDecoder().decode(Event.self, from: Data(Self.json.utf8))
        #expect(event == Self.expected)
    }

    @Test(arguments: ReportPreset.allCases)
    func decodesWithBridgeExactly(_ preset: ReportPreset) throws {
        let (event, report) = try decodeReporting(Event.self, Self.json, preset: preset)
        // Equal to the parsed tree (JSONNumber equality compares text: 1.50 is not 1.5).
        let tree = try JSONValue(parsing: Self.json)
        #expect(event.name == "launch")
        #expect(JSONValue.object(event.extra) == tree.extra)
        #expect(event.more.map { JSONValue.array($0.map(JSONValue.object)) } == tree.more)
        #expect(report.events.isEmpty)
        // The fast path keeps document order and number text.
        #expect(event.extra.keys == ["z", "a", "m"])
        #expect(event.extra["z"]?.numberValue?.text == "1.50")
        #expect(event.more?[1]["x"]?.numberValue?.text == "-0")
    }

    @Test func topLevel() throws {
        let data = Data(#"{"b": 1, "a": {"c": [2]}}"#.utf8)
        let expected: JSONObject = ["b": 1, "a": ["c": [2]]]
        #expect(try BridgeDecoder().decode(JSONObject.self, from: data) == expected)
        #expect(try JSONDecoder().decode(JSONObject.self, from: data) == expected)
        #expect(try BridgeDecoder().decode([String: JSONObject].self, from: #"{"k": {"x": 1}}"#) == ["k": ["x": 1]])
    }

    @Test func encodesWithBridgeInOrder() throws {
        let text = try BridgeEncoder().encodeToString(Self.expected)
        #expect(text == #"{"name":"launch","extra":{"z":1.5,"a":[true,null],"m":{"k":"v"}},"more":[{},{"x":0}]}"#)
        // Number text read from a document is written back unchanged.
        let decoded = try BridgeDecoder().decode(Event.self, from: Self.json)
        #expect(try BridgeEncoder().encodeToString(decoded).contains(#""z":1.50"#))
    }

    @Test func encodesWithFoundation() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Self.expected)
        #expect(String(decoding: data, as: UTF8.self) == #"{"extra":{"a":[true,null],"m":{"k":"v"},"z":1.5},"more":[{},{"x":0}],"name":"launch"}"#)
        #expect(try JSONDecoder().decode(Event.self, from: data) == Self.expected)
    }

    @Test func roundTripsThroughEachOther() throws {
        let viaBridge = try BridgeEncoder().encode(Self.expected)
        #expect(try JSONDecoder().decode(Event.self, from: viaBridge) == Self.expected)
        let viaFoundation = try JSONEncoder().encode(Self.expected)
        #expect(try BridgeDecoder().decode(Event.self, from: viaFoundation) == Self.expected)
    }

    /// A non-object is the decoder's usual answer for a keyed container: Foundation and `.strict`
    /// say typeMismatch at the same path.
    @Test(arguments: [#"{"name": "n", "extra": [1]}"#, #"{"name": "n", "extra": 5}"#, #"{"name": "n", "extra": "{}"}"#])
    func nonObjectIsATypeMismatch(_ json: String) throws {
        for decode in [{ try JSONDecoder().decode(Event.self, from: Data(json.utf8)) },
                       { try strictBridgeDecoder().decode(Event.self, from: Data(json.utf8)) }] {
            let error = try #require(throws: DecodingError.self) { try decode() }
            guard case .typeMismatch(_, let context) = error else {
                Issue.record("expected typeMismatch, got \(error)")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["extra"])
        }
    }

    /// Under a lenient policy an optional `JSONObject` that is not an object becomes nil, reported.
    @Test func lenientNonObjectIsReported() throws {
        struct Box: Codable { var extra: JSONObject? }
        let (box, report) = try decodeReporting(Box.self, #"{"extra": 5}"#, preset: .lenient)
        #expect(box.extra == nil)
        #expect(report.events.map(\.path) == ["extra"])
    }

    /// `update`: a present object replaces the property, an absent key keeps it.
    @Test func update() throws {
        var event = Self.expected
        try BridgeDecoder().update(&event, from: Data(#"{"name": "renamed"}"#.utf8))
        #expect(event.extra == Self.expected.extra)
        try BridgeDecoder().update(&event, from: Data(#"{"extra": {"only": 1}}"#.utf8))
        #expect(event.extra == ["only": 1])
        #expect(event.name == "renamed")
    }

    /// Integers beyond UInt64 survive Foundation's coders exactly (through Int128 / UInt128).
    @Test @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func wideIntegersThroughFoundation() throws {
        let json = #"{"big": 170141183460469231731687303715884105727, "ubig": 340282366920938463463374607431768211455, "neg": -18446744073709551616}"#
        let object = try JSONDecoder().decode(JSONObject.self, from: Data(json.utf8))
        #expect(object["big"]?.numberValue?.text == "170141183460469231731687303715884105727")
        #expect(object["ubig"]?.numberValue?.text == "340282366920938463463374607431768211455")
        #expect(object["neg"]?.numberValue?.text == "-18446744073709551616")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(object), as: UTF8.self)
        #expect(text == #"{"big":170141183460469231731687303715884105727,"neg":-18446744073709551616,"ubig":340282366920938463463374607431768211455}"#)
        // Foundation objects holding Swift's 128-bit integers convert too.
        #expect(try JSONValue(foundationObject: ["x": Int128.min, "y": UInt128.max] as [String: Any])
            == ["x": .number(JSONNumber(Int128.min)), "y": .number(JSONNumber(UInt128.max))])
    }
}
