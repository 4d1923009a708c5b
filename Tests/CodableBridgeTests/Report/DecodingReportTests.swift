import Foundation
import Testing
@testable import CodableBridge

// `DecodingReport` as a value: its readable description (grouped by path, for logs), lookups,
// how reports accumulate — and that asking for no report costs nothing (no collector, no detail
// text built).

struct ReportOwner: Codable, Equatable {
    var id: Int
    var name: String
}

struct ReportSample: Codable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var owner: ReportOwner
}

/// A value whose `description` counts its calls: report details are built only when a report
/// was asked for.
struct ReportCounted: Codable, Equatable, CustomStringConvertible {
    var raw: String
    static let descriptions = DefaultCallCounter()

    var description: String {
        ReportCounted.descriptions.increment()
        return "ReportCounted(\(raw))"
    }
}

/// A declared default of that type.
struct ReportCountedHolder: MappableCodable, DefaultInitializable, Equatable {
    var counted = ReportCounted(raw: "default")
}

/// The example of Docs/Coercion.md ("Defaults and the decoding report"); nested so that type names
/// print as in the document (`Status`).
enum ReportDocs {
    struct Feed: Codable {
        var page: Int
        var statuses: [Status]
        var nextCursor: String
    }

    struct Status: Codable {
        var id: Int
        var text: String
        var likes: Int
        var user: User
    }

    struct User: Codable {
        var id: Int
        var name: String
        var verified: Bool
    }

