import Foundation
import Testing
@testable import CodableBridge

// `update(_:from:)` changes only what the patch sets: every current value survives bit for bit
// under every decoder configuration (UpdateConfiguration.all), and a present value that is not
// converted keeps the current value, reported.

@Suite("update changes only what the patch sets")
struct UpdateKeepsValuesTests {
    @Test("for every fixture model and configuration: {} changes nothing, a one-property patch changes that property",
          arguments: UpdateSample.all)
    func fixtures(_ sample: UpdateSample) throws {
        for configuration in UpdateConfiguration.all {
            try sample.check(configuration, #_sourceLocation)
        }
    }

    @Test("values a re-encode would change survive bit for bit, absent or next to a patched property",
          arguments: UpdateConfiguration.all.map(\.description))
    func edgeValues(configuration name: String) throws {
        // safe in a test: the name comes from the same list
        let decoder = UpdateConfiguration.all.first { $0.description == name }!.decoder
        var value = UpdateEdgeValues()
        try decoder.update(&value, from: #"{"title": "b", "inner": {"name": "n"}}"#)
        var expected = UpdateEdgeValues()
        expected.title = "b"
        expected.inner.name = "n"
        #expect(value == expected)
        #expect(value.date.timeIntervalSince1970 == 1_700_000_000.123)
        #expect(value.nan.bitPattern == Double(nan: 0x5_1234, signaling: false).bitPattern)
        #expect(value.negativeZero.sign == .minus)
        #expect(value.inner.at == UpdateEdgeInner().at)
    }

    @Test("several properties on one key keep their own values when the patch lacks the key")
    func sharedKey() throws {
        var value = SharedKey(first: "a", second: "b")
        try BridgeDecoder().update(&value, from: #"{"other": 1}"#)
        #expect(value == SharedKey(first: "a", second: "b"))
    }

    @Test("a present value that is not converted keeps the current value and is reported",
          arguments: [
              (#"{"maybeURL": 12}"#, "maybeURL"), (#"{"maybeDate": true}"#, "maybeDate"),
              (#"{"title": [1]}"#, "title"), (#"{"date": {"a": 1}}"#, "date"), (#"{"decimal": "x"}"#, "decimal"),
          ])
    func notConvertedKeepsCurrent(patch: String, path: String) throws {
        var decoder = BridgeDecoder()
        decoder.coercion = .yyModel
        var value = UpdateEdgeValues()
        var report = DecodingReport()
        try decoder.update(&value, from: patch, report: &report)
        #expect(value == UpdateEdgeValues())
        #expect(report.events.count == 1)
        #expect(report.events(at: path).map(\.kind) == [.defaulted])
        #expect(report.events(at: path).first?.detail.hasSuffix("; kept the current value") == true)
    }

    @Test("the YYModel cases of the issue: a number for a URL? or a Date? keeps the current value")
    func yyModelNumberForURLAndDate() throws {
        var decoder = BridgeDecoder()
        decoder.coercion = .yyModel
        var value = UpdateEdgeValues()
        try decoder.update(&value, from: #"{"maybeURL": 1, "maybeDate": 2, "title": "b"}"#)
        #expect(value.maybeURL == URL(string: "https://example.com/x"))
        #expect(value.maybeDate == Date(timeIntervalSince1970: 0.5))
        #expect(value.title == "b")
    }

    @Test("a null word and an explicit null still set an optional to nil")
    func nullsSetNil() throws {
        var decoder = BridgeDecoder()
        decoder.coercion = .yyModel
        var value = UpdateEdgeValues()
        try decoder.update(&value, from: #"{"maybeURL": null, "maybeDate": "<null>"}"#)
        #expect(value.maybeURL == nil)
        #expect(value.maybeDate == nil)
    }

    @Test("a model rejected by its hook keeps the current value (reported)")
    func rejectedKeepsCurrent() throws {
        var value = YYShelter(star: YYDog(name: "d", breed: "b"))
        var report = DecodingReport()
        try BridgeDecoder().update(&value, from: #"{"star": {"n": "x", "banned": true}}"#, report: &report)
        #expect(value.star == YYDog(name: "d", breed: "b"))
        #expect(report.events(at: "star").map(\.kind) == [.rejected, .defaulted])
    }

    @Test("under .strict an unconverted value is an error, and the value is left unchanged")
    func strictThrows() {
        var value = UpdateEdgeValues()
        expectDecodingError(.typeMismatch, codingPath: "title") {
            try BridgeDecoder.foundationCompatible.update(&value, from: #"{"title": 1}"#)
        }
        #expect(value == UpdateEdgeValues())
    }

    @Test("a class model keeps its subclass and, where the patch does not reach, its instances")
    func classModels() throws {
        let rex = YYPuppy(name: "Rex", breed: "pug", weeks: 3)
        var leash = YYLeash(id: 1, dog: rex)
        try BridgeDecoder().update(&leash, from: #"{"id": 2}"#)
        #expect(leash.dog === rex)
        try BridgeDecoder().update(&leash, from: #"{"dog": {"n": "Max"}}"#)
        #expect(leash.dog == YYPuppy(name: "Max", breed: "pug", weeks: 3))
        #expect(leash.dog !== rex)
        try BridgeDecoder().update(&leash, from: #"{"dog": {"n": "Cat", "kind": "dog", "info": {"breed": "x"}}}"#)
        #expect(type(of: leash.dog) == YYDog.self)
    }

    @Test("dictionaries merge member by member; a member the patch drops keeps its current value")
    func dictionaries() throws {
        var value = UpdateEdgeInner()
        try BridgeDecoder().update(&value, from: #"{"scores": {"a": "x", "c": 3}}"#)
        #expect(value.scores["a"] == 0.1)
        #expect(value.scores["b"]?.sign == .minus)
        #expect(value.scores["c"] == 3)
    }

    @Test("an optional or a dictionary at the root merges like a model")
    func roots() throws {
        var optional: YYNestUser? = YYNestUser(uid: 9, name: "u")
        try BridgeDecoder().update(&optional, from: #"{"name": "p"}"#)
        #expect(optional == YYNestUser(uid: 9, name: "p"))
        var byName = ["a": YYNestUser(uid: 1, name: "a"), "b": YYNestUser(uid: 2, name: "b")]
        try BridgeDecoder().update(&byName, from: #"{"b": {"name": "p"}}"#)
        #expect(byName == ["a": YYNestUser(uid: 1, name: "a"), "b": YYNestUser(uid: 2, name: "p")])
    }

    @Test("arrays in the patch replace the current array")
    func arraysReplace() throws {
        var value = UpdateEdgeValues()
        try BridgeDecoder().update(&value, from: #"{"dates": []}"#)
        #expect(value.dates.isEmpty)
    }
}

@Suite("Entry points: every input, with and without a report")
struct EntryPointReportTests {
    enum Input: String, CaseIterable, Sendable { case data, string, tree, foundation }

    static let patch = #"{"title": 5, "nickname": "n"}"#

    @Test("update from Data, String, JSONValue and Foundation objects, each with a report", arguments: Input.allCases)
    func update(_ input: Input) throws {
        var plain = UpdateEdgeValues()
        var reported = UpdateEdgeValues()
        var report = DecodingReport()
        let decoder = BridgeDecoder()
        switch input {
        case .data:
            try decoder.update(&plain, from: Data(Self.patch.utf8))
            try decoder.update(&reported, from: Data(Self.patch.utf8), report: &report)
        case .string:
            try decoder.update(&plain, from: Self.patch)
            try decoder.update(&reported, from: Self.patch, report: &report)
        case .tree:
            let tree = try JSONValue(parsing: Self.patch)
            try decoder.update(&plain, from: tree)
            try decoder.update(&reported, from: tree, report: &report)
        case .foundation:
            let object = try JSONSerialization.jsonObject(with: Data(Self.patch.utf8))
            try decoder.update(&plain, fromJSONObject: object)
            try decoder.update(&reported, fromJSONObject: object, report: &report)
        }
        var expected = UpdateEdgeValues()
        expected.title = "5"
        expected.nickname = "n"
        #expect(plain == expected)
        #expect(reported == expected)
        expectEvents(report, [.coerced("title", #"a number (5) → String "5""#)])
    }

    @Test("decode from Data, String, JSONValue, Foundation objects and at a key path, each with a report",
          arguments: Input.allCases)
    func decode(_ input: Input) throws {
        let json = #"{"v": "12"}"#
        let decoder = BridgeDecoder()
        var report = DecodingReport()
        let value: TableBox<Int>
        switch input {
        case .data: value = try decoder.decode(TableBox<Int>.self, from: Data(json.utf8), report: &report)
        case .string: value = try decoder.decode(TableBox<Int>.self, from: json, report: &report)
        case .tree: value = try decoder.decode(TableBox<Int>.self, from: try JSONValue(parsing: json), report: &report)
        case .foundation:
            value = try decoder.decode(TableBox<Int>.self, fromJSONObject: ["v": "12"], report: &report)
        }
        #expect(value.v == 12)
        expectEvents(report, [.coerced("v", #"a string ("12") → Int 12"#)])
    }

    @Test("decode at a key path with a report: event paths start at the document root")
    func decodeAtKeyPath() throws {
        var report = DecodingReport()
        let value = try BridgeDecoder().decode(TableBox<Int>.self, from: Data(#"{"data": {"v": "7"}}"#.utf8), at: "data", report: &report)
        #expect(value.v == 7)
        expectEvents(report, [.coerced("data.v", #"a string ("7") → Int 7"#)])
    }

    struct Two: Codable {
        var a: TableBox<Int>
        var b: TableBox<Int>
    }

    @Test("events recorded before an error stay in the report")
    func eventsBeforeError() {
        var decoder = BridgeDecoder()
        decoder.missingValueStrategy = .throw
        var report = DecodingReport()
        #expect(throws: DecodingError.self) {
            _ = try decoder.decode(Two.self, from: #"{"a": {"v": "1"}, "b": {}}"#, report: &report)
        }
        #expect(report.events(at: "a.v").map(\.kind) == [.coerced])
    }
}

/// The example of Docs/Mapping.md, "Updating a value".
struct UpdateDocsProfile: MappableCodable, Equatable {
    var name: String
    var age: Int
    var joined: Date
    var homepage: URL?
    static var keyMapping: KeyMapping { ["homepage": "url"] }
}

@Suite("update: the documented example")
struct UpdateDocsExampleTests {
    @Test("Docs/Mapping.md's example gives the documented value and report")
    func example() throws {
        let joined = Date(timeIntervalSince1970: 1_700_000_000.123)
        var profile = UpdateDocsProfile(name: "Ada", age: 36, joined: joined, homepage: URL(string: "https://ada.example"))
        var report = DecodingReport()
        try BridgeDecoder().update(&profile, from: #"{"name": "Ada L.", "age": "old", "url": 12}"#, report: &report)
        #expect(profile == UpdateDocsProfile(name: "Ada L.", age: 36, joined: joined, homepage: URL(string: "https://ada.example")))
        #expect(report.description == """
            DecodingReport: 2 events
              age
                defaulted: a string ("old") not converted (it is not a number); kept the current value
              homepage
                defaulted: a number (12) not converted; kept the current value
            """)
    }
}
