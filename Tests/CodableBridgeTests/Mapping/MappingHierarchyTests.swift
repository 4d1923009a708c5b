import Foundation
import Testing
@testable import CodableBridge

// Class hierarchies three levels deep, polymorphic containers, and the rejection rule (Docs/Mapping.md) at
// every level: top level → throws; container element → dropped and reported; Optional property →
// nil and reported; required property → the parent fails unless missingValueStrategy supplies a
// default (reported).

@Suite("Class hierarchies, polymorphic containers and rejection")
struct MappingHierarchyTests {
    let decoder = BridgeDecoder()

    static let animal: JSONValue = ["n": "Generic"]
    static let dog: JSONValue = ["kind": "dog", "n": "Rex", "info": ["breed": "collie"]]
    static let puppy: JSONValue = ["kind": "puppy", "n": "Bit", "info": ["breed": "corgi", "weeks": 8]]
    static let cat: JSONValue = ["kind": "cat", "n": "Tom", "indoor": true]

    /// The class of each animal, spelled as its kind.
    static func kinds(_ animals: [YYAnimal?]) -> [String] {
        animals.map { $0.map { type(of: $0).kind } ?? "nil" }
    }

    /// Decodes `json` as the class named `declared`.
    func decode(_ declared: String, _ json: JSONValue) throws -> YYAnimal {
        switch declared {
        case "YYDog": try decoder.decode(YYDog.self, from: json)
        case "YYPuppy": try decoder.decode(YYPuppy.self, from: json)
        default: try decoder.decode(YYAnimal.self, from: json)
        }
    }

    // MARK: Three levels

    @Test("every level's mapping applies: key, shared key-path parent, subclass entries merged with super's")
    func threeLevelsDecode() throws {
        let puppy = try decoder.decode(YYPuppy.self, from: Self.puppy)
        #expect(puppy == YYPuppy(name: "Bit", breed: "corgi", weeks: 8))
        // willDecode runs the overriding class method, which calls super's.
        let legacy = try decoder.decode(YYPuppy.self, from: #"{"n": "Old", "weeks": 3, "info": {"breed": "pug"}}"#)
        #expect(legacy == YYPuppy(name: "Old", breed: "pug", weeks: 3))
    }

    @Test("decodingType picks the class from any level of the declared type", arguments: [
        (animal, "YYAnimal", "animal"), (dog, "YYAnimal", "dog"), (puppy, "YYAnimal", "puppy"), (cat, "YYAnimal", "cat"),
        (dog, "YYDog", "dog"), (puppy, "YYDog", "puppy"), (puppy, "YYPuppy", "puppy"),
    ])
    func selection(json: JSONValue, declared: String, kind: String) throws {
        #expect(type(of: try decode(declared, json)).kind == kind)
    }

    @Test("a decodingType choice outside the declared type is an error at top level, naming both types", arguments: [
        (cat, "YYDog", "YYCat"), (dog, "YYPuppy", "YYDog"),
    ])
    func selectionOutsideDeclared(json: JSONValue, declared: String, chosen: String) throws {
        do {
            _ = try decode(declared, json)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.underlyingError is MappingTableError)
            #expect(context.debugDescription.contains("Invalid mapping table of CodableBridgeTests.\(declared): decodingType(for:) returned CodableBridgeTests.\(chosen)"))
            #expect(context.debugDescription.contains("not a subclass of the declared type CodableBridgeTests.\(declared)"))
        }
    }

    @Test("encoding through the base type writes every level's properties, the shared key path once, and the hook's kind")
    func threeLevelsEncode() throws {
        let animal: YYAnimal = YYPuppy(name: "Bit", breed: "corgi", weeks: 8)
        let text = try BridgeEncoder().encodeToString(animal)
        #expect(text == #"{"info":{"weeks":8,"breed":"corgi"},"n":"Bit","kind":"puppy"}"#)

        let cat: YYAnimal = YYCat(name: "Tom", indoor: false)
        #expect(try BridgeEncoder().encodeToJSONValue(cat) == ["indoor": false, "n": "Tom", "kind": "cat"])
        #expect(try BridgeEncoder().encodeToJSONValue(YYAnimal(name: "G")) == ["n": "G", "kind": "animal"])
    }

