import Foundation
import Testing
@testable import CodableBridge

/// The tape a partial document's scanner builds as bytes arrive, and the values its snapshots
/// reuse: the scanner must make the parser's tape node for node, refuse what the parser refuses,
/// and a snapshot that reuses values must equal one decoded from scratch.
@Suite("Partial documents: the scanner's tape and reused values")
struct PartialTapeTests {
    /// Documents beyond the JSON test suite: escapes of every kind, surrogate pairs, non-ASCII
    /// keys, repeated keys, numbers of every form, nesting.
    static let documents: [String] = [
        #"{"a\nb": "x\u00e9\ud83d\ude00y", "t": "\"\\\/\b\f\n\r\t", "ü": ["é", "日本", "🎉"]}"#,
        #"[0, -0, 1.5, -2e10, 3E-2, 1e+5, 12345678901234567890, -0.0e0]"#,
        #"{"a": 1, "b": {"a": 2, "a": 3}, "a": 4, "c": [{"x": true, "x": false, "y": null}]}"#,
        #"[[], {}, [[]], [{}], {"a": []}, {"a": {}}, "", " ", "\u0000"]"#,
        #"{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k0":14}"#,
        "\u{FEFF}[1, \"two\", {\"three\": 3}]",
        #"  "just a string"  "#,
        #"{"e\u0301": 1, "\u00e9": 2, "\u00e9": 3}"#,
    ]

    static var suiteFiles: [String] {
        JSONTestSuiteTests.files("y_") + JSONTestSuiteTests.files("n_") + JSONTestSuiteTests.files("i_")
    }

