import CodableBridge
import Foundation

// Models used by the mapping tests. Each mirrors a case of YYModel's own test suite
// (YYTestCustomMapper, YYTestNestModel, YYTestContainer, YYTestBlacklist/Whitelist,
// YYTestCustomClass, YYTestCustomTransform), restated for Swift.

struct Book: MappableCodable, Equatable {
    var name: String
    var desc: String?
    var bookID: Int
    var pages: Int = 0

    static var keyMapping: KeyMapping {
        ["name": "n",
         "desc": "ext.desc",
         "bookID": ["id", "ID", "book_id"]]
    }
}

struct Paths: MappableCodable, Equatable {
    var dotted: String?
    var literal: String?
    var segments: String?
    var deep: Int?

    static var keyMapping: KeyMapping {
        ["dotted": "a.b",
         "literal": .key("x.y"),
         "segments": .path(["p", "q.r"]),
         "deep": "one.two.three"]
    }
}

/// Several properties read the same key (YYModel allows it).
struct SharedKey: MappableCodable, Equatable {
    var first: String
    var second: String

    static var keyMapping: KeyMapping { ["first": "name", "second": "name"] }
}

struct Filtered: MappableCodable, Equatable {
    var kept: String = ""
    var secret: String = ""
    var other: Int = 0

    static var ignoredProperties: Set<String> { ["secret"] }
}

struct Allowed: MappableCodable, Equatable {
    var a: Int?
    var b: Int?
    var c: Int?

    static var onlyProperties: Set<String>? { ["a", "c"] }
}

class Figure: MappableCodable, @unchecked Sendable {
    var name: String

    init(name: String) { self.name = name }

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
    }

    class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["type"]?.stringValue {
        case "circle": RoundFigure.self
        case "square": SquareFigure.self
        default: nil
        }
    }

    /// Writes the tag `decodingType(for:)` reads, so figures keep their class through a round trip.
    func didEncode(into json: inout JSONObject) throws {
        switch self {
        case is RoundFigure: json["type"] = "circle"
        case is SquareFigure: json["type"] = "square"
        default: break
        }
    }
}

extension Figure: Equatable {
    static func == (lhs: Figure, rhs: Figure) -> Bool {
        guard type(of: lhs) == type(of: rhs), lhs.name == rhs.name else { return false }
        switch (lhs, rhs) {
        case let (l as RoundFigure, r as RoundFigure): return l.radius == r.radius
        case let (l as SquareFigure, r as SquareFigure): return l.side == r.side
        default: return true
        }
    }
}

final class RoundFigure: Figure, @unchecked Sendable {
    var radius: Double

    private enum CodingKeys: String, CodingKey { case radius }

    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        radius = try c.decode(Double.self, forKey: .radius)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(radius, forKey: .radius)
        try super.encode(to: encoder)
    }
}

final class SquareFigure: Figure, @unchecked Sendable {
    var side: Double

    private enum CodingKeys: String, CodingKey { case side }

    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        side = try c.decode(Double.self, forKey: .side)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(side, forKey: .side)
        try super.encode(to: encoder)
    }
}

struct Drawing: MappableCodable, Equatable {
    var main: Figure
    var shapes: [Figure]
    var named: [String: Figure]
    var backup: Figure?
}

/// `elementTypes` picks the concrete class where the JSON has no type tag.
struct CircleDrawing: MappableCodable, Equatable {
    var main: Figure
    var shapes: [Figure]
    var lookup: [String: Figure]

    static var elementTypes: [String: any Codable.Type] {
        ["main": RoundFigure.self, "shapes": RoundFigure.self, "lookup": RoundFigure.self]
    }
}

/// Rewrites its input and validates its output; rejects `"invalid": true`.
struct Hooked: MappableCodable, Equatable {
    var value: Int
    var label: String = ""

    static func willDecode(_ json: JSONValue) throws -> JSONValue {
        guard case .object(var object) = json else { return json }
        if object["invalid"] == true { throw HookError.rejected }
        if let legacy = object["legacy_value"] { object["value"] = legacy }
        return .object(object)
    }

    mutating func didDecode(from json: JSONValue) throws {
        if value < 0 { throw HookError.negative }
        label = "seen \(json["value"]?.description ?? "?")"
    }
}

enum HookError: Error, Equatable { case rejected, negative }

struct HookedHolder: MappableCodable, Equatable {
    var required: Hooked
    var optional: Hooked?
    var list: [Hooked]
    var map: [String: Hooked]
}

struct Settings: MappableCodable, DefaultInitializable, Equatable {
    var pageSize = 20
    var theme = "light"
    var tags: [String] = ["default"]

    init() {}
}

struct BadEmptyKey: MappableCodable { var a: Int; static var keyMapping: KeyMapping { ["a": ""] } }
struct BadEmptySegment: MappableCodable { var a: Int; static var keyMapping: KeyMapping { ["a": "ext..desc"] } }
struct BadEmptyAlternates: MappableCodable { var a: Int; static var keyMapping: KeyMapping { ["a": .alternates([])] } }
/// An ignored property of a `DefaultInitializable` model keeps its declared default.
struct IgnoredDeclared: MappableCodable, DefaultInitializable, Equatable {
    var one = "some"
    var two = ""
    static var ignoredProperties: Set<String> { ["one"] }
}

/// Mapped and ignored: ignore wins (YYModel's blacklist), not a table error.
struct IgnoredAndMapped: MappableCodable, DefaultInitializable, Equatable {
    var a = "declared"
    var b = 0
    static var keyMapping: KeyMapping { ["a": "x", "b": "y"] }
    static var ignoredProperties: Set<String> { ["a"] }
}
struct BadOnlyAndIgnored: MappableCodable {
    var a: Int
    static var onlyProperties: Set<String>? { ["a"] }
    static var ignoredProperties: Set<String> { ["a"] }
}
struct BadUnknownProperty: MappableCodable { var a: Int; static var keyMapping: KeyMapping { ["titel": "t"] } }
struct BadUnknownIgnored: MappableCodable { var a: Int; static var ignoredProperties: Set<String> { ["b"] } }