    // MARK: Polymorphic containers

    static let shelterJSON: JSONValue = [
        "animals": [animal, dog, puppy, cat],
        "byName": ["rex": dog, "tom": cat, "bit": puppy],
        "rooms": ["a": [cat, puppy], "b": []],
        "cages": [[dog], [cat, animal]],
        "maybe": [puppy, nil, cat],
        "star": puppy,
        "keeper": ["favourite": cat, "pets": [dog, puppy]],
    ]

    @Test("arrays, dictionaries, arrays of arrays, dictionaries of arrays and optionals hold each element's own class")
    func polymorphicContainers() throws {
        let shelter = try decoder.decode(YYShelter.self, from: Self.shelterJSON)
        #expect(Self.kinds(shelter.animals) == ["animal", "dog", "puppy", "cat"])
        #expect(shelter.byName.mapValues { type(of: $0).kind } == ["rex": "dog", "tom": "cat", "bit": "puppy"])
        #expect(shelter.rooms.mapValues(Self.kinds) == ["a": ["cat", "puppy"], "b": []])
        #expect(shelter.cages.map(Self.kinds) == [["dog"], ["cat", "animal"]])
        #expect(Self.kinds(shelter.maybe) == ["puppy", "nil", "cat"])
        #expect((shelter.star as? YYPuppy)?.weeks == 8)
        #expect(shelter.keeper?.favourite is YYCat)
        #expect(Self.kinds(shelter.keeper?.pets ?? []) == ["dog", "puppy"])
    }

    @Test("polymorphic containers encode each element with its own class and survive a round trip")
    func polymorphicRoundTrip() throws {
        let shelter = try decoder.decode(YYShelter.self, from: Self.shelterJSON)
        let encoded = try BridgeEncoder().encodeToJSONValue(shelter)
        #expect(encoded["animals"]?[2] == Self.puppy)
        #expect(encoded["byName"]?["tom"] == Self.cat)
        #expect(encoded["rooms"]?["a"]?[1]?["info"]?["weeks"] == 8)
        #expect(encoded["maybe"] == [Self.puppy, nil, Self.cat])
        let again = try decoder.decode(YYShelter.self, from: encoded)
        #expect(again == shelter)
        #expect(Self.kinds(again.animals) == ["animal", "dog", "puppy", "cat"])
    }

    @Test("top-level arrays and dictionaries of the base class")
    func topLevelContainers() throws {
        let array = try decoder.decode([YYAnimal].self, from: [Self.cat, Self.puppy, Self.animal] as JSONValue)
        #expect(Self.kinds(array) == ["cat", "puppy", "animal"])
        let dictionary = try decoder.decode([String: YYDog].self, from: ["x": Self.puppy, "y": Self.dog] as JSONValue)
        #expect(dictionary.mapValues { type(of: $0).kind } == ["x": "puppy", "y": "dog"])
        #expect(try decoder.decode([YYAnimal].self, from: try BridgeEncoder().encode(array)) == array)
    }

    @Test("elementTypes narrows the declared class; the narrowed class's decodingType still applies")
    func elementTypesNarrowing() throws {
        let json: JSONValue = [
            "dogs": [["n": "Plain", "info": ["breed": "mutt"]], Self.puppy],
            "chief": ["n": "Boss", "info": ["breed": "boxer"]],
        ]
        let kennel = try decoder.decode(YYKennel.self, from: json)
        #expect(Self.kinds(kennel.dogs) == ["dog", "puppy"])
        #expect(kennel.chief == YYDog(name: "Boss", breed: "boxer"))
    }

    @Test("a cat among elementTypes dogs is a table error under every policy, not a dropped element")
    func elementTypesOutside() throws {
        let json: JSONValue = ["dogs": [Self.dog, Self.cat, Self.puppy]]
        for coercion in [CoercionPolicy.lenient, .yyModel, .strict] {
            var decoder = BridgeDecoder()
            decoder.coercion = coercion
            do {
                _ = try decoder.decode(YYKennel.self, from: json)
                Issue.record("expected an error")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(renderPath(context.codingPath) == "dogs[1]")
                #expect(context.underlyingError is MappingTableError)
                #expect(context.debugDescription.contains("CodableBridgeTests.YYCat is not a subclass of the declared type CodableBridgeTests.YYDog"))
            }
        }
    }

