import CodableBridge
import Foundation

// A three-level `BridgeObject` hierarchy — BOAnimal → BODog → BOPuppy, with a sibling BOCat —
// where every level adds a property, a table entry and an overridden hook:
//
//   BOAnimal  "n" ← name            decodingType(for:) picks the class from "kind";
//                                   didDecode rejects an empty name; didEncode writes "kind"
//   BODog     "info.breed" ← breed  ignores "cache"; didDecode rejects an empty breed (after super's)
//   BOPuppy   "info.weeks" ← weeks  willDecode moves a legacy top-level "weeks" into "info";
//                                   didDecode rejects weeks > 52 (after super's)
//   BOCat     "in" ← indoor         `override static var` table, no hook of its own

enum BOError: Error, Equatable {
    case unnamed, noBreed, tooOld
}

class BOAnimal: BridgeObject, @unchecked Sendable {
    var name = ""

    override init() { super.init() }

    init(name: String) {
        self.name = name
        super.init()
    }

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try super.encode(to: encoder)
    }

    /// The value of "kind" for this class.
    class var kind: String { "animal" }

    override class var keyMapping: KeyMapping { ["name": "n"] }

    override class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["kind"]?.stringValue {
        case "dog": BODog.self
        case "puppy": BOPuppy.self
        case "cat": BOCat.self
        case "stranger": BOStranger.self
        default: nil
        }
    }

    override func didDecode(from json: JSONValue) throws {
        if name.isEmpty { throw BOError.unnamed }
    }

    override func didEncode(into json: inout JSONObject) throws {
        json["kind"] = .string(Self.kind)
    }
}

class BODog: BOAnimal, @unchecked Sendable {
    var breed = ""
    /// Never decoded nor encoded.
    var cache = "warm"

    init(name: String, breed: String) {
        self.breed = breed
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey { case breed, cache }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        cache = try container.decodeIfPresent(String.self, forKey: .cache) ?? "cold"
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try container.encode(cache, forKey: .cache)
        try super.encode(to: encoder)
    }

    override class var kind: String { "dog" }

    override class var keyMapping: KeyMapping {
        super.keyMapping.merging(["breed": "info.breed"]) { $1 }
    }

    override class var ignoredProperties: Set<String> { super.ignoredProperties.union(["cache"]) }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        if breed.isEmpty { throw BOError.noBreed }
    }
}

final class BOPuppy: BODog, @unchecked Sendable {
    var weeks = 0

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

    // No superclass overrides willDecode, so this one does not call super.
    override class func willDecode(_ json: JSONValue) throws -> JSONValue {
        guard case .object(var object) = json else { return json }
        if let legacy = object.removeValue(forKey: "weeks") {
            var info = object["info"]?.objectValue ?? [:]
            info["weeks"] = legacy
            object["info"] = .object(info)
        }
        return .object(object)
    }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        if weeks > 52 { throw BOError.tooOld }
    }
}

final class BOCat: BOAnimal, @unchecked Sendable {
    var indoor = false

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

    // `override static` is an override too (a final one): the witness still sees it.
    override static var keyMapping: KeyMapping { super.keyMapping.merging(["indoor": "in"]) { $1 } }
}

/// A `BridgeObject` outside the BOAnimal hierarchy, which BOAnimal.decodingType wrongly returns
/// for "kind": "stranger".
final class BOStranger: BridgeObject, @unchecked Sendable {}

/// A direct subclass that overrides no hook: the probe must find none.
final class BOPlain: BridgeObject, @unchecked Sendable {
    var title = ""

    override init() { super.init() }

    private enum CodingKeys: String, CodingKey { case title }

    required init(from decoder: any Decoder) throws {
        title = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .title)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try super.encode(to: encoder)
    }

    override class var keyMapping: KeyMapping { ["title": "t"] }
}

/// Class models in every container position of a base-class declaration.
struct BOZoo: MappableCodable, Equatable {
    var animals: [BOAnimal] = []
    var byName: [String: BOAnimal] = [:]
    var star: BOAnimal?
    var spare: BOAnimal?
}

