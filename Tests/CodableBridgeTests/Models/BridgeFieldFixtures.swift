import CodableBridge
import Foundation

// Two copies of one three-level class hierarchy, YYModel style, with every table:
//
//   FAnimal / HAnimal   "n" ← name, ["id", "ID"] ← id, keyStyle snakeCase (leg_count), nick?;
//                       decodingType(for:) picks the class from "kind"; didEncode writes "kind"
//   FDog / HDog         "info.breed" ← breed, cache ignored, secret ignoredOnEncode,
//                       label ignoredOnDecode, born secondsSince1970; didDecode rejects no breed
//   FPuppy / HPuppy     weeks, friends: [Animal] as dogs (elementTypes), size (first case),
//                       extra captures unknown members; didDecode rejects weeks > 52
//
// The F classes list `fields` and write no coding code; the H classes are the same models with
// hand-written `init(from:)` / `encode(to:)` — superclass first, the order of `fields` — (and `DefaultInitializable`, so that a missing value
// takes the declared value as a field's initial value is kept). Decoding the same JSON into
// both must give the same values, encoding, report and errors.

enum FieldSize: String, Codable, CaseIterable, Sendable {
    case small, large
}

struct FieldRejection: Error, Equatable {
    let reason: String
}

class FAnimal: BridgeObject, @unchecked Sendable {
    var name = ""
    var id = 0
    var legCount = 4
    var nick: String?

    override class var fields: [BridgeField] {
        [.field("name", \FAnimal.name), .field("id", \FAnimal.id), .field("legCount", \FAnimal.legCount), .field("nick", \FAnimal.nick)]
    }

    override class var keyMapping: KeyMapping { ["name": "n", "id": ["id", "ID"]] }
    override class var keyStyle: KeyStyle? { .snakeCase }

    override class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["kind"]?.stringValue {
        case "dog": FDog.self
        case "puppy": FPuppy.self
        default: nil
        }
    }

    override func didEncode(into json: inout JSONObject) throws {
        json["kind"] = .string(String(describing: type(of: self)).dropFirst().lowercased())
    }
}

class FDog: FAnimal, @unchecked Sendable {
    var breed = "mutt"
    var cache = "warm"
    var secret = "hidden"
    var label = "dog"
    var born = Date(timeIntervalSince1970: 0)

    override class var fields: [BridgeField] {
        super.fields + [.field("breed", \FDog.breed), .field("secret", \FDog.secret), .field("label", \FDog.label), .field("born", \FDog.born)]
    }

    override class var keyMapping: KeyMapping { super.keyMapping.merging(["breed": "info.breed"]) { $1 } }
    override class var ignoredProperties: Set<String> { super.ignoredProperties.union(["cache"]) }
    override class var ignoredOnEncode: Set<String> { ["secret"] }
    override class var ignoredOnDecode: Set<String> { ["label"] }
    override class var valueTransforms: [String: JSONTransform] { ["born": .secondsSince1970] }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        if breed.isEmpty { throw FieldRejection(reason: "no breed") }
    }
}

final class FPuppy: FDog, @unchecked Sendable {
    var weeks = 8
    var friends: [FAnimal] = []
    var size = FieldSize.large
    var extra = JSONObject()

    override class var fields: [BridgeField] {
        super.fields + [.field("weeks", \FPuppy.weeks), .field("friends", \FPuppy.friends), .field("size", \FPuppy.size), .field("extra", \FPuppy.extra)]
    }

    override class var elementTypes: [String: any Codable.Type] { ["friends": FDog.self] }
    override class var unknownKeysProperty: String? { "extra" }
    override class var enumsDefaultToFirstCase: Bool { true }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        if weeks > 52 { throw FieldRejection(reason: "too old") }
    }
}

class HAnimal: BridgeObject, DefaultInitializable, @unchecked Sendable {
    var name = ""
    var id = 0
    var legCount = 4
    var nick: String?

    required override init() { super.init() }

    private enum CodingKeys: String, CodingKey { case name, id, legCount, nick }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        id = try container.decode(Int.self, forKey: .id)
        legCount = try container.decode(Int.self, forKey: .legCount)
        nick = try container.decodeIfPresent(String.self, forKey: .nick)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(id, forKey: .id)
        try container.encode(legCount, forKey: .legCount)
        try container.encodeIfPresent(nick, forKey: .nick)
    }

    override class var keyMapping: KeyMapping { ["name": "n", "id": ["id", "ID"]] }
    override class var keyStyle: KeyStyle? { .snakeCase }

    override class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["kind"]?.stringValue {
        case "dog": HDog.self
        case "puppy": HPuppy.self
        default: nil
        }
    }

    override func didEncode(into json: inout JSONObject) throws {
        json["kind"] = .string(String(describing: type(of: self)).dropFirst().lowercased())
    }
}

class HDog: HAnimal, @unchecked Sendable {
    var breed = "mutt"
    var cache = "warm"
    var secret = "hidden"
    var label = "dog"
    var born = Date(timeIntervalSince1970: 0)

    required init() { super.init() }

