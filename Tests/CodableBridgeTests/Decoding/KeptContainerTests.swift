import Foundation
import Testing
@testable import CodableBridge

// A container kept past its level (each container owns its `CodingPathNode`): a model that keeps
// its keyed or unkeyed container and reads from it later, after its `init(from:)` or after the
// whole decode. Its coding path, and the paths of the errors it throws, must be those of the
// value it reads, as with `JSONDecoder`, not the decoder's path at the moment it is used. Each
// case runs through both decoders (strict, so the errors are `JSONDecoder`'s) and states the
// expected path.

/// Spells a coding path: keys by name, indices as `[n]`.
private func spelled(_ path: [any CodingKey]) -> [String] {
    path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
}

/// The coding path of a `DecodingError`, spelt; `nil` for another error.
private func errorPath(_ error: any Error) -> [String]? {
    switch error as? DecodingError {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
         .dataCorrupted(let context):
        spelled(context.codingPath)
    default: nil
    }
}

/// The error path of `body`'s error (`["no error"]` when it does not throw).
private func thrownPath(_ body: () throws -> Void) -> [String] {
    do {
        try body()
        return ["no error"]
    } catch {
        return errorPath(error) ?? ["not a DecodingError: \(error)"]
    }
}

enum KeptKeys: String, CodingKey { case n, s, inner, list, child, sub, objs, absent }

/// Keeps its container; everything it reports is read after the decode.
private struct Keeper: Decodable, @unchecked Sendable {
    let container: KeyedDecodingContainer<KeptKeys>
    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: KeptKeys.self)
    }
}

/// Keeps its container when its `n` is 1, and lets it go otherwise.
private struct MaybeKeeper: Decodable, @unchecked Sendable {
    let container: KeyedDecodingContainer<KeptKeys>?
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: KeptKeys.self)
        self.container = try container.decode(Int.self, forKey: .n) == 1 ? container : nil
    }
}

/// Keeps a container nested in its own.
private struct NestedKeeper: Decodable, @unchecked Sendable {
    let nested: KeyedDecodingContainer<KeptKeys>
    init(from decoder: any Decoder) throws {
        nested = try decoder.container(keyedBy: KeptKeys.self).nestedContainer(keyedBy: KeptKeys.self, forKey: .inner)
    }
}

private struct Child: Decodable { let n: Int }

/// Keeps its unkeyed container (the value is an array) without reading it.
private struct ListKeeper: Decodable, @unchecked Sendable {
    let list: any UnkeyedDecodingContainer
    init(from decoder: any Decoder) throws {
        list = try decoder.unkeyedContainer()
    }
}

/// Keeps its unkeyed container after reading the first element.
private struct AdvancedListKeeper: Decodable, @unchecked Sendable {
    let list: any UnkeyedDecodingContainer
    let first: String
    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        first = try list.decode(String.self)
        self.list = list
    }
}

/// Reads its child's kept unkeyed container inside its own `init(from:)`.
private struct ListParent: Decodable {
    enum CodingKeys: String, CodingKey { case first, second }
    let keptPath: [String]
    let keptErrorPath: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let first = try container.decode(ListKeeper.self, forKey: .first)
        _ = try container.decode(ListKeeper.self, forKey: .second)
        keptPath = spelled(first.list.codingPath)
        var list = first.list
        keptErrorPath = thrownPath { _ = try list.decode(Int.self) }
    }
}

/// Reads the container one of its children kept (the first, else the second: then the first
/// child's container, handed out again) inside its own `init(from:)`, after the child's level
/// ended, while the decoder is at this model's level.
private struct Parent: Decodable {
    enum CodingKeys: String, CodingKey { case first, second }
    let keptPath: [String]
    let keptErrorPath: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let first = try container.decode(MaybeKeeper.self, forKey: .first)
        let second = try container.decode(MaybeKeeper.self, forKey: .second)
        guard let kept = first.container ?? second.container else {
            throw DecodingError.dataCorruptedError(forKey: .first, in: container, debugDescription: "no child kept its container")
        }
        keptPath = spelled(kept.codingPath)
        keptErrorPath = thrownPath { _ = try kept.decode(Int.self, forKey: .s) }
    }
}

