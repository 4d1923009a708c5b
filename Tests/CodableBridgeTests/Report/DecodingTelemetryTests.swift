import Foundation
import Testing
@testable import CodableBridge

// `DecodingTelemetry`: counts of every event of every decode through a decoder, keyed by model,
// path pattern, kind and rule — with no input value anywhere.

/// Models nested in an enum, so their coding keys are nested in them as in an app
/// (`TelemetryFixtures.Status.CodingKeys` → model `Status`).
enum TelemetryFixtures {
    struct Probe: Codable, Equatable {
        var id: Int
        var name: String
        var score: Double?
        var tags: [Int]
        var owner: Owner
    }

    struct Owner: Codable, Equatable {
        var id: Int
    }

    struct Feed: Codable {
        var page: Int
        var statuses: [Status]
    }

    struct Status: Codable {
        var id: Int
        var likes: Int
        var user: User
    }

    struct User: Codable {
        var id: Int
        var name: String
        var verified: Bool
    }

    struct Grid: Codable {
        var rows: [[Int]]
    }

    /// Rejects itself when its id is negative.
    struct Checked: MappableCodable, Equatable {
        var id = 0

        mutating func didDecode(from json: JSONValue) throws {
            if id < 0 { throw CheckFailed() }
        }
    }

    struct CheckFailed: Error {}

    struct Batch: Codable {
        var items: [Checked]
    }

    struct Line: Codable, Equatable {
        var id: Int
        var level: String
    }

    /// A `Probe` document with `fragment` in place of the members it names.
    static func probe(_ fragment: String) -> String {
        var members: [(String, String)] = [
            ("id", "1"), ("name", #""a""#), ("score", "1.5"), ("tags", "[1]"), ("owner", #"{"id": 2}"#),
        ]
        for part in fragment.split(separator: "|") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            if let index = members.firstIndex(where: { $0.0 == pair[0] }) {
                if pair.count == 1 { members.remove(at: index) } else { members[index].1 = pair[1] }
            } else {
                members.append((pair[0], pair[1]))
            }
        }
        return "{" + members.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
    }

