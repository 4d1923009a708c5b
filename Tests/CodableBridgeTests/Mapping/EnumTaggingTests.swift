import Foundation
import Testing
@testable import CodableBridge

enum ExternalShape: MappableCodable, Equatable, Hashable {
    case circle(radius: Double)
    case square(Double)
    case none
    static var keyMapping: KeyMapping { ["circle": "CIRCLE"] }
}

enum InternalShape: MappableCodable, Equatable, Hashable {
    case circle(radius: Double)
    case rect(width: Int, height: Int)
    case square(Double)
    case none
    static var enumTagging: EnumTagging { .internal(tagKey: "type") }
    static var keyMapping: KeyMapping { ["rect": "rectangle"] }
}

enum AdjacentShape: MappableCodable, Equatable, Hashable {
    case circle(radius: Double)
    case none
    static var enumTagging: EnumTagging { .adjacent(tagKey: "type", contentKey: "value") }
}

enum TaggedClash: MappableCodable, Equatable {
    case item(type: String)
    static var enumTagging: EnumTagging { .internal(tagKey: "type") }
}

/// Hooks and coercion still apply to the payload.
enum TaggedHooked: MappableCodable, Equatable {
    case count(n: Int)
    static var enumTagging: EnumTagging { .internal(tagKey: "kind") }
    static func willDecode(_ json: JSONValue) throws -> JSONValue {
        guard case .object(var object) = json else { return json }
        if object["kind"] == nil { object["kind"] = "count" }
        return .object(object)
    }
    func didEncode(into json: inout JSONObject) throws {
        json["v"] = 2
    }
}

enum PlainExternal: MappableCodable, Equatable {
    case one(a: Int)
}

struct TaggedStruct: MappableCodable {
    var a = 1
    static var enumTagging: EnumTagging { .internal(tagKey: "type") }
}

enum TaggedEmptyKey: MappableCodable {
    case one
    static var enumTagging: EnumTagging { .adjacent(tagKey: "", contentKey: "c") }
}

struct TaggedDrawing: MappableCodable, Equatable {
    var main: InternalShape
    var optional: InternalShape?
    var list: [InternalShape]
    var set: Set<InternalShape>
    var map: [String: AdjacentShape]
}

