import Foundation
import Testing
@testable import CodableBridge

// A model that keeps a container and reads it after its `init(from:)`, decoded from a partial
// document: what it reads later must be the text of its own snapshot, never memory the document
// has since released or reused.

private enum Keys: String, CodingKey { case id, name, tags }

/// Keeps its keyed container; reads `name` later.
private struct KeepsContainer: Decodable, @unchecked Sendable {
    let id: Int
    let container: KeyedDecodingContainer<Keys>
    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: Keys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id) ?? -1
    }

    func name() -> String? { try? container.decodeIfPresent(String.self, forKey: .name) }
}

/// Reads in its `init(from:)` what the others read later.
private struct Eager: Decodable {
    let name: String?
    let tags: [String]?
}

/// Keeps the unkeyed container of its `tags`; reads them later.
private struct KeepsList: Decodable, @unchecked Sendable {
    let list: (any UnkeyedDecodingContainer)?
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        list = container.contains(.tags) ? try container.nestedUnkeyedContainer(forKey: .tags) : nil
    }

    func tags() -> [String]? {
        guard var list else { return nil }
        var tags: [String] = []
        while !list.isAtEnd, let tag = try? list.decode(String.self) { tags.append(tag) }
        return tags
    }
}

@Suite("Partial documents: containers kept past the decode")
struct PartialKeptContainerTests {
    static let text = #"[{"id": 1, "name": "first", "tags": ["a"]}, {"id": 2, "name": "second", "tags": ["b", "c"]}]"#

    @Test func decodePartialKeptContainersReadTheirOwnText() throws {
        let bytes = Array(Self.text.utf8)
        for end in stride(from: 1, through: bytes.count, by: 5) {
            var report = DecodingReport()
            let items = try BridgeDecoder().decodePartial([KeepsContainer].self, from: Data(bytes[..<end]), report: &report)
            let lists = try BridgeDecoder().decodePartial([KeepsList].self, from: Data(bytes[..<end]), report: &report)
            let expected = try BridgeDecoder().decodePartial([Eager].self, from: Data(bytes[..<end]), report: &report)
            #expect(items.map { $0.name() } == expected.map(\.name))
            #expect(lists.map { $0.tags() } == expected.map(\.tags))
        }
    }

    @Test(arguments: [1, 4, 16])
    func snapshotsKeepTheirOwnText(piece: Int) throws {
        // Eager's snapshots come at the same pieces as the others' (the same text, the same shapes).
        let bytes = Array(Self.text.utf8)
        var kept: [(snapshot: [KeepsContainer], names: [String?])] = []
        var keptLists: [(snapshot: [KeepsList], tags: [[String]?])] = []
        do {
            let document = BridgeDecoder().partialDocument(of: [KeepsContainer].self)
            let listDocument = BridgeDecoder().partialDocument(of: [KeepsList].self)
            var start = 0
            let eagerDocument = BridgeDecoder().partialDocument(of: [Eager].self)
            while start < bytes.count {
                let end = min(bytes.count, start + piece)
                let eager = try eagerDocument.append(bytes[start ..< end])
                if let snapshot = try document.append(bytes[start ..< end]) {
                    kept.append((snapshot, snapshot.map { $0.name() }))
                    #expect(kept.last?.names == eager?.map(\.name))
                }
                if let snapshot = try listDocument.append(bytes[start ..< end]) {
                    keptLists.append((snapshot, snapshot.map { $0.tags() }))
                    #expect(keptLists.last?.tags == eager?.map(\.tags))
                }
                start = end
            }
            let last = try document.finish()
            kept.append((last, last.map { $0.name() }))
        }
        // The documents are gone: every snapshot still reads what it read when it was made.
        for (snapshot, names) in kept { #expect(snapshot.map { $0.name() } == names) }
        for (snapshot, tags) in keptLists { #expect(snapshot.map { $0.tags() } == tags) }
        #expect(kept.last?.names == ["first", "second"])
    }
}
