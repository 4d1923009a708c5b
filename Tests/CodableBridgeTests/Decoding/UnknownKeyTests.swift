import Foundation
import Testing
@testable import CodableBridge

// `unknownKeyStrategy`: which keys are known (read by init(from:), named by the mapping, every
// alternate, key-path parents and leaves, allKeys readers, JSONValue/dictionary values), what
// `.report` and `.throw` produce, at every nesting level.

struct UKHome: Codable, Equatable {
    var city: String
}

struct UKUser: Codable, Equatable {
    var name: String
    var age: Int?
    var home: UKHome?
    var tags: [UKHome]?
}

struct UKMapped: MappableCodable, Equatable {
    var id: Int = 0
    var desc: String?
    var title: String?
    static var keyMapping: KeyMapping { ["id": ["id", "ID", "book_id"], "desc": "ext.desc", "title": "t"] }
}

struct UKAllKeys: Decodable {
    var count: Int
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        count = container.allKeys.count
    }
}

struct UKNested: Decodable {
    var inner: Int
    enum CodingKeys: String, CodingKey { case box }
    enum BoxKeys: String, CodingKey { case inner }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let box = try container.nestedContainer(keyedBy: BoxKeys.self, forKey: .box)
        inner = try box.decode(Int.self, forKey: .inner)
    }
}

struct UKContains: Decodable {
    var has: Bool
    enum CodingKeys: String, CodingKey { case flag, other }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        has = container.contains(.flag)
        _ = try container.decodeIfPresent(Int.self, forKey: .other)
    }
}

struct UKFree: Codable {
    var any: JSONValue
    var dict: [String: Int]
    var object: JSONObject
}

struct UKIgnored: MappableCodable {
    var a: Int = 0
    var cache: Int = 0
    static var ignoredProperties: Set<String> { ["cache"] }
}

@Suite struct UnknownKeyTests {
    private func reportUnknown<T: Decodable>(_ type: T.Type, _ json: String, preset: ReportPreset = .lenient) throws -> DecodingReport {
        try decodeReporting(T.self, json, preset: preset) { $0.unknownKeyStrategy = .report }.1
    }

