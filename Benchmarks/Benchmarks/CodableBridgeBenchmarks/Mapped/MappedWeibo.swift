// yymodel_weibo_status.json through `MappableCodable` models, the way YYModel's WeiboStatus
// benchmark maps it: camelCase properties without `CodingKeys`, renames, key paths into nested
// objects (`"authorName": "user.screen_name"`, `"visibleType": "visible.type"`) and alternates
// (`"idStr": ["idstr", "id_str"]`). Picture sizes are plain `Int`: decoded with the default
// (lenient) `BridgeDecoder`, the `"640"` strings are coerced — no wrapper type needed.

import BenchmarkPayloads
import CodableBridge

struct MappedWeiboStatus: MappableCodable, Sendable {
    var favorited: Bool
    var attitudesStatus: Int
    var createdAt: String
    var statusID: Int64
    var idStr: String
    var truncated: Bool
    var inReplyToScreenName: String
    var mblogID: String
    var text: String
    var sourceType: Int
    var geo: String
    var user: MappedWeiboUser
    var authorName: String
    var authorID: Int64
    var commentsCount: Int
    var thumbnailPicture: String
    var source: String
    var recomState: Int
    var sourceAllowClick: Int
    var bizFeature: Int64
    var mblogTypeName: String
    var annotations: [WeiboStatus.Annotation]
    var filterID: String
    var middlePicture: String
    var scheme: String
    var visibleType: Int
    var visibleListID: Int
    var inReplyToStatusID: String
    var mid: String
    var pictureIDs: [String]
    var repostsCount: Int
    var mlevel: Int
    var attitudesCount: Int
    var darwinTags: [String]
    var userType: Int
    var pictures: [String: MappedWeiboPicture]
    var inReplyToUserID: String
    var originalPicture: String

    static var keyMapping: KeyMapping {
        ["attitudesStatus": "attitudes_status",
         "createdAt": "created_at",
         "statusID": "id",
         "idStr": ["idstr", "id_str"],
         "inReplyToScreenName": "in_reply_to_screen_name",
         "mblogID": "mblogid",
         "sourceType": "source_type",
         "authorName": "user.screen_name",
         "authorID": "user.id",
         "commentsCount": "comments_count",
         "thumbnailPicture": "thumbnail_pic",
         "recomState": "recom_state",
         "sourceAllowClick": "source_allowclick",
         "bizFeature": "biz_feature",
         "mblogTypeName": "mblogtypename",
         "middlePicture": "bmiddle_pic",
         "visibleType": "visible.type",
         "visibleListID": "visible.list_id",
         "inReplyToStatusID": "in_reply_to_status_id",
         "pictureIDs": "pic_ids",
         "repostsCount": "reposts_count",
         "attitudesCount": "attitudes_count",
         "darwinTags": "darwin_tags",
         "pictures": "pic_infos",
         "inReplyToUserID": "in_reply_to_user_id",
         "originalPicture": "original_pic"]
    }
}

struct MappedWeiboPicture: MappableCodable, Sendable {
    var thumbnail: MappedWeiboPictureMetadata
    var bmiddle: MappedWeiboPictureMetadata
    var middlePlus: MappedWeiboPictureMetadata
    var large: MappedWeiboPictureMetadata
    var largest: MappedWeiboPictureMetadata
    var original: MappedWeiboPictureMetadata
    var picID: String
    var photoTag: Int
    var filterID: String
    var objectID: String

    static var keyMapping: KeyMapping {
        ["middlePlus": "middleplus",
         "picID": "pic_id",
         "photoTag": "photo_tag",
         "filterID": "filter_id",
         "objectID": "object_id"]
    }
}

struct MappedWeiboPictureMetadata: MappableCodable, Sendable {
    var cutType: Int
    var type: String
    var url: String
    var width: Int
    var height: Int

    static var keyMapping: KeyMapping {
        ["cutType": "cut_type"]
    }
}

struct MappedWeiboUser: MappableCodable, Sendable {
    var userID: Int64
    var idString: String
    var coverImagePhone: String
    var biFollowersCount: Int
    var urank: Int
    var profileImageURL: String
    var iconURLs: [WeiboUser.Icon]
    var userClass: Int
    var verifiedContactEmail: String
    var province: String
    var verified: Bool
    var url: String
    var statusesCount: Int
    var geoEnabled: Bool
    var followMe: Bool
    var desc: String
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
    var pageFriendsCount: Int
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
    var verifiedType: Int
    var city: String
    var verifiedSource: String
    var badge: [String: Int]
    var userAbility: Int
    var privacyMobile: Int
    var mbPrivilege: String
    var lang: String
    var ptype: Int
    var following: Bool

