// Strict `Codable` mirror of twitter.json (Twitter search API: 100 statuses + search metadata).
//
// Plain structs with snake_case `CodingKeys`: the same types are decoded by Foundation's
// `JSONDecoder` and by `BridgeDecoder` (`.strict`), and encoded by both encoders.
// Ids are `Int64`/`UInt64` (the simdjson copy keeps exact 64-bit ids); `created_at` stays a
// `String` so the decode benchmarks measure JSON work, not date formatting (dates have their own
// benchmarks in DateBenchmarks.swift). Always-null members (`geo`, `place`, …) are `JSONValue?`.

import CodableBridge

package struct TwitterSearch: Codable, Hashable, Sendable {
    package var statuses: [Status]
    package var searchMetadata: SearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

extension TwitterSearch {
    package struct SearchMetadata: Codable, Hashable, Sendable {
        package var completedIn: Double
        package var maxID: Int64
        package var maxIDStr: String
        package var nextResults: String
        package var query: String
        package var refreshURL: String
        package var count: Int
        package var sinceID: Int64
        package var sinceIDStr: String

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
    package struct Status: Codable, Hashable, Sendable {
        package var metadata: Metadata
        package var createdAt: String
        package var id: UInt64
        package var idStr: String
        package var text: String
        package var source: String
        package var truncated: Bool
        package var inReplyToStatusID: UInt64?
        package var inReplyToStatusIDStr: String?
        package var inReplyToUserID: UInt64?
        package var inReplyToUserIDStr: String?
        package var inReplyToScreenName: String?
        package var user: User
        package var geo: JSONValue?
        package var coordinates: JSONValue?
        package var place: JSONValue?
        package var contributors: JSONValue?
        package var retweetCount: Int
        package var favoriteCount: Int
        package var entities: Entities
        package var favorited: Bool
        package var retweeted: Bool
        package var possiblySensitive: Bool?
        package var lang: String
        package var retweetedStatus: Box<Status>?

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

    package struct Metadata: Codable, Hashable, Sendable {
        package var resultType: String
        package var isoLanguageCode: String

        enum CodingKeys: String, CodingKey {
            case resultType = "result_type"
            case isoLanguageCode = "iso_language_code"
        }
    }

    package struct User: Codable, Hashable, Sendable {
        package var id: UInt64
        package var idStr: String
        package var name: String
        package var screenName: String
        package var location: String
        package var description: String
        package var url: String?
        package var entities: UserEntities
        package var protected: Bool
        package var followersCount: Int
        package var friendsCount: Int
        package var listedCount: Int
        package var createdAt: String
        package var favouritesCount: Int
        package var utcOffset: Int?
        package var timeZone: String?
        package var geoEnabled: Bool
        package var verified: Bool
        package var statusesCount: Int
        package var lang: String
        package var contributorsEnabled: Bool
        package var isTranslator: Bool
        package var isTranslationEnabled: Bool
        package var profileBackgroundColor: String
        package var profileBackgroundImageURL: String
        package var profileBackgroundImageURLHTTPS: String
        package var profileBackgroundTile: Bool
        package var profileImageURL: String
        package var profileImageURLHTTPS: String
        package var profileBannerURL: String?
        package var profileLinkColor: String
        package var profileSidebarBorderColor: String
        package var profileSidebarFillColor: String
        package var profileTextColor: String
        package var profileUseBackgroundImage: Bool
        package var defaultProfile: Bool
        package var defaultProfileImage: Bool
        package var following: Bool
        package var followRequestSent: Bool
        package var notifications: Bool

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

    package struct UserEntities: Codable, Hashable, Sendable {
        package var description: URLList
        package var url: URLList?
    }

    package struct URLList: Codable, Hashable, Sendable {
        package var urls: [URLEntity]
    }

    package struct Entities: Codable, Hashable, Sendable {
        package var hashtags: [Hashtag]
        package var symbols: [Hashtag]
        package var urls: [URLEntity]
        package var userMentions: [UserMention]
        package var media: [Media]?

        enum CodingKeys: String, CodingKey {
            case hashtags, symbols, urls
            case userMentions = "user_mentions"
            case media
        }
    }

    package struct Hashtag: Codable, Hashable, Sendable {
        package var text: String
        package var indices: [Int]
    }

    package struct URLEntity: Codable, Hashable, Sendable {
        package var url: String
        package var expandedURL: String
        package var displayURL: String
        package var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case url
            case expandedURL = "expanded_url"
            case displayURL = "display_url"
            case indices
        }
    }

    package struct UserMention: Codable, Hashable, Sendable {
        package var screenName: String
        package var name: String
        package var id: UInt64
        package var idStr: String
        package var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case screenName = "screen_name"
            case name, id
            case idStr = "id_str"
            case indices
        }
    }

    package struct Media: Codable, Hashable, Sendable {
        package var id: UInt64
        package var idStr: String
        package var indices: [Int]
        package var mediaURL: String
        package var mediaURLHTTPS: String
        package var url: String
        package var displayURL: String
        package var expandedURL: String
        package var type: String
        package var sizes: Sizes
        package var sourceStatusID: UInt64?
        package var sourceStatusIDStr: String?

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

    package struct Sizes: Codable, Hashable, Sendable {
        package var medium: Size
        package var small: Size
        package var thumb: Size
        package var large: Size
    }

    package struct Size: Codable, Hashable, Sendable {
        package var w: Int
        package var h: Int
        package var resize: String
    }
}

/// A heap box so a struct can contain an optional value of its own type (`retweeted_status`).
/// Encodes and decodes as the wrapped value, through a single-value container so the decoder sees
/// `Wrapped` itself (and applies its mapping table when `Wrapped` is a `MappableCodable` model).
package final class Box<Wrapped: Codable & Sendable>: Codable, Sendable {
    package let value: Wrapped

    init(_ value: Wrapped) {
        self.value = value
    }

    package required init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Wrapped.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Box: Equatable where Wrapped: Equatable {
    package static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
}

extension Box: Hashable where Wrapped: Hashable {
    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
