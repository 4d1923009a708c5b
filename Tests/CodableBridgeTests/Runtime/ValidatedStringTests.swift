import Foundation
import Testing
@testable import CodableBridge

/// `ValidatedString` (Runtime/ValidatedString.swift): strings made from UTF-8 the parser has
/// checked, without a second check; and the parser flags that allow it.
@Suite("ValidatedString")
struct ValidatedStringTests {
    @Test("Makes the same string as String(decoding:as:)",
          arguments: ["", "id", "https://api.github.com/users/ibireme", "café au lait, crème brûlée", "😀 emoji at the start",
                      String(repeating: "long ascii text ", count: 40), "日本語のテキスト"])
    func makes(text: String) {
        let bytes = Array(text.utf8)
        let isASCII = bytes.allSatisfy { $0 < 0x80 }
        let made = bytes.withUnsafeBufferPointer { ValidatedString.make($0, isASCII: isASCII) }
        #expect(made == text)
        #expect(Array(made.utf8) == bytes)
        #expect(made.count == text.count)
        // Saying "not ASCII" of ASCII bytes is always allowed.
        let unsure = bytes.withUnsafeBufferPointer { ValidatedString.make($0, isASCII: false) }
        #expect(unsure == text && unsure.hasPrefix(String(text.prefix(3))))
    }

    #if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
    @Test("Its self-check passes on this toolchain (a toolchain without the function fails here)")
    func selfCheckPasses() {
        #expect(ValidatedString.isAvailable)
    }
    #else
    @Test("Portable mode: strings are checked as they are made")
    func portable() {
        #expect(!ValidatedString.isAvailable)
    }
    #endif

    /// The parser's string flags, by what the string holds: `validUTF8` on every string the RFC
    /// 8259 parser reads (escapes are written as whole scalars), `ascii` only when every byte of
    /// the string's value is below 0x80.
    @Test("The parser flags what it checked", arguments: [
        (#""https://example.com/a/long/path""#, true, true),
        (#""naïve café with accents here""#, true, false),
        (#""escaped \" quote in a long string""#, true, true),
        (#""\u0041 escapes an ASCII letter, long""#, true, true),
        (#""\u00e9 escaped accent in a long one""#, true, false),
        (#""an emoji \ud83d\ude00 escaped, in a long one""#, true, false),
        (#""café before an escape \n in a long one""#, true, false),
        (#""an escape \t before a café, in a long one""#, true, false),
        (#""\u0000 a NUL escaped in a long string""#, true, true),
    ])
    func flags(json: String, validUTF8: Bool, ascii: Bool) throws {
        let tape = try JSONTape(parsing: Data(json.utf8), maxDepth: 16)
        let node = tape.nodeBuffer[0]
        #expect((node.flags & JSONTape.Flags.validUTF8 != 0) == validUTF8)
        #expect((node.flags & JSONTape.Flags.ascii != 0) == ascii)
        let expected = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        #expect(tape.string(at: 0) == expected)
        #expect(tape.string(at: 0).count == expected?.count)
        #expect(Array(tape.string(at: 0).unicodeScalars) == expected.map { Array($0.unicodeScalars) })
        #expect(try JSONValue(parsing: Data(json.utf8)) == .string(try #require(expected)))
    }

    @Test("Strings and keys of a tree equal Foundation's, ASCII or not, long or short")
    func treeStrings() throws {
        let json = #"{"a_key_longer_than_fifteen": "https://example.com/x/y/z", "clé_plus_longue_que_quinze": "déjà vu, encore une fois", "s": "é"}"#
        let value = try JSONValue(parsing: Data(json.utf8))
        let object = try #require(value.objectValue)
        #expect(object.keys == ["a_key_longer_than_fifteen", "clé_plus_longue_que_quinze", "s"])
        #expect(object["clé_plus_longue_que_quinze"] == .string("déjà vu, encore une fois"))
        #expect(object["a_key_longer_than_fifteen"] == .string("https://example.com/x/y/z"))
        #expect(object["s"] == .string("é"))
    }
}
