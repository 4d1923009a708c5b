import CodableBridge
import Foundation
import Testing

/// Each message says once, in one sentence, what was found where and what was expected.
@Suite struct MessageWordingTests {
    static var strict: BridgeDecoder {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        decoder.missingValueStrategy = .throw
        return decoder
    }

    struct DottedTitle: MappableCodable, Equatable {
        var title: String
        static var keyMapping: KeyMapping { ["title": "meta.title"] }
    }

    struct DottedNick: MappableCodable, Equatable {
        var nick: String = ""
        static var keyMapping: KeyMapping { ["nick": "profile.nick"] }
    }

    struct Alternates: MappableCodable, Equatable {
        var id: Int
        static var keyMapping: KeyMapping { ["id": ["id", "ID", "meta.id"]] }
    }

    struct Wrapper: Codable, Equatable {
        var value: [String: Int]
    }

    @Test("a dotted key that is read as a literal key and as a path is listed once")
    func dottedKeyListedOnce() throws {
        let error = try #require(throws: DecodingError.self) { try Self.strict.decode(DottedTitle.self, from: "{}") }
        guard case .keyNotFound(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.hasSuffix(#"("title"). Tried "meta.title"."#))

        var report = DecodingReport()
        _ = try BridgeDecoder().decode(DottedNick.self, from: "{}", report: &report)
        #expect(report.events.map { $0.detail.prefix(while: { $0 != ";" }) } == ["missing"])
    }

    @Test("alternates are listed in order, each once")
    func alternatesListedInOrder() throws {
        let error = try #require(throws: DecodingError.self) { try Self.strict.decode(Alternates.self, from: "{}") }
        guard case .keyNotFound(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription.hasSuffix(#"("id"). Tried "id", "ID", "meta.id" in that order."#))

        var report = DecodingReport()
        _ = try BridgeDecoder().decode(Alternates.self, from: "{}", report: &report)
        #expect(report.events.map { $0.detail.prefix(while: { $0 != ";" }) } == ["missing (tried id, ID, meta.id)"])
    }

    /// (json, the whole debug description of the lenient decoder's error at the root)
    static let mismatches: [(String, String)] = [
        ("[1]", "Expected to decode Dictionary<String, Int> but found an array instead."),
        (#""x""#, #"Expected to decode Dictionary<String, Int> but found a string ("x") instead."#),
        ("{}", "Expected to decode Array<Int> but found an object instead."),
        ("1e400", "Expected to decode Int but found a number (1e400) instead: it is outside Int's range -9223372036854775808...9223372036854775807."),
    ]

    @Test("a value of the wrong kind is named once, not restated", arguments: mismatches)
    func rootMismatch(json: String, message: String) throws {
        let error = try #require(throws: DecodingError.self) {
            switch message.dropFirst("Expected to decode ".count).prefix(while: { $0 != " " }) {
            case "Dictionary<String,": _ = try BridgeDecoder().decode([String: Int].self, from: json)
            case "Array<Int>": _ = try BridgeDecoder().decode([Int].self, from: json)
            default: _ = try BridgeDecoder().decode(Int.self, from: json)
            }
        }
        guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.debugDescription == message)
    }

    /// (input, the parse error's reason)
    static let literals: [(String, String)] = [
        ("not json", "expected a JSON value, found 'not'"),
        ("[nope]", "expected a JSON value, found 'nope'"),
        ("[nulx]", "expected 'null', found 'nulx'"),
        ("[tru]", "expected 'true', found 'tru'"),
        ("[n]", "expected 'null', found 'n'"),
        ("[fals", "unexpected end of input: expected 'false', found 'fals'"),
        ("[f 1]", "expected 'false', found 'f'"),
    ]

    @Test("a word that is not a literal is reported as found, not as a misspelt literal", arguments: literals)
    func literalMessages(input: String, reason: String) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: input) }
        #expect(error.reason == reason)
    }

    @Test("a JSON Lines line that is not JSON names its line and what was found")
    func jsonLinesLine() throws {
        let input = "{\"value\": {}}\nnot json\n"
        let error = try #require(throws: JSONLinesError.self) {
            try Self.strict.decodeJSONLines(Wrapper.self, from: Data(input.utf8))
        }
        #expect(error.line == 2)
        #expect(error.description.contains("expected a JSON value, found 'not'"))
        #expect(!error.description.contains("'null'"))
    }

    final class Flags: BridgeObject, @unchecked Sendable {
        var on = true
        var off = false
        var count = 0

        override init() { super.init() }

        enum CodingKeys: String, CodingKey { case on, off, count }

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            on = try container.decode(Bool.self, forKey: .on)
            off = try container.decode(Bool.self, forKey: .off)
            count = try container.decode(Int.self, forKey: .count)
            try super.init(from: decoder)
        }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(on, forKey: .on)
            try container.encode(off, forKey: .off)
            try container.encode(count, forKey: .count)
        }
    }

    @Test("a BridgeObject's description prints Booleans as true and false, numbers as numbers")
    func descriptionBooleans() {
        let text = Flags().description
        #expect(text.hasSuffix("""
        {
            count = 0;
            off = false;
            on = true
        }
        """))
    }
}
