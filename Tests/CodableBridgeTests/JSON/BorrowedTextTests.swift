import Foundation
import Testing
@testable import CodableBridge

/// The tape borrows the caller's bytes when the document ends in `}` or `]` (see JSONTape.swift):
/// no copy, nothing written, and exactly the results of the copying parse — including on every
/// document of JSONTestSuite and on documents cut off just before their last bracket, where a
/// scanning loop without a NUL to stop at would run past the end (AddressSanitizer in CI).
@Suite struct BorrowedTextTests {
    /// Pads `json` in front to the borrowing threshold, so small cases are borrowed too.
    static func padded(_ json: String) -> String {
        String(repeating: " ", count: JSONTape.minimumBorrowedLength) + json
    }

    /// What a parse gives: the tree, or the error's text.
    static func outcome(_ parse: () throws -> JSONTape) -> String {
        do {
            return String(describing: try parse().value(at: 0))
        } catch {
            return "error: \(error)"
        }
    }

    /// The borrowed parse and the copying parse of the same bytes agree.
    static func expectSameOutcome(_ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let data = Data(bytes)
        let borrowed = outcome { try JSONTape(parsing: data, maxDepth: 64) }
        let copied = outcome { try bytes.withUnsafeBytes { try JSONTape(parsing: $0, maxDepth: 64) } }
        #expect(borrowed == copied, "\(name)", sourceLocation: sourceLocation)
    }

    @Test func largeDocumentsEndingInABracketAreBorrowed() throws {
        for json in [Self.padded(#"{"a": [1, "x"]}"#), Self.padded("[true]  \n")] {
            let data = Data(json.utf8)
            let tape = try JSONTape(parsing: data, maxDepth: 8)
            data.withUnsafeBytes { input in
                #expect(UnsafeRawPointer(tape.text.baseAddress) == input.baseAddress, "\(json)")
            }
        }
    }

    @Test(arguments: [
        "[1]",                                 // short: copied
        String(repeating: " ", count: 70) + "12",  // a scalar root has no closing bracket
        String(repeating: " ", count: 70) + "[1",  // cut off
    ])
    func otherInputsAreCopied(_ json: String) {
        let data = Data(json.utf8)
        let tape = try? JSONTape(parsing: data, maxDepth: 8)
        data.withUnsafeBytes { input in
            #expect(UnsafeRawPointer(tape?.text.baseAddress) != input.baseAddress)
        }
    }

    /// A borrowed tape keeps its bytes alive: the caller's `Data` can go away.
    @Test func borrowedBytesOutliveTheCallersData() throws {
        var tape: JSONTape?
        do {
            let data = Data(Self.padded(#"{"name": "ada", "escaped": "a\nb"}"#).utf8)
            tape = try JSONTape(parsing: data, maxDepth: 8)
        }
        #expect(tape?.value(at: 0) == ["name": "ada", "escaped": "a\nb"])
    }

    /// Strings with escapes go to the unescaped buffer; the input is left as it was.
    @Test func escapesDoNotWriteTheInput() throws {
        let json = Self.padded(#"{"k\u0065y": "a\"b", "key": "\ud83d\ude00", "plain": "x"}"#)
        let data = Data(json.utf8)
        let tape = try JSONTape(parsing: data, maxDepth: 8)
        #expect(data == Data(json.utf8))
        #expect(String(decoding: tape.unescaped, as: UTF8.self) == "keya\"b😀")
        // "k\u0065y" and "key" are the same key once unescaped.
        #expect(tape.nodes[0].flags & JSONTape.Flags.duplicateKeys != 0)
        #expect(tape.value(at: 0) == ["key": "a\"b", "plain": "x"])
    }

    /// Documents that end in a bracket but are cut off or broken just before it: every scanning
    /// loop must stop at the end of the borrowed bytes.
    @Test(arguments: [
        "[[1]", "[[[]]", "{\"a\": [1]", "[\"abc]", "[\"abcdefgh]", "[\"abc\\]", "[\"\\u12]", "[\"\\ud800\\]",
        "[\"\\ud800]", "[\"é]", "[\"\u{E9}\"\u{FF}]", "[tru]", "[nul]", "[fals]", "[1e]", "[-]", "[1.]", "[0",
        "{\"a\":1]", "[1,]", "{\"a\" 1}", "{\"a\":}", "[\"\\", "[1]]", "[1] ]", "[1]x]",
        "[[1]  \n", "{\"a\": [1]\r\n\t ", "[\"abc]\n\n",
    ])
    func truncatedBeforeTheLastBracket(_ json: String) {
        Self.expectSameOutcome(Array(Self.padded(json).utf8), json)
        #expect(throws: JSONParseError.self, "\(json)") { try JSONTape(parsing: Data(Self.padded(json).utf8), maxDepth: 64) }
    }

    /// The whole of JSONTestSuite, padded to be borrowed: the same tree or the same error as the
    /// copying parse.
    @Test func jsonTestSuiteAgreesWithTheCopyingParse() throws {
        let names = JSONTestSuiteTests.files("y_") + JSONTestSuiteTests.files("n_") + JSONTestSuiteTests.files("i_")
        #expect(names.count > 300)
        for name in names {
            let bytes = Array(repeating: UInt8(ascii: " "), count: JSONTape.minimumBorrowedLength) + Array(try JSONTestSuiteTests.data(name))
            Self.expectSameOutcome(bytes, name)
        }
    }

    /// Nodes are 12 bytes, with 32-bit payloads: a document of 4 GiB or more is refused up front
    /// (before a byte is read past the first three, so no real 4 GiB buffer is needed here).
    @Test func nodesAreTwelveBytesAndDocumentsUnderFourGiB() throws {
        #expect(MemoryLayout<JSONTape.Node>.stride == 12)
        let bytes: [UInt8] = Array("[1]     ".utf8)
        try bytes.withUnsafeBytes { real in
            // safe: the array is not empty
            let huge = UnsafeRawBufferPointer(start: real.baseAddress!, count: Int(UInt32.max))
            let error = try #require(throws: JSONParseError.self) { try JSONTape(parsing: huge, maxDepth: 8) }
            #expect(error.reason.contains("4 GiB"))
            #expect(error.offset == 0)
        }
    }

    /// Decoding through `Data`, `String` and `[UInt8]` (all borrowed) gives the same value.
    @Test func decoderEntryPointsBorrow() throws {
        struct Item: Codable, Equatable {
            var id: Int
            var name: String
        }
        let json = Self.padded(#"[{"id": 1, "name": "a\u00e9"}, {"id": 2, "name": "b"}]"#)
        let expected = [Item(id: 1, name: "aé"), Item(id: 2, name: "b")]
        let decoder = BridgeDecoder()
        #expect(try decoder.decode([Item].self, from: Data(json.utf8)) == expected)
        #expect(try decoder.decode([Item].self, from: json) == expected)
        #expect(try decoder.decode([Item].self, from: Array(json.utf8)) == expected)
    }
}
