#if canImport(Observation)
import CodableBridge
import Foundation
import Observation
import Testing

// `@Observable` classes: Swift synthesises their `Codable` with the macro's backing storage as
// coding keys (`_name`, `_$observationRegistrar`); both coders read and write them by property
// name. The `CodingKeys` are spelt out as Swift asks for them (listing the registrar), which keeps
// the synthesised conformance free of warnings.

@Observable final class ObservedPerson: Codable {
    var name = ""
    var age = 0
    var email: String?
    @ObservationIgnored var note = ""

    enum CodingKeys: String, CodingKey { case _name, _age, _email, note, _$observationRegistrar }
}

/// Every table keyed by property name.
@Observable final class ObservedBook: MappableCodable {
    var title = ""
    var pageCount = 0
    var isbn = ""
    var cache = ""
    var published = Date(timeIntervalSince1970: 0)
    var extras = JSONObject()

    enum CodingKeys: String, CodingKey { case _title, _pageCount, _isbn, _cache, _published, _extras, _$observationRegistrar }

    static var keyMapping: KeyMapping { ["isbn": ["isbn13", "ISBN"]] }
    static var keyStyle: KeyStyle? { .snakeCase }
    static var ignoredProperties: Set<String> { ["cache"] }
    static var valueTransforms: [String: JSONTransform] { ["published": .secondsSince1970] }
    static var unknownKeysProperty: String? { "extras" }
}

/// A table naming the backing storage instead of the property: not a property of the model.
@Observable final class ObservedStorageNamed: MappableCodable {
    var cache = ""

    enum CodingKeys: String, CodingKey { case _cache, _$observationRegistrar }

    static var ignoredProperties: Set<String> { ["_cache"] }
}

/// A struct whose property really starts with an underscore: its key stays `_x`.
struct UnderscoredStruct: Codable, Equatable {
    var _x: Int
}

struct ObservedTeam: Codable {
    var lead: ObservedPerson
    var members: [ObservedPerson]
}

/// A flag an observation's `onChange` (a `@Sendable` closure) can set.
private final class ChangeFlag: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var raised = false
    var isRaised: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}

@Suite struct ObservableModelTests {
    static let ada = #"{"name": "Ada", "age": 36, "email": "ada@example.com", "note": "n"}"#

