import Dispatch
import Foundation
import Testing
@testable import CodableBridge

// Concurrent first use of model types: the per-type caches (ModelMeta, hook probes, key
// verification, EncodingKeyMap) are filled while many decodes and encodes run at once. Every test
// uses types no other test touches, so each decode really is a first use: `YYFresh<Tag>` is
// instantiated with a distinct tag per index — `YYBit1<YYBit0<YYBit1<…<End>>>>` spells the index
// in binary — so each has its own ObjectIdentifier and its own keys (`"v37"`, `"meta.l37"`), and a
// cache that mixed two types up would decode the wrong key.
//
// Run under the thread sanitizer:
//   swift test --sanitize=thread --scratch-path .build-tsan --filter MappingConcurrencyTests
//
// Known report (open): TreeBuilder.makeArray (JSON/JSONTape+Tree.swift) builds an empty array with
// `[JSONValue](unsafeUninitializedCapacity: 0)`, which makes the standard library write a count of
// 0 into the shared `_swiftEmptyArrayStorage`; TSan flags concurrent hook trees holding `[]` (the
// encode-first test). `guard count > 0 else { return [] }` there removes it.

/// A type-level number.
protocol YYTag: SendableMetatype {
    static var index: Int { get }
}

/// Ends of the binary spelling; one per test, so that no two tests share a type.
enum YYTagEndDistinct: YYTag { static var index: Int { 0 } }
enum YYTagEndShared: YYTag { static var index: Int { 0 } }
enum YYTagEndEncodeFirst: YYTag { static var index: Int { 0 } }
enum YYTagEndBad: YYTag { static var index: Int { 0 } }
enum YYTagEndThreads: YYTag { static var index: Int { 0 } }

enum YYBit0<Next: YYTag>: YYTag { static var index: Int { Next.index * 2 } }
enum YYBit1<Next: YYTag>: YYTag { static var index: Int { Next.index * 2 + 1 } }

/// The tag type spelling `index` in `bits` binary digits after `end`.
func yyTag(_ index: Int, bits: Int = 10, end: any YYTag.Type) -> any YYTag.Type {
    func zero<T: YYTag>(_: T.Type) -> any YYTag.Type { YYBit0<T>.self }
    func one<T: YYTag>(_: T.Type) -> any YYTag.Type { YYBit1<T>.self }
    var tag = end
    for bit in stride(from: bits - 1, through: 0, by: -1) {
        tag = (index >> bit) & 1 == 1 ? one(tag) : zero(tag)
    }
    return tag
}

/// A model with every table and hook, its keys derived from its tag.
struct YYFresh<Tag: YYTag>: MappableCodable, Equatable {
    var value: Int
    var label: String?
    var child: YYFreshChild<Tag>?
    var children: [YYFreshChild<Tag>] = []
    var scratch: String = ""

    static var keyMapping: KeyMapping {
        ["value": ["v\(Tag.index)", "value"], "label": "meta.l\(Tag.index)"]
    }

    static var ignoredProperties: Set<String> { ["scratch"] }

    static func willDecode(_ json: JSONValue) throws -> JSONValue {
        guard case .object(var object) = json else { return json }
        object.removeValue(forKey: "tag")
        return .object(object)
    }

    mutating func didDecode(from json: JSONValue) throws {
        if value < 0 { throw YYFreshError.negative }
    }

    func didEncode(into json: inout JSONObject) throws {
        json["tag"] = .number(JSONNumber(Tag.index))
    }
}

struct YYFreshChild<Tag: YYTag>: MappableCodable, Equatable {
    var x: Int

    static var keyMapping: KeyMapping { ["x": "x\(Tag.index)"] }

    mutating func didDecode(from json: JSONValue) throws {
        if x < 0 { throw YYFreshError.negative }
    }
}

/// Its table is invalid: the error must name this very type.
struct YYFreshBad<Tag: YYTag>: MappableCodable {
    var value: Int?
    static var keyMapping: KeyMapping { ["value": "v\(Tag.index)..x"] }
}

enum YYFreshError: Error { case negative }

/// Failure messages collected from many threads.
final class YYFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    var all: [String] { lock.withLock { messages } }
}

