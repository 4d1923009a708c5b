import Foundation
@testable import CodableBridge

// MappableCodable models for the encoder's mapping tests (prefixed `Enc` to stay apart from the
// decoder's fixtures).

/// Siblings sharing key-path prefixes.
struct EncMerged: MappableCodable {
    var a = 1
    var b = "two"
    var c = true
    var d: Int? = nil
    var e = 5

    static var keyMapping: KeyMapping {
        ["a": "ext.a", "b": "ext.b", "c": "ext.deep.c", "d": "ext.deep.d", "e": "top"]
    }
}

/// A plain key and a key path through it, in both orders.
struct EncCollision: MappableCodable {
    var ext = "plain"
    var inner = 1

    static var keyMapping: KeyMapping { ["inner": "ext.inner"] }
}

struct EncCollisionReversed: MappableCodable {
    var inner = 1
    var ext = "plain"

    static var keyMapping: KeyMapping { ["inner": "ext.inner"] }
}

/// Several properties mapped to one key: the first one encoded wins.
struct EncShared: MappableCodable {
    var first: String?
    var second: String

    static var keyMapping: KeyMapping { ["first": "name", "second": "name"] }
}

struct EncSpellings: MappableCodable {
    var literal = 1
    var segments = 2
    var alternates = 3
    var pathAlternates = 4

    static var keyMapping: KeyMapping {
        ["literal": .key("v1.2"),
         "segments": .path(["p", "q.r"]),
         "alternates": ["id", "ID", "identifier"],
         "pathAlternates": ["meta.id", "id2"]]
    }
}

struct EncFiltered: MappableCodable {
    var kept = "k"
    var secret = "s"
    var mappedKept = 1

    static var keyMapping: KeyMapping { ["mappedKept": "mapped"] }
    static var ignoredProperties: Set<String> { ["secret"] }
}

struct EncAllowed: MappableCodable {
    var a = 1
    var b = 2
    var c = 3

    static var keyMapping: KeyMapping { ["c": "x.c"] }
    static var onlyProperties: Set<String>? { ["a", "c"] }
}

struct EncStrategy: MappableCodable {
    var bookID = 7
    var pageCount = 300
    var coverURL = "u"

    static var keyMapping: KeyMapping { ["bookID": "bookID", "coverURL": "cover.imageURL"] }
}

/// Edits its own object: adds, renames and removes members.
struct EncEdited: MappableCodable {
    var name = "n"
    var temporary = 1
    var child = EncEditedChild()

    func didEncode(into json: inout JSONObject) throws {
        json["kind"] = "edited"
        json["title"] = json.removeValue(forKey: "name")
        json.removeValue(forKey: "temporary")
        json["childSaw"] = json["child"]?["stamped"] ?? "nothing"
    }
}

struct EncEditedChild: MappableCodable {
    var value = 2

    func didEncode(into json: inout JSONObject) throws {
        json["stamped"] = true
    }
}

struct EncRefusal: Error, Equatable {
    let reason: String
}

/// Refuses to be encoded when `valid` is false.
struct EncValidated: MappableCodable {
    var valid: Bool

    func didEncode(into json: inout JSONObject) throws {
        if !valid { throw EncRefusal(reason: "not valid") }
    }
}

struct EncValidatedHolder: MappableCodable {
    var items: [EncValidated]
}

struct EncInvalidTable: MappableCodable {
    var a = 1
    static var keyMapping: KeyMapping { ["a": "x..y"] }
}

// A three-level class hierarchy; each level maps its own properties and inherits the rest.

class EncBase: MappableCodable, @unchecked Sendable {
    var id = 1
    var createdAt = "2024"

    init() {}
    required init(from decoder: any Decoder) throws { fatalError("encoding only") }

    class var keyMapping: KeyMapping { ["id": "ID", "createdAt": "meta.created"] }
    class var ignoredProperties: Set<String> { [] }

    private enum CodingKeys: String, CodingKey { case id, createdAt }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

class EncMiddle: EncBase, @unchecked Sendable {
    var title = "middle"
    var draft = true

    override init() { super.init() }
    required init(from decoder: any Decoder) throws { fatalError("encoding only") }

    override class var keyMapping: KeyMapping { super.keyMapping.merging(["title": "meta.title"]) { $1 } }
    override class var ignoredProperties: Set<String> { ["draft"] }

    private enum CodingKeys: String, CodingKey { case title, draft }
    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(draft, forKey: .draft)
    }
}

final class EncLeaf: EncMiddle, @unchecked Sendable {
    var score = 9.5
    var tags = ["x"]

    override init() { super.init() }
    required init(from decoder: any Decoder) throws { fatalError("encoding only") }

    override class var keyMapping: KeyMapping { super.keyMapping.merging(["score": "stats.score"]) { $1 } }

    private enum CodingKeys: String, CodingKey { case score, tags }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(score, forKey: .score)
        try container.encode(tags, forKey: .tags)
        try super.encode(to: encoder)
    }
}

/// A mapped model inside plain Codable values.
struct EncPlainHolder: Codable {
    var book: Book
    var books: [Book]
    var byName: [String: Book]
}