    static let feed = #"""
    {"page": "2",
     "statuses": [
       {"id": 1, "likes": "12", "user": {"id": "7", "name": "ann", "verified": "yes"}},
       {"id": 2, "likes": 3, "user": {"id": 8, "name": null, "verified": 1}},
       "oops",
       {"id": 4, "likes": "many", "user": {"id": "77", "name": "cy", "verified": false}}
     ]}
    """#
}

/// A decoder with a fresh telemetry; unknown keys reported.
private func telemetryDecoder() -> (BridgeDecoder, DecodingTelemetry) {
    let telemetry = DecodingTelemetry()
    var decoder = BridgeDecoder()
    decoder.unknownKeyStrategy = .report
    decoder.telemetry = telemetry
    return (decoder, telemetry)
}

/// `[path pattern, kind] → count` of a report's events, to compare with a snapshot.
private func patternCounts(_ report: DecodingReport) -> [String: Int] {
    report.events.reduce(into: [:]) { $0["\(pathPattern($1.path)) \($1.kind)", default: 0] += 1 }
}

private func patternCounts(_ snapshot: [DecodingTelemetry.Count]) -> [String: Int] {
    snapshot.reduce(into: [:]) { $0["\($1.path) \($1.kind)", default: 0] += $1.count }
}

@Suite("DecodingTelemetry")
struct DecodingTelemetryTests {
    typealias Count = DecodingTelemetry.Count

    /// One repair per document: the model, path pattern, kind and rule telemetry counts it under.
    static let events: [(fragment: String, model: String, path: String, kind: DecodingEvent.Kind, rule: String)] = [
        (#"id="12""#, "Probe", "id", .coerced, "string → Int"),
        (#"score="2.5""#, "Probe", "score", .coerced, "string → Double"),
        (#"owner={"id": "9"}"#, "Owner", "owner.id", .coerced, "string → Int"),
        ("name", "Probe", "name", .defaulted, "missing → zero value"),
        ("name=null", "Probe", "name", .defaulted, "null → zero value"),
        (#"id="many""#, "Probe", "id", .defaulted, "not converted → zero value"),
        (#"score="abc""#, "Probe", "score", .defaulted, "not converted → nil"),
        ("tags=[1, null]", "Probe", "tags[]", .dropped, "dropped element (null)"),
        (#"tags=[1, "x"]"#, "Probe", "tags[]", .dropped, "dropped element (not converted)"),
        ("extra=1", "Probe", "extra", .unknownKey, "unknown key"),
        (#"owner={"id": 2, "mood": "ok"}"#, "Owner", "owner.mood", .unknownKey, "unknown key"),
    ]

    @Test("each kind of event is counted under its model, path pattern, kind and rule", arguments: events)
    func eachEvent(_ event: (fragment: String, model: String, path: String, kind: DecodingEvent.Kind, rule: String)) throws {
        let (decoder, telemetry) = telemetryDecoder()
        let json = TelemetryFixtures.probe(event.fragment)
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: json)
        #expect(telemetry.snapshot() == [Count(model: event.model, path: event.path, kind: event.kind, rule: event.rule, count: 1)])

        // The same single event as the report of the same decode.
        var report = DecodingReport()
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: json, report: &report)
        #expect(report.events.map(\.kind) == [event.kind])
        #expect(report.events.map { pathPattern($0.path) } == [event.path])
    }

    @Test("a clean document counts nothing")
    func cleanDocument() throws {
        let (decoder, telemetry) = telemetryDecoder()
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: TelemetryFixtures.probe(""))
        #expect(telemetry.snapshot().isEmpty)
    }

    @Test("a rejected model: its hook threw, and the element is dropped")
    func rejected() throws {
        let (decoder, telemetry) = telemetryDecoder()
        _ = try decoder.decode(TelemetryFixtures.Batch.self, from: #"{"items": [{"id": 1}, {"id": -1}]}"#)
        #expect(Set(telemetry.snapshot()) == [
            Count(model: "Batch", path: "items[]", kind: .rejected, rule: "hook threw", count: 1),
            Count(model: "Batch", path: "items[]", kind: .dropped, rule: "dropped element (rejected)", count: 1),
        ])
    }

    @Test("array indices become [] at every depth; the model is the type whose property it is")
    func pathPatterns() throws {
        let (decoder, telemetry) = telemetryDecoder()
        _ = try decoder.decode(TelemetryFixtures.Feed.self, from: TelemetryFixtures.feed)
        #expect(Set(telemetry.snapshot()) == [
            Count(model: "Feed", path: "page", kind: .coerced, rule: "string → Int", count: 1),
            Count(model: "Status", path: "statuses[].likes", kind: .coerced, rule: "string → Int", count: 1),
            Count(model: "Status", path: "statuses[].likes", kind: .defaulted, rule: "not converted → zero value", count: 1),
            Count(model: "User", path: "statuses[].user.id", kind: .coerced, rule: "string → Int", count: 2),
            Count(model: "User", path: "statuses[].user.name", kind: .defaulted, rule: "null → zero value", count: 1),
            Count(model: "User", path: "statuses[].user.verified", kind: .coerced, rule: "string → Bool", count: 1),
            Count(model: "User", path: "statuses[].user.verified", kind: .coerced, rule: "number → Bool", count: 1),
            Count(model: "Feed", path: "statuses[]", kind: .dropped, rule: "dropped element (not converted)", count: 1),
        ])

        let (gridDecoder, grid) = telemetryDecoder()
        _ = try gridDecoder.decode(TelemetryFixtures.Grid.self, from: #"{"rows": [[1, "2"], ["3", 4]]}"#)
        #expect(grid.snapshot() == [Count(model: "Grid", path: "rows[][]", kind: .coerced, rule: "string → Int", count: 2)])
    }

    @Test("dictionary keys stay keys in the path pattern")
    func dictionaryKeys() throws {
        let (decoder, telemetry) = telemetryDecoder()
        _ = try decoder.decode([String: TelemetryFixtures.Owner].self, from: #"{"a": {"id": "1"}, "b": {"id": "2"}}"#)
        #expect(Set(telemetry.snapshot()) == [
            Count(model: "Owner", path: "a.id", kind: .coerced, rule: "string → Int", count: 1),
            Count(model: "Owner", path: "b.id", kind: .coerced, rule: "string → Int", count: 1),
        ])
    }

    @Test("an element dropped from a top-level array is about the top-level type")
    func topLevelArray() throws {
        let (decoder, telemetry) = telemetryDecoder()
        _ = try decoder.decode([Int].self, from: #"[1, "x", null]"#)
        #expect(Set(telemetry.snapshot()) == [
            Count(model: "Array<Int>", path: "[]", kind: .dropped, rule: "dropped element (not converted)", count: 1),
            Count(model: "Array<Int>", path: "[]", kind: .dropped, rule: "dropped element (null)", count: 1),
        ])
    }

    @Test("counts add up across decodes and across copies of the decoder")
    func countsAdd() throws {
        let (decoder, telemetry) = telemetryDecoder()
        var copy = decoder
        copy.coercion = .lenient
        for _ in 0 ..< 3 { _ = try decoder.decode(TelemetryFixtures.Probe.self, from: TelemetryFixtures.probe(#"id="5""#)) }
        _ = try copy.decode(TelemetryFixtures.Probe.self, from: TelemetryFixtures.probe(#"id="6""#))
        #expect(telemetry.snapshot() == [Count(model: "Probe", path: "id", kind: .coerced, rule: "string → Int", count: 4)])
    }

    @Test("reset forgets every count; counting starts again")
    func reset() throws {
        let (decoder, telemetry) = telemetryDecoder()
        _ = try decoder.decode(TelemetryFixtures.Feed.self, from: TelemetryFixtures.feed)
        #expect(!telemetry.snapshot().isEmpty)
        telemetry.reset()
        #expect(telemetry.snapshot().isEmpty)
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: TelemetryFixtures.probe("name"))
        #expect(telemetry.snapshot() == [Count(model: "Probe", path: "name", kind: .defaulted, rule: "missing → zero value", count: 1)])
    }

    @Test("the snapshot is sorted by count, descending; ties by model, path, kind and rule")
    func order() throws {
        let (decoder, telemetry) = telemetryDecoder()
        _ = try decoder.decode(TelemetryFixtures.Feed.self, from: TelemetryFixtures.feed)
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: TelemetryFixtures.probe(#"name|id="3""#))
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: TelemetryFixtures.probe(#"id="3""#))
        let snapshot = telemetry.snapshot()
        #expect(snapshot.map { "\($0.count) \($0.model) \($0.path) \($0.kind) \($0.rule)" } == [
            "2 Probe id coerced string → Int",
            "2 User statuses[].user.id coerced string → Int",
            "1 Feed page coerced string → Int",
            "1 Feed statuses[] dropped dropped element (not converted)",
            "1 Probe name defaulted missing → zero value",
            "1 Status statuses[].likes coerced string → Int",
            "1 Status statuses[].likes defaulted not converted → zero value",
            "1 User statuses[].user.name defaulted null → zero value",
            "1 User statuses[].user.verified coerced number → Bool",
            "1 User statuses[].user.verified coerced string → Bool",
        ])
    }

    @Test("no input value reaches the telemetry")
    func noValues() throws {
        let secret = "s3cr3t-T0KEN"
        let digits = "98765432123"
        let json = #"""
            {"id": "\#(digits)", "name": null, "score": "\#(secret)",
             "tags": [1, "\#(secret)", "\#(digits)", null], "owner": {"id": "\#(secret)", "note": "\#(secret)"},
             "extra": {"k": "\#(secret)"}}
            """#
        let (decoder, telemetry) = telemetryDecoder()
        var report = DecodingReport()
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: json, report: &report)
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: json)
        _ = try decoder.decodeJSONLines(TelemetryFixtures.Probe.self, from: Data(json.replacingOccurrences(of: "\n", with: " ").utf8))
        // The report shows the values (so the payload does carry them)…
        #expect(report.description.contains(secret))
        #expect(report.description.contains(digits))
        // …the telemetry none.
        let snapshot = telemetry.snapshot()
        #expect(snapshot.count >= 8)
        for count in snapshot {
            for field in [count.model, count.path, count.rule, "\(count.kind)"] {
                #expect(!field.contains(secret), "\(count)")
                #expect(!field.contains(digits), "\(count)")
                #expect(!field.contains("98765"), "\(count)")
            }
        }
    }

    @Test("decodes from several tasks share one telemetry")
    func concurrency() async throws {
        let (decoder, telemetry) = telemetryDecoder()
        let tasks = 8
        let decodesPerTask = 40
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0 ..< tasks {
                group.addTask {
                    for _ in 0 ..< decodesPerTask {
                        _ = try decoder.decode(TelemetryFixtures.Feed.self, from: TelemetryFixtures.feed)
                    }
                }
            }
            try await group.waitForAll()
        }
        let (single, once) = telemetryDecoder()
        _ = try single.decode(TelemetryFixtures.Feed.self, from: TelemetryFixtures.feed)
        let expected = once.snapshot().map { count in
            var count = count
            count.count *= tasks * decodesPerTask
            return count
        }
        #expect(Set(telemetry.snapshot()) == Set(expected))
    }

    @Test("every entry point counts, with and without a report")
    func entryPoints() throws {
        let (decoder, telemetry) = telemetryDecoder()
        let json = TelemetryFixtures.probe(#"id="5""#)
        var report = DecodingReport()
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: json)
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: Data(json.utf8))
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: Data(json.utf8), report: &report)
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: JSONValue(parsing: json))
        _ = try decoder.decode(TelemetryFixtures.Probe.self, from: #"{"data": \#(json)}"#, at: "data")
        var value = TelemetryFixtures.Probe(id: 0, name: "", score: nil, tags: [], owner: .init(id: 0))
        try decoder.update(&value, from: #"{"id": "5"}"#)
        _ = try TelemetryFixtures.Checked.decode(from: #"{"id": "5"}"#, using: decoder)
        let counts = telemetry.snapshot()
        #expect(Set(counts) == [
            Count(model: "Probe", path: "id", kind: .coerced, rule: "string → Int", count: 5),
            Count(model: "Probe", path: "data.id", kind: .coerced, rule: "string → Int", count: 1),
            Count(model: "Checked", path: "id", kind: .coerced, rule: "string → Int", count: 1),
        ])
        #expect(report.events.count == 1)
    }

    @Test("JSON Lines: every line's events, and skipped lines")
    func jsonLines() throws {
        let (decoder, telemetry) = telemetryDecoder()
        let lines = Data("""
            {"id": "1", "level": "info"}
            {"id": 2}
            not json
            {"id": "3", "level": "warn"}
            """.utf8)
        var report = DecodingReport()
        let values = decoder.decodeJSONLines(TelemetryFixtures.Line.self, from: lines, skippingBadLines: &report)
        #expect(values.map(\.id) == [1, 2, 3])
        #expect(Set(telemetry.snapshot()) == [
            Count(model: "Line", path: "id", kind: .coerced, rule: "string → Int", count: 2),
            Count(model: "Line", path: "level", kind: .defaulted, rule: "missing → zero value", count: 1),
            Count(model: "Line", path: "", kind: .dropped, rule: "skipped line", count: 1),
        ])
        #expect(report.events.count == 4)

        telemetry.reset()
        let clean = Data("{\"id\": \"1\", \"level\": \"info\"}\n{\"id\": \"2\", \"level\": \"info\"}\n".utf8)
        _ = try decoder.decodeJSONLines(TelemetryFixtures.Line.self, from: clean)
        #expect(telemetry.snapshot() == [Count(model: "Line", path: "id", kind: .coerced, rule: "string → Int", count: 2)])
    }

    @Test("telemetry with a report counts exactly the report's events, and as much as without one")
    func sameEventsAsReport() throws {
        let (decoder, withReport) = telemetryDecoder()
        var report = DecodingReport()
        _ = try decoder.decode(TelemetryFixtures.Feed.self, from: TelemetryFixtures.feed, report: &report)
        #expect(report.events.count == 9)
        #expect(patternCounts(withReport.snapshot()) == patternCounts(report))

        let (plain, withoutReport) = telemetryDecoder()
        _ = try plain.decode(TelemetryFixtures.Feed.self, from: TelemetryFixtures.feed)
        #expect(withoutReport.snapshot() == withReport.snapshot())
    }

    @Test("many members and patterns under one path, and alternating rows, count as the report does")
    func manyRowsAndPatterns() throws {
        // 40 members of each map: more patterns (owners) and rows (numbers) under one path than a
        // tally lists before it hashes; the grid's rows alternate between repeated and new rows.
        let owners = (0 ..< 40).map { #""o\#($0)": {"id": "\#($0)"}"# }.joined(separator: ", ")
        let numbers = (0 ..< 40).map { #""n\#($0)": "\#($0)""# }.joined(separator: ", ")
        let documents: [(String, (BridgeDecoder, inout DecodingReport) throws -> Void)] = [
            ("{\(owners)}", { _ = try $0.decode([String: TelemetryFixtures.Owner].self, from: "{\(owners)}", report: &$1) }),
            ("{\(numbers)}", { _ = try $0.decode([String: Int].self, from: "{\(numbers)}", report: &$1) }),
            ("grid", { _ = try $0.decode(TelemetryFixtures.Grid.self, from: #"{"rows": [["1", "2", 3], ["4"], [5, "6", "7", "8"], ["9"]]}"#, report: &$1) }),
        ]
        for (name, decode) in documents {
            let (decoder, telemetry) = telemetryDecoder()
            var report = DecodingReport()
            try decode(decoder, &report)
            try decode(decoder, &report)
            #expect(!report.isEmpty, "\(name)")
            #expect(patternCounts(telemetry.snapshot()) == patternCounts(report), "\(name)")
        }
    }

    @Test("rules that alternate at one place are separate rows, elements and fields alike")
    func alternatingRules() throws {
        let (decoder, telemetry) = telemetryDecoder()
        // Numeric strings (the decoder's own rule) alternate with Booleans (a coercion rule) at
        // one field, and in the elements of arrays of integers.
        let owners = #"[{"id": "1"}, {"id": true}, {"id": "2"}, {"id": "3"}, {"id": false}, {"id": "4"}]"#
        _ = try decoder.decode([TelemetryFixtures.Owner].self, from: owners)
        _ = try decoder.decode(TelemetryFixtures.Grid.self, from: #"{"rows": [["1", true, "2"], [false, "3"]]}"#)
        let counts = Dictionary(telemetry.snapshot().map { ("\($0.path) \($0.rule)", $0.count) }, uniquingKeysWith: +)
        #expect(counts == ["[].id string → Int": 4, "[].id Boolean → Int": 2, "rows[][] string → Int": 3, "rows[][] Boolean → Int": 2])
    }

    @Test("the repairs inside a value thrown away whole are not counted, as in the report")
    func discardedRepairs() throws {
        let (decoder, telemetry) = telemetryDecoder()
        var report = DecodingReport()
        // The second item's id is coerced, then the item rejects itself: only the rejection counts.
        _ = try decoder.decode(TelemetryFixtures.Batch.self, from: #"{"items": [{"id": "1"}, {"id": "-1"}]}"#, report: &report)
        #expect(patternCounts(telemetry.snapshot()) == patternCounts(report))
        #expect(patternCounts(report)["items[].id coerced"] == 1)
    }

    @Test("path patterns of spelt paths", arguments: [
        ("statuses[3].user.id", "statuses[].user.id"), ("[0][12]", "[][]"), ("a.b", "a.b"), ("", ""),
    ])
    func spelledPattern(_ path: String, _ pattern: String) {
        #expect(pathPattern(path) == pattern)
    }

    static let keyTypeNames: [(keyType: String, owner: String?)] = [
        ("App.Status.CodingKeys", "Status"), ("App.Feed.Status.CodingKeys", "Status"), ("App.Keys", nil),
        ("App.Box<App.Item>.CodingKeys", "Box<App.Item>"), ("App.Status.(unknown context at $10a4).CodingKeys", "Status"),
        ("App.(unknown context at $10a4).Keys", nil),
    ]

    @Test("model names from reflected key type names", arguments: keyTypeNames)
    func enclosingNames(_ name: String, _ owner: String?) {
        #expect(enclosingTypeName(name) == owner)
    }
}
