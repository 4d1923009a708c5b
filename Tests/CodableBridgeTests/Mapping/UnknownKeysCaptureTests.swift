import Foundation
import Testing
@testable import CodableBridge

// `unknownKeysProperty`: the members a model does not read go to a `JSONObject` property and are
// written back on encode, so decode → encode reproduces the input by value. The property-style
// test runs that round trip over hand-written payloads and a few hundred generated objects.

struct CKNode: MappableCodable, Equatable {
    var id: Int64?
    var name: String?
    var children: [CKNode]?
    var extras = JSONObject()
    static var unknownKeysProperty: String? { "extras" }
}

struct CKMapped: MappableCodable, Equatable {
    var bookID = 0
    var desc: String?
    var rest = JSONObject()
    static var keyMapping: KeyMapping { ["bookID": ["id", "ID"], "desc": "ext.desc"] }
    static var unknownKeysProperty: String? { "rest" }
}

/// The capture property declared first: it is filled after the model's other keys are known.
struct CKFirst: MappableCodable, Equatable {
    var extras: JSONObject?
    var name = ""
    static var unknownKeysProperty: String? { "extras" }
}

struct CKSnake: MappableCodable, Equatable {
    var firstName = ""
    var extras = JSONObject()
    static var unknownKeysProperty: String? { "extras" }
}

@Suite struct UnknownKeysCaptureTests {
    @Test func capturesUnknownMembersInDocumentOrder() throws {
        let json = #"{"id": 7, "theme": "dark", "name": "Ada", "flags": [1, {"x": null}], "n": 1.50}"#
        let node = try BridgeDecoder().decode(CKNode.self, from: json)
        #expect(node.id == 7)
        #expect(node.name == "Ada")
        #expect(Array(node.extras.keys) == ["theme", "flags", "n"])
        #expect(node.extras["n"] == .number(JSONNumber(text: "1.50")!))
    }

    @Test func writesCapturedMembersBack() throws {
        let json = #"{"id":7,"theme":"dark","name":"Ada","n":1.50}"#
        let node = try BridgeDecoder().decode(CKNode.self, from: json)
        #expect(try BridgeEncoder().encodeToString(node) == #"{"id":7,"name":"Ada","theme":"dark","n":1.50}"#)
    }

    @Test func aMemberTheModelWritesWinsOverACapturedOne() throws {
        var node = CKNode(id: 1)
        node.extras = ["id": 2, "other": true]
        #expect(try BridgeEncoder().encodeToString(node) == #"{"id":1,"other":true}"#)
    }

