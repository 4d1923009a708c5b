import Foundation
import Synchronization
import Testing
@testable import CodableBridge

/// `PartialDocument`: a document appended piece by piece gives, after each piece, exactly what
/// `decodePartial` gives for the text so far (though it reuses the values of complete parts), and
/// `finish()` exactly what `decode` gives for the whole text.
@Suite("Partial documents: PartialDocument")
struct PartialDocumentTests {
    typealias Feed = PartialTapeTests.Feed

    static let documents: [String] = [
        PartialTapeTests.feed,
        PartialTapeTests.feedWithDroppedElements,
        #"{"title": "日本語 🎉 \u00e9\ud83d\ude00", "posts": [], "notes": [{"text": "\"quoted\" \\ \/", "stars": 12345}]}"#,
        #"  {"notes": [], "title": "", "posts": []}  "#,
    ]

    /// Appends `text` in pieces of `size` bytes to a document of `T` and checks each answer against
    /// `decodePartial` of the text so far: a new value whenever the model changed, nil otherwise.
    /// Returns the number of snapshots.
    @discardableResult
    static func checkPieces<T: Decodable & Equatable>(_ text: String, as type: T.Type, size: Int, decoder: BridgeDecoder = BridgeDecoder()) throws -> Int {
        let bytes = Array(text.utf8)
        let document = decoder.partialDocument(of: T.self)
        var last: T?
        var snapshots = 0
        var end = 0
        while end < bytes.count {
            let start = end
            end = min(bytes.count, end + size)
            let answer = try document.append(bytes[start ..< end])
            var report = DecodingReport()
            let fresh = try? decoder.decodePartial(T.self, from: Data(bytes[..<end]), report: &report)
            if let answer {
                snapshots += 1
                #expect(answer == fresh, "after \(end) bytes of \(text)")
                last = answer
            } else if fresh != nil, !document.isComplete || last != nil {
                // Nothing new: the model is the one returned last.
                #expect(fresh == last, "after \(end) bytes of \(text): no snapshot, though the model changed")
            }
        }
        #expect(try document.finish() == decoder.decode(T.self, from: Data(bytes)))
        return snapshots
    }

    @Test(arguments: documents.indices, [1, 2, 7, 64, 100_000])
    func everyPieceGivesWhatDecodePartialGives(_ index: Int, size: Int) throws {
        let snapshots = try Self.checkPieces(Self.documents[index], as: Feed.self, size: size)
        #expect(snapshots >= 1)
        try Self.checkPieces(Self.documents[index], as: JSONValue.self, size: size)
    }

    @Test(arguments: [1, 7])
    func aStrictDecoderSkipsSnapshotsWithMembersMissing(size: Int) throws {
        var strict = BridgeDecoder()
        strict.coercion = .strict
        strict.missingValueStrategy = .throw
        try Self.checkPieces(PartialTapeTests.feed, as: Feed.self, size: size, decoder: strict)
    }

    /// A thread of comments: renamed keys, a key path, alternates, a flattened part and the
    /// model nested in itself (two containers of one key type open at once).
    struct Comment: MappableCodable, Equatable {
        struct Stats: Codable, Equatable {
            var likes: Int
            var shares: Int
        }
        var id: Int
        var author: String
        var body: String
        var stats: Stats
        var replies: [Comment]
        static var keyMapping: KeyMapping {
            ["id": ["id", "comment_id"], "author": "user.name", "body": "text", "stats": .flatten]
        }
    }

