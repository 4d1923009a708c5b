import Foundation
import Testing
@testable import CodableBridge

/// How `EncoderImpl` behaves as an `Encoder`: coding paths seen by `encode(to:)`, containers used
/// out of order, failures recovered by the caller, misuse reported as errors.
@Suite struct EncoderImplTests {
    // MARK: Coding paths

    /// What `encode(to:)` implementations see, with both encoders.
    @Test func codingPathsMatchFoundation() throws {
        let value = ["root": [PathReporter(depth: 2)]]
        let ours = PathLog()
        let theirs = PathLog()
        var bridge = BridgeEncoder()
        bridge.userInfo[PathLog.key] = ours
        let foundation = JSONEncoder()
        foundation.userInfo[PathLog.key] = theirs
        _ = try bridge.encode(value)
        _ = try foundation.encode(value)
        #expect(!ours.entries.isEmpty)
        #expect(ours.entries == theirs.entries)
    }

    /// A value encoded through a nested container has the container's full path. (`JSONEncoder`
    /// drops the nested container's part: it reports `root/[0]/[2]` here.)
    @Test func valuesInNestedContainersHaveTheirFullPath() throws {
        let log = PathLog()
        var encoder = BridgeEncoder()
        encoder.userInfo[PathLog.key] = log
        encoder.userInfo[PathReporter.throughNestedContainers] = true
        _ = try encoder.encode(["root": [PathReporter(depth: 1)]])
        #expect(log.entries.contains("encoder: root/[0]/list/[2]"))
        #expect(log.entries.contains("deeper keyed: root/[0]/list/[2]/list/[1]/nested"))
    }

    @Test func codingPathsUseTheConvertedKeysNowhere() throws {
        let log = PathLog()
        var encoder = BridgeEncoder()
        encoder.userInfo[PathLog.key] = log
        encoder.keyEncodingStrategy = .convertToSnakeCase
        _ = try encoder.encode(["someKey": CamelHolder()])
        #expect(log.entries == ["encoder: someKey/innerValue"])
    }

    // MARK: Recovering from failures

    @Test func aFailedElementLeavesNothingBehind() throws {
        let text = try bridgeText(Recovering())
        #expect(text == #"{"list":[1,3],"kept":true}"#)
    }

    @Test func encodingTwiceThroughOneSingleValueContainerThrows() {
        #expect {
            try BridgeEncoder().encode(["x": TwiceEncoded()])
        } throws: { error in
            pathText(error) == "x" && encodingContext(error)?.debugDescription.contains("single-value container") == true
        }
    }

    @Test func aKeyedContainerAfterAJSONValueObjectAddsToIt() throws {
        #expect(try bridgeText(AfterJSONValue()) { $0.outputFormatting = .sortedKeys }
            == (try foundationText(AfterJSONValue()) { $0.outputFormatting = .sortedKeys }))
        #expect(try bridgeText(AfterJSONValue()) == #"{"x":1,"y":2}"#)
        #expect(try bridgeText(NestedAfterJSONValue()) { $0.outputFormatting = .sortedKeys }
            == (try foundationText(NestedAfterJSONValue()) { $0.outputFormatting = .sortedKeys }))
    }

    @Test func concurrentEncodesAgree() async throws {
        let expected = try bridgeText([EncConcurrent()])
        let texts = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<16 {
                group.addTask { try bridgeText([EncConcurrent(), EncConcurrent()]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.count == 16)
        #expect(texts.allSatisfy { $0 == "[\(expected.dropFirst().dropLast()),\(expected.dropFirst().dropLast())]" })
    }

    // MARK: Output shapes

    @Test func emptyContainersPrettyPrintedMatchFoundation() throws {
        let values: [Wrapper<[String: [Int]]>] = [Wrapper(value: [:]), Wrapper(value: ["a": []])]
        for value in values {
            #expect(try bridgeText(value) { $0.outputFormatting = .prettyPrinted }
                == (try foundationText(value) { $0.outputFormatting = .prettyPrinted }))
        }
        #expect(try bridgeText([Int]()) { $0.outputFormatting = .prettyPrinted } == "[\n\n]")
        #expect(try bridgeText([EncodesNothing()]) { $0.outputFormatting = .prettyPrinted } == "[\n  {\n\n  }\n]")
    }

    /// Escapes at every offset around the writer's 8-byte scanning steps.
    @Test(arguments: ["\"", "\\", "/", "\n", "\u{01}", "\u{1F}", "é", "😀", "\u{2028}"])
    func escapesAtEveryOffsetMatchFoundation(special: String) throws {
        for offset in 0..<20 {
            let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 19 - offset)
            #expect(try bridgeText(text) == (try foundationText(text)), "offset \(offset)")
            #expect(try bridgeText(text) { $0.outputFormatting = .withoutEscapingSlashes }
                == (try foundationText(text) { $0.outputFormatting = .withoutEscapingSlashes }), "offset \(offset)")
        }
    }

    @Test func largeDocumentsRoundTripThroughTheParser() throws {
        let people = (0..<500).map { i in
            Person(name: "person \(i) \u{2028} \"q\"", age: i, email: i % 3 == 0 ? nil : "p\(i)@x.y", tags: ["t\(i)"],
                   address: Address(street: "\(i) Main/St", zip: nil, geo: [Double(i) / 7, -1e-9 * Double(i)]),
                   scores: ["s": i], friends: [])
        }
        let data = try BridgeEncoder().encode(people)
        #expect(try JSONDecoder().decode([Person].self, from: data) == people)
        let tree = try JSONValue(parsing: data)
        #expect(tree == (try BridgeEncoder().encodeToJSONValue(people)))
    }

    @Test func integerExtremesAndFloatText() throws {
        #expect(try bridgeText([Int64.min, Int64.max]) == "[-9223372036854775808,9223372036854775807]")
        #expect(try bridgeText([UInt64.max]) == "[18446744073709551615]")
        #expect(try bridgeText([0.0, -0.0, 1e16, 1e15, Double.leastNonzeroMagnitude]) == "[0,-0,1e+16,1000000000000000,5e-324]")
        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
            #expect(try bridgeText(Wrapper(value: Int128.min)) == #"{"value":-170141183460469231731687303715884105728}"#)
            #expect(try bridgeText([UInt128.max]) == "[340282366920938463463374607431768211455]")
        }
    }
}

