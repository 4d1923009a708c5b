import Foundation
import Testing
@testable import CodableBridge

/// The entry points Foundation does not have — `String`, `JSONValue`, JSONSerialization objects,
/// a key path into an envelope — must give the same values and errors as `decode(_:from: Data)`.
@Suite struct EntryPointParityTests {

    struct Flags: Codable, Equatable, Sendable {
        var flag: Bool
        var n: Int
        var x: Double
        var s: String
        var list: [Int]
        var opt: Int?
    }

    static let flagsJSON = #"{"flag": true, "n": 1, "x": 2.5, "s": "t", "list": [0, 1], "opt": null}"#
    static let flags = Flags(flag: true, n: 1, x: 2.5, s: "t", list: [0, 1], opt: nil)

    static let entries: [BridgeEntry] = [.string, .jsonValue, .jsonObject]

    @Test(arguments: entries)
    func valuesMatch(_ entry: BridgeEntry) {
        expectParity(Flags.self, json: Self.flagsJSON, expected: .value(Self.flags), entry: entry)
        expectParity(PF.Directory.self, json: #"{"users": [{"name": "a", "address": {"zip": 7}}]}"#,
                     expected: .value(PF.Directory(users: [PF.Person(name: "a", address: PF.Zip(zip: 7))])), entry: entry)
        expectParity([Int].self, json: "[1, 2, 3]", expected: .value([1, 2, 3]), entry: entry)
        expectParity(Int.self, json: "7", expected: .value(7), entry: entry)
        expectParity(String?.self, json: "null", expected: .value(nil), entry: entry)
        expectParity(UInt64.self, json: "18446744073709551615", expected: .value(.max), entry: entry)
    }

    /// On Linux `JSONSerialization` gives `NSNumber` for both `true` and `1`; the bridge must still
    /// tell them apart under `.strict`, as Foundation's decoder does on the bytes.
    @Test(arguments: entries)
    func booleansAndNumbersStayDistinct(_ entry: BridgeEntry) {
        expectParity(Flags.self, json: #"{"flag": 1, "n": 1, "x": 2.5, "s": "t", "list": []}"#,
                     expected: .error(.typeMismatch, at: "flag"), entry: entry)
        expectParity(Flags.self, json: #"{"flag": true, "n": true, "x": 2.5, "s": "t", "list": []}"#,
                     expected: .error(.typeMismatch, at: "n"), entry: entry)
        expectParity(Flags.self, json: #"{"flag": false, "n": 0, "x": false, "s": "t", "list": []}"#,
                     expected: .error(.typeMismatch, at: "x"), entry: entry)
        expectParity([Bool].self, json: "[true, false, 0]", expected: .error(.typeMismatch, at: "[2]"), entry: entry)
        expectParity([Int].self, json: "[0, 1, false]", expected: .error(.typeMismatch, at: "[2]"), entry: entry)
    }

    @Test(arguments: entries)
    func errorsMatch(_ entry: BridgeEntry) {
        expectParity(PF.Directory.self, json: ErrorParityTests.directory,
                     expected: .error(.typeMismatch, at: "users[2].address.zip"), entry: entry)
        expectParity(PF.Directory.self, json: #"{"users": [{"name": "a"}]}"#,
                     expected: .missingKey("address", at: "users[0]"), entry: entry)
        expectParity(Flags.self, json: #"{"flag": true, "n": null, "x": 1, "s": "", "list": []}"#,
                     expected: .error(.valueNotFound, at: "n"), entry: entry)
        expectParity(Int8.self, json: "300", expected: .error(.dataCorrupted), entry: entry)
        expectParity(Int.self, json: "1.5", expected: .error(.dataCorrupted), entry: entry)
        expectParity(Int.self, json: "2.0", expected: .value(2), entry: entry)
    }

