// Strict `Codable` mirror of citm_catalog.json (a ticketing catalogue: events, performances,
// prices, seat categories). Many small integer-heavy objects; the name tables are objects keyed by
// numeric strings, hence `[String: …]`. Keys are already camelCase, so no `CodingKeys`.

struct CitmCatalog: Codable, Hashable, Sendable {
    var areaNames: [String: String]
    var audienceSubCategoryNames: [String: String]
    var blockNames: [String: String]
    var events: [String: Event]
    var performances: [Performance]
    var seatCategoryNames: [String: String]
    var subTopicNames: [String: String]
    var subjectNames: [String: String]
    var topicNames: [String: String]
    var topicSubTopics: [String: [Int]]
    var venueNames: [String: String]
}

extension CitmCatalog {
    struct Event: Codable, Hashable, Sendable {
        var description: String?
        var id: Int
        var logo: String?
        var name: String
        var subTopicIds: [Int]
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int]
    }

    struct Performance: Codable, Hashable, Sendable {
        var eventId: Int
        var id: Int
        var logo: String?
        var name: String?
        var prices: [Price]
        var seatCategories: [SeatCategory]
        var seatMapImage: String?
        var start: Int64
        var venueCode: String
    }

    struct Price: Codable, Hashable, Sendable {
        var amount: Int
        var audienceSubCategoryId: Int
        var seatCategoryId: Int
    }

    struct SeatCategory: Codable, Hashable, Sendable {
        var areas: [Area]
        var seatCategoryId: Int
    }

    struct Area: Codable, Hashable, Sendable {
        var areaId: Int
        var blockIds: [Int]
    }
}
