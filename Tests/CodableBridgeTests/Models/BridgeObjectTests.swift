@testable import CodableBridge
import Foundation
import Testing

@Suite("BridgeObject: class hierarchies")
struct BridgeObjectHierarchyTests {
    static let animal: JSONValue = ["n": "Generic"]
    static let dog: JSONValue = ["kind": "dog", "n": "Rex", "info": ["breed": "beagle"]]
    static let puppy: JSONValue = ["kind": "puppy", "n": "Bit", "info": ["breed": "corgi", "weeks": 8]]
    static let cat: JSONValue = ["kind": "cat", "n": "Tom", "in": true]

    let decoder = BridgeDecoder()

    @Test("every level's table applies: key, shared key-path parent, subclass entries merged with super's")
    func threeLevelsDecode() throws {
        let puppy = try decoder.decode(BOPuppy.self, from: Self.puppy)
        #expect((puppy.name, puppy.breed, puppy.weeks) == ("Bit", "corgi", 8))
        let dog = try decoder.decode(BODog.self, from: #"{"dog_name": "x", "n": "Rex", "info": {"breed": "pug"}}"#)
        #expect((dog.name, dog.breed) == ("Rex", "pug"))
        // Level 3's willDecode runs: a legacy top-level "weeks" is moved into "info".
        let legacy = try decoder.decode(BOPuppy.self, from: #"{"n": "Old", "weeks": 3, "info": {"breed": "pug"}}"#)
        #expect(legacy.weeks == 3)
        // `override static var` (BOCat) is an override too.
        #expect(try decoder.decode(BOCat.self, from: Self.cat).indoor == true)
    }

    @Test("the tables ModelMeta reads are the dynamic type's overrides")
    func tablesSeenThroughWitness() throws {
        #expect(Set(try ModelMeta.of(BOPuppy.self).lookups.keys) == ["name", "breed", "weeks"])
        #expect(Set(try ModelMeta.of(BOCat.self).lookups.keys) == ["name", "indoor"])
        #expect(try ModelMeta.of(BODog.self).excluded == ["cache"])
        #expect(try ModelMeta.of(BOPlain.self).lookups.keys.sorted() == ["title"])
    }

    @Test("elementTypes, onlyProperties and enumsDefaultToFirstCase overrides apply")
    func otherTables() throws {
        let json: JSONValue = ["dogs": [["n": "Rex", "info": ["breed": "pug"]], Self.puppy], "size": "huge", "note": "x"]
        let kennel = try decoder.decode(BOKennel.self, from: json)
        #expect(kennel.dogs.map { type(of: $0).kind } == ["dog", "puppy"])   // narrowed to BODog, then decodingType
        #expect(kennel.size == .small)                                        // first case
        #expect(kennel.note == "absent")                                      // outside onlyProperties
        #expect(try BridgeEncoder().encodeToJSONValue(kennel)["note"] == nil)
    }

    @Test("BridgeObject itself has no hooks; a subclass's hooks are always called, overridden at any level or not")
    func hookProbe() throws {
        #expect(try ModelMeta.of(BridgeObject.self).hasDecodingType == false)
        #expect(try ModelMeta.of(BridgeObject.self).hasWillDecode == false)
        _ = try decoder.decode(BridgeObject.self, from: "{}")
        _ = try BridgeEncoder().encode(BridgeObject())
        #expect(HookProbe.isImplemented(.didDecode, by: BridgeObject.self) == false)
        #expect(HookProbe.isImplemented(.didEncode, by: BridgeObject.self) == false)

        // BOPlain overrides no hook: BridgeObject's own are reached, and could be through super.
        #expect(try ModelMeta.of(BOPlain.self).hasDecodingType == true)
        #expect(try ModelMeta.of(BOPlain.self).hasWillDecode == true)
        #expect(try ModelMeta.of(BODog.self).hasDecodingType == true)   // inherited from BOAnimal
        #expect(try ModelMeta.of(BOPuppy.self).hasWillDecode == true)

        #expect(try decoder.decode(BOPlain.self, from: #"{"t": "a"}"#).title == "a")
        let plain = BOPlain()
        plain.title = "a"
        #expect(try BridgeEncoder().encodeToJSONValue(plain) == ["t": "a"])
        #expect(HookProbe.isImplemented(.didDecode, by: BOPlain.self) == true)
        #expect(HookProbe.isImplemented(.didEncode, by: BOPlain.self) == true)

        _ = try decoder.decode(BOCat.self, from: Self.cat)
        _ = try BridgeEncoder().encode(BOCat(name: "Tom", indoor: true))
        #expect(HookProbe.isImplemented(.didDecode, by: BOCat.self) == true)   // inherited from BOAnimal
        #expect(HookProbe.isImplemented(.didEncode, by: BOCat.self) == true)
    }

    @Test("encoding through the base type writes every level's properties into one object, and the hook's kind")
    func threeLevelsEncode() throws {
        var encoder = BridgeEncoder()
        encoder.outputFormatting = .sortedKeys
        let animal: BOAnimal = BOPuppy(name: "Bit", breed: "corgi", weeks: 8)
        #expect(try encoder.encodeToString(animal) == #"{"info":{"breed":"corgi","weeks":8},"kind":"puppy","n":"Bit"}"#)
        let cat: BOAnimal = BOCat(name: "Tom", indoor: false)
        #expect(try encoder.encodeToString(cat) == #"{"in":false,"kind":"cat","n":"Tom"}"#)
        #expect(try encoder.encodeToString(BridgeObject()) == "{}")
    }

    @Test("decodingType picks the class at top level, whatever level is declared", arguments: [
        (animal, "BOAnimal", "animal"), (dog, "BOAnimal", "dog"), (puppy, "BOAnimal", "puppy"), (cat, "BOAnimal", "cat"),
        (dog, "BODog", "dog"), (puppy, "BODog", "puppy"), (puppy, "BOPuppy", "puppy"),
    ])
    func selection(json: JSONValue, declared: String, kind: String) throws {
        let value: BOAnimal = switch declared {
        case "BODog": try decoder.decode(BODog.self, from: json)
        case "BOPuppy": try decoder.decode(BOPuppy.self, from: json)
        default: try decoder.decode(BOAnimal.self, from: json)
        }
        #expect(type(of: value).kind == kind)
    }

    @Test("arrays, dictionaries and optionals of the base class hold each element's own class, and encode it back")
    func polymorphicContainers() throws {
        let json: JSONValue = [
            "animals": [Self.animal, Self.dog, Self.puppy, Self.cat],
            "byName": ["rex": Self.dog, "tom": Self.cat, "bit": Self.puppy],
            "star": Self.puppy,
        ]
        let zoo = try decoder.decode(BOZoo.self, from: json)
        #expect(zoo.animals.map { type(of: $0).kind } == ["animal", "dog", "puppy", "cat"])
        #expect(zoo.byName.mapValues { type(of: $0).kind } == ["rex": "dog", "tom": "cat", "bit": "puppy"])
        #expect((zoo.star as? BOPuppy)?.weeks == 8)
        #expect(zoo.spare == nil)

        let encoded = try BridgeEncoder().encodeToJSONValue(zoo)
        #expect(encoded["animals"]?[2] == Self.puppy)
        #expect(encoded["animals"]?[3] == Self.cat)
        #expect(encoded["byName"]?["rex"] == Self.dog)
        #expect(encoded["star"]?["info"]?["weeks"] == 8)
        #expect(try decoder.decode(BOZoo.self, from: encoded) == zoo)
    }

    @Test("a decodingType result outside the declared type is a table error naming both types, at every position")
    func selectionOutsideDeclared() throws {
        let stranger: JSONValue = ["kind": "stranger"]
        let inputs: [(JSONValue, String)] = [
            (stranger, "<root>"), (["animals": [Self.dog, stranger]], "animals[1]"), (["star": stranger], "star"),
            (["byName": ["x": stranger]], "byName.x"),
        ]
        for (json, path) in inputs {
            do {
                if path == "<root>" { _ = try decoder.decode(BOAnimal.self, from: json) } else { _ = try decoder.decode(BOZoo.self, from: json) }
                Issue.record("expected an error for \(json)")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(renderPath(context.codingPath) == path)
                #expect(context.underlyingError is MappingTableError)
                #expect(context.debugDescription.contains("decodingType(for:) returned CodableBridgeTests.BOStranger"))
                #expect(context.debugDescription.contains("not a subclass of the declared type CodableBridgeTests.BOAnimal"))
            }
        }
        // A cat is an animal but not a dog.
        #expect(throws: DecodingError.self) { try decoder.decode([BODog].self, from: [Self.cat] as JSONValue) }
    }

    @Test("a hook that throws at any level rejects the model: top level throws, elements drop, optionals become nil")
    func rejection() throws {
        let noBreed: JSONValue = ["kind": "dog", "n": "Rex", "info": ["breed": ""]]
        let tooOld: JSONValue = ["kind": "puppy", "n": "Bit", "info": ["breed": "corgi", "weeks": 99]]
        let unnamed: JSONValue = ["kind": "cat", "n": "", "in": true]
        for (json, reason) in [(noBreed, BOError.noBreed), (tooOld, .tooOld), (unnamed, .unnamed)] {
            do {
                _ = try decoder.decode(BOAnimal.self, from: json)
                Issue.record("expected a rejection")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.underlyingError as? BOError == reason)
                #expect(context.debugDescription.contains("didDecode rejected the model"))
            }
        }
        var report = DecodingReport()
        let zoo = try decoder.decode(BOZoo.self, from: try BridgeEncoder().encode([
            "animals": [Self.dog, noBreed, tooOld, Self.cat], "star": unnamed,
        ] as JSONValue), report: &report)
        #expect(zoo.animals.map { type(of: $0).kind } == ["dog", "cat"])
        #expect(zoo.star == nil)
        #expect(report.events.filter { $0.kind == .rejected || $0.kind == .dropped }.map(\.path).contains("animals[1]"))
    }

    @Test("update of a class model: only the patched values change, and the class is kept")
    func update() throws {
        var cat = BOCat(name: "Tom", indoor: true)
        try decoder.update(&cat, from: Data(#"{"n": "Felix"}"#.utf8))
        #expect((cat.name, cat.indoor) == ("Felix", true))

        // A subclass through its own class: every level's table applies to the patch.
        var puppy = BOPuppy(name: "Bit", breed: "corgi", weeks: 8)
        try decoder.update(&puppy, from: Data(#"{"n": "Byte", "info": {"breed": "pug", "weeks": 9}}"#.utf8))
        #expect((puppy.name, puppy.breed, puppy.weeks) == ("Byte", "pug", 9))

        // A hook still rejects: the update throws and the value is left as it was.
        var rejected = BOCat(name: "Tom", indoor: true)
        #expect(throws: DecodingError.self) { try decoder.update(&rejected, from: Data(#"{"n": ""}"#.utf8)) }
        #expect(rejected.name == "Tom")
    }
}

@Suite("BridgeObject: model utilities")
struct BridgeObjectUtilityTests {
    @Test("== compares the dynamic type and the encoded values; hash agrees")
    func equality() throws {
        let a = BODog(name: "Rex", breed: "beagle")
        let b = BODog(name: "Rex", breed: "beagle")
        b.cache = "changed"   // ignored: not part of the mapping
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != BODog(name: "Rex", breed: "pug"))
        // Same values, different class.
        let puppy = BOPuppy(name: "Rex", breed: "beagle", weeks: 0)
        #expect(BOAnimal(name: "Rex") != BOCat(name: "Rex", indoor: false))
        #expect((a as BOAnimal) != (puppy as BOAnimal))
        #expect(Set<BOAnimal>([a, b, puppy, BOPuppy(name: "Rex", breed: "beagle", weeks: 0)]).count == 2)
    }

    @Test("description lists the class and the mapped properties, sorted, nested objects indented")
    func description() throws {
        let dog = BODog(name: "Rex", breed: "beagle")
        let text = dog.description
        let head = "<CodableBridgeTests.BODog: 0x"
        #expect(text.hasPrefix(head))
        let body = text.drop(while: { $0 != ">" })
        #expect(body == """
        > {
            info = {
                breed = "beagle"
            };
            kind = "dog";
            n = "Rex"
        }
        """)
        #expect(String(describing: BOStranger()).hasSuffix(">"))
        let zooLike = BOExact()
        zooLike.pack = [BOAnimal(name: "a")]
        #expect(zooLike.description.contains("""
            pack = [
                {
                    kind = "animal";
                    n = "a"
                }
            ];
        """))
    }

    @Test("modelCopy is deep: nested class models are new instances with equal values")
    func deepCopy() throws {
        let original = BOExact()
        original.friend = BOPuppy(name: "Bit", breed: "corgi", weeks: 8)
        original.pack = [BODog(name: "Rex", breed: "beagle"), BOCat(name: "Tom", indoor: true)]
        let copy = try original.modelCopy()
        #expect(copy !== original)
        #expect(copy == original)
        let friend = try #require(copy.friend as? BOPuppy)
        #expect(friend !== original.friend)
        #expect(friend.weeks == 8)
        #expect(copy.pack.map { type(of: $0).kind } == ["dog", "cat"])
        #expect(zip(copy.pack, original.pack).allSatisfy { $0 !== $1 && $0 == $1 })
        friend.name = "Changed"
        #expect(original.friend?.name == "Bit")
    }

    @Test("modelCopy keeps every value exactly: sub-second dates, Data, Decimal, -0, infinity, NaN, Float, URL, UInt64.max")
    func exactCopy() throws {
        let original = BOExact()
        original.optional = 7
        let copy = try original.modelCopy()
        #expect(copy.date == original.date)
        #expect(copy.date.timeIntervalSinceReferenceDate.bitPattern == original.date.timeIntervalSinceReferenceDate.bitPattern)
        #expect(copy.bytes == original.bytes)
        #expect(copy.decimal == original.decimal)
        #expect(copy.double.bitPattern == original.double.bitPattern)
        #expect(copy.negativeZero.bitPattern == (-0.0).bitPattern)
        #expect(copy.infinity == .infinity)
        #expect(copy.nan.isNaN)
        #expect(copy.float.bitPattern == Float(0.1).bitPattern)
        #expect(copy.url == original.url)
        #expect(copy.optional == 7)
        #expect(copy.big == .max)
        #expect(copy == original)
    }

    @Test("modelCopy keeps the dynamic class, through the base type too")
    func copyClass() throws {
        let animal: BOAnimal = BOCat(name: "Tom", indoor: true)
        let copy = try animal.modelCopy()
        #expect(type(of: copy) == BOCat.self)
        #expect((copy as? BOCat)?.indoor == true)
        // Ignored properties are not copied: they keep the value init(from:) gives them.
        let dog = BODog(name: "Rex", breed: "beagle")
        dog.cache = "hot"
        #expect(try dog.modelCopy().cache == "cold")
    }
}

@Suite("Plain classes with class var tables")
struct PlainClassModelTests {
    @Test("a subclass's override class var tables and overridden hooks apply, both directions")
    func subclassTables() throws {
        let sub = try BridgeDecoder().decode(PlainSub.self, from: #"{"full_name": " Ada ", "lvl": 4, "scratch": "x"}"#)
        #expect(sub.name == "Ada")          // base mapping and base hook
        #expect(sub.level == 40)            // subclass mapping and subclass hook (after super's)
        #expect(sub.scratch == "absent")    // subclass ignoredProperties
        var encoder = BridgeEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encodeToString(PlainSub(name: "Ada", level: 4)) == #"{"full_name":"Ada","lvl":4}"#)
        let base: PlainBase = PlainSub(name: "Ada", level: 4)
        #expect(try encoder.encodeToString(base) == #"{"full_name":"Ada","lvl":4}"#)
    }
}
