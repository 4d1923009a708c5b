import Foundation
import Testing
@testable import CodableBridge

struct FlatAddress: MappableCodable, Equatable, Hashable {
    var city: String
    var zip: String?
    static var keyMapping: KeyMapping { ["city": "town"] }
    mutating func didDecode(from json: JSONValue) throws {
        city = city.uppercased()
    }
}

struct FlatPerson: MappableCodable, Equatable, Hashable {
    var name: String
    var address: FlatAddress
    static var keyMapping: KeyMapping { ["address": .flatten] }
}

struct FlatGeo: MappableCodable, Equatable {
    var lat: Double
    var lon: Double
}

struct FlatPlace: MappableCodable, Equatable {
    var label: String
    var geo: FlatGeo
    static var keyMapping: KeyMapping { ["geo": .flatten] }
}

/// A flattened model that flattens another, and an optional flattened property.
struct FlatVisit: MappableCodable, Equatable {
    var id: Int
    var place: FlatPlace
    var address: FlatAddress?
    static var keyMapping: KeyMapping { ["place": .flatten, "address": .flatten] }
}

struct FlatBilling: MappableCodable, Equatable {
    var zip: String
    var iban: String
}

struct FlatClash: MappableCodable, Equatable {
    var home: FlatAddress
    var billing: FlatBilling
    static var keyMapping: KeyMapping { ["home": .flatten, "billing": .flatten] }
}

struct FlatWithKeys: MappableCodable {
    var home: FlatAddress
    static var keyMapping: KeyMapping { ["home": [.flatten, "h"]] }
}

struct FlatRejecting: MappableCodable, Equatable {
    var code: Int
    mutating func didDecode(from json: JSONValue) throws {
        if code < 0 { throw CancellationError() }
    }
}

struct FlatOwner: MappableCodable, Equatable {
    var name: String
    var extra: FlatRejecting?
    static var keyMapping: KeyMapping { ["extra": .flatten] }
}

/// A plain `Codable` type flattened into a model.
struct FlatPlainMeta: Codable, Equatable {
    var version: Int
    var tag: String
}

struct FlatDocument: MappableCodable, Equatable {
    var title: String
    var meta: FlatPlainMeta
    static var keyMapping: KeyMapping { ["meta": .flatten] }
}

struct FlatNotAnObject: MappableCodable {
    var tags: [String]
    static var keyMapping: KeyMapping { ["tags": .flatten] }
}

/// A flattened class model: its subclass choice, `elementTypes` and hooks apply.
struct FlatKennel: MappableCodable {
    var title: String
    var pet: BOAnimal
    static var keyMapping: KeyMapping { ["pet": .flatten] }
}

struct FlatDogKennel: MappableCodable {
    var pet: BOAnimal?
    static var keyMapping: KeyMapping { ["pet": .flatten] }
    static var elementTypes: [String: any Codable.Type] { ["pet": BODog.self] }
}

