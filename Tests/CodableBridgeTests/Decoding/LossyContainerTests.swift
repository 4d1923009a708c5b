import Foundation
import Testing
@testable import CodableBridge

// Lossy containers (issue item 4): under `.lenient` and `.yyModel` an element that cannot be
// decoded is left out of its array, set or dictionary — YYModel's behaviour — and each one is
// reported as `.dropped` at the element's path. Under `.strict` it is the error `JSONDecoder`
// throws, at the same path (`items[2]`).

/// `{"items": …}`.
struct LossyBox<T: Codable & Equatable>: Codable, Equatable {
    var items: T
}

extension LossyBox: Sendable where T: Sendable {}

/// An element model.
struct LossyItem: Codable, Equatable, Hashable, Sendable {
    var id: Int
    var name: String
}

/// One container case: the JSON of `items`, and what each lossy preset makes of it.
struct LossyCase<T: Codable & Equatable & Sendable>: Sendable, CustomTestStringConvertible {
    let json: String
    let lenient: T
    let lenientEvents: [ExpectedEvent]
    let yyModel: T
    let yyModelEvents: [ExpectedEvent]
    /// The strict error: its case and path (`JSONDecoder` must agree).
    let strict: (DecodingErrorKind, String)
    /// The JSON for the strict check, when it must differ: `JSONDecoder` visits dictionary
    /// members in hash order, so its first error is only predictable with one bad member.
    var strictJSON: String? = nil

    var testDescription: String { "\(T.self) ← \(json)" }
}

