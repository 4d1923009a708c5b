@testable import CodableBridge
import Foundation
import Testing

/// What decoding one JSON text gave: the class, the encoded model and the report, or the error.
private struct Outcome: Equatable, CustomStringConvertible {
    var kind = ""
    var encoded: JSONValue = .null
    var events: [String] = []
    var error = ""

    var description: String { error.isEmpty ? "\(kind) \(encoded) \(events)" : "error \(error)" }

    /// The same names for both hierarchies: `HDog` and `FDog` are both "Dog".
    static func plain(_ text: String) -> String {
        var text = text
        for name in ["Animal", "Dog", "Puppy"] {
            text = text.replacingOccurrences(of: "F\(name)", with: name).replacingOccurrences(of: "H\(name)", with: name)
        }
        return text
    }

    init<T: BridgeObject>(_ type: T.Type, _ json: String, _ decoder: BridgeDecoder) {
        var report = DecodingReport()
        do {
            let model = try decoder.decode(T.self, from: json, report: &report)
            kind = Outcome.plain(String(describing: Swift.type(of: model)))
            encoded = try BridgeEncoder().encodeToJSONValue(model)
            events = report.events.map { Outcome.plain("\($0.kind) \($0.path): \($0.detail)") }
        } catch let error as DecodingError {
            switch error {
            case .keyNotFound(let key, let context): self.error = "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))"
            case .typeMismatch(_, let context): self.error = "typeMismatch at \(context.codingPath.map(\.stringValue))"
            case .valueNotFound(_, let context): self.error = "valueNotFound at \(context.codingPath.map(\.stringValue))"
            case .dataCorrupted(let context): self.error = Outcome.plain("dataCorrupted at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)")
            @unknown default: self.error = "\(error)"
            }
        } catch {
            self.error = "\(error)"
        }
    }
}

@Suite("BridgeObject.fields: class models without coding code")
struct BridgeFieldTests {
    static let lenient = BridgeDecoder()
    static let strict: BridgeDecoder = {
        var decoder = BridgeDecoder.foundationCompatible
        decoder.unknownKeyStrategy = .ignore
        return decoder
    }()

    static let throwing: BridgeDecoder = {
        var decoder = BridgeDecoder()
        decoder.missingValueStrategy = .throw
        return decoder
    }()

    static let documents = [
        // every field given, through every table: key, alternates, key style, key path, ignored, one-direction, transform
        #"{"kind": "dog", "n": "Rex", "id": 7, "leg_count": 3, "nick": "R", "info": {"breed": "pug"}, "cache": "x", "secret": "y", "label": "z", "born": 1000}"#,
        // absent fields keep their initial values (reported), an absent optional stays nil
        #"{"kind": "dog", "n": "Rex", "info": {"breed": "pug"}}"#,
        // the second alternate; the declared class; a null optional
        #"{"ID": 9, "n": "Ann", "leg_count": 2, "nick": null}"#,
        // third level: element types, unknown members captured, first-case enum default
        #"{"kind": "puppy", "n": "Bit", "id": 1, "leg_count": 4, "info": {"breed": "corgi"}, "born": 5, "secret": "s", "weeks": 9, "friends": [{"n": "Fido", "id": 2, "leg_count": 4, "info": {"breed": "lab"}, "born": 0, "secret": ""}], "size": "huge", "color": "brown"}"#,
        // coercions and values not converted
        #"{"kind": "dog", "n": "Rex", "id": "12", "leg_count": "many", "info": {"breed": "pug"}, "born": "soon", "secret": 5}"#,
        // hooks reject: at the top level, and in an element
        #"{"kind": "dog", "n": "Rex", "info": {"breed": ""}}"#,
        #"{"kind": "puppy", "n": "Bit", "info": {"breed": "corgi"}, "weeks": 60}"#,
        #"{"kind": "puppy", "n": "Bit", "info": {"breed": "corgi"}, "weeks": 1, "friends": [{"n": "Fido", "info": {"breed": ""}}]}"#,
        // a key path through a value that is not an object
        #"{"kind": "dog", "n": "Rex", "info": "pug"}"#,
    ]

    @Test("fields decode, encode, report and fail exactly as the same hierarchy written by hand",
          arguments: documents, [("lenient", lenient), ("strict", strict), ("missing throws", throwing)])
    func sameAsHandWritten(json: String, decoder: (name: String, decoder: BridgeDecoder)) {
        let fields = Outcome(FAnimal.self, json, decoder.decoder)
        let handWritten = Outcome(HAnimal.self, json, decoder.decoder)
        #expect(fields == handWritten, "\(decoder.name): \(json)")
    }