/// Values that a lossy coder would change: the copy and the comparison must keep them exactly.
final class BOExact: BridgeObject, @unchecked Sendable {
    var date = Date(timeIntervalSince1970: 1_700_000_000.123)
    var bytes = Data([0, 1, 2, 250])
    var decimal = Decimal(string: "3.14159265358979323846264338327950288")!
    var double = 0.1 + 0.2
    var negativeZero = -0.0
    var infinity = Double.infinity
    var nan = Double.nan
    var float: Float = 0.1
    var url = URL(string: "https://example.com/a?b=c#d")!
    var optional: Int?
    var big = UInt64.max
    var friend: BOAnimal?
    var pack: [BOAnimal] = []

    override init() { super.init() }

    private enum CodingKeys: String, CodingKey {
        case date, bytes, decimal, double, negativeZero, infinity, nan, float, url, optional, big, friend, pack
    }

    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        date = try c.decode(Date.self, forKey: .date)
        bytes = try c.decode(Data.self, forKey: .bytes)
        decimal = try c.decode(Decimal.self, forKey: .decimal)
        double = try c.decode(Double.self, forKey: .double)
        negativeZero = try c.decode(Double.self, forKey: .negativeZero)
        infinity = try c.decode(Double.self, forKey: .infinity)
        nan = try c.decode(Double.self, forKey: .nan)
        float = try c.decode(Float.self, forKey: .float)
        url = try c.decode(URL.self, forKey: .url)
        optional = try c.decodeIfPresent(Int.self, forKey: .optional)
        big = try c.decode(UInt64.self, forKey: .big)
        friend = try c.decodeIfPresent(BOAnimal.self, forKey: .friend)
        pack = try c.decode([BOAnimal].self, forKey: .pack)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(date, forKey: .date)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(decimal, forKey: .decimal)
        try c.encode(double, forKey: .double)
        try c.encode(negativeZero, forKey: .negativeZero)
        try c.encode(infinity, forKey: .infinity)
        try c.encode(nan, forKey: .nan)
        try c.encode(float, forKey: .float)
        try c.encode(url, forKey: .url)
        try c.encodeIfPresent(optional, forKey: .optional)
        try c.encode(big, forKey: .big)
        try c.encodeIfPresent(friend, forKey: .friend)
        try c.encode(pack, forKey: .pack)
        try super.encode(to: encoder)
    }
}

// MARK: Plain classes

/// A plain class adopting `MappableCodable` directly: its tables are `class var`, so subclasses
/// can override them (a `static var` here would make them final).
class PlainBase: MappableCodable, @unchecked Sendable {
    var name = ""

    init(name: String) { self.name = name }

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }

    class var keyMapping: KeyMapping { ["name": "full_name"] }
    class var ignoredProperties: Set<String> { [] }

    func didDecode(from json: JSONValue) throws {
        name = name.trimmingCharacters(in: .whitespaces)
    }
}

final class PlainSub: PlainBase, @unchecked Sendable {
    var level = 0
    var scratch = "keep"

    init(name: String, level: Int) {
        self.level = level
        super.init(name: name)
    }

    private enum CodingKeys: String, CodingKey { case level, scratch }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        level = try container.decode(Int.self, forKey: .level)
        scratch = try container.decodeIfPresent(String.self, forKey: .scratch) ?? "absent"
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(level, forKey: .level)
        try container.encode(scratch, forKey: .scratch)
        try super.encode(to: encoder)
    }

    override class var keyMapping: KeyMapping { super.keyMapping.merging(["level": "lvl"]) { $1 } }
    override class var ignoredProperties: Set<String> { ["scratch"] }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        level *= 10
    }
}

/// Overrides the remaining tables: `elementTypes`, `onlyProperties`, `enumsDefaultToFirstCase`.
final class BOKennel: BridgeObject, @unchecked Sendable {
    enum Size: String, Codable, CaseIterable { case small, large }

    var dogs: [BOAnimal] = []
    var size = Size.large
    var note = "unset"

    override init() { super.init() }

    private enum CodingKeys: String, CodingKey { case dogs, size, note }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        dogs = try container.decode([BOAnimal].self, forKey: .dogs)
        size = try container.decode(Size.self, forKey: .size)
        note = try container.decodeIfPresent(String.self, forKey: .note) ?? "absent"
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dogs, forKey: .dogs)
        try container.encode(size, forKey: .size)
        try container.encode(note, forKey: .note)
        try super.encode(to: encoder)
    }

    override class var elementTypes: [String: any Codable.Type] { ["dogs": BODog.self] }
    override class var onlyProperties: Set<String>? { ["dogs", "size"] }
    override class var enumsDefaultToFirstCase: Bool { true }
}
