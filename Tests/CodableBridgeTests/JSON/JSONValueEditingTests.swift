import Foundation
import Testing
@testable import CodableBridge

/// `JSONValue`'s settable subscripts and dynamic member lookup: the rules in their doc comments.
@Suite struct JSONValueEditingTests {
    // MARK: Member lookup

    @Test func memberLookupReadsLikeTheSubscript() throws {
        let json = try JSONValue(parsing: #"{"user": {"name": "Ada", "tags": ["a", "b"]}, "n": null}"#)
        #expect(json.user?.name == "Ada")
        #expect(json.user?.name == json["user"]?["name"])
        #expect(json.user?.tags?[1] == "b")
        #expect(json.user?.email == nil)
        #expect(json.n == .null)
        #expect(json.user?.name?.missing == nil)   // a member of a string
        #expect(JSONValue.array([1]).user == nil)
    }

    /// Keys spelled like JSONValue's own members reach the member; the subscript reaches the key.
    /// Keys spelled like its cases (`null`, `string`) are not instance members, so they are keys.
    @Test func collidingKeysNeedTheSubscript() {
        let json: JSONValue = ["description": "d", "stringValue": "s", "isNull": true, "null": 1, "string": 2]
        let description: String = json.description
        #expect(description.hasPrefix("{"))
        #expect(json["description"] == "d")
        #expect(json.stringValue == nil)
        #expect(json["stringValue"] == "s")
        #expect(json.isNull == false)
        #expect(json.null == 1)
        #expect(json.string == 2)
    }

    @Test func memberLookupSets() throws {
        var json = try JSONValue(parsing: #"{"user": {"name": "Ada"}}"#)
        json.user?.name = "Grace"
        json.user?.age = 36
        json.count = 1
        #expect(json == ["user": ["name": "Grace", "age": 36], "count": 1])
        json.user?.name = nil
        #expect(json == ["user": ["age": 36], "count": 1])
        json.missing?.name = "x"   // optional chaining: nothing to set into
        #expect(json["missing"] == nil)
    }

    // MARK: [key]

    /// (start, key, new value, result); `nil` as a new value removes.
    static let keySets: [(JSONValue, String, JSONValue?, JSONValue)] = [
        (["a": 1], "b", 2, ["a": 1, "b": 2]),
        (["a": 1, "b": 2], "a", "x", ["a": "x", "b": 2]),
        (["a": 1, "b": 2], "a", nil, ["b": 2]),
        (["a": 1], "a", .null, ["a": nil]),
        (["a": 1], "zz", nil, ["a": 1]),
        (nil, "a", 1, ["a": 1]),             // null turns into an object
        (nil, "a", nil, nil),                 // removing from null keeps null
        (true, "a", 1, true),                 // non-objects: no-op
        (3, "a", 1, 3),
        ("s", "a", 1, "s"),
        ([1, 2], "a", 1, [1, 2]),
    ]

    @Test(arguments: keySets)
    func setKey(_ start: JSONValue, _ key: String, _ newValue: JSONValue?, _ expected: JSONValue) {
        var json = start
        json[key] = newValue
        #expect(json == expected)
    }

    @Test func replacingKeepsThePosition() {
        var json: JSONValue = ["a": 1, "b": 2, "c": 3]
        json["b"] = 20
        json["d"] = 4
        #expect(json.objectValue?.keys == ["a", "b", "c", "d"])
        #expect(json.description == #"{"a":1,"b":20,"c":3,"d":4}"#)
    }

    /// A nil literal is "absent" (removes), `.null` is JSON null.
    @Test func nilLiteralRemovesNullStores() {
        var json: JSONValue = ["a": 1, "b": 2]
        json["a"] = nil
        json["b"] = .null
        #expect(json.description == #"{"b":null}"#)
    }

    /// Objects with more than 32 members keep a key index; edits keep it right.
    @Test func largeObjectsStayConsistent() {
        var json = JSONValue.object(JSONObject((0 ..< 40).map { ("k\($0)", JSONValue.number(JSONNumber($0))) }))
        json["k5"] = nil
        json["k39"] = "last"
        json["new"] = true
        #expect(json["k5"] == nil)
        #expect(json["k6"] == 6)
        #expect(json["k39"] == "last")
        #expect(json["new"] == true)
        #expect(json.objectValue?.count == 40)
    }

    // MARK: [index]

    /// (start, index, new value, result)
    static let indexSets: [(JSONValue, Int, JSONValue?, JSONValue)] = [
        ([1, 2, 3], 0, "one", ["one", 2, 3]),
        ([1, 2, 3], 2, nil, [1, 2]),
        ([1, 2, 3], 1, .null, [1, nil, 3]),
        ([1, 2, 3], 3, 4, [1, 2, 3]),         // out of range: no append
        ([1, 2, 3], -1, 4, [1, 2, 3]),
        ([1, 2, 3], 9, nil, [1, 2, 3]),
        ([], 0, 1, []),
        (nil, 0, 1, nil),                     // not an array: no-op
        (["0": 1], 0, 2, ["0": 1]),
        ("s", 0, 1, "s"),
    ]

    @Test(arguments: indexSets)
    func setIndex(_ start: JSONValue, _ index: Int, _ newValue: JSONValue?, _ expected: JSONValue) {
        var json = start
        json[index] = newValue
        #expect(json == expected)
    }

    // MARK: [path:]

    /// (start, path, new value, result)
    static let pathSets: [(JSONValue, String, JSONValue?, JSONValue)] = [
        ([:], "a.b.c", 1, ["a": ["b": ["c": 1]]]),
        (["a": ["x": 0]], "a.b", 1, ["a": ["x": 0, "b": 1]]),
        (["a": nil], "a.b", 1, ["a": ["b": 1]]),                   // null on the way becomes {}
        (nil, "a.b", 1, ["a": ["b": 1]]),
        (["a": 5], "a.b", 1, ["a": 5]),                            // a number in the way: no-op
        (["a": "s"], "a.b.c", 1, ["a": "s"]),
        (["a": true], "a.b", 1, ["a": true]),
        (["items": [["id": 1], ["id": 2]]], "items.1.id", 3, ["items": [["id": 1], ["id": 3]]]),
        (["items": [["id": 1]]], "items.0", nil, ["items": []]),
        (["items": [["id": 1]]], "items.0", 7, ["items": [7]]),
        (["items": [["id": 1]]], "items.5.id", 3, ["items": [["id": 1]]]),   // out of range
        (["items": [["id": 1]]], "items.x", 3, ["items": [["id": 1]]]),      // non-numeric on an array
        (["items": [nil]], "items.0.id", 3, ["items": [["id": 3]]]),
        ([:], "a.0", 1, ["a": ["0": 1]]),                          // numeric key in an object
        (["a": ["b": 1, "c": 2]], "a.b", nil, ["a": ["c": 2]]),
        (["a": 1], "x.y.z", nil, ["a": 1]),                        // removing creates nothing
        (["a": 1], "a.y", nil, ["a": 1]),
        (["a": 1], "a", 2, ["a": 2]),                              // one segment: like [key]
        ([:], "", 1, ["": 1]),
        (["a": ["b": 1]], "a..c", 2, ["a": ["b": 1, "": ["c": 2]]]),
    ]

    @Test(arguments: pathSets)
    func setPath(_ start: JSONValue, _ path: String, _ newValue: JSONValue?, _ expected: JSONValue) {
        var json = start
        json[path: path] = newValue
        #expect(json == expected)
        if newValue != nil, json != start {
            #expect(json[path: path] == newValue)   // what was set reads back
        }
    }

    @Test func pathCreatesObjectsInOrder() {
        var json: JSONValue = ["id": 1]
        json[path: "user.address.city"] = "Paris"
        json[path: "user.address.zip"] = "75001"
        json[path: "user.name"] = "Ada"
        #expect(json.description == #"{"id":1,"user":{"address":{"city":"Paris","zip":"75001"},"name":"Ada"}}"#)
    }

    /// Editing a copy leaves the original alone (value semantics through the in-place edits).
    @Test func copiesAreIndependent() {
        let original: JSONValue = ["a": ["b": [1, 2]], "c": 3]
        var copy = original
        copy[path: "a.b.0"] = 10
        copy["c"] = nil
        copy.a?.d = true
        #expect(original == ["a": ["b": [1, 2]], "c": 3])
        #expect(copy == ["a": ["b": [10, 2], "d": true]])
    }
}
