import Foundation
import Testing
@testable import CodableBridge

// Repairs lenient policies make and report, for values that used to be absorbed silently or to
// throw:
//
//     rule                                         lenient, yyModel                            strict
//     UUID with surrounding whitespace             trimmed, .coerced                           dataCorrupted
//     key path through a non-object ("ext": "x")   nil / default, .defaulted "ext is a string,  nil / keyNotFound, no event
//                                                  not an object"
//     Decimal out of range (1e400)                 not converted: nil / default, .defaulted    dataCorrupted

/// `{"v": …}`.
struct RepairBox<T: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    var v: T
}

struct RepairOptionalBox<T: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    var v: T?
}

struct RepairPathBook: MappableCodable, Equatable, Sendable {
    var desc: String?
    var title = ""
    static var keyMapping: KeyMapping { ["desc": "ext.desc"] }
}

struct RepairPathRequired: MappableCodable, Equatable, Sendable {
    var desc: String
    static var keyMapping: KeyMapping { ["desc": "ext.desc"] }
}

/// A deeper path, and an alternate after it.
struct RepairPathDeep: MappableCodable, Equatable, Sendable {
    var city: String?
    static var keyMapping: KeyMapping { ["city": ["user.address.city", "town"]] }
}

final class RepairPathAnimal: BridgeObject, @unchecked Sendable {
    var breed: String?

    override init() { super.init() }

    override class var keyMapping: KeyMapping { ["breed": "info.breed"] }

    private enum CodingKeys: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decodeIfPresent(String.self, forKey: .breed)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(breed, forKey: .breed)
        try super.encode(to: encoder)
    }
}

private let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

@Suite("Lenient repairs are reported")
struct LenientRepairEventTests {
    // MARK: UUID

