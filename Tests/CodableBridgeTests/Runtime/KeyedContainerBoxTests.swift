import Foundation
import Testing
@testable import CodableBridge

/// `KeyedContainerBox` (Runtime/KeyedContainerBox.swift): the standard library's box inside a
/// keyed container, which lets a decode or an encode hand a container out again.
@Suite("KeyedContainerBox")
struct KeyedContainerBoxTests {
    private enum Keys: String, CodingKey { case name }
    private struct Model: Decodable, Equatable {
        let name: String
    }

    /// A decoder's keyed container, and the box `KeyedContainerBox` finds in it.
    private struct Probe: Decodable {
        let box: AnyObject?
        let container: KeyedDecodingContainer<Keys>
        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Keys.self)
            box = KeyedContainerBox.isOneBox(KeyedDecodingContainer<Keys>.self) ? KeyedContainerBox.box(of: container) : nil
        }
    }

    #if !CODABLEBRIDGE_PORTABLE
    @Test("Its self-checks pass on this toolchain, for decoding and encoding containers (a toolchain that changes the layout fails here)")
    func selfCheckPasses() {
        #expect(KeyedContainerBox.layoutHolds)
        #expect(KeyedContainerBox.encodingLayoutHolds)
    }

    @Test("A container comes back from its box as the same container")
    func roundTrip() throws {
        let probe = try BridgeDecoder().decode(Probe.self, from: Data(#"{"name":"x"}"#.utf8))
        let box = try #require(probe.box)
        let back = KeyedContainerBox.container(ofBox: box, as: Keys.self)
        #expect(try back.decode(String.self, forKey: .name) == "x")
        #expect(back.allKeys.map(\.stringValue) == probe.container.allKeys.map(\.stringValue))
    }

    /// `KeyedContainerBox.container(ofBox:as:)` where the key type is a generic parameter, as in
    /// the decoder's `container(keyedBy:)`.
    @inline(never)
    private func containerThroughGeneric<Key: CodingKey>(ofBox box: AnyObject, as type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedContainerBox.container(ofBox: box, as: type)
    }

    @Test("A container made again from its box in a generic function holds its box once: it decodes, and the box goes with its last holder")
    func containerFromBoxKeepsCount() throws {
        weak var weakBox: AnyObject?
        do {
            let probe = try BridgeDecoder().decode(Probe.self, from: Data(#"{"name":"x"}"#.utf8))
            let box = try #require(probe.box)
            weakBox = box
            var decoded: [String] = []
            for _ in 0 ..< 1_000 {
                let back = containerThroughGeneric(ofBox: box, as: Keys.self)
                decoded.append(try back.decode(String.self, forKey: .name))
            }
            #expect(decoded == Array(repeating: "x", count: 1_000))
            #expect(weakBox != nil)
        }
        #expect(weakBox == nil, "a container made from its box retained the box more than once")
    }
    #else
    @Test("Portable mode: no box, so no container is kept")
    func noBoxInPortableMode() throws {
        let probe = try BridgeDecoder().decode(Probe.self, from: Data(#"{"name":"x"}"#.utf8))
        #expect(probe.box == nil)
    }
    #endif

    @Test("Decoding many objects of one type gives each its own values, reused containers or not")
    func manyObjects() throws {
        let json = "[" + (0 ..< 50).map { #"{"name":"n\#($0)"}"# }.joined(separator: ",") + "]"
        let decoded = try BridgeDecoder().decode([[Model]].self, from: Data("[\(json),\(json)]".utf8))
        #expect(decoded.flatMap { $0 } == ((0 ..< 50).map { Model(name: "n\($0)") } + (0 ..< 50).map { Model(name: "n\($0)") }))
    }
}
