import Foundation
import Testing
@testable import CodableBridge

// Two shortcuts past the composite dispatch (DecoderImpl+Dispatch.swift), both taken only where
// the dispatch would end in the same call:
//
// - `[Int]`, `[Double]` and `[String]` read from an array node go straight to their element loop
//   (`DecoderImpl._fastPathScalarArray`);
// - an array whose elements are a plain `Decodable` hands each object element straight to the
//   element's `init(from:)` (`DecoderImpl.decodesObjectsByInit`).
//
// Inside a partial document's snapshot, an update or an unknown-key check, the dispatch runs as
// before. Either way the value, the error (case and coding path) and the report must be the same:
// strict decodes are checked against `JSONDecoder`, lenient ones against the events the element
// loop records, at the element's full path.

private struct ScalarLists: Codable, Equatable {
    var ints: [Int]
    var doubles: [Double]
    var strings: [String]
    var grid: [[Int]]
    var maybe: [Int]?
}

private func document(ints: String = "[1, 2]", doubles: String = "[0.5]", strings: String = #"["a"]"#,
                      grid: String = "[[1], [], [2, 3]]", maybe: String = "[4]") -> String {
    #"{"ints": \#(ints), "doubles": \#(doubles), "strings": \#(strings), "grid": \#(grid), "maybe": \#(maybe)}"#
}

private struct Point: Codable, Equatable {
    var x: Int
    var y: Int?
}

private final class Tag: Codable, Equatable, Sendable {
    let name: String
    init(name: String) { self.name = name }
    static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }
}

private struct Shapes: Codable, Equatable {
    var points: [Point]
    var rows: [[Point]]
    var tags: [Tag]
    var dates: [Date]
    var amounts: [Decimal]
}

private func shapes(points: String = #"[{"x": 1}, {"x": 2, "y": 3}]"#, rows: String = #"[[{"x": 4}], []]"#,
                    tags: String = #"[{"name": "a"}]"#, dates: String = "[0, 1.5]", amounts: String = "[1.25]") -> String {
    #"{"points": \#(points), "rows": \#(rows), "tags": \#(tags), "dates": \#(dates), "amounts": \#(amounts)}"#
}

