// Class models: a three-level `BridgeObject` hierarchy that lists its stored properties in
// `fields` against the same hierarchy with hand-written `init(from:)` / `encode(to:)`.
//
// "Decode 1k class models — CodableBridge (class fields)" and "… (class handwritten)": an array
//   of 1 000 small objects (every third a dog, every third a puppy, chosen by
//   `decodingType(for:)`), decoded by the default (lenient) BridgeDecoder. Fields go through one
//   closure and one key path per property; the target is at most 1.3× the hand-written time.

import Benchmark
import CodableBridge
import Foundation

func registerClassFieldBenchmarks() {
    let group = "Decode 1k class models"
    let configuration = Suite.configuration(large: true)

    func makeState() throws -> ClassModelState {
        let state = ClassModelState()
        let fields = try Check.bridge("decode of 1 000 field class models") { try state.bridge.decode([FieldAnimal].self, from: state.data) }
        let handwritten = try Check.bridge("decode of 1 000 hand-written class models") { try state.bridge.decode([HandAnimal].self, from: state.data) }
        let encoder = BridgeEncoder()
        guard fields.count == 1_000, try encoder.encodeToJSONValue(fields) == encoder.encodeToJSONValue(handwritten) else {
            throw SetupFailure("the field and hand-written class models decode differently")
        }
        return state
    }

    Benchmark(Suite.name(group, "\(Suite.bridge) (class fields)"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode([FieldAnimal].self, from: state.data))
        }
    } setup: { () throws -> ClassModelState in
        try makeState()
    }

    Benchmark(Suite.name(group, "\(Suite.bridge) (class handwritten)"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode([HandAnimal].self, from: state.data))
        }
    } setup: { () throws -> ClassModelState in
        try makeState()
    }
}

final class ClassModelState: @unchecked Sendable {  // read-only after setup
    let bridge = BridgeDecoder()
    let data: Data = {
        let objects = (0..<1_000).map { index -> String in
            switch index % 3 {
            case 0: #"{"id": \#(index), "n": "animal \#(index)", "legs": 4}"#
            case 1: #"{"kind": "dog", "id": \#(index), "n": "dog \#(index)", "legs": 4, "info": {"breed": "beagle"}, "good": true}"#
            default: #"{"kind": "puppy", "id": \#(index), "n": "puppy \#(index)", "legs": 4, "info": {"breed": "corgi"}, "good": true, "weeks": 9, "weight": 2.5}"#
            }
        }
        return Data(("[" + objects.joined(separator: ",") + "]").utf8)
    }()
}

class FieldAnimal: BridgeObject, @unchecked Sendable {
    var id = 0
    var name = ""
    var legs = 0

    override class var fields: [BridgeField] { [.field("id", \FieldAnimal.id), .field("name", \FieldAnimal.name), .field("legs", \FieldAnimal.legs)] }
    override class var keyMapping: KeyMapping { ["name": "n"] }

    override class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["kind"]?.stringValue {
        case "dog": FieldDog.self
        case "puppy": FieldPuppy.self
        default: nil
        }
    }
}

class FieldDog: FieldAnimal, @unchecked Sendable {
    var breed = ""
    var good = false

    override class var fields: [BridgeField] { super.fields + [.field("breed", \FieldDog.breed), .field("good", \FieldDog.good)] }
    override class var keyMapping: KeyMapping { super.keyMapping.merging(["breed": "info.breed"]) { $1 } }
}

final class FieldPuppy: FieldDog, @unchecked Sendable {
    var weeks = 0
    var weight = 0.0

    override class var fields: [BridgeField] { super.fields + [.field("weeks", \FieldPuppy.weeks), .field("weight", \FieldPuppy.weight)] }
}

class HandAnimal: BridgeObject, @unchecked Sendable {
    var id = 0
    var name = ""
    var legs = 0

    private enum CodingKeys: String, CodingKey { case id, name, legs }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        legs = try container.decode(Int.self, forKey: .legs)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(legs, forKey: .legs)
    }

    override class var keyMapping: KeyMapping { ["name": "n"] }

    override class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["kind"]?.stringValue {
        case "dog": HandDog.self
        case "puppy": HandPuppy.self
        default: nil
        }
    }
}

class HandDog: HandAnimal, @unchecked Sendable {
    var breed = ""
    var good = false

    private enum CodingKeys: String, CodingKey { case breed, good }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        good = try container.decode(Bool.self, forKey: .good)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try container.encode(good, forKey: .good)
    }

    override class var keyMapping: KeyMapping { super.keyMapping.merging(["breed": "info.breed"]) { $1 } }
}

final class HandPuppy: HandDog, @unchecked Sendable {
    var weeks = 0
    var weight = 0.0

    private enum CodingKeys: String, CodingKey { case weeks, weight }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        weeks = try container.decode(Int.self, forKey: .weeks)
        weight = try container.decode(Double.self, forKey: .weight)
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weeks, forKey: .weeks)
        try container.encode(weight, forKey: .weight)
    }
}