@Suite("Concurrent first use of model types")
struct MappingConcurrencyTests {
    /// The document `YYFresh<Tag>` with `Tag.index == i` decodes from; its child list holds one
    /// rejected element.
    static func json(_ i: Int) -> Data {
        Data(#"{"v\#(i)": \#(i), "meta": {"l\#(i)": "L\#(i)"}, "child": {"x\#(i)": \#(i)}, "children": [{"x\#(i)": 1}, {"x\#(i)": -1}], "scratch": "no", "tag": -1}"#.utf8)
    }

    /// Decodes, checks, encodes and checks `YYFresh<T>`; returns a description of what went wrong.
    static func exerciseTyped<T: YYTag>(_ tag: T.Type) -> String? {
        let i = T.index
        do {
            var report = DecodingReport()
            let value = try BridgeDecoder().decode(YYFresh<T>.self, from: json(i), report: &report)
            let expected = YYFresh<T>(value: i, label: "L\(i)", child: YYFreshChild(x: i), children: [YYFreshChild(x: 1)])
            guard value == expected else { return "\(i): decoded \(value)" }
            // The rejected child (rejected, dropped) and the ignored property (absent → default).
            let events = report.events.map { "\($0.path) \($0.kind)" }
            guard events == ["children[1] rejected", "children[1] dropped", "scratch defaulted"] else { return "\(i): report \(events)" }
            let encoded = try BridgeEncoder().encodeToJSONValue(value)
            let object: JSONValue = ["v\(i)": .number(JSONNumber(i)), "meta": ["l\(i)": .string("L\(i)")],
                                     "child": ["x\(i)": .number(JSONNumber(i))], "children": [["x\(i)": 1]],
                                     "tag": .number(JSONNumber(i))]
            guard encoded == object else { return "\(i): encoded \(encoded)" }
            return nil
        } catch {
            return "\(i): \(error)"
        }
    }

    static func exercise(_ tag: any YYTag.Type) -> String? {
        exerciseTyped(tag)
    }

    /// Encodes first (the encoder fills the caches), then decodes.
    static func exerciseEncodeFirstTyped<T: YYTag>(_ tag: T.Type) -> String? {
        let i = T.index
        do {
            let value = YYFresh<T>(value: i, label: "L\(i)", child: YYFreshChild(x: i), children: [], scratch: "kept out")
            let data = try BridgeEncoder().encode(value)
            var back = try BridgeDecoder().decode(YYFresh<T>.self, from: data)
            back.scratch = "kept out"
            return back == value ? nil : "\(i): \(String(decoding: data, as: UTF8.self))"
        } catch {
            return "\(i): \(error)"
        }
    }

    static func exerciseEncodeFirst(_ tag: any YYTag.Type) -> String? {
        exerciseEncodeFirstTyped(tag)
    }

    @Test("1 000 concurrent first-time decodes and encodes of 1 000 distinct fresh types")
    func distinctFreshTypes() async {
        let tags = (0 ..< 1000).map { yyTag($0, end: YYTagEndDistinct.self) }
        #expect(Set(tags.map { ObjectIdentifier($0) }).count == 1000)
        let failures = await withTaskGroup(of: String?.self) { group in
            for tag in tags {
                group.addTask { Self.exercise(tag) }
            }
            var failures: [String] = []
            for await failure in group {
                if let failure { failures.append(failure) }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2).map { $0.prefix(300) })")
    }

    @Test("1 000 tasks race on the first use of the same 250 fresh types")
    func sharedFreshTypes() async {
        let tags = (0 ..< 250).map { yyTag($0, bits: 8, end: YYTagEndShared.self) }
        let failures = await withTaskGroup(of: String?.self) { group in
            for _ in 0 ..< 4 {
                for tag in tags {
                    group.addTask { Self.exercise(tag) }
                }
            }
            var failures: [String] = []
            for await failure in group {
                if let failure { failures.append(failure) }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2).map { $0.prefix(300) })")
    }

    @Test("first use by the encoder, racing with decodes of the same types")
    func encodeFirst() async {
        let tags = (0 ..< 500).map { yyTag($0, bits: 9, end: YYTagEndEncodeFirst.self) }
        let failures = await withTaskGroup(of: String?.self) { group in
            for tag in tags {
                group.addTask { Self.exerciseEncodeFirst(tag) }
                group.addTask { Self.exercise(tag) }
            }
            var failures: [String] = []
            for await failure in group {
                if let failure { failures.append(failure) }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2).map { $0.prefix(300) })")
    }

    @Test("invalid tables of fresh types fail concurrently, each naming its own type, on every use")
    func badTables() async {
        let tags = (0 ..< 200).map { yyTag($0, bits: 8, end: YYTagEndBad.self) }
        func attemptTyped<T: YYTag>(_: T.Type) -> String? {
            let typeName = String(reflecting: YYFreshBad<T>.self)
            do {
                _ = try BridgeDecoder().decode(YYFreshBad<T>.self, from: "{}")
                return "\(T.index): decoded"
            } catch let DecodingError.dataCorrupted(context) {
                guard let error = context.underlyingError as? MappingTableError, error.typeName == typeName,
                      error.entry == #"keyMapping["value"] = "v\#(T.index)..x""# else { return "\(T.index): \(context)" }
            } catch {
                return "\(T.index): \(error)"
            }
            do {
                _ = try BridgeEncoder().encode(YYFreshBad<T>(value: 1))
                return "\(T.index): encoded"
            } catch let EncodingError.invalidValue(_, context) {
                return (context.underlyingError as? MappingTableError)?.typeName == typeName ? nil : "\(T.index): \(context)"
            } catch {
                return "\(T.index): \(error)"
            }
        }
        func attempt(_ tag: any YYTag.Type) -> String? { attemptTyped(tag) }
        let failures = await withTaskGroup(of: String?.self) { group in
            for _ in 0 ..< 2 {
                for tag in tags {
                    group.addTask { attempt(tag) }
                }
            }
            var failures: [String] = []
            for await failure in group {
                if let failure { failures.append(failure) }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count) failures, e.g. \(failures.prefix(2).map { $0.prefix(300) })")
    }

    @Test("first use from plain threads (concurrentPerform), outside Swift concurrency")
    func threads() {
        let tags = (0 ..< 256).map { yyTag($0, bits: 8, end: YYTagEndThreads.self) }
        let failures = YYFailures()
        DispatchQueue.concurrentPerform(iterations: 1024) { iteration in
            if let failure = Self.exercise(tags[iteration % tags.count]) {
                failures.append(failure)
            }
        }
        let found = failures.all
        #expect(found.isEmpty, "\(found.count) failures, e.g. \(found.prefix(2).map { $0.prefix(300) })")
    }
}
