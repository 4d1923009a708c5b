// Strict `Codable` mirror of twitter.json (Twitter search API: 100 statuses + search metadata).
//
// Plain structs with snake_case `CodingKeys`: the same types are decoded by Foundation's
// `JSONDecoder` and by `BridgeDecoder` (`.strict`), and encoded by both encoders.
// Ids are `Int64`/`UInt64` (the simdjson copy keeps exact 64-bit ids); `created_at` stays a
// `String` so the decode benchmarks measure JSON work, not date formatting (dates have their own
// benchmarks in DateBenchmarks.swift). Always-null members (`geo`, `place`, …) are `JSONValue?`.

import CodableBridge

struct TwitterSearch: Codable, Hashable, Sendable {
    var statuses: [Status]
    var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

extension TwitterSearch {
    struct SearchMetadata: Codable, Hashable, Sendable {
        var completedIn: Double
        var maxID: Int64
        var maxIDStr: String
        var nextResults: String
        var query: String
        var refreshURL: String
        var count: Int
        var sinceID: Int64
        var sinceIDStr: String

        enum CodingKeys: String, CodingKey {
            case completedIn = "completed_in"
            case maxID = "max_id"
            case maxIDStr = "max_id_str"
            case nextResults = "next_results"
            case query
            case refreshURL = "refresh_url"
            case count
            case sinceID = "since_id"
            case sinceIDStr = "since_id_str"
        }
    }

    /// A tweet. `retweetedStatus` makes this recursive, hence the indirect box.
    struct Status: Codable, Hashable, Sendable {
        var metadata: Metadata
        var createdAt: String
        var id: UInt64
        var idStr: String
        var text: String
        var source: String
        var truncated: Bool
        var inReplyToStatusID: UInt64?
        var inReplyToStatusIDStr: String?
        var inReplyToUserID: UInt64?
        var inReplyToUserIDStr: String?
        var inReplyToScreenName: String?
        var user: User
        var geo: JSONValue?
        var coordinates: JSONValue?
        var place: JSONValue?
        var contributors: JSONValue?
        var retweetCount: Int
        var favoriteCount: Int
        var entities: Entities
        var favorited: Bool
        var retweeted: Bool
        var possiblySensitive: Bool?
        var lang: String
        var retweetedStatus: Box<Status>?

        enum CodingKeys: String, CodingKey {
            case metadata
            case createdAt = "created_at"
            case id
            case idStr = "id_str"
            case text, source, truncated
            case inReplyToStatusID = "in_reply_to_status_id"
            case inReplyToStatusIDStr = "in_reply_to_status_id_str"
            case inReplyToUserID = "in_reply_to_user_id"
            case inReplyToUserIDStr = "in_reply_to_user_id_str"
            case inReplyToScreenName = "in_reply_to_screen_name"
            case user, geo, coordinates, place, contributors
            case retweetCount = "retweet_count"
            case favoriteCount = "favorite_count"
            case entities, favorited, retweeted
            case possiblySensitive = "possibly_sensitive"
            case lang
            case retweetedStatus = "retweeted_status"
        }
    }

    struct Metadata: Codable, Hashable, Sendable {
        var resultType: String
        var isoLanguageCode: String

        enum CodingKeys: String, CodingKey {
            case resultType = "result_type"
            case isoLanguageCode = "iso_language_code"
        }
    }

    struct User: Codable, Hashable, Sendable {
        var id: UInt64
        var idStr: String
        var name: String
        var screenName: String
        var location: String
        var description: String
        var url: String?
        var entities: UserEntities
        var protected: Bool
        var followersCount: Int
        var friendsCount: Int
        var listedCount: Int
        var createdAt: String
        var favouritesCount: Int
        var utcOffset: Int?
        var timeZone: String?
        var geoEnabled: Bool
        var verified: Bool
        var statusesCount: Int
        var lang: String
        var contributorsEnabled: Bool
        var isTranslator: Bool
        var isTranslationEnabled: Bool
        var profileBackgroundColor: String
        var profileBackgroundImageURL: String
        var profileBackgroundImageURLHTTPS: String
        var profileBackgroundTile: Bool
        var profileImageURL: String
        var profileImageURLHTTPS: String
        var profileBannerURL: String?
        var profileLinkColor: String
        var profileSidebarBorderColor: String
        var profileSidebarFillColor: String
        var profileTextColor: String
        var profileUseBackgroundImage: Bool
        var defaultProfile: Bool
        var defaultProfileImage: Bool
        var following: Bool
        var followRequestSent: Bool
        var notifications: Bool

