import Foundation
import Testing
@testable import CodableBridge

/// `elements(of:at:contentsOf:)` and `elements(of:at:from:)`: each case goes through a file read
/// in 5-byte chunks and through an async sequence of 7-byte chunks, so tokens, strings and escapes
/// span chunk boundaries, and both must give what `decode([T].self, …)` gives.
@Suite("Streamed array elements")
struct ElementSequenceTests {
    static let strict: BridgeDecoder = {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        return decoder
    }()

    // MARK: Where the array is

    @Test("The elements are those of decode([T].self) at the path", arguments: [
        (#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#, nil),
        ("  \r\n[ {\"id\":1,\"name\":\"a\"}\n,\n{\"id\":2,\"name\":\"b\"} ]\n\n", nil),
        ("[]", nil),
        (#"{"data": {"items": []}}"#, "data.items"),
        (#"{"before": {"x": [1, {"y": "]}\"["}], "z": null}, "data": {"n": 1, "items": [{"id": 1, "name": "a"}, {"id": 3, "name": "}"}], "after": [1, 2]}, "tail": "x"}"#,
         "data.items"),
        (#"{"data": {"items": [{"id": 9, "name": "first"}]}, "data": {"items": "the second is skipped"}}"#, "data.items"),
        (#"{"pages": [{"items": [{"id": 0, "name": "p0"}]}, {"items": [{"id": 1, "name": "p1"}]}]}"#, "pages.1.items"),
        (#"{"d\u0061ta": {"items": [{"id": 4, "name": "escaped key"}]}}"#, "data.items"),
    ] as [(String, String?)])
    func elementsAtPath(text: String, path: String?) async throws {
        let expected = try path.map { try BridgeDecoder().decode([StreamItem].self, from: text, at: $0) }
            ?? BridgeDecoder().decode([StreamItem].self, from: text)
        let (file, bytes) = try await ElementStreams.both(StreamItem.self, text, at: path)
        #expect(file.error == nil)
        #expect(bytes.error == nil)
        #expect(file.values == expected)
        #expect(bytes.values == expected)
    }

    @Test("Strings with brackets, quotes, backslashes, escapes and non-ASCII text")
    func strings() async throws {
        let text = #"["a]b", "c}d", "e\"f", "g\\h", "\\", "\u00e9\n\t", "日本語 é", "", "[{\"", "\\\""]"#
        let expected = try BridgeDecoder().decode([String].self, from: text)
        let (file, bytes) = try await ElementStreams.both(String.self, text, at: nil, chunkSize: 1)
        #expect(file.values == expected)
        #expect(bytes.values == expected)
        #expect(expected.count == 10)
    }

    @Test("Quotes and escapes at every offset of the eight-byte words the scanner skips", arguments: [13, 64, 65_536])
    func stringsAtEveryOffset(chunkSize: Int) async throws {
        var strings: [String] = []
        for length in 0 ..< 40 {
            strings.append(String(repeating: "a", count: length))
            strings.append(String(repeating: "b", count: length) + "\"" + String(repeating: "c", count: length % 9))
            strings.append(String(repeating: "d", count: length) + "\\" + "]}" + String(repeating: "é", count: length % 5))
        }
        let text = String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
        let (file, _) = try await ElementStreams.both(String.self, text, at: nil, chunkSize: chunkSize)
        #expect(file.error == nil)
        #expect(file.values == strings)
    }

    @Test("Scalars, nested arrays and any JSON as elements")
    func scalarsAndArrays() async throws {
        let numbers = "[1, 2.5, -3e2, 0]"
        #expect(try await ElementStreams.both(Double.self, numbers, at: nil).file.values == [1, 2.5, -300, 0])
        #expect(try await ElementStreams.both(Double.self, numbers, at: nil).bytes.values == [1, 2.5, -300, 0])
        let nested = "[[1, 2], [], [[3]], [4]]"
        let expected = try BridgeDecoder().decode([JSONValue].self, from: nested)
        let (file, bytes) = try await ElementStreams.both(JSONValue.self, nested, at: nil)
        #expect(file.values == expected)
        #expect(bytes.values == expected)
        let mixed = #"{"v": [true, null, "x", {"k": [false]}, 12345678901234567890]}"#
        #expect(try await ElementStreams.both(JSONValue.self, mixed, at: "v").file.values == (try BridgeDecoder().decode([JSONValue].self, from: mixed, at: "v")))
        // a scalar that ends with the document
        #expect(try await ElementStreams.both(Int.self, "[7,8]", at: nil, chunkSize: 1).file.values == [7, 8])
    }

    @Test("A long document in 7-byte chunks gives what decode([T].self) gives")
    func sevenByteChunks() async throws {
        let items = (0 ..< 300).map { StreamItem(id: $0, name: "name \($0) \"quoted\" ] } \\ é") }
        let text = try #"{"meta": {"count": 300}, "data": {"items": "# + String(decoding: JSONEncoder().encode(items), as: UTF8.self) + "}}"
        var streamed: [StreamItem] = []
        for try await item in BridgeDecoder().elements(of: StreamItem.self, at: "data.items", from: ChunkedBytes(text)) {
            streamed.append(item)
        }
        #expect(streamed == items)
        #expect(streamed == (try BridgeDecoder().decode([StreamItem].self, from: text, at: "data.items")))
    }

    /// `Data` chunks, as a socket or a block reader gives them.
    struct DataChunks: AsyncSequence, Sendable {
        let chunks: [Data]

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: IndexingIterator<[Data]>
            mutating func next() async -> Data? { base.next() }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: chunks.makeIterator()) }
    }

    static func dataChunks(_ text: String, size: Int) -> DataChunks {
        let bytes = Array(text.utf8)
        // An empty chunk between two others changes nothing.
        return DataChunks(chunks: stride(from: 0, to: bytes.count, by: size).flatMap { [Data(bytes[$0 ..< min(bytes.count, $0 + size)]), Data()] })
    }

    @Test("Data chunks of any size give what decode([T].self) gives, and the same error", arguments: [1, 7, 4_096])
    func dataChunks(size: Int) async throws {
        let items = (0 ..< 300).map { StreamItem(id: $0, name: "name \($0) \"quoted\" ] } \\ é") }
        let text = try #"{"meta": {"count": 300}, "data": {"items": "# + String(decoding: JSONEncoder().encode(items), as: UTF8.self) + "}}"
        let streamed = await ElementStreams.drain(BridgeDecoder().elements(of: StreamItem.self, at: "data.items", from: Self.dataChunks(text, size: size)))
        #expect(streamed.error == nil)
        #expect(streamed.values == items)
        let malformed = "[{\"id\": 1, \"name\": \"a\"},\n {\"id\": 2, \"name\": \"b\"},\n {\"id\": 3, \"name\": \"c\"}\n x]"
        let expected = try #require(Self.wholeDocumentError(malformed))
        let outcome = await ElementStreams.drain(BridgeDecoder().elements(of: StreamItem.self, from: Self.dataChunks(malformed, size: size)))
        #expect(outcome.values.map(\.id) == [1, 2, 3])
        let error = try #require(outcome.error as? JSONParseError, "\(String(describing: outcome.error))")
        #expect(error.line == expected.line && error.column == expected.column, "\(error) — the parser: \(expected)")
    }

    // MARK: Malformed text

    /// The position the parser gives for the whole text.
    static func wholeDocumentError(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONValue(parsing: text)
            return nil
        } catch {
            return error as? JSONParseError
        }
    }

    @Test("Malformed text after three elements: three are yielded, then the error at the parser's line and column", arguments: [
        "[{\"id\": 1, \"name\": \"a\"},\n {\"id\": 2, \"name\": \"b\"},\n {\"id\": 3, \"name\": \"c\"}\n x]",
        "[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}, {\"id\": 3, \"name\": \"c\"}]\n\n  tail",
        "{\"items\": [{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}, {\"id\": 3, \"name\": \"c\"}],\n \"x\": tru}",
        "{\"items\": [{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}, {\"id\": 3, \"name\": \"c\"}],\r\n \"x\": 1,}",
        "{\"items\": [{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}, {\"id\": 3, \"name\": \"c\"}],\r \"x\" 1}",
        "[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}, {\"id\": 3, \"name\": \"c\"},]",
        "[{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"name\": \"b\"}, {\"id\": 3, \"name\": \"c\"}",
    ])
    func malformedAfterThree(text: String) async throws {
        let expected = try #require(Self.wholeDocumentError(text))
        let path: String? = text.hasPrefix("{") ? "items" : nil
        let (file, bytes) = try await ElementStreams.both(StreamItem.self, text, at: path)
        for outcome in [file, bytes] {
            #expect(outcome.values.map(\.id) == [1, 2, 3])
            let error = try #require(outcome.error as? JSONParseError, "\(String(describing: outcome.error))")
            #expect(error.line == expected.line, "\(error) — the parser: \(expected)")
            #expect(error.column == expected.column, "\(error) — the parser: \(expected)")
            #expect(error.offset == expected.offset, "\(error) — the parser: \(expected)")
        }
    }

    /// A byte order mark is skipped only as the stream's first three bytes, however the chunks
    /// fall: anywhere else (between elements, before one, before a skipped value) it is
    /// malformed text, at the parser's line and column.
    @Test("A byte order mark counts only at the start of the stream", arguments: [1, 2, 3, 4, 7, 64])
    func byteOrderMark(chunkSize: Int) async throws {
        let mark = "\u{FEFF}"
        let leading = mark + #"["a", "b", "c"]"#
        let leadingOutcome = try await ElementStreams.both(String.self, leading, at: nil, chunkSize: chunkSize)
        #expect(leadingOutcome.file.values == ["a", "b", "c"] && leadingOutcome.file.error == nil)
        #expect(leadingOutcome.bytes.values == ["a", "b", "c"] && leadingOutcome.bytes.error == nil)
        let misplaced = [#"["a", "b""# + mark + #", "c"]"#, #"["a", "b", "c"]"# + mark, #"[""# + mark + #"a"]"# + mark,
                         "[" + mark + #""a", "b"]"#, #"["a", "# + mark + #""b"]"#, #"{"x": "# + mark + #"1, "items": ["a"]}"#]
        for text in misplaced {
            let expected = try #require(Self.wholeDocumentError(text), "\(text) parses as a whole")
            let path = text.hasPrefix("{") ? "items" : nil
            let (file, bytes) = try await ElementStreams.both(String.self, text, at: path, chunkSize: chunkSize)
            for outcome in [file, bytes] {
                let error = try #require(outcome.error as? JSONParseError, "\(text): \(String(describing: outcome.error))")
                #expect(error.offset == expected.offset && error.column == expected.column, "\(error) — the parser: \(expected)")
            }
        }
    }

    /// Objects and arrays with line breaks, escapes, non-ASCII text and brackets inside strings.
    static let mixedElements: [String] = (0 ..< 30).map { i in
        let text = "\"n\\u00e9\\n\(String(repeating: "é", count: i))]}\""
        return i % 3 == 2 ? "[\(i),\r\n\(text), {\"k\": [[]]}]" : "{\"id\": \(i),\r\n \"name\": \(text), \"tags\": [[\(i)], {}]}"
    }

    @Test("Elements that arrive whole are parsed where they lie: in any chunking, the same values and the same error as a whole-document decode", arguments: [7, 64, 1 << 20])
    func wholeAndSplitElements(chunkSize: Int) async throws {
        let good = "{\"items\": [" + Self.mixedElements.joined(separator: ",\n") + "],\n \"after\": {\"x\": [1, \"]\"]}}"
        let expected = try BridgeDecoder().decode([JSONValue].self, from: Data(good.utf8), at: "items")
        let (file, _) = try await ElementStreams.both(JSONValue.self, good, at: "items", chunkSize: chunkSize)
        #expect(file.error == nil)
        #expect(file.values == expected)
        // A malformed element in the middle, and one at the end: the elements before it, then the
        // parser's error at its line and column.
        for broken in [15, 29] {
            var elements = Self.mixedElements
            elements[broken] = elements[broken].replacingOccurrences(of: ",\r\n", with: "\r\n")
            let text = "{\"items\": [" + elements.joined(separator: ",\n") + "]}"
            let error = try #require(Self.wholeDocumentError(text))
            let (outcome, _) = try await ElementStreams.both(JSONValue.self, text, at: "items", chunkSize: chunkSize)
            #expect(outcome.values == Array(expected.prefix(broken)))
            let thrown = try #require(outcome.error as? JSONParseError)
            #expect((thrown.line, thrown.column, thrown.offset) == (error.line, error.column, error.offset), "\(thrown) — the parser: \(error)")
        }
    }

    @Test("Line breaks of every kind at every offset are counted as the parser counts them", arguments: [0, 1, 2, 3])
    func lineBreaksEverywhere(kind: Int) async throws {
        let breaks = ["\n", "\r\n", "\r", "\n\n"]
        var text = "["
        for i in 0 ..< 40 {
            text += String(repeating: " ", count: i % 11) + "\"\(String(repeating: "x", count: i))\"" + breaks[(kind + i) % 4] + ","
        }
        text += breaks[kind] + "  @]"
        let expected = try #require(Self.wholeDocumentError(text))
        let (file, bytes) = try await ElementStreams.both(String.self, text, at: nil, chunkSize: 64)
        for outcome in [file, bytes] {
            #expect(outcome.values.count == 40)
            let error = try #require(outcome.error as? JSONParseError)
            #expect((error.line, error.column, error.offset) == (expected.line, expected.column, expected.offset), "\(error) — the parser: \(expected)")
        }
    }

    @Test("Malformed text inside an element throws after the elements before it, under any policy", arguments: [true, false])
    func malformedElement(strict: Bool) async throws {
        let text = "[{\"id\": 1, \"name\": \"a\"},\n{\"id\": 2, \"name\": \"b\"},\n{\"id\": 3 \"name\": \"c\"}, {\"id\": 4, \"name\": \"d\"}]"
        let (file, bytes) = try await ElementStreams.both(StreamItem.self, text, at: nil, decoder: strict ? Self.strict : BridgeDecoder())
        let expected = try #require(Self.wholeDocumentError(text))
        for outcome in [file, bytes] {
            #expect(outcome.values.map(\.id) == [1, 2])
            let error = try #require(outcome.error as? JSONParseError)
            #expect((error.line, error.column, error.offset) == (3, 10, expected.offset))
            #expect((error.line, error.column) == (expected.line, expected.column))
        }
    }

    @Test("The keys of the objects on the path are checked too", arguments: [
        #"{"a\qb": 1, "items": [1]}"#,
        "{\"a\u{01}\": 1, \"items\": [1]}",
        #"{"items" [1]}"#,
    ])
    func malformedKeys(text: String) async throws {
        let expected = try #require(Self.wholeDocumentError(text))
        let (file, bytes) = try await ElementStreams.both(Int.self, text, at: "items")
        for outcome in [file, bytes] {
            #expect(outcome.values.isEmpty)
            let error = try #require(outcome.error as? JSONParseError)
            #expect((error.line, error.column) == (expected.line, expected.column), "\(error) — the parser: \(expected)")
        }
    }

    // MARK: The path

    @Test("A missing path is a keyNotFound naming the segment and where it was looked for", arguments: [
        (#"{"data": {"other": []}}"#, "data.items", "items", ["data"]),
        (#"{"meta": 1}"#, "data.items", "data", []),
        (#"{"data": "text"}"#, "data.items", "items", ["data"]),
        (#"{"pages": [[]]}"#, "pages.1", "1", ["pages"]),
    ])
    func missingPath(text: String, path: String, key: String, at codingPath: [String]) async throws {
        let (file, bytes) = try await ElementStreams.both(StreamItem.self, text, at: path)
        for outcome in [file, bytes] {
            guard case .keyNotFound(let missing, let context) = outcome.error as? DecodingError else {
                Issue.record("expected keyNotFound, got \(String(describing: outcome.error))")
                continue
            }
            #expect(missing.stringValue == key)
            #expect(context.codingPath.map(\.stringValue) == codingPath)
            #expect(context.debugDescription.contains(path))
        }
    }

    @Test("A path that is not an array is a typeMismatch; a document malformed before it, the parse error")
    func notAnArray() async throws {
        let (object, _) = try await ElementStreams.both(StreamItem.self, #"{"data": {"items": {"id": 1}}}"#, at: "data.items")
        guard case .typeMismatch(_, let context) = object.error as? DecodingError else {
            Issue.record("expected typeMismatch, got \(String(describing: object.error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["data", "items"])
        #expect(context.debugDescription.contains("found an object"))
        let topLevel = try await ElementStreams.both(StreamItem.self, #"{"id": 1}"#, at: nil)
        #expect(topLevel.file.error is DecodingError)
        // A malformed scalar where the array should be is the parse error; a valid one, the mismatch.
        let badScalar = try await ElementStreams.both(Int.self, "i]", at: nil)
        #expect((badScalar.file.error as? JSONParseError)?.column == 1)
        #expect(try await ElementStreams.both(Int.self, "12", at: nil).bytes.error is DecodingError)
        #expect(try await ElementStreams.both(Int.self, #"{"data": tru}"#, at: "data.items").file.error is JSONParseError)
        let malformed = try await ElementStreams.both(StreamItem.self, "{\"data\" {\"items\": []}}", at: "data.items")
        let error = try #require(malformed.file.error as? JSONParseError)
        #expect((error.line, error.column) == (1, 9))
        #expect(malformed.bytes.error as? JSONParseError == error)
    }

    // MARK: Decoding errors and the report

    @Test("Under .strict, an element that does not decode throws with its index in the coding path")
    func strictErrorPath() async throws {
        let text = #"{"data": {"items": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": "x", "name": "c"}]}}"#
        let (file, bytes) = try await ElementStreams.both(StreamItem.self, text, at: "data.items", decoder: Self.strict)
        for outcome in [file, bytes] {
            #expect(outcome.values.map(\.id) == [1, 2])
            guard case .typeMismatch(_, let context) = outcome.error as? DecodingError else {
                Issue.record("expected typeMismatch, got \(String(describing: outcome.error))")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["data", "items", "Index 2", "id"])
            #expect(context.codingPath[2].intValue == 2)
        }
        // The same path as the whole-array decode.
        do {
            _ = try Self.strict.decode([StreamItem].self, from: text, at: "data.items")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["data", "items", "Index 2", "id"])
        }
    }

    @Test("Lenient policies drop exactly what decode([T].self) drops, and the report holds the same events")
    func lenientDropAndReport() async throws {
        let text = #"{"data": {"items": [{"id": "7", "name": "a"}, "oops", null, {"id": 3, "name": "c"}, 5, {"id": 4}]}}"#
        var report = DecodingReport()
        let expected = try BridgeDecoder().decode([StreamItem].self, from: text, at: "data.items", report: &report)
        #expect(expected.map(\.id) == [7, 3, 4])
        let url = try ElementStreams.temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let sequence = BridgeDecoder().elements(of: StreamItem.self, at: "data.items", contentsOf: url, chunkSize: 3)
        var values: [StreamItem] = []
        for try await item in sequence { values.append(item) }
        #expect(values == expected)
        #expect(sequence.report == report)
        let paths = sequence.report.events.map(\.path)
        #expect(paths.contains("data.items[0].id"))
        #expect(paths.contains("data.items[1]"))
        #expect(paths.contains("data.items[2]"))
        #expect(paths.contains("data.items[4]"))
        #expect(sequence.report.events.filter { $0.kind == .dropped }.count == 3)
        // A new iteration starts a new report.
        var count = 0
        for try await _ in sequence { count += 1 }
        #expect(count == 3)
        #expect(sequence.report == report)

        let bytes = BridgeDecoder().elements(of: StreamItem.self, at: "data.items", from: ChunkedBytes(text))
        var streamed: [StreamItem] = []
        for try await item in bytes { streamed.append(item) }
        #expect(streamed == expected)
        #expect(bytes.report == report)
    }

    // MARK: Limits and hostile input

    @Test("Limits apply to each element, split across chunks or arrived whole", arguments: [5, 1 << 20])
    func limitsPerElement(chunkSize: Int) async throws {
        var decoder = BridgeDecoder()
        decoder.limits = DecodingLimits(maxDocumentBytes: 40, maxStringBytes: 10)
        let items = (0 ..< 20).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
        let text = "[" + items.joined(separator: ", ") + "]"
        #expect(text.utf8.count > 40)
        let fine = try await ElementStreams.both(StreamItem.self, text, at: nil, decoder: decoder, chunkSize: chunkSize)
        #expect(fine.file.values.count == 20)
        #expect(fine.bytes.values.count == 20)

        let long = #"[{"id": 1, "name": "a"}, {"id": 2, "name": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"}]"#
        let tooLong = try await ElementStreams.both(StreamItem.self, long, at: nil, decoder: decoder, chunkSize: chunkSize)
        #expect(tooLong.file.values.map(\.id) == [1])
        #expect((tooLong.file.error as? JSONParseError)?.exceededLimit == .maxDocumentBytes)

        let string = #"[{"id": 1, "name": "012345678901234"}]"#
        let tooLongString = try await ElementStreams.both(StreamItem.self, string, at: nil, decoder: decoder, chunkSize: chunkSize)
        #expect((tooLongString.file.error as? JSONParseError)?.exceededLimit == .maxStringBytes)
        #expect((tooLongString.bytes.error as? JSONParseError)?.exceededLimit == .maxStringBytes)
    }

    @Test("A string that never closes stops at the string limit, long before the end")
    func neverClosingString() async throws {
        var decoder = BridgeDecoder()
        decoder.limits = DecodingLimits(maxStringBytes: 1_000)
        let text = "[\"" + String(repeating: "a", count: 200_000)
        let (file, bytes) = try await ElementStreams.both(String.self, text, at: nil, decoder: decoder, chunkSize: 1_024)
        for outcome in [file, bytes] {
            let error = try #require(outcome.error as? JSONParseError)
            #expect(error.exceededLimit == .maxStringBytes)
            #expect(error.column == 2)
        }
        // Without a limit, it is the end of the input.
        let unlimited = try await ElementStreams.both(String.self, text, at: nil, chunkSize: 4_096)
        #expect((unlimited.file.error as? JSONParseError)?.reason.contains("end of input") == true)
    }

    @Test("Deep nesting inside an element is an error, not a crash", arguments: [100_000, 513])
    func deepNesting(depth: Int) async throws {
        let text = "[1, " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]"
        let (file, bytes) = try await ElementStreams.both(JSONValue.self, text, at: nil, chunkSize: 4_096)
        let expected = try #require(Self.wholeDocumentError(text))
        for outcome in [file, bytes] {
            #expect(outcome.values == [1])
            let error = try #require(outcome.error as? JSONParseError)
            #expect(error.reason.contains("maxDepth"))
            #expect(error.column == expected.column)  // maxDepth counts from the document's root
        }
        var shallow = BridgeDecoder()
        shallow.maxDepth = 3
        let three = try await ElementStreams.both(JSONValue.self, "[[[[1]]], [[1]]]", at: nil, decoder: shallow)
        #expect(three.file.values.isEmpty)
        #expect((three.file.error as? JSONParseError)?.column == 4)
    }

    @Test("An open array with no end throws at the end of the input")
    func neverClosingArray() async throws {
        let (file, bytes) = try await ElementStreams.both(Int.self, "[1, 2, 3", at: nil)
        for outcome in [file, bytes] {
            #expect(outcome.values == [1, 2, 3])
            let error = try #require(outcome.error as? JSONParseError)
            #expect(error.column == 9)
            #expect(error.reason.contains("end of input"))
        }
    }

    // MARK: Iteration

    @Test("Cancelling the task stops reading")
    func cancellation() async throws {
        let task = Task {
            var count = 0
            do {
                for try await _ in BridgeDecoder().elements(of: Int.self, from: EndlessArray()) {
                    count += 1
                    if count == 100 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return (count, false)
            } catch is CancellationError {
                return (count, true)
            }
        }
        let (count, cancelled) = try await task.value
        #expect(cancelled)
        #expect(count >= 100 && count < 110)
    }

    @Test("A URL that is not a file, or a missing file, throws from the first next()")
    func badURLs() async throws {
        let web = await ElementStreams.drain(BridgeDecoder().elements(of: Int.self, contentsOf: URL(string: "https://example.com/a.json")!))
        #expect((web.error as? CocoaError)?.code == .fileReadUnsupportedScheme)
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).json")
        let absent = await ElementStreams.drain(BridgeDecoder().elements(of: Int.self, contentsOf: missing))
        #expect(absent.error != nil)
        #expect(absent.values.isEmpty)
    }

    @Test("After an error, next() returns nil")
    func endsAfterError() async throws {
        var iterator = BridgeDecoder().elements(of: Int.self, from: ChunkedBytes("[1, x, 3]")).makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        await #expect(throws: JSONParseError.self) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }
}
