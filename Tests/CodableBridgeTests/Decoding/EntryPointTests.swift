import Foundation
import Testing
@testable import CodableBridge

// Every entry point × every input kind × with and without a report: the same document decodes
// to the same value with the same events, and a malformed one fails with the same line and
// column, whatever the input is.

/// The entry points, each given the JSON for a book that `document` wraps as it needs.
enum EntryPoint: String, CaseIterable, CustomTestStringConvertible {
    case decode, decodeAt, update, modelDecode, arrayDecode, dictionaryDecode, modelUpdate

    var testDescription: String { rawValue }

    /// The JSON this entry point reads, wrapping one book object.
    func document(_ book: String) -> String {
        switch self {
        case .decode, .update, .modelDecode, .modelUpdate: book
        case .decodeAt: #"{"data": {"books": [\#(book)]}}"#
        case .arrayDecode: "[\(book)]"
        case .dictionaryDecode: #"{"a": \#(book)}"#
        }
    }

    /// The report path of the book's `bookID` (read from the key "id").
    var idPath: String {
        switch self {
        case .decode, .update, .modelDecode, .modelUpdate: "bookID"
        case .decodeAt: "data.books.0.bookID"
        case .arrayDecode: "[0].bookID"
        case .dictionaryDecode: "a.bookID"
        }
    }

    /// Runs the entry point on `input` and returns the book it produced.
    func book(from input: some JSONInput, report: UnsafeMutablePointer<DecodingReport>?) throws -> Book {
        let decoder = BridgeDecoder()
        var current = Book(name: "Old", desc: "kept", bookID: 1, pages: 100)
        switch (self, report) {
        case (.decode, nil): return try decoder.decode(Book.self, from: input)
        case (.decode, let r?): return try decoder.decode(Book.self, from: input, report: &r.pointee)
        case (.decodeAt, nil): return try decoder.decode(Book.self, from: input, at: "data.books.0")
        case (.decodeAt, let r?): return try decoder.decode(Book.self, from: input, at: "data.books.0", report: &r.pointee)
        case (.update, nil): try decoder.update(&current, from: input)
        case (.update, let r?): try decoder.update(&current, from: input, report: &r.pointee)
        case (.modelDecode, nil): return try Book.decode(from: input)
        case (.modelDecode, let r?): return try Book.decode(from: input, report: &r.pointee)
        case (.arrayDecode, nil): return try only([Book].decode(from: input))
        case (.arrayDecode, let r?): return try only([Book].decode(from: input, report: &r.pointee))
        case (.dictionaryDecode, nil): return try only([String: Book].decode(from: input).map(\.value))
        case (.dictionaryDecode, let r?): return try only([String: Book].decode(from: input, report: &r.pointee).map(\.value))
        case (.modelUpdate, nil): try current.update(from: input)
        case (.modelUpdate, let r?): try current.update(from: input, report: &r.pointee)
        }
        return current
    }

    /// The book each entry point produces from `{"n": "Dune", "id": "7", "pages": 412}`: an
    /// update keeps the property the patch does not set.
    var expected: Book {
        switch self {
        case .update, .modelUpdate: Book(name: "Dune", desc: "kept", bookID: 7, pages: 412)
        default: Book(name: "Dune", desc: nil, bookID: 7, pages: 412)
        }
    }

    private func only(_ books: [Book]) throws -> Book {
        try #require(books.count == 1)
        return books[0]
    }
}

/// The kinds of input every entry point takes.
enum InputKind: String, CaseIterable, CustomTestStringConvertible {
    case data, string, substring, byteArray, arraySlice, contiguousArray, rawBuffer, typedBuffer, jsonValue

    var testDescription: String { rawValue }

    /// Runs `body` with `text` as this kind of input.
    func with<R>(_ text: String, _ body: (any JSONInput) throws -> R) throws -> R {
        let bytes = Array(text.utf8)
        switch self {
        case .data: return try body(Data(text.utf8))
        case .string: return try body(text)
        case .substring: return try body(("  " + text + "  ").dropFirst(2).dropLast(2))
        case .byteArray: return try body(bytes)
        case .arraySlice: return try body((Array("[[".utf8) + bytes + Array("]]".utf8))[2 ..< bytes.count + 2])
        case .contiguousArray: return try body(ContiguousArray(bytes))
        case .rawBuffer: return try bytes.withUnsafeBytes { try body($0) }
        case .typedBuffer: return try bytes.withUnsafeBufferPointer { try body($0) }
        case .jsonValue: return try body(JSONValue(parsing: text))
        }
    }
}

@Suite("Every entry point takes every input")
struct EntryPointTests {
    static let book = #"{"n": "Dune", "id": "7", "pages": 412}"#