    @Test func mappedKeysAlternatesAndKeyPathParentsAreNotCaptured() throws {
        let value = try BridgeDecoder().decode(CKMapped.self, from: #"{"ID": 3, "id": 2, "ext": {"desc": "d"}, "bookID": 9, "x": 1}"#)
        #expect(value.bookID == 2)
        #expect(value.rest == ["bookID": 9, "x": 1])
    }

    @Test func theCapturePropertyMayComeFirstAndBeOptional() throws {
        let value = try BridgeDecoder().decode(CKFirst.self, from: #"{"name": "a", "b": 2, "extras": 3}"#)
        #expect(value == CKFirst(extras: ["b": 2, "extras": 3], name: "a"))
    }

    @Test func capturedKeysAreKnownToTheUnknownKeyStrategy() throws {
        var decoder = BridgeDecoder()
        decoder.unknownKeyStrategy = .throw
        let value = try decoder.decode(CKNode.self, from: #"{"id": 1, "z": 2, "children": [{"q": 1}]}"#)
        #expect(value.children?.first?.extras == ["q": 1])
    }

    @Test func keyStrategiesMatchTheConvertedKey() throws {
        var decoder = BridgeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let value = try decoder.decode(CKSnake.self, from: #"{"first_name": "Ada", "last_name": "L"}"#)
        #expect(value == CKSnake(firstName: "Ada", extras: ["last_name": "L"]))
    }

    @Test(arguments: ReportPreset.allCases)
    func roundTripsHandWrittenPayloadsByValue(preset: ReportPreset) throws {
        for payload in CaptureFixtures.payloads {
            try expectLosslessRoundTrip(payload, preset: preset)
        }
    }

    @Test func roundTripsGeneratedObjectsByValue() throws {
        var generator = CaptureFixtures.Generator(seed: 0x5eed)
        for _ in 0 ..< 300 {
            let object = generator.node(depth: 0)
            try expectLosslessRoundTrip(JSONValue.object(object).description, preset: .strict)
        }
    }

    private func expectLosslessRoundTrip(_ json: String, preset: ReportPreset, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var decoder = BridgeDecoder()
        decoder.coercion = preset.policy
        let input = try JSONValue(parsing: Data(json.utf8))
        let node = try decoder.decode(CKNode.self, from: json)
        let output = try BridgeEncoder().encodeToJSONValue(node)
        #expect(output == input, "round trip changed \(json)", sourceLocation: sourceLocation)
    }
}

/// Payloads for the round trip: declared keys (`id`, `name`, `children`) hold values of their
/// declared types or are absent; everything else is arbitrary JSON.
enum CaptureFixtures {
    static let payloads: [String] = [
        "{}",
        #"{"id": 1}"#,
        #"{"id": -9223372036854775808, "name": "", "x": null}"#,
        #"{"name": "日本語 \"quoted\" \\ \u00e9 😀", "id_str": "505874924095815681", "id": 505874924095815681}"#,
        #"{"metadata": {"result_type": "recent", "iso_language_code": "ja"}, "created_at": "Sun Aug 31 00:29:15 +0000 2014", "id": 505874924095815681, "text": "@aym0566x \n\n名前:前田あゆみ", "entities": {"hashtags": [], "urls": [{"url": "http://t.co/x", "indices": [0, 22]}]}, "retweet_count": 0, "favorited": false, "geo": null, "lang": "ja"}"#,
        #"{"n": [1e5, -0.0, 1.000000000000000005, 10000000000000000999, 2E-3], "b": [true, false, null]}"#,
        #"{"children": [{"id": 2, "tag": "a"}, {"name": "c", "children": [{"deep": {"er": [[]]}}]}], "children_count": 2}"#,
        #"{"user": {"id": 3952070245, "screen_name": "x", "pic_infos": {"a": {"width": "640", "height": 640}}}, "biz_feature": 4294967300}"#,
    ]

    /// Deterministic random JSON objects (a linear congruential generator: same seed, same objects).
    struct Generator {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func node(depth: Int) -> JSONObject {
            var object = JSONObject()
            let keys = ["id", "name", "children", "a", "b", "c", "id_str", "text", "é", "", "a.b", "nested"]
            for _ in 0 ..< next(7) {
                let key = keys[next(keys.count)]
                guard object[key] == nil else { continue }
                switch key {
                case "id": object[key] = .number(JSONNumber(Int64(next(2_000_000)) - 1_000_000))
                case "name": object[key] = .string(string())
                case "children":
                    object[key] = depth < 2 ? .array((0 ..< next(3)).map { _ in .object(node(depth: depth + 1)) }) : nil
                default: object[key] = value(depth: depth)
                }
            }
            return object
        }

        mutating func string() -> String {
            let pieces = ["a", "Z", " ", "\"", "\\", "\n", "é", "日本", "😀", "\u{1}", "/"]
            return (0 ..< next(6)).map { _ in pieces[next(pieces.count)] }.joined()
        }

        mutating func value(depth: Int) -> JSONValue {
            switch next(depth < 3 ? 8 : 6) {
            case 0: return .null
            case 1: return .bool(next(2) == 0)
            case 2: return .number(JSONNumber(text: ["0", "-1", "1.5", "1e5", "2E-3", "-0.0", "18446744073709551615", "123456789012345678901234"][next(8)])!)
            case 3, 4: return .string(string())
            case 5: return .number(JSONNumber(next(1000)))
            case 6: return .array((0 ..< next(4)).map { _ in value(depth: depth + 1) })
            default:
                var object = JSONObject()
                for i in 0 ..< next(4) { object["k\(i)"] = value(depth: depth + 1) }
                return .object(object)
            }
        }
    }
}

@Suite struct UnknownKeysCaptureUpdateTests {
    @Test func updateKeepsCapturedMembersTheDocumentLeavesOut() throws {
        var node = try BridgeDecoder().decode(CKNode.self, from: #"{"id": 1, "theme": "dark", "lang": "en", "children": [{"id": 2, "x": 1}]}"#)
        try BridgeDecoder().update(&node, from: Data(#"{"name": "n", "lang": "fr"}"#.utf8))
        #expect(node.id == 1)
        #expect(node.name == "n")
        #expect(node.extras == ["lang": "fr", "theme": "dark"])
        #expect(node.children?.first?.extras == ["x": 1])
    }

    @Test func updateOfANestedModelWithCaptureKeepsItsFallback() throws {
        struct Holder: MappableCodable, Equatable {
            var inner = CKNode()
            var tag = ""
        }
        var holder = try BridgeDecoder().decode(Holder.self, from: #"{"inner": {"id": 5, "name": "a", "q": 1}, "tag": "t"}"#)
        try BridgeDecoder().update(&holder, from: Data(#"{"inner": {"name": "b"}}"#.utf8))
        #expect(holder.inner.id == 5)
        #expect(holder.inner.name == "b")
        #expect(holder.inner.extras == ["q": 1])
        #expect(holder.tag == "t")
    }
}