@Suite("Flattened models")
struct FlattenTests {
    let decoder = BridgeDecoder()
    let encoder: BridgeEncoder = {
        var encoder = BridgeEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    @Test("reads its keys from the parent object and writes them back, with its own mapping and hooks")
    func roundTrip() throws {
        let person = try decoder.decode(FlatPerson.self, from: #"{"name": "Ada", "town": "Paris", "zip": "75001"}"#)
        #expect(person == FlatPerson(name: "Ada", address: FlatAddress(city: "PARIS", zip: "75001")))
        #expect(try encoder.encodeToString(person) == #"{"name":"Ada","town":"PARIS","zip":"75001"}"#)
    }

    @Test("coercion applies inside the flattened model; the report path names the property")
    func coercionAndReport() throws {
        var report = DecodingReport()
        let person = try decoder.decode(FlatPerson.self, from: Data(#"{"name": "Ada", "town": "Paris", "zip": 75001}"#.utf8), report: &report)
        #expect(person.address.zip == "75001")
        #expect(report.events.contains { $0.path == "address.zip" && $0.kind == .coerced })
    }

    @Test("a missing key of the flattened model is an error at its property path under .throw")
    func missingKey() throws {
        var strict = BridgeDecoder()
        strict.missingValueStrategy = .throw
        let error = try #require(throws: DecodingError.self) { try strict.decode(FlatPerson.self, from: #"{"name": "Ada"}"#) }
        guard case .keyNotFound(let key, let context) = error else { Issue.record("\(error)"); return }
        #expect(key.stringValue == "city")
        #expect(pathString(context.codingPath) == "address")
    }

    @Test("top level, arrays, sets and dictionaries of a model with a flattened property")
    func containers() throws {
        let one = #"{"name": "A", "town": "x"}"#
        let expected = FlatPerson(name: "A", address: FlatAddress(city: "X"))
        #expect(try decoder.decode([FlatPerson].self, from: "[\(one)]") == [expected])
        #expect(try decoder.decode(Set<FlatPerson>.self, from: "[\(one)]") == [expected])
        #expect(try decoder.decode([String: FlatPerson].self, from: #"{"k": \#(one)}"#) == ["k": expected])
        #expect(try encoder.encodeToString(["k": expected]) == #"{"k":{"name":"A","town":"X"}}"#)
    }

    @Test("nested flattening and an optional flattened property")
    func nestedAndOptional() throws {
        let visit = try decoder.decode(FlatVisit.self, from: #"{"id": 1, "label": "Home", "lat": 1.5, "lon": 2, "town": "Oslo"}"#)
        #expect(visit == FlatVisit(id: 1, place: FlatPlace(label: "Home", geo: FlatGeo(lat: 1.5, lon: 2)), address: FlatAddress(city: "OSLO")))
        #expect(try encoder.encodeToString(visit) == #"{"id":1,"label":"Home","lat":1.5,"lon":2,"town":"OSLO"}"#)
    }

    @Test("an optional flattened property is nil when none of its keys is present, with no report events")
    func optionalAbsent() throws {
        var report = DecodingReport()
        let visit = try decoder.decode(FlatVisit.self, from: Data(#"{"id": 1, "label": "Home", "lat": 1, "lon": 2}"#.utf8), report: &report)
        #expect(visit.address == nil)
        #expect(report.events.isEmpty)
        #expect(try encoder.encodeToString(visit) == #"{"id":1,"label":"Home","lat":1,"lon":2}"#)
    }

    @Test("an optional flattened model that is rejected is nil, reported")
    func optionalRejected() throws {
        var report = DecodingReport()
        let owner = try decoder.decode(FlatOwner.self, from: Data(#"{"name": "n", "code": -1}"#.utf8), report: &report)
        #expect(owner == FlatOwner(name: "n", extra: nil))
        #expect(report.events.contains { $0.path == "extra" && $0.kind == .rejected })
        #expect(try decoder.decode(FlatOwner.self, from: #"{"name": "n", "code": 4}"#) == FlatOwner(name: "n", extra: FlatRejecting(code: 4)))
    }

    @Test("update: the patch changes the flattened keys it names and keeps the rest")
    func update() throws {
        var person = FlatPerson(name: "Ada", address: FlatAddress(city: "PARIS", zip: "75001"))
        try decoder.update(&person, from: Data(#"{"zip": "69001"}"#.utf8))
        #expect(person == FlatPerson(name: "Ada", address: FlatAddress(city: "PARIS", zip: "69001")))
        try decoder.update(&person, from: Data(#"{"name": "Grace"}"#.utf8))
        #expect(person == FlatPerson(name: "Grace", address: FlatAddress(city: "PARIS", zip: "69001")))
        var visit = FlatVisit(id: 1, place: FlatPlace(label: "L", geo: FlatGeo(lat: 1, lon: 2)), address: FlatAddress(city: "OSLO"))
        try decoder.update(&visit, from: Data(#"{"lat": 5}"#.utf8))
        #expect(visit == FlatVisit(id: 1, place: FlatPlace(label: "L", geo: FlatGeo(lat: 5, lon: 2)), address: FlatAddress(city: "OSLO")))
    }

    @Test("a plain Codable type flattens too")
    func plainCodable() throws {
        let document = try decoder.decode(FlatDocument.self, from: #"{"title": "T", "version": 2, "tag": "x"}"#)
        #expect(document == FlatDocument(title: "T", meta: FlatPlainMeta(version: 2, tag: "x")))
        #expect(try encoder.encodeToString(document) == #"{"tag":"x","title":"T","version":2}"#)
    }

    @Test("a flattened class model keeps decodingType, elementTypes and its hooks")
    func classModel() throws {
        let kennel = try decoder.decode(FlatKennel.self, from: #"{"title": "K", "kind": "dog", "n": "Rex", "info": {"breed": "beagle"}}"#)
        let dog = try #require(kennel.pet as? BODog)
        #expect(dog.name == "Rex" && dog.breed == "beagle")
        #expect(try encoder.encodeToString(kennel) == #"{"info":{"breed":"beagle"},"kind":"dog","n":"Rex","title":"K"}"#)
        let other = try decoder.decode(FlatDogKennel.self, from: #"{"n": "Ace", "info": {"breed": "pug"}}"#)
        #expect((other.pet as? BODog)?.breed == "pug")  // elementTypes
        var report = DecodingReport()
        let rejected = try decoder.decode(FlatDogKennel.self, from: Data(#"{"n": "Ace"}"#.utf8), report: &report)
        #expect(rejected.pet == nil)  // didDecode threw (no breed): the optional is nil, reported
        #expect(report.events.contains { $0.path == "pet" && $0.kind == .rejected })
    }

    @Test("a flattened value that is not an object cannot be encoded (or decoded)")
    func notAnObject() throws {
        let error = try #require(throws: EncodingError.self) { try encoder.encode(FlatNotAnObject(tags: ["a"])) }
        #expect("\(error)".contains("did not encode as an object"))
        var strict = BridgeDecoder()
        strict.coercion = .strict
        #expect(throws: DecodingError.self) { try strict.decode(FlatNotAnObject.self, from: #"{"tags": ["a"]}"#) }
    }

    @Test("two flattened models that read the same key are an invalid table")
    func clash() throws {
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode(FlatClash.self, from: #"{"town": "a", "zip": "b", "iban": "c"}"#)
        }
        let text = "\(error)"
        #expect(text.contains("FlatClash"))
        #expect(text.contains(#"keyMapping["home"] = .flatten"#) || text.contains(#"keyMapping["billing"] = .flatten"#))
        #expect(text.contains(#"both read the key "zip""#))
    }

    @Test(".flatten combined with keys is an invalid table")
    func flattenWithKeys() throws {
        let error = try #require(throws: DecodingError.self) { try decoder.decode(FlatWithKeys.self, from: #"{"town": "a"}"#) }
        #expect("\(error)".contains(#"keyMapping["home"]"#))
        #expect(throws: EncodingError.self) { try encoder.encode(FlatWithKeys(home: FlatAddress(city: "a"))) }
    }

    @Test("the known keys of a model include its flattened models' keys (for unknown-key handling)")
    func knownKeys() throws {
        _ = try decoder.decode(FlatVisit.self, from: #"{"id": 1, "label": "Home", "lat": 1, "lon": 2, "town": "x"}"#)
        #expect(TypeFacts.of(FlatVisit.self).knownKeys == ["id", "label", "lat", "lon", "town", "zip"])
    }
}
