import Foundation
import Testing
@testable import CodableBridge

/// The streaming form, over temporary files read in chunks far smaller than a line, so lines,
/// CRLF pairs and blank runs span chunk boundaries.
@Suite("JSON Lines from a file")
struct JSONLinesSequenceTests {
    /// Writes `text` to a new temporary file and returns its URL.
    static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonlines-\(UUID().uuidString).jsonl")
        try Data(text.utf8).write(to: url)
        return url
    }

    static let text = """
        {"id": 1, "tag": "a fairly long tag that spans several chunks"}\r
        \r

        {"id": 2}
           {"id": 3, "tag": "ü multi-byte é"}\r
        {"id": 4}
        """   // no final line break

    @Test("Chunked reads give the same values as the in-memory form", arguments: [1, 2, 3, 7, 64, 65_536])
    func chunkSizes(chunkSize: Int) async throws {
        let url = try Self.temporaryFile(Self.text)
        defer { try? FileManager.default.removeItem(at: url) }
        var rows: [LineRow] = []
        for try await row in JSONLinesTests.strict.decodeJSONLines(LineRow.self, contentsOf: url, chunkSize: chunkSize) {
            rows.append(row)
        }
        #expect(rows == (try JSONLinesTests.strict.decodeJSONLines(LineRow.self, from: Data(Self.text.utf8))))
        #expect(rows.map(\.id) == [1, 2, 3, 4])
        #expect(rows[2].tag == "ü multi-byte é")
    }

    @Test("A file handle is read from its current offset and left open")
    func fileHandle() async throws {
        let url = try Self.temporaryFile("{\"id\": 0}\n{\"id\": 1}\n{\"id\": 2}\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: 10)
        var ids: [Int] = []
        for try await row in BridgeDecoder().decodeJSONLines(LineRow.self, from: handle, chunkSize: 4) {
            ids.append(row.id)
        }
        #expect(ids == [1, 2])
        try handle.seek(toOffset: 0)   // still open
        #expect(try handle.readToEnd()?.count == 30)
    }

    @Test("A bad line throws with its number, and the iterator continues after it")
    func errorsAndContinuing() async throws {
        let url = try Self.temporaryFile("{\"id\": 1}\n\n{\"id\": \n{\"id\": \"x\"}\r\n{\"id\": 5}")
        defer { try? FileManager.default.removeItem(at: url) }
        var iterator = JSONLinesTests.strict.decodeJSONLines(LineRow.self, contentsOf: url, chunkSize: 3).makeAsyncIterator()
        var ids: [Int] = []
        var errors: [(Int, Int?)] = []
        while true {
            do {
                guard let row = try await iterator.next() else { break }
                ids.append(row.id)
            } catch let error as JSONLinesError {
                errors.append((error.line, error.column))
            }
        }
        #expect(ids == [1, 5])
        #expect(errors.map(\.0) == [3, 4])
        #expect(errors.map(\.1) == [8, nil])
    }

    @Test("An empty file and a missing file")
    func emptyAndMissing() async throws {
        let url = try Self.temporaryFile("")
        defer { try? FileManager.default.removeItem(at: url) }
        var count = 0
        for try await _ in BridgeDecoder().decodeJSONLines(LineRow.self, contentsOf: url) { count += 1 }
        #expect(count == 0)

        let missing = url.appendingPathExtension("missing")
        await #expect(throws: (any Error).self) {
            for try await _ in BridgeDecoder().decodeJSONLines(LineRow.self, contentsOf: missing) {}
        }
        await #expect(throws: CocoaError.self) {
            for try await _ in BridgeDecoder().decodeJSONLines(LineRow.self, contentsOf: URL(string: "https://example.com/x.jsonl")!) {}
        }
    }
}
