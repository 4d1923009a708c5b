import Foundation
import Testing
@testable import CodableBridge

/// JSON5 (`allowsJSON5`), objects without braces (`assumesTopLevelDictionary`) and trailing
/// commas: the same text through Foundation's `JSONDecoder` and `BridgeDecoder.foundationCompatible`,
/// configured alike. Each row states Foundation's outcome (checked against `JSONDecoder`).
@Suite struct JSON5ParityTests {

    /// A row with `allowsJSON5` on both decoders.
    static func json5<T: Decodable & Equatable & Sendable>(
        _ type: T.Type, _ json: String, _ expected: ExpectedDecoding<T>, bridgePath: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParityCase {
        .decode(type, json, expected, bridgePath: bridgePath, sourceLocation: sourceLocation) { $0.json5 = true }
    }

    // MARK: Numbers

    static let numbers: [ParityCase] = [
        json5(Double.self, "+2", .value(2)),
        json5(Double.self, ".5", .value(0.5)),
        json5(Double.self, "5.", .value(5)),
        json5(Double.self, "-.5", .value(-0.5)),
        json5(Double.self, "+.5e1", .value(5)),
        json5(Double.self, "5.e2", .value(500)),
        json5(Double.self, "0x1F", .value(31)),
        json5(Double.self, "-0x1F", .value(-31)),
        json5(Double.self, "+0x10", .value(16)),
        json5(Double.self, "0XfF", .value(255)),
        json5(Double.self, "Infinity", .value(.infinity)),
        json5(Double.self, "-Infinity", .value(-.infinity)),
        json5(Double.self, "+Infinity", .value(.infinity)),
        json5(Double.self, "1e400", .error(.dataCorrupted)),
        json5(Double.self, "0", .value(0)),
        json5(Float.self, "Infinity", .value(.infinity)),
        json5(Float.self, "-Infinity", .value(-.infinity)),
        json5(Float.self, ".25", .value(0.25)),
        json5(Float.self, "0x100", .value(256)),
        json5(Int.self, "0x1F", .value(31)),
        json5(Int.self, "-0x1F", .value(-31)),
        json5(Int.self, "+5", .value(5)),
        json5(Int.self, "5.", .value(5)),
        json5(Int.self, "5.e2", .value(500)),
        json5(Int.self, "0x7FFFFFFFFFFFFFFF", .value(.max)),
        json5(Int.self, "-0x8000000000000000", .value(.min)),
        json5(Int.self, "0xFFFFFFFFFFFFFFFF", .error(.dataCorrupted)),
        json5(Int.self, "Infinity", .error(.dataCorrupted)),
        json5(Int.self, "-Infinity", .error(.dataCorrupted)),
        json5(Int.self, "NaN", .error(.dataCorrupted)),
        json5(Int.self, ".5", .error(.dataCorrupted)),
        json5(Int.self, "+0", .value(0)),
        json5(UInt8.self, "-0x1F", .error(.dataCorrupted)),
        json5(UInt8.self, "0xFF", .value(255)),
        json5(UInt8.self, "0x100", .error(.dataCorrupted)),
        json5(UInt64.self, "0xFFFFFFFFFFFFFFFF", .value(.max)),
        json5(Decimal.self, "0x1F", .value(31)),
        json5(Decimal.self, "-0x1F", .value(-31)),
        json5(Decimal.self, ".5", .value(Decimal(string: "0.5")!)),
        json5(Decimal.self, "+5", .value(5)),
        json5(Decimal.self, "5.", .value(5)),
        json5(Decimal.self, "0xFFFFFFFFFFFFFFFF", .value(Decimal(string: "18446744073709551615")!)),
        json5(String.self, "0x1F", .error(.typeMismatch)),
        json5([Double].self, "[1, +2, .5, 5., 0x10, -Infinity, 1e3,]", .value([1, 2, 0.5, 5, 16, -.infinity, 1000])),
        json5([Int].self, "[0x1F, .5]", .error(.dataCorrupted), bridgePath: "[1]"),
        json5([Int].self, "[1, Infinity]", .error(.dataCorrupted), bridgePath: "[1]"),
    ]

    @Test(arguments: numbers)
    func number(_ row: ParityCase) { row.run() }

    /// NaN is not equal to itself: compared by its sign and NaN-ness.
    @Test(arguments: ["NaN", "-NaN", "+NaN"])
    func notANumber(json: String) {
        func same<F: BinaryFloatingPoint>(_ a: F, _ b: F) -> Bool { a.isNaN == b.isNaN && a.sign == b.sign }
        expectParity(Double.self, json: json, equals: same) { $0.json5 = true }
        expectParity(Float.self, json: json, equals: same) { $0.json5 = true }
        var decoder = BridgeDecoder.foundationCompatible
        decoder.allowsJSON5 = true
        #expect((try? decoder.decode(Double.self, from: json))?.isNaN == true)
    }

    /// `Decimal` has no infinity: JSONDecoder gives NaN for `Infinity` and `NaN` alike.
    @Test(arguments: ["Infinity", "-Infinity", "NaN", "-NaN"])
    func decimalFromNonFinite(json: String) {
        expectParity(Decimal.self, json: json, equals: { $0.isNaN && $1.isNaN }) { $0.json5 = true }
    }

    // MARK: Strings and keys

    static let strings: [ParityCase] = [
        json5(String.self, #"'a"b'"#, .value("a\"b")),
        json5(String.self, #"'a\'b'"#, .value("a'b")),
        json5(String.self, #""a\'b""#, .value("a'b")),
        json5(String.self, #"'\x41\xff'"#, .value("Aÿ")),
        json5(String.self, #"'\u0041\/\b'"#, .value("A/\u{08}")),
        json5(String.self, #"'\uD83D\uDE00'"#, .value("😀")),
        json5(String.self, "'a\\\nb'", .value("a\nb")),
        json5(String.self, "'a\\\r\nb'", .value("a\r\nb")),
        json5(String.self, "'a\\\rb'", .value("a\rb")),
        json5(String.self, "'\u{2028}'", .value("\u{2028}")),
        json5(String.self, "'a\u{7F}b'", .value("a\u{7F}b")),
        json5(String.self, #"'\v'"#, .error(.dataCorrupted)),
        json5(String.self, #"'\0'"#, .error(.dataCorrupted)),
        json5(String.self, #"'\a'"#, .error(.dataCorrupted)),
        json5(String.self, #"'\z'"#, .error(.dataCorrupted)),
        json5(String.self, #"'\u0000'"#, .error(.dataCorrupted)),
        json5(String.self, #"'\x00'"#, .error(.dataCorrupted)),
        json5(String.self, #"'\x4G'"#, .error(.dataCorrupted)),
        json5(String.self, #"'\uD83D'"#, .error(.dataCorrupted)),
        json5(String.self, "'a\nb'", .error(.dataCorrupted)),
        json5(String.self, "\"a\tb\"", .error(.dataCorrupted)),
        json5(String.self, "'abc", .error(.dataCorrupted)),
        json5(String.self, #"'\u{41}'"#, .error(.dataCorrupted)),
    ]

    @Test(arguments: strings)
    func string(_ row: ParityCase) { row.run() }

    static let keys: [ParityCase] = [
        json5([String: Int].self, "{a: 1, $b: 2, _c: 3, a1: 4, 'q': 5, \"d\": 6,}",
              .value(["a": 1, "$b": 2, "_c": 3, "a1": 4, "q": 5, "d": 6])),
        json5([String: Int].self, "{é: 1, ǅ: 2, a٣: 3, ℵ: 4, Ⅻ: 5, a\u{200C}b: 6, a\u{301}: 7}",
              .value(["é": 1, "ǅ": 2, "a٣": 3, "ℵ": 4, "Ⅻ": 5, "a\u{200C}b": 6, "a\u{301}": 7])),
        // Escapes in an unquoted key are kept as written, as JSONDecoder keeps them.
        json5([String: Int].self, #"{\u0061b: 1, a\x62: 2}"#, .value([#"\u0061b"#: 1, #"a\x62"#: 2])),
        json5([String: Int].self, "{true: 1, null: 2, Infinity: 3}", .value(["true": 1, "null": 2, "Infinity": 3])),
        json5([String: Int].self, "{a /* c */ : 1, b // c\n: 2}", .value(["a": 1, "b": 2])),
        json5([String: Int].self, "{a: 1, a: 2}", .value(["a": 1])),
        json5([String: Int].self, "{1a: 1}", .error(.dataCorrupted)),
        json5([String: Int].self, "{a-b: 1}", .error(.dataCorrupted)),
        json5([String: Int].self, "{a b: 1}", .error(.dataCorrupted)),
        json5([String: Int].self, "{a.b: 1}", .error(.dataCorrupted)),
        json5([String: Int].self, "{ab😀: 1}", .error(.dataCorrupted)),
        json5([String: Int].self, "{a·: 1}", .error(.dataCorrupted)),
        json5([String: Int].self, "{a\u{FEFF}: 1}", .error(.dataCorrupted)),
        json5([String: Int].self, #"{a\q: 1}"#, .error(.dataCorrupted)),
        json5([String: Int].self, "{a: 1,,}", .error(.dataCorrupted)),
        json5([String: Int].self, "{,}", .error(.dataCorrupted)),
        json5([String: Int].self, "{a\n: 1}", .value(["a": 1])),
        json5(PF.TwoFields.self, "{a: 1, b: 'x'}", .value(PF.TwoFields(a: 1, b: "x"))),
        json5(PF.TwoFields.self, "{a: 'x', b: 'x'}", .error(.typeMismatch, at: "a")),
        json5(PF.TwoFields.self, "{b: 'x'}", .missingKey("a", at: "")),
    ]

    @Test(arguments: keys)
    func key(_ row: ParityCase) { row.run() }

    // MARK: Structure, comments and whitespace

    static let structure: [ParityCase] = [
        json5(JSONValue.self, "[// c\n1, /* x */ 2 /**/,]", .value([1, 2])),
        json5(JSONValue.self, "/* */ 1 /* */", .value(1)),
        json5(JSONValue.self, "1 // x", .value(1)),
        json5(JSONValue.self, "[1 /* a */, 2]", .value([1, 2])),
        json5(JSONValue.self, "[1,//x\n]", .value([1])),
        json5(JSONValue.self, "{/*x*/}", .value([:])),
        json5(JSONValue.self, "[1\u{0B},\u{0C}2]", .value([1, 2])),
        json5(JSONValue.self, "[1\r\n,\t2]", .value([1, 2])),
        json5(JSONValue.self, "\u{FEFF}[1]", .value([1])),
        json5(JSONValue.self, "[true, false, null, 'x']", .value([true, false, nil, "x"])),
        json5(JSONValue.self, "[[],{},]", .value([[], [:]])),
        json5(JSONValue.self, "// x", .error(.dataCorrupted)),
        json5(JSONValue.self, "", .error(.dataCorrupted)),
        json5(JSONValue.self, "[/* c 1]", .error(.dataCorrupted)),
        json5(JSONValue.self, "[/ 1]", .error(.dataCorrupted)),
        json5(JSONValue.self, "[1,,]", .error(.dataCorrupted)),
        json5(JSONValue.self, "[,]", .error(.dataCorrupted)),
        json5(JSONValue.self, "[1 2]", .error(.dataCorrupted)),
        json5(JSONValue.self, "[1] x", .error(.dataCorrupted)),
        json5(JSONValue.self, "[1],", .error(.dataCorrupted)),
        json5(JSONValue.self, "[1\u{A0},2]", .error(.dataCorrupted)),
        json5(JSONValue.self, "[1\u{2028},2]", .error(.dataCorrupted)),
        json5(JSONValue.self, "[1\u{3000},2]", .error(.dataCorrupted)),
        json5(JSONValue.self, "[1]\u{FEFF}", .error(.dataCorrupted)),
        json5(JSONValue.self, "[nulll]", .error(.dataCorrupted)),
        json5(JSONValue.self, "[tru]", .error(.dataCorrupted)),
        json5([Double].self, "[0x]", .error(.dataCorrupted)),
        json5([Double].self, "[0xG]", .error(.dataCorrupted)),
        json5([Double].self, "[00]", .error(.dataCorrupted)),
        json5([Double].self, "[01]", .error(.dataCorrupted)),
        json5([Double].self, "[.]", .error(.dataCorrupted)),
        json5([Double].self, "[+]", .error(.dataCorrupted)),
        json5([Double].self, "[-]", .error(.dataCorrupted)),
        json5([Double].self, "[+-1]", .error(.dataCorrupted)),
        json5([Double].self, "[--1]", .error(.dataCorrupted)),
        json5([Double].self, "[1e]", .error(.dataCorrupted)),
        json5([Double].self, "[.e1]", .error(.dataCorrupted)),
        json5([Double].self, "[Infinit]", .error(.dataCorrupted)),
        json5([Double].self, "[Infinityx]", .error(.dataCorrupted)),
        json5([Double].self, "[- Infinity]", .error(.dataCorrupted)),
        json5([Double].self, "[+ 1]", .error(.dataCorrupted)),
        json5([Double].self, "[0x1.8]", .error(.dataCorrupted)),
        json5([Double].self, "[1_000]", .error(.dataCorrupted)),
        json5([Double].self, "[0b1]", .error(.dataCorrupted)),
        json5([Double].self, "[0x10000000000000000]", .error(.dataCorrupted)),
        json5([Double].self, "[1x]", .error(.dataCorrupted)),
        json5([Double].self, "[1.2.3]", .error(.dataCorrupted)),
    ]

    @Test(arguments: structure)
    func document(_ row: ParityCase) { row.run() }

    /// A raw 0xA0 byte is whitespace to JSONDecoder's JSON5 reader (U+00A0 written in UTF-8 is not).
    @Test func rawNonBreakingSpaceByte() throws {
        let bytes = Data([UInt8(ascii: "["), UInt8(ascii: "1"), 0xA0, UInt8(ascii: ","), UInt8(ascii: "2"), UInt8(ascii: "]")])
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        var bridge = BridgeDecoder.foundationCompatible
        bridge.allowsJSON5 = true
        #expect(try foundation.decode([Int].self, from: bytes) == [1, 2])
        #expect(try bridge.decode([Int].self, from: bytes) == [1, 2])
    }

    /// Malformed JSON5 is a parse error with line and column, like malformed JSON.
    @Test func errorsCarryLineAndColumn() throws {
        var decoder = BridgeDecoder.foundationCompatible
        decoder.allowsJSON5 = true
        let rows: [(String, Int, Int, String)] = [
            ("{\n  a: 1,\n  b: 0x,\n}", 3, 8, "hexadecimal digit"),
            ("[1, /* open", 1, 5, "unterminated comment"),
            ("{a: 'x\\v'}", 1, 7, "invalid escape"),
            ("[\n 1,\n Infinit]", 3, 2, "expected 'Infinity'"),
            ("{1a: 1}", 1, 2, "expected a key"),
        ]
        for (json, line, column, reason) in rows {
            do {
                _ = try decoder.decode(JSONValue.self, from: json)
                Issue.record("expected a parse error for \(json)")
            } catch let DecodingError.dataCorrupted(context) {
                let error = try #require(context.underlyingError as? JSONParseError, "\(json)")
                #expect(error.line == line && error.column == column && error.reason.contains(reason), "\(json): \(error)")
            }
        }
    }

    /// Without `allowsJSON5` none of it is read: the same documents are errors in both decoders.
    @Test(arguments: ["{a: 1}", "['x']", "[0x1F]", "[+1]", "[.5]", "[Infinity]", "[1 // c\n]", "[1\u{0B}]"])
    func json5IsOffByDefault(json: String) {
        expectParity(JSONValue.self, json: json, expected: .error(.dataCorrupted))
    }

    // MARK: assumesTopLevelDictionary

    static func topLevel<T: Decodable & Equatable & Sendable>(
        _ type: T.Type, _ json: String, json5: Bool, _ expected: ExpectedDecoding<T>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ParityCase {
        .decode(type, json, expected, sourceLocation: sourceLocation) {
            $0.json5 = json5
            $0.assumesTopLevelDictionary = true
        }
    }

    static let topLevelDictionary: [ParityCase] = [true, false].flatMap { json5 -> [ParityCase] in
        [
            topLevel([String: Int].self, #""a": 1"#, json5: json5, .value(["a": 1])),
            topLevel([String: Int].self, #""a": 1, "b": 2,"#, json5: json5, .value(["a": 1, "b": 2])),
            topLevel([String: Int].self, #"{"a": 1}"#, json5: json5, .value(["a": 1])),
            topLevel([String: Int].self, "", json5: json5, .value([:])),
            topLevel([String: Int].self, "  \n", json5: json5, .value([:])),
            topLevel([String: Int].self, #""a": 1}"#, json5: json5, .error(.dataCorrupted)),
            topLevel([String: Int].self, #""a": 1,}"#, json5: json5, .error(.dataCorrupted)),
            topLevel([String: Int].self, #""a": 1 "b": 2"#, json5: json5, .error(.dataCorrupted)),
            topLevel([String: Int].self, #"{"a": 1},"#, json5: json5, .error(.dataCorrupted)),
            topLevel([String: [Int]].self, #""a": [1, 2,]"#, json5: json5, .value(["a": [1, 2]])),
            topLevel([Int].self, #""a": 1"#, json5: json5, .error(.typeMismatch)),
            topLevel(PF.TwoFields.self, #""a": 1, "b": "x""#, json5: json5, .value(PF.TwoFields(a: 1, b: "x"))),
            topLevel(PF.TwoFields.self, #""b": "x""#, json5: json5, .missingKey("a", at: "")),
            topLevel([String: Int].self, "a: 1", json5: json5, json5 ? .value(["a": 1]) : .error(.dataCorrupted)),
            topLevel([String: Int].self, #""a": 1 // c"#, json5: json5, json5 ? .value(["a": 1]) : .error(.dataCorrupted)),
        ]
    }

    @Test(arguments: topLevelDictionary)
    func bracelessObject(_ row: ParityCase) { row.run() }

    // MARK: Trailing commas without JSON5

    static let trailingCommas: [ParityCase] = [
        .decode(JSONValue.self, "[1,]", .value([1])),
        .decode(JSONValue.self, #"{"a":1,}"#, .value(["a": 1])),
        .decode(JSONValue.self, #"{"key":[true,],}"#, .value(["key": [true]])),
        .decode(JSONValue.self, "[1 ,]", .value([1])),
        .decode(JSONValue.self, "[1,\n]", .value([1])),
        .decode(JSONValue.self, "[[],]", .value([[]])),
        .decode(JSONValue.self, "[{},]", .value([[:]])),
        .decode(JSONValue.self, #"{"a":{},}"#, .value(["a": [:]])),
        .decode(JSONValue.self, #"["x",]"#, .value(["x"])),
        .decode(JSONValue.self, "[null,]", .value([nil])),
        .decode(JSONValue.self, "[1.5,]", .value([1.5])),
        .decode(JSONValue.self, #"{"a":1 , }"#, .value(["a": 1])),
        .decode(JSONValue.self, #"{"a":[1,],"b":2}"#, .value(["a": [1], "b": 2])),
        .decode(JSONValue.self, "[,]", .error(.dataCorrupted)),
        .decode(JSONValue.self, "[1,,]", .error(.dataCorrupted)),
        .decode(JSONValue.self, "{,}", .error(.dataCorrupted)),
        .decode(JSONValue.self, "1,", .error(.dataCorrupted)),
        .decode(JSONValue.self, "[1],", .error(.dataCorrupted)),
        .decode(JSONValue.self, "[1,] x", .error(.dataCorrupted)),
        .decode(JSONValue.self, "[1,2,", .error(.dataCorrupted)),
        .decode(JSONValue.self, #"[1,] // c"#, .error(.dataCorrupted)),
        .decode(JSONValue.self, "['a',]", .error(.dataCorrupted)),
        .decode(PF.TwoFields.self, #"{"a": 1, "b": 2,}"#, .error(.typeMismatch, at: "b")),
        .decode(PF.TwoFields.self, #"{"b": "x",}"#, .missingKey("a", at: "")),
        .decode(JSONValue.self, "[1,]", .value([1]), entry: .string),
    ]

    @Test(arguments: trailingCommas)
    func trailingComma(_ row: ParityCase) { row.run() }

    /// Only `foundationCompatible` (and decoders that set `allowsTrailingCommas`) accept them:
    /// the other presets and `JSONValue(parsing:)` keep RFC 8259's grammar, with the comma's position.
    @Test(arguments: [("[1,]", 3), (#"{"a":1,}"#, 7)])
    func trailingCommaElsewhere(json: String, column: Int) throws {
        var rfc8259 = BridgeDecoder.foundationCompatible
        rfc8259.allowsTrailingCommas = false
        for decoder in [BridgeDecoder(), rfc8259] {
            do {
                _ = try decoder.decode(JSONValue.self, from: Data(json.utf8))
                Issue.record("expected a parse error for \(json)")
            } catch let DecodingError.dataCorrupted(context) {
                let parseError = try #require(context.underlyingError as? JSONParseError)
                #expect(parseError.line == 1 && parseError.column == column && parseError.reason.contains("trailing comma"))
            }
        }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: json) }
        var lenient = BridgeDecoder()
        lenient.allowsTrailingCommas = true
        #expect(try lenient.decode(JSONValue.self, from: json) == BridgeDecoder.foundationCompatible.decode(JSONValue.self, from: json))
    }
}
