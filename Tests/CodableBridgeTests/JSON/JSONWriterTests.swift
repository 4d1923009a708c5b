import Foundation
import Testing
@testable import CodableBridge

/// The text `JSONWriter` produces for a `JSONValue`, checked byte for byte against Foundation's
/// `JSONEncoder` where the two overlap.
@Suite struct JSONWriterTests {
    private func text(_ value: JSONValue, _ options: OutputFormatting = []) -> String {
        String(decoding: JSONWriter.write(value, options: options), as: UTF8.self)
    }

    /// Foundation's text for the same tree (JSONValue encodes through ordinary containers there).
    private func foundationText(_ value: JSONValue, _ options: JSONEncoder.OutputFormatting) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = options
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    // MARK: Escaping

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote\"", #""quote\"""#),
        ("back\\slash", #""back\\slash""#),
        ("a/b", #""a\/b""#),
        ("\u{08}\u{0C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{00}\u{01}\u{1F}", #""\u0000\u0001\u001f""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("é日本", "\"é日本\""),
        ("\u{2028}\u{2029}", "\"\u{2028}\u{2029}\""),
        ("😀𝄞", "\"😀𝄞\""),
        ("", #""""#),
        ("end\\", #""end\\""#),
    ])
    func escaping(input: String, expected: String) {
        #expect(text(.string(input)) == expected)
    }

    @Test func slashesUnescapedOnRequest() {
        #expect(text(.string("http://x.y/z"), [.withoutEscapingSlashes]) == #""http://x.y/z""#)
        #expect(text(["a/b": "c/d"], [.withoutEscapingSlashes]) == #"{"a/b":"c/d"}"#)
        #expect(text(["a/b": "c/d"]) == #"{"a\/b":"c\/d"}"#)
    }

    /// Every ASCII character, alone and inside text, exactly as `JSONEncoder` escapes it.
    @Test func everyASCIICharacterMatchesFoundation() throws {
        for scalar in (0..<128).compactMap(Unicode.Scalar.init) {
            let string = "a\(Character(scalar))b\(Character(scalar))"
            for options: JSONEncoder.OutputFormatting in [[], [.withoutEscapingSlashes]] {
                let ours = text(.string(string), options.contains(.withoutEscapingSlashes) ? [.withoutEscapingSlashes] : [])
                #expect(ours == (try foundationText(.string(string), options)), "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    /// The writer copies eight bytes at a time and finds the first escape in a word by its bit
    /// position: an escape at every position of strings of 1 to 24 bytes (word boundaries, the
    /// partial last word, two escapes in one word, multi-byte characters around them) matches
    /// `JSONEncoder`.
    @Test(arguments: ["/", "\"", "\\", "\n", "\u{01}", "\u{1F}"])
    func escapeAtEveryPositionMatchesFoundation(escape: String) throws {
        for length in 1...24 {
            for position in 0..<length {
                var filler = Array(repeating: "x", count: length)
                filler[position] = escape
                let plain = filler.joined()
                filler[length - 1 - position] = escape
                let twice = filler.joined()
                let wide = "é" + plain + "日"
                for string in [plain, twice, wide] {
                    #expect(text(.string(string)) == (try foundationText(.string(string), [])), "\(string.debugDescription)")
                }
            }
        }
    }

    /// Strings held inline (at most 15 ASCII bytes) are written from their two words: every
    /// ASCII character at every position of every inline length, as a key and as a value,
    /// matches `JSONEncoder`; the same text in a heap buffer takes the other path and writes the
    /// same bytes.
    @Test func inlineStringsMatchFoundation() throws {
        for scalar in (0..<128).compactMap(Unicode.Scalar.init) {
            for length in 1...15 {
                for position in [0, length / 2, length - 1] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "k"), count: length)
                    bytes[position] = UInt8(scalar.value)
                    let inline = String(decoding: bytes, as: UTF8.self)
                    #if (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
                    #expect(ShortBytes(inlineASCII: inline) != nil)
                    #endif
                    var heap = String()
                    heap.reserveCapacity(64)
                    heap += inline
                    let value: JSONValue = [inline: .string(inline)]
                    let expected = try foundationText(value, [])
                    #expect(text(value) == expected, "\(inline.debugDescription)")
                    #expect(text([heap: .string(heap)]) == expected, "\(inline.debugDescription)")
                }
            }
        }
    }

    /// Words with several escapes, and escapes next to the bytes that a borrowing bit trick
    /// would wrongly flag (the byte after `"` is `#`, after `/` is `.`, after `\\` is `]`, after
    /// a control character is one more than it).
    @Test(arguments: [
        "////////", "a/./b/./c", "https://api.github.com/users/octocat/followers{/other_user}",
        "\"#\"#\"#\"#", "\\]\\]x\\]", "\u{1}\u{2}\u{3}!\u{1F}\u{20}", "/\"\\\n\t\u{0}/.#]",
        "é/日/\"/é", String(repeating: "/.", count: 13),
    ])
    func manyEscapesPerWordMatchFoundation(string: String) throws {
        for shift in 0 ..< 8 {
            let shifted = String(repeating: "x", count: shift) + string
            #expect(text(.string(shifted)) == (try foundationText(.string(shifted), [])), "\(shifted.debugDescription)")
            #expect(text(.string(shifted), [.withoutEscapingSlashes]) == (try foundationText(.string(shifted), [.withoutEscapingSlashes])),
                    "\(shifted.debugDescription), slashes kept")
        }
    }

    // MARK: Numbers

    @Test(arguments: [
        ("0", "0"), ("-12", "-12"), ("1.50", "1.50"), ("1e400", "1e400"),
        ("18446744073709551616", "18446744073709551616"), ("-0.0e-7", "-0.0e-7"),
    ])
    func numbersAreWrittenFromTheirText(source: String, expected: String) throws {
        let number = try #require(JSONNumber(text: source))
        #expect(text(.number(number)) == expected)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumberTextIsNeverWritten(value: Double) {
        #expect(text([.number(JSONNumber(value))]) == "[null]")
    }

    @Test(arguments: [Int64.min, -1, 0, 7, 10, 99, 100, 12345, 1_000_000_007, Int64.max])
    func integers(value: Int64) {
        var writer = JSONWriter(options: [])
        writer.writeInteger(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
    }

    // MARK: Layout

    static let documents: [JSONValue] = [
        [:],
        [],
        ["a": 1],
        [1, "two", nil, true, false],
        ["b": [1, 2, [3, []]], "a": ["z": [:], "y": "s"], "é": nil, "B": 0.5, "10": 1, "9": 2],
        [[[[["deep": [1]]]]]],
        [["x": []], ["y": [:]], [], [:]],
        "top",
        42,
        nil,
    ]

    @Test(arguments: documents)
    func prettyAndSortedMatchFoundationByteForByte(value: JSONValue) throws {
        #expect(text(value, [.sortedKeys]) == (try foundationText(value, [.sortedKeys])))
        #expect(text(value, [.prettyPrinted, .sortedKeys]) == (try foundationText(value, [.prettyPrinted, .sortedKeys])))
        #expect(text(value, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            == (try foundationText(value, [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])))
    }

    @Test func prettyLayout() {
        let value: JSONValue = ["a": [1, 2], "b": [:], "c": []]
        #expect(text(value, [.prettyPrinted]) == """
            {
              "a" : [
                1,
                2
              ],
              "b" : {

              },
              "c" : [

              ]
            }
            """)
        #expect(text([:], [.prettyPrinted]) == "{\n\n}")
        #expect(text("x", [.prettyPrinted]) == "\"x\"")
    }

    @Test func insertionOrderIsKeptAndSortingIsByUTF8Bytes() {
        let value: JSONValue = ["b": 1, "a": 2, "é": 3, "B": 4, "aa": 5, "10": 6, "9": 7, "_": 8]
        #expect(text(value) == #"{"b":1,"a":2,"é":3,"B":4,"aa":5,"10":6,"9":7,"_":8}"#)
        #expect(text(value, [.sortedKeys]) == #"{"10":6,"9":7,"B":4,"_":8,"a":2,"aa":5,"b":1,"é":3}"#)
        #expect(text(["outer": ["z": 1, "y": 2]], [.sortedKeys]) == #"{"outer":{"y":2,"z":1}}"#)
    }

    // MARK: Round trip

    /// Whether `JSONValue(parsing:)` is available in this build (it is written separately).
    static let parserAvailable = (try? JSONValue(parsing: "[1]")) == [1]

    @Test(.enabled(if: parserAvailable), arguments: documents)
    func parsingWhatWasWrittenGivesTheSameValue(value: JSONValue) throws {
        for options: OutputFormatting in [[], [.prettyPrinted], [.sortedKeys, .withoutEscapingSlashes]] {
            let bytes = JSONWriter.write(value, options: options)
            #expect(try JSONValue(parsing: Data(bytes)) == value)
        }
    }

    @Test(.enabled(if: parserAvailable))
    func escapedStringsRoundTrip() throws {
        let value: JSONValue = ["\u{00}\"\\/\u{1F}\u{7F}\u{2028}😀": "\n\t\r\u{08}\u{0C}é"]
        #expect(try JSONValue(parsing: Data(JSONWriter.write(value, options: []))) == value)
    }
}
