// Strict `Codable` mirror of yymodel_weibo_status.json (one Sina Weibo status, 2015), the input of
// YYModel's "WeiboStatus" benchmark: a 63-key user, nine pictures with six size variants each,
// Chinese text.
//
// Two payload quirks a strict model must absorb:
// - some picture `width`/`height` values are strings (`"640"`) while others are numbers: those
//   fields use ``FlexibleInt``, whose hand-written `init(from:)` accepts either, so `JSONDecoder`
//   and the strict `BridgeDecoder` decode the very same model;
// - `biz_feature` is 4294967300, beyond `Int32`: `Int64`.

struct WeiboStatus: Codable, Hashable, Sendable {
    var favorited: Bool
    var attitudesStatus: Int
    var createdAt: String
    var id: Int64
    var truncated: Bool
    var inReplyToScreenName: String
    var mblogid: String
    var text: String
    var idstr: String
    var sourceType: Int
    var geo: String
    var user: WeiboUser
    var commentsCount: Int
    var thumbnailPic: String
    var source: String
    var recomState: Int
    var sourceAllowclick: Int
    var bizFeature: Int64
    var mblogtypename: String
    var annotations: [Annotation]
    var filterID: String
    var bmiddlePic: String
    var scheme: String
    var visible: Visible
    var inReplyToStatusID: String
    var mid: String
    var picIDs: [String]
    var repostsCount: Int
    var mlevel: Int
    var attitudesCount: Int
    var darwinTags: [String]
    var userType: Int
    var picInfos: [String: Picture]
    var inReplyToUserID: String
    var originalPic: String

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
    struct Annotation: Codable, Hashable, Sendable {
        var clientMblogid: String?
        var mapiRequest: Bool?

        enum CodingKeys: String, CodingKey {
            case clientMblogid = "client_mblogid"
            case mapiRequest = "mapi_request"
        }
    }

    struct Visible: Codable, Hashable, Sendable {
        var type: Int
        var listID: Int

        enum CodingKeys: String, CodingKey {
            case type
            case listID = "list_id"
        }
    }

    struct Picture: Codable, Hashable, Sendable {
        var thumbnail: PictureMetadata
        var bmiddle: PictureMetadata
        var large: PictureMetadata
        var largest: PictureMetadata
        var picID: String
        var photoTag: Int
        var original: PictureMetadata
        var filterID: String
        var objectID: String
        var middleplus: PictureMetadata

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

    struct PictureMetadata: Codable, Hashable, Sendable {
        var cutType: Int
        var type: String
        var url: String
        var width: FlexibleInt
        var height: FlexibleInt

        enum CodingKeys: String, CodingKey {
            case cutType = "cut_type"
            case type, url, width, height
        }
    }
}

struct WeiboUser: Codable, Hashable, Sendable {
    var coverImagePhone: String
    var id: Int64
    var biFollowersCount: Int
    var urank: Int
    var profileImageURL: String
    var icons: [Icon]
    var `class`: Int
    var verifiedContactEmail: String
    var province: String
    var verified: Bool
    var url: String
    var statusesCount: Int
    var geoEnabled: Bool
    var followMe: Bool
    var description: String
    var type: Int
    var followersCount: Int
    var verifiedContactMobile: String
    var location: String
    var mbrank: Int
    var avatarLarge: String
    var star: Int
    var verifiedTrade: String
    var profileURL: String
    var weihao: String
    var onlineStatus: Int
    var badgeTop: String
    var verifiedContactName: String
    var screenName: String
    var verifiedSourceURL: String
    var pagefriendsCount: Int
    var name: String
    var verifiedReason: String
    var friendsCount: Int
    var mbtype: Int
    var blockApp: Int
    var hasAbilityTag: Int
    var avatarHD: String
    var creditScore: Int
    var remark: String
    var createdAt: String
    var blockWord: Int
    var ulevel: Int
    var allowAllActMsg: Bool
    var verifiedState: Int
    var domain: String
    var verifiedReasonModified: String
    var level: Int
    var allowAllComment: Bool
    var verifiedLevel: Int
    var verifiedReasonURL: String
    var gender: String
    var favouritesCount: Int
    var idstr: String
    var verifiedType: Int
    var city: String
    var verifiedSource: String
    var badge: [String: Int]
    var userAbility: Int
    var extend: Extend
    var lang: String
    var ptype: Int
    var following: Bool

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

    struct Icon: Codable, Hashable, Sendable {
        var url: String
    }

    struct Extend: Codable, Hashable, Sendable {
        var privacy: [String: Int]
        var mbprivilege: String
    }
}

/// An integer the payload writes either as a number (`640`) or as a string (`"640"`).
///
/// The hand-written `init(from:)` tries `Int`, then a numeric `String`, so strict decoders accept
/// both spellings; encoding writes the value back in the spelling it was read in, so an encode of
/// the decoded model reproduces the payload's types. Equality compares the number only (a lenient
/// decoder turns `"640"` into the number before this type sees it).
struct FlexibleInt: Codable, Hashable, Sendable {
    var value: Int
    var wasString: Bool

    init(_ value: Int, wasString: Bool = false) {
        self.value = value
        self.wasString = wasString
    }

    init(from decoder: any Decoder) throws {
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

    static func == (lhs: FlexibleInt, rhs: FlexibleInt) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if wasString {
            try container.encode(String(value))
        } else {
            try container.encode(value)
        }
    }
}
