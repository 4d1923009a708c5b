import Foundation
import Testing
@testable import CodableBridge

/// Malformed documents: where the error points and what it says.
@Suite struct JSONParseErrorTests {
    /// (input, line, column, a substring of the reason)
    static let syntax: [(String, Int, Int, String)] = [
        ("", 1, 1, "the input is empty"),
        ("   ", 1, 4, "expected a JSON value, found end of input"),
        (#"{"a": 1]"#, 1, 8, "expected ',' or '}' after object member, found ']'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after array element, found '2'"),
        (#"{"a": tru}"#, 1, 7, "expected 'true', found 'tru'"),
        ("[nul", 1, 2, "unexpected end of input: expected 'null', found 'nul'"),
        ("[fals]", 1, 2, "expected 'false', found 'fals'"),
        ("[1,]", 1, 3, "trailing comma: expected a value after ',', found ']'"),
        ("[1,\n]", 1, 3, "trailing comma"),
        (#"{"a":1,}"#, 1, 7, "trailing comma: expected a key after ',' in object, found '}'"),
        (#"{"a" 1}"#, 1, 6, "expected ':' after object key, found '1'"),
        ("{1:2}", 1, 2, "expected a key (a string in double quotes) or '}' after '{', found '1'"),
        (#"{"a":1, 2}"#, 1, 9, "expected a key (a string in double quotes) after ',' in object, found '2'"),
        ("[01]", 1, 2, "numbers must not have leading zeros ('01')"),
        ("[-00.5]", 1, 3, "numbers must not have leading zeros ('-00.5')"),
        ("-01", 1, 2, "leading zeros"),
        ("[1.]", 1, 4, "invalid number: expected a digit after the decimal point, found ']'"),
        ("[.5]", 1, 2, "expected a JSON value, found '.'; numbers start with a digit or '-'"),
        ("[+1]", 1, 2, "numbers start with a digit or '-'"),
        ("[-]", 1, 3, "invalid number: expected a digit after '-', found ']'"),
        ("[-a]", 1, 3, "expected a digit after '-', found 'a'"),
        ("[1e]", 1, 4, "invalid number: expected a digit in the exponent, found ']'"),
        ("[1e+]", 1, 5, "a digit in the exponent"),
        ("1.5e", 1, 5, "a digit in the exponent, found end of input"),
        ("['a']", 1, 2, "strings use double quotes"),
        ("[NaN]", 1, 2, "JSON has no NaN or Infinity"),
        ("/* c */ 1", 1, 1, "JSON has no comments"),
        ("[1] x", 1, 5, "unexpected 'x' after the root value"),
        ("1 2", 1, 3, "after the root value"),
        ("{\n  \"a\": 1,\n  \"b\": x\n}", 3, 8, "expected a JSON value, found 'x'"),
        ("[\r\n1,\r\n?]", 3, 1, "found '?'"),
        ("[\r1,\r?]", 3, 1, "found '?'"),
        ("[\"abc", 1, 6, "unexpected end of input inside a string that started at line 1, column 2"),
        ("[\n  1, 2", 2, 7, "unexpected end of input inside an array that started at line 1, column 1; expected ',' or ']'"),
        ("{\"a\": [1, {\"b\": ", 1, 17, "inside an object that started at line 1, column 11; expected a value"),
        ("{", 1, 2, "unexpected end of input inside an object that started at line 1, column 1; expected a key"),
        (#"["a\qb"]"#, 1, 4, #"invalid escape '\q' in string"#),
        ("[\"a\\", 1, 5, "unexpected end of input inside a string that started at line 1, column 2"),
        (#""\u12G4""#, 1, 6, "expected 4 hex digits after '\\u', found 'G'"),
        (#""\u12"#, 1, 6, "unexpected end of input inside a string"),
        (#""\uD800""#, 1, 2, #"lone high surrogate \uD800"#),
        (#""\uD800x""#, 1, 2, "lone high surrogate"),
        (#""\uDC00\uD800""#, 1, 2, #"lone low surrogate \uDC00"#),
        (#""\uD800\u0041""#, 1, 8, #"high surrogate \uD800 is followed by \u0041"#),
        (#""\uD800\uD800""#, 1, 8, "not a low surrogate"),
        (#""\uD800\n""#, 1, 2, "lone high surrogate"),
        ("\"a\tb\"", 1, 3, #"unescaped control character U+0009 (tab) in string; write it as \t"#),
        ("\"a\nb\"", 1, 3, #"U+000A (line feed) in string; write it as \n"#),
        ("\"\u{1F}\"", 1, 2, #"U+001F in string; write it as \u001F"#),
        ("[\"\u{0}\"]", 1, 3, #"U+0000 in string; write it as \u0000"#),
        ("[1]\u{0}", 1, 4, "unexpected control character U+0000 after the root value"),
        ("[\u{0}]", 1, 2, "found control character U+0000"),
        ("[é]", 1, 2, "expected a JSON value, found 'é' (U+00E9)"),
        ("[1]\u{A0}", 1, 4, "unexpected '\u{A0}' (U+00A0) after the root value"),
    ]

    @Test(arguments: syntax)
    func reportsWhereAndWhat(_ input: String, _ line: Int, _ column: Int, _ reason: String) throws {
        let error = try #require(ParserHarness.error(input))
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.reason.contains(reason), "\(error)")
        // `description` says it all in one line.
        #expect(error.description == "line \(line), column \(column) (byte \(error.offset)): \(error.reason)")
    }

    /// Invalid UTF-8 inside strings, with the offending byte's column and the diagnosis.
    static let utf8: [([UInt8], Int, String)] = [
        ([0x22, 0xC0, 0x80, 0x22], 2, "overlong UTF-8 encoding (lead byte 0xC0)"),
        ([0x22, 0xC1, 0xBF, 0x22], 2, "overlong UTF-8 encoding"),
        ([0x22, 0xE0, 0x80, 0x80, 0x22], 2, "overlong UTF-8 encoding (0xE0 0x80)"),
        ([0x22, 0xF0, 0x8F, 0xBF, 0xBF, 0x22], 2, "overlong UTF-8 encoding (0xF0 0x8F)"),
        ([0x22, 0x61, 0xED, 0xA0, 0x80, 0x22], 3, "UTF-8-encoded surrogate (0xED 0xA0)"),
        ([0x22, 0xED, 0xBF, 0xBF, 0x22], 2, "surrogates U+D800–U+DFFF are not allowed"),
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2, "UTF-8 sequence above U+10FFFF"),
        ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 2, "byte 0xF5 never occurs in UTF-8"),
        ([0x22, 0xFF, 0x22], 2, "byte 0xFF never occurs in UTF-8"),
        ([0x22, 0x80, 0x22], 2, "byte 0x80 is a UTF-8 continuation byte without a lead byte"),
        ([0x22, 0xC3, 0x22], 2, "truncated UTF-8 sequence: lead byte 0xC3 needs 1 continuation byte, found '\"'"),
        ([0x22, 0xE2, 0x82, 0x22], 2, "lead byte 0xE2 needs 2 continuation bytes"),
        ([0x22, 0xF0, 0x9F, 0x98, 0x41, 0x22], 2, "lead byte 0xF0 needs 3 continuation bytes, found 'A'"),
        ([0x22, 0xE2, 0x82], 4, "unexpected end of input inside a string (in a UTF-8 sequence) that started at line 1, column 1"),
        // Escaped strings take the copying path; validation is the same.
        ([0x22, 0x5C, 0x6E, 0xC0, 0xAF, 0x22], 4, "overlong UTF-8 encoding"),
        ([0x22] + Array(repeating: 0x61, count: 13) + [0xED, 0xB0, 0x80, 0x22], 15, "UTF-8-encoded surrogate"),
        // Outside strings a non-ASCII byte is simply unexpected.
        ([0xFF], 1, "expected a JSON value, found byte 0xFF"),
        ([0x5B, 0xE2, 0x82, 0x5D], 2, "found byte 0xE2"),
    ]

    @Test(arguments: utf8)
    func rejectsInvalidUTF8(_ bytes: [UInt8], _ column: Int, _ reason: String) throws {
        let error = try #require(ParserHarness.error(bytes))
        #expect(error.line == 1 && error.column == column, "\(error)")
        #expect(error.reason.contains(reason), "\(error)")
    }

    @Test(arguments: [
        [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22] as [UInt8],  // 😀
        [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22],              // U+10FFFF
        [0x22, 0xEE, 0x80, 0x80, 0x22],                    // U+E000 (after the surrogates)
        [0x22, 0xED, 0x9F, 0xBF, 0x22],                    // U+D7FF (before them)
        [0x22, 0xE0, 0xA0, 0x80, 0x22],                    // U+0800 (shortest 3-byte form)
        [0x22, 0xC2, 0x80, 0x22],                          // U+0080
        [0x22, 0xEF, 0xBF, 0xBF, 0x22],                    // U+FFFF
    ])
    func acceptsValidUTF8(_ bytes: [UInt8]) throws {
        let value = try JSONValue(parsing: Data(bytes))
        #expect(value == .string(String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)))
    }

    @Test func rejectsUTF16() throws {
        let utf16 = Array("[1]".utf16).flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        #expect(ParserHarness.error(utf16)?.reason.contains("looks like UTF-16") == true)
        #expect(ParserHarness.error([0xFF, 0xFE, 0x31, 0x00])?.reason.contains("looks like UTF-16") == true)
    }

    /// Every proper prefix of a document is an error that says the input ended — never a crash.
    @Test func truncatedAtEveryPrefix() throws {
        let sample = #"{"id": 12345, "name": "Ada \"L\" é 日本 😀 \u00e9\uD83D\uDE00", "tags": ["a", "bb", []], "ok": true, "no": false, "nil": null, "n": [-1.5e+10, 0, 0.25, 1E3], "o": {"a": {}}}"#
        let bytes = Array(sample.utf8)
        #expect(try JSONValue(parsing: Data(bytes)).objectValue?.count == 8)
        for length in 1 ..< bytes.count {
            let error = try #require(ParserHarness.error(Array(bytes[..<length])), "prefix of \(length) bytes parsed")
            #expect(error.reason.contains("end of input"), "prefix \(length): \(error)")
            #expect(error.offset <= length)
        }
    }

    /// Corrupting any byte of a document gives a value or a JSONParseError — never a crash.
    @Test func corruptedAtEveryByte() throws {
        let bytes = Array(#"{"a": [1, -2.5e3, "x\n\u00e9é", true, null], "b": {"c": false}}"#.utf8)
        for position in bytes.indices {
            for replacement: UInt8 in [0x00, 0x22, 0x5C, 0x7D, 0x5D, 0x2C, 0x30, 0x80, 0xFF, 0xE2] {
                var corrupted = bytes
                corrupted[position] = replacement
                _ = ParserHarness.error(corrupted)
            }
        }
    }
}

/// Nesting limits: deep input is a clean error at the first level too deep, never a stack overflow.
@Suite struct JSONNestingTests {
    @Test(arguments: [10_000, 100_000])
    func deepArraysAreAnError(_ depth: Int) throws {
        let error = try #require(ParserHarness.error(String(repeating: "[", count: depth)))
        #expect(error.reason == "nesting deeper than 512 levels (the limit is set by maxDepth)")
        #expect(error.offset == 512 && error.column == 513)
    }

    @Test func deepObjectsAreAnError() throws {
        let error = try #require(ParserHarness.error(String(repeating: #"{"a":"#, count: 100_000)))
        #expect(error.reason.contains("nesting deeper than 512 levels"))
        #expect(error.offset == 512 * 5)
    }

    @Test(arguments: [0, 1, 2, 100, 512])
    func exactlyMaxDepthIsAccepted(_ maxDepth: Int) throws {
        let deepest = String(repeating: "[", count: maxDepth) + String(repeating: "]", count: maxDepth)
        let tape = try JSONTape(parsing: Data((maxDepth == 0 ? "7" : deepest).utf8), maxDepth: maxDepth)
        #expect(tape.nodes.count == max(1, maxDepth))
        let tooDeep = "[" + deepest + "]"
        #expect(ParserHarness.error(tooDeep, maxDepth: maxDepth)?.reason.contains("nesting deeper than \(maxDepth) levels") == true)
    }

    @Test func userLimitOfOneHundredThousand() throws {
        let depth = 100_000
        let json = String(repeating: #"{"k":["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)
        let tape = try JSONTape(parsing: Data(json.utf8), maxDepth: depth)
        #expect(tape.nodes.count == depth + depth / 2 + 1)
        #expect(tape.nodes[0].payload == tape.nodes.count)
        // The innermost levels as a tree (a whole 100 000-level tree would take a deep stack to
        // destroy: JSONValue's own deinitialisation is recursive).
        #expect(tape.value(at: tape.nodes.count - 4) == ["k": [1]])
        #expect(ParserHarness.error("[" + json + "]", maxDepth: depth)?.reason.contains("nesting deeper than 100000 levels") == true)
    }
}