    /// A tree built from literals (numbers made from `Int` / `Double`, not parsed text) decodes
    /// to what Foundation decodes from the equivalent bytes.
    @Test func literalTreeMatchesFoundation() throws {
        let tree: JSONValue = ["flag": true, "n": 1, "x": 2.5, "s": "t", "list": [0, 1], "opt": nil]
        let foundation = try JSONDecoder().decode(Flags.self, from: Data(Self.flagsJSON.utf8))
        #expect(try BridgeDecoder.foundationCompatible.decode(Flags.self, from: tree) == foundation)
        expectDecodingError(.typeMismatch, codingPath: "flag") {
            try BridgeDecoder.foundationCompatible.decode(Flags.self, from: ["flag": 1, "n": 1, "x": 2.5, "s": "t", "list": []] as JSONValue)
        }
        expectDecodingError(.dataCorrupted, codingPath: "n") {
            try BridgeDecoder.foundationCompatible.decode(Flags.self, from: ["flag": true, "n": 1.5, "x": 2.5, "s": "t", "list": []] as JSONValue)
        }
        #expect(try BridgeDecoder.foundationCompatible.decode(Int.self, from: 3.0 as JSONValue) == 3)
    }

    @Test func malformedStringIsDataCorruptedAtTheRoot() {
        expectDecodingError(.dataCorrupted, codingPath: "") {
            try BridgeDecoder.foundationCompatible.decode(PF.Directory.self, from: #"{"users": [}"#)
        }
    }

    /// Foundation has no such entry point; the documented contract is `dataCorrupted`, at the
    /// path of the offending value.
    @Test func nonJSONFoundationObjectIsDataCorrupted() {
        expectDecodingError(.dataCorrupted, codingPath: "a") {
            try BridgeDecoder.foundationCompatible.decode([String: Int].self, fromJSONObject: ["a": Date()])
        }
        expectDecodingError(.dataCorrupted, codingPath: "list[1]") {
            try BridgeDecoder.foundationCompatible.decode([String: [Int]].self, fromJSONObject: ["list": [1, URL(fileURLWithPath: "/")] as [Any]])
        }
    }

    // MARK: decode(_:from:at:)

    static let envelope = Data(#"""
        {"status": "ok",
         "data": {"items": [{"name": "a", "address": {"zip": 1}}, {"name": "b", "address": {"zip": 2}}],
                  "count": 2,
                  "broken": [{"name": "c", "address": {"zip": "x"}}]}}
        """#.utf8)

    @Test func keyPathDecodesTheSubtree() throws {
        let items = try BridgeDecoder.foundationCompatible.decode([PF.Person].self, from: Self.envelope, at: "data.items")
        // The same subtree through Foundation, for parity of the value.
        struct Env: Decodable { struct Inner: Decodable { var items: [PF.Person] }; var data: Inner }
        let expected = try JSONDecoder().decode(Env.self, from: Self.envelope).data.items
        #expect(items == expected)
        #expect(items.map(\.address.zip) == [1, 2])
        #expect(try BridgeDecoder.foundationCompatible.decode(Int.self, from: Self.envelope, at: "data.count") == 2)
        #expect(try BridgeDecoder.foundationCompatible.decode(String.self, from: Self.envelope, at: "status") == "ok")
    }

    @Test func keyPathMissingSegmentIsKeyNotFound() {
        expectDecodingError(.keyNotFound, codingPath: "data", key: "itemz") {
            try BridgeDecoder.foundationCompatible.decode([PF.Person].self, from: Self.envelope, at: "data.itemz")
        }
        expectDecodingError(.keyNotFound, codingPath: "", key: "payload") {
            try BridgeDecoder.foundationCompatible.decode([PF.Person].self, from: Self.envelope, at: "payload.items")
        }
    }

    /// Errors below the key path carry the full path from the document root, as Foundation would
    /// report them when decoding the envelope type.
    @Test func keyPathErrorsUseTheFullPath() {
        struct Env: Decodable { struct Inner: Decodable { var broken: [PF.Person] }; var data: Inner }
        // Foundation, decoding the whole envelope, reports this path:
        expectParity(Env.self, json: String(decoding: Self.envelope, as: UTF8.self),
                     expected: .error(.typeMismatch, at: "data.broken[0].address.zip"), equals: { _, _ in false })
        expectDecodingError(.typeMismatch, codingPath: "data.broken[0].address.zip") {
            try BridgeDecoder.foundationCompatible.decode([PF.Person].self, from: Self.envelope, at: "data.broken")
        }
        expectDecodingError(.typeMismatch, codingPath: "data.count") {
            try BridgeDecoder.foundationCompatible.decode([PF.Person].self, from: Self.envelope, at: "data.count")
        }
    }
}
