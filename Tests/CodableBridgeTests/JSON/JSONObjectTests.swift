import Foundation
import Testing

@testable import CodableBridge

/// `JSONObject` against a plain list of pairs: every edit keeps insertion order, `keys`, `values`,
/// lookups (below and above the size at which a key index is built), equality and hashing.
@Suite struct JSONObjectTests {
    /// The reference: members in insertion order, the first occurrence of a key kept.
    struct Reference {
        var members: [(String, JSONValue)] = []

        func position(of key: String) -> Int? { members.firstIndex { $0.0 == key } }

        mutating func set(_ key: String, _ value: JSONValue?) {
            if let i = position(of: key) {
                if let value { members[i].1 = value } else { members.remove(at: i) }
            } else if let value {
                members.append((key, value))
            }
        }
    }

    static func expectSame(_ object: JSONObject, _ reference: Reference, _ step: String) {
        #expect(object.keys == reference.members.map(\.0), "\(step): keys")
        #expect(object.values == reference.members.map(\.1), "\(step): values")
        #expect(object.count == reference.members.count, "\(step): count")
        #expect(object.map(\.key) == reference.members.map(\.0), "\(step): iteration")
        for (i, (key, value)) in reference.members.enumerated() {
            #expect(object.position(of: key) == i, "\(step): position of \(key)")
            #expect(object[key] == value, "\(step): value of \(key)")
        }
        #expect(object["absent"] == nil, "\(step): an absent key")
    }

    @Test("random edits agree with a list of pairs, for objects small and large", arguments: [4, 40, 120])
    func randomEdits(keyCount: Int) {
        var random = SplitMix64(seed: UInt64(keyCount))
        var object = JSONObject()
        var reference = Reference()
        for step in 0 ..< 600 {
            let key = "k\(Int.random(in: 0 ..< keyCount, using: &random))"
            let value: JSONValue? = switch Int.random(in: 0 ..< 5, using: &random) {
            case 0: nil
            case 1: .string("long string value number \(step)")
            case 2: .array([.number(JSONNumber(step)), .null])
            case 3: .object(["nested": .bool(step % 2 == 0)])
            default: .number(JSONNumber(step))
            }
            if Int.random(in: 0 ..< 8, using: &random) == 0 {
                #expect(object.removeValue(forKey: key) == reference.position(of: key).map { reference.members[$0].1 })
                reference.set(key, nil)
            } else {
                object[key] = value
                reference.set(key, value)
            }
            let copy = object
            Self.expectSame(object, reference, "step \(step)")
            #expect(copy == object && copy.hashValue == object.hashValue)
        }
    }

    @Test("a parsed object holds its members in document order, of any size")
    func parsedMembers() throws {
        for count in [0, 1, 2, 31, 32, 33, 100] {
            let members = (0 ..< count).map { ("key number \($0)", JSONValue.number(JSONNumber($0))) }
            let text = "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
            let parsed = try #require(try JSONValue(parsing: Data(text.utf8)).objectValue)
            Self.expectSame(parsed, Reference(members: members), "\(count) members")
            // Through a tape and back: the decoder's path from a JSONValue.
            #expect(JSONTape(value: .object(parsed)).value(at: 0) == .object(parsed))
            #expect(try BridgeDecoder().decode(JSONValue.self, from: .object(parsed)) == .object(parsed))
        }
    }

    @Test("equality ignores order, hashing agrees with equality")
    func equalityIgnoresOrder() throws {
        let a = try JSONValue(parsing: Data(#"{"x": 1, "y": [true], "z": {"w": null}}"#.utf8))
        let b = try JSONValue(parsing: Data(#"{"z": {"w": null}, "x": 1, "y": [true]}"#.utf8))
        let c = try JSONValue(parsing: Data(#"{"z": {"w": null}, "x": 2, "y": [true]}"#.utf8))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(a.description == #"{"x":1,"y":[true],"z":{"w":null}}"#)
    }
}
