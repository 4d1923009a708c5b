import Foundation
import Testing
@testable import CodableBridge

/// An element whose text is hard to cut: nested arrays of objects (`},{` inside an element),
/// strings holding brackets, commas, quotes and escapes.
struct ParallelItem: Codable, Equatable {
    struct Tag: Codable, Equatable {
        var name: String
        var weight: Double
    }
    var id: Int
    var title: String
    var tags: [Tag]
    var matrix: [[Int]]
    var flag: Bool?
}

/// The outcome of one decode, comparable between a single-threaded and a parallel run.
private struct Outcome<T: Equatable>: Equatable {
    var value: T?
    var error: String?
    var events: [DecodingEvent]
}

@Suite("Parallel decoding")
struct ParallelDecodingTests {
    /// Texts of `count` elements, element `i` made by `element(i)`.
    static func array(_ count: Int, pretty: Bool = false, _ element: (Int) -> String) -> String {
        let separator = pretty ? ",\n  " : ","
        return (pretty ? "[\n  " : "[") + (0 ..< count).map(element).joined(separator: separator) + (pretty ? "\n]\n" : "]")
    }

    /// An item's text; `variant` picks tricky content.
    static func item(_ i: Int) -> String {
        let titles = [#"plain"#, #"a }, { b"#, #"quote \" }, {\"id\": 1}"#, #"back\\slash"#, #"[1], [2]"#, #"tab\t, \u00e9"#]
        let tags = (0 ..< i % 3).map { #"{"name": "t\#($0)}, {", "weight": \#(Double($0) + 0.5)}"# }.joined(separator: ", ")
        let matrix = (0 ..< i % 4).map { row in "[" + (0 ... row).map(String.init).joined(separator: ",") + "]" }.joined(separator: ",")
        let flag = i % 5 == 0 ? "" : #", "flag": \#(i % 2 == 0)"#
        return #"{"id": \#(i), "title": "\#(titles[i % titles.count])", "tags": [\#(tags)], "matrix": [\#(matrix)]\#(flag)}"#
    }

    private static func outcome<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ decoder: BridgeDecoder,
                                                         at keyPath: String? = nil) -> Outcome<T> {
        var report = DecodingReport()
        do {
            let value = try keyPath.map { try decoder.decode(type, from: json, at: $0, report: &report) }
                ?? decoder.decode(type, from: json, report: &report)
            return Outcome(value: value, error: nil, events: report.events)
        } catch {
            return Outcome(value: nil, error: "\(error)", events: report.events)
        }
    }

    /// Decodes `json` on one thread and with each split, and expects the same value, events and
    /// error; returns how many parts the splits used at most.
    @discardableResult
    private static func expectSameAsSingleThreaded<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ decoder: BridgeDecoder,
                                                                             at keyPath: String? = nil, threads: [Int] = [2, 3, 4, 7],
                                                                             sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var single = decoder
        single.parallelism = .none
        let expected = outcome(type, json, single, at: keyPath)
        var mostParts = 1
        for count in threads {
            var parallel = decoder
            parallel.parallelism = .threads(count)
            mostParts = max(mostParts, parallel.parseArrayInParts(.string(json))?.count ?? 1)
            let found = outcome(type, json, parallel, at: keyPath)
            #expect(found == expected, "threads(\(count))", sourceLocation: sourceLocation)
        }
        return mostParts
    }

