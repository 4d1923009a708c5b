import Foundation
import Testing
@testable import CodableBridge

/// The encoder hands a keyed container out again for the next object of its key type once nobody
/// holds it (Encoding/EncoderImpl+KeyedContainer.swift): each object must still get exactly its
/// own members.
@Suite struct EncoderContainerReuseTests {
    private struct Inner: Codable, Equatable {
        var id: Int
        var tags: [String]
    }

    private struct Outer: Codable, Equatable {
        var name: String
        var first: Inner
        var second: Inner?
        var more: [Inner]
    }

    @Test("Objects of one type encoded in turn, nested and in arrays, each get their own members, as JSONEncoder writes them")
    func objectsInTurn() throws {
        let values = (0 ..< 120).map { i in
            Outer(name: "o\(i)", first: Inner(id: i, tags: ["t\(i)"]),
                  second: i % 3 == 0 ? nil : Inner(id: -i, tags: []),
                  more: (0 ..< i % 4).map { Inner(id: i * 10 + $0, tags: ["m"]) })
        }
        let sorted = { (encoder: inout BridgeEncoder) in encoder.outputFormatting = .sortedKeys }
        #expect(try bridgeText(values, sorted) == foundationText(values) { $0.outputFormatting = .sortedKeys })
        let data = try BridgeEncoder().encode(values)
        #expect(try JSONDecoder().decode([Outer].self, from: data) == values)
    }

    /// A tree whose `encode(to:)` writes its children while holding its own container, then
    /// its name: a container handed out again while held would send the name elsewhere.
    private struct Node: Encodable {
        var name: String
        var children: [Node]

        enum CodingKeys: String, CodingKey { case name, children }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(children, forKey: .children)
            try container.encode(name, forKey: .name)
        }
    }

    @Test("A container its model still holds is not handed out to the objects encoded inside it")
    func heldContainerIsNotHandedOut() throws {
        let tree = Node(name: "root", children: [
            Node(name: "a", children: [Node(name: "a1", children: []), Node(name: "a2", children: [])]),
            Node(name: "b", children: []),
        ])
        #expect(try bridgeText(tree) == #"{"children":[{"children":[{"children":[],"name":"a1"},{"children":[],"name":"a2"}],"name":"a"},{"children":[],"name":"b"}],"name":"root"}"#)
    }

    /// Where models put the containers they keep past their `encode(to:)`.
    private final class Keeper: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [KeyedEncodingContainer<Kept.CodingKeys>] = []

        func keep(_ container: KeyedEncodingContainer<Kept.CodingKeys>) {
            lock.withLock { kept.append(container) }
        }

        var containers: [KeyedEncodingContainer<Kept.CodingKeys>] { lock.withLock { kept } }

        static let key = CodingUserInfoKey(rawValue: "keeper")!
    }

    private struct Kept: Encodable {
        var value: Int

        enum CodingKeys: String, CodingKey { case value, late }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .value)
            (encoder.userInfo[Keeper.key] as? Keeper)?.keep(container)
        }
    }

    @Test("Containers models keep are never handed out again, and stay usable after the encode")
    func keptContainersStayTheirs() throws {
        let keeper = Keeper()
        var encoder = BridgeEncoder()
        encoder.userInfo[Keeper.key] = keeper
        let values = [[Kept(value: 1), Kept(value: 2)], [Kept(value: 3)]]
        #expect(try encoder.encodeToString(values) == "[[{\"value\":1},{\"value\":2}],[{\"value\":3}]]")
        #expect(keeper.containers.count == 3)
        // Writing through a kept container after its encode changes nothing already written.
        for var container in keeper.containers { try container.encode(0, forKey: .late) }
        #expect(try encoder.encodeToString(values) == "[[{\"value\":1},{\"value\":2}],[{\"value\":3}]]")
    }

    /// Two mapped models reading the same key type, each with its own mapping.
    fileprivate enum SharedKeys: String, CodingKey { case name }

    /// A model that reads and writes its one property through `SharedKeys`.
    fileprivate protocol SharedKeysModel: MappableCodable {
        var name: String { get set }
        init()
    }

    private struct Left: SharedKeysModel {
        var name = "l"
        static var keyMapping: KeyMapping { ["name": "left_name"] }
    }

    private struct Right: SharedKeysModel {
        var name = "r"
        static var keyMapping: KeyMapping { ["name": "right_name"] }
    }

    private struct Pair: Encodable {
        var left = Left()
        var right = Right()
    }

    @Test("Models of one key type with different mappings each write through their own mapping")
    func oneKeyTypeTwoMappings() throws {
        let pairs = [Pair(), Pair(), Pair()]
        let one = #"{"left":{"left_name":"l"},"right":{"right_name":"r"}}"#
        #expect(try bridgeText(pairs) == "[\(one),\(one),\(one)]")
    }

    @Test("An encode that throws part-way leaves the next encode correct")
    func afterAThrow() throws {
        struct Failing: Encodable {
            var fail: Bool
            enum CodingKeys: String, CodingKey { case fail }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(fail, forKey: .fail)
                if fail { throw EncodingError.invalidValue(fail, .init(codingPath: [], debugDescription: "refused")) }
            }
        }
        let encoder = BridgeEncoder()
        #expect(throws: EncodingError.self) { try encoder.encode([Failing(fail: false), Failing(fail: true)]) }
        #expect(try encoder.encodeToString([Failing(fail: false), Failing(fail: false)]) == #"[{"fail":false},{"fail":false}]"#)
    }
}

extension EncoderContainerReuseTests.SharedKeysModel {
    init(from decoder: any Decoder) throws {
        self.init()
        name = try decoder.container(keyedBy: EncoderContainerReuseTests.SharedKeys.self).decode(String.self, forKey: .name)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EncoderContainerReuseTests.SharedKeys.self)
        try container.encode(name, forKey: .name)
    }
}