    @Test("The same value and the same report from every input kind", arguments: EntryPoint.allCases, InputKind.allCases)
    func valueAndReport(entryPoint: EntryPoint, kind: InputKind) throws {
        let text = entryPoint.document(Self.book)
        let plain = try kind.with(text) { try entryPoint.book(from: $0, report: nil) }
        #expect(plain == entryPoint.expected)

        var report = DecodingReport()
        let reported = try kind.with(text) { input in
            try withUnsafeMutablePointer(to: &report) { try entryPoint.book(from: input, report: $0) }
        }
        #expect(reported == entryPoint.expected)
        // "7" → 7 is the one repair.
        #expect(report.events.map(\.path) == [entryPoint.idPath])
        #expect(report.events.map(\.kind) == [.coerced])
    }

    @Test("Malformed input fails with the parser's line and column through every byte and text kind",
          arguments: EntryPoint.allCases, InputKind.allCases.filter { $0 != .jsonValue })
    func malformed(entryPoint: EntryPoint, kind: InputKind) throws {
        let text = "{\n  \"id\": 7,\n}"
        for reporting in [false, true] {
            var report = DecodingReport()
            #expect {
                try kind.with(text) { input in
                    try withUnsafeMutablePointer(to: &report) { try entryPoint.book(from: input, report: reporting ? $0 : nil) }
                }
            } throws: { error in
                guard case .dataCorrupted(let context)? = error as? DecodingError,
                      let parse = context.underlyingError as? JSONParseError else { return false }
                return parse.line == 2 && parse.column == 10
            }
        }
    }

    @Test("Literals: a string literal is JSON text, array and dictionary literals are JSON trees")
    func literals() throws {
        let decoder = BridgeDecoder()
        // Were the string literal a JSONValue string, these would be type mismatches.
        #expect(try decoder.decode(Book.self, from: #"{"n": "Dune", "id": 7}"#).bookID == 7)
        #expect(try decoder.decode(Book.self, from: #"{"b": {"n": "Dune", "id": 7}}"#, at: "b").bookID == 7)
        #expect(try Book.decode(from: #"{"n": "Dune", "id": 7}"#).name == "Dune")
        #expect(try [Book].decode(from: #"[{"n": "Dune", "id": 7}]"#).map(\.bookID) == [7])
        #expect(try [String: Book].decode(from: #"{"a": {"n": "Dune", "id": 7}}"#)["a"]?.bookID == 7)
        var book = Book(name: "Dune", desc: nil, bookID: 1)
        try book.update(from: #"{"id": 2}"#)
        #expect(book.bookID == 2)
        try decoder.update(&book, from: #"{"id": 3}"#)
        #expect(book.bookID == 3)
        // Bytes 1, 2 would be malformed JSON: an array literal is a JSONValue.
        #expect(try decoder.decode([Int].self, from: [1, 2]) == [1, 2])
        #expect(try [Book].decode(from: [["n": "Dune", "id": 7]]).map(\.bookID) == [7])
        #expect(try decoder.decode(Book.self, from: ["n": "Dune", "id": 7]).bookID == 7)
        #expect(try decoder.decode(Book.self, from: ["b": ["n": "Dune", "id": 7]], at: "b").bookID == 7)
        try book.update(from: ["id": 4])
        #expect(book.bookID == 4)
    }

    @Test("Calls that did not compile before: String for arrays, updates and key paths; bytes for dictionaries")
    func formerGaps() throws {
        let text: String = #"[{"n": "Dune", "id": 7}]"#
        #expect(try [Book].decode(from: text).map(\.name) == ["Dune"])
        var book = Book(name: "Dune", desc: nil, bookID: 1)
        let patch: String = #"{"id": 9}"#
        try book.update(from: patch)
        #expect(book.bookID == 9)
        let wrapped: String = #"{"data": [{"n": "Dune", "id": 7}]}"#
        #expect(try BridgeDecoder().decode([Book].self, from: wrapped, at: "data").map(\.bookID) == [7])
        let bytes: [UInt8] = Array(#"{"x": {"n": "Dune", "id": 7, "pages": 1}}"#.utf8)
        #expect(try [String: Book].decode(from: bytes)["x"]?.bookID == 7)
        var report = DecodingReport()
        #expect(try [String: Book].decode(from: bytes, using: .foundationCompatible, report: &report).count == 1)
        #expect(report.events.isEmpty)
    }

    @Test("A ContiguousBytes type adopts JSONInput with an empty extension; its bytes are copied")
    func customBytes() throws {
        let buffer = ByteBox(bytes: Array(#"{"n": "Dune", "id": 7}"#.utf8))
        #expect(try Book.decode(from: buffer).bookID == 7)
    }
}

/// A byte container of a caller's own.
struct ByteBox: ContiguousBytes, JSONInput {
    var bytes: [UInt8]

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }
}