    static let json = #"""
    {"page": "2",
     "statuses": [
       {"id": 1, "text": "hi", "likes": "12", "user": {"id": 7, "name": "ann", "verified": "yes"}},
       {"id": 2, "text": null, "likes": 3, "user": {"id": 8, "name": "bob", "verified": 1}},
       "oops",
       {"id": 4, "text": "yo", "likes": "many", "user": {"id": "77", "name": "cy", "verified": false}}
     ]}
    """#
}

@Suite("DecodingReport")
struct DecodingReportTests {
    @Test("the example printed in Docs/Coercion.md")
    func docsExample() throws {
        let (feed, report) = try decodeReporting(ReportDocs.Feed.self, ReportDocs.json)
        #expect(feed.statuses.map(\.id) == [1, 2, 4])
        #expect(report.description == #"""
            DecodingReport: 9 events
              page
                coerced: a string ("2") → Int 2 (string → Int)
              statuses[0].likes
                coerced: a string ("12") → Int 12 (string → Int)
              statuses[0].user.verified
                coerced: a string ("yes") → Bool true (string → Bool)
              statuses[1].text
                defaulted: null; used String ""
              statuses[1].user.verified
                coerced: a number (1) → Bool true (number → Bool)
              statuses[2]
                dropped: a string ("oops") not converted to Status
              statuses[3].likes
                defaulted: a string ("many") not converted (it is not a number); used Int 0
              statuses[3].user.id
                coerced: a string ("77") → Int 77 (string → Int)
              nextCursor
                defaulted: missing; used String ""
            """#)
    }

    static let sampleJSON = #"{"id": "7", "tags": ["a", null, 3], "owner": {"id": "x"}}"#

    @Test("description: one line per event, grouped by path in first-seen order")
    func description() throws {
        let (value, report) = try decodeReporting(ReportSample.self, Self.sampleJSON)
        #expect(value == ReportSample(id: 7, name: "", tags: ["a", "3"], owner: ReportOwner(id: 0, name: "")))
        #expect(report.description == #"""
            DecodingReport: 6 events
              id
                coerced: a string ("7") → Int 7 (string → Int)
              name
                defaulted: missing; used String ""
              tags[1]
                dropped: null where String was expected
              tags[2]
                coerced: a number (3) → String "3" (number → String)
              owner.id
                defaulted: a string ("x") not converted (it is not a number); used Int 0
              owner.name
                defaulted: missing; used String ""
            """#)
    }

    @Test("description groups every event of a path under its first appearance; the root is <root>")
    func grouping() {
        var report = DecodingReport()
        report.events = [
            DecodingEvent(path: "items[0]", kind: .coerced, detail: "first"),
            DecodingEvent(path: "", kind: .defaulted, detail: "root"),
            DecodingEvent(path: "items[0]", kind: .dropped, detail: "again"),
        ]
        #expect(report.description == """
            DecodingReport: 3 events
              items[0]
                coerced: first
                dropped: again
              <root>
                defaulted: root
            """)
        #expect(report.events(at: "items[0]").map(\.detail) == ["first", "again"])
        #expect(report.events(at: "").map(\.kind) == [.defaulted])
        #expect(String(describing: report.events[1]) == "<root>: defaulted: root")
    }

    @Test("an empty report says so")
    func empty() throws {
        let (_, report) = try decodeReporting(ReportOwner.self, #"{"id": 1, "name": "n"}"#)
        #expect(report.isEmpty)
        #expect(report.description == "DecodingReport: nothing coerced, defaulted or dropped")
        var one = DecodingReport()
        one.events = [DecodingEvent(path: "a", kind: .rejected, detail: "d")]
        #expect(one.description == "DecodingReport: 1 event\n  a\n    rejected: d")
    }

    @Test("one event per line for logs: path, kind, detail")
    func eventLines() throws {
        let (_, report) = try decodeReporting(ReportSample.self, Self.sampleJSON)
        #expect(report.events.map(String.init(describing:)).prefix(3) == [
            #"id: coerced: a string ("7") → Int 7 (string → Int)"#,
            #"name: defaulted: missing; used String """#,
            "tags[1]: dropped: null where String was expected",
        ])
        #expect(report.events.filter { $0.kind == .dropped }.map(\.path) == ["tags[1]"])
        #expect(Set(report.events.map(\.kind.description)) == ["coerced", "defaulted", "dropped"])
    }

    @Test("a report accumulates over decodes; a failed decode still reports what happened before the error")
    func accumulates() throws {
        var decoder = BridgeDecoder()
        var report = DecodingReport()
        _ = try decoder.decode(ReportOwner.self, from: Data(#"{"id": "1"}"#.utf8), report: &report)
        _ = try decoder.decode(ReportOwner.self, from: Data(#"{"id": 2, "name": 3}"#.utf8), report: &report)
        #expect(report.events.map(\.path) == ["id", "name", "name"])

        decoder.missingValueStrategy = .throw
        var failed = DecodingReport()
        expectDecodingError(.keyNotFound, codingPath: "", key: "name") {
            try decoder.decode(ReportOwner.self, from: Data(#"{"id": "1"}"#.utf8), report: &failed)
        }
        expectEvents(failed, [.coerced("id", #"a string ("1") → Int 1"#)])
    }

    @Test("reports are values: equal for equal decodes, Sendable, Hashable")
    func values() throws {
        let (_, first) = try decodeReporting(ReportSample.self, Self.sampleJSON)
        let (_, second) = try decodeReporting(ReportSample.self, Self.sampleJSON)
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        let sendable: any Sendable = first
        #expect((sendable as? DecodingReport)?.events.count == 6)
    }

    // MARK: Zero cost

    @Test("without a report, no detail text is built (a value's description is never called)")
    func noDetailsWithoutReport() throws {
        let before = ReportCounted.descriptions.value
        let decoded = try BridgeDecoder().decode(ReportCountedHolder.self, from: "{}")
        let isDefault = decoded == ReportCountedHolder()  // compared outside #expect, which may describe its operands
        #expect(isDefault)
        #expect(ReportCounted.descriptions.value == before)

        let (_, report) = try decodeReporting(ReportCountedHolder.self, "{}")
        #expect(ReportCounted.descriptions.value == before + 1)
        expectEvents(report, [.defaulted("counted", "missing; used the declared default ReportCounted(default)")])
    }

    @Test("with and without a report, the same value", arguments: ReportPreset.allCases)
    func sameValue(preset: ReportPreset) throws {
        var decoder = BridgeDecoder()
        decoder.coercion = preset.policy
        let json = #"{"id": 7, "name": "n", "tags": ["a"], "owner": {"id": 1, "name": "o"}}"#
        var report = DecodingReport()
        let reported = try decoder.decode(ReportSample.self, from: Data(json.utf8), report: &report)
        #expect(try decoder.decode(ReportSample.self, from: Data(json.utf8)) == reported)
        #expect(report.isEmpty)  // well-formed input: nothing to report, under every preset
    }
}
