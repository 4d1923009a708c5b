import Foundation
import Testing
@testable import CodableBridge

/// `JSONTape(value:)` and `JSONTape.value(at:)`: tree → tape → tree is the identity, and the tape
/// built from a tree has the same layout as the parsed one.
@Suite struct JSONTapeTreeTests {
    static let trees: [JSONValue] = [
        nil, true, false, 0, -12, 1.5, "", "text", "日本語 é 😀", "\u{0}\n\"\\",
        [], [:], [[], [:]],
        [1, "two", [3, [4, [5]]], ["k": nil]],
        ["id": 7, "tags": ["a", "b"], "ok": true, "nested": ["deeper": ["deepest": [1.25, false]]]],
        .number(JSONNumber(uncheckedText: "1.000000000000000005")),
        .number(JSONNumber(uncheckedText: "-9223372036854775809")),
        .object(JSONObject((0 ..< 50).map { ("key\($0)", JSONValue.number(JSONNumber($0))) })),
    ]

    @Test(arguments: trees)
    func roundTrips(_ value: JSONValue) {
        let tape = JSONTape(value: value)
        #expect(tape.value(at: 0) == value)
        #expect(tape.text.last == 0)
        #expect(tape.nextSibling(0) == tape.nodes.count)
    }

    /// A tape built from a tree matches the parsed tape node for node (kinds, lengths, flags,
    /// subtree ends); only byte offsets differ.
    @Test func sameLayoutAsParsed() throws {
        let json = #"{"id": -7, "tags": ["a", "b\n"], "o": {"x": 1.5e3, "y": []}, "ok": true, "n": null}"#
        let parsed = try JSONTape(parsing: Data(json.utf8), maxDepth: 512)
        let built = JSONTape(value: parsed.value(at: 0))
        #expect(parsed.nodes.count == built.nodes.count)
        for (a, b) in zip(parsed.nodes, built.nodes) {
            #expect(a.kind == b.kind && a.length == b.length)
            if a.kind == .array || a.kind == .object { #expect(a.payload == b.payload) }
            if a.kind == .number { #expect(a.flags == b.flags) }
        }
        for i in parsed.nodes.indices where parsed.nodes[i].kind == .string || parsed.nodes[i].kind == .number {
            #expect(parsed.string(at: i) == built.string(at: i))
        }
    }

    /// Number nodes of a built tape carry the parser's flags; non-finite text is not "integer".
    static let numberFlags: [(JSONValue, UInt8)] = [
        (12, JSONTape.Flags.integer), (-3, JSONTape.Flags.integer | JSONTape.Flags.negative),
        (1.5, 0), (-0.5, JSONTape.Flags.negative),
        (.number(JSONNumber(Double.nan)), 0), (.number(JSONNumber(-Double.infinity)), JSONTape.Flags.negative),
    ]

    @Test(arguments: numberFlags)
    func builtNumberFlags(_ value: JSONValue, _ flags: UInt8) {
        #expect(JSONTape(value: value).nodes[0].flags == flags)
    }

    /// Subtrees: any node index gives the value rooted there.
    @Test func subtrees() throws {
        let tape = try JSONTape(parsing: Data(#"[{"a": [1, {"b": null}]}, "s", 2]"#.utf8), maxDepth: 512)
        #expect(tape.value(at: 1) == ["a": [1, ["b": nil]]])
        #expect(tape.value(at: 3) == [1, ["b": nil]])
        #expect(tape.value(at: 5) == ["b": nil])
        #expect(tape.value(at: 7) == nil)
        #expect(tape.value(at: 8) == "s")
        #expect(tape.value(at: 9) == 2)
    }

    /// Neither direction recurses: a tree as deep as the default limit allows, and much deeper
    /// tapes, are built on the heap.
    @Test func deepTrees() throws {
        let depth = JSONTape.defaultMaxDepth
        let json = String(repeating: #"{"a":["#, count: depth / 2) + "true" + String(repeating: "]}", count: depth / 2)
        let tape = try JSONTape(parsing: Data(json.utf8), maxDepth: depth)
        let value = tape.value(at: 0)
        #expect(JSONTape(value: value).nodes.count == tape.nodes.count)
        var inner = value
        for _ in 0 ..< depth / 2 { inner = inner["a"]![0]! }
        #expect(inner == true)

        let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
        let deepTape = try JSONTape(parsing: Data(deep.utf8), maxDepth: 50_000)
        var tenLevels: JSONValue = []
        for _ in 1 ..< 10 { tenLevels = [tenLevels] }
        #expect(deepTape.value(at: 49_990) == tenLevels)
    }

    @Test func emptyContainersAtEveryPosition() throws {
        let json = "[[], {}, [[]], {\"a\": {}}, [{}], []]"
        let value = try JSONValue(parsing: json)
        #expect(value == [[], [:], [[]], ["a": [:]], [[:]], []])
        #expect(JSONTape(value: value).value(at: 0) == value)
    }
}

/// `JSONValue(foundationObject:)` and `foundationObject`, checked against real `JSONSerialization`.
@Suite struct JSONValueFoundationTests {
    static let document = #"{"t": true, "f": false, "one": 1, "zero": 0, "neg": -5, "d": 1.5, "big": 18446744073709551615, "s": "x é", "n": null, "a": [1, true, "x", null, {}, []]}"#

    @Test func readsJSONSerializationOutput() throws {
        let object = try JSONSerialization.jsonObject(with: Data(Self.document.utf8))
        let value = try JSONValue(foundationObject: object)
        let expected: JSONValue = [
            "t": true, "f": false, "one": 1, "zero": 0, "neg": -5, "d": 1.5,
            "big": .number(JSONNumber(UInt64.max)), "s": "x é", "n": nil,
            "a": [1, true, "x", nil, [:], []],
        ]
        #expect(value == expected)
        // Booleans and the numbers 1 / 0 are told apart.
        #expect(value["t"] == .bool(true) && value["one"] == .number(1))
        #expect(value["f"] == .bool(false) && value["zero"] == .number(0))
    }

    @Test func readsFoundationScalars() throws {
        let cases: [(Any, JSONValue)] = [
            (NSNumber(value: true), true),
            (NSNumber(value: false), false),
            (NSNumber(value: 1), 1),
            (NSNumber(value: Int8(1)), 1),
            (NSNumber(value: UInt64.max), .number(JSONNumber(UInt64.max))),
            (NSNumber(value: Int64.min), .number(JSONNumber(Int64.min))),
            (NSNumber(value: 2.5), 2.5),
            (NSDecimalNumber(string: "123456789012345678901234567890"), ParserHarness.number("123456789012345678901234567890")),
            (NSNull(), nil),
            (NSString(string: "ns"), "ns"),
            (NSArray(array: [1, "x", NSNull()]), [1, "x", nil]),
            (NSDictionary(dictionary: ["k": NSNumber(value: true)]), ["k": true]),
        ]
        for (object, expected) in cases {
            #expect(try JSONValue(foundationObject: object) == expected, "\(object)")
        }
    }

    @Test func readsSwiftValues() throws {
        let cases: [(Any, JSONValue)] = [
            (true, true), (7, 7), (Int8(-8), -8), (UInt64.max, .number(JSONNumber(UInt64.max))),
            (1.5, 1.5), (Float(0.1), ParserHarness.number("0.1")), (Decimal(string: "1.25")!, ParserHarness.number("1.25")),
            ("s", "s"), ([1, 2] as [Int], [1, 2]), (["k": [true]] as [String: Any], ["k": [true]]),
            (JSONValue.array([1]), [1]),
        ]
        for (object, expected) in cases {
            #expect(try JSONValue(foundationObject: object) == expected, "\(object)")
        }
    }

    @Test func unsupportedValuesNameTypeAndPath() throws {
        let object: [String: Any] = ["a": [1, ["when": Date(timeIntervalSince1970: 0)]]]
        let error = try #require(throws: DecodingError.self) { try JSONValue(foundationObject: object) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["a", "Index 1", "when"])
        #expect(context.debugDescription.contains("Date"))

        #expect(throws: DecodingError.self) { try JSONValue(foundationObject: [Double.nan]) }
        #expect(throws: DecodingError.self) { try JSONValue(foundationObject: NSDictionary(dictionary: [1: "x"])) }
    }

    @Test func writesWhatJSONSerializationWrites() throws {
        let value = try JSONValue(parsing: Self.document)
        let mine = try #require(value.foundationObject as? [String: Any])
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(Self.document.utf8)) as? [String: Any])
        #expect(Set(mine.keys) == Set(theirs.keys))
        for (key, theirValue) in theirs {
            let myValue = try #require(mine[key])
            // Same classes (Boolean NSNumber, NSNumber, String, NSNull, Array, Dictionary) …
            #expect(type(of: myValue) == type(of: theirValue), "\(key)")
            // … and equal numbers.
            if let a = myValue as? NSNumber, let b = theirValue as? NSNumber { #expect(a == b, "\(key)") }
        }
        #expect(try JSONValue(foundationObject: theirs) == JSONValue(foundationObject: mine))
        // The Boolean is a Boolean NSNumber, not a 1.
        let t = try #require(mine["t"] as? NSNumber)
        #expect(type(of: t) == type(of: NSNumber(value: true)))
        #expect(try JSONValue(foundationObject: mine) == value)
    }

    @Test(arguments: [
        ("9007199254740993", "q"), ("-9223372036854775808", "q"), ("18446744073709551615", "Q"),
        ("1.5", "d"), ("1E2", "d"), ("1.0", "d"), ("1234567890123456789012345678901234567890123", "d"),
    ])
    func writesExactNumbers(_ text: String, _ objCType: String) throws {
        let number = try #require(JSONValue.number(JSONNumber(uncheckedText: text)).foundationObject as? NSNumber)
        #expect(String(cString: number.objCType) == objCType)
        switch objCType {
        case "q": #expect(String(number.int64Value) == text)
        case "Q": #expect(String(number.uint64Value) == text)
        default: #expect(number.doubleValue == Double(text))
        }
    }

    /// Integers beyond UInt64 become NSDecimalNumber, exactly, as JSONSerialization returns them.
    @Test(arguments: ["18446744073709551616", "-170141183460469231731687303715884105728", "340282366920938463463374607431768211455"])
    func writesWideIntegersAsDecimalNumbers(_ text: String) throws {
        let mine = try #require(JSONValue.number(JSONNumber(uncheckedText: text)).foundationObject as? NSDecimalNumber)
        #expect(mine.description == text)
        let theirs = try #require((try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Any])?.first)
        #expect(type(of: theirs) == type(of: mine))
        #expect(try JSONValue(foundationObject: mine) == .number(JSONNumber(uncheckedText: text)))
    }

    @Test func roundTripsThroughJSONSerialization() throws {
        let value: JSONValue = ["list": [1, -2, 3.25, "x", true, false, nil], "o": ["k": ["deep": [:]]], "e": []]
        let data = try JSONSerialization.data(withJSONObject: value.foundationObject)
        #expect(try JSONValue(parsing: data) == value)
        #expect(try JSONValue(foundationObject: JSONSerialization.jsonObject(with: data)) == value)
    }
}
