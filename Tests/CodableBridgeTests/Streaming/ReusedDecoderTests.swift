import Foundation
import Testing
@testable import CodableBridge

// A run of documents — JSON Lines, a streamed array's elements, a partial document's snapshots —
// decoded by one decoder restarted on each: what one document's models hold must never see the
// next document, and a decoder something holds is not restarted.

private enum Keys: String, CodingKey { case id, name, item }

private struct Inner: Codable, Equatable {
    var id: Int
    var name: String
}

private struct Outer: Codable, Equatable {
    var item: Inner
    var more: [Inner]
}

/// Keeps its keyed container (its root's, in a line); reads `name` later.
private final class KeepsContainer: Decodable, @unchecked Sendable {
    let container: KeyedDecodingContainer<Keys>
    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: Keys.self)
    }

    func name() -> String? { try? container.decodeIfPresent(String.self, forKey: .name) }
}

/// Holds a nested model that keeps its container (a container below the root, which a decode
/// keeps for reuse).
private struct HoldsKeeper: Decodable, @unchecked Sendable {
    let item: KeepsContainer
}

@Suite("A run of documents: one decoder restarted on each")
struct ReusedDecoderTests {
    private static func tape(_ text: String) throws -> JSONTape {
        try Array(text.utf8).withUnsafeBytes { try JSONTape(parsing: $0, maxDepth: 512) }
    }

    private static func outer(_ k: Int) -> Outer {
        Outer(item: Inner(id: k, name: "n\(k)"), more: (0 ..< k).map { Inner(id: $0, name: String(repeating: "x", count: $0)) })
    }

    @Test func documentsNothingHoldsShareOneDecoder() throws {
        let run = ReusedDecoder(options: BridgeDecoder())
        weak var first: DecoderImpl?
        var decodersMade = 0
        for k in 1 ... 4 {
            let text = try String(decoding: BridgeEncoder().encode(Self.outer(k)), as: UTF8.self)
            let value = try run.decode(tape: Self.tape(text), report: nil) { impl in
                if let first {
                    #expect(first === impl, "document \(k) got a decoder of its own")
                } else {
                    first = impl
                    decodersMade += 1
                }
                return try impl.decodingRoot(node: 0) { try impl.unwrap(Outer.self, node: 0, key: nil) }
            }
            #expect(value == Self.outer(k))
        }
        #expect(decodersMade == 1)
    }

    /// A decoder made without a report substitutes defaults silently; a document with a report
    /// gets a decoder that records them.
    @Test func aDocumentWithAReportAfterOneWithoutRecordsItsDefaults() throws {
        let run = ReusedDecoder(options: BridgeDecoder())
        let text = #"{"item": {"id": 1}, "more": []}"#
        let quiet = try run.decode(Outer.self, tape: Self.tape(text))
        let collector = ReportCollector()
        let reported = try run.decode(Outer.self, tape: Self.tape(text), report: collector)
        #expect(quiet == reported)
        #expect(collector.events.map(\.path) == ["item.name"])
        let again = ReportCollector()
        _ = try run.decode(Outer.self, tape: Self.tape(text), report: again)
        #expect(again.events.map(\.path) == ["item.name"])
    }