    @Test("a few outcomes spelt out: class, initial values kept and reported, every table")
    func outcomes() throws {
        var report = DecodingReport()
        let json = #"{"kind": "dog", "n": "Rex", "ID": 7, "info": {"breed": "pug"}, "cache": "x", "label": "z", "born": 1000}"#
        let dog = try #require(try BridgeDecoder().decode(FAnimal.self, from: json, report: &report) as? FDog)
        #expect((dog.name, dog.id, dog.legCount, dog.nick, dog.breed) == ("Rex", 7, 4, nil, "pug"))
        #expect((dog.cache, dog.label, dog.secret, dog.born) == ("warm", "dog", "hidden", Date(timeIntervalSince1970: 1000)))
        #expect(report.events.map(\.path) == ["legCount", "secret"])
        #expect(report.events.allSatisfy { $0.kind == .defaulted && $0.detail.contains("declared default") })

        let encoded = try BridgeEncoder().encodeToJSONValue(dog)
        #expect(encoded == ["n": "Rex", "id": 7, "leg_count": 4, "info": ["breed": "pug"], "label": "dog", "born": 1000, "kind": "dog"])

        let puppy = try #require(try BridgeDecoder().decode(FAnimal.self, from: Self.documents[3]) as? FPuppy)
        #expect(puppy.friends.map { String(describing: type(of: $0)) } == ["FDog"])
        // "huge" is no case: the initial value, as a declared default wins over the first case
        #expect((puppy.size, puppy.extra) == (.large, ["kind": "puppy", "color": "brown"]))
    }