    private enum CodingKeys: String, CodingKey { case breed, cache, secret, label, born }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        cache = try container.decodeIfPresent(String.self, forKey: .cache) ?? cache
        secret = try container.decode(String.self, forKey: .secret)
        label = try container.decodeIfPresent(String.self, forKey: .label) ?? label
        born = try container.decode(Date.self, forKey: .born)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try container.encode(cache, forKey: .cache)
        try container.encode(secret, forKey: .secret)
        try container.encode(label, forKey: .label)
        try container.encode(born, forKey: .born)
    }

    override class var keyMapping: KeyMapping { super.keyMapping.merging(["breed": "info.breed"]) { $1 } }
    override class var ignoredProperties: Set<String> { super.ignoredProperties.union(["cache"]) }
    override class var ignoredOnEncode: Set<String> { ["secret"] }
    override class var ignoredOnDecode: Set<String> { ["label"] }
    override class var valueTransforms: [String: JSONTransform] { ["born": .secondsSince1970] }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        if breed.isEmpty { throw FieldRejection(reason: "no breed") }
    }
}

final class HPuppy: HDog, @unchecked Sendable {
    var weeks = 8
    var friends: [HAnimal] = []
    var size = FieldSize.large
    var extra = JSONObject()

    required init() { super.init() }

    private enum CodingKeys: String, CodingKey { case weeks, friends, size, extra }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        weeks = try container.decode(Int.self, forKey: .weeks)
        friends = try container.decode([HAnimal].self, forKey: .friends)
        size = try container.decode(FieldSize.self, forKey: .size)
        extra = try container.decode(JSONObject.self, forKey: .extra)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weeks, forKey: .weeks)
        try container.encode(friends, forKey: .friends)
        try container.encode(size, forKey: .size)
        try container.encode(extra, forKey: .extra)
    }

    override class var elementTypes: [String: any Codable.Type] { ["friends": HDog.self] }
    override class var unknownKeysProperty: String? { "extra" }
    override class var enumsDefaultToFirstCase: Bool { true }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        if weeks > 52 { throw FieldRejection(reason: "too old") }
    }
}

/// `onlyProperties` with fields: `b` is a field outside the allow-list.
final class FOnly: BridgeObject, @unchecked Sendable {
    var a = 1
    var b = 2

    override class var fields: [BridgeField] { [.field("a", \FOnly.a), .field("b", \FOnly.b)] }
    override class var onlyProperties: Set<String>? { ["a"] }
}

/// A class in a chain with fields that still overrides `init(from:)` / `encode(to:)` (to validate,
/// and to code a value that is not a stored property), calling `super`.
final class FValidated: FAnimal, @unchecked Sendable {
    var checked = false

    override class var fields: [BridgeField] { super.fields }
    override class var ignoredProperties: Set<String> { ["checked"] }

    private enum CodingKeys: String, CodingKey { case version }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        checked = try container.decodeIfPresent(Int.self, forKey: .version) == 2
        if name.isEmpty { throw FieldRejection(reason: "unnamed") }
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(2, forKey: .version)
    }
}

// Invalid field tables, each found at the class's first use.

/// `legs` is in neither `fields` nor `ignoredProperties`.
final class FForgetful: FAnimal, @unchecked Sendable {
    var legs = 4
    var wings = 2

    override class var fields: [BridgeField] { super.fields + [.field("wings", \FForgetful.wings)] }
}

/// Two fields named `a`.
final class FDuplicate: BridgeObject, @unchecked Sendable {
    var a = 1
    override class var fields: [BridgeField] { [.field("a", \FDuplicate.a), .field("a", \FDuplicate.a)] }
}

/// A field whose key path is a property of an unrelated class.
final class FStranger: BridgeObject, @unchecked Sendable {
    var name = ""
    override class var fields: [BridgeField] { [.field("name", \FAnimal.name)] }
}

/// A field named after one property whose key path is another (of the same type).
final class FMisnamed: BridgeObject, @unchecked Sendable {
    var first = ""
    var second = ""
    override class var fields: [BridgeField] { [.field("first", \FMisnamed.second), .field("second", \FMisnamed.first)] }
}

/// A field whose name is no stored property (a non-final class: its key path's text does not
/// name the property, so the name is checked against the stored properties).
class FTypo: BridgeObject, @unchecked Sendable {
    var title = ""
    override class var fields: [BridgeField] { [.field("titel", \FTypo.title), .field("title", \FTypo.title)] }
}

/// A non-final class's field named after a stored property of another type (its key path's name
/// cannot be read, its type can).
class FWrongType: BridgeObject, @unchecked Sendable {
    var count = 0
    var title = ""
    override class var fields: [BridgeField] { [.field("count", \FWrongType.title), .field("title", \FWrongType.title)] }
}

/// A property wrapper: its storage is `_title`, reflected under that label.
@propertyWrapper
struct FieldTrimmed: Codable, Sendable {
    var wrappedValue: String {
        didSet { wrappedValue = wrappedValue.trimmingCharacters(in: .whitespaces) }
    }
}

/// Backing storage counts as its property: `_title` is `title`, a lazy `count`'s storage is
/// `count` (ignored here).
final class FWrapped: BridgeObject, @unchecked Sendable {
    @FieldTrimmed var title = ""
    lazy var count = 3

    override class var fields: [BridgeField] { [.field("title", \FWrapped.title)] }
    override class var ignoredProperties: Set<String> { ["count"] }
}

/// As `FWrapped`, forgetting the lazy `count`.
final class FWrappedForgetful: BridgeObject, @unchecked Sendable {
    @FieldTrimmed var title = ""
    lazy var count = 3

    override class var fields: [BridgeField] { [.field("title", \FWrappedForgetful.title)] }
}
