// Strict `Codable` mirror of citm_catalog.json (a ticketing catalogue: events, performances,
// prices, seat categories). Many small integer-heavy objects; the name tables are objects keyed by
// numeric strings, hence `[String: …]`. Keys are already camelCase, so no `CodingKeys`.

package struct CitmCatalog: Codable, Hashable, Sendable {
    package var areaNames: [String: String]
    package var audienceSubCategoryNames: [String: String]
    package var blockNames: [String: String]
    package var events: [String: Event]
    package var performances: [Performance]
    package var seatCategoryNames: [String: String]
    package var subTopicNames: [String: String]
    package var subjectNames: [String: String]
    package var topicNames: [String: String]
    package var topicSubTopics: [String: [Int]]
    package var venueNames: [String: String]
}

extension CitmCatalog {
    package struct Event: Codable, Hashable, Sendable {
        package var description: String?
        package var id: Int
        package var logo: String?
        package var name: String
        package var subTopicIds: [Int]
        package var subjectCode: String?
        package var subtitle: String?
        package var topicIds: [Int]
    }

    package struct Performance: Codable, Hashable, Sendable {
        package var eventId: Int
        package var id: Int
        package var logo: String?
        package var name: String?
        package var prices: [Price]
        package var seatCategories: [SeatCategory]
        package var seatMapImage: String?
        package var start: Int64
        package var venueCode: String
    }

    package struct Price: Codable, Hashable, Sendable {
        package var amount: Int
        package var audienceSubCategoryId: Int
        package var seatCategoryId: Int
    }

    package struct SeatCategory: Codable, Hashable, Sendable {
        package var areas: [Area]
        package var seatCategoryId: Int
    }

    package struct Area: Codable, Hashable, Sendable {
        package var areaId: Int
        package var blockIds: [Int]
    }
}
