import Foundation
import Testing
@testable import CodableBridge

/// Errors: the `DecodingError` case and the coding path must be Foundation's.
@Suite struct ErrorParityTests {

    static let directory = #"""
        {"users": [
            {"name": "a", "address": {"zip": 1}},
            {"name": "b", "address": {"zip": 2}},
            {"name": "c", "address": {"zip": "x"}}
        ]}
        """#

    static let errorCases: [ParityCase] = [
        // type mismatch deep in nested arrays and objects
        .decode(PF.Directory.self, directory, .error(.typeMismatch, at: "users[2].address.zip")),
        .decode(PF.Directory.self, #"{"users": [{"name": "a", "address": {"zip": 1}}, {"name": 5, "address": {"zip": 1}}]}"#,
                .error(.typeMismatch, at: "users[1].name")),
        .decode(PF.Directory.self, #"{"users": {"name": "a"}}"#, .error(.typeMismatch, at: "users")),
        .decode([[[Int]]].self, #"[[[1]], [[2], [3, true]]]"#, .error(.typeMismatch, at: "[1][1][1]")),
        // missing key
        .decode(PF.Directory.self, "{}", .missingKey("users", at: "")),
        .decode(PF.Directory.self, #"{"users": [{"name": "a", "address": {"zip": 1}}, {"name": "b", "address": {}}]}"#,
                .missingKey("zip", at: "users[1].address")),
        .decode(PF.Directory.self, #"{"users": [{"name": "a"}]}"#, .missingKey("address", at: "users[0]")),
        // null for non-optional
        .decode(PF.Directory.self, #"{"users": null}"#, .error(.valueNotFound, at: "users")),
        .decode(PF.Directory.self, #"{"users": [{"name": null, "address": {"zip": 1}}]}"#, .error(.valueNotFound, at: "users[0].name")),
        .decode(PF.Directory.self, #"{"users": [{"name": "a", "address": null}]}"#, .error(.valueNotFound, at: "users[0].address")),
        .decode(PF.Directory.self, #"{"users": [{"name": "a", "address": {"zip": null}}]}"#, .error(.valueNotFound, at: "users[0].address.zip")),
        .decode(PF.Directory.self, #"{"users": [null]}"#, .error(.valueNotFound, at: "users[0]")),
        .decode(PF.TwoFields.self, "null", .error(.valueNotFound)),
        // wrong top-level type
        .decode(PF.Directory.self, "[]", .error(.typeMismatch)),
        .decode(PF.Directory.self, #""users""#, .error(.typeMismatch)),
        .decode(PF.Directory.self, "42", .error(.typeMismatch)),
        .decode([PF.Person].self, #"{"name": "a"}"#, .error(.typeMismatch)),
        // corrupted JSON: dataCorrupted at the empty path, wherever the damage is
        .decode(PF.Directory.self, #"{"users": [{"name": "a", "address": {"zip": 1}}"#, .error(.dataCorrupted)),
        .decode(PF.Directory.self, #"{"users": [{"name": "a" "address": {"zip": 1}}]}"#, .error(.dataCorrupted)),
        .decode(PF.Directory.self, #"{"users": [tru]}"#, .error(.dataCorrupted)),
        .decode(PF.Directory.self, #"{users: []}"#, .error(.dataCorrupted)),
        .decode(PF.TwoFields.self, "\u{FEFF}" + #"{"a": 1, "b": "x"}"#, .value(.init(a: 1, b: "x"))), // UTF-8 BOM skipped
        .decode(String.self, #""\ud800""#, .error(.dataCorrupted)),            // lone surrogate
        .decode(Int.self, "-", .error(.dataCorrupted)),
        .decode(Double.self, "1.", .error(.dataCorrupted)),
        .decode(Double.self, ".5", .error(.dataCorrupted)),
        .decode(Bool.self, "True", .error(.dataCorrupted)),
        // Number out of range inside a document. swift-foundation throws these while unwrapping and
        // wraps them as "not valid JSON" at the empty path; the older Darwin implementation (and
        // the design contract) give the true path — BridgeDecoder must report the true path and the same case.
        .decode(PF.Int8Field.self, #"{"a": 128}"#, .error(.dataCorrupted), bridgePath: "a"),
        .decode(PF.Int8Field.self, #"{"a": 1.5}"#, .error(.dataCorrupted), bridgePath: "a"),
        .decode(PF.UIntList.self, #"{"a": [1, -1]}"#, .error(.dataCorrupted), bridgePath: "a[1]"),
        .decode([String: Int8].self, #"{"k": 300}"#, .error(.dataCorrupted), bridgePath: "k"),
        .decode([Double].self, "[1, 1e400]", .error(.dataCorrupted), bridgePath: "[1]"),
    ]

    @Test(arguments: errorCases)
    func errors(_ row: ParityCase) { row.run() }

    /// Counts the nesting of `[[[…]]]` through nested unkeyed containers.
    struct Depth: Decodable, Equatable, Sendable {
        var depth: Int
        init(depth: Int) { self.depth = depth }
        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            depth = c.isAtEnd ? 1 : try c.decode(Depth.self).depth + 1
        }
    }

    /// Foundation accepts 512 levels and rejects 513 as corrupted data (never a crash); the
    /// bridge's default `maxDepth` is the same 512.
    @Test(arguments: [(512, true), (513, false), (10_000, false)])
    func nestingLimit(_ depth: Int, _ accepted: Bool) {
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        expectParity(Depth.self, json: json, expected: accepted ? .value(Depth(depth: depth)) : .error(.dataCorrupted))
    }

    @Test func duplicateKeysAppearOnceInAllKeys() {
        expectParity(PF.KeyList.self, json: #"{"a": 1, "a": 2, "b": 3}"#, expected: .value(PF.KeyList(keys: ["a", "b"])))
    }

    /// `expectDecodingError(codingPath:)` on the bridge alone, for the documented path spelling.
    @Test func pathSpellingOfADeepMismatch() {
        expectDecodingError(.typeMismatch, codingPath: "users[2].address.zip") {
            try strictBridgeDecoder().decode(PF.Directory.self, from: Data(Self.directory.utf8))
        }
        expectDecodingError(.keyNotFound, codingPath: "users[0]", key: "address") {
            try strictBridgeDecoder().decode(PF.Directory.self, from: #"{"users": [{"name": "a"}]}"#)
        }
    }

    /// Index keys are `"Index N"` with `intValue` N — exactly Foundation's keys, not just the same
    /// rendering.
    @Test func indexKeysMatchFoundationsKeys() {
        let json = Data(#"[[1], [2, "x"]]"#.utf8)
        var bridgeKeys: [ObservedKey] = []
        do {
            _ = try strictBridgeDecoder().decode([[Int]].self, from: json)
        } catch let DecodingError.typeMismatch(_, context) {
            bridgeKeys = context.codingPath.map(ObservedKey.init)
        } catch {
            Issue.record("expected typeMismatch, got \(error)")
        }
        #expect(bridgeKeys.map(\.stringValue) == ["Index 1", "Index 1"])
        #expect(bridgeKeys.map(\.intValue) == [1, 1])
    }

    /// A missing key's `CodingKey` is the model's own key (its `stringValue` and `intValue`).
    @Test func keyNotFoundCarriesTheModelsKey() {
        do {
            _ = try strictBridgeDecoder().decode(PF.Zip.self, from: "{}")
            Issue.record("expected keyNotFound")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "zip")
            #expect(key.intValue == nil)
            #expect(context.codingPath.isEmpty)
        } catch {
            Issue.record("expected keyNotFound, got \(error)")
        }
    }
}
