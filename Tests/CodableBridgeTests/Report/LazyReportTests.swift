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
        collector.record(.coerced, path: [.name("a")], key: .index(1), rule: .named("test"), .text("first"))
        collector.record(.defaulted, path: [.name("b")], key: nil, rule: .named("test"), .text("second"))
        collector.record(.dropped, path: [.name("c"), .name("d")], key: nil, rule: .named("test"), .text("third"))
        collector.removeEvents(from: 1)
        #expect(collector.count == 1)
        collector.append(spelt: DecodingEvent(path: "line 2: x", kind: .dropped, detail: "by hand"))
        collector.record(.coerced, path: [.name("e")], key: nil, rule: .named("test"), .text("fourth"))
        #expect(collector.events.map(\.path) == ["a[1]", "line 2: x", "e"])
        #expect(collector.events.map(\.detail) == ["first", "by hand", "fourth"])
    }
}
