import CodableBridge
import Foundation
import Testing

/// Four key paths under one parent: the decoder remembers the parent found for the first and
/// filters the dotted literals (tried first) by the lengths of the object's keys.
struct SharedParent: MappableCodable, Equatable {
    var first: String?
    var second: String?
    var third: String?
    var long: String?

    static let longKey = "m." + String(repeating: "k", count: 66)  // 68 bytes: its length bit wraps at 64

    static var keyMapping: KeyMapping {
        ["first": "m.first", "second": "m.second", "third": "m.third", "long": .init(stringLiteral: longKey)]
    }
}

@Suite("Lookup plans: shared key-path parents and dotted literals")
struct LookupPlanTests {
    @Test("each property resolves as the table says, whatever was looked up before it", arguments: [
        (#"{"m": {"first": "1", "second": "2", "third": "3"}}"#, SharedParent(first: "1", second: "2", third: "3")),
        (#"{"m": {"third": "path"}, "m.third": "literal"}"#, SharedParent(third: "literal")),
        (#"{"m.first": "a", "m.second": "b", "m.third": "c", "m": {"first": "no"}}"#, SharedParent(first: "a", second: "b", third: "c")),
        (#"{"m": "not an object", "m.second": "b"}"#, SharedParent(second: "b")),
        (#"{"m": {"first": "1"}, "LONGKEY": "long literal"}"#, SharedParent(first: "1", long: "long literal")),
        (#"{"m": {"first": "1", "LONGSEGMENT": "long path"}}"#, SharedParent(first: "1", long: "long path")),
        (#"{}"#, SharedParent()),
    ])
    func sharedParent(json: String, expected: SharedParent) throws {
        let text = json.replacingOccurrences(of: "LONGKEY", with: SharedParent.longKey)
            .replacingOccurrences(of: "LONGSEGMENT", with: String(SharedParent.longKey.dropFirst(2)))
        #expect(try BridgeDecoder().decode(SharedParent.self, from: text) == expected)
    }

    @Test("a remembered parent belongs to its own object: sibling objects in an array")
    func siblings() throws {
        let json = #"[{"m": {"first": "1"}}, {"m": "text"}, {}, {"m": {"second": "2"}}, {"m.third": "3", "m": {"third": "no"}}]"#
        let values = try BridgeDecoder().decode([SharedParent].self, from: json)
        #expect(values == [SharedParent(first: "1"), SharedParent(), SharedParent(), SharedParent(second: "2"), SharedParent(third: "3")])
    }
}