@Suite("Tagged enums")
struct EnumTaggingTests {
    let decoder = BridgeDecoder()
    let encoder: BridgeEncoder = {
        var encoder = BridgeEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    @Test("internal tagging both ways", arguments: [
        (InternalShape.circle(radius: 2), #"{"radius":2,"type":"circle"}"#),
        (.rect(width: 3, height: 4), #"{"height":4,"type":"rectangle","width":3}"#),
        (.square(5), #"{"_0":5,"type":"square"}"#),
        (.none, #"{"type":"none"}"#),
    ])
    func internalTagging(value: InternalShape, json: String) throws {
        #expect(try encoder.encodeToString(value) == json)
        #expect(try decoder.decode(InternalShape.self, from: json) == value)
    }

    @Test("adjacent tagging both ways", arguments: [
        (AdjacentShape.circle(radius: 2), #"{"type":"circle","value":{"radius":2}}"#),
        (.none, #"{"type":"none"}"#),
    ])
    func adjacentTagging(value: AdjacentShape, json: String) throws {
        #expect(try encoder.encodeToString(value) == json)
        #expect(try decoder.decode(AdjacentShape.self, from: json) == value)
    }

    @Test("adjacent tagging accepts an explicit empty content for a case without values")
    func adjacentEmptyContent() throws {
        #expect(try decoder.decode(AdjacentShape.self, from: #"{"type":"none","value":{}}"#) == AdjacentShape.none)
    }

    @Test("external tagging is Swift's form; keyMapping renames a case")
    func externalTagging() throws {
        #expect(try encoder.encodeToString(ExternalShape.circle(radius: 2)) == #"{"CIRCLE":{"radius":2}}"#)
        #expect(try encoder.encodeToString(ExternalShape.none) == #"{"none":{}}"#)
        #expect(try decoder.decode(ExternalShape.self, from: #"{"CIRCLE":{"radius":2}}"#) == .circle(radius: 2))
        #expect(try decoder.decode(ExternalShape.self, from: #"{"square":{"_0":1}}"#) == .square(1))
    }

    /// Portable mode cannot list a coding-key enum's cases (Runtime/TypeShape.swift), nor tell an
    /// enum from a struct by its type: its errors name the unknown tag without the known ones.
    #if CODABLEBRIDGE_PORTABLE
    static let listsKnownTags = false
    #else
    static let listsKnownTags = true
    #endif

    @Test("an unknown tag names the tag and lists the known ones", arguments: [
        (#"{"type":"triangle","radius":1}"#, #""triangle""#),
        (#"{"type":"rect","width":1,"height":1}"#, #""rect""#),  // renamed: the case name is not a tag
    ])
    func unknownTag(json: String, tag: String) throws {
        let error = try #require(throws: DecodingError.self) { try decoder.decode(InternalShape.self, from: json) }
        let text = "\(error)"
        #expect(text.contains("Unknown tag \"type\" value \(tag)"))
        #expect(text.contains(#"known: "circle", "rectangle", "square", "none""#) || !Self.listsKnownTags)
    }

    @Test("an unknown external key is named too")
    func unknownExternal() throws {
        let error = try #require(throws: DecodingError.self) { try decoder.decode(ExternalShape.self, from: #"{"circle":{"radius":1}}"#) }
        #expect("\(error)".contains(#"known: "CIRCLE", "square", "none""#) || !Self.listsKnownTags)
    }

    @Test("a plain external enum without renames keeps Swift's own error")
    func plainExternal() throws {
        #expect(try decoder.decode(PlainExternal.self, from: #"{"one": {"a": 1}}"#) == .one(a: 1))
        let error = try #require(throws: DecodingError.self) { try decoder.decode(PlainExternal.self, from: #"{"two": {}}"#) }
        #expect("\(error)".contains("Invalid number of keys found, expected one."))
    }

    @Test("a missing or non-string tag is a clear error", arguments: [
        (#"{"radius":1}"#, #"the tag member "type" is missing"#),
        (#"{"type":3}"#, #"the tag member "type" holds 3"#),
    ])
    func badTag(json: String, message: String) throws {
        let error = try #require(throws: DecodingError.self) { try decoder.decode(InternalShape.self, from: json) }
        #expect("\(error)".contains(message))
    }

    @Test("properties, optionals, arrays, sets and dictionaries")
    func everyLevel() throws {
        let json = #"""
        {"main": {"type": "circle", "radius": 1}, "optional": {"type": "none"},
         "list": [{"type": "square", "_0": 2}], "set": [{"type": "none"}],
         "map": {"a": {"type": "circle", "value": {"radius": 3}}}}
        """#
        let drawing = try decoder.decode(TaggedDrawing.self, from: json)
        let expected = TaggedDrawing(main: .circle(radius: 1), optional: InternalShape.none, list: [.square(2)], set: [InternalShape.none],
                               map: ["a": .circle(radius: 3)])
        #expect(drawing == expected)
        let back = try decoder.decode(TaggedDrawing.self, from: try encoder.encode(drawing))
        #expect(back == expected)
    }

    @Test("in a lenient array an unknown tag drops the element, reported")
    func lenientDrop() throws {
        var report = DecodingReport()
        let shapes = try decoder.decode([InternalShape].self, from: Data(#"[{"type":"none"},{"type":"hexagon"}]"#.utf8), report: &report)
        #expect(shapes == [InternalShape.none])
        #expect(report.events.contains { $0.path == "[1]" && $0.kind == .dropped && $0.detail.contains("hexagon") })
        var strict = BridgeDecoder()
        strict.coercion = .strict
        #expect(throws: DecodingError.self) { try strict.decode([InternalShape].self, from: #"[{"type":"hexagon"}]"#) }
    }

    @Test("an unknown tag in an optional property is nil, reported (lenient); an error under .strict")
    func optionalUnknownTag() throws {
        let json = #"{"main": {"type": "none"}, "optional": {"type": "blob"}, "list": [], "set": [], "map": {}}"#
        var report = DecodingReport()
        let drawing = try decoder.decode(TaggedDrawing.self, from: Data(json.utf8), report: &report)
        #expect(drawing.optional == nil)
        #expect(report.events.contains { $0.path == "optional" && $0.kind == .defaulted && $0.detail.contains(#"Unknown tag "type" value "blob""#) })
        var strict = BridgeDecoder()
        strict.coercion = .strict
        let error = try #require(throws: DecodingError.self) { try strict.decode(TaggedDrawing.self, from: json) }
        guard case .dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(pathString(context.codingPath) == "optional")
        #expect(context.debugDescription.contains(#"known: "circle", "rectangle", "square", "none""#) || !Self.listsKnownTags)
    }

    @Test("an unknown tag in a non-optional property fails the parent at the property's path")
    func requiredUnknownTag() throws {
        let json = #"{"main": {"type": "blob"}, "list": [], "set": [], "map": {}}"#
        let error = try #require(throws: DecodingError.self) { try decoder.decode(TaggedDrawing.self, from: json) }
        guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(pathString(context.codingPath) == "main")
        #expect(context.debugDescription.contains(#"Unknown tag "type" value "blob""#))
    }

    @Test("coercion applies to the associated values; the report path is the enum's")
    func coercion() throws {
        var report = DecodingReport()
        let drawing = try decoder.decode([InternalShape].self, from: Data(#"[{"type":"circle","radius":"2.5"}]"#.utf8), report: &report)
        #expect(drawing == [.circle(radius: 2.5)])
        #expect(report.events.contains { $0.path == "[0].circle.radius" && $0.kind == .coerced })
    }

    @Test("willDecode sees the tagged form, didEncode the tagged result")
    func hooks() throws {
        #expect(try decoder.decode(TaggedHooked.self, from: #"{"n": 3}"#) == .count(n: 3))
        #expect(try encoder.encodeToString(TaggedHooked.count(n: 1)) == #"{"kind":"count","n":1,"v":2}"#)
    }

    @Test("an associated value named like the tag key cannot be encoded internally")
    func clash() throws {
        let error = try #require(throws: EncodingError.self) { try encoder.encode(TaggedClash.item(type: "x")) }
        #expect("\(error)".contains(#"associated value named "type""#))
    }

    @Test("enumTagging on a struct, or with an empty tag key, is an invalid table")
    func invalidTables() throws {
        let error = try #require(throws: DecodingError.self) { try decoder.decode(TaggedStruct.self, from: #"{"a": 1}"#) }
        // Portable mode cannot tell a struct from an enum: the decode fails on the missing tag instead.
        #expect("\(error)".contains(Self.listsKnownTags ? "TaggedStruct is not an enum" : #"the tag member "type" is missing"#))
        #expect(throws: EncodingError.self) { try encoder.encode(TaggedStruct()) }
        let empty = try #require(throws: DecodingError.self) { try decoder.decode(TaggedEmptyKey.self, from: #"{"": "one"}"#) }
        #expect("\(empty)".contains("the tag key is empty"))
    }

    @Test("update replaces a tagged enum property with the document's case")
    func update() throws {
        var drawing = TaggedDrawing(main: .circle(radius: 1), optional: nil, list: [], set: [], map: [:])
        try decoder.update(&drawing, from: Data(#"{"main": {"type": "rectangle", "width": 1, "height": 2}}"#.utf8))
        #expect(drawing.main == .rect(width: 1, height: 2))
        #expect(drawing.list.isEmpty)
        try decoder.update(&drawing, from: Data(#"{"list": [{"type": "none"}]}"#.utf8))
        #expect(drawing.main == .rect(width: 1, height: 2))  // not in the patch: kept
        #expect(drawing.list == [InternalShape.none])
    }
}
