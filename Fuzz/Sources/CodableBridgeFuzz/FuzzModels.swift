import CodableBridge
import Foundation

// The fixed models the decoding targets decode into. Together they use every mapping feature:
//
//   FuzzRoot      alternates ("id" ← id/ID/item_id), key paths ("owner" ← meta.owner),
//                 a literal dotted key, ignoredProperties, DefaultInitializable defaults,
//                 enumsDefaultToFirstCase, willDecode (rejects {"reject": true}), didDecode
//                 (rejects a negative count), lossy [Int] / Set / [String: Int] / [FuzzItem],
//                 nested arrays, optionals, Date, Data, URL, Decimal, every integer width
//   FuzzAnimal    a class hierarchy: decodingType(for:) picks FuzzDog / FuzzCat by "kind";
//                 didEncode writes "kind" back, so classes survive a round trip
//   FuzzKennel    elementTypes narrows [FuzzAnimal] to FuzzDog
//   FuzzItem      onlyProperties, a mapped key
//
// Every model is Equatable so the round-trip target can compare decodes.

/// The top-level model of the decoding targets.
struct FuzzRoot: MappableCodable, DefaultInitializable, Equatable {
    enum Color: String, Codable, CaseIterable { case red, green, blue }

    struct Rejected: Error {}

    var id: Int = 0
    var name: String = "unnamed"
    var owner: String?
    var dotted: String?
    var count: Int = 1
    var ratio: Double = 0
    var small: Int8 = 0
    var unsigned: UInt16 = 0
    var big: UInt64 = 0
    var flag: Bool = false
    var price: Decimal = 0
    var color: Color = .green
    var created: Date?
    var blob: Data?
    var link: URL?
    var numbers: [Int] = []
    var tags: Set<String> = []
    var counters: [String: Int] = [:]
    var items: [FuzzItem] = []
    var matrix: [[Double]] = []
    var pet: FuzzAnimal?
    var kennel: FuzzKennel?
    var any: JSONValue?
    var ignored: Int = 7

    init() {}

    static var keyMapping: KeyMapping {
        ["id": ["id", "ID", "item_id"],
         "owner": "meta.owner",
         "dotted": .key("a.b"),
         "counters": ["counters", "stats.counters"]]
    }

    static var ignoredProperties: Set<String> { ["ignored"] }
    static var enumsDefaultToFirstCase: Bool { true }

    static func willDecode(_ json: JSONValue) throws -> JSONValue {
        if json["reject"] == true { throw Rejected() }
        return json
    }

    mutating func didDecode(from json: JSONValue) throws {
        if count < 0 { throw Rejected() }
    }
}

/// An element model: only `id` and `label` take part.
struct FuzzItem: MappableCodable, Hashable {
    var id: Int
    var label: String?
    var unused: Int?

    static var keyMapping: KeyMapping { ["label": ["label", "title"]] }
    static var onlyProperties: Set<String>? { ["id", "label"] }
}

/// The base of a small class hierarchy chosen by `"kind"`.
class FuzzAnimal: MappableCodable, Equatable, @unchecked Sendable {
    var name: String

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }

    class var kind: String { "animal" }

    class var keyMapping: KeyMapping { ["name": ["name", "n"]] }

    class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["kind"]?.stringValue {
        case "dog": FuzzDog.self
        case "cat": FuzzCat.self
        default: nil
        }
    }

    func didEncode(into json: inout JSONObject) throws {
        json["kind"] = .string(Self.kind)
    }

    static func == (lhs: FuzzAnimal, rhs: FuzzAnimal) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
    }

    func isEqual(to other: FuzzAnimal) -> Bool { name == other.name }
}

final class FuzzDog: FuzzAnimal, @unchecked Sendable {
    var breed: String

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

    override func isEqual(to other: FuzzAnimal) -> Bool {
        guard let other = other as? FuzzDog else { return false }
        return super.isEqual(to: other) && breed == other.breed
    }
}

final class FuzzCat: FuzzAnimal, @unchecked Sendable {
    var lives: Int

    private enum CodingKeys: String, CodingKey { case lives }

    required init(from decoder: any Decoder) throws {
        lives = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .lives)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lives, forKey: .lives)
        try super.encode(to: encoder)
    }

    override class var kind: String { "cat" }

    override func isEqual(to other: FuzzAnimal) -> Bool {
        guard let other = other as? FuzzCat else { return false }
        return super.isEqual(to: other) && lives == other.lives
    }
}

/// `elementTypes`: the declared `FuzzAnimal` elements decode as `FuzzDog`.
struct FuzzKennel: MappableCodable, Equatable {
    var dogs: [FuzzAnimal] = []
    var chief: FuzzAnimal?

    static var elementTypes: [String: any Codable.Type] { ["dogs": FuzzDog.self, "chief": FuzzDog.self] }
}

/// A plain model (no mapping table): a member it does not get takes its zero value, at once when
/// no report is asked for and through the substitution when one is. No floating point, whose NaN
/// would not equal itself.
struct FuzzPlain: Codable, Equatable {
    struct Inner: Codable, Equatable {
        var name: String
        var count: UInt16
        var on: Bool
    }

    var id: Int
    var label: String
    var small: Int8
    var wide: UInt64
    var mid: Int32
    var flag: Bool
    var inner: Inner
    var items: [Inner]
    var maybe: Inner?
}

/// The decoders every decoding target runs: the three presets, each with `.useDefault` (the
/// default) and `.strict` also with `.throw` (JSONDecoder's behaviour).
let fuzzDecoders: [BridgeDecoder] = {
    var decoders: [BridgeDecoder] = []
    for policy in [CoercionPolicy.strict, .lenient, .yyModel] {
        var decoder = BridgeDecoder()
        decoder.coercion = policy
        decoders.append(decoder)
    }
    var foundationLike = BridgeDecoder()
    foundationLike.coercion = .strict
    foundationLike.missingValueStrategy = .throw
    decoders.append(foundationLike)
    return decoders
}()
