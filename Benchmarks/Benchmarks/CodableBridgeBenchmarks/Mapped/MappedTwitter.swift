// twitter.json through `MappableCodable` models: camelCase properties and no `CodingKeys`; the
// `keyMapping` tables rename (`"createdAt": "created_at"`), reach into nested objects
// (`"authorName": "user.screen_name"`, `"hashtags": "entities.hashtags"`) and try alternates
// (`"idStr": ["id_str", "idstr"]`). Nested entity types without snake_case keys reuse the strict
// models. Compare with `TwitterSearch` (the same data with hand-written `CodingKeys`).

import BenchmarkPayloads
import CodableBridge

struct MappedTwitterSearch: MappableCodable, Sendable {
    var statuses: [MappedStatus]
    var searchMetadata: MappedSearchMetadata

    static var keyMapping: KeyMapping {
        ["searchMetadata": "search_metadata"]
    }
}

struct MappedSearchMetadata: MappableCodable, Sendable {
    var completedIn: Double
    var maxID: Int64
    var maxIDStr: String
    var nextResults: String
    var query: String
    var refreshURL: String
    var count: Int
    var sinceID: Int64
    var sinceIDStr: String

    static var keyMapping: KeyMapping {
        ["completedIn": "completed_in",
         "maxID": "max_id",
         "maxIDStr": ["max_id_str", "maxIdStr"],
         "nextResults": "next_results",
         "refreshURL": "refresh_url",
         "sinceID": "since_id",
         "sinceIDStr": ["since_id_str", "sinceIdStr"]]
    }
}

struct MappedStatus: MappableCodable, Sendable {
    var resultType: String
    var isoLanguageCode: String
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
    var user: MappedTwitterUser
    var authorName: String
    var retweetCount: Int
    var favoriteCount: Int
    var hashtags: [TwitterSearch.Hashtag]
    var symbols: [TwitterSearch.Hashtag]
    var urls: [TwitterSearch.URLEntity]
    var userMentions: [TwitterSearch.UserMention]
    var media: [TwitterSearch.Media]?
    var favorited: Bool
    var retweeted: Bool
    var possiblySensitive: Bool?
    var lang: String
    var retweetedStatus: Box<MappedStatus>?

    static var keyMapping: KeyMapping {
        ["resultType": "metadata.result_type",
         "isoLanguageCode": "metadata.iso_language_code",
         "createdAt": "created_at",
         "idStr": ["id_str", "idstr"],
         "inReplyToStatusID": "in_reply_to_status_id",
         "inReplyToStatusIDStr": "in_reply_to_status_id_str",
         "inReplyToUserID": "in_reply_to_user_id",
         "inReplyToUserIDStr": "in_reply_to_user_id_str",
         "inReplyToScreenName": "in_reply_to_screen_name",
         "authorName": "user.screen_name",
         "retweetCount": "retweet_count",
         "favoriteCount": "favorite_count",
         "hashtags": "entities.hashtags",
         "symbols": "entities.symbols",
         "urls": "entities.urls",
         "userMentions": "entities.user_mentions",
         "media": "entities.media",
         "possiblySensitive": "possibly_sensitive",
         "retweetedStatus": "retweeted_status"]
    }
}

struct MappedTwitterUser: MappableCodable, Sendable {
    var id: UInt64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: String?
    var entities: TwitterSearch.UserEntities
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

    static var keyMapping: KeyMapping {
        ["idStr": ["id_str", "idstr"],
         "screenName": "screen_name",
         "followersCount": "followers_count",
         "friendsCount": "friends_count",
         "listedCount": "listed_count",
         "createdAt": "created_at",
         "favouritesCount": "favourites_count",
         "utcOffset": "utc_offset",
         "timeZone": "time_zone",
         "geoEnabled": "geo_enabled",
         "statusesCount": "statuses_count",
         "contributorsEnabled": "contributors_enabled",
         "isTranslator": "is_translator",
         "isTranslationEnabled": "is_translation_enabled",
         "profileBackgroundColor": "profile_background_color",
         "profileBackgroundImageURL": "profile_background_image_url",
         "profileBackgroundImageURLHTTPS": "profile_background_image_url_https",
         "profileBackgroundTile": "profile_background_tile",
         "profileImageURL": "profile_image_url",
         "profileImageURLHTTPS": "profile_image_url_https",
         "profileBannerURL": "profile_banner_url",
         "profileLinkColor": "profile_link_color",
         "profileSidebarBorderColor": "profile_sidebar_border_color",
         "profileSidebarFillColor": "profile_sidebar_fill_color",
         "profileTextColor": "profile_text_color",
         "profileUseBackgroundImage": "profile_use_background_image",
         "defaultProfile": "default_profile",
         "defaultProfileImage": "default_profile_image",
         "followRequestSent": "follow_request_sent"]
    }
}