private struct ItemsOf<T: Decodable>: Decodable {
    let items: [T]
}

/// A payload whose second item is the one the cases read: `s` is a string, `inner.s` too,
/// `list` holds a string, `child.n` is a string, and so is `objs[0].n`.
private let payload = Data(#"""
{"items": [
  {"n": 0, "s": "zero"},
  {"n": 1, "s": "one", "inner": {"n": 10, "s": "ten"}, "list": ["x"], "child": {"n": "bad"}, "sub": {"n": 2},
   "objs": [{"n": "bad"}]}
]}
"""#.utf8)

private var strict: BridgeDecoder {
    var decoder = BridgeDecoder()
    decoder.coercion = .strict
    decoder.missingValueStrategy = .throw
    return decoder
}

/// A case: what to read from the second item's kept container, and the path it must give.
struct KeptCase: CustomTestStringConvertible, Sendable {
    let name: String
    let expected: [String]
    let read: @Sendable (KeyedDecodingContainer<KeptKeys>) -> [String]
    var testDescription: String { name }
}

let keptCases: [KeptCase] = [
    KeptCase(name: "codingPath", expected: ["items", "[1]"]) { spelled($0.codingPath) },
    KeptCase(name: "a scalar's type mismatch", expected: ["items", "[1]", "s"]) { container in
        thrownPath { _ = try container.decode(Int.self, forKey: .s) }
    },
    KeptCase(name: "a missing key", expected: ["items", "[1]"]) { container in
        thrownPath { _ = try container.decode(Int.self, forKey: .absent) }
    },
    KeptCase(name: "a nested container of a number", expected: ["items", "[1]", "n"]) { container in
        thrownPath { _ = try container.nestedContainer(keyedBy: KeptKeys.self, forKey: .n) }
    },
    KeptCase(name: "a nested model's error", expected: ["items", "[1]", "child", "n"]) { container in
        thrownPath { _ = try container.decode(Child.self, forKey: .child) }
    },
    KeptCase(name: "a nested container's path", expected: ["items", "[1]", "inner"]) { container in
        (try? spelled(container.nestedContainer(keyedBy: KeptKeys.self, forKey: .inner).codingPath)) ?? ["threw"]
    },
    KeptCase(name: "a nested container's error", expected: ["items", "[1]", "inner", "s"]) { container in
        thrownPath { _ = try container.nestedContainer(keyedBy: KeptKeys.self, forKey: .inner).decode(Int.self, forKey: .s) }
    },
    KeptCase(name: "a nested unkeyed container's path", expected: ["items", "[1]", "list"]) { container in
        (try? spelled(container.nestedUnkeyedContainer(forKey: .list).codingPath)) ?? ["threw"]
    },
    KeptCase(name: "a nested unkeyed container's error", expected: ["items", "[1]", "list", "[0]"]) { container in
        thrownPath {
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            _ = try list.decode(Int.self)
        }
    },
    KeptCase(name: "a super decoder's path", expected: ["items", "[1]", "sub"]) { container in
        (try? spelled(container.superDecoder(forKey: .sub).codingPath)) ?? ["threw"]
    },
    KeptCase(name: "a model in a nested unkeyed container", expected: ["items", "[1]", "objs", "[0]", "n"]) { container in
        thrownPath {
            var objects = try container.nestedUnkeyedContainer(forKey: .objs)
            _ = try objects.decode(Child.self)
        }
    },
    KeptCase(name: "a keyed container in a nested unkeyed container", expected: ["items", "[1]", "objs", "[0]"]) { container in
        guard var objects = try? container.nestedUnkeyedContainer(forKey: .objs),
              let object = try? objects.nestedContainer(keyedBy: KeptKeys.self) else { return ["threw"] }
        return spelled(object.codingPath)
    },
    KeptCase(name: "that keyed container's error", expected: ["items", "[1]", "objs", "[0]", "n"]) { container in
        thrownPath {
            var objects = try container.nestedUnkeyedContainer(forKey: .objs)
            _ = try objects.nestedContainer(keyedBy: KeptKeys.self).decode(Int.self, forKey: .n)
        }
    },
]

@Suite("Containers kept past their level")
struct KeptContainerTests {
    @Test("a kept container gives its own object's path after the decode", arguments: keptCases)
    func afterTheDecode(_ keptCase: KeptCase) throws {
        let bridge = try strict.decode(ItemsOf<Keeper>.self, from: payload)
        let foundation = try JSONDecoder().decode(ItemsOf<Keeper>.self, from: payload)
        #expect(keptCase.read(bridge.items[1].container) == keptCase.expected)
        #expect(keptCase.read(foundation.items[1].container) == keptCase.expected)
    }

    @Test("a kept container still reads its own values")
    func values() throws {
        let decoded = try BridgeDecoder().decode(ItemsOf<Keeper>.self, from: payload)
        #expect(try decoded.items.map { try $0.container.decode(Int.self, forKey: .n) } == [0, 1])
        #expect(try decoded.items[1].container.decode(Keeper.self, forKey: .inner).container.decode(String.self, forKey: .s) == "ten")
    }

    @Test("a kept nested container gives its own path")
    func keptNestedContainer() throws {
        let json = Data(#"{"items": [{"inner": {"s": "a"}}, {"inner": {"s": "b"}}]}"#.utf8)
        for decoded in try [strict.decode(ItemsOf<NestedKeeper>.self, from: json).items,
                            JSONDecoder().decode(ItemsOf<NestedKeeper>.self, from: json).items]
        {
            #expect(spelled(decoded[1].nested.codingPath) == ["items", "[1]", "inner"])
            #expect(thrownPath { _ = try decoded[1].nested.decode(Int.self, forKey: .s) } == ["items", "[1]", "inner", "s"])
            #expect(try decoded[0].nested.decode(String.self, forKey: .s) == "a")
        }
    }

    @Test("a parent reading its child's kept container during the decode")
    func duringTheDecode() throws {
        let json = Data(#"{"wrapped": {"first": {"n": 1, "s": "one"}, "second": {"n": 0, "s": "two"}}}"#.utf8)
        struct Outer: Decodable { let wrapped: Parent }
        for parent in try [strict.decode(Outer.self, from: json).wrapped, JSONDecoder().decode(Outer.self, from: json).wrapped] {
            #expect(parent.keptPath == ["wrapped", "first"])
            #expect(parent.keptErrorPath == ["wrapped", "first", "s"])
        }
    }

    @Test("a kept container under a key path")
    func underKeyPath() throws {
        let json = Data(#"{"data": {"items": [{"s": "a"}, {"s": "b"}]}}"#.utf8)
        let decoded = try strict.decode(ItemsOf<Keeper>.self, from: json, at: "data")
        #expect(spelled(decoded.items[1].container.codingPath) == ["data", "items", "[1]"])
        #expect(thrownPath { _ = try decoded.items[1].container.decode(Int.self, forKey: .s) } == ["data", "items", "[1]", "s"])
    }

    @Test("a kept container used after the decode leaves the decode's report as it was")
    func reportIsComplete() throws {
        // Reads `n` (a string: a coercion) during the decode and keeps its container.
        struct CoercingKeeper: Decodable, @unchecked Sendable {
            let container: KeyedDecodingContainer<KeptKeys>
            let n: Int
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: KeptKeys.self)
                n = try container.decode(Int.self, forKey: .n)
            }
        }
        let json = Data(#"{"items": [{"n": "1", "child": {"n": "2", "extra": true}}]}"#.utf8)
        var decoder = BridgeDecoder()
        decoder.unknownKeyStrategy = .report
        var report = DecodingReport()
        let decoded = try decoder.decode(ItemsOf<CoercingKeeper>.self, from: json, report: &report)
        let during = report.events
        #expect(during.map(\.path) == ["items[0].n", "items[0].child"])
        // The same coercion, a nested model's coercion and its unknown key, after the decode.
        let kept = decoded.items[0].container
        #expect(try kept.decode(Int.self, forKey: .n) == 1)
        #expect(try kept.decode(Child.self, forKey: .child).n == 2)
        #expect(report.events == during)
    }

    @Test("containers nobody keeps are still reused, and kept ones are not", arguments: [1, 3, 40])
    func reuseAfterKeeping(count: Int) throws {
        // Every other item keeps its container; the others' containers are handed out again.
        struct Mixed: Decodable, @unchecked Sendable {
            let kept: KeyedDecodingContainer<KeptKeys>?
            let n: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: KeptKeys.self)
                n = try container.decode(Int.self, forKey: .n)
                kept = n.isMultiple(of: 2) ? container : nil
            }
        }
        let items = (0 ..< count).map { #"{"n": \#($0), "s": "item \#($0)"}"# }
        let decoded = try strict.decode([Mixed].self, from: Data("[\(items.joined(separator: ","))]".utf8))
        #expect(decoded.map(\.n) == Array(0 ..< count))
        for (index, item) in decoded.enumerated() where index.isMultiple(of: 2) {
            // safe: even items keep their container
            let kept = item.kept!
            #expect(try kept.decode(String.self, forKey: .s) == "item \(index)")
            #expect(spelled(kept.codingPath) == ["[\(index)]"])
        }
    }

    @Test("a kept unkeyed container gives its own array's path after the decode")
    func keptUnkeyedContainer() throws {
        let json = Data(#"{"items": [["a", 1], ["b", "c"]]}"#.utf8)
        for decoded in try [strict.decode(ItemsOf<ListKeeper>.self, from: json).items,
                            JSONDecoder().decode(ItemsOf<ListKeeper>.self, from: json).items]
        {
            #expect(spelled(decoded[1].list.codingPath) == ["items", "[1]"])
            var list = decoded[1].list
            #expect(thrownPath { _ = try list.decode(Int.self) } == ["items", "[1]", "[0]"])
            var first = decoded[0].list
            #expect(try first.decode(String.self) == "a")
            #expect(try first.decode(Int.self) == 1)
            #expect(thrownPath { _ = try first.decode(Int.self) } == ["items", "[0]", "[2]"])
        }
    }

    @Test("a kept unkeyed container continues where it stopped, with its own path")
    func keptAdvancedUnkeyedContainer() throws {
        let json = Data(#"{"items": [["a", "x"], ["b", {"n": "bad"}]]}"#.utf8)
        for decoded in try [strict.decode(ItemsOf<AdvancedListKeeper>.self, from: json).items,
                            JSONDecoder().decode(ItemsOf<AdvancedListKeeper>.self, from: json).items]
        {
            #expect(decoded.map(\.first) == ["a", "b"])
            var list = decoded[1].list
            #expect(thrownPath { _ = try list.decode(Child.self) } == ["items", "[1]", "[1]", "n"])
            var nested = decoded[1].list
            #expect(thrownPath { _ = try nested.nestedContainer(keyedBy: KeptKeys.self).decode(Int.self, forKey: .n) }
                == ["items", "[1]", "[1]", "n"])
            var other = decoded[0].list
            #expect(try other.decode(String.self) == "x")
        }
    }

    @Test("a parent reading its child's kept unkeyed container during the decode")
    func unkeyedDuringTheDecode() throws {
        let json = Data(#"{"wrapped": {"first": ["one"], "second": ["two"]}}"#.utf8)
        struct Outer: Decodable { let wrapped: ListParent }
        for parent in try [strict.decode(Outer.self, from: json).wrapped, JSONDecoder().decode(Outer.self, from: json).wrapped] {
            #expect(parent.keptPath == ["wrapped", "first"])
            #expect(parent.keptErrorPath == ["wrapped", "first", "[0]"])
        }
    }

    // A container handed out again (its type's last object let it go) makes no path node when it
    // opens: the end of its level gives it one when its model kept it.
    @Test("a container handed out again and then kept gives its own path, during and after the decode")
    func reusedThenKept() throws {
        let items = Data(#"{"items": [{"n": 0}, {"n": 0}, {"n": 1, "s": "two"}, {"n": 0}]}"#.utf8)
        for decoded in try [strict.decode(ItemsOf<MaybeKeeper>.self, from: items).items,
                            JSONDecoder().decode(ItemsOf<MaybeKeeper>.self, from: items).items]
        {
            #expect(decoded.map { $0.container != nil } == [false, false, true, false])
            // safe: the third item kept its container
            let kept = decoded[2].container!
            #expect(spelled(kept.codingPath) == ["items", "[2]"])
            #expect(thrownPath { _ = try kept.decode(Int.self, forKey: .s) } == ["items", "[2]", "s"])
            #expect(try kept.decode(String.self, forKey: .s) == "two")
        }
        let pair = Data(#"{"wrapped": {"first": {"n": 0}, "second": {"n": 1, "s": "two"}}}"#.utf8)
        struct Outer: Decodable { let wrapped: Parent }
        for parent in try [strict.decode(Outer.self, from: pair).wrapped, JSONDecoder().decode(Outer.self, from: pair).wrapped] {
            #expect(parent.keptPath == ["wrapped", "second"])
            #expect(parent.keptErrorPath == ["wrapped", "second", "s"])
        }
    }

    // The container of `items[1]` is handed out again (no node yet) and kept; while it is open,
    // the model reads a container kept at a shallower level, whose call pops a level as deep as
    // `items[1]`'s: that must not lose `items[1]`'s container.
    @Test("a container handed out again keeps its path when a shallower kept container is read meanwhile")
    func reusedWhileAnotherIsRead() throws {
        let json = Data(#"{"first": {"n": 1, "child": {"n": 5}}, "items": [{"n": 0}, {"n": 0, "s": "one"}]}"#.utf8)
        for decoder in [{ (key: CodingUserInfoKey, box: SiblingBox) in var d = strict; d.userInfo[key] = box; return AnyDecoder(d) },
                        { (key: CodingUserInfoKey, box: SiblingBox) in let d = JSONDecoder(); d.userInfo[key] = box; return AnyDecoder(d) }] {
            let decoded = try decoder(SiblingBox.key, SiblingBox()).decode(SiblingRoot.self, from: json)
            #expect(decoded.items.map(\.siblingChild) == [5, 5])
            #expect(decoded.items.map { $0.container != nil } == [false, true])
            // safe: the second item kept its container
            let kept = decoded.items[1].container!
            #expect(spelled(kept.codingPath) == ["items", "[1]"])
            #expect(thrownPath { _ = try kept.decode(Int.self, forKey: .s) } == ["items", "[1]", "s"])
        }
    }
}

/// Where a `SiblingRoot` leaves the container its `first` kept, for its items to read.
private final class SiblingBox: @unchecked Sendable {
    // safe: a test-local key
    static let key = CodingUserInfoKey(rawValue: "sibling")!
    var kept: KeyedDecodingContainer<KeptKeys>?
}

private struct SiblingRoot: Decodable {
    enum CodingKeys: String, CodingKey { case first, items }
    let items: [SiblingReader]
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (decoder.userInfo[SiblingBox.key] as? SiblingBox)?.kept = try container.decode(MaybeKeeper.self, forKey: .first).container
        items = try container.decode([SiblingReader].self, forKey: .items)
    }
}

/// Reads the nested model of the container `first` kept, and keeps its own container when it
/// has an `s` (the first item does not: the second's container is the first's, handed out again).
private struct SiblingReader: Decodable, @unchecked Sendable {
    let container: KeyedDecodingContainer<KeptKeys>?
    let siblingChild: Int
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: KeptKeys.self)
        guard let kept = (decoder.userInfo[SiblingBox.key] as? SiblingBox)?.kept else {
            throw DecodingError.dataCorruptedError(forKey: .n, in: container, debugDescription: "no kept sibling")
        }
        siblingChild = try kept.decode(Child.self, forKey: .child).n
        self.container = container.contains(.s) ? container : nil
    }
}

/// `decode(_:from:)` of either decoder.
private struct AnyDecoder {
    let decode: (any Decodable.Type, Data) throws -> any Decodable
    init(_ decoder: BridgeDecoder) { decode = { try decoder.decode($0, from: $1) } }
    init(_ decoder: JSONDecoder) { decode = { try decoder.decode($0, from: $1) } }
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        // safe: `decode` returns a `T` for `T.self`
        try decode(T.self, data) as! T
    }
}