    @Test func ignoreIsTheDefaultAndReportsNothing() throws {
        let (_, report) = try decodeReporting(UKUser.self, #"{"name": "Ada", "nmae": 1}"#)
        #expect(BridgeDecoder().unknownKeyStrategy == .ignore)
        expectEvents(report, [])
    }

    @Test(arguments: ReportPreset.allCases)
    func reportsEveryUnknownKeyAtItsPathAtEveryLevel(preset: ReportPreset) throws {
        let json = #"{"name": "Ada", "nmae": 1, "home": {"city": "Paris", "zip": "75"}, "tags": [{"city": "x", "q": 1}]}"#
        let report = try reportUnknown(UKUser.self, json, preset: preset)
        expectEvents(report, [
            .init(path: "home.zip", kind: .unknownKey, detail: #"key "zip" is not read"#),
            .init(path: "tags[0].q", kind: .unknownKey, detail: #"key "q""#),
            .init(path: "nmae", kind: .unknownKey, detail: #"key "nmae""#),
        ])
    }

    @Test func aCleanPayloadReportsNothing() throws {
        let report = try reportUnknown(UKUser.self, #"{"name": "Ada", "age": 3, "home": {"city": "P"}, "tags": []}"#)
        expectEvents(report, [])
    }

    @Test func missingOptionalKeysAreNotUnknownAndAbsentOnesAreRead() throws {
        // decodeIfPresent of "age" reads the key even when it is null.
        let report = try reportUnknown(UKUser.self, #"{"name": "Ada", "age": null}"#)
        expectEvents(report, [])
    }

    @Test func mappingNamesEveryAlternateAndKeyPathParentsAndLeaves() throws {
        let json = #"{"id": 1, "ID": 2, "book_id": 3, "ext": {"desc": "d", "junk": 0}, "t": "x", "title": "own name is not read"}"#
        let report = try reportUnknown(UKMapped.self, json)
        // The model's own object first, then the objects its key paths walk through.
        expectEvents(report, [
            .init(path: "title", kind: .unknownKey, detail: #"key "title" is not read by CodableBridgeTests.UKMapped"#),
            .init(path: "ext.junk", kind: .unknownKey, detail: "junk"),
        ])
    }

    @Test func ignoredPropertiesAreKnown() throws {
        expectEvents(try reportUnknown(UKIgnored.self, #"{"a": 1, "cache": 2, "b": 3}"#), [
            .defaulted("cache", "missing"),
            .init(path: "b", kind: .unknownKey, detail: "b"),
        ])
    }

    @Test func allKeysReadersKnowEveryKey() throws {
        expectEvents(try reportUnknown(UKAllKeys.self, #"{"a": 1, "b": 2}"#), [])
    }

    @Test func nestedContainersAreCheckedAtTheirPath() throws {
        let report = try reportUnknown(UKNested.self, #"{"box": {"inner": 1, "outer": 2}, "x": 0}"#)
        expectEvents(report, [.init(path: "x", kind: .unknownKey, detail: "x"), .init(path: "box.outer", kind: .unknownKey, detail: "outer")])
    }

    @Test func containsAndDecodeIfPresentReadTheirKeys() throws {
        expectEvents(try reportUnknown(UKContains.self, #"{"flag": 1, "other": 2, "more": 3}"#), [.init(path: "more", kind: .unknownKey, detail: "more")])
    }

    @Test func jsonValuesDictionariesAndObjectsKnowAllTheirKeys() throws {
        let json = #"{"any": {"a": {"b": 1}}, "dict": {"x": 1, "y": 2}, "object": {"k": [1, {"z": 0}]}}"#
        expectEvents(try reportUnknown(UKFree.self, json), [])
    }

    @Test func elementsOfTopLevelArraysAreChecked() throws {
        let report = try reportUnknown([UKHome].self, #"[{"city": "a"}, {"city": "b", "c": 1}]"#)
        expectEvents(report, [.init(path: "[1].c", kind: .unknownKey, detail: "c")])
    }

    @Test func reportWithoutAReportDecodesNormally() throws {
        var decoder = BridgeDecoder()
        decoder.unknownKeyStrategy = .report
        #expect(try decoder.decode(UKUser.self, from: #"{"name": "Ada", "x": 1}"#) == UKUser(name: "Ada"))
    }

    @Test(arguments: ReportPreset.allCases)
    func throwNamesTheKeyAtTheObjectsPath(preset: ReportPreset) throws {
        var decoder = BridgeDecoder()
        decoder.coercion = preset.policy
        decoder.unknownKeyStrategy = .throw
        #expect(try decoder.decode(UKUser.self, from: #"{"name": "Ada", "home": {"city": "P"}}"#).home?.city == "P")
        do {
            _ = try decoder.decode(UKUser.self, from: #"{"name": "Ada", "home": {"city": "P", "zip": 1}}"#)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(pathString(context.codingPath) == "home")
            #expect(context.debugDescription.contains(#"Unknown key "zip""#))
        }
    }

    @Test func throwIsNotAbsorbedByLenientContainers() throws {
        var decoder = BridgeDecoder()
        decoder.unknownKeyStrategy = .throw
        #expect(throws: DecodingError.self) {
            _ = try decoder.decode([UKHome].self, from: #"[{"city": "a"}, {"city": "b", "c": 1}]"#)
        }
    }

    @Test func updateIgnoresTheFallbacksKeys() throws {
        var decoder = BridgeDecoder()
        decoder.unknownKeyStrategy = .throw
        var user = UKUser(name: "Ada", age: 3)
        try decoder.update(&user, from: Data(#"{"name": "Bo"}"#.utf8))
        #expect(user == UKUser(name: "Bo", age: 3))
    }
}

struct UKAddress: MappableCodable {
    var city = ""
}

struct UKCustomer: MappableCodable {
    var name = ""
    var address = UKAddress()
    static var keyMapping: KeyMapping { ["address": .flatten] }
}

struct UKStyled: MappableCodable {
    var avatarURL = ""
    static var keyStyle: KeyStyle? { .snakeCase }
}

@Suite struct UnknownKeyShapeTests {
    @Test func flattenedModelsShareTheirParentsCheck() throws {
        let (_, report) = try decodeReporting(UKCustomer.self, #"{"city": "Paris", "name": "Ada", "zip": 1}"#) { $0.unknownKeyStrategy = .report }
        expectEvents(report, [.init(path: "zip", kind: .unknownKey, detail: "zip")])
    }

    @Test func keyStylesReadTheStyledKey() throws {
        let (value, report) = try decodeReporting(UKStyled.self, #"{"avatar_url": "a", "avatarURL": "b"}"#) { $0.unknownKeyStrategy = .report }
        #expect(value.avatarURL == "a")
        expectEvents(report, [.init(path: "avatarURL", kind: .unknownKey, detail: "avatarURL")])
    }
}

/// A shape spelt with its tag among its values, flattened into its owner.
enum UKShape: MappableCodable, Equatable {
    case circle(radius: Double)
    case rect(width: Double, height: Double)
    case none
    static var enumTagging: EnumTagging { .internal(tagKey: "type") }
}

/// The same shape with its values beside the tag.
enum UKAdjacentShape: MappableCodable, Equatable {
    case circle(radius: Double)
    case none
    static var enumTagging: EnumTagging { .adjacent(tagKey: "kind", contentKey: "data") }
}

struct UKDrawing: MappableCodable, Equatable {
    var name = ""
    var shape = UKShape.none
    var extra = JSONObject()
    static var keyMapping: KeyMapping { ["shape": .flatten] }
    static var unknownKeysProperty: String? { "extra" }
}

struct UKAdjacentDrawing: MappableCodable, Equatable {
    var extra = JSONObject()
    var shape = UKAdjacentShape.none
    static var keyMapping: KeyMapping { ["shape": .flatten] }
    static var unknownKeysProperty: String? { "extra" }
}

@Suite struct UnknownKeyTaggedEnumTests {
    /// Document → the shape and what is left over, for every case of a flattened tagged enum.
    static let internalCases: [(json: String, shape: UKShape, extra: JSONObject)] = [
        (#"{"name": "a", "type": "circle", "radius": 2, "x": 1}"#, .circle(radius: 2), ["x": 1]),
        (#"{"type": "rect", "width": 3, "height": 4, "radius": 9, "name": "b"}"#, .rect(width: 3, height: 4), ["radius": 9]),
        (#"{"type": "circle", "radius": 1, "width": 5}"#, .circle(radius: 1), ["width": 5]),
        (#"{"type": "none", "name": "c"}"#, .none, [:]),
    ]

    @Test("Capture leaves out the tag and the members the case reads", arguments: internalCases)
    func internalTagging(_ json: String, _ shape: UKShape, _ extra: JSONObject) throws {
        // One decoder for all cases: what a model reads is learnt once per type, and must hold for every case.
        for document in Self.internalCases.map(\.json) + [json] {
            _ = try BridgeDecoder().decode(UKDrawing.self, from: document)
        }
        let drawing = try BridgeDecoder().decode(UKDrawing.self, from: json)
        #expect(drawing.shape == shape)
        #expect(drawing.extra == extra)
        let (_, report) = try decodeReporting(UKDrawing.self, json) { $0.unknownKeyStrategy = .report }
        #expect(report.events.filter { $0.kind == .unknownKey }.isEmpty, "captured members are not unknown: \(report)")
        // The capture round-trips: decode → encode → decode is the identity.
        let again = try BridgeDecoder().decode(UKDrawing.self, from: BridgeEncoder().encode(drawing))
        #expect(again == drawing)
    }

    @Test("Adjacent tagging: the tag and content members are read")
    func adjacentTagging() throws {
        let drawing = try BridgeDecoder().decode(UKAdjacentDrawing.self, from: #"{"kind": "circle", "data": {"radius": 2}, "z": 0}"#)
        #expect(drawing.shape == .circle(radius: 2))
        #expect(drawing.extra == ["z": 0])
    }

    @Test("Unknown keys beside a flattened tagged enum are reported, its own are not")
    func reported() throws {
        let (value, report) = try decodeReporting(UKDrawingWithoutCapture.self, #"{"type": "rect", "width": 3, "height": 4, "q": 1}"#) {
            $0.unknownKeyStrategy = .report
        }
        #expect(value.shape == .rect(width: 3, height: 4))
        expectEvents(report, [.init(path: "q", kind: .unknownKey, detail: "q")])
    }
}

struct UKDrawingWithoutCapture: MappableCodable, Equatable {
    var shape = UKShape.none
    static var keyMapping: KeyMapping { ["shape": .flatten] }
}
