import Foundation
import Testing
import CodableBridge  // not @testable: the examples use public API only

/// The examples of README.md ("The JSON tree") and Docs/JSONTree.md, with their claimed results.
@Suite struct JSONTreeDocsTests {
    @Test func readme() throws {
        var json = try JSONValue(parsing: #"{"user": {"name": "Ada", "tags": ["a"]}}"#, maxDepth: 64)
        #expect(json.user?.name == "Ada")
        json.user?.name = "Grace"
        json[path: "user.address.city"] = "Paris"
        json["user"]?["tags"]?[0] = nil
        let object = try JSONValue(foundationObject: JSONSerialization.jsonObject(with: Data("[true, 1]".utf8)))
        #expect(object == [true, 1])
        #expect(json.description == #"{"user":{"name":"Grace","tags":[],"address":{"city":"Paris"}}}"#)
    }
    @Test func editing() throws {
        var json: JSONValue = ["id": 1, "tags": ["a", "b"]]
        json["name"] = "Ada"
        json["id"] = 2
        json.note = .null
        json["note"] = nil
        json.tags?[0] = "z"
        json[path: "address.city"] = "Paris"
        #expect(json.description == #"{"id":2,"tags":["z","b"],"name":"Ada","address":{"city":"Paris"}}"#)
        let data = Data("[1, [2, [3]]]".utf8)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: data, maxDepth: 2) }
    }
    @Test func event() throws {
        struct Event: Codable {
            var name: String
            var extra: JSONObject
        }
        let event = try BridgeDecoder().decode(Event.self, from: #"{"name": "launch", "extra": {"b": 1.50, "a": true}}"#)
        #expect(event.extra.keys == ["b", "a"])
        let data = try BridgeEncoder().encode(event)
        #expect(String(decoding: data, as: UTF8.self) == #"{"name":"launch","extra":{"b":1.50,"a":true}}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(#"{"ok": true, "n": 1, "big": 18446744073709551615}"#.utf8))
        let value = try JSONValue(foundationObject: parsed)
        #expect(value.ok == true && value.n == 1)
        let back = value.foundationObject as? [String: Any]
        #expect(back != nil)
    }
}