    static var keyMapping: KeyMapping {
        ["userID": "id",
         "idString": ["idstr", "id_str"],
         "coverImagePhone": "cover_image_phone",
         "biFollowersCount": "bi_followers_count",
         "profileImageURL": "profile_image_url",
         "iconURLs": "icons",
         "userClass": "class",
         "verifiedContactEmail": "verified_contact_email",
         "statusesCount": "statuses_count",
         "geoEnabled": "geo_enabled",
         "followMe": "follow_me",
         "desc": "description",
         "followersCount": "followers_count",
         "verifiedContactMobile": "verified_contact_mobile",
         "avatarLarge": "avatar_large",
         "verifiedTrade": "verified_trade",
         "profileURL": "profile_url",
         "onlineStatus": "online_status",
         "badgeTop": "badge_top",
         "verifiedContactName": "verified_contact_name",
         "screenName": "screen_name",
         "verifiedSourceURL": "verified_source_url",
         "pageFriendsCount": "pagefriends_count",
         "verifiedReason": "verified_reason",
         "friendsCount": "friends_count",
         "blockApp": "block_app",
         "hasAbilityTag": "has_ability_tag",
         "avatarHD": "avatar_hd",
         "creditScore": "credit_score",
         "createdAt": "created_at",
         "blockWord": "block_word",
         "allowAllActMsg": "allow_all_act_msg",
         "verifiedState": "verified_state",
         "verifiedReasonModified": "verified_reason_modified",
         "allowAllComment": "allow_all_comment",
         "verifiedLevel": "verified_level",
         "verifiedReasonURL": "verified_reason_url",
         "favouritesCount": "favourites_count",
         "verifiedType": "verified_type",
         "verifiedSource": "verified_source",
         "userAbility": "user_ability",
         "privacyMobile": "extend.privacy.mobile",
         "mbPrivilege": "extend.mbprivilege"]
    }
}

extension MappedWeiboStatus {
    /// Fails unless this mapped model carries the same data as the strict model decoded by
    /// Foundation.
    func verify(against strict: WeiboStatus) throws {
        func check(_ condition: Bool, _ what: String) throws {
            if !condition { throw SetupFailure("CodableBridge MISMATCH: mapped weibo model: \(what)") }
        }
        try check(statusID == strict.id && idStr == strict.idstr && mblogID == strict.mblogid, "id/idstr/mblogid")
        try check(createdAt == strict.createdAt && text == strict.text && source == strict.source, "created_at/text/source")
        try check(bizFeature == strict.bizFeature && commentsCount == strict.commentsCount && attitudesCount == strict.attitudesCount, "counts")
        try check(authorName == strict.user.screenName && authorID == strict.user.id, "user.screen_name/user.id key paths")
        try check(visibleType == strict.visible.type && visibleListID == strict.visible.listID, "visible.* key paths")
        try check(annotations == strict.annotations && pictureIDs == strict.picIDs && darwinTags == strict.darwinTags, "arrays")
        try check(pictures.count == strict.picInfos.count, "pic_infos count")
        for (key, picture) in strict.picInfos {
            guard let mapped = pictures[key] else { try check(false, "pic_infos[\(key)] missing"); return }
            try check(mapped.picID == picture.picID && mapped.objectID == picture.objectID && mapped.photoTag == picture.photoTag, "pic_infos[\(key)] ids")
            let sizes = [(mapped.thumbnail, picture.thumbnail), (mapped.bmiddle, picture.bmiddle), (mapped.middlePlus, picture.middleplus),
                         (mapped.large, picture.large), (mapped.largest, picture.largest), (mapped.original, picture.original)]
            for (a, b) in sizes {
                try check(a.width == b.width.value && a.height == b.height.value && a.url == b.url && a.cutType == b.cutType, "pic_infos[\(key)] sizes")
            }
        }
        let u = strict.user
        try check(user.userID == u.id && user.idString == u.idstr && user.userClass == u.class && user.desc == u.description, "user renames")
        try check(user.badge == u.badge && user.privacyMobile == u.extend.privacy["mobile"] && user.mbPrivilege == u.extend.mbprivilege, "user.badge/extend")
        try check(user.followersCount == u.followersCount && user.verifiedReasonURL == u.verifiedReasonURL && user.following == u.following, "user fields")
    }
}
