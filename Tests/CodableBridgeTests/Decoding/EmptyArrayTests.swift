import Foundation
import Testing
@testable import CodableBridge

// An empty JSON array decoded as an `Array` returns `[]` at once, without a level on the coding
// path (`DecoderImpl.isEmptyArray`). These tests check that the shortcut is invisible: every
// model decodes as `JSONDecoder` decodes it, errors after an empty array keep their coding paths,
// nothing is reported, and the decodes that keep a level for arrays (partial documents, updates,
// arrays decoded in parts) still see theirs.

private struct Item: Codable, Equatable {
    var id: Int
}

private struct Lists: Codable, Equatable {
    var ints: [Int]
    var doubles: [Double]
    var strings: [String]
    var items: [Item]
    var nested: [[Int]]
    var optionalItems: [Item]?
    var contiguous: ContiguousArray<Int>
    var set: Set<Int>
    var after: Int
}

@Suite("Empty arrays")
struct EmptyArrayTests {
    static var strict: BridgeDecoder { .strictForTests }

    /// Documents with every mix of empty and non-empty arrays.
    static let documents: [String] = [
        #"{"ints": [], "doubles": [], "strings": [], "items": [], "nested": [], "optionalItems": [], "contiguous": [], "set": [], "after": 1}"#,
        #"{"ints": [1], "doubles": [], "strings": ["a"], "items": [], "nested": [[], [2], []], "optionalItems": null, "contiguous": [], "set": [3], "after": 2}"#,
        #"{"ints": [], "doubles": [0.5], "strings": [], "items": [{"id": 4}], "nested": [[]], "contiguous": [5], "set": [], "after": 3}"#,
        #"{"ints": [ ], "doubles": [  ], "strings": [ ], "items": [ ], "nested": [ [ ] ], "optionalItems": [ ], "contiguous": [ ], "set": [ ], "after": 4}"#,
    ]

    @Test(arguments: documents)
    func decodesAsFoundationDoes(_ json: String) throws {
        let expected = try JSONDecoder().decode(Lists.self, from: Data(json.utf8))
        #expect(try Self.strict.decode(Lists.self, from: json) == expected)
        var report = DecodingReport()
        #expect(try BridgeDecoder().decode(Lists.self, from: Data(json.utf8), report: &report) == expected)
        expectEvents(report, [])
        #expect(try Self.strict.decode([Lists].self, from: "[\(json), \(json)]") == [expected, expected])
    }

    @Test("top-level empty arrays", arguments: ["[]", " [ ] ", "[\n]"])
    func topLevel(_ json: String) throws {
        #expect(try Self.strict.decode([Int].self, from: json) == [])
        #expect(try Self.strict.decode([Item].self, from: json) == [])
        #expect(try Self.strict.decode([[Item]].self, from: json) == [])
        var parallel = Self.strict
        parallel.parallelism = .threads(2)
        #expect(try parallel.decode([Item].self, from: json) == [])
    }

    /// An error after an empty array names the right path: the shortcut pushes nothing, so it must
    /// pop nothing either.
    @Test("errors after an empty array keep their coding paths", arguments: [
        (#"{"ints": [], "doubles": [], "strings": [], "items": [], "nested": [], "contiguous": [], "set": [], "after": "x"}"#, ["after"]),
        (#"{"ints": [], "doubles": [], "strings": [], "items": [], "nested": [[], [1, "x"]], "contiguous": [], "set": [], "after": 1}"#, ["nested", "1", "1"]),
        (#"{"ints": [], "doubles": [], "strings": [], "items": [], "nested": [], "optionalItems": [{"id": true}], "contiguous": [], "set": [], "after": 1}"#, ["optionalItems", "0", "id"]),
    ])
    func errorPaths(_ json: String, _ path: [String]) throws {
        let ours = try #require(throws: DecodingError.self) { try Self.strict.decode(Lists.self, from: json) }
        let foundation = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Lists.self, from: Data(json.utf8)) }
        #expect(Self.path(of: ours) == path)
        #expect(Self.path(of: foundation) == path)
    }

    /// An empty array where a dictionary is expected is refused, as `JSONDecoder` refuses it.
    @Test func emptyArrayIsNoDictionary() throws {
        let json = #"{"map": []}"#
        struct Mapped: Decodable { var map: [String: Int] }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Mapped.self, from: Data(json.utf8)) }
        #expect(throws: DecodingError.self) { try Self.strict.decode(Mapped.self, from: json) }
    }

    /// A partial document's open array is still reported as incomplete.
    @Test func partialDocuments() throws {
        struct Holder: Decodable, Equatable { var items: [Item] = []; var ints: [Int] = [] }
        var report = DecodingReport()
        let open = try BridgeDecoder().decodePartial(Holder.self, from: Data(#"{"items": ["#.utf8), report: &report)
        #expect(open.items == [] && open.ints == [])
        #expect(report.events.contains { $0.kind == .incomplete && $0.path.contains("items") })
        report = DecodingReport()
        let closed = try BridgeDecoder().decodePartial(Holder.self, from: Data(#"{"items": [], "ints": []}"#.utf8), report: &report)
        #expect(closed == Holder())
        expectEvents(report, [])
    }

    private static func path(of error: DecodingError) -> [String] {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return []
        }
        return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }
}
