import CodableBridge
import Foundation

// MARK: - GitHub user (YYModel's "GithubUser" benchmark payload)

/// snake_case keys mapped to Swift names through a table instead of hand-written CodingKeys.
struct GitHubUser: MappableCodable {
    var login: String
    var userID: Int
    var avatarURL: URL?
    var htmlURL: URL?
    var type: String
    var siteAdmin: Bool
    var name: String?
    var company: String?
    var blog: String?
    var location: String?
    var email: String?
    var hireable: Bool?
    var bio: String?
    var publicRepos: Int
    var publicGists: Int
    var followers: Int
    var following: Int

    static var keyMapping: KeyMapping {
        ["userID": "id",
         "avatarURL": "avatar_url",
         "htmlURL": "html_url",
         "siteAdmin": "site_admin",
         "publicRepos": "public_repos",
         "publicGists": "public_gists"]
    }
}

// MARK: - Weibo status (YYModel's "WeiboStatus" benchmark payload)

/// Renamed keys, alternates, a key path and a polymorphic picture list.
struct WeiboStatus: MappableCodable {
    var statusID: Int64
    var createdAt: Date
    var text: String
    var source: String
    /// Read through a key path from the nested user object.
    var authorName: String
    var user: WeiboUser
    var repostsCount: Int
    var commentsCount: Int
    var attitudesCount: Int
    var pictureIDs: [String]
    /// Each picture's largest rendition, decoded as `JPEGPicture` or `WebPPicture` by its "type".
    var pictures: [String: PictureSet]

    static var keyMapping: KeyMapping {
        ["statusID": ["id", "idstr", "mid"],
         "createdAt": "created_at",
         "authorName": "user.screen_name",
         "repostsCount": "reposts_count",
         "commentsCount": "comments_count",
         "attitudesCount": "attitudes_count",
         "pictureIDs": "pic_ids",
         "pictures": "pic_infos"]
    }
}

struct WeiboUser: MappableCodable {
    var userID: Int64
    var screenName: String
    var gender: String
    var followersCount: Int
    var verified: Bool
    var createdAt: Date
    var avatarURL: URL?

    static var keyMapping: KeyMapping {
        ["userID": ["id", "idstr"],
         "screenName": "screen_name",
         "followersCount": "followers_count",
         "createdAt": "created_at",
         "avatarURL": ["avatar_hd", "avatar_large"]]
    }
}

struct PictureSet: MappableCodable {
    var thumbnail: Picture
    var largest: Picture
}

/// A picture rendition; `decodingType(for:)` picks the subclass from the JSON's "type".
class Picture: MappableCodable, CustomStringConvertible, @unchecked Sendable {
    var url: URL
    var width: Int
    var height: Int

    private enum CodingKeys: String, CodingKey { case url, width, height }

    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.decode(URL.self, forKey: .url)
        width = try c.decode(Int.self, forKey: .width)     // some widths arrive as "640": coerced
        height = try c.decode(Int.self, forKey: .height)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }

    class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["type"]?.stringValue {
        case "JPEG": JPEGPicture.self
        case "WEBP": WebPPicture.self
        default: nil
        }
    }

    var description: String { "\(Swift.type(of: self)) \(width)×\(height)" }
}

final class JPEGPicture: Picture, @unchecked Sendable {}
final class WebPPicture: Picture, @unchecked Sendable {}

// MARK: - A messy API payload

/// What real servers send: numbers as strings, strings as numbers, nulls, missing keys, odd dates.
struct MessyProfile: MappableCodable, DefaultInitializable {
    var id: Int = 0
    var name: String = "anonymous"
    var age: Int = 0
    var score: Double = 0
    var isActive: Bool = false
    var zip: String = ""
    var signedUpAt: Date?
    var homepage: URL?
    var tags: [String] = []
    var luckyNumbers: [Int] = []
    var nickname: String?

    static var keyMapping: KeyMapping {
        ["isActive": ["is_active", "active"], "signedUpAt": "signed_up_at", "luckyNumbers": "lucky_numbers"]
    }

    init() {}
}

// MARK: - Round trips that lose nothing

/// GitHub's account types; the payload's "Organization" is none of them.
enum AccountKind: String, Codable, UnknownCaseRepresentable {
    case user = "User", bot = "Bot", unknown
    static var unknownCase: AccountKind { .unknown }
}

/// A few properties of the GitHub user; every other member is captured in `extras` and written
/// back on encode, and the account type keeps its raw value through `OpenEnum`.
struct GitHubSnapshot: MappableCodable {
    var login: String
    var id: Int
    var type: OpenEnum<AccountKind>
    var kind: AccountKind = .unknown
    var extras = JSONObject()

    static var keyMapping: KeyMapping { ["kind": "type"] }
    static var ignoredOnEncode: Set<String> { ["kind"] }
    static var unknownKeysProperty: String? { "extras" }
}

// MARK: - Class models with fields

/// A three-level class hierarchy that lists its stored properties in `fields` and writes no
/// coding code; `decodingType(for:)` picks the class from "kind".
class Animal: BridgeObject, @unchecked Sendable {
    var name = ""
    var legs = 4

    override class var fields: [BridgeField] { [.field("name", \Animal.name), .field("legs", \Animal.legs)] }
    override class var keyMapping: KeyMapping { ["name": ["name", "n"]] }

    override class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        switch json["kind"]?.stringValue {
        case "dog": Dog.self
        case "puppy": Puppy.self
        default: nil
        }
    }
}

class Dog: Animal, @unchecked Sendable {
    var breed = "mixed"

    override class var fields: [BridgeField] { super.fields + [.field("breed", \Dog.breed)] }
    override class var keyMapping: KeyMapping { super.keyMapping.merging(["breed": "info.breed"]) { $1 } }
}

final class Puppy: Dog, @unchecked Sendable {
    var weeks = 8
    var vaccinated = false
    /// Never decoded nor encoded.
    var lastSeen = Date.distantPast

    override class var fields: [BridgeField] {
        super.fields + [.field("weeks", \Puppy.weeks), .field("vaccinated", \Puppy.vaccinated)]
    }
    override class var ignoredProperties: Set<String> { ["lastSeen"] }
}

/// A user of a streamed export (the streams section).
struct StreamUser: Codable {
    var login: String
    var id: Int
    var bio = ""
}
