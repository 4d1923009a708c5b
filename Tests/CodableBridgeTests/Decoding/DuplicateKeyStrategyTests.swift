import Foundation
import Testing
@testable import CodableBridge

/// A model that reads one repeated key.
struct RepeatedKeyModel: Codable, Equatable {
    var id: Int
    var name: String?
}

/// A mapped model that captures the members it does not read.
struct RepeatedKeyCapture: MappableCodable, Equatable {
    var id = 0
    var extra = JSONObject()
    static var unknownKeysProperty: String? { "extra" }
}

@Suite("Duplicate key strategy")
struct DuplicateKeyStrategyTests {
    static func decoder(_ strategy: DuplicateKeyStrategy, foundation: Bool = false) -> BridgeDecoder {
        var decoder = foundation ? BridgeDecoder.foundationCompatible : BridgeDecoder()
        decoder.duplicateKeyStrategy = strategy
        return decoder
    }

    /// Document → the model's id under .useFirst and .useLast.
    static let modelCases: [(json: String, first: Int, last: Int)] = [
        (#"{"id": 1, "id": 2}"#, 1, 2),
        (#"{"id": 1, "name": "a", "id": 2, "id": 3}"#, 1, 3),
        (#"{"name": "a", "id": 5}"#, 5, 5),
        // Escaped spellings of the same key repeat it.
        (#"{"id": 1, "\u0069d": 2}"#, 1, 2),
        // Thirteen and more keys: the hashed duplicate check.
        ("{" + (0 ..< 20).map { #""k\#($0)": \#($0), "# }.joined() + #""id": 1, "id": 9}"#, 1, 9),
        ("{" + (0 ..< 80).map { #""k\#($0)": \#($0), "# }.joined() + #""id": 1, "id": 9}"#, 1, 9),
    ]

    @Test("Models: the first or the last occurrence counts", arguments: modelCases)
    func models(_ json: String, _ first: Int, _ last: Int) throws {
        #expect(try BridgeDecoder().decode(RepeatedKeyModel.self, from: json).id == first)
        #expect(try Self.decoder(.useFirst).decode(RepeatedKeyModel.self, from: json).id == first)
        #expect(try Self.decoder(.useLast).decode(RepeatedKeyModel.self, from: json).id == last)
        #expect(try Self.decoder(.useLast, foundation: true).decode(RepeatedKeyModel.self, from: json).id == last)
    }

    @Test("Dictionaries, trees, key strategies and nested objects follow the strategy")
    func everyReader() throws {
        let json = #"{"a": 1, "b": 2, "a": 3}"#
        #expect(try Self.decoder(.useFirst).decode([String: Int].self, from: json) == ["a": 1, "b": 2])
        #expect(try Self.decoder(.useLast).decode([String: Int].self, from: json) == ["a": 3, "b": 2])
        let first = try Self.decoder(.useFirst).decode(JSONValue.self, from: json)
        let last = try Self.decoder(.useLast).decode(JSONValue.self, from: json)
        #expect(first == ["a": 1, "b": 2])
        #expect(last == ["a": 3, "b": 2])
        #expect(last.objectValue?.keys == ["a", "b"], "the key stays where it first occurs")

        var snake = Self.decoder(.useLast)
        snake.keyDecodingStrategy = .convertFromSnakeCase
        struct Snake: Codable { var userId: Int }
        #expect(try snake.decode(Snake.self, from: #"{"user_id": 1, "user_id": 2}"#).userId == 2)

        let nested = #"{"outer": {"id": 1, "id": 2}, "list": [{"id": 3, "id": 4}]}"#
        struct Outer: Codable { var outer: RepeatedKeyModel; var list: [RepeatedKeyModel] }
        let decoded = try Self.decoder(.useLast).decode(Outer.self, from: nested)
        #expect(decoded.outer.id == 2 && decoded.list[0].id == 4)
    }

    /// Dictionary members whose keys repeat as `String`s or numbers without repeating byte for
    /// byte: the first occurrence counts, as for keys that repeat byte for byte.
    @Test("Keys equal only as Strings or numbers keep the first member", arguments: [
        (#"{"\u00e9": "NFC", "e\u0301": "NFD", "x": "ascii"}"#, ["é": "NFC", "x": "ascii"]),
        ("{\"\u{E9}\": \"NFC\", \"e\u{301}\": \"NFD\"}", ["é": "NFC"]),
        (#"{"a": "plain", "\u0061": "escaped"}"#, ["a": "plain"]),
        (#"{"\u0061": "escaped", "a": "plain"}"#, ["a": "escaped"]),
        (#"{"long_key_of_twenty_\u0062": "escaped", "long_key_of_twenty_b": "plain"}"#, ["long_key_of_twenty_b": "escaped"]),
        (#"{"id": "1", "name": "2", "url_of_the_avatar_image": "3"}"#, ["id": "1", "name": "2", "url_of_the_avatar_image": "3"]),
    ])
    func stringEqualKeys(json: String, expected: [String: String]) throws {
        let decoded = try BridgeDecoder().decode([String: String].self, from: json)
        #expect(decoded == expected)
        #expect(decoded.count == expected.count)
        #expect(try BridgeDecoder().decode([Int: String].self, from: #"{"1": "one", "01": "zero-one"}"#) == [1: "one"])
    }

    @Test("update and unknown-key capture follow the strategy")
    func updateAndCapture() throws {
        var model = RepeatedKeyModel(id: 0, name: "kept")
        try Self.decoder(.useLast).update(&model, from: #"{"id": 1, "id": 2}"#)
        #expect(model == RepeatedKeyModel(id: 2, name: "kept"))
        try Self.decoder(.useFirst).update(&model, from: #"{"id": 5, "id": 6}"#)
        #expect(model.id == 5)

        let json = #"{"id": 1, "x": "a", "x": "b", "id": 2}"#
        let last = try Self.decoder(.useLast).decode(RepeatedKeyCapture.self, from: json)
        #expect(last.id == 2 && last.extra == ["x": "b"])
        let first = try Self.decoder(.useFirst).decode(RepeatedKeyCapture.self, from: json)
        #expect(first.id == 1 && first.extra == ["x": "a"])
    }

    /// Document → (key, line and column of the second occurrence, of the first).
    static let throwCases: [(json: String, key: String, at: (Int, Int), first: (Int, Int))] = [
        (#"{"id": 1, "id": 2}"#, "id", (1, 11), (1, 2)),
        ("{\n  \"a\": {\"x\": [1, {\"id\": 1}], \"id\": 0},\n  \"b\": 2,\n  \"a\": 3\n}", "a", (4, 3), (2, 3)),
        (#"[{"k": "}", "k\"": 1, "k": 2}]"#, "k", (1, 23), (1, 3)),
        (wide, "k7", (1, column(of: #""k7""#, in: wide, last: true)), (1, column(of: #""k7""#, in: wide, last: false))),
    ]

    static let wide = "{" + (0 ..< 30).map { #""k\#($0)": \#($0), "# }.joined() + #""k7": 0}"#

    static func column(of text: String, in json: String, last: Bool) -> Int {
        // safe: the cases contain the text
        let range = json.range(of: text, options: last ? .backwards : [])!
        return json.utf8.distance(from: json.startIndex, to: range.lowerBound) + 1
    }

    @Test(".throw names the key and both occurrences", arguments: throwCases)
    func throwing(_ json: String, _ key: String, _ at: (Int, Int), _ first: (Int, Int)) throws {
        let error = try #require(throws: DecodingError.self) {
            try Self.decoder(.throw, foundation: true).decode(JSONValue.self, from: json)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        let parse = try #require(context.underlyingError as? JSONParseError)
        #expect(parse.duplicateKey == key)
        #expect(parse.line == at.0 && parse.column == at.1, "\(parse)")
        #expect(parse.reason.contains("duplicate key \"\(key)\", which first occurs at line \(first.0), column \(first.1)"), "\(parse.reason)")
        #expect(context.debugDescription.contains("repeats an object key"))
    }

    @Test(".throw applies to every entry point and document kind; clean documents are untouched")
    func throwEverywhere() throws {
        let decoder = Self.decoder(.throw)
        let json = #"{"id": 1, "id": 2}"#
        #expect(throws: DecodingError.self) { try decoder.decode(RepeatedKeyModel.self, from: Data(json.utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: Array(json.utf8)) }
        var model = RepeatedKeyModel(id: 0)
        #expect(throws: DecodingError.self) { try decoder.update(&model, from: json) }
        #expect(model.id == 0)
        #expect(throws: JSONLinesError.self) { try decoder.decodeJSONLines(RepeatedKeyModel.self, from: Data("{\"id\": 1}\n\(json)\n".utf8)) }
        var json5 = decoder
        json5.allowsJSON5 = true
        let error = try #require(throws: DecodingError.self) { try json5.decode(RepeatedKeyModel.self, from: "{id: 1, /* c, d */ 'id': 2}") }
        guard case .dataCorrupted(let context) = error, let parse = context.underlyingError as? JSONParseError else {
            Issue.record("expected a parse error, got \(error)")
            return
        }
        #expect(parse.column == 20 && parse.reason.contains("first occurs at line 1, column 2"), "\(parse)")
        // Equal keys in different objects are not repeats.
        #expect(try decoder.decode([RepeatedKeyModel].self, from: #"[{"id": 1}, {"id": 2}]"#).map(\.id) == [1, 2])
        #expect(try decoder.decode(RepeatedKeyModel.self, from: #"{"id": 1, "name": "id"}"#).id == 1)
    }

    @Test("Descriptions")
    func descriptions() {
        #expect([DuplicateKeyStrategy.useFirst, .useLast, .throw].map(\.description) == [".useFirst", ".useLast", ".throw"])
        #expect(BridgeDecoder().duplicateKeyStrategy == .useFirst)
    }
}
