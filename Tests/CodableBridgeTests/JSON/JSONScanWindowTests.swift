import Foundation
import Testing
@testable import CodableBridge

/// The parser's word-at-a-time loops: the string scan (sixteen bytes per step, then eight near the
/// end) and the whitespace skip (one space and a token without a loop). Every byte those loops
/// must stop at is put at every position of their windows, in strings at every alignment, through
/// the copying parse (short documents) and the borrowing one (64 bytes or more, ending with a
/// bracket).
@Suite struct JSONScanWindowTests {
    /// Enough trailing whitespace to make any document here long enough to be borrowed.
    static let borrowingTail = String(repeating: "\n", count: 80)

    /// One byte the string scan stops at, written at offset `k` of a string: the text of that
    /// byte in the document and what it decodes to (`nil`: the document is rejected there).
    static let stops: [(name: String, text: String, decoded: String?)] = [
        ("an escape", "\\n", "\n"),
        ("an escaped quote", "\\\"", "\""),
        ("a unicode escape", "\\u00e9", "é"),
        ("two-byte UTF-8", "é", "é"),
        ("four-byte UTF-8", "😀", "😀"),
        ("a control character", "\u{01}", nil),
        ("a tab", "\t", nil),
    ]

    @Test(arguments: 0 ..< 16)
    func plainStringsOfEveryLength(_ alignment: Int) throws {
        let indent = String(repeating: " ", count: alignment)
        for length in 0 ..< 40 {
            let plain = String(repeating: "a", count: length)
            for tail in ["", Self.borrowingTail] {
                let json = "\(indent)[\"\(plain)\", {\"\(plain)\": 1}]\(tail)"
                #expect(try JSONValue(parsing: Data(json.utf8)) == [.string(plain), [plain: 1]], "length \(length)")
            }
        }
    }

    @Test(arguments: stops)
    func stopsAtEveryPosition(_ name: String, _ text: String, _ decoded: String?) throws {
        for alignment in [0, 3, 8, 13] {
            let indent = String(repeating: " ", count: alignment)
            for length in [0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33] {
                for k in 0 ... length {
                    let before = String(repeating: "a", count: k)
                    let after = String(repeating: "b", count: length - k)
                    // The same string as a value and as a key (keys are scanned where they are read).
                    for (isKey, tail) in [(false, ""), (false, Self.borrowingTail), (true, ""), (true, Self.borrowingTail)] {
                        let string = "\"\(before)\(text)\(after)\""
                        let json = isKey ? "\(indent){\(string): 1}\(tail)" : "\(indent)[\(string)]\(tail)"
                        let place = "\(name) at \(k) of \(length), aligned \(alignment), \(isKey ? "key" : "value")"
                        if let decoded {
                            let content = before + decoded + after
                            let expected: JSONValue = isKey ? [content: 1] : [.string(content)]
                            #expect(try JSONValue(parsing: Data(json.utf8)) == expected, "\(place)")
                        } else {
                            let error = ParserHarness.error(json)
                            #expect(error?.offset == alignment + 2 + k, "\(place)")
                        }
                    }
                }
            }
        }
    }

    /// A string that never closes is rejected wherever its text runs out, also when the input is
    /// borrowed and has no NUL after it.
    @Test func unterminatedStringsOfEveryLength() {
        for length in 0 ..< 40 {
            let json = "[\"" + String(repeating: "a", count: length)
            #expect(ParserHarness.error(json) != nil, "length \(length)")
            #expect(ParserHarness.error(json + "]") != nil, "length \(length), then a bracket")
        }
    }

    /// Whitespace around tokens, in every combination the one-space shortcut must get right.
    static let spacings: [String] = [
        #"{"a":1,"b":[2,3]}"#,
        #"{"a": 1, "b": [2, 3]}"#,
        #"{"a" : 1 , "b" : [ 2 , 3 ] }"#,
        "{\"a\": \n1,\n    \"b\":\t[2,\r\n3]}",
        "{\"a\":  1,  \"b\": \t [2,   3 ]}",
        "{ \"a\": 1, \"b\": [2, 3] }",
        "{\n  \"a\": 1,\n  \"b\": [\n    2,\n    3\n  ]\n}",
    ]

    @Test(arguments: spacings)
    func whitespaceAroundTokens(_ json: String) throws {
        let expected: JSONValue = ["a": 1, "b": [2, 3]]
        for tail in ["", " ", Self.borrowingTail] {
            #expect(try JSONValue(parsing: Data((json + tail).utf8)) == expected)
        }
    }

    /// A space before a byte that is not a token is still an error at that byte.
    @Test func oneSpaceBeforeAnError() {
        #expect(ParserHarness.error("[1, \u{01}]")?.offset == 4)
        #expect(ParserHarness.error("{\"a\": \u{01}}")?.offset == 6)
        #expect(ParserHarness.error("[1, ")?.offset == 4)
    }
}
