import CodableBridge
import Foundation
import Testing

/// Bytes that arrive `chunk` at a time: after each chunk the sequence suspends (yields to other
/// tasks) before the next; optionally it then goes on forever with `filler`.
struct SevenByteChunks: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    var chunk = 7
    var filler: UInt8?

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: SevenByteChunks
        var index = 0

        mutating func next() async throws -> UInt8? {
            if index > 0, index % source.chunk == 0 {
                await Task.yield()
            }
            defer { index += 1 }
            if index < source.bytes.count { return source.bytes[index] }
            return source.filler
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}

/// A source that fails after its bytes.
struct FailingBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    struct Broken: Error {}
    let bytes: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        var index = 0
        mutating func next() async throws -> UInt8? {
            guard index < bytes.count else { throw Broken() }
            defer { index += 1 }
            return bytes[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}

@Suite("Partial documents: partialValues")
struct PartialValueSequenceTests {
    let decoder = BridgeDecoder()

    @Test func snapshotsArePartialModelsAndTheLastIsTheValue() async throws {
        let bytes = PartialFixtures.articleBytes
        let final = try decoder.decode(PartialArticle.self, from: Data(bytes))
        var snapshots: [PartialArticle] = []
        for try await snapshot in decoder.partialValues(of: PartialArticle.self, from: SevenByteChunks(bytes: bytes)) {
            let problems = PartialFixtures.problems(snapshot, of: final)
            #expect(problems.isEmpty, "snapshot \(snapshots.count): \(problems)")
            snapshots.append(snapshot)
        }
        #expect(snapshots.last == final)
        #expect(snapshots.count > 3)
    }

    @Test func aSourceEndingMidDocumentThrowsWhatDecodeThrows() async throws {
        let bytes = Array(PartialFixtures.articleBytes.prefix(150))
        let expected = try #require(throws: DecodingError.self) { try decoder.decode(PartialArticle.self, from: Data(bytes)) }
        var count = 0
        let error = await #expect(throws: DecodingError.self) {
            for try await _ in decoder.partialValues(of: PartialArticle.self, from: SevenByteChunks(bytes: bytes)) { count += 1 }
        }
        #expect(error.map { "\($0)" } == "\(expected)")
        #expect(count > 0)
    }

    @Test func aMalformedSourceIsAParseError() async throws {
        let bytes = Array(#"{"title": "x", "views": 12q, "tags": ["a", "b", "c", "d", "e"]}"#.utf8)
        let expected = try #require(throws: DecodingError.self) { try decoder.decode(PartialArticle.self, from: Data(bytes)) }
        let error = await #expect(throws: DecodingError.self) {
            for try await _ in decoder.partialValues(of: PartialArticle.self, from: SevenByteChunks(bytes: bytes)) {}
        }
        #expect(error.map { "\($0)" } == "\(expected)")
        #expect("\(String(describing: error))".contains("line 1, column 27"))
    }

    @Test func theSourcesErrorEndsTheSequence() async {
        await #expect(throws: FailingBytes.Broken.self) {
            for try await _ in decoder.partialValues(of: JSONValue.self, from: FailingBytes(bytes: Array(#"{"a": [1, 2"#.utf8))) {}
        }
    }

    @Test func strictSnapshotsThatDoNotDecodeAreSkipped() async throws {
        var strict = BridgeDecoder()
        strict.missingValueStrategy = .throw
        let bytes = Array(#"{"name": "Zoë", "id": 7}"#.utf8)
        var snapshots: [PartialAuthor] = []
        for try await author in strict.partialValues(of: PartialAuthor.self, from: SevenByteChunks(bytes: bytes, chunk: 3)) {
            snapshots.append(author)
        }
        #expect(snapshots == [PartialAuthor(name: "Zoë", id: 7)])
    }

    @Test func aTopLevelNumberArrivesOnlyWhole() async throws {
        var values: [Int] = []
        for try await value in decoder.partialValues(of: Int.self, from: SevenByteChunks(bytes: Array("1234567890".utf8), chunk: 2)) {
            values.append(value)
        }
        #expect(values == [1_234_567_890])
    }

    @Test func deepNestingIsAClearError() async {
        let bytes = Array(repeating: UInt8(ascii: "["), count: 100_000)
        let error = await #expect(throws: DecodingError.self) {
            for try await _ in decoder.partialValues(of: JSONValue.self, from: SevenByteChunks(bytes: bytes, chunk: 4096)) {}
        }
        #expect("\(String(describing: error))".contains("maxDepth"))
    }

    @Test func aNeverClosingStringMeetsTheLimit() async {
        var limited = BridgeDecoder()
        limited.limits.maxStringBytes = 10_000
        let source = SevenByteChunks(bytes: Array(#"{"a": ""#.utf8), chunk: 512, filler: UInt8(ascii: "a"))
        let error = await #expect(throws: DecodingError.self) {
            for try await _ in limited.partialValues(of: JSONValue.self, from: source) {}
        }
        #expect("\(String(describing: error))".contains("maxStringBytes"))
    }
}