    static func sorted() -> BridgeEncoder {
        var encoder = BridgeEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    @Test("a plain Codable @Observable class round-trips by property names", arguments: ReportPreset.allCases)
    func roundTrip(preset: ReportPreset) throws {
        var decoder = BridgeDecoder()
        decoder.coercion = preset.policy
        let person = try decoder.decode(ObservedPerson.self, from: Self.ada)
        #expect(person.name == "Ada")
        #expect(person.age == 36)
        #expect(person.email == "ada@example.com")
        #expect(person.note == "n")
        let text = try Self.sorted().encodeToString(person)
        #expect(text == #"{"age":36,"email":"ada@example.com","name":"Ada","note":"n"}"#)
        let again = try decoder.decode(ObservedPerson.self, from: text)
        #expect(again.name == "Ada" && again.age == 36 && again.email == "ada@example.com")
    }

    @Test("the backing storage's names are not JSON keys: _name is an unknown key, name is missing")
    func storageNamesAreNotKeys() throws {
        var decoder = BridgeDecoder.foundationCompatible
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(ObservedPerson.self, from: #"{"_name": "Ada", "_age": 36, "note": ""}"#)
        }
        guard case .keyNotFound(let key, _) = error else { Issue.record("\(error)"); return }
        #expect(key.stringValue == "name")
        decoder.unknownKeyStrategy = .throw
        #expect(throws: DecodingError.self) { try decoder.decode(ObservedPerson.self, from: #"{"name": "A", "age": 1, "note": "", "_age": 2}"#) }
    }

    @Test("the registrar is never read, reported or written", arguments: [BridgeDecoder.UnknownKeyStrategy.report, .throw])
    func registrarNeverAppears(unknownKeys: BridgeDecoder.UnknownKeyStrategy) throws {
        var decoder = BridgeDecoder.foundationCompatible
        decoder.unknownKeyStrategy = unknownKeys
        var report = DecodingReport()
        let person = try decoder.decode(ObservedPerson.self, from: Data(Self.ada.utf8), report: &report)
        #expect(report.events.isEmpty)
        let encoded = try BridgeEncoder().encodeToJSONValue(person)
        let keys = try #require(encoded.objectValue).keys.sorted()
        #expect(keys == ["age", "email", "name", "note"])
        let book = try BridgeDecoder().decode(ObservedBook.self, from: #"{"title": "T", "published": 0}"#)
        let bookKeys = try #require(try BridgeEncoder().encodeToJSONValue(book).objectValue).keys
        #expect(!bookKeys.contains { $0.hasPrefix("_") })
    }

    @Test("nested in a struct and in arrays, each instance is read and written by property names")
    func nested() throws {
        let json = #"{"lead": {"name": "Ada", "age": 36, "note": ""}, "members": [{"name": "Bo", "age": 7, "note": "x"}]}"#
        let team = try BridgeDecoder().decode(ObservedTeam.self, from: json)
        #expect(team.lead.name == "Ada" && team.members.map(\.name) == ["Bo"] && team.members[0].note == "x")
        let text = try Self.sorted().encodeToString(team)
        #expect(text == #"{"lead":{"age":36,"name":"Ada","note":""},"members":[{"age":7,"name":"Bo","note":"x"}]}"#)
    }

    @Test("mapping tables, key style, ignored properties, transforms and the unknown-keys capture are keyed by property name")
    func tablesByName() throws {
        let json = #"{"title": "Dune", "page_count": 412, "ISBN": "978", "cache": "c", "published": 86400, "signed": true}"#
        let book = try BridgeDecoder().decode(ObservedBook.self, from: json)
        #expect(book.title == "Dune")
        #expect(book.pageCount == 412)
        #expect(book.isbn == "978")
        #expect(book.cache == "")
        #expect(book.published == Date(timeIntervalSince1970: 86400))
        #expect(book.extras == ["signed": true])
        let text = try Self.sorted().encodeToString(book)
        #expect(text == #"{"isbn13":"978","page_count":412,"published":86400,"signed":true,"title":"Dune"}"#)
    }

    @Test("a table naming the backing storage (_cache) names no property: a mapping table error")
    func storageNameInTable() throws {
        let error = try #require(throws: DecodingError.self) {
            try BridgeDecoder().decode(ObservedStorageNamed.self, from: #"{"cache": "c"}"#)
        }
        #expect("\(error)".contains("_cache"))
    }

    @Test("report events and errors name the property, not its storage")
    func reportPaths() throws {
        let (person, report) = try decodeReporting(ObservedPerson.self, #"{"name": "Ada", "age": "36", "note": ""}"#)
        #expect(person.age == 36)
        expectEvents(report, [.coerced("age", "Int 36")])
        let (team, teamReport) = try decodeReporting(ObservedTeam.self, #"{"lead": {"name": 5, "age": 1, "note": ""}, "members": []}"#)
        #expect(team.lead.name == "5")
        #expect(teamReport.events.map(\.path) == ["lead.name"])
        let error = try #require(throws: DecodingError.self) {
            try decodeReporting(ObservedPerson.self, #"{"name": "Ada", "age": "36", "note": ""}"#, preset: .strict)
        }
        guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["age"])
    }

    @Test("a struct property named _x keeps its key _x")
    func underscoredStruct() throws {
        let value = try BridgeDecoder.foundationCompatible.decode(UnderscoredStruct.self, from: #"{"_x": 1}"#)
        #expect(value == UnderscoredStruct(_x: 1))
        #expect(try BridgeEncoder().encodeToString(value) == #"{"_x":1}"#)
        #expect(throws: DecodingError.self) { try BridgeDecoder.foundationCompatible.decode(UnderscoredStruct.self, from: #"{"x": 1}"#) }
    }

    @Test("a decoded instance notifies observers of changes through its setters")
    func decodedInstanceIsObservable() throws {
        guard #available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, visionOS 1.0, *) else { return }
        let person = try BridgeDecoder().decode(ObservedPerson.self, from: Self.ada)
        let changed = ChangeFlag()
        withObservationTracking { _ = person.name } onChange: { changed.raise() }
        person.age = 37
        #expect(!changed.isRaised)
        person.name = "Grace"
        #expect(changed.isRaised)
        let book = try BridgeDecoder().decode(ObservedBook.self, from: #"{"title": "Dune", "published": 0}"#)
        let bookChanged = ChangeFlag()
        withObservationTracking { _ = book.title } onChange: { bookChanged.raise() }
        book.title = "Emma"
        #expect(bookChanged.isRaised)
    }
}
#endif