private func check<T: Codable & Equatable & Sendable>(_ c: LossyCase<T>, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let json = #"{"items": \#(c.json)}"#
    let (lenient, lenientReport) = try decodeReporting(LossyBox<T>.self, json, preset: .lenient)
    #expect(lenient.items == c.lenient, sourceLocation: sourceLocation)
    expectEvents(lenientReport, c.lenientEvents, sourceLocation: sourceLocation)

    let (yyModel, yyModelReport) = try decodeReporting(LossyBox<T>.self, json, preset: .yyModel)
    #expect(yyModel.items == c.yyModel, sourceLocation: sourceLocation)
    expectEvents(yyModelReport, c.yyModelEvents, sourceLocation: sourceLocation)

    let strictJSON = c.strictJSON.map { #"{"items": \#($0)}"# } ?? json
    var strict = BridgeDecoder()
    strict.coercion = .strict
    expectDecodingError(c.strict.0, codingPath: c.strict.1, sourceLocation: sourceLocation) { try strict.decode(LossyBox<T>.self, from: strictJSON) }
    expectParity(LossyBox<T>.self, json: strictJSON, expected: .error(c.strict.0, at: c.strict.1), sourceLocation: sourceLocation)
}

@Suite("Lossy arrays, sets and dictionaries")
struct LossyContainerTests {
    @Test("[Int] (the scalar fast path)", arguments: [LossyCase<[Int]>(
        json: #"[1, "2", null, "x", 4.5, true, 7]"#,
        lenient: [1, 2, 1, 7],
        lenientEvents: [
            .coerced("items[1]", #"a string ("2") → Int 2"#),
            .dropped("items[2]", "null where Int was expected"),
            .dropped("items[3]", #"a string ("x") not converted to Int"#),
            .dropped("items[4]", "a number (4.5) not converted to Int (it has a fractional part"),
            .coerced("items[5]", "a Boolean (true) → Int 1"),
        ],
        yyModel: [1, 2, 0, 4, 1, 7],
        yyModelEvents: [
            .coerced("items[1]", #"a string ("2") → Int 2 (string → Int (YYModel))"#),
            .dropped("items[2]", "null where Int was expected"),
            .coerced("items[3]", #"a string ("x") → Int 0"#),
            .coerced("items[4]", "a number (4.5) → Int 4 (number → Int (YYModel: truncated toward zero))"),
            .coerced("items[5]", "a Boolean (true) → Int 1"),
        ],
        strict: (.typeMismatch, "items[1]"))])
    func ints(c: LossyCase<[Int]>) throws { try check(c) }

    @Test("[Int8] (the generic element path)", arguments: [LossyCase<[Int8]>(
        json: #"[1, 300, "x", null, 2]"#,
        lenient: [1, 2],
        lenientEvents: [
            .dropped("items[1]", "a number (300) not converted to Int8 (it is outside Int8's range"),
            .dropped("items[2]", #"a string ("x") not converted to Int8"#),
            .dropped("items[3]", "null where Int8 was expected"),
        ],
        yyModel: [1, 44, 0, 2],
        yyModelEvents: [
            .coerced("items[1]", "a number (300) → Int8 44 (number → Int8 (YYModel: wrapped))"),
            .coerced("items[2]", #"a string ("x") → Int8 0"#),
            .dropped("items[3]", "null where Int8 was expected"),
        ],
        strict: (.dataCorrupted, "items[1]"))])
    func int8s(c: LossyCase<[Int8]>) throws {
        // Foundation loses the path of a number that does not fit (see ParityQuirks): compare
        // the lossy presets and BridgeDecoder's strict path only.
        let json = #"{"items": \#(c.json)}"#
        let (lenient, lenientReport) = try decodeReporting(LossyBox<[Int8]>.self, json)
        #expect(lenient.items == c.lenient)
        expectEvents(lenientReport, c.lenientEvents)
        let (yyModel, yyModelReport) = try decodeReporting(LossyBox<[Int8]>.self, json, preset: .yyModel)
        #expect(yyModel.items == c.yyModel)
        expectEvents(yyModelReport, c.yyModelEvents)
        expectDecodingError(.dataCorrupted, codingPath: "items[1]") { try decodeReporting(LossyBox<[Int8]>.self, json, preset: .strict).0 }
    }

    @Test("[String]", arguments: [LossyCase<[String]>(
        json: #"["a", 1, null, {"k": 1}, true, [2]]"#,
        lenient: ["a", "1", "true"],
        lenientEvents: [
            .coerced("items[1]", #"a number (1) → String "1""#),
            .dropped("items[2]", "null where String was expected"),
            .dropped("items[3]", "an object not converted to String"),
            .coerced("items[4]", #"a Boolean (true) → String "true""#),
            .dropped("items[5]", "an array not converted to String"),
        ],
        yyModel: ["a", "1", "1"],
        yyModelEvents: [
            .coerced("items[1]", #"a number (1) → String "1""#),
            .dropped("items[2]", "null where String was expected"),
            .dropped("items[3]", "an object not converted to String"),
            .coerced("items[4]", #"a Boolean (true) → String "1""#),
            .dropped("items[5]", "an array not converted to String"),
        ],
        strict: (.typeMismatch, "items[1]"))])
    func strings(c: LossyCase<[String]>) throws { try check(c) }

    @Test("[Model]: bad elements dropped, partly bad elements kept with their own events", arguments: [LossyCase<[LossyItem]>(
        json: #"[{"id": 1, "name": "a"}, 5, null, {"id": "3"}, {"id": 4, "name": 4}, "{\"id\": 6, \"name\": \"f\"}"]"#,
        lenient: [LossyItem(id: 1, name: "a"), LossyItem(id: 3, name: ""), LossyItem(id: 4, name: "4"), LossyItem(id: 6, name: "f")],
        lenientEvents: [
            .dropped("items[1]", "a number (5) not converted to LossyItem"),
            .dropped("items[2]", "null where LossyItem was expected"),
            .coerced("items[3].id", #"a string ("3") → Int 3"#),
            .defaulted("items[3].name", "missing; used String"),
            .coerced("items[4].name", #"a number (4) → String "4""#),
            .coerced("items[5]", "holding JSON → LossyItem"),
        ],
        yyModel: [LossyItem(id: 1, name: "a"), LossyItem(id: 3, name: ""), LossyItem(id: 4, name: "4")],
        yyModelEvents: [
            .dropped("items[1]", "a number (5) not converted to LossyItem"),
            .dropped("items[2]", "null where LossyItem was expected"),
            .coerced("items[3].id", #"a string ("3") → Int 3"#),
            .defaulted("items[3].name", "missing; used String"),
            .coerced("items[4].name", #"a number (4) → String "4""#),
            .dropped("items[5]", "not converted to LossyItem"),
        ],
        strict: (.typeMismatch, "items[1]"))])
    func models(c: LossyCase<[LossyItem]>) throws { try check(c) }

    @Test("[[Int]]: drops at both levels", arguments: [LossyCase<[[Int]]>(
        json: #"[[1, "x"], "y", [2], 3]"#,
        lenient: [[1], [2]],
        lenientEvents: [
            .dropped("items[0][1]", #"a string ("x") not converted to Int"#),
            .dropped("items[1]", #"a string ("y") not converted to Array<Int>"#),
            .dropped("items[3]", "a number (3) not converted to Array<Int>"),
        ],
        yyModel: [[1, 0], [2]],
        yyModelEvents: [
            .coerced("items[0][1]", #"a string ("x") → Int 0"#),
            .dropped("items[1]", #"a string ("y") not converted to Array<Int>"#),
            .dropped("items[3]", "a number (3) not converted to Array<Int>"),
        ],
        strict: (.typeMismatch, "items[0][1]"))])
    func nested(c: LossyCase<[[Int]]>) throws { try check(c) }

    @Test("Set<Int>: duplicates collapse, bad elements dropped", arguments: [LossyCase<Set<Int>>(
        json: #"[1, "1", "x", 2, null]"#,
        lenient: [1, 2],
        lenientEvents: [
            .coerced("items[1]", #"a string ("1") → Int 1"#),
            .dropped("items[2]", #"a string ("x") not converted to Int"#),
            .dropped("items[4]", "null where Int was expected"),
        ],
        yyModel: [0, 1, 2],
        yyModelEvents: [
            .coerced("items[1]", #"a string ("1") → Int 1"#),
            .coerced("items[2]", #"a string ("x") → Int 0"#),
            .dropped("items[4]", "null where Int was expected"),
        ],
        strict: (.typeMismatch, "items[1]"))])
    func sets(c: LossyCase<Set<Int>>) throws { try check(c) }

    @Test("[String: Int]: members dropped by key", arguments: [LossyCase<[String: Int]>(
        json: #"{"a": 1, "b": "2", "c": null, "d": "x", "e": [1]}"#,
        lenient: ["a": 1, "b": 2],
        lenientEvents: [
            .coerced("items.b", #"a string ("2") → Int 2"#),
            .dropped("items.c", "null where Int was expected"),
            .dropped("items.d", #"a string ("x") not converted to Int"#),
            .dropped("items.e", "an array not converted to Int"),
        ],
        yyModel: ["a": 1, "b": 2, "d": 0],
        yyModelEvents: [
            .coerced("items.b", #"a string ("2") → Int 2"#),
            .dropped("items.c", "null where Int was expected"),
            .coerced("items.d", #"a string ("x") → Int 0"#),
            .dropped("items.e", "an array not converted to Int"),
        ],
        strict: (.typeMismatch, "items.b"), strictJSON: #"{"a": 1, "b": "2"}"#)])
    func stringKeyed(c: LossyCase<[String: Int]>) throws { try check(c) }

    @Test("[Int: String]: a key that is not an Int loses its member", arguments: [LossyCase<[Int: String]>(
        json: #"{"1": "a", "x": "b", "2": 3, "3": null}"#,
        lenient: [1: "a", 2: "3"],
        lenientEvents: [
            .dropped("items.x", #"key "x" not converted to Int"#),
            .coerced("items.2", #"a number (3) → String "3""#),
            .dropped("items.3", "null where String was expected"),
        ],
        yyModel: [1: "a", 2: "3"],
        yyModelEvents: [
            .dropped("items.x", #"key "x" not converted to Int"#),
            .coerced("items.2", #"a number (3) → String "3""#),
            .dropped("items.3", "null where String was expected"),
        ],
        strict: (.typeMismatch, "items.x"), strictJSON: #"{"1": "a", "x": "b"}"#)])
    func intKeyed(c: LossyCase<[Int: String]>) throws { try check(c) }

    @Test("[Date]: unreadable dates dropped (Date has no default)")
    func dates() throws {
        let (value, report) = try decodeReporting(LossyBox<[Date]>.self, #"{"items": ["2014-01-20", "yesterday", 0, null]}"#)
        #expect(value.items == [Date(timeIntervalSince1970: 1_390_176_000), Date(timeIntervalSince1970: 0)])
        expectEvents(report, [
            .dropped("items[1]", #"a string ("yesterday") not converted to Date (it is not an ISO 8601"#),
            .dropped("items[3]", "null where Date was expected"),
        ])
    }

    @Test("[Int?]: an unconvertible element becomes nil (reported), null stays nil")
    func optionals() throws {
        let (value, report) = try decodeReporting(LossyBox<[Int?]>.self, #"{"items": [1, null, "x", "2"]}"#)
        #expect(value.items == [1, nil, nil, 2])
        expectEvents(report, [
            .defaulted("items[2]", #"a string ("x") not converted to Int (it is not a number); used nil"#),
            .coerced("items[3]", #"a string ("2") → Int 2"#),
        ])
    }

    @Test("a top-level array: paths start at the index")
    func topLevel() throws {
        let (value, report) = try decodeReporting([LossyItem].self, #"[{"id": 1, "name": "a"}, {"id": [], "name": "b"}, 3]"#)
        #expect(value == [LossyItem(id: 1, name: "a"), LossyItem(id: 0, name: "b")])
        expectEvents(report, [
            .defaulted("[1].id", "an array not converted; used Int 0"),
            .dropped("[2]", "a number (3) not converted to LossyItem"),
        ])
        expectDecodingError(.typeMismatch, codingPath: "[1].id") { try decodeReporting([LossyItem].self, #"[{"id": 1, "name": "a"}, {"id": [], "name": "b"}]"#, preset: .strict).0 }
    }

    @Test("an element whose model fails deeper is dropped; the event names the inner path")
    func deepFailure() throws {
        let (value, report) = try decodeReporting(LossyBox<[DefaultDated]>.self, #"{"items": [{"when": "2014-01-20"}, {"when": "soon"}, {}]}"#)
        #expect(value.items.count == 1)
        expectEvents(report, [
            .dropped("items[1]", #"could not decode DefaultDated: when: Expected to decode Date but found a string ("soon")"#),
            .dropped("items[2]", #"could not decode DefaultDated: No value associated with key CodingKeys(stringValue: "when""#),
        ])
        var strict = BridgeDecoder.foundationCompatible
        strict.dateDecodingStrategy = .flexible
        expectDecodingError(.dataCorrupted, codingPath: "items[1].when") {
            try strict.decode(LossyBox<[DefaultDated]>.self, from: #"{"items": [{"when": "2014-01-20"}, {"when": "soon"}]}"#)
        }
        expectDecodingError(.keyNotFound, codingPath: "items[1]", key: "when") {
            try strict.decode(LossyBox<[DefaultDated]>.self, from: #"{"items": [{"when": "2014-01-20"}, {}]}"#)
        }
    }
}