// MARK: Fixtures

/// Records coding paths seen while encoding.
final class PathLog: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "pathLog")!
    private let lock = NSLock()
    private var lines: [String] = []
    var entries: [String] { lock.withLock { lines } }
    func add(_ label: String, _ path: [any CodingKey]) {
        let text = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "/")
        lock.withLock { lines.append("\(label): \(text)") }
    }
}

/// Reports the paths of its encoder and of every container it makes, recursively.
struct PathReporter: Encodable {
    var depth: Int
    enum Keys: String, CodingKey { case child, list, nested, value }
    /// Also encode a value through a nested container (where `JSONEncoder`'s path is incomplete).
    static let throughNestedContainers = CodingUserInfoKey(rawValue: "throughNestedContainers")!

    func encode(to encoder: any Encoder) throws {
        let log = encoder.userInfo[PathLog.key] as! PathLog
        log.add("encoder", encoder.codingPath)
        var container = encoder.container(keyedBy: Keys.self)
        log.add("keyed", container.codingPath)
        try container.encode(depth, forKey: .value)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        log.add("unkeyed", list.codingPath)
        try list.encode(1)
        var nested = list.nestedContainer(keyedBy: Keys.self)
        log.add("nested keyed", nested.codingPath)
        try nested.encode(true, forKey: .value)
        var deeper = nested.nestedContainer(keyedBy: Keys.self, forKey: .nested)
        log.add("deeper keyed", deeper.codingPath)
        try deeper.encode("x", forKey: .value)
        let superEncoder = container.superEncoder()
        log.add("super", superEncoder.codingPath)
        var superValue = superEncoder.singleValueContainer()
        log.add("super single", superValue.codingPath)
        try superValue.encode(0)
        if depth > 0 {
            try container.encode(PathReporter(depth: depth - 1), forKey: .child)
        }
        if depth > 0, encoder.userInfo[PathReporter.throughNestedContainers] != nil {
            try list.encode(PathReporter(depth: 0))
        }
    }
}

struct CamelHolder: Encodable {
    struct Inner: Encodable {
        func encode(to encoder: any Encoder) throws {
            (encoder.userInfo[PathLog.key] as! PathLog).add("encoder", encoder.codingPath)
            var container = encoder.singleValueContainer()
            try container.encode(1)
        }
    }
    var innerValue = Inner()
}

/// Catches a failing element and a failing member and carries on.
struct Recovering: Encodable {
    struct Failing: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode("partial", forKey: AnyCodingKey("written"))
            try container.encode(Double.nan, forKey: AnyCodingKey("fails"))
        }
    }
    enum Keys: String, CodingKey { case list, broken, kept }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(1)
        try? list.encode(Failing())
        try list.encode(3)
        try? container.encode(Failing(), forKey: .broken)
        try container.encode(true, forKey: .kept)
    }
}

/// Writes a `JSONValue` object, then more members into the same encoder.
struct AfterJSONValue: Encodable {
    func encode(to encoder: any Encoder) throws {
        try (["x": 1] as JSONValue).encode(to: encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(2, forKey: AnyCodingKey("y"))
    }
}

/// A mapped model with a hook, used from many tasks at once.
struct EncConcurrent: MappableCodable {
    var a = 1
    var b = "b"
    static var keyMapping: KeyMapping { ["a": "x.a", "b": "x.b"] }
    func didEncode(into json: inout JSONObject) throws { json["seen"] = true }
}

/// Writes a `JSONValue` object under a key, then a nested container under the same key.
struct NestedAfterJSONValue: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(["x": 1] as JSONValue, forKey: AnyCodingKey("a"))
        var nested = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("a"))
        try nested.encode(2, forKey: AnyCodingKey("y"))
    }
}

struct TwiceEncoded: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(1)
        try container.encode(2)
    }
}
