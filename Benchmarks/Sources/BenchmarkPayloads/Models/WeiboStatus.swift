// Strict `Codable` mirror of yymodel_weibo_status.json (one Sina Weibo status, 2015), the input of
// YYModel's "WeiboStatus" benchmark: a 63-key user, nine pictures with six size variants each,
// Chinese text.
//
// Two payload quirks a strict model must absorb:
// - some picture `width`/`height` values are strings (`"640"`) while others are numbers: those
//   fields use ``FlexibleInt``, whose hand-written `init(from:)` accepts either, so `JSONDecoder`
//   and the strict `BridgeDecoder` decode the very same model;
// - `biz_feature` is 4294967300, beyond `Int32`: `Int64`.

package struct WeiboStatus: Codable, Hashable, Sendable {
    package var favorited: Bool
    package var attitudesStatus: Int
    package var createdAt: String
    package var id: Int64
    package var truncated: Bool
    package var inReplyToScreenName: String
    package var mblogid: String
    package var text: String
    package var idstr: String
    package var sourceType: Int
    package var geo: String
    package var user: WeiboUser
    package var commentsCount: Int
    package var thumbnailPic: String
    package var source: String
    package var recomState: Int
    package var sourceAllowclick: Int
    package var bizFeature: Int64
    package var mblogtypename: String
    package var annotations: [Annotation]
    package var filterID: String
    package var bmiddlePic: String
    package var scheme: String
    package var visible: Visible
    package var inReplyToStatusID: String
    package var mid: String
    package var picIDs: [String]
    package var repostsCount: Int
    package var mlevel: Int
    package var attitudesCount: Int
    package var darwinTags: [String]
    package var userType: Int
    package var picInfos: [String: Picture]
    package var inReplyToUserID: String
    package var originalPic: String

    enum CodingKeys: String, CodingKey {
        case favorited
        case attitudesStatus = "attitudes_status"
        case createdAt = "created_at"
        case id, truncated
        case inReplyToScreenName = "in_reply_to_screen_name"
        case mblogid, text, idstr
        case sourceType = "source_type"
        case geo, user
        case commentsCount = "comments_count"
        case thumbnailPic = "thumbnail_pic"
        case source
        case recomState = "recom_state"
        case sourceAllowclick = "source_allowclick"
        case bizFeature = "biz_feature"
        case mblogtypename, annotations, filterID
        case bmiddlePic = "bmiddle_pic"
        case scheme, visible
        case inReplyToStatusID = "in_reply_to_status_id"
        case mid
        case picIDs = "pic_ids"
        case repostsCount = "reposts_count"
        case mlevel
        case attitudesCount = "attitudes_count"
        case darwinTags = "darwin_tags"
        case userType
        case picInfos = "pic_infos"
        case inReplyToUserID = "in_reply_to_user_id"
        case originalPic = "original_pic"
    }
}

extension WeiboStatus {
    package struct Annotation: Codable, Hashable, Sendable {
        package var clientMblogid: String?
        package var mapiRequest: Bool?

        enum CodingKeys: String, CodingKey {
            case clientMblogid = "client_mblogid"
            case mapiRequest = "mapi_request"
        }
    }

    package struct Visible: Codable, Hashable, Sendable {
        package var type: Int
        package var listID: Int

        enum CodingKeys: String, CodingKey {
            case type
            case listID = "list_id"
        }
    }

    package struct Picture: Codable, Hashable, Sendable {
        package var thumbnail: PictureMetadata
        package var bmiddle: PictureMetadata
        package var large: PictureMetadata
        package var largest: PictureMetadata
        package var picID: String
        package var photoTag: Int
        package var original: PictureMetadata
        package var filterID: String
        package var objectID: String
        package var middleplus: PictureMetadata

        enum CodingKeys: String, CodingKey {
            case thumbnail, bmiddle, large, largest
            case picID = "pic_id"
            case photoTag = "photo_tag"
            case original
            case filterID = "filter_id"
            case objectID = "object_id"
            case middleplus
        }
    }

    package struct PictureMetadata: Codable, Hashable, Sendable {
        package var cutType: Int
        package var type: String
        package var url: String
        package var width: FlexibleInt
        package var height: FlexibleInt

        enum CodingKeys: String, CodingKey {
            case cutType = "cut_type"
            case type, url, width, height
        }
    }
}

