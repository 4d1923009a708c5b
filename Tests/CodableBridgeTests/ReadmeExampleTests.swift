import CodableBridge
import Foundation
import Testing

/// The README's opening example, kept honest: if this fails, update README.md too.
@Suite struct ReadmeExampleTests {
    struct Book: MappableCodable, Equatable {
        var name: String
        var desc: String?
        var bookID: Int
        var pages: Int = 0

        static var keyMapping: KeyMapping {
            ["name": "n", "desc": "ext.desc", "bookID": ["id", "ID", "book_id"]]
        }
    }

    @Test func openingExample() throws {
        let json = #"{"n": "Dune", "ext": {"desc": "Sand"}, "book_id": "42", "pages": null}"#
        var report = DecodingReport()
        let book = try BridgeDecoder().decode(Book.self, from: Data(json.utf8), report: &report)
        #expect(book == Book(name: "Dune", desc: "Sand", bookID: 42, pages: 0))
        print(report)
        #expect(report.events.map(\.path) == ["bookID", "pages"])
        #expect(report.events.map(\.kind) == [.coerced, .defaulted])
        let data = try BridgeEncoder().encode(book)
        #expect(String(decoding: data, as: UTF8.self) == #"{"n":"Dune","ext":{"desc":"Sand"},"id":42,"pages":0}"#)
    }
}
