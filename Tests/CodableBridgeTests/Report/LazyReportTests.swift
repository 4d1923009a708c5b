import Foundation
import Testing
@testable import CodableBridge

// A report records facts during the decode and spells paths and details when it is read: what is
// read must be what an eager report would have held.

private struct LazyRow: Codable, Equatable {
    var id: Int
    var score: Double
    var label: String
}

@Suite("DecodingReport spelt when read")
struct LazyReportTests {
    static let json = #"{"rows": [{"id": "12", "score": "1.5", "label": 7}, {"id": 3, "score": 2, "label": "x"}]}"#

    @Test("paths and details of recorded coercions, spelt on read")
    func speltOnRead() throws {
        var report = DecodingReport()
        _ = try BridgeDecoder().decode([String: [LazyRow]].self, from: Data(Self.json.utf8), report: &report)
        #expect(report.events.map(\.path) == ["rows[0].id", "rows[0].score", "rows[0].label"])
        #expect(report.events.map(\.kind) == [.coerced, .coerced, .coerced])
        #expect(report.events[0].detail == "a string (\"12\") → Int 12 (string → Int)")
        #expect(report.events[1].detail == "a string (\"1.5\") → Double 1.5 (string → Double)")
        #expect(report.events[2].detail.hasPrefix("a number (7) → String \"7\""))
        #expect(report.events == report.events)  // reading twice gives the same
    }

    @Test("two decodes into one report keep their order; setting events replaces them")
    func accumulateAndSet() throws {
        var report = DecodingReport()
        #expect(report.isEmpty)
        _ = try BridgeDecoder().decode(LazyRow.self, from: Data(#"{"id": "1", "score": 1, "label": "a"}"#.utf8), report: &report)
        _ = try BridgeDecoder().decode(LazyRow.self, from: Data(#"{"id": 2, "score": "2", "label": "b"}"#.utf8), report: &report)
        #expect(!report.isEmpty)
        #expect(report.events.map(\.path) == ["id", "score"])
        var copy = report
        copy.events.append(DecodingEvent(path: "extra", kind: .dropped, detail: "by hand"))
        #expect(copy.events.map(\.path) == ["id", "score", "extra"])
        #expect(report.events.count == 2)
        #expect(copy != report)
        copy.events = report.events
        #expect(copy == report)
        #expect(copy.hashValue == report.hashValue)
    }

    @Test("a decode without events adds nothing to the report")
    func cleanDecode() throws {
        var report = DecodingReport()
        _ = try BridgeDecoder().decode(LazyRow.self, from: Data(#"{"id": 1, "score": 1, "label": "a"}"#.utf8), report: &report)
        #expect(report.isEmpty)
        #expect(report == DecodingReport())
    }

    @Test("a collector forgets events from a position on, with their paths; spelt events keep their path")
    func removeAndAppendSpelt() {
        let collector = ReportCollector()
        // One decoder's path nodes: 0 = c, 1 = c.d; the table copies those made before each event.
        let nodes = [PathNode(parent: PathNode.root, depth: 1, component: .name("c")), PathNode(parent: 0, depth: 2, component: .name("d"))]
        let table = collector.addPathTable(prefix: [])
        func record(_ kind: DecodingEvent.Kind, table: Int, node: Int, made: Int, key: PathComponent?, _ detail: String) {
            nodes.withUnsafeBufferPointer { all in
                collector.record(kind, table: table, node: node, nodes: UnsafeBufferPointer(rebasing: all[..<made]), key: key,
                                 rule: .named("test"), .text(detail))
            }
        }
        record(.coerced, table: collector.addPathTable(prefix: [.name("a")]), node: PathNode.root, made: 0, key: .index(1), "first")
        record(.defaulted, table: table, node: 0, made: 1, key: .name("b"), "second")
        record(.dropped, table: table, node: 1, made: 2, key: nil, "third")
        #expect(collector.events.map(\.path) == ["a[1]", "c.b", "c.d"])
        collector.removeEvents(from: 1)
        #expect(collector.count == 1)
        collector.append(spelt: DecodingEvent(path: "line 2: x", kind: .dropped, detail: "by hand"))
        record(.coerced, table: table, node: 1, made: 2, key: .index(0), "fourth")
        #expect(collector.events.map(\.path) == ["a[1]", "line 2: x", "c.d[0]"])
        #expect(collector.events.map(\.detail) == ["first", "by hand", "fourth"])
    }
}
