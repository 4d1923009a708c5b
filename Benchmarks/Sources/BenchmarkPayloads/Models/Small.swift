// A small mapped model for the "many objects" benchmarks: 10 000 of them in one array, one object
// decoded 1 000 times, and one object per decode on several threads (the suite's thread groups and
// the `threads` runner). Mapping tables are resolved once per type and cached, so the per-object
// cost of `SmallMapped` should match the hand-written `SmallHandwritten`.

import CodableBridge
import Foundation

/// Seven properties: two renames, a key path into a nested object, alternates.
package struct SmallMapped: MappableCodable, Sendable {
    package var id: Int
    package var name: String
    package var createdAt: String
    package var score: Double
    package var isActive: Bool
    package var tags: [String]
    package var ownerName: String

    package static var keyMapping: KeyMapping {
        ["id": ["id", "ID"],
         "createdAt": "created_at",
         "isActive": "is_active",
         "ownerName": "owner.name"]
    }
}

/// The same shape written by hand for `JSONDecoder`: `CodingKeys`, a nested container for
/// `owner.name`, and `id` tried before `ID`.
package struct SmallHandwritten: Decodable, Sendable {
    package var id: Int
    package var name: String
    package var createdAt: String
    package var score: Double
    package var isActive: Bool
    package var tags: [String]
    package var ownerName: String

    private enum CodingKeys: String, CodingKey {
        case id
        case upperID = "ID"
        case name
        case createdAt = "created_at"
        case score
        case isActive = "is_active"
        case tags
        case owner
    }

    private enum OwnerKeys: String, CodingKey {
        case name
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let id = try container.decodeIfPresent(Int.self, forKey: .id) {
            self.id = id
        } else {
            id = try container.decode(Int.self, forKey: .upperID)
        }
        name = try container.decode(String.self, forKey: .name)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        score = try container.decode(Double.self, forKey: .score)
        isActive = try container.decode(Bool.self, forKey: .isActive)
        tags = try container.decode([String].self, forKey: .tags)
        let owner = try container.nestedContainer(keyedBy: OwnerKeys.self, forKey: .owner)
        ownerName = try owner.decode(String.self, forKey: .name)
    }
}

/// What both small models hold, for comparing them.
package struct SmallRecord: Hashable {
    package var id: Int
    package var name: String
    package var createdAt: String
    package var score: Double
    package var isActive: Bool
    package var tags: [String]
    package var ownerName: String
}

extension SmallMapped {
    package var record: SmallRecord { SmallRecord(id: id, name: name, createdAt: createdAt, score: score, isActive: isActive, tags: tags, ownerName: ownerName) }
}

extension SmallHandwritten {
    package var record: SmallRecord { SmallRecord(id: id, name: name, createdAt: createdAt, score: score, isActive: isActive, tags: tags, ownerName: ownerName) }
}

package enum SmallPayload {
    /// One object as JSON; every tenth spells its id `"ID"` (the alternate key).
    package static func object(_ index: Int) -> String {
        let idKey = index % 10 == 9 ? "ID" : "id"
        let active = index % 3 == 0 ? "true" : "false"
        let day = index % 28 + 1
        return """
            {"\(idKey)":\(index),"name":"item \(index)","created_at":"2024-05-\(day < 10 ? "0" : "")\(day)T12:00:00Z",\
            "score":\(Double(index) * 0.25),"is_active":\(active),"tags":["swift","json","t\(index % 7)"],\
            "owner":{"name":"owner \(index % 100)","id":\(index % 100)}}
            """
    }

    /// A JSON array of `count` objects.
    package static func array(count: Int) -> Data {
        Data(("[" + (0..<count).map(object).joined(separator: ",") + "]").utf8)
    }
}