    @Test("a UUID with surrounding whitespace is trimmed", arguments: [
        " E621E1F8-C36C-495A-93FC-0C247A3E6E5F ",
        "\\nE621E1F8-C36C-495A-93FC-0C247A3E6E5F\\t",
        "  e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
    ])
    func paddedUUID(text: String) throws {
        let json = #"{"v": "\#(text)"}"#
        let event = ExpectedEvent.coerced("v", "→ UUID E621E1F8-C36C-495A-93FC-0C247A3E6E5F (string → UUID (trimmed))")
        for preset in [ReportPreset.lenient, .yyModel] {
            let (value, report) = try decodeReporting(RepairBox<UUID>.self, json, preset: preset)
            #expect(value.v == uuid)
            expectEvents(report, [event])
            let (optional, optionalReport) = try decodeReporting(RepairOptionalBox<UUID>.self, json, preset: preset)
            #expect(optional.v == uuid)
            expectEvents(optionalReport, [event])
            let (array, arrayReport) = try decodeReporting(RepairBox<[UUID]>.self, #"{"v": ["\#(text)"]}"#, preset: preset)
            #expect(array.v == [uuid])
            expectEvents(arrayReport, [.coerced("v[0]", "(string → UUID (trimmed))")])
        }
        expectDecodingError(.dataCorrupted, codingPath: "v") { try decodeReporting(RepairBox<UUID>.self, json, preset: .strict).0 }
        expectDecodingError(.dataCorrupted, codingPath: "v") { try BridgeDecoder.foundationCompatible.decode(RepairBox<UUID>.self, from: Data(json.utf8)) }
    }

    @Test("an exact UUID is not reported; whitespace alone or inside is no UUID")
    func exactAndInvalidUUIDs() throws {
        let (exact, report) = try decodeReporting(RepairBox<UUID>.self, #"{"v": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#)
        #expect(exact.v == uuid)
        #expect(report.isEmpty)
        for text in ["   ", "E621E1F8 -C36C-495A-93FC-0C247A3E6E5F"] {
            let (value, events) = try decodeReporting(RepairOptionalBox<UUID>.self, #"{"v": "\#(text)"}"#)
            #expect(value.v == nil)
            expectEvents(events, [.defaulted("v", "not converted to UUID (Attempted to decode UUID from invalid UUID string.); used nil")])
        }
    }

    // MARK: Key paths through a non-object

    @Test("a key path whose parent is not an object", arguments: [
        (#"{"ext": "oops", "title": "t"}"#, "ext is a string, not an object"),
        (#"{"ext": 5, "title": "t"}"#, "ext is a number, not an object"),
        (#"{"ext": true, "title": "t"}"#, "ext is a Boolean, not an object"),
        (#"{"ext": [1], "title": "t"}"#, "ext is an array, not an object"),
    ])
    func nonObjectParent(json: String, message: String) throws {
        for preset in [ReportPreset.lenient, .yyModel] {
            let (book, report) = try decodeReporting(RepairPathBook.self, json, preset: preset)
            #expect(book == RepairPathBook(desc: nil, title: "t"))
            expectEvents(report, [.defaulted("desc", "\(message); used nil")])
            let (required, requiredReport) = try decodeReporting(RepairPathRequired.self, json, preset: preset)
            #expect(required.desc == "")
            expectEvents(requiredReport, [.defaulted("desc", #"\#(message); used String """#)])
        }
        // Strict: unchanged (absent: nil, or the missing value's default; keyNotFound in
        // foundationCompatible).
        let (book, report) = try decodeReporting(RepairPathBook.self, json, preset: .strict)
        #expect(book == RepairPathBook(desc: nil, title: "t"))
        #expect(report.isEmpty)
        let (required, requiredReport) = try decodeReporting(RepairPathRequired.self, json, preset: .strict)
        #expect(required.desc == "")
        expectEvents(requiredReport, [.defaulted("desc", #"missing; used String """#)])
        expectDecodingError(.keyNotFound, codingPath: "", key: "desc") {
            try BridgeDecoder.foundationCompatible.decode(RepairPathRequired.self, from: Data(json.utf8))
        }
    }

    @Test("a missing or null parent, or a parent object without the leaf, is simply absent")
    func absentParents() throws {
        for json in [#"{"title": "t"}"#, #"{"ext": null, "title": "t"}"#, #"{"ext": {}, "title": "t"}"#] {
            let (book, report) = try decodeReporting(RepairPathBook.self, json)
            #expect(book == RepairPathBook(desc: nil, title: "t"))
            #expect(report.isEmpty, "\(json)")
        }
    }

    @Test("deeper paths name the step that is not an object; a present alternate wins silently")
    func deeperPaths() throws {
        let (deep, report) = try decodeReporting(RepairPathDeep.self, #"{"user": {"address": "Rue X"}}"#)
        #expect(deep.city == nil)
        expectEvents(report, [.defaulted("city", "user.address is a string, not an object; used nil")])
        let (alternate, alternateReport) = try decodeReporting(RepairPathDeep.self, #"{"user": {"address": "Rue X"}, "town": "Paris"}"#)
        #expect(alternate.city == "Paris")
        #expect(alternateReport.isEmpty)
    }

    @Test("in array elements and class models")
    func elementsAndClasses() throws {
        let (books, report) = try decodeReporting([RepairPathBook].self, #"[{"ext": {"desc": "d"}, "title": ""}, {"ext": "oops", "title": ""}]"#)
        #expect(books == [RepairPathBook(desc: "d"), RepairPathBook(desc: nil)])
        expectEvents(report, [.defaulted("[1].desc", "ext is a string, not an object; used nil")])
        let (animal, animalReport) = try decodeReporting(RepairPathAnimal.self, #"{"info": 3}"#)
        #expect(animal.breed == nil)
        expectEvents(animalReport, [.defaulted("breed", "info is a number, not an object; used nil")])
    }

    // MARK: Decimal out of range

    @Test("a Decimal out of range is not converted, like Double and Int", arguments: ["1e400", "-1e400", #""1e400""#])
    func decimalOutOfRange(number: String) throws {
        for preset in [ReportPreset.lenient, .yyModel] {
            let (optional, report) = try decodeReporting(RepairOptionalBox<Decimal>.self, #"{"v": \#(number)}"#, preset: preset)
            #expect(optional.v == nil)
            expectEvents(report, [.defaulted("v", "not converted to Decimal")])
            let (required, requiredReport) = try decodeReporting(RepairBox<Decimal>.self, #"{"v": \#(number)}"#, preset: preset)
            #expect(required.v == 0)
            expectEvents(requiredReport, [.defaulted("v", "used Decimal 0")])
            let (array, arrayReport) = try decodeReporting(RepairBox<[Decimal]>.self, #"{"v": [1, \#(number)]}"#, preset: preset)
            #expect(array.v == [1])
            expectEvents(arrayReport, [.dropped("v[1]", "not converted to Decimal")])
        }
        if !number.hasPrefix("\"") {
            expectDecodingError(.dataCorrupted, codingPath: "v") { try decodeReporting(RepairBox<Decimal>.self, #"{"v": \#(number)}"#, preset: .strict).0 }
        }
    }
}