    @Test("a missing non-optional field is keyNotFound under .throw; a missing optional keeps its value")
    func missingUnderThrow() throws {
        #expect {
            try Self.throwing.decode(FAnimal.self, from: #"{"n": "A", "id": 1}"#)
        } throws: { error in
            guard case .keyNotFound(let key, _) = error as? DecodingError else { return false }
            return key.stringValue == "legCount"
        }
        let animal = try Self.throwing.decode(FAnimal.self, from: #"{"n": "A", "id": 1, "leg_count": 2}"#)
        #expect(animal.nick == nil)
    }

    @Test("onlyProperties: a field outside the list is neither read nor written")
    func onlyProperties() throws {
        let model = try BridgeDecoder().decode(FOnly.self, from: #"{"a": 5, "b": 6}"#)
        #expect((model.a, model.b) == (5, 2))
        #expect(try BridgeEncoder().encodeToJSONValue(model) == ["a": 5])
    }

    @Test("a class of a chain with fields may override init(from:) / encode(to:) and call super")
    func handWrittenBesideFields() throws {
        let model = try BridgeDecoder().decode(FValidated.self, from: #"{"n": "Val", "id": 3, "version": 2}"#)
        #expect((model.name, model.id, model.checked) == ("Val", 3, true))
        #expect(try BridgeEncoder().encodeToJSONValue(model) == ["n": "Val", "id": 3, "leg_count": 4, "version": 2, "kind": "validated"])
        #expect(throws: FieldRejection(reason: "unnamed")) { try BridgeDecoder().decode(FValidated.self, from: #"{"id": 3}"#) }
    }

    @Test("Foundation's JSONDecoder and JSONEncoder code fields too (by their names, no tables)")
    func foundationCoders() throws {
        let data = Data(#"{"name": "Rex", "id": 1, "legCount": 3, "breed": "pug", "secret": "s", "label": "l", "born": 0}"#.utf8)
        let dog = try JSONDecoder().decode(FDog.self, from: data)
        #expect((dog.name, dog.legCount, dog.breed, dog.label) == ("Rex", 3, "pug", "dog"))
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(dog)) as? [String: Any]
        #expect(object?["breed"] as? String == "pug")
        #expect(object?["cache"] == nil)
    }
}

@Suite("BridgeObject.fields: model utilities and update")
struct BridgeFieldUtilityTests {
    @Test("==, hash, description and modelCopy work from the fields")
    func utilities() throws {
        let json = #"{"kind": "puppy", "n": "Bit", "id": 1, "info": {"breed": "corgi"}, "weeks": 9, "friends": [{"n": "Fido", "info": {"breed": "lab"}}]}"#
        let a = try BridgeDecoder().decode(FAnimal.self, from: json)
        let b = try BridgeDecoder().decode(FAnimal.self, from: json)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        let copy = try a.modelCopy()
        #expect(copy == a && copy !== a)
        #expect(type(of: copy) == FPuppy.self)
        // safe: decodingType chose FPuppy
        #expect((copy as! FPuppy).friends[0] !== (a as! FPuppy).friends[0])
        (b as! FPuppy).weeks = 10
        #expect(a != b)
        #expect(a.description.contains("n = \"Bit\""))
        #expect(a.description.contains("breed = \"corgi\""))
    }

    @Test("update changes the instance in place: === holds, other references see the new values, the rest is untouched")
    func updateInPlace() throws {
        var dog = try BridgeDecoder().decode(FDog.self, from: #"{"n": "Rex", "id": 1, "leg_count": 3, "nick": "R", "info": {"breed": "pug"}}"#)
        dog.cache = "hot"
        let other = dog
        var report = DecodingReport()
        try BridgeDecoder().update(&dog, from: #"{"n": "Max", "info": {"breed": "lab"}, "leg_count": "x"}"#, report: &report)
        #expect(dog === other)
        #expect((other.name, other.breed, other.id, other.legCount, other.nick, other.cache) == ("Max", "lab", 1, 3, "R", "hot"))
        #expect(report.events.map(\.path) == ["legCount"])

        // Through the base type and the model's own method; a null optional becomes nil.
        var animal: FAnimal = other
        try animal.update(from: #"{"nick": null, "id": 5}"#)
        #expect(animal === other && other.nick == nil && other.id == 5 && other.breed == "lab")

        // A patch a hook rejects leaves the instance as it was.
        #expect(throws: DecodingError.self) { try BridgeDecoder().update(&dog, from: #"{"info": {"breed": ""}}"#) }
        #expect(other.breed == "lab")
    }

    @Test("update of a three-level model: nested arrays replace, captured members are kept")
    func updateThreeLevels() throws {
        var puppy = try BridgeDecoder().decode(FPuppy.self, from: #"{"n": "Bit", "info": {"breed": "corgi"}, "weeks": 9, "color": "brown"}"#)
        let same = puppy
        try BridgeDecoder().update(&puppy, from: #"{"weeks": 10, "friends": [{"n": "Fido", "kind": "dog", "info": {"breed": "lab"}}]}"#)
        #expect(puppy === same)
        #expect((same.weeks, same.breed, same.friends.count, same.extra["color"]) == (10, "corgi", 1, "brown"))
    }
}

@Suite("BridgeObject.fields: invalid field tables")
struct BridgeFieldTableTests {
    /// The MappingTableError a decode and an encode of `model`'s class throw.
    private func tableErrors<T: BridgeObject>(_ type: T.Type, _ model: T) -> (decoding: MappingTableError?, encoding: MappingTableError?) {
        var decoding: MappingTableError?
        var encoding: MappingTableError?
        do {
            _ = try BridgeDecoder().decode(T.self, from: "{}")
        } catch let DecodingError.dataCorrupted(context) {
            decoding = context.underlyingError as? MappingTableError
        } catch {}
        do {
            _ = try BridgeEncoder().encode(model)
        } catch let EncodingError.invalidValue(_, context) {
            encoding = context.underlyingError as? MappingTableError
        } catch {}
        return (decoding, encoding)
    }

    @Test("each invalid table is a MappingTableError naming the class and the entry, decoding and encoding, every time",
          arguments: [
              (FieldCase.forgetful, "stored property \"legs\" of CodableBridgeTests.FForgetful", "neither fields nor ignoredProperties"),
              (.duplicate, "fields names \"a\" twice", "remove the second entry"),
              (.stranger, "fields[\"name\"]", "not CodableBridgeTests.FStranger nor one of its superclasses"),
              (.misnamed, "fields[\"first\"] = \\FMisnamed.second", "the key path is the property \"second\""),
              (.typo, "fields[\"titel\"]", "has no stored property \"titel\""),
              (.wrongType, "fields[\"count\"]", "the key path's value is String but the stored property \"count\" holds Int"),
              (.wrappedForgetful, "stored property \"count\" of CodableBridgeTests.FWrappedForgetful", "neither fields nor ignoredProperties"),
          ])
    func invalidTables(_ fieldCase: FieldCase, entry: String, problem: String) throws {
        for _ in 0..<2 {
            let (decoding, encoding) = fieldCase.errors(self)
            let error = try #require(decoding)
            #expect(encoding == error)
            #expect(error.typeName.hasSuffix(fieldCase.className))
            #expect(error.entry == entry)
            #expect(error.problem.contains(problem), "\(error.problem)")
        }
    }

    enum FieldCase: CaseIterable, Sendable {
        case forgetful, duplicate, stranger, misnamed, typo, wrongType, wrappedForgetful

        var className: String {
            switch self {
            case .forgetful: "FForgetful"
            case .duplicate: "FDuplicate"
            case .stranger: "FStranger"
            case .misnamed: "FMisnamed"
            case .typo: "FTypo"
            case .wrongType: "FWrongType"
            case .wrappedForgetful: "FWrappedForgetful"
            }
        }

        func errors(_ tests: BridgeFieldTableTests) -> (decoding: MappingTableError?, encoding: MappingTableError?) {
            switch self {
            case .forgetful: tests.tableErrors(FForgetful.self, FForgetful())
            case .duplicate: tests.tableErrors(FDuplicate.self, FDuplicate())
            case .stranger: tests.tableErrors(FStranger.self, FStranger())
            case .misnamed: tests.tableErrors(FMisnamed.self, FMisnamed())
            case .typo: tests.tableErrors(FTypo.self, FTypo())
            case .wrongType: tests.tableErrors(FWrongType.self, FWrongType())
            case .wrappedForgetful: tests.tableErrors(FWrappedForgetful.self, FWrappedForgetful())
            }
        }
    }

    @Test("a property wrapper's `_name` storage is the property `name`, a lazy property's storage its own name")
    func backingStorage() throws {
        let model = try BridgeDecoder().decode(FWrapped.self, from: #"{"title": "Dune", "count": 9}"#)
        #expect((model.title, model.count) == ("Dune", 3))
        #expect(try BridgeEncoder().encodeToJSONValue(model) == ["title": "Dune"])
    }

    @Test("a class without fields is not checked: hand-written chains keep working")
    func noFieldsNoCheck() throws {
        let dog = try BridgeDecoder().decode(BODog.self, from: #"{"n": "Rex", "info": {"breed": "pug"}}"#)
        #expect(dog.breed == "pug")
        #expect(try FieldTable.of(dog).fields.isEmpty)
    }
}

/// Fields whose key path is not the property their name says: decoded through the key path.
private class CrossedFields: BridgeObject, @unchecked Sendable {
    var first = ""
    var second = ""
    var count: Int? = 1
    var tags: [String] = []

    // "first" is stored into `second` and back: the key paths decide, whatever the names.
    override class var fields: [BridgeField] {
        [.field("first", \CrossedFields.second), .field("second", \CrossedFields.first), .field("count", \CrossedFields.count),
         .field("tags", \CrossedFields.tags)]
    }
}

@Suite("BridgeObject.fields: where a decoded field is stored")
struct BridgeFieldStorageTests {
    @Test("a field is stored where its key path points, also when its name is another property's")
    func keyPathsDecide() throws {
        let model = try BridgeDecoder().decode(CrossedFields.self, from: #"{"first": "a", "second": "b", "count": null, "tags": ["x"]}"#)
        #expect(model.first == "b" && model.second == "a")
        #expect(model.count == nil && model.tags == ["x"])
        let again = try BridgeDecoder().decode(CrossedFields.self, from: #"{"first": "c", "count": 3}"#)
        #expect(again.second == "c" && again.first == "" && again.count == 3)
    }

    @Test("after a decode, fields with a probe value are stored directly (not in the portable build); crossed ones never")
    func storageIsFound() throws {
        _ = try BridgeDecoder().decode(CrossedFields.self, from: #"{"first": "a"}"#)
        let table = try #require(FieldTable.known(CrossedFields.self))
        let storage = try #require(table.storage)
        #expect(table.decoded.map(\.name) == ["first", "second", "count", "tags"])
        #if CODABLEBRIDGE_PORTABLE
        #expect(storage.allSatisfy { $0 == nil })
        #else
        // crossed: the probe reads the other property; `count` is an Int?; `tags` has no probe value
        #expect(storage.map { $0 != nil } == [false, false, true, false])
        #endif
    }
}
