import CodableBridge
import Foundation
import Testing

@Suite("Model call-site sugar")
struct ConvenienceTests {
    let json = #"{"n": "Dune", "ext": {"desc": "Sand"}, "book_id": 42, "pages": 412}"#

    @Test func decodeFromEveryInput() throws {
        let expected = Book(name: "Dune", desc: "Sand", bookID: 42, pages: 412)
        #expect(try Book.decode(from: Data(json.utf8)) == expected)
        #expect(try Book.decode(from: json) == expected)
        #expect(try Book.decode(from: JSONValue(parsing: json)) == expected)
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        #expect(try Book.decode(fromJSONObject: object) == expected)
        #expect(try [Book].decode(from: Data("[\(json)]".utf8)) == [expected])
        #expect(try [String: Book].decode(from: Data(#"{"a": \#(json)}"#.utf8)) == ["a": expected])
    }

    @Test func encodeToEveryOutput() throws {
        let book = Book(name: "Dune", desc: "Sand", bookID: 42, pages: 412)
        let value = try book.jsonValue()
        #expect(value == ["n": "Dune", "ext": ["desc": "Sand"], "id": 42, "pages": 412])
        #expect(try JSONValue(parsing: book.jsonData()) == value)
        #expect(try book.jsonString() == #"{"n":"Dune","ext":{"desc":"Sand"},"id":42,"pages":412}"#)
        #expect(try book.jsonString(prettyPrinted: true).contains("\n  \"n\" : \"Dune\""))
        let object = try #require(try book.jsonObject() as? [String: Any])
        #expect(object["n"] as? String == "Dune")
        #expect(try Book.decode(from: book.jsonData()) == book)
    }

    @Test("update keeps absent keys, merges nested objects, replaces arrays (yy_modelSetWithJSON)")
    func update() throws {
        var book = Book(name: "Dune", desc: "Sand", bookID: 42, pages: 412)
        try book.update(from: Data(#"{"pages": 500, "ext": {"other": 1}}"#.utf8))
        #expect(book == Book(name: "Dune", desc: "Sand", bookID: 42, pages: 500))

        struct Shelf: MappableCodable, Equatable {
            var books: [String]
            var meta: [String: Int]
        }
        var shelf = Shelf(books: ["a", "b"], meta: ["x": 1, "y": 2])
        try BridgeDecoder().update(&shelf, from: Data(#"{"books": ["c"], "meta": {"y": 3}}"#.utf8))
        #expect(shelf == Shelf(books: ["c"], meta: ["x": 1, "y": 3]))
    }
}

@Suite("update(_:from:) merges by model, not by JSON text")
struct UpdateTests {
    struct Address: MappableCodable, Equatable {
        var city: String
        var zip: String
        static var keyMapping: KeyMapping { ["zip": ["zip", "postcode"]] }
    }

    struct Person: MappableCodable, Equatable {
        var id: Int
        var name: String
        var nickname: String?
        var address: Address
        var tags: [String]
        var scores: [String: Int]
        var pets: [String: Address]
        static var keyMapping: KeyMapping { ["id": ["id", "user_id"], "name": "profile.name"] }
    }

    let ada = Person(id: 1, name: "Ada", nickname: "A", address: Address(city: "London", zip: "N1"),
                     tags: ["math"], scores: ["x": 1, "y": 2],
                     pets: ["cat": Address(city: "Paris", zip: "75")])

    @Test("absent keys keep values; present keys overwrite, through alternates and key paths")
    func alternatesAndPaths() throws {
        var person = ada
        try BridgeDecoder().update(&person, from: Data(#"{"user_id": 7, "profile": {"name": "Lovelace"}}"#.utf8))
        var expected = ada
        expected.id = 7
        expected.name = "Lovelace"
        #expect(person == expected)
    }

    @Test("nested models and dictionaries merge recursively; arrays are replaced; optionals are kept")
    func nested() throws {
        var person = ada
        let patch = #"{"address": {"postcode": "E2"}, "tags": ["poetry"], "scores": {"y": 5, "z": 6}, "pets": {"cat": {"city": "Rome"}}}"#
        try BridgeDecoder().update(&person, from: Data(patch.utf8))
        #expect(person.address == Address(city: "London", zip: "E2"))
        #expect(person.tags == ["poetry"])
        #expect(person.scores == ["x": 1, "y": 5, "z": 6])
        #expect(person.pets["cat"] == Address(city: "Rome", zip: "75"))
        #expect(person.nickname == "A")
        #expect(person.id == 1)
    }

    @Test("an explicit null clears an optional")
    func explicitNull() throws {
        var person = ada
        try BridgeDecoder().update(&person, from: Data(#"{"nickname": null}"#.utf8))
        #expect(person.nickname == nil)
    }
}
