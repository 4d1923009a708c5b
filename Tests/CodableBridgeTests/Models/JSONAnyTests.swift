import CodableBridge
import Foundation
import Testing

/// `@JSONAny`: untyped JSON in a `Codable` model, as `JSONSerialization` would give it.
@Suite struct JSONAnyTests {
    struct Event: Codable {
        var name: String
        @JSONAny var payload: [String: Any]
        @JSONAny var items: [Any]
        @JSONAny var extra: Any?
        @JSONAny var anything: Any
        @JSONAny var maybeObject: [String: Any]?
    }

    static let full = #"""
    {"name": "tap", "payload": {"x": 1, "ok": true, "tags": ["a", null], "nested": {"y": 2.5}},
     "items": [1, "two", false, null, {"k": "v"}], "extra": "note", "anything": 12345678901234567890,
     "maybeObject": {"z": 0}}
    """#

    /// Decoders that must agree: ours (lenient and as JSONDecoder) and Foundation's.
    static func decoders() -> [(String, (Data) throws -> Event)] {
        [("BridgeDecoder", { try BridgeDecoder().decode(Event.self, from: $0) }),
         ("foundationCompatible", { try BridgeDecoder.foundationCompatible.decode(Event.self, from: $0) }),
         ("JSONDecoder", { try JSONDecoder().decode(Event.self, from: $0) })]
    }

    @Test("values are the Foundation objects JSONSerialization makes, Booleans kept Boolean, with every decoder")
    func decodesFoundationObjects() throws {
        let document = try JSONValue(parsing: Self.full)
        for (name, decode) in Self.decoders() {
            let event = try decode(Data(Self.full.utf8))
            #expect(event.name == "tap", "\(name)")
            #expect(try JSONValue(foundationObject: event.payload) == document["payload"], "\(name)")
            #expect(try JSONValue(foundationObject: event.items) == document["items"], "\(name)")
            #expect(try JSONValue(foundationObject: event.anything) == document["anything"], "\(name)")
            #expect(event.extra as? String == "note", "\(name)")
            #expect((event.maybeObject?["z"] as? NSNumber)?.intValue == 0, "\(name)")
            #expect(event.payload["ok"] as? Bool == true, "\(name)")
            #expect(event.items[0] is NSNumber && event.items[1] is String && event.items[3] is NSNull, "\(name)")
            #expect(event.items[4] is [String: Any], "\(name)")
            #expect((event.payload["tags"] as? [Any])?.last is NSNull, "\(name)")
        }
    }

    @Test("a missing key or null gives nil, [:], [] or NSNull()")
    func missingAndNull() throws {
        for json in [#"{"name": "x"}"#, #"{"name": "x", "payload": null, "items": null, "extra": null, "anything": null, "maybeObject": null}"#] {
            for (name, decode) in Self.decoders() {
                let event = try decode(Data(json.utf8))
                #expect(event.payload.isEmpty, "\(name) \(json)")
                #expect(event.items.isEmpty, "\(name) \(json)")
                #expect(event.extra == nil, "\(name) \(json)")
                #expect(event.anything is NSNull, "\(name) \(json)")
                #expect(event.maybeObject == nil, "\(name) \(json)")
            }
        }
    }

    /// (member, JSON of another shape)
    static let mismatches: [(String, String)] = [
        ("payload", "[1]"), ("payload", #""text""#), ("items", "{}"), ("items", "3"), ("maybeObject", "true"),
    ]

    @Test("a value of another shape is a type mismatch at the property's path", arguments: mismatches)
    func mismatch(member: String, value: String) throws {
        let json = Data(#"{"name": "x", "\#(member)": \#(value)}"#.utf8)
        for decoder in [BridgeDecoder.foundationCompatible] {
            let error = try #require(throws: DecodingError.self) { try decoder.decode(Event.self, from: json) }
            guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); continue }
            #expect(context.codingPath.map(\.stringValue) == [member])
        }
        let foundation = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Event.self, from: json) }
        guard case .typeMismatch = foundation else { Issue.record("\(foundation)"); return }
    }

    @Test("encoding writes the objects back: Booleans as true/false, nil Optionals left out")
    func encodes() throws {
        let event = try BridgeDecoder().decode(Event.self, from: Self.full)
        let encoder = BridgeEncoder()
        let text = try encoder.encodeToString(event)
        let reread = try JSONValue(parsing: text)
        #expect(reread == (try JSONValue(parsing: Self.full)))
        #expect(text.contains(#""ok":true"#))

        let sparse = Event(name: "s", payload: ["n": 1, "s": "t", "b": false], items: [1.5, NSNull()], extra: nil, anything: "x",
                           maybeObject: nil)
        let written = try JSONValue(parsing: try encoder.encodeToString(sparse))
        #expect(written == ["name": "s", "payload": ["n": 1, "s": "t", "b": false], "items": [1.5, nil], "anything": "x"])
        // JSONEncoder writes the same members.
        let foundation = try JSONValue(parsing: String(decoding: try JSONEncoder().encode(sparse), as: UTF8.self))
        #expect(foundation == written)
    }

    @Test("a value JSON cannot hold is an encoding error, not a crash")
    func unencodable() {
        let event = Event(name: "bad", payload: ["date": Date()], items: [], extra: nil, anything: NSNull(), maybeObject: nil)
        #expect(throws: EncodingError.self) { try BridgeEncoder().encode(event) }
    }
}