    @Test("Arrays of every length from empty decode as on one thread, split into parts")
    func everyLength() {
        for count in 0 ... 40 {
            let json = Self.array(count, pretty: count % 2 == 0, Self.item)
            let parts = Self.expectSameAsSingleThreaded([ParallelItem].self, json, BridgeDecoder())
            // Commas inside strings and nested arrays must not become cuts that a part then fails on.
            if count >= 2 { #expect(parts > 1, "\(count) elements were not split") }
        }
    }

    @Test("Arrays of scalars, with nulls and repairs")
    func scalars() {
        let ints = Self.array(30) { $0 % 7 == 3 ? "null" : ($0 % 5 == 1 ? #""\#($0)""# : "\($0)") }
        #expect(Self.expectSameAsSingleThreaded([Int].self, ints, BridgeDecoder()) > 1)
        Self.expectSameAsSingleThreaded([Int?].self, ints, BridgeDecoder())
        Self.expectSameAsSingleThreaded([Int].self, ints, .foundationCompatible)
        let doubles = Self.array(25) { "\(Double($0) * 1.25e-3)" }
        #expect(Self.expectSameAsSingleThreaded([Double].self, doubles, .foundationCompatible) > 1)
        let strings = Self.array(25) { #""s\#($0)\", \"x""# }
        Self.expectSameAsSingleThreaded([String].self, strings, .foundationCompatible)
        let bools = Self.array(25) { $0 % 3 == 0 ? "true" : "false" }
        #expect(Self.expectSameAsSingleThreaded([Bool].self, bools, .foundationCompatible) > 1)
        let nested = Self.array(20) { "[\($0), [\($0 + 1)]]" }
        #expect(Self.expectSameAsSingleThreaded([[JSONValue]].self, nested, .foundationCompatible) > 1)
    }

    @Test("The first error is the single-threaded one, with its element's index")
    func firstError() throws {
        for bad in [0, 1, 9, 17, 29] {
            let json = Self.array(30) { $0 == bad || $0 == bad + 3 ? #"{"id": "x\#($0)", "title": 1, "tags": [], "matrix": []}"# : Self.item($0) }
            Self.expectSameAsSingleThreaded([ParallelItem].self, json, .foundationCompatible)
            Self.expectSameAsSingleThreaded([ParallelItem].self, json, BridgeDecoder())  // lenient: repaired, reported
            var parallel = BridgeDecoder.foundationCompatible
            parallel.parallelism = .threads(4)
            #expect {
                _ = try parallel.decode([ParallelItem].self, from: json)
            } throws: { error in
                guard case DecodingError.typeMismatch(_, let context) = error else { return false }
                return context.codingPath.first?.intValue == bad
            }
        }
    }

    @Test("Malformed text gives the single-threaded parse error", arguments: [
        #"[{"id": 1}, {"id": 2}, {"id": 3,}, {"id": 4}]"#,        // trailing comma in an element
        #"[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4},]"#,        // trailing comma in the array
        #"[{"id": 1}, {"id": 2} {"id": 3}, {"id": 4}]"#,          // missing comma
        #"[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}"#,          // unclosed
        #"[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4}]]"#,        // extra bracket
        #"[{"id": 1}, {"id": 2}], [{"id": 3}, {"id": 4}]"#,       // two arrays
        "[{\"id\": 1}, {\"id\": 2}, {\"id\": \"a\u{1}\"}, {\"id\": 4}]",  // control character
        #"[{"id": 1}, {"id": 2}, {"id": 3}, {"id": 4e999}]"#,     // out of range
        #"[{"a": [{"id": 1}, {"id": 2}]}, {"a": [{"id": 3}, {"id": 4}]}, {"a": []}]"#,  // cuts inside elements
        "[[1, 2], [3, 4]], [5, 6]]",                              // the array closes early, then a comma
        "[[1], [2], [3]], [4], [5]]",                             // likewise, with more parts
    ])
    func malformed(json: String) {
        Self.expectSameAsSingleThreaded([JSONValue].self, json, .foundationCompatible)
        Self.expectSameAsSingleThreaded([JSONValue].self, json, BridgeDecoder())
    }

    @Test("Byte order mark, whitespace, trailing commas, duplicate keys and limits")
    func options() {
        let items = Self.array(12, pretty: true, Self.item)
        Self.expectSameAsSingleThreaded([ParallelItem].self, "\u{FEFF} \n" + items + " \n", BridgeDecoder())
        var trailing = BridgeDecoder.foundationCompatible
        trailing.allowsTrailingCommas = true
        Self.expectSameAsSingleThreaded([Int].self, "[1, 2, 3, 4, 5, 6,]", trailing)
        var duplicates = BridgeDecoder()
        duplicates.duplicateKeyStrategy = .throw
        Self.expectSameAsSingleThreaded([JSONValue].self, #"[{"a": 1}, {"a": 2}, {"a": 3, "a": 4}, {"a": 5}]"#, duplicates)
        duplicates.duplicateKeyStrategy = .useLast
        Self.expectSameAsSingleThreaded([JSONValue].self, #"[{"a": 1}, {"a": 2}, {"a": 3, "a": 4}, {"a": 5}]"#, duplicates)
        var limited = BridgeDecoder()
        limited.limits = DecodingLimits(maxStringBytes: 8)
        Self.expectSameAsSingleThreaded([String].self, #"["a", "b", "c", "0123456789", "d"]"#, limited)
        var shallow = BridgeDecoder()
        shallow.maxDepth = 3
        Self.expectSameAsSingleThreaded([JSONValue].self, "[[1], [[2]], [[[3]]], [4]]", shallow)
        var json5 = BridgeDecoder()
        json5.allowsJSON5 = true
        Self.expectSameAsSingleThreaded([Int].self, "[1, 2, /* three */ 3, 4, 0x5,]", json5)
    }

    @Test("Every input form, a model helper, and non-array roots")
    func inputs() throws {
        let json = Self.array(10, Self.item)
        var decoder = BridgeDecoder()
        decoder.parallelism = .threads(3)
        let expected = try BridgeDecoder().decode([ParallelItem].self, from: json)
        #expect(try decoder.decode([ParallelItem].self, from: Data(json.utf8)) == expected)
        #expect(try decoder.decode([ParallelItem].self, from: Array(json.utf8)) == expected)
        #expect(try decoder.decode([ParallelItem].self, from: json[...]) == expected)
        #expect(try decoder.decode([ParallelItem].self, from: ContiguousArray(json.utf8)) == expected)
        #expect(decoder.parseArrayInParts(.data(Data(json.utf8)))?.count == 3)
        // UTF-16 text is transcoded and decoded on the calling thread.
        #expect(decoder.parseArrayInParts(.data(json.data(using: .utf16LittleEndian) ?? Data())) == nil)
        #expect(try decoder.decode([ParallelItem].self, from: json.data(using: .utf16LittleEndian) ?? Data()) == expected)
        // Not an array type, or not a top-level array: the usual decode.
        #expect(try decoder.decode([String: Int].self, from: #"{"a": 1, "b": 2}"#) == ["a": 1, "b": 2])
        #expect(try decoder.decode([Int].self, from: #"{"a": [1, 2, 3, 4]}"#, at: "a") == [1, 2, 3, 4])
        #expect(try decoder.decode(Set<Int>.self, from: "[1, 2, 3, 4]") == [1, 2, 3, 4])
    }

    @Test("The array at a key path is decoded in parts of the document", arguments: [
        "data.items", "data", "data.items.3", "data.missing", "meta", "after", "data.items.x", "list.1",
    ])
    func atKeyPath(path: String) throws {
        let items = Self.array(25) { $0 % 6 == 2 ? #"{"id": "\#($0)", "title": 7, "tags": [], "matrix": []}"# : Self.item($0) }
        let document = #"{"meta": {"n": 1}, "data": {"items": \#(items)}, "list": [[], \#(items)], "after": [1, 2]}"#
        Self.expectSameAsSingleThreaded([ParallelItem].self, document, BridgeDecoder(), at: path)
        Self.expectSameAsSingleThreaded([ParallelItem].self, document, .foundationCompatible, at: path)
        Self.expectSameAsSingleThreaded([JSONValue].self, document, .foundationCompatible, at: path)
    }

    @Test("Each part has its own decoder: the parts really run")
    func partsRun() throws {
        let items = Self.array(12) { "\($0)" }
        for (threads, keyPath, json) in [(3, nil, items), (4, "a.b", #"{"a": {"b": \#(items)}}"#)] as [(Int, String?, String)] {
            var decoder = BridgeDecoder()
            decoder.parallelism = .threads(threads)
            let log = DecoderLog()
            let values = try decoder.decode([LoggedInt].self, from: json, at: keyPath ?? "", logging: log)
            #expect(values.map(\.value) == Array(0 ..< 12))
            #expect(log.distinctDecoders == threads)
        }
    }

    @Test("A part per thread, and up to sixteen per thread of a megabyte each for large inputs", arguments: [
        (2, 100, 2), (2, 1 << 20, 2), (2, 4 << 20, 4), (2, 100 << 20, 32), (2, 1 << 30, 32), (3, 10 << 20, 9), (1, 100 << 20, 1),
    ])
    func partCount(threads: Int, bytes: Int, parts: Int) {
        let parallelism = DecodingParallelism.threads(threads)
        #expect(parallelism.parts(forBytes: bytes) == parts)
        #expect(parallelism.threads(forParts: parts) == min(threads, parts))
    }

    @Test("Automatic: a part per core it is worth, then up to sixteen per core")
    func automaticPartCount() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let automatic = DecodingParallelism.automatic
        #expect(automatic.parts(forBytes: DecodingParallelism.automaticBytesPerThread - 1) == 1)
        #expect(automatic.parts(forBytes: 100 << 20) == cores * min(16, max(1, 100 / cores)))
        #expect(automatic.threads(forParts: 1_000) == cores)
    }

    @Test("A large input has several parts per thread, each decoded once and in order")
    func partsPerThread() throws {
        // About 4.4 MB: four parts of a megabyte or more for two threads.
        let padding = String(repeating: " ", count: 1_100)
        let json = "[" + (0 ..< 4_000).map { "\($0)\(padding)" }.joined(separator: ",") + "]"
        var decoder = BridgeDecoder()
        decoder.parallelism = .threads(2)
        #expect(decoder.parseArrayInParts(.string(json))?.count == 4)
        let log = DecoderLog()
        let values = try decoder.decode([LoggedInt].self, from: json, at: "", logging: log)
        #expect(values.map(\.value) == Array(0 ..< 4_000))
        #expect(log.distinctDecoders == 4)
    }

    @Test("After a part fails, the parts after it not started yet are skipped")
    func partsAfterFailureSkipped() throws {
        let padding = String(repeating: " ", count: 1_100)
        let json = "[" + (0 ..< 4_000).map { $0 == 1 ? #""one"\#(padding)"# : "\($0)\(padding)" }.joined(separator: ",") + "]"
        var single = BridgeDecoder.foundationCompatible
        let expected = try #require(throws: DecodingError.self) { try single.decode([LoggedInt].self, from: json) }
        single.parallelism = .threads(2)
        #expect(single.parseArrayInParts(.string(json))?.count == 4)
        let log = DecoderLog()
        let found = try #require(throws: DecodingError.self) { try single.decode([LoggedInt].self, from: json, at: "", logging: log) }
        #expect("\(found)" == "\(expected)")
        // The first part fails at its second element; of the three after it, only the one the
        // other thread had already started decodes.
        #expect(log.distinctDecoders <= 2)
    }

    @Test("Telemetry counts the same events")
    func telemetry() throws {
        let json = Self.array(20) { #"{"id": "\#($0)", "title": \#($0), "tags": [], "matrix": []}"# }
        var counts: [[DecodingTelemetry.Count]] = []
        for parallelism in [DecodingParallelism.none, .threads(4)] {
            let telemetry = DecodingTelemetry()
            var decoder = BridgeDecoder()
            decoder.telemetry = telemetry
            decoder.parallelism = parallelism
            _ = try decoder.decode([ParallelItem].self, from: json)
            counts.append(telemetry.snapshot())
        }
        #expect(!counts[0].isEmpty)
        #expect(counts[0] == counts[1])
    }

    @Test("Automatic splits a large array across the cores")
    func automatic() throws {
        let json = Self.array(4000, Self.item)
        var decoder = BridgeDecoder()
        decoder.parallelism = .automatic
        let parts = decoder.parseArrayInParts(.string(json))?.count ?? 1
        let expectedParts = min(ProcessInfo.processInfo.activeProcessorCount, json.utf8.count / DecodingParallelism.automaticBytesPerThread)
        #expect(parts == max(1, expectedParts))
        #expect(try decoder.decode([ParallelItem].self, from: json) == BridgeDecoder().decode([ParallelItem].self, from: json))
        // A small input stays on the calling thread.
        #expect(decoder.parseArrayInParts(.string(Self.array(10, Self.item))) == nil)
    }

    @Test("JSON Lines: values, events, errors and skipped lines as on one thread")
    func jsonLines() {
        for count in [0, 1, 2, 3, 5, 8, 13, 40] {
            for bad in [nil, 0, count / 2, count - 1] {
                var lines = (0 ..< count).map { i -> String in
                    if i == bad { return i % 2 == 0 ? #"{"id": 1,"# : #"{"id": "x", "tag": 2}"# }
                    return i % 4 == 3 ? "  \r" : #"{"id": "\#(i)", "tag": \#(i % 3 == 0 ? "null" : "\"t\"")}"#
                }
                if count > 3 { lines[1] += "\r" }
                let data = Data(lines.joined(separator: "\n").utf8)
                var results: [String] = []
                for parallelism in [DecodingParallelism.none, .threads(2), .threads(3), .threads(6)] {
                    var decoder = BridgeDecoder()
                    decoder.parallelism = parallelism
                    var report = DecodingReport()
                    var text: String
                    do {
                        text = "\(try decoder.decodeJSONLines(LineRow.self, from: data, report: &report))"
                    } catch {
                        text = "error \(error)"
                    }
                    text += " \(report.events)"
                    var skipped = DecodingReport()
                    text += " \(decoder.decodeJSONLines(LineRow.self, from: data, skippingBadLines: &skipped)) \(skipped.events)"
                    results.append(text)
                }
                #expect(Set(results).count == 1, "\(count) lines, bad line \(String(describing: bad)): \(results)")
            }
        }
    }

    @Test("Cuts fall at commas of the top-level array only", arguments: [
        // text                                                          parts  pieces
        ("[1,2,3,4]",                                                     2,     ["1,2", "3,4"]),
        ("[1,2,3,4]",                                                     4,     ["1", "2", "3", "4"]),
        (#"[{"a":[{"b":1},{"b":2},{"b":3}]},{"a":[]}]"#,                  2,     [#"{"a":[{"b":1},{"b":2},{"b":3}]}"#, #"{"a":[]}"#]),
        (#"["x","y,z","w"]"#,                                             3,     [#""x""#, #""y,z""#, #""w""#]),
        ("[ 1 , 2 ]",                                                     2,     [" 1", " 2"]),
        ("[1,2,\n3 \t]",                                                  2,     ["1,2", "\n3"]),
        (#"[{"a":1}]"#,                                                   4,     []),
        (#"{"a":[1,2]}"#,                                                 2,     []),
    ] as [(String, Int, [String])])
    func cuts(text: String, parts: Int, pieces expected: [String]) {
        let pieces = Array(text.utf8).withUnsafeBytes { bytes in
            (ArrayCuts.pieces(of: bytes, parts: parts)?.pieces ?? []).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        #expect(pieces == expected)
    }
}

/// The decoders that `LoggedInt`s were decoded by.
final class DecoderLog: @unchecked Sendable {  // under `lock`
    private let lock = NSLock()
    private var decoders: [AnyObject] = []

    func add(_ decoder: any Decoder) {
        lock.withLock { decoders.append(decoder as AnyObject) }
    }

    var distinctDecoders: Int {
        lock.withLock { Set(decoders.map(ObjectIdentifier.init)).count }
    }
}

/// An integer that logs the decoder that decodes it (in `userInfo[.decoderLog]`).
struct LoggedInt: Decodable {
    var value: Int

    init(from decoder: any Decoder) throws {
        (decoder.userInfo[.decoderLog] as? DecoderLog)?.add(decoder)
        value = try decoder.singleValueContainer().decode(Int.self)
    }
}

extension CodingUserInfoKey {
    fileprivate static let decoderLog = CodingUserInfoKey(rawValue: "decoderLog")!  // safe: a valid raw value
}

extension BridgeDecoder {
    /// Decodes with `log` in `userInfo`, at `keyPath` unless it is empty.
    fileprivate func decode<T: Decodable>(_ type: T.Type, from json: String, at keyPath: String, logging log: DecoderLog) throws -> T {
        var decoder = self
        decoder.userInfo[.decoderLog] = log
        return keyPath.isEmpty ? try decoder.decode(type, from: json) : try decoder.decode(type, from: json, at: keyPath)
    }
}
