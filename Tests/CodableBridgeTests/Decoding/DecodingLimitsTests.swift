import Foundation
import Testing
@testable import CodableBridge

@Suite("Decoding limits")
struct DecodingLimitsTests {
    /// A limit, a document that exceeds it, where (line, column) and the number the message names.
    static let exceeded: [(limits: DecodingLimits, limit: DecodingLimits.Limit, json: String, at: (Int, Int), says: String)] = [
        (DecodingLimits(maxDocumentBytes: 10), .maxDocumentBytes, #"{"name": "Ada Lovelace"}"#, (1, 11), "a document of 24 bytes"),
        (DecodingLimits(maxStringBytes: 5), .maxStringBytes, #"{"name": "Ada Lovelace"}"#, (1, 10), "a string of 12 bytes"),
        // Keys are strings too; the length counts unescaped UTF-8.
        (DecodingLimits(maxStringBytes: 5), .maxStringBytes, "{\n  \"abcdef\": 1}", (2, 3), "a string of 6 bytes"),
        (DecodingLimits(maxStringBytes: 3), .maxStringBytes, #"["\u00e9\u00e9"]"#, (1, 2), "a string of 4 bytes"),
        (DecodingLimits(maxNumberDigits: 4), .maxNumberDigits, #"[1, 12345]"#, (1, 5), "a number of 5 digits"),
        (DecodingLimits(maxNumberDigits: 4), .maxNumberDigits, #"[-1.23e45]"#, (1, 2), "a number of 5 digits"),
        (DecodingLimits(maxObjectMembers: 2), .maxObjectMembers, #"{"a": {"x": 1, "y": 2, "z": 3}}"#, (1, 24), "member 3 of an object"),
    ]

    @Test("Each limit is an error naming it, its value and where it was hit", arguments: exceeded)
    func exceeding(_ limits: DecodingLimits, _ limit: DecodingLimits.Limit, _ json: String, _ at: (Int, Int), _ says: String) throws {
        var decoder = BridgeDecoder.foundationCompatible
        decoder.limits = limits
        for input in [{ try decoder.decode(JSONValue.self, from: json) }, { try decoder.decode(JSONValue.self, from: Data(json.utf8)) }] {
            let error = try #require(throws: DecodingError.self) { try input() }
            guard case .dataCorrupted(let context) = error, let parse = context.underlyingError as? JSONParseError else {
                Issue.record("expected a parse error, got \(error)")
                continue
            }
            #expect(parse.exceededLimit == limit)
            #expect(parse.line == at.0 && parse.column == at.1, "\(parse)")
            #expect(parse.reason.contains(says), "\(parse.reason)")
            #expect(parse.reason.contains("\(limit.rawValue) = "), "\(parse.reason)")
            #expect(context.debugDescription.hasPrefix("The given data exceeds a decoding limit"))
        }
    }

    /// A limit and a document exactly at it: accepted.
    static let atTheLimit: [(limits: DecodingLimits, json: String)] = [
        (DecodingLimits(maxDocumentBytes: 24), #"{"name": "Ada Lovelace"}"#),
        (DecodingLimits(maxStringBytes: 12), #"{"name": "Ada Lovelace"}"#),
        (DecodingLimits(maxNumberDigits: 4), #"[-1.2e34, 1234, 0.000]"#),
        (DecodingLimits(maxObjectMembers: 2), #"{"a": {"x": 1, "y": 2}, "b": []}"#),
        (.none, #"{"a": 1}"#),
    ]

    @Test("Documents at the limits decode", arguments: atTheLimit)
    func atLimits(_ limits: DecodingLimits, _ json: String) throws {
        var decoder = BridgeDecoder()
        decoder.limits = limits
        let value = try decoder.decode(JSONValue.self, from: json)
        #expect(value == (try JSONValue(parsing: json)))
    }

    @Test("JSON Lines apply the limits to each line; JSON5 and braceless objects apply them too")
    func perLineAndExtended() throws {
        var decoder = BridgeDecoder()
        decoder.limits = DecodingLimits(maxDocumentBytes: 14, maxStringBytes: 4)
        let lines = "{\"id\": 1}\n{\"id\": 2}\n{\"id\": 3}\n"
        #expect(try decoder.decodeJSONLines([String: Int].self, from: Data(lines.utf8)).count == 3, "the whole text is longer than the limit")
        let error = try #require(throws: JSONLinesError.self) {
            try decoder.decodeJSONLines([String: String].self, from: Data("{\"a\": \"b\"}\n{\"a\": \"long\"}\n{\"a\": \"longer\"}\n".utf8))
        }
        #expect(error.line == 3)

        var json5 = BridgeDecoder()
        json5.allowsJSON5 = true
        json5.limits = DecodingLimits(maxStringBytes: 3, maxNumberDigits: 3)
        #expect(throws: DecodingError.self) { try json5.decode(JSONValue.self, from: "{a: 'abcd'}") }
        #expect(throws: DecodingError.self) { try json5.decode(JSONValue.self, from: "{abcd: 1}") }
        #expect(throws: DecodingError.self) { try json5.decode(JSONValue.self, from: "[0x1234]") }
        #expect(try json5.decode(JSONValue.self, from: "{abc: 'abc', n: +.12, i: Infinity}").objectValue?.count == 3)

        var braceless = BridgeDecoder()
        braceless.assumesTopLevelDictionary = true
        braceless.limits = DecodingLimits(maxObjectMembers: 1)
        #expect(throws: DecodingError.self) { try braceless.decode([String: Int].self, from: #""a": 1, "b": 2"#) }
    }

    @Test("A UTF-16 document is measured as given, before it is converted")
    func transcoded() throws {
        var decoder = BridgeDecoder()
        let utf16 = #"{"id": 1}"#.data(using: .utf16LittleEndian)!  // 18 bytes, 9 as UTF-8
        decoder.limits = DecodingLimits(maxDocumentBytes: 12)
        let error = try #require(throws: DecodingError.self) { try decoder.decode([String: Int].self, from: utf16) }
        guard case .dataCorrupted(let context) = error else { return }
        #expect((context.underlyingError as? JSONParseError)?.exceededLimit == .maxDocumentBytes)
        decoder.limits = DecodingLimits(maxDocumentBytes: 18)
        #expect(try decoder.decode([String: Int].self, from: utf16) == ["id": 1])
    }
}