    @Test func aDecoderAModelHoldsIsRetiredAndTheModelReadsItsOwnText() throws {
        let run = ReusedDecoder(options: BridgeDecoder())
        var decoders: [ObjectIdentifier] = []
        var keepers: [HoldsKeeper] = []
        var roots: [KeepsContainer] = []
        for k in 1 ... 3 {
            let held = try run.decode(tape: Self.tape(#"{"item": {"id": \#(k), "name": "nested \#(k)"}}"#), report: nil) { impl in
                decoders.append(ObjectIdentifier(impl))
                return try impl.decodingRoot(node: 0) { try impl.unwrap(HoldsKeeper.self, node: 0, key: nil) }
            }
            keepers.append(held)
            let root = try run.decode(tape: Self.tape(#"{"id": \#(k), "name": "root \#(k)"}"#), report: nil) { impl in
                decoders.append(ObjectIdentifier(impl))
                return try impl.decodingRoot(node: 0) { try impl.unwrap(KeepsContainer.self, node: 0, key: nil) }
            }
            roots.append(root)
        }
        // Every document's decoder is held by its model, so none is restarted for the next.
        #expect(Set(decoders).count == decoders.count)
        #expect(keepers.map { $0.item.name() } == ["nested 1", "nested 2", "nested 3"])
        #expect(roots.map { $0.name() } == ["root 1", "root 2", "root 3"])
    }

    @Test func linesKeepingContainersReadTheirOwnLine() throws {
        let lines = (1 ... 40).map { #"{"id": \#($0), "name": "line \#($0)", "item": {"id": \#($0), "name": "item \#($0)"}}"# }
        let data = Data(lines.joined(separator: "\n").utf8)
        for parallelism in [DecodingParallelism.none, .threads(3)] {
            var decoder = BridgeDecoder()
            decoder.parallelism = parallelism
            let roots = try decoder.decodeJSONLines(KeepsContainer.self, from: data)
            let holders = try decoder.decodeJSONLines(HoldsKeeper.self, from: data)
            #expect(roots.map { $0.name() } == (1 ... 40).map { "line \($0)" })
            #expect(holders.map { $0.item.name() } == (1 ... 40).map { "item \($0)" })
        }
    }

    @Test func streamedElementsKeepingContainersReadTheirOwnElement() async throws {
        let text = "[" + (1 ... 30).map { #"{"item": {"id": \#($0), "name": "item \#($0)"}}"# }.joined(separator: ",") + "]"
        var holders: [HoldsKeeper] = []
        for try await holder in BridgeDecoder().elements(of: HoldsKeeper.self, from: ChunkedBytes(text, chunk: 7)) {
            holders.append(holder)
        }
        #expect(holders.map { $0.item.name() } == (1 ... 30).map { "item \($0)" })
    }

    /// Unknown-key trackers are sized for one document: lines of growing size, each with an
    /// unknown key, are all tracked; under `.throw`, clean lines then one with an unknown key.
    @Test func unknownKeysAreTrackedInEveryLine() throws {
        func line(_ k: Int, unknown: Bool) -> String {
            let more = (0 ..< k).map { #"{"id": \#($0), "name": "m"}"# }.joined(separator: ",")
            let extra = unknown ? #", "extra\#(k)": true"# : ""
            return #"{"item": {"id": \#(k), "name": "n"\#(extra)}, "more": [\#(more)]}"#
        }
        var reporting = BridgeDecoder()
        reporting.unknownKeyStrategy = .report
        var report = DecodingReport()
        let text = (1 ... 12).map { line($0, unknown: true) }.joined(separator: "\n")
        let values = try reporting.decodeJSONLines(Outer.self, from: Data(text.utf8), report: &report)
        #expect(values.count == 12)
        #expect(report.events.map(\.path) == (1 ... 12).map { "line \($0): item.extra\($0)" })

        var throwing = BridgeDecoder()
        throwing.unknownKeyStrategy = .throw
        let clean = (1 ... 11).map { line($0, unknown: false) }
        #expect(try throwing.decodeJSONLines(Outer.self, from: Data(clean.joined(separator: "\n").utf8)).count == 11)
        let error = try #require(throws: JSONLinesError.self) {
            try throwing.decodeJSONLines(Outer.self, from: Data((clean + [line(12, unknown: true)]).joined(separator: "\n").utf8))
        }
        #expect(error.line == 12)
    }

    /// A line's events carry its own path prefix and no other line's events, whichever decoder
    /// decoded the line before.
    @Test func eachLineReportsItsOwnEvents() throws {
        let lines = (1 ... 20).map { #"{"item": {"id": "\#($0)", "name": "n"}, "more": [{"id": \#($0), "name": \#($0)}]}"# }
        let data = Data(lines.joined(separator: "\n").utf8)
        var report = DecodingReport()
        let values = try BridgeDecoder().decodeJSONLines(Outer.self, from: data, report: &report)
        #expect(values.map(\.item.id) == Array(1 ... 20))
        #expect(values.map { $0.more.first?.name } == (1 ... 20).map { String($0) })
        #expect(report.events.map(\.path) == (1 ... 20).flatMap { ["line \($0): item.id", "line \($0): more[0].name"] })
    }
}