    static let thread = #"""
    [{"comment_id": 1, "user": {"name": "Ann", "age": 3}, "text": "first", "likes": 2, "shares": 0,
      "replies": [{"id": 2, "user": {"name": "Bo"}, "text": "re", "likes": 1, "shares": 1, "replies": []},
                  {"id": 3, "text": "no user", "likes": 0, "shares": 0, "replies": [{"id": 4, "user": 7, "text": "x",
                   "likes": 5, "shares": 6, "replies": []}]}]},
     {"id": 5, "user": {"name": "Cy"}, "text": "second", "likes": 9, "shares": 9, "replies": []}]
    """#

    /// Every snapshot of a document is decoded by one decoder, restarted on each, with the keyed
    /// containers of the snapshot before: what it gives equals a decoder of its own per snapshot,
    /// also after a snapshot that did not decode.
    @Test(arguments: [1, 3, 7, 64])
    func snapshotsOfMappedModelsDecodeAsDecodePartialDoes(size: Int) throws {
        #expect(try Self.checkPieces(Self.thread, as: [Comment].self, size: size) >= 1)
        var strict = BridgeDecoder()
        strict.coercion = .strict
        strict.missingValueStrategy = .throw
        // Snapshots with members missing fail; the ones between them decode.
        let complete = Self.thread.replacingOccurrences(of: #""user": 7"#, with: #""user": {"name": "Di"}"#)
            .replacingOccurrences(of: #""id": 3, "#, with: #""id": 3, "user": {"name": "Ed"}, "#)
        try Self.checkPieces(complete, as: [Comment].self, size: size, decoder: strict)
    }

    /// A class model that counts its live instances.
    final class Tracked: Decodable, Sendable {
        static let live = Atomic<Int>(0)
        let v: Int
        private enum CodingKeys: String, CodingKey { case v }
        init(from decoder: any Decoder) throws {
            v = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .v)
            Tracked.live.add(1, ordering: .relaxed)
        }
        deinit { Tracked.live.add(-1, ordering: .relaxed) }
    }

    struct TrackedList: Decodable {
        var items: [Tracked]
        var more: [[Tracked]]
    }

    /// The decoder of a document's snapshots keeps the containers it made, which refer to it;
    /// the document breaks that cycle when it goes, and so frees the values its snapshots kept.
    @Test func aDocumentThatGoesFreesWhatItsSnapshotsKept() throws {
        let text = #"{"items": [{"v": 1}, {"v": 2}, {"v": 3}], "more": [[{"v": 4}], [{"v": 5}, {"v": 6}]]}"#
        do {
            let document = BridgeDecoder().partialDocument(of: TrackedList.self)
            var snapshots = 0
            for byte in text.utf8 where try document.append([byte]) != nil { snapshots += 1 }
            let value = try document.finish()
            #expect(snapshots > 10)
            #expect(value.items.map(\.v) == [1, 2, 3] && value.more.map { $0.map(\.v) } == [[4], [5, 6]])
            #expect(Tracked.live.load(ordering: .relaxed) > 0)
        }
        #expect(Tracked.live.load(ordering: .relaxed) == 0)
    }

    @Test func piecesThatChangeNothingGiveNothing() throws {
        let document = BridgeDecoder().partialDocument(of: [Int].self)
        #expect(try document.append([UInt8]()) == nil)  // empty pieces
        #expect(try document.append("") == nil)
        #expect(try document.append("  ") == nil)  // nothing has arrived
        #expect(try document.append("[1") == [])  // the number may go on
        #expect(try document.append("2") == nil)
        #expect(try document.append(", ") == [12])
        #expect(try document.append("   ") == nil)
        #expect(!document.isComplete)
        #expect(try document.append("3]") == [12, 3])
        #expect(document.isComplete)
        #expect(try document.append(" \n") == nil)  // whitespace after the value
        #expect(try document.finish() == [12, 3])
    }

    @Test func textPiecesAreUTF8() throws {
        struct Line: Codable, Equatable { var text: String }
        let document = BridgeDecoder().partialDocument(of: Line.self)
        #expect(try document.append(#"{"text": "日"#) == Line(text: "日"))
        #expect(try document.append(Substring("本 🎉")) == Line(text: "日本 🎉"))
        #expect(try document.append(Array(#"\u00e9"}"#.utf8)) == Line(text: "日本 🎉é"))
        // A UTF-8 sequence cut between two byte pieces is shown once it is whole.
        let bytes = Array(#"{"text": "é"}"#.utf8)
        let split = BridgeDecoder().partialDocument(of: Line.self)
        #expect(try split.append(bytes[..<11]) == Line(text: ""))
        #expect(try split.append(bytes[11 ..< 12]) == Line(text: "é"))
    }

    @Test func wrongTextThrowsWithLineAndColumnThenAlways() throws {
        let document = BridgeDecoder().partialDocument(of: [Int].self)
        _ = try document.append("[1,\n 2")
        var first: (any Error)?
        do {
            _ = try document.append("x]")
        } catch {
            first = error
        }
        let message = "\(try #require(first))"
        #expect(message.contains("line 2"), "\(message)")
        #expect(throws: DecodingError.self) { try document.append("]") }
        #expect(throws: DecodingError.self) { try document.finish() }
    }

    @Test func finishGivesWhatDecodeGives() throws {
        struct Point: Codable, Equatable { var x: Int; var y: Int }
        // Cut mid-document: decode's error for the whole text.
        let cut = BridgeDecoder().partialDocument(of: Point.self)
        _ = try cut.append(#"{"x": 1, "y""#)
        let expected = #expect(throws: DecodingError.self) { try BridgeDecoder().decode(Point.self, from: Data(#"{"x": 1, "y""#.utf8)) }
        let error = #expect(throws: DecodingError.self) { try cut.finish() }
        #expect("\(String(describing: error))" == "\(String(describing: expected))")
        // Complete, but not a Point under .throw: no snapshot, and finish throws decode's error.
        var strict = BridgeDecoder()
        strict.missingValueStrategy = .throw
        let wrong = strict.partialDocument(of: Point.self)
        #expect(try wrong.append(#"{"x": 1}"#) == nil)
        #expect(wrong.isComplete)
        #expect(throws: DecodingError.self) { try wrong.finish() }
        // Nothing at all.
        #expect(throws: DecodingError.self) { try BridgeDecoder().partialDocument(of: Point.self).finish() }
    }

    final class Note: Codable, Equatable {
        let text: String
        static func == (a: Note, b: Note) -> Bool { a.text == b.text }
    }

    @Test func theCompleteValueReusesWhatTheSnapshotsDecoded() throws {
        let document = BridgeDecoder().partialDocument(of: [Note].self)
        let first = try #require(try document.append(#"[{"text": "a"}, {"text": "b"}"#))
        let value = try #require(try document.append("]"))
        #expect(document.isComplete)
        // The complete elements are the snapshot's objects, not decoded again.
        #expect(value.count == 2 && value[0] === first[0] && value[1] === first[1])
        #expect(try document.finish() == value)
        #expect(try document.finish()[0] === first[0])
        #expect(value == (try BridgeDecoder().decode([Note].self, from: Data(#"[{"text": "a"}, {"text": "b"}]"#.utf8))))
    }

    @Test(arguments: [1, 5, 1_000])
    func telemetryCountsEveryPartOfTheCompleteValueOnce(size: Int) throws {
        // The snapshots record nothing; the complete value is decoded afresh, so that the repairs
        // in parts complete (and reused) long before the end are counted too.
        let telemetry = DecodingTelemetry()
        var decoder = BridgeDecoder()
        decoder.telemetry = telemetry
        struct Point: Codable, Equatable { var x: Int }
        let bytes = Array(#"[{"x": "1"}, {"x": "2"}, {"x": 3}]"#.utf8)
        let document = decoder.partialDocument(of: [Point].self)
        var snapshots = 0
        for start in stride(from: 0, to: bytes.count, by: size) {
            if try document.append(bytes[start ..< min(bytes.count, start + size)]) != nil { snapshots += 1 }
        }
        #expect(snapshots >= 1)
        #expect(try document.finish() == [Point(x: 1), Point(x: 2), Point(x: 3)])
        #expect(telemetry.snapshot().map(\.count) == [2], "\(telemetry.snapshot())")
    }

    @Test func finishBeforeTheEndDoesNotStopTheDocument() throws {
        // `finish()` on a cut text throws decode's error for it; the text may still go on, and
        // then the document answers for the longer text.
        let document = BridgeDecoder().partialDocument(of: [Int].self)
        #expect(try document.append("[1, 2") == [1])
        #expect(throws: DecodingError.self) { try document.finish() }
        #expect(try document.append("]") == [1, 2])
        #expect(try document.finish() == [1, 2])
        #expect(try document.finish() == [1, 2])
    }

    @Test func limitsStopTheDocumentAsSoonAsExceeded() throws {
        var decoder = BridgeDecoder()
        decoder.limits.maxStringBytes = 8
        let document = decoder.partialDocument(of: [String].self)
        #expect(try document.append(#"["12345678"#) == ["12345678"])
        #expect(throws: DecodingError.self) { try document.append("9") }
    }

    // MARK: partialValues from chunks and text

    /// Chunks of `size` bytes, each followed by a suspension.
    struct Chunks<Chunk: Sendable>: AsyncSequence, Sendable {
        let pieces: [Chunk]

        struct AsyncIterator: AsyncIteratorProtocol {
            let pieces: [Chunk]
            var index = 0
            mutating func next() async -> Chunk? {
                guard index < pieces.count else { return nil }
                if index > 0 { await Task.yield() }
                defer { index += 1 }
                return pieces[index]
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pieces: pieces) }
    }

    static func pieces(_ text: String, size: Int) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0 ..< min(bytes.count, $0 + size)]) }
    }

    @Test(arguments: [1, 7, 64])
    func partialValuesFromDataChunksEndsWithTheValue(size: Int) async throws {
        let expected = try BridgeDecoder().decode(Feed.self, from: Data(PartialTapeTests.feed.utf8))
        let chunks = Chunks(pieces: Self.pieces(PartialTapeTests.feed, size: size).map { Data($0) })
        var snapshots: [Feed] = []
        for try await feed in BridgeDecoder().partialValues(of: Feed.self, from: chunks) { snapshots.append(feed) }
        #expect(snapshots.last == expected)
        #expect(snapshots.count >= 2)
        // Each snapshot is the model of a prefix: the posts only grow.
        #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $0.posts.count <= $1.posts.count })
    }

    @Test func partialValuesFromTextEndsWithTheValue() async throws {
        let text = PartialTapeTests.documents[0]
        let expected = try BridgeDecoder().decode(JSONValue.self, from: Data(text.utf8))
        let pieces = Chunks(pieces: text.map { String($0) })  // one character at a time
        var last: JSONValue?
        for try await value in BridgeDecoder().partialValues(of: JSONValue.self, from: pieces) { last = value }
        #expect(last == expected)
    }

    @Test func partialValuesFromChunksThrowsForWrongText() async throws {
        let chunks = Chunks(pieces: [Array(#"{"a": [1, 2"#.utf8), Array("}".utf8)])
        await #expect(throws: DecodingError.self) {
            for try await _ in BridgeDecoder().partialValues(of: JSONValue.self, from: chunks) {}
        }
    }
}
