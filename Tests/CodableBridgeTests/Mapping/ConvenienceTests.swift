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
