import Foundation
import Testing
@testable import CodableBridge

/// Building the `JSONValue` tree, both ways: straight from the parser (`JSONValue(parsing:)`) and
/// from a tape (`JSONTape.value(at:)`). Every key and string length around the inline-string
/// limit (15 bytes), objects around the key-table threshold (32 members) and the key-sharing
/// thresholds (64 KB of text, 128 nodes), repeated and escaped keys, and indentation of every width.
@Suite struct JSONTreeBuildingTests {
    /// The two ways to a tree.
    enum Route: CaseIterable, CustomTestStringConvertible {
        /// `JSONValue(parsing:)`: the parser gives its values to the tree builder.
        case parser
        /// `JSONTape(parsing:)`, then `value(at: 0)`: the tape's nodes go to the tree builder.
        case tape

        var testDescription: String { self == .parser ? "parser" : "tape" }

        func parse(_ data: Data, maxDepth: Int = JSONTape.defaultMaxDepth) throws -> JSONValue {
            switch self {
            case .parser: try JSONValue(parsing: data, maxDepth: maxDepth)
            case .tape: try JSONTape(parsing: data, maxDepth: maxDepth).value(at: 0)
            }
        }

        func parse(_ text: String, maxDepth: Int = JSONTape.defaultMaxDepth) throws -> JSONValue {
            switch self {
            case .parser: try JSONValue(parsing: text, maxDepth: maxDepth)
            case .tape: try JSONTape(parsing: text, maxDepth: maxDepth).value(at: 0)
            }
        }
    }

    /// Keys and strings of 0–40 bytes: ASCII, non-ASCII, escaped, with and without room after
    /// them; in a small document (keys made one by one) and a big one (long keys shared).
    static let texts: [String] = {
        var texts: [String] = []
        for length in 0 ... 40 {
            let letters: String = String("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH".prefix(length))
            texts.append(String(repeating: "k", count: length))
            texts.append(letters)
            texts.append(length >= 2 ? String(repeating: "é", count: length / 2) : "é")
            texts.append(length >= 1 ? String(repeating: "x", count: length - 1) + "\n" : "\"")
            texts.append(length >= 3 ? "日" + String(repeating: "y", count: length - 3) : "\\")
        }
        return texts
    }()