    /// Scans `bytes` in chunks of `chunk` bytes; nil when the scan stops.
    static func scanned(_ bytes: [UInt8], chunk: Int, rules: ParseRules = .none, maxDepth: Int = 512) -> PartialScanner? {
        var scanner = PartialScanner(maxDepth: maxDepth, rules: rules)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            do {
                try bytes[start ..< end].withUnsafeBufferPointer { try scanner.scan($0) }
            } catch {
                return nil
            }
            start = end
        }
        return scanner
    }

    /// The parser's tape and the scanner's for `bytes` agree: both refuse it, or both make the
    /// same nodes (a top-level number is complete for the scanner once a space follows it).
    static func checkAgainstParser(_ bytes: [UInt8], name: String, rules: ParseRules = .none) throws {
        let parsed = try? bytes.withUnsafeBytes { try JSONTape(parsing: $0, maxDepth: 512, rules: rules) }
        for chunk in [1, 7, max(1, bytes.count)] {
            var scanner = scanned(bytes + [0x20], chunk: chunk, rules: rules)
            guard let parsed else {
                #expect(scanner?.isComplete != true, "\(name): the parser refuses it, the scanner (chunks of \(chunk)) reads it as complete")
                continue
            }
            guard scanner != nil else {
                Issue.record("\(name): the parser accepts it, the scanner (chunks of \(chunk)) stops")
                continue
            }
            #expect(scanner?.isComplete == true, "\(name): the parser accepts it, the scanner (chunks of \(chunk)) reads it as cut")
            let same = scanner?.withSnapshotTape { tape in
                zip(tape.nodes, parsed.nodes).allSatisfy { a, b in
                    a.kind == b.kind && a.payload == b.payload && a.length == b.length && a.flags == b.flags
                } && tape.nodes.count == parsed.nodes.count && Array(tape.unescaped) == Array(parsed.unescaped)
            }
            #expect(same == true, "\(name): the scanner's tape (chunks of \(chunk)) differs from the parser's")
        }
    }

    @Test(arguments: suiteFiles)
    func theTestSuiteGivesTheParsersTape(_ name: String) throws {
        try Self.checkAgainstParser(Array(JSONTestSuiteTests.data(name)), name: name)
    }

    @Test(arguments: documents.indices)
    func documentsGiveTheParsersTape(_ index: Int) throws {
        let bytes = Array(Self.documents[index].utf8)
        try Self.checkAgainstParser(bytes, name: Self.documents[index])
        try Self.checkAgainstParser(bytes, name: Self.documents[index], rules: ParseRules(limits: DecodingLimits(), duplicateKeys: .useLast))
        try Self.checkAgainstParser(bytes, name: Self.documents[index], rules: ParseRules(limits: DecodingLimits(), duplicateKeys: .throw))
    }

    /// Malformed UTF-8 inside strings, which the scanner must refuse as the parser does.
    @Test(arguments: [
        [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF0, 0x80, 0x80, 0xAF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
        [0x80], [0xC3], [0xE2, 0x82], [0xC3, 0x28], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF0, 0x90, 0x80, 0x80],
        [0xF4, 0x8F, 0xBF, 0xBF],
    ] as [[UInt8]])
    func utf8IsCheckedAsTheParserChecksIt(_ sequence: [UInt8]) throws {
        try Self.checkAgainstParser([UInt8(ascii: "["), UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\""), UInt8(ascii: "]")],
                                    name: "\(sequence)")
    }

    /// Every prefix of every accepted document scans without stopping and has a snapshot that
    /// decodes as a `JSONValue` (or no value yet).
    @Test(arguments: JSONTestSuiteTests.files("y_"))
    func everyPrefixOfAnAcceptedDocumentHasASnapshot(_ name: String) throws {
        let bytes = try Array(JSONTestSuiteTests.data(name))
        guard (try? bytes.withUnsafeBytes({ try JSONTape(parsing: $0, maxDepth: 512) })) != nil else { return }
        var scanner = PartialScanner(maxDepth: 512, rules: .none)
        for (offset, byte) in bytes.enumerated() {
            do {
                try [byte].withUnsafeBufferPointer { try scanner.scan($0) }
            } catch {
                Issue.record("\(name): the scan stops at \(offset)")
                return
            }
            _ = try scanner.withSnapshotTape { tape in
                try DecoderImpl.decode(JSONValue.self, tape: tape, options: BridgeDecoder(), report: nil, keyPath: nil)
            }
        }
    }

    // MARK: Reused values

    struct Author: Codable, Equatable {
        var name: String
        var tags: [String]
        var score: Double?
    }

    struct Post: Codable, Equatable {
        var id: Int
        var title: String
        var author: Author
        var replies: [Author]
        var meta: [String: [Int]]
        var extra: JSONValue?
    }

    final class Note: Codable, Equatable {
        var text: String
        var stars: Int

        static func == (a: Note, b: Note) -> Bool { a.text == b.text && a.stars == b.stars }
    }

    struct Feed: Codable, Equatable {
        var posts: [Post]
        var notes: [Note]
        var title: String
    }

    static let feed = #"""
    {"title": "Feed \u00e9", "posts": [
      {"id": 1, "title": "One", "author": {"name": "Ann", "tags": ["a", "b"], "score": 1.5},
       "replies": [{"name": "Bo", "tags": []}, {"name": "Cy", "tags": ["c"], "score": null}],
       "meta": {"x": [1, 2], "y": []}, "extra": {"deep": [1, {"d": "e"}]}},
      {"id": 2, "title": "Two \"quoted\"", "author": {"name": "Di", "tags": ["d"]},
       "replies": [], "meta": {}, "extra": [true, false, null]}
    ], "notes": [{"text": "n1", "stars": 3}, {"text": "n2", "stars": 4}]}
    """#

    /// The feed with elements a lenient decode drops (a number and a post without its `id` among
    /// the posts, a string among the notes) and elements after them.
    static let feedWithDroppedElements = #"""
    {"title": "Dropped", "posts": [
      {"id": 1, "title": "One", "author": {"name": "Ann", "tags": ["a"]}, "replies": [7, {"name": "Bo", "tags": []}],
       "meta": {"x": [1]}, "extra": null},
      42,
      {"title": "no id", "author": {"name": "Cy", "tags": []}, "replies": [], "meta": {}},
      {"id": 3, "title": "Three", "author": {"name": "Di", "tags": ["d", "e"]}, "replies": [], "meta": {"y": []}}
    ], "notes": ["not a note", {"text": "n1", "stars": 3}, {"text": "n2", "stars": 4}]}
    """#

    /// After every byte, the snapshot decoded with the values kept from the snapshots before equals
    /// `decodePartial` of the same text, which decodes it from scratch; and values were reused.
    /// Every snapshot is held to the end and checked again then: the elements an open array keeps
    /// for the next snapshot are never changed in one the caller still holds.
    @Test(arguments: [BridgeDecoder.MissingValueStrategy.useDefault, .throw], [true, false])
    func reusedValuesEqualAFreshDecode(_ missing: BridgeDecoder.MissingValueStrategy, lenient: Bool) throws {
        var decoder = BridgeDecoder()
        decoder.missingValueStrategy = missing
        decoder.coercion = lenient ? .lenient : .strict
        for document in [Self.feed, Self.feedWithDroppedElements] {
            // Strict policies refuse the feed with bad elements once the first arrives.
            let decodes = lenient || document == Self.feed
            let reuses = try Self.checkSnapshotsByteByByte(document, decoder: decoder, holding: { _ in true })
            #expect(reuses.snapshots > 0 || !decodes)
            #expect(reuses.reused > 50 || !decodes, "values were decoded again instead of reused (\(reuses.reused) reuses)")
        }
    }

    /// Generated feeds (posts and notes with members missing, of the wrong type, or not objects at
    /// all), snapshot after snapshot: the same as `decodePartial`, whether the caller keeps a
    /// snapshot (its arrays are then copied on the next write) or releases it (they grow in place).
    @Test(arguments: 0 ..< 12)
    func generatedFeedsSnapshotAsAFreshDecode(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 17)
        func word() -> String { ["a", "bo", "cyd", "\\u00e9t\\u00e9", "x y", ""].randomElement(using: &random)! }
        func author() -> String {
            if random.oneIn(6) { return ["7", "null", "\"who\"", "[]"].randomElement(using: &random)! }
            var members = [#""name": "\#(word())""#, #""tags": [\#((0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in "\"\(word())\"" }.joined(separator: ", "))]"#]
            if random.oneIn(2) { members.append(random.oneIn(3) ? #""score": "high""# : #""score": \#(Int.random(in: 0 ... 9, using: &random)).5"#) }
            return "{" + members.shuffled(using: &random).joined(separator: ", ") + "}"
        }
        func post(_ id: Int) -> String {
            if random.oneIn(7) { return ["42", "\"post\"", "null", "{}"].randomElement(using: &random)! }
            var members = [random.oneIn(8) ? #""id": "x""# : #""id": \#(id)"#, #""title": "\#(word())""#, #""author": \#(author())"#,
                           #""replies": [\#((0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in author() }.joined(separator: ", "))]"#,
                           #""meta": {"k": [\#(Int.random(in: 0 ... 9, using: &random))]}"#]
            if random.oneIn(3) { members.removeLast() }
            return "{" + members.joined(separator: ", ") + "}"
        }
        let posts = (0 ..< Int.random(in: 0 ... 6, using: &random)).map(post).joined(separator: ",\n  ")
        let notes = (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
            random.oneIn(5) ? "3" : #"{"text": "\#(word())", "stars": \#(Int.random(in: 0 ... 5, using: &random))}"#
        }.joined(separator: ", ")
        let document = #"{"title": "\#(word())", "posts": [\#(posts)], "notes": [\#(notes)]}"#
        var decoder = BridgeDecoder()
        decoder.missingValueStrategy = .useDefault
        var keep = SplitMix64(seed: UInt64(seed))
        _ = try Self.checkSnapshotsByteByByte(document, decoder: decoder, holding: { _ in keep.oneIn(2) })
    }

    /// Feeds `document` to a scanner a byte at a time and, after each byte, compares the snapshot
    /// decoded with kept values to `decodePartial` of the text so far. The snapshots for which
    /// `holding` says so are kept to the end and compared again then.
    static func checkSnapshotsByteByByte(_ document: String, decoder: BridgeDecoder,
                                         holding: (Int) -> Bool) throws -> (snapshots: Int, reused: Int)
    {
        let bytes = Array(document.utf8)
        var scanner = PartialScanner(maxDepth: decoder.maxDepth, rules: decoder.parseRules)
        let completed = CompletedValues()
        let snapshotDecoder = ReusedDecoder(options: decoder, completedValues: completed)  // as a document keeps it
        var held: [(end: Int, value: Feed)] = []
        var snapshots = 0
        for end in 1 ... bytes.count {
            try [bytes[end - 1]].withUnsafeBufferPointer { try scanner.scan($0) }
            guard !scanner.isComplete else { break }
            scanner.markOpenValues(in: completed, shape: scanner.snapshotShape())
            let reused: Feed?
            do {
                reused = try scanner.withSnapshotTape { tape in
                    try snapshotDecoder.decode(Feed.self, tape: tape)
                }
            } catch {
                reused = nil
            }
            var report = DecodingReport()
            let fresh = try? decoder.decodePartial(Feed.self, from: Data(bytes[..<end]), report: &report)
            #expect(reused == fresh, "after \(end) bytes: \(String(decoding: bytes[..<end], as: UTF8.self))")
            guard let reused else { continue }
            snapshots += 1
            if holding(end) { held.append((end, reused)) }
        }
        for (end, value) in held {
            var report = DecodingReport()
            let fresh = try? decoder.decodePartial(Feed.self, from: Data(bytes[..<end]), report: &report)
            #expect(value == fresh, "the snapshot after \(end) bytes changed after it was returned")
        }
        return (snapshots, completed.reuses)
    }

    /// The strings of an open object are decoded once and reused by later snapshots; the string
    /// the text ends inside grows from snapshot to snapshot and is never reused.
    @Test func completeStringsAreReusedAndTheOpenOneIsNot() throws {
        struct Pair: Decodable, Equatable {
            var long: String
            var open: String
        }
        let decoder = BridgeDecoder()
        var scanner = PartialScanner(maxDepth: decoder.maxDepth, rules: decoder.parseRules)
        let completed = CompletedValues()
        let snapshotDecoder = ReusedDecoder(options: decoder, completedValues: completed)  // as a document keeps it
        var snapshots: [Pair] = []
        var reuses: [Int] = []
        for chunk in [#"{"long": "a string longer than fifteen bytes", "open": "ab"#, "c", #"d\u00e9"#, #"\""#] {
            try Array(chunk.utf8).withUnsafeBufferPointer { try scanner.scan($0) }
            scanner.markOpenValues(in: completed, shape: scanner.snapshotShape())
            let snapshot = try scanner.withSnapshotTape { tape in
                try snapshotDecoder.decode(Pair.self, tape: tape)
            }
            snapshots.append(try #require(snapshot))
            reuses.append(completed.reuses)
        }
        #expect(snapshots.map(\.open) == ["ab", "abc", "abcdé", "abcdé\""])
        #expect(snapshots.allSatisfy { $0.long == "a string longer than fifteen bytes" })
        // The first snapshot decodes both strings; each later one reuses `long` and decodes `open`.
        #expect(reuses == [0, 1, 2, 3])
    }

    /// Through `partialValues`, a byte at a time: every snapshot is a prefix's partial model and
    /// the last one is the complete value.
    @Test func partialValuesReusesAndEndsWithTheValue() async throws {
        let bytes = Array(Self.feed.utf8)
        let expected = try BridgeDecoder().decode(Feed.self, from: bytes)
        var last: Feed?
        var count = 0
        for try await snapshot in BridgeDecoder().partialValues(of: Feed.self, from: SevenByteChunks(bytes: bytes, chunk: 1)) {
            if let previous = last {
                #expect(snapshot.posts.count >= previous.posts.count)
            }
            last = snapshot
            count += 1
        }
        #expect(last == expected)
        #expect(count > 1)
    }

    // MARK: Rules the scanner applies

    @Test func limitsStopTheScan() throws {
        var decoder = BridgeDecoder()
        decoder.limits.maxObjectMembers = 2
        var report = DecodingReport()
        #expect {
            try decoder.decodePartial(JSONValue.self, from: Data(#"{"a": 1, "b": 2, "c": "#.utf8), report: &report)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return (context.underlyingError as? JSONParseError)?.exceededLimit == .maxObjectMembers
        }
        decoder = BridgeDecoder()
        decoder.limits.maxNumberDigits = 5
        #expect {
            try decoder.decodePartial(JSONValue.self, from: Data(#"[1, 1234567"#.utf8), report: &report)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return (context.underlyingError as? JSONParseError)?.exceededLimit == .maxNumberDigits
        }
    }

    @Test func repeatedKeysFollowTheStrategy() throws {
        let text = Data(#"{"a": 1, "a": 2, "b": [1, 2"#.utf8)  // the cut 2 is left out
        let closed = Data(#"{"a": 1, "a": 2, "b": [1]}"#.utf8)
        var report = DecodingReport()
        var decoder = BridgeDecoder()
        struct AB: Decodable, Equatable {
            var a: Int
            var b: [Int]
        }
        for strategy in [DuplicateKeyStrategy.useFirst, .useLast] {
            decoder.duplicateKeyStrategy = strategy
            let value = try decoder.decodePartial(AB.self, from: text, report: &report)
            #expect(value == (try decoder.decode(AB.self, from: closed)), "\(strategy)")
            #expect(value.a == (strategy == .useFirst ? 1 : 2))
            #expect(try decoder.decodePartial(JSONValue.self, from: text, report: &report) == (try decoder.decode(JSONValue.self, from: closed)))
        }
        decoder.duplicateKeyStrategy = .throw
        #expect {
            try decoder.decodePartial(JSONValue.self, from: text, report: &report)
        } throws: { error in
            "\(error)".contains("duplicate key \"a\"")
        }
    }
}
