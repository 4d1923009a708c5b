import Foundation
import Testing
@testable import CodableBridge

// A decode hands a keyed container out again once nobody holds it
// (DecoderImpl+Containers.swift). These tests hold containers in the ways a type may: kept
// past `init(from:)`, held by an enclosing model of the same type while its children decode, or
// shared by two model types with one `CodingKeys`. Each container must go on reading its own
// object, and the decode must not keep its decoder alive afterwards.

/// A model that keeps its container and reads `name` from it later.
private struct Deferred: Decodable {
    enum CodingKeys: String, CodingKey { case id, name }

    let id: Int
    let container: KeyedDecodingContainer<CodingKeys>

    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
    }

    func name() throws -> String { try container.decode(String.self, forKey: .name) }
}

/// A tree whose node reads its own name only after its children have decoded, so its container
/// is in use while containers of the same type are made below it.
private struct Tree: Decodable, Equatable {
    enum CodingKeys: String, CodingKey { case name, children }

    let children: [Tree]
    let name: String

    init(name: String, children: [Tree]) {
        self.name = name
        self.children = children
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        children = try container.decodeIfPresent([Tree].self, forKey: .children) ?? []
        name = try container.decode(String.self, forKey: .name)
    }
}

/// One coding-key type, two model types with different mappings.
private enum SharedKeys: String, CodingKey { case value }

private struct FromA: MappableCodable, Equatable {
    typealias CodingKeys = SharedKeys
    var value = 0
    static var keyMapping: KeyMapping { ["value": "a"] }
}

private struct FromB: MappableCodable, Equatable {
    typealias CodingKeys = SharedKeys
    var value = 0
    static var keyMapping: KeyMapping { ["value": ["b", "bee"]] }
}

private struct Pair: Decodable, Equatable {
    let a: FromA
    let b: FromB
}

/// Keeps its container, and records the decoder it was decoded by, weakly.
private final class WitnessedKeeper: Decodable {
    enum CodingKeys: String, CodingKey { case name }
    weak var decoder: AnyObject?
    let container: KeyedDecodingContainer<CodingKeys>

    init(from decoder: any Decoder) throws {
        self.decoder = decoder as AnyObject
        container = try decoder.container(keyedBy: CodingKeys.self)
    }

    func name() throws -> String { try container.decode(String.self, forKey: .name) }
}

/// Records the decoder it was decoded by, weakly.
private final class DecoderWitness: @unchecked Sendable {
    static let shared = DecoderWitness()
    private let lock = NSLock()
    private weak var decoder: AnyObject?

    func record(_ decoder: any Decoder) {
        lock.withLock { self.decoder = decoder as AnyObject }
    }

    var isAlive: Bool { lock.withLock { decoder != nil } }
}

private struct Witnessed: Decodable {
    struct Child: Decodable { let v: Int }
    let children: [Child]

    init(from decoder: any Decoder) throws {
        DecoderWitness.shared.record(decoder)
        children = try decoder.container(keyedBy: AnyCodingKey.self).decode([Child].self, forKey: AnyCodingKey("children"))
    }
}

@Suite("Keyed containers reused within a decode")
struct ContainerReuseTests {
    @Test("a container kept past init(from:) goes on reading its own object", arguments: [1, 2, 40])
    func keptContainers(count: Int) throws {
        let items = (0 ..< count).map { #"{"id":\#($0),"name":"item \#($0)"}"# }
        let data = Data("[\(items.joined(separator: ","))]".utf8)
        let decoded = try BridgeDecoder().decode([Deferred].self, from: data)
        #expect(decoded.map(\.id) == Array(0 ..< count))
        #expect(try decoded.map { try $0.name() } == (0 ..< count).map { "item \($0)" })
    }

    @Test("a model's container in use while its children of the same type decode")
    func nestedModelsOfOneType() throws {
        let json = #"""
        {"name": "root", "children": [
          {"name": "a", "children": [{"name": "a1"}, {"name": "a2", "children": [{"name": "a2x"}]}]},
          {"name": "b"},
          {"name": "c", "children": [{"name": "c1"}]}
        ]}
        """#
        let expected = Tree(name: "root", children: [
            Tree(name: "a", children: [Tree(name: "a1", children: []),
                                       Tree(name: "a2", children: [Tree(name: "a2x", children: [])])]),
            Tree(name: "b", children: []),
            Tree(name: "c", children: [Tree(name: "c1", children: [])]),
        ])
        #expect(try BridgeDecoder().decode(Tree.self, from: Data(json.utf8)) == expected)
        #expect(try JSONDecoder().decode(Tree.self, from: Data(json.utf8)) == expected)
    }

    @Test("two model types sharing one CodingKeys each read through their own mapping")
    func sharedCodingKeys() throws {
        let json = #"[{"a": {"a": 1}, "b": {"bee": 2}}, {"a": {"a": 3}, "b": {"b": 4}}, {"a": {"b": 9}, "b": {"a": 9}}]"#
        let decoded = try BridgeDecoder().decode([Pair].self, from: Data(json.utf8))
        #expect(decoded == [Pair(a: FromA(value: 1), b: FromB(value: 2)),
                            Pair(a: FromA(value: 3), b: FromB(value: 4)),
                            Pair(a: FromA(value: 0), b: FromB(value: 0))])
    }

    @Test("the decoder is released when the decode ends, kept containers or not")
    func decoderIsReleased() throws {
        let json = Data(#"{"children": [{"v": 1}, {"v": 2}, {"v": 3}]}"#.utf8)
        let decoded = try BridgeDecoder().decode(Witnessed.self, from: json)
        #expect(decoded.children.map(\.v) == [1, 2, 3])
        #expect(!DecoderWitness.shared.isAlive)
        // A container kept past the decode keeps its decoder, and reads its own object.
        let kept = try BridgeDecoder().decode([Deferred].self, from: Data(#"[{"id": 1, "name": "one"}]"#.utf8))
        #expect(try kept[0].name() == "one")
    }

    // A kept container's box refers to it unowned: what keeps it (and its decoder) alive after
    // the decode is the list of kept containers, which lets it go once the model has.
    @Test("a kept container outlives its decode, and goes once the model lets it go", arguments: [false, true])
    func keptContainerLifetime(nested: Bool) throws {
        let json = Data((nested ? #"[{"name": "first"}, {"name": "second"}]"# : #"{"name": "first"}"#).utf8)
        func decode() throws -> WitnessedKeeper {
            nested ? try BridgeDecoder().decode([WitnessedKeeper].self, from: json)[0] : try BridgeDecoder().decode(WitnessedKeeper.self, from: json)
        }
        var kept: WitnessedKeeper? = try decode()
        weak let decoder = kept?.decoder
        #expect(decoder != nil)
        // Other decodes (of other types) must not disturb it.
        _ = try BridgeDecoder().decode([Tree].self, from: Data(#"[{"name": "x", "children": [{"name": "y"}]}]"#.utf8))
        #expect(try kept?.name() == "first")
        kept = nil
        // The next decode whose model keeps a container sweeps the list.
        let next = try decode()
        #expect(try next.name() == "first")
        #expect(decoder == nil)
    }
}
