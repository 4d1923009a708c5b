import CodableBridge
import Foundation

// Decodes and encodes the models on the main actor and inside `Task.detached`, and checks the
// results; exits with status 1 on the first difference.

let bookJSON = #"{"title": "Dune", "pages": 412, "genre": "novel", "shape": {"type": "circle", "radius": 2}}"#
let expectedBook = Book(title: "Dune", pageCount: 412, genre: .novel, shape: .circle(radius: 2))
let dogJSON = #"{"kind": "dog", "n": "Rex", "b": "collie"}"#
let parrotJSON = #"{"name": "Polly", "age": "3", "words": ["hello"]}"#

func check(_ condition: Bool, _ what: String) {
    guard condition else {
        print("MainActorFixture: FAILED: \(what)")
        exit(1)
    }
}

/// Decodes and encodes every model; `place` names where it runs.
nonisolated func roundTrip(_ place: String) throws -> [String] {
    let decoder = BridgeDecoder()
    var encoder = BridgeEncoder()
    encoder.outputFormatting = .sortedKeys
    let book = try decoder.decode(Book.self, from: bookJSON)
    guard book == expectedBook else { return ["\(place): book \(book)"] }
    let animal = try decoder.decode(Animal.self, from: dogJSON)
    guard let dog = animal as? Dog, dog.name == "Rex", dog.breed == "collie" else { return ["\(place): dog \(animal)"] }
    let parrot = try decoder.decode(Parrot.self, from: parrotJSON)
    guard parrot.name == "Polly", parrot.age == 3, parrot.words == ["hello"] else { return ["\(place): parrot \(parrot)"] }
    return [try encoder.encodeToString(book), try encoder.encodeToString(animal), try encoder.encodeToString(parrot)]
}

let onMain = try roundTrip("main actor")
let detached = try await Task.detached { try roundTrip("Task.detached") }.value
let expected = [#"{"genre":"novel","pages":412,"shape":{"radius":2,"type":"circle"},"title":"Dune"}"#, #"{"b":"collie","n":"Rex"}"#,
                #"{"age":3,"name":"Polly","words":["hello"]}"#]
check(onMain == expected, "main actor: \(onMain)")
check(detached == expected, "Task.detached: \(detached)")

// A model decoded inside a detached task and handed back to the main actor.
let book = try await Task.detached { try BridgeDecoder().decode(Book.self, from: bookJSON) }.value
check(book == expectedBook, "book from Task.detached: \(book)")
print("MainActorFixture: OK")
