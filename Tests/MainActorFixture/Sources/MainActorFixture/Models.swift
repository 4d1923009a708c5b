import CodableBridge
import Foundation

// Models as an app target declares them, with no isolation annotation: the structs and enums
// are main-actor isolated like everything else in the target, yet their `MappableCodable`
// conformance is not (the protocol refines `SendableMetatype`), so they decode anywhere.

struct Book: MappableCodable, Equatable, Sendable {
    var title: String
    var pageCount: Int
    var genre: Genre
    var shape: Shape

    static var keyMapping: KeyMapping { ["pageCount": "pages"] }
}

enum Genre: String, MappableCodable, Sendable {
    case novel, poem
}

enum Shape: MappableCodable, Equatable, Sendable {
    case circle(radius: Double)
    case none

    static var enumTagging: EnumTagging { .internal(tagKey: "type") }
}

// A class hierarchy writes `init(from:)` and `encode(to:)` by hand; in a main-actor-by-default
// target they would be main-actor isolated, which an override of BridgeObject's nonisolated
// members cannot be. `nonisolated` on the class is the one annotation needed.

nonisolated class Animal: BridgeObject, @unchecked Sendable {
    var name = ""

    override init() { super.init() }

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

    override class var keyMapping: KeyMapping { ["name": "n"] }

    override class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        json["kind"]?.stringValue == "dog" ? Dog.self : nil
    }
}

nonisolated final class Dog: Animal, @unchecked Sendable {
    var breed = ""

    private enum CodingKeys: String, CodingKey { case breed }

    override init() { super.init() }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: encoder)
    }

    override class var keyMapping: KeyMapping { super.keyMapping.merging(["breed": "b"]) { $1 } }
}

// A hierarchy that lists its fields writes no coding code at all; `nonisolated` on each class is
// again the one annotation (its `fields` override BridgeObject's nonisolated one).

nonisolated class Pet: BridgeObject, @unchecked Sendable {
    var name = ""
    var age = 0

    override class var fields: [BridgeField] { [.field("name", \Pet.name), .field("age", \Pet.age)] }
}

nonisolated final class Parrot: Pet, @unchecked Sendable {
    var words: [String] = []

    override class var fields: [BridgeField] { super.fields + [.field("words", \Parrot.words)] }
}