@Suite("Arrays read without the composite dispatch decode as it does")
struct DirectArrayTests {
    /// Property values that are valid, empty, or wrong in one element or as a whole.
    static let strictCases: [String] = [
        document(),
        document(ints: "[]", doubles: "[]", strings: "[]", grid: "[]", maybe: "[]"),
        document(ints: "[1, 9223372036854775807, -9223372036854775808]", doubles: "[1e308, -0.0, 3]"),
        document(ints: #"[1, "2"]"#),
        document(ints: "[1, null]"),
        document(ints: "7"),
        document(ints: #"{"0": 1}"#),
        document(ints: "null"),
        document(doubles: #"[1, "x"]"#),
        document(strings: #"["a", 1]"#),
        document(strings: #""a""#),
        document(grid: "[[1], [true]]"),
        document(grid: "[[1], 2]"),
        document(maybe: "null"),
        document(maybe: #"["x"]"#),
        #"{"doubles": [], "strings": [], "grid": [], "maybe": null}"#,
    ]

    @Test("strict: the same value or error as JSONDecoder", arguments: strictCases)
    func strictParity(json: String) {
        expectParity(ScalarLists.self, json: json)
    }

    @Test("strict: the same arrays at the top level and inside an outer array")
    func topLevelParity() {
        expectParity([Int].self, json: "[1, 2, 3]")
        expectParity([Int].self, json: #"[1, "2"]"#)
        expectParity([[String]].self, json: #"[["a"], ["b", 2]]"#)
    }

    @Test("lenient: a bad element is dropped and reported at its own path")
    func lenientDrops() throws {
        let json = document(ints: #"[1, "x", null, 4]"#, doubles: #"["2.5", {}]"#, grid: #"[[1, "y"], []]"#)
        let (value, report) = try decodeReporting(ScalarLists.self, json, preset: .lenient)
        #expect(value.ints == [1, 4])
        #expect(value.doubles == [2.5])
        #expect(value.grid == [[1], []])
        expectEvents(report, [
            .dropped("ints[1]", #"a string ("x") not converted to Int"#),
            .dropped("ints[2]", "null where Int was expected"),
            .coerced("doubles[0]", "→ Double 2.5"),
            .dropped("doubles[1]", "an object not converted to Double"),
            .dropped("grid[0][1]", #"a string ("y") not converted to Int"#),
        ])
    }

    @Test("strict: an error names the element's path")
    func strictErrorPath() {
        expectParity(ScalarLists.self, json: document(grid: #"[[1], [2, "z"]]"#),
                     expected: .error(.typeMismatch, at: "grid[1][1]"))
        expectParity(ScalarLists.self, json: document(strings: #"["a", "b", false]"#),
                     expected: .error(.typeMismatch, at: "strings[2]"))
        // Foundation reports a number that does not fit without its path; ours names the element.
        expectParity(ScalarLists.self, json: document(ints: "[1, 1.5]"), bridgePath: "ints[1]")
    }

    static let elementCases: [String] = [
        shapes(),
        shapes(points: "[]", rows: "[[], []]", tags: "[]", dates: "[]", amounts: "[]"),
        shapes(points: #"[{"x": 1}, null]"#),
        shapes(points: #"[{"x": 1}, 2]"#),
        shapes(points: #"[{"x": 1}, {"y": 2}]"#),
        shapes(points: #"[{"x": 1}, {"x": "2"}]"#),
        shapes(points: #"[{"x": 1}, [1]]"#),
        shapes(rows: #"[[{"x": 4}], [{"x": 5}, {"x": true}]]"#),
        shapes(tags: #"[{"name": "a"}, {"name": 1}]"#),
        shapes(tags: #"[{"name": "a"}, "b"]"#),
        shapes(dates: #"[0, {"t": 1}]"#),
        shapes(amounts: #"[1, {"exponent": 1, "mantissa": 5}]"#),
    ]

    @Test("strict: elements of plain types give the same value or error as JSONDecoder", arguments: elementCases)
    func elementParity(json: String) {
        expectParity(Shapes.self, json: json)
    }

    @Test("lenient: an element of a plain type that fails is dropped at its own path")
    func lenientElementDrops() throws {
        let json = shapes(points: #"[{"x": 1}, {"y": 2}, 3, {"x": "4"}]"#, rows: #"[[{"x": 5}, null]]"#)
        let (value, report) = try decodeReporting(Shapes.self, json, preset: .lenient)
        #expect(value.points == [Point(x: 1), Point(x: 0, y: 2), Point(x: 4)])
        #expect(value.rows == [[Point(x: 5)]])
        expectEvents(report, [
            .defaulted("points[1].x", "missing; used Int 0"),
            .dropped("points[2]", "a number (3) not converted to Point"),
            .coerced("points[3].x", "→ Int 4"),
            .dropped("rows[0][1]", "null where Point was expected"),
        ])
    }

    @Test("an update and a partial document read the same arrays")
    func updateAndPartial() throws {
        var model = ScalarLists(ints: [9], doubles: [], strings: [], grid: [], maybe: nil)
        try BridgeDecoder().update(&model, from: document())
        #expect(model == ScalarLists(ints: [1, 2], doubles: [0.5], strings: ["a"], grid: [[1], [], [2, 3]], maybe: [4]))
        let full = document()
        let cut = full[..<full.range(of: "3]]")!.lowerBound]  // ends inside `grid`'s last element
        var report = DecodingReport()
        let partial = try BridgeDecoder().decodePartial(ScalarLists.self, from: Data(cut.utf8), report: &report)
        #expect(partial.ints == [1, 2])
        #expect(partial.strings == ["a"])
        #expect(partial.grid == [[1], [], [2]])
        #expect(partial.maybe == nil)
    }
}