extension MappedTwitterSearch {
    /// Fails unless this mapped model carries the same data as the strict model decoded by
    /// Foundation (every status, user and entity list; key paths and alternates included).
    func verify(against strict: TwitterSearch) throws {
        func check(_ condition: Bool, _ what: @autoclosure () -> String) throws {
            if !condition { throw SetupFailure("CodableBridge MISMATCH: mapped twitter model: \(what())") }
        }
        try check(statuses.count == strict.statuses.count, "statuses.count \(statuses.count) ≠ \(strict.statuses.count)")
        try check(searchMetadata.maxIDStr == strict.searchMetadata.maxIDStr && searchMetadata.completedIn == strict.searchMetadata.completedIn,
                  "search_metadata")
        func compare(_ mapped: MappedStatus, _ status: TwitterSearch.Status, _ path: String) throws {
            try check(mapped.id == status.id && mapped.idStr == status.idStr, "\(path).id/id_str")
            try check(mapped.resultType == status.metadata.resultType && mapped.isoLanguageCode == status.metadata.isoLanguageCode, "\(path).metadata")
            try check(mapped.createdAt == status.createdAt && mapped.text == status.text && mapped.source == status.source, "\(path).created_at/text/source")
            try check(mapped.inReplyToStatusID == status.inReplyToStatusID && mapped.inReplyToUserIDStr == status.inReplyToUserIDStr
                      && mapped.inReplyToScreenName == status.inReplyToScreenName, "\(path).in_reply_to_*")
            try check(mapped.authorName == status.user.screenName, "\(path).user.screen_name → authorName")
            try check(mapped.user.id == status.user.id && mapped.user.idStr == status.user.idStr && mapped.user.followersCount == status.user.followersCount
                      && mapped.user.utcOffset == status.user.utcOffset && mapped.user.profileBannerURL == status.user.profileBannerURL
                      && mapped.user.entities == status.user.entities && mapped.user.notifications == status.user.notifications, "\(path).user")
            try check(mapped.hashtags == status.entities.hashtags && mapped.symbols == status.entities.symbols && mapped.urls == status.entities.urls
                      && mapped.userMentions == status.entities.userMentions && mapped.media == status.entities.media, "\(path).entities.*")
            try check(mapped.retweetCount == status.retweetCount && mapped.favoriteCount == status.favoriteCount
                      && mapped.possiblySensitive == status.possiblySensitive && mapped.lang == status.lang, "\(path) counts/lang")
            switch (mapped.retweetedStatus, status.retweetedStatus) {
            case (nil, nil): break
            case let (a?, b?): try compare(a.value, b.value, "\(path).retweeted_status")
            default: try check(false, "\(path).retweeted_status presence")
            }
        }
        for (index, status) in strict.statuses.enumerated() {
            try compare(statuses[index], status, "statuses[\(index)]")
        }
    }
}

/// The mapped twitter model without key paths: `metadata` and `entities` stay nested objects
/// (strict types), no `authorName`; renames and alternates only. Against `MappedTwitterSearch`
/// it isolates what key paths cost.
struct MappedTwitterSearchNoKeyPaths: MappableCodable, Sendable {
    var statuses: [MappedStatusNoKeyPaths]
    var searchMetadata: MappedSearchMetadata

    static var keyMapping: KeyMapping {
        ["searchMetadata": "search_metadata"]
    }
}

struct MappedStatusNoKeyPaths: MappableCodable, Sendable {
    var metadata: TwitterSearch.Metadata
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
    var user: MappedTwitterUser
    var retweetCount: Int
    var favoriteCount: Int
    var entities: TwitterSearch.Entities
    var favorited: Bool
    var retweeted: Bool
    var possiblySensitive: Bool?
    var lang: String
    var retweetedStatus: Box<MappedStatusNoKeyPaths>?

    static var keyMapping: KeyMapping {
        ["createdAt": "created_at",
         "idStr": ["id_str", "idstr"],
         "inReplyToStatusID": "in_reply_to_status_id",
         "inReplyToStatusIDStr": "in_reply_to_status_id_str",
         "inReplyToUserID": "in_reply_to_user_id",
         "inReplyToUserIDStr": "in_reply_to_user_id_str",
         "inReplyToScreenName": "in_reply_to_screen_name",
         "retweetCount": "retweet_count",
         "favoriteCount": "favorite_count",
         "possiblySensitive": "possibly_sensitive",
         "retweetedStatus": "retweeted_status"]
    }
}

extension MappedTwitterSearchNoKeyPaths {
    /// Fails unless this model carries the same data as the strict model decoded by Foundation.
    func verify(against strict: TwitterSearch) throws {
        func check(_ condition: Bool, _ what: @autoclosure () -> String) throws {
            if !condition { throw SetupFailure("CodableBridge MISMATCH: mapped twitter model (no key paths): \(what())") }
        }
        try check(statuses.count == strict.statuses.count, "statuses.count")
        func compare(_ mapped: MappedStatusNoKeyPaths, _ status: TwitterSearch.Status, _ path: String) throws {
            try check(mapped.id == status.id && mapped.idStr == status.idStr && mapped.metadata == status.metadata, "\(path).id/id_str/metadata")
            try check(mapped.createdAt == status.createdAt && mapped.text == status.text && mapped.entities == status.entities, "\(path).created_at/text/entities")
            try check(mapped.inReplyToStatusID == status.inReplyToStatusID && mapped.inReplyToScreenName == status.inReplyToScreenName, "\(path).in_reply_to_*")
            try check(mapped.user.id == status.user.id && mapped.user.screenName == status.user.screenName
                      && mapped.user.profileBannerURL == status.user.profileBannerURL, "\(path).user")
            try check(mapped.retweetCount == status.retweetCount && mapped.possiblySensitive == status.possiblySensitive, "\(path) counts")
            switch (mapped.retweetedStatus, status.retweetedStatus) {
            case (nil, nil): break
            case let (a?, b?): try compare(a.value, b.value, "\(path).retweeted_status")
            default: try check(false, "\(path).retweeted_status presence")
            }
        }
        for (index, status) in strict.statuses.enumerated() {
            try compare(statuses[index], status, "statuses[\(index)]")
        }
    }
}
