import Foundation
import Testing
@testable import CodableBridge

/// Documents that parse, and the tree each one gives.
@Suite struct JSONParserTests {
    static let valid: [(String, JSONValue)] = [
        ("null", nil),
        ("true", true),
        ("false", false),
        ("0", 0),
        ("\"\"", ""),
        ("[]", []),
        ("{}", [:]),
        (" \t\r\n[ 1 , 2 ]\n\r\t ", [1, 2]),
        ("[[],[[]],{}]", [[], [[]], [:]]),
        (#"{"a": {"b": [true, false, null]}, "c": "d"}"#, ["a": ["b": [true, false, nil]], "c": "d"]),
        (#"{"x":1,"y":{"z":[{"w":[]}]}}"#, ["x": 1, "y": ["z": [["w": []]]]]),
        ("\"日本語 text é 😀\"", "日本語 text é 😀"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{c}\n\r\t"),
        (#""\u0041\u00e9\u20AC\uD83D\uDE00\uFFFF""#, "Aé€😀\u{FFFF}"),
        (#""\u0000""#, "\u{0}"),
        (#""a\u0000b""#, "a\u{0}b"),
        ("\"\u{7F}\"", "\u{7F}"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        (#"{"\u006Bey": 1}"#, ["key": 1]),
    ]

    @Test(arguments: valid)
    func parsesToTree(_ json: String, _ expected: JSONValue) throws {
        #expect(try JSONValue(parsing: json) == expected)
    }

    /// Number text is kept exactly, and flagged integer / negative on the tape.
    @Test(arguments: [
        ("0", true, false), ("-0", true, true), ("12", true, false), ("-12", true, true),
        ("1.000000000000000005", false, false), ("1E+2", false, false), ("1e-2", false, false),
        ("-0.0e0", false, true), ("18446744073709551616", true, false),
        ("-9223372036854775809", true, true), ("1e-999", false, false), ("123456789e999999", false, false),
        ("100000000000000000000000000000000000000000000000001", true, false),
    ])
    func keepsNumberText(_ text: String, _ integer: Bool, _ negative: Bool) throws {
        #expect(try JSONValue(parsing: text) == ParserHarness.number(text))
        #expect(try JSONValue(parsing: "[\(text)]") == [ParserHarness.number(text)])
        let tape = try JSONTape(parsing: Data(" \(text) ".utf8), maxDepth: 512)
        #expect(tape.numberText(at: 0) == text)
        #expect((tape.nodes[0].flags & JSONTape.Flags.integer != 0) == integer)
        #expect((tape.nodes[0].flags & JSONTape.Flags.negative != 0) == negative)
    }

    @Test func hugeNumbers() throws {
        let digits = "1" + String(repeating: "0", count: 10_000)
        #expect(try JSONValue(parsing: digits) == ParserHarness.number(digits))
        let fraction = "-0." + String(repeating: "9", count: 10_000) + "E-123456789"
        #expect(try JSONValue(parsing: "[\(fraction)]") == [ParserHarness.number(fraction)])
    }

    /// The example of JSONTape's design comment, node by node.
    @Test func tapeLayout() throws {
        let tape = try JSONTape(parsing: Data(#"{"id": 7, "tags": ["a", "b"], "ok": true}"#.utf8), maxDepth: 512)
        let kinds: [JSONTape.Kind] = [.object, .string, .number, .string, .array, .string, .string, .string, .true]
        #expect(tape.nodes.map(\.kind) == kinds)
        #expect(tape.nodes[0].payload == 9 && tape.nodes[0].length == 3)
        #expect(tape.nodes[4].payload == 7 && tape.nodes[4].length == 2)
        #expect([1, 3, 5, 6, 7].map { tape.string(at: $0) } == ["id", "tags", "a", "b", "ok"])
        #expect(tape.numberText(at: 2) == "7")
        #expect(tape.nextSibling(4) == 7 && tape.nextSibling(2) == 3)
        #expect(Array(tape.text) == Array(#"{"id": 7, "tags": ["a", "b"], "ok": true}"#.utf8))
        #expect(tape.nodes[0].flags & JSONTape.Flags.duplicateKeys == 0)
    }

    /// Escapes at every position relative to the eight-byte scanning window.
    @Test(arguments: 0 ..< 20)
    func escapesAtEveryAlignment(_ k: Int) throws {
        let pad = String(repeating: "x", count: k)
        let json = "[\"\(pad)\\n\(pad)é\\u00e9\(pad)\\\"\(pad)\", \"\(pad)\"]"
        let expected: JSONValue = [.string("\(pad)\n\(pad)éé\(pad)\"\(pad)"), .string(pad)]
        #expect(try JSONValue(parsing: json) == expected)
        let tape = try JSONTape(parsing: Data(json.utf8), maxDepth: 8)
        #expect(tape.nodes[1].flags & JSONTape.Flags.escaped != 0)
        #expect(tape.nodes[2].flags & JSONTape.Flags.escaped == 0)
    }

    @Test func megabyteStrings() throws {
        let plain = String(repeating: "abcdefghij", count: 100_000)
        #expect(try JSONValue(parsing: "\"\(plain)\"") == .string(plain))
        let mixed = String(repeating: "ab\\\"c\\u00e9日本\\n", count: 60_000)
        let expected = String(repeating: "ab\"cé日本\n", count: 60_000)
        #expect(try JSONValue(parsing: "[\"\(mixed)\"]") == [.string(expected)])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try JSONValue(parsing: Data(bom + Array("[1]".utf8))) == [1])
        #expect(try JSONValue(parsing: Data(bom + Array(" \"x\" ".utf8))) == "x")
        // Not counted in columns, counted in the offset.
        let error = try #require(ParserHarness.error(bom + Array("[1".utf8)))
        #expect((error.line, error.column, error.offset) == (1, 3, 5))
        // Only at the very start.
        #expect(ParserHarness.error(Array(" ".utf8) + bom + Array("1".utf8))?.reason.contains("U+FEFF") == true)
        #expect(ParserHarness.error(bom + bom + Array("1".utf8)) != nil)
        #expect(ParserHarness.error(bom)?.reason == "expected a JSON value, found end of input")
        // A BOM character inside a string is just text.
        #expect(try JSONValue(parsing: Data([0x22] + bom + [0x22])) == "\u{FEFF}")
    }
}

/// Objects with repeated keys: the first occurrence wins and the object node is flagged.
@Suite struct JSONDuplicateKeyTests {
    static func keys(_ names: [String]) -> String {
        "{" + names.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
    }

    static let cases: [(String, Bool)] = [
        (#"{"a": 1, "a": 2}"#, true),
        (#"{"a": 1, "b": 2}"#, false),
        (#"{"a": 1, "\u0061": 2}"#, true),
        (#"{"ab": 1, "a": 2, "b": 3}"#, false),
        (#"{"": 1, "": 2}"#, true),
        (keys((0 ..< 40).map { "key\($0)" }), false),
        (keys((0 ..< 40).map { "key\($0)" } + ["key0"]), true),
        (keys((0 ..< 40).map { "key\($0 % 39)" }), true),
        (keys((0 ..< 300).map { "a rather long key name number \($0)" }), false),
        (keys((0 ..< 300).map { "a rather long key name number \($0 == 299 ? 150 : $0)" }), true),
    ]

    @Test(arguments: cases)
    func flagsRepeats(_ json: String, _ repeated: Bool) throws {
        let tape = try JSONTape(parsing: Data(json.utf8), maxDepth: 512)
        #expect((tape.nodes[0].flags & JSONTape.Flags.duplicateKeys != 0) == repeated)
    }

    /// Every object size around the three ways of checking (pairwise up to 12 keys, a table on
    /// the stack up to 64, one on the heap above), each with one repeat at the ends, at the start
    /// and at the end.
    @Test(arguments: [2, 12, 13, 40, 63, 64, 65, 128])
    func repeatsFoundAtEverySize(_ count: Int) throws {
        let names = (0 ..< count).map { "key_\($0)" }
        let unique = try JSONTape(parsing: Data(Self.keys(names).utf8), maxDepth: 512)
        #expect(unique.nodes[0].flags & JSONTape.Flags.duplicateKeys == 0)
        for (first, second) in [(0, count - 1), (0, 1), (count / 2, count - 1), (count - 2, count - 1)] where first < second {
            var repeated = names
            repeated[second] = names[first]
            let json = Self.keys(repeated)
            let tape = try JSONTape(parsing: Data(json.utf8), maxDepth: 512)
            #expect(tape.nodes[0].flags & JSONTape.Flags.duplicateKeys != 0, "\(count) keys, \(first) repeated at \(second)")
            let object = try #require(try JSONValue(parsing: json).objectValue)
            #expect(object.count == count - 1)
            #expect(object[names[first]] == .number(JSONNumber(first)))
        }
    }

    @Test func firstOccurrenceWins() throws {
        #expect(try JSONValue(parsing: #"{"a": 1, "b": 2, "a": 3}"#) == ["a": 1, "b": 2])
        let big = Self.keys((0 ..< 30).map { "k\($0)" } + ["k7"])
        let object = try #require(try JSONValue(parsing: big).objectValue)
        #expect(object.count == 30 && object["k7"] == 7 && object.keys.last == "k29")
    }

    /// The same keys in different objects are not repeats; only the object that repeats is flagged.
    @Test func flagsOnlyTheRepeatingObject() throws {
        let row = Self.keys((0 ..< 20).map { "k\($0)" })
        let json = "[\(row), \(row), {\"o\": \(row), \"x\": {\"a\": 1, \"a\": 2}}, \(row)]"
        let tape = try JSONTape(parsing: Data(json.utf8), maxDepth: 512)
        let flagged = tape.nodes.indices.filter { tape.nodes[$0].flags & JSONTape.Flags.duplicateKeys != 0 && tape.nodes[$0].kind == .object }
        #expect(flagged.count == 1)
        #expect(tape.value(at: flagged[0]) == ["a": 1])
    }
}
