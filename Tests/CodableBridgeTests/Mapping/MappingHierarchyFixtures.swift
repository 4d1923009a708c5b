import CodableBridge
import Foundation

// A class hierarchy three levels deep — YYAnimal → YYDog → YYPuppy, with a sibling YYCat — whose
// every level adds properties, mapping entries and hook checks:
//
//   YYAnimal  "n" ← name            willDecode rejects {"banned": true}; didDecode rejects an empty name
//   YYDog     "info.breed" ← breed  didDecode rejects an empty breed (after super's check)
//   YYPuppy   "info.weeks" ← weeks  willDecode moves a legacy top-level "weeks" into "info";
//                                   didDecode rejects weeks > 52 (after super's checks)
//   YYCat     "indoor" ← indoor
//
// `decodingType(for:)` picks the class from "kind"; `didEncode` writes "kind" back, so values
// survive decode → encode → decode with their classes.

enum YYAnimalError: Error, Equatable {
    case banned, unnamed, noBreed, tooOld
}

class YYAnimal: MappableCodable, Equatable, CustomStringConvertible, @unchecked Sendable {
    var name: String

    init(name: String) { self.name = name }

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }

    /// The value of "kind" for this class.
    class var kind: String { "animal" }

    class var keyMapping: KeyMapping { ["name": "n"] }

    class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["kind"]?.stringValue {
        case "dog": YYDog.self
        case "puppy": YYPuppy.self
        case "cat": YYCat.self
        default: nil
        }
    }

    class func willDecode(_ json: JSONValue) throws -> JSONValue {
        if json["banned"] == true { throw YYAnimalError.banned }
        return json
    }

    func didDecode(from json: JSONValue) throws {
        if name.isEmpty { throw YYAnimalError.unnamed }
    }

    func didEncode(into json: inout JSONObject) throws {
        json["kind"] = .string(Self.kind)
    }

    /// Same class and same encoded properties.
    static func == (lhs: YYAnimal, rhs: YYAnimal) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
    }

    func isEqual(to other: YYAnimal) -> Bool { name == other.name }

    var description: String { "\(Self.kind)(\(name))" }
}

class YYDog: YYAnimal, @unchecked Sendable {
    var breed: String

    init(name: String, breed: String) {
        self.breed = breed
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
        breed = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .breed)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: encoder)
    }

    override class var kind: String { "dog" }

    override class var keyMapping: KeyMapping {
        super.keyMapping.merging(["breed": "info.breed"]) { $1 }
    }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        if breed.isEmpty { throw YYAnimalError.noBreed }
    }

    override func isEqual(to other: YYAnimal) -> Bool {
        guard let other = other as? YYDog else { return false }
        return super.isEqual(to: other) && breed == other.breed
    }
}

final class YYPuppy: YYDog, @unchecked Sendable {
    var weeks: Int

    init(name: String, breed: String, weeks: Int) {
        self.weeks = weeks
        super.init(name: name, breed: breed)
    }

    private enum CodingKeys: String, CodingKey { case weeks }

    required init(from decoder: any Decoder) throws {
        weeks = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .weeks)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weeks, forKey: .weeks)
        try super.encode(to: encoder)
    }

    override class var kind: String { "puppy" }

    override class var keyMapping: KeyMapping {
        super.keyMapping.merging(["weeks": "info.weeks"]) { $1 }
    }

    override class func willDecode(_ json: JSONValue) throws -> JSONValue {
        guard case .object(var object) = try super.willDecode(json) else { return json }
        if let legacy = object.removeValue(forKey: "weeks") {
            var info = object["info"]?.objectValue ?? [:]
            info["weeks"] = legacy
            object["info"] = .object(info)
        }
        return .object(object)
    }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        if weeks > 52 { throw YYAnimalError.tooOld }
    }

    override func isEqual(to other: YYAnimal) -> Bool {
        guard let other = other as? YYPuppy else { return false }
        return super.isEqual(to: other) && weeks == other.weeks
    }
}

final class YYCat: YYAnimal, @unchecked Sendable {
    var indoor: Bool

    init(name: String, indoor: Bool) {
        self.indoor = indoor
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey { case indoor }

    required init(from decoder: any Decoder) throws {
        indoor = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .indoor)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(indoor, forKey: .indoor)
        try super.encode(to: encoder)
    }

    override class var kind: String { "cat" }

    override func isEqual(to other: YYAnimal) -> Bool {
        guard let other = other as? YYCat else { return false }
        return super.isEqual(to: other) && indoor == other.indoor
    }
}

/// Polymorphic values in every container position.
struct YYShelter: MappableCodable, Equatable {
    var animals: [YYAnimal] = []
    var byName: [String: YYAnimal] = [:]
    var rooms: [String: [YYAnimal]] = [:]
    var cages: [[YYAnimal]] = []
    var maybe: [YYAnimal?] = []
    var star: YYAnimal?
    var keeper: YYKeeper?
}

/// One level further down.
struct YYKeeper: MappableCodable, Equatable {
    var favourite: YYAnimal?
    var pets: [YYAnimal] = []
}

/// A required property of a class type.
struct YYLeash: MappableCodable, Equatable {
    var id: Int
    var dog: YYDog
}

/// Only dogs: `elementTypes` narrows the declared `YYAnimal` to `YYDog`, whose inherited
/// `decodingType(for:)` may still pick `YYPuppy`.
struct YYKennel: MappableCodable, Equatable {
    var dogs: [YYAnimal] = []
    var chief: YYAnimal?

    static var elementTypes: [String: any Codable.Type] { ["dogs": YYDog.self, "chief": YYDog.self] }
}

/// A hashable model that rejects negative values, for sets.
struct YYPositive: MappableCodable, Hashable {
    var value: Int

    enum Negative: Error { case negative }

    mutating func didDecode(from json: JSONValue) throws {
        if value < 0 { throw Negative.negative }
    }
}

struct YYPositiveSets: MappableCodable, Equatable {
    var set: Set<YYPositive> = []
    var nested: [Set<YYPositive>] = []
}

/// `elementTypes` names a class outside the declared one: a programmer error.
struct YYWrongKennel: MappableCodable {
    var dogs: [YYDog] = []
    var chief: YYDog?

    static var elementTypes: [String: any Codable.Type] { ["dogs": YYCat.self, "chief": YYCat.self] }
}