        enum CodingKeys: String, CodingKey {
            case id
            case idStr = "id_str"
            case name
            case screenName = "screen_name"
            case location, description, url, entities, protected
            case followersCount = "followers_count"
            case friendsCount = "friends_count"
            case listedCount = "listed_count"
            case createdAt = "created_at"
            case favouritesCount = "favourites_count"
            case utcOffset = "utc_offset"
            case timeZone = "time_zone"
            case geoEnabled = "geo_enabled"
            case verified
            case statusesCount = "statuses_count"
            case lang
            case contributorsEnabled = "contributors_enabled"
            case isTranslator = "is_translator"
            case isTranslationEnabled = "is_translation_enabled"
            case profileBackgroundColor = "profile_background_color"
            case profileBackgroundImageURL = "profile_background_image_url"
            case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
            case profileBackgroundTile = "profile_background_tile"
            case profileImageURL = "profile_image_url"
            case profileImageURLHTTPS = "profile_image_url_https"
            case profileBannerURL = "profile_banner_url"
            case profileLinkColor = "profile_link_color"
            case profileSidebarBorderColor = "profile_sidebar_border_color"
            case profileSidebarFillColor = "profile_sidebar_fill_color"
            case profileTextColor = "profile_text_color"
            case profileUseBackgroundImage = "profile_use_background_image"
            case defaultProfile = "default_profile"
            case defaultProfileImage = "default_profile_image"
            case following
            case followRequestSent = "follow_request_sent"
            case notifications
        }
    }

    struct UserEntities: Codable, Hashable, Sendable {
        var description: URLList
        var url: URLList?
    }

    struct URLList: Codable, Hashable, Sendable {
        var urls: [URLEntity]
    }

    struct Entities: Codable, Hashable, Sendable {
        var hashtags: [Hashtag]
        var symbols: [Hashtag]
        var urls: [URLEntity]
        var userMentions: [UserMention]
        var media: [Media]?

        enum CodingKeys: String, CodingKey {
            case hashtags, symbols, urls
            case userMentions = "user_mentions"
            case media
        }
    }

    struct Hashtag: Codable, Hashable, Sendable {
        var text: String
        var indices: [Int]
    }

    struct URLEntity: Codable, Hashable, Sendable {
        var url: String
        var expandedURL: String
        var displayURL: String
        var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case url
            case expandedURL = "expanded_url"
            case displayURL = "display_url"
            case indices
        }
    }

    struct UserMention: Codable, Hashable, Sendable {
        var screenName: String
        var name: String
        var id: UInt64
        var idStr: String
        var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case screenName = "screen_name"
            case name, id
            case idStr = "id_str"
            case indices
        }
    }

    struct Media: Codable, Hashable, Sendable {
        var id: UInt64
        var idStr: String
        var indices: [Int]
        var mediaURL: String
        var mediaURLHTTPS: String
        var url: String
        var displayURL: String
        var expandedURL: String
        var type: String
        var sizes: Sizes
        var sourceStatusID: UInt64?
        var sourceStatusIDStr: String?

        enum CodingKeys: String, CodingKey {
            case id
            case idStr = "id_str"
            case indices
            case mediaURL = "media_url"
            case mediaURLHTTPS = "media_url_https"
            case url
            case displayURL = "display_url"
            case expandedURL = "expanded_url"
            case type, sizes
            case sourceStatusID = "source_status_id"
            case sourceStatusIDStr = "source_status_id_str"
        }
    }

    struct Sizes: Codable, Hashable, Sendable {
        var medium: Size
        var small: Size
        var thumb: Size
        var large: Size
    }

    struct Size: Codable, Hashable, Sendable {
        var w: Int
        var h: Int
        var resize: String
    }
}

/// A heap box so a struct can contain an optional value of its own type (`retweeted_status`).
/// Encodes and decodes as the wrapped value, through a single-value container so the decoder sees
/// `Wrapped` itself (and applies its mapping table when `Wrapped` is a `MappableCodable` model).
final class Box<Wrapped: Codable & Sendable>: Codable, Sendable {
    let value: Wrapped

    init(_ value: Wrapped) {
        self.value = value
    }

    required init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Wrapped.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Box: Equatable where Wrapped: Equatable {
    static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
}

extension Box: Hashable where Wrapped: Hashable {
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
