import Foundation
import Testing
import CodableBridge

/// `elements(of:at:from:)` hands out an element as soon as its last byte has arrived, even when
/// the source then waits: the bytes come from an `AsyncStream` the test feeds one piece at a time,
/// and each piece must give its element before the next piece is fed. The strings hold brackets,
/// commas, quotes and backslashes, so a reader that lost track of where strings and containers end
/// would wait for more bytes and fail here.
@Suite("Streamed elements arrive with their last byte")
struct ElementArrivalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let path: String?
        /// Each piece ends right after the last byte of one element (a scalar's is the comma after it).
        let pieces: [String]
        /// The element each piece completes.
        let elements: [String]
        /// The end of the document, which may hold more elements.
        let rest: String
        /// Every element of the document.
        let all: [String]
    }

    static let cases: [Case] = [
        Case(testDescription: "objects whose strings hold brackets, quotes and backslashes", path: nil,
             pieces: [#"[{"s":"]},\"[{"}"#, #", {"t":[1,{"u":"\\"}],"v":"\\\""}"#, #" ,{"w":"\u005D"}"#],
             elements: [#"{"s":"]},\"[{"}"#, #"{"t":[1,{"u":"\\"}],"v":"\\\""}"#, #"{"w":"]"}"#],
             rest: "]",
             all: [#"{"s":"]},\"[{"}"#, #"{"t":[1,{"u":"\\"}],"v":"\\\""}"#, #"{"w":"]"}"#]),
        Case(testDescription: "an array at a path, after members that are skipped", path: "data.items",
             pieces: [#"{"meta":{"n":[1,2],"s":"x]"},"data":{"items":[{"id":1}"#, #",{"id":[2,{"k":"}"}]}"#],
             elements: [#"{"id":1}"#, #"{"id":[2,{"k":"}"}]}"#],
             rest: #"],"more":[true]}}"#,
             all: [#"{"id":1}"#, #"{"id":[2,{"k":"}"}]}"#]),
        Case(testDescription: "scalars, strings and arrays as elements", path: nil,
             pieces: ["[1,", #" "a,]\"""#, ", [2, [3, \"]\"]]", ", null,"],
             elements: ["1", #""a,]\"""#, #"[2, [3, "]"]]"#, "null"],
             rest: " true]",
             all: ["1", #""a,]\"""#, #"[2, [3, "]"]]"#, "null", "true"]),
        Case(testDescription: "an array inside an array on the path", path: "a.1",
             pieces: [#"{"a":[[0],["x","#],
             elements: [#""x""#],
             rest: #""y"],[9]]}"#,
             all: [#""x""#, #""y""#]),
    ]

    @Test(arguments: cases)
    func arrival(_ test: Case) async throws {
        let (bytes, feed) = AsyncStream<UInt8>.makeStream()
        let received = Received()
        let consumer = Task {
            for try await value in BridgeDecoder().elements(of: JSONValue.self, at: test.path, from: bytes) {
                await received.add(value)
            }
        }
        var waiting = true  // until an element is late: then the rest is fed without waiting
        for (index, piece) in test.pieces.enumerated() {
            for byte in piece.utf8 { feed.yield(byte) }
            guard waiting else { continue }
            waiting = await received.waitFor(count: index + 1)
            #expect(waiting, "element \(index) had not arrived after \(piece)")
            if waiting { #expect(await received.values[index] == (try JSONValue(parsing: test.elements[index]))) }
        }
        for byte in test.rest.utf8 { feed.yield(byte) }
        feed.finish()
        try await consumer.value
        #expect(await received.values == (try test.all.map { try JSONValue(parsing: $0) }))
    }

    /// The elements the consumer has received so far.
    actor Received {
        var values: [JSONValue] = []

        func add(_ value: JSONValue) { values.append(value) }

        /// Whether `count` elements arrive within ten seconds.
        func waitFor(count: Int) async -> Bool {
            for _ in 0 ..< 10_000 {
                if values.count >= count { return true }
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
            return values.count >= count
        }
    }
}