    @Test("elementTypes naming a class outside the declared type is an error, not a dropped element")
    func elementTypesWrongClass() throws {
        let cat: JSONValue = ["n": "Tom", "indoor": true]
        do {
            _ = try decoder.decode(YYWrongKennel.self, from: ["chief": cat] as JSONValue)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(renderPath(context.codingPath) == "chief")
            #expect(context.debugDescription.contains("elementTypes names YYCat for a property declared as YYDog"))
        }
        // A wrong table is a programmer error: the decode fails instead of dropping every element.
        #expect(throws: DecodingError.self) {
            try decoder.decode(YYWrongKennel.self, from: ["dogs": [cat]] as JSONValue)
        }
    }

    // MARK: Rejection at each level

    @Test("a rejected element is dropped under every coercion policy, .strict included")
    func rejectedElementStrict() throws {
        for coercion in [CoercionPolicy.strict, .lenient, .yyModel] {
            var decoder = BridgeDecoder()
            decoder.coercion = coercion
            let animals = try decoder.decode([YYAnimal].self, from: [Self.dog, Self.rejectedPuppy, Self.cat] as JSONValue)
            #expect(Self.kinds(animals) == ["dog", "cat"])
        }
    }

    @Test("top level: a hook at any level of the hierarchy rejects the model; the error names the hook and the reason", arguments: [
        (#"{"kind": "puppy", "n": "Bit", "info": {"breed": "corgi", "weeks": 80}}"#, "didDecode", YYAnimalError.tooOld),
        (#"{"kind": "puppy", "n": "Bit", "info": {"breed": "", "weeks": 8}}"#, "didDecode", .noBreed),
        (#"{"kind": "puppy", "n": "", "info": {"breed": "corgi", "weeks": 8}}"#, "didDecode", .unnamed),
        (#"{"kind": "puppy", "banned": true, "n": "Bit", "info": {"breed": "corgi", "weeks": 8}}"#, "willDecode", .banned),
        (#"{"kind": "dog", "n": "", "info": {"breed": "collie"}}"#, "didDecode", .unnamed),
        (#"{"n": "", "banned": true}"#, "willDecode", .banned),
    ])
    func rejectedTopLevel(json: String, hook: String, reason: YYAnimalError) throws {
        do {
            _ = try decoder.decode(YYAnimal.self, from: json)
            Issue.record("expected a rejection")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.isEmpty)
            #expect(context.underlyingError as? YYAnimalError == reason)
            #expect(context.debugDescription.contains(".\(hook) rejected the model: \(reason)"))
        }
    }

    static let rejectedPuppy: JSONValue = ["kind": "puppy", "n": "Old", "info": ["breed": "corgi", "weeks": 99]]
    static let rejectedDog: JSONValue = ["kind": "dog", "n": "", "info": ["breed": "collie"]]
    static let bannedCat: JSONValue = ["kind": "cat", "n": "Tom", "indoor": true, "banned": true]

    @Test("nested: dropped from arrays, dictionaries, nested arrays and dictionaries of arrays; nil for optionals — each reported at its path")
    func rejectedNested() throws {
        let json: JSONValue = [
            "animals": [Self.dog, Self.rejectedPuppy, Self.cat],
            "byName": ["ok": Self.puppy, "old": Self.rejectedPuppy],
            "rooms": ["a": [Self.bannedCat, Self.cat]],
            "cages": [[Self.rejectedDog], [Self.dog]],
            "maybe": [Self.rejectedDog, nil],
            "star": Self.rejectedPuppy,
            "keeper": ["favourite": Self.bannedCat, "pets": [Self.rejectedDog, Self.puppy]],
        ]
        var report = DecodingReport()
        let shelter = try decoder.decode(YYShelter.self, from: try BridgeEncoder().encode(json), report: &report)
        #expect(Self.kinds(shelter.animals) == ["dog", "cat"])
        #expect(shelter.byName.keys.sorted() == ["ok"])
        #expect(shelter.rooms.mapValues(Self.kinds) == ["a": ["cat"]])
        #expect(shelter.cages.map(Self.kinds) == [[], ["dog"]])
        // `[YYAnimal?]`: the element type holds nil, so a rejected element becomes nil (reported),
        // keeping the other elements' positions.
        #expect(Self.kinds(shelter.maybe) == ["nil", "nil"])
        #expect(shelter.star == nil)
        #expect(shelter.keeper?.favourite == nil)
        #expect(Self.kinds(shelter.keeper?.pets ?? []) == ["puppy"])

        let rejected = report.events.filter { $0.kind == .rejected }.map(\.path)
        #expect(Set(rejected) == ["animals[1]", "byName.old", "rooms.a[0]", "cages[0][0]", "maybe[0]", "star",
                                  "keeper.favourite", "keeper.pets[0]"])
        #expect(rejected.count == 8)
        let dropped = report.events.filter { $0.kind == .dropped }.map(\.path)
        #expect(Set(dropped) == ["animals[1]", "byName.old", "rooms.a[0]", "cages[0][0]", "keeper.pets[0]"])
        let detail = report.events.first { $0.kind == .rejected && $0.path == "animals[1]" }?.detail ?? ""
        #expect(detail.contains("YYPuppy.didDecode threw tooOld"))
    }

    @Test("nested: sets drop rejected elements, at any depth")
    func rejectedInSets() throws {
        var report = DecodingReport()
        let json = #"{"set": [{"value": 1}, {"value": -1}, {"value": 2}], "nested": [[{"value": -5}, {"value": 5}]]}"#
        let sets = try decoder.decode(YYPositiveSets.self, from: Data(json.utf8), report: &report)
        #expect(sets.set == [YYPositive(value: 1), YYPositive(value: 2)])
        #expect(sets.nested == [[YYPositive(value: 5)]])
        #expect(Set(report.events.filter { $0.kind == .rejected }.map(\.path)) == ["set[1]", "nested[0][0]"])
    }

    @Test("a required property: defaulted and reported under .useDefault; the parent fails under .throw")
    func rejectedRequired() throws {
        let json = Data(#"{"id": 1, "dog": {"kind": "puppy", "n": "Bit", "info": {"breed": "corgi", "weeks": 60}}}"#.utf8)
        var report = DecodingReport()
        let leash = try decoder.decode(YYLeash.self, from: json, report: &report)
        #expect(leash.id == 1)
        #expect(type(of: leash.dog) == YYDog.self)
        #expect(leash.dog.name == "")
        #expect(report.events.contains { $0.kind == .rejected && $0.path == "dog" })
        #expect(report.events.contains { $0.kind == .defaulted && $0.path == "dog" })

        var throwing = BridgeDecoder()
        throwing.missingValueStrategy = .throw
        do {
            _ = try throwing.decode(YYLeash.self, from: json)
            Issue.record("expected the parent to fail")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(renderPath(context.codingPath) == "dog")
            #expect(context.underlyingError as? YYAnimalError == .tooOld)
        }
    }

    @Test("a parent that fails because of a rejected required child is itself dropped from its array")
    func rejectedRequiredInArray() throws {
        let json = Data(#"""
        [{"id": 1, "dog": {"n": "Rex", "info": {"breed": "collie"}}},
         {"id": 2, "dog": {"n": "", "info": {"breed": "collie"}}},
         {"id": 3, "dog": {"n": "Max", "info": {"breed": "pug"}}}]
        """#.utf8)
        var throwing = BridgeDecoder()
        throwing.missingValueStrategy = .throw
        var report = DecodingReport()
        let leashes = try throwing.decode([YYLeash].self, from: json, report: &report)
        #expect(leashes.map(\.id) == [1, 3])
        #expect(report.events.contains { $0.kind == .dropped && $0.path == "[1]" })

        throwing.coercion = .strict
        do {
            _ = try throwing.decode([YYLeash].self, from: json)
            Issue.record("expected the decode to fail")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(renderPath(context.codingPath) == "[1].dog")
        }
    }
}