    @Test(arguments: [1, 12], Route.allCases)
    func keysAndStringsOfEveryLength(copies: Int, route: Route) throws {
        // `copies` 12 makes a document of well over 128 nodes and 64 KB, where long keys are shared.
        let members = Self.texts.enumerated().map { (index, text) in ("\(text)\(index)", JSONValue.string(text)) }
        let expected = JSONValue.array(Array(repeating: .object(JSONObject(members)), count: copies))
        // Written by the library's writer: JSONSerialization would not keep the member order.
        let data = Data(expected.description.utf8)
        let parsed = try route.parse(data)
        #expect(parsed == expected)
        for element in parsed.arrayValue ?? [] {
            #expect(element.objectValue?.keys == members.map(\.0))
            for (key, value) in members { #expect(element[key] == value) }
        }
    }

    /// Number text of every length is kept exactly.
    @Test(arguments: 1 ... 25)
    func numberTextOfEveryLength(_ length: Int) throws {
        let digits = String("1234567890123456789012345".prefix(length))
        let texts = [digits, "-" + digits, digits.count > 1 ? "0." + digits.dropFirst() : "0", "1e" + digits.prefix(2)]
        let parsed = try JSONValue(parsing: "[" + texts.joined(separator: ",") + "]")
        #expect(parsed.arrayValue?.map { $0.numberValue?.text } == texts)
    }

    /// Objects just under, at and over the key-table threshold, and big ones: order kept, every
    /// key found, and edits after parsing keep lookups right.
    @Test(arguments: [0, 1, 31, 32, 33, 64, 65, 200], Route.allCases)
    func objectsAroundTheKeyTableThreshold(_ count: Int, route: Route) throws {
        let members = (0 ..< count).map { ("member_\($0)_" + String(repeating: "z", count: $0 % 20), JSONValue.number(JSONNumber($0))) }
        let json = "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ",\n    ") + "}"
        var object = try #require(try route.parse(json).objectValue)
        #expect(object.keys == members.map(\.0))
        #expect(object.count == count)
        for (key, value) in members { #expect(object[key] == value) }
        #expect(object["absent"] == nil)
        // Appending to and removing from a parsed object keeps the table in step.
        for extra in 0 ..< 40 { object["extra\(extra)"] = .number(JSONNumber(extra)) }
        for extra in 0 ..< 40 { #expect(object["extra\(extra)"] == .number(JSONNumber(extra))) }
        for (key, value) in members { #expect(object[key] == value) }
        if let first = members.first {
            #expect(object.removeValue(forKey: first.0) == first.1)
            #expect(object[first.0] == nil)
            #expect(object.count == count + 39)
        }
    }

    /// Of repeated keys the first wins, in small and big objects and small and big documents,
    /// spelled the same, escaped (`\u0061` is `a`), or canonically equivalent (NFC and NFD).
    @Test(arguments: [0, 40, 200, 4000], Route.allCases)
    func firstOfRepeatedKeysWins(filler: Int, route: Route) throws {
        let fill = (0 ..< filler).map { "\"f\($0)\": \($0)" }
        let cases: [(String, String, JSONValue)] = [
            (#""a": 1, "a": 2"#, "a", 1),
            (#""a": 1, "\u0061": 2"#, "a", 1),
            (#""\u0061": 3, "a": 4"#, "a", 3),
            (#""caf\u00e9": 5, "cafe\u0301": 6"#, "caf\u{E9}", 5),
            (#""long_key_of_twenty_b": 7, "long_key_of_twenty_\u0062": 8"#, "long_key_of_twenty_b", 7),
        ]
        for (members, key, first) in cases {
            let json = "[{" + (fill + [members]).joined(separator: ", ") + "}, {" + ([members] + fill).joined(separator: ", ") + "}]"
            let parsed = try route.parse(json)
            for object in parsed.arrayValue ?? [] {
                #expect(object[key] == first, "\(members) after \(filler) members")
                #expect(object.objectValue?.count == filler + 1)
            }
        }
    }

    /// Pretty-printed documents with indentation of every width (spaces, tabs, CRLF) parse to the
    /// same tree as the compact text, including indentation running up to the end of the input.
    @Test(arguments: 0 ... 20, Route.allCases)
    func indentationOfEveryWidth(_ width: Int, route: Route) throws {
        let compact = #"{"a":[1,{"b":"c"},[]],"d":{"e":null}}"#
        let expected: JSONValue = ["a": [1, ["b": "c"], []], "d": ["e": nil]]
        #expect(try route.parse(compact) == expected)
        for unit in [" ", "\t", "  \t "] {
            for newline in ["\n", "\r\n"] {
                let pad = newline + String(repeating: unit, count: width)
                let pretty = "{" + pad + #""a":"# + pad + "[1," + pad + #"{"b":"c"},"# + pad + "[" + pad + "]" + pad + "]," + pad
                    + #""d": {"e" :"# + pad + "null}" + pad + "}"
                #expect(try route.parse(pretty) == expected)
                #expect(try route.parse(pretty + pad) == expected)
                #expect(try route.parse(Data((pretty + pad).utf8)) == expected)
                #expect(try route.parse("7" + pad) == 7)
                #expect(throws: JSONParseError.self) { try route.parse("[1," + pad) }
            }
        }
    }

    /// Deep nesting of objects and arrays, with keys of both sides of the inline limit, is built
    /// without recursion.
    @Test(arguments: Route.allCases)
    func deepNestingWithKeys(route: Route) throws {
        let depth = 20_000
        let json = String(repeating: #"{"k":[{"a_key_longer_than_15":"#, count: depth / 3) + "1"
            + String(repeating: "}]}", count: depth / 3)
        var value = try route.parse(json, maxDepth: depth)
        for _ in 0 ..< depth / 3 { value = value["k"]![0]!["a_key_longer_than_15"]! }
        #expect(value == 1)
    }

    /// Long keys with escapes in a document big enough to share keys: the parser's unescaped
    /// strings grow (and move) while the tree is built, so an escaped key must not be shared by
    /// its address. Every object gets its own keys right, both ways.
    @Test(arguments: Route.allCases)
    func escapedLongKeysInABigDocument(route: Route) throws {
        let objects = (0 ..< 300).map { index in
            // Escaped keys of 16–40 bytes, a different one per object, and a plain shared one.
            let escaped = "key_\\u00e9_\\n_" + String(repeating: "q", count: index % 25) + "_\(index)"
            return #"{"\#(escaped)": \#(index), "a_plain_long_key_shared": "v\#(index)", "esc\"aped_\t_long_key_2": \#(index)}"#
        }
        let json = "[" + objects.joined(separator: ",\n") + "]"
        let parsed = try route.parse(json)
        let elements = try #require(parsed.arrayValue)
        #expect(elements.count == 300)
        for (index, element) in elements.enumerated() {
            let key = "key_\u{E9}_\n_" + String(repeating: "q", count: index % 25) + "_\(index)"
            #expect(element.objectValue?.keys == [key, "a_plain_long_key_shared", "esc\"aped_\t_long_key_2"])
            #expect(element[key] == JSONValue.number(JSONNumber(index)))
            #expect(element["a_plain_long_key_shared"] == JSONValue.string("v\(index)"))
            #expect(element["esc\"aped_\t_long_key_2"] == JSONValue.number(JSONNumber(index)))
        }
    }

    /// A subtree read from a tape (`value(at:)` on an inner node) is the same as the part of the
    /// tree the parser builds, for every container node of a document with every kind of value.
    @Test func subtreesFromATapeMatchTheParsersTree() throws {
        let json = #"{"a": [1, "two", {"b": null, "c": [true, false, [], {}]}], "d": {"e\u0065": "f", "é": ["g"]}, "h": -1.5e3}"#
        let tape = try JSONTape(parsing: json, maxDepth: 512)
        let tree = try JSONValue(parsing: json)
        #expect(tape.value(at: 0) == tree)
        /// The tree's value at the path of every node, walking the tape's nodes alongside.
        var checked = 0
        func check(_ index: Int, _ expected: JSONValue) {
            #expect(tape.value(at: index) == expected, "node \(index)")
            checked += 1
            var child = index + 1
            switch expected {
            case .array(let elements):
                for element in elements {
                    check(child, element)
                    child = tape.nextSibling(child)
                }
            case .object(let object):
                for (_, member) in object {
                    check(child + 1, member)
                    child = tape.nextSibling(child + 1)
                }
            default:
                break
            }
        }
        check(0, tree)
        #expect(checked == 16)
    }
}