package struct WeiboUser: Codable, Hashable, Sendable {
    package var coverImagePhone: String
    package var id: Int64
    package var biFollowersCount: Int
    package var urank: Int
    package var profileImageURL: String
    package var icons: [Icon]
    package var `class`: Int
    package var verifiedContactEmail: String
    package var province: String
    package var verified: Bool
    package var url: String
    package var statusesCount: Int
    package var geoEnabled: Bool
    package var followMe: Bool
    package var description: String
    package var type: Int
    package var followersCount: Int
    package var verifiedContactMobile: String
    package var location: String
    package var mbrank: Int
    package var avatarLarge: String
    package var star: Int
    package var verifiedTrade: String
    package var profileURL: String
    package var weihao: String
    package var onlineStatus: Int
    package var badgeTop: String
    package var verifiedContactName: String
    package var screenName: String
    package var verifiedSourceURL: String
    package var pagefriendsCount: Int
    package var name: String
    package var verifiedReason: String
    package var friendsCount: Int
    package var mbtype: Int
    package var blockApp: Int
    package var hasAbilityTag: Int
    package var avatarHD: String
    package var creditScore: Int
    package var remark: String
    package var createdAt: String
    package var blockWord: Int
    package var ulevel: Int
    package var allowAllActMsg: Bool
    package var verifiedState: Int
    package var domain: String
    package var verifiedReasonModified: String
    package var level: Int
    package var allowAllComment: Bool
    package var verifiedLevel: Int
    package var verifiedReasonURL: String
    package var gender: String
    package var favouritesCount: Int
    package var idstr: String
    package var verifiedType: Int
    package var city: String
    package var verifiedSource: String
    package var badge: [String: Int]
    package var userAbility: Int
    package var extend: Extend
    package var lang: String
    package var ptype: Int
    package var following: Bool

    enum CodingKeys: String, CodingKey {
        case coverImagePhone = "cover_image_phone"
        case id
        case biFollowersCount = "bi_followers_count"
        case urank
        case profileImageURL = "profile_image_url"
        case icons
        case `class`
        case verifiedContactEmail = "verified_contact_email"
        case province, verified, url
        case statusesCount = "statuses_count"
        case geoEnabled = "geo_enabled"
        case followMe = "follow_me"
        case description, type
        case followersCount = "followers_count"
        case verifiedContactMobile = "verified_contact_mobile"
        case location, mbrank
        case avatarLarge = "avatar_large"
        case star
        case verifiedTrade = "verified_trade"
        case profileURL = "profile_url"
        case weihao
        case onlineStatus = "online_status"
        case badgeTop = "badge_top"
        case verifiedContactName = "verified_contact_name"
        case screenName = "screen_name"
        case verifiedSourceURL = "verified_source_url"
        case pagefriendsCount = "pagefriends_count"
        case name
        case verifiedReason = "verified_reason"
        case friendsCount = "friends_count"
        case mbtype
        case blockApp = "block_app"
        case hasAbilityTag = "has_ability_tag"
        case avatarHD = "avatar_hd"
        case creditScore = "credit_score"
        case remark
        case createdAt = "created_at"
        case blockWord = "block_word"
        case ulevel
        case allowAllActMsg = "allow_all_act_msg"
        case verifiedState = "verified_state"
        case domain
        case verifiedReasonModified = "verified_reason_modified"
        case level
        case allowAllComment = "allow_all_comment"
        case verifiedLevel = "verified_level"
        case verifiedReasonURL = "verified_reason_url"
        case gender
        case favouritesCount = "favourites_count"
        case idstr
        case verifiedType = "verified_type"
        case city
        case verifiedSource = "verified_source"
        case badge
        case userAbility = "user_ability"
        case extend, lang, ptype, following
    }

    package struct Icon: Codable, Hashable, Sendable {
        package var url: String
    }

    package struct Extend: Codable, Hashable, Sendable {
        package var privacy: [String: Int]
        package var mbprivilege: String
    }
}

/// An integer the payload writes either as a number (`640`) or as a string (`"640"`).
///
/// The hand-written `init(from:)` tries `Int`, then a numeric `String`, so strict decoders accept
/// both spellings; encoding writes the value back in the spelling it was read in, so an encode of
/// the decoded model reproduces the payload's types. Equality compares the number only (a lenient
/// decoder turns `"640"` into the number before this type sees it).
package struct FlexibleInt: Codable, Hashable, Sendable {
    package var value: Int
    package var wasString: Bool

    init(_ value: Int, wasString: Bool = false) {
        self.value = value
        self.wasString = wasString
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            self.init(number)
            return
        }
        let text = try container.decode(String.self)
        guard let number = Int(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected an integer or a numeric string, found \"\(text)\".")
        }
        self.init(number, wasString: true)
    }

    package static func == (lhs: FlexibleInt, rhs: FlexibleInt) -> Bool { lhs.value == rhs.value }
    package func hash(into hasher: inout Hasher) { hasher.combine(value) }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if wasString {
            try container.encode(String(value))
        } else {
            try container.encode(value)
        }
    }
}
