import Foundation
import Testing
@testable import CodableBridge

/// Optionals, collections, nested containers, unkeyed-container mechanics, class inheritance.
@Suite struct ContainerParityTests {

    // MARK: Optionals, arrays, sets, dictionaries

    static let collectionCases: [ParityCase] = [
        .decode(PF.OptionalField.self, #"{"a": 1}"#, .value(.init(a: 1))),            // present
        .decode(PF.OptionalField.self, #"{"a": null}"#, .value(.init(a: nil))),       // null
        .decode(PF.OptionalField.self, "{}", .value(.init(a: nil))),                  // missing
        .decode(PF.OptionalField.self, #"{"a": "1"}"#, .error(.typeMismatch, at: "a")), // present but wrong
        .decode([Int?].self, "[1, null, 3]", .value([1, nil, 3])),
        .decode([Int].self, "[]", .value([])),
        .decode([Int].self, "[1, null]", .error(.valueNotFound, at: "[1]")),
        .decode([[Int]].self, "[[1], [], [2, 3]]", .value([[1], [], [2, 3]])),
        .decode([[Int]].self, #"[[1], [2, "x"]]"#, .error(.typeMismatch, at: "[1][1]")),
        .decode([[Int]].self, "[null]", .error(.valueNotFound, at: "[0]")),
        .decode([Int].self, "{}", .error(.typeMismatch)),
        .decode(Set<Int>.self, "[3, 1, 2, 1]", .value([1, 2, 3])),
        .decode(Set<String>.self, #"["a", 1]"#, .error(.typeMismatch, at: "[1]")),
        .decode([String: Int].self, #"{"a": 1, "b": 2}"#, .value(["a": 1, "b": 2])),
        .decode([String: Int].self, "{}", .value([:])),
        .decode([String: Int].self, "[]", .error(.typeMismatch)),
        .decode([String: [Int]].self, #"{"a": [1, "x"]}"#, .error(.typeMismatch, at: "a[1]")),
        .decode([String: Int?].self, #"{"a": null}"#, .value(["a": nil])),
        .decode([Int: String].self, #"{"1": "a", "-2": "b"}"#, .value([1: "a", -2: "b"])), // Int keys from strings
        .decode([Int: String].self, #"{"x": "a"}"#, .error(.typeMismatch, at: "x")),
        .decode([Int: String].self, #"{"1.0": "a"}"#, .error(.typeMismatch, at: "1.0")),
        .decode([Int: [Int]].self, #"{"5": [1, "x"]}"#, .error(.typeMismatch, at: "5[1]")),
        .decode([Int: String].self, "[]", .error(.typeMismatch)),
        .decode(PF.Everything.self, """
            {"int": -1, "int8": 8, "uint64": 18446744073709551615, "double": 0.5, "float": 1.25,
             "bool": true, "string": "s", "list": [1, 2], "nested": [["a"], []],
             "map": {"k": 1}, "intMap": {"7": "seven"}, "set": [1, 1], "child": {"zip": 9}}
            """, .value(PF.Everything(int: -1, int8: 8, uint64: .max, double: 0.5, float: 1.25, bool: true,
                                   string: "s", optional: nil, list: [1, 2], nested: [["a"], []],
                                   map: ["k": 1], intMap: [7: "seven"], set: [1], child: PF.Zip(zip: 9)))),
    ]

    @Test(arguments: collectionCases)
    func collections(_ row: ParityCase) { row.run() }

    enum Suit: String, Codable, CodingKeyRepresentable, Sendable { case hearts, spades }

    /// Dictionary keys: `String` and `Int` keys (and `CodingKeyRepresentable` ones) come from an
    /// object; any other key type (`Int8`, `Bool`, `Double`) comes from an array of alternating
    /// keys and values — the standard library's rule, which both decoders must follow.
    static let dictionaryKeyCases: [ParityCase] = [
        .decode([Int: String].self, #"{"01": "a"}"#, .value([1: "a"])),
        .decode([Int: String].self, #"{"+1": "a"}"#, .value([1: "a"])),
        .decode([Int: String].self, #"{"-0": "a"}"#, .value([0: "a"])),
        .decode([Int: String].self, #"{" 1": "a"}"#, .error(.typeMismatch, at: " 1")),
        .decode([Int: String].self, #"{"99999999999999999999": "a"}"#, .error(.typeMismatch, at: "99999999999999999999")),
        .decode([Int8: String].self, #"[3, "a", -4, "b"]"#, .value([3: "a", -4: "b"])),
        .decode([Int8: String].self, #"{"3": "a"}"#, .error(.typeMismatch)),
        .decode([Bool: Int].self, "[true, 1, false, 2]", .value([true: 1, false: 2])),
        .decode([Bool: Int].self, "[true, 1, false]", .error(.dataCorrupted)),   // odd-length pair list
        .decode([Double: Int].self, "[1.5, 1]", .value([1.5: 1])),
        .decode([Suit: Int].self, #"{"hearts": 1, "spades": 2}"#, .value([.hearts: 1, .spades: 2])),
        .decode([Suit: Int].self, #"{"clubs": 1}"#, .error(.dataCorrupted, at: "clubs")),
    ]

    @Test(arguments: dictionaryKeyCases)
    func dictionaryKeys(_ row: ParityCase) { row.run() }

    /// Dictionary keys keep their text exactly (no key strategy applies to dictionary keys'
    /// content for `useDefaultKeys`).
    @Test func dictionaryKeysAreVerbatim() {
        expectParity([String: Int].self, json: #"{"first_name": 1, "a.b": 2, "": 3, "é": 4}"#,
                     expected: .value(["first_name": 1, "a.b": 2, "": 3, "é": 4]))
    }

    // MARK: Nested containers through a custom init(from:)

    static let nestedCases: [ParityCase] = [
        .decode(PF.NestedContainers.self, #"{"outer": {"x": 1, "list": ["a", "b"]}, "list": [{"x": 3}]}"#,
                .value(PF.NestedContainers(a: 1, b: ["a", "b"], c: 3))),
        .decode(PF.NestedContainers.self, #"{"outer": {"x": 1, "list": ["a", 2]}, "list": [{"x": 3}]}"#,
                .error(.typeMismatch, at: "outer.list[1]")),
        .decode(PF.NestedContainers.self, #"{"outer": {"x": 1, "list": []}, "list": [{"y": 3}]}"#,
                .missingKey("x", at: "list[0]")),
        .decode(PF.NestedContainers.self, #"{"outer": {"x": 1}, "list": [{"x": 3}]}"#,
                .missingKey("list", at: "outer")),
        .decode(PF.NestedContainers.self, #"{"outer": [], "list": [{"x": 3}]}"#,
                .error(.typeMismatch, at: "outer")),                // keyed container on an array
        .decode(PF.NestedContainers.self, #"{"outer": null, "list": []}"#,
                .error(.valueNotFound, at: "outer")),               // keyed container on null
        .decode(PF.NestedContainers.self, #"{"outer": {"x": 1, "list": []}, "list": [5]}"#,
                .error(.typeMismatch, at: "list[0]")),              // nested keyed on a number
        .decode(PF.NestedContainers.self, #"{"outer": {"x": 1, "list": []}, "list": []}"#,
                .error(.valueNotFound, at: "list[0]")),             // nested keyed past the end
        .decode(PF.NestedContainers.self, #"{"outer": {"x": 1, "list": {}}, "list": []}"#,
                .error(.typeMismatch, at: "outer.list")),           // unkeyed container on an object
        .decode(PF.NestedContainers.self, "[]", .error(.typeMismatch)),
    ]

    @Test(arguments: nestedCases)
    func nestedContainers(_ row: ParityCase) { row.run() }

    // MARK: Unkeyed container mechanics

    @Test func unkeyedCountIsAtEndAndDecodeNil() {
        // decodeNil() on a non-null element returns false and does not advance; on null it advances.
        let expected = PF.UnkeyedLog(log: ["count=4 atEnd=false index=0", "1 index=1", "nil index=2",
                                        "5 index=3", "nil index=4", "end atEnd=true index=4"])
        expectParity(PF.UnkeyedLog.self, json: "[1, null, 5, null]", expected: .value(expected))
        expectParity(PF.UnkeyedLog.self, json: "[]", expected: .value(PF.UnkeyedLog(log: ["count=0 atEnd=true index=0", "end atEnd=true index=0"])))
        expectParity(PF.UnkeyedLog.self, json: #"[1, "x"]"#, expected: .error(.typeMismatch, at: "[1]"))
        expectParity(PF.UnkeyedLog.self, json: #"{"a": 1}"#, expected: .error(.typeMismatch))
    }

    /// Decoding past the end: `valueNotFound` at the index one past the last element.
    struct ReadsTwo: Decodable, Equatable, Sendable {
        var first: Int, second: Int
        init(first: Int, second: Int) { self.first = first; self.second = second }
        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            first = try c.decode(Int.self)
            second = try c.decode(Int.self)
        }
    }

    struct DecodeNilAtEnd: Decodable, Equatable, Sendable {
        var result: Bool
        init(result: Bool) { self.result = result }
        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            result = try c.decodeNil()
        }
    }

    /// `decodeIfPresent` on an unkeyed container: null → nil and advances.
    struct IfPresentElements: Decodable, Equatable, Sendable {
        var values: [Int?]
        init(values: [Int?]) { self.values = values }
        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            values = []
            while !c.isAtEnd { values.append(try c.decodeIfPresent(Int.self)) }
        }
    }

    static let unkeyedCases: [ParityCase] = [
        .decode(ReadsTwo.self, "[1, 2]", .value(.init(first: 1, second: 2))),
        .decode(ReadsTwo.self, "[1]", .error(.valueNotFound, at: "[1]")),
        .decode(ReadsTwo.self, "[]", .error(.valueNotFound, at: "[0]")),
        .decode([String: ReadsTwo].self, #"{"k": [1]}"#, .error(.valueNotFound, at: "k[1]")),
        .decode(ReadsTwo.self, "[1, null]", .error(.valueNotFound, at: "[1]")),
        .decode(DecodeNilAtEnd.self, "[]", .error(.valueNotFound, at: "[0]")),
        .decode(DecodeNilAtEnd.self, "[null]", .value(.init(result: true))),
        .decode(DecodeNilAtEnd.self, "[0]", .value(.init(result: false))),
        .decode(IfPresentElements.self, "[1, null, 2]", .value(.init(values: [1, nil, 2]))),
        .decode(IfPresentElements.self, #"[1, "x"]"#, .error(.typeMismatch, at: "[1]")),
    ]

    @Test(arguments: unkeyedCases)
    func unkeyedMechanics(_ row: ParityCase) { row.run() }

    // MARK: Keyed container mechanics

    /// `contains`, `decodeNil(forKey:)`, `decodeIfPresent` on null / missing / wrong type.
    struct KeyedProbe: Decodable, Equatable, Sendable {
        var log: [String]
        init(log: [String]) { self.log = log }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: PF.DynamicKey.self)
            let a = PF.DynamicKey("a"), b = PF.DynamicKey("b"), zz = PF.DynamicKey("zz")
            log = [
                "contains(a)=\(c.contains(a)) contains(zz)=\(c.contains(zz))",
                "decodeNil(a)=\(try c.decodeNil(forKey: a)) decodeNil(b)=\(try c.decodeNil(forKey: b))",
                "ifPresent(a)=\(String(describing: try c.decodeIfPresent(Int.self, forKey: a)))",
                "ifPresent(zz)=\(String(describing: try c.decodeIfPresent(Int.self, forKey: zz)))",
                "ifPresent(b)=\(String(describing: try c.decodeIfPresent(Int.self, forKey: b)))",
            ]
        }
    }

    struct DecodeNilMissing: Decodable, Equatable, Sendable {
        init(from decoder: any Decoder) throws {
            _ = try decoder.container(keyedBy: PF.DynamicKey.self).decodeNil(forKey: PF.DynamicKey("zz"))
        }
    }

    struct IfPresentWrongType: Decodable, Equatable, Sendable {
        var a: Int?
        init(a: Int?) { self.a = a }
        init(from decoder: any Decoder) throws {
            a = try decoder.container(keyedBy: PF.DynamicKey.self).decodeIfPresent(Int.self, forKey: PF.DynamicKey("a"))
        }
    }

    static let keyedCases: [ParityCase] = [
        .decode(KeyedProbe.self, #"{"a": null, "b": 1}"#, .value(.init(log: [
            "contains(a)=true contains(zz)=false",
            "decodeNil(a)=true decodeNil(b)=false",
            "ifPresent(a)=nil", "ifPresent(zz)=nil", "ifPresent(b)=Optional(1)",
        ]))),
        .decode(DecodeNilMissing.self, "{}", .missingKey("zz", at: "")),
        .decode(IfPresentWrongType.self, #"{"a": "1"}"#, .error(.typeMismatch, at: "a")),
        .decode(IfPresentWrongType.self, #"{"a": null}"#, .value(.init(a: nil))),
        .decode(PF.TwoFields.self, #"{"a": 1, "b": "x", "extra": [1, {"deep": null}]}"#, .value(.init(a: 1, b: "x"))), // unknown keys ignored
    ]

    @Test(arguments: keyedCases)
    func keyedMechanics(_ row: ParityCase) { row.run() }

    @Test func allKeysListsEveryMemberOnce() {
        expectParity(PF.KeyList.self, json: #"{"b": 1, "a": null, "c": {"x": 1}}"#, expected: .value(PF.KeyList(keys: ["a", "b", "c"])))
    }

    // MARK: Class inheritance and super decoders

    /// `superDecoder()` from an unkeyed container: the element at the current index.
    struct SuperFromUnkeyed: Decodable, Equatable, Sendable {
        var head: Int
        var parentID: Int
        init(head: Int, parentID: Int) { self.head = head; self.parentID = parentID }
        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            head = try c.decode(Int.self)
            parentID = try PF.Animal(from: c.superDecoder()).id
        }
    }

    static let inheritanceCases: [ParityCase] = [
        .decode(PF.FlatDog.self, #"{"id": 1, "name": "rex"}"#, .value(PF.FlatDog(id: 1, name: "rex"))),
        .decode(PF.FlatDog.self, #"{"name": "rex"}"#, .missingKey("id", at: "")),
        .decode(PF.NestedDog.self, #"{"super": {"id": 2}, "name": "rex"}"#, .value(PF.NestedDog(id: 2, name: "rex"))),
        .decode(PF.NestedDog.self, #"{"super": {}, "name": "rex"}"#, .missingKey("id", at: "super")),
        .decode(PF.NestedDog.self, #"{"super": {"id": "2"}, "name": "rex"}"#, .error(.typeMismatch, at: "super.id")),
        .decode(PF.NestedDog.self, #"{"name": "rex"}"#, .error(.valueNotFound, at: "super")),   // missing "super": a decoder on null
        .decode(PF.NestedDog.self, #"{"id": 2, "name": "rex"}"#, .error(.valueNotFound, at: "super")),
        .decode(PF.KeyedDog.self, #"{"parent": {"id": 3}, "name": "rex"}"#, .value(PF.KeyedDog(id: 3, name: "rex"))),
        .decode(PF.KeyedDog.self, #"{"parent": {"id": true}, "name": "rex"}"#, .error(.typeMismatch, at: "parent.id")),
        .decode(SuperFromUnkeyed.self, #"[0, {"id": 5}]"#, .value(.init(head: 0, parentID: 5))),
        .decode(SuperFromUnkeyed.self, #"[0, {"id": true}]"#, .error(.typeMismatch, at: "[1].id")),
        .decode(SuperFromUnkeyed.self, "[0]", .error(.valueNotFound, at: "[1]")),
        .decode([PF.NestedDog].self, #"[{"super": {"id": 1}, "name": "a"}, {"super": {"id": null}, "name": "b"}]"#,
                .error(.valueNotFound, at: "[1].super.id")),
    ]

    @Test(arguments: inheritanceCases)
    func inheritance(_ row: ParityCase) { row.run() }

    // MARK: userInfo

    @Test func userInfoIsVisibleInInitFromDecoderAtEveryLevel() {
        expectParity(PF.UserInfoReader.self, json: #"{"child": {}}"#,
                     expected: .value(PF.UserInfoReader(greeting: "hello", nestedGreeting: "hello"))) {
            $0.userInfo = [PF.UserInfoReader.key: "hello"]
        }
        expectParity(PF.UserInfoReader.self, json: #"{"child": {}}"#,
                     expected: .value(PF.UserInfoReader(greeting: "<none>", nestedGreeting: "<none>")))
    }
}
