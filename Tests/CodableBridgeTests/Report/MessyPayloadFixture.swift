import CodableBridge
import Foundation

// The "messy API" fixture: one JSON document of the kind real servers send — numbers as strings,
// strings as numbers, nulls, missing keys, unreadable dates, mixed-type arrays, a string holding
// JSON, a rejected element — and the 60 properties it is decoded into (34 in `MessyResponse`,
// 10 in `MessyUser`, 6 in `MessyStatus`, 2 in `MessyAuthor`, 3 in `MessyLocation`, 5 in
// `MessySettings`). MessyPayloadTests pins the exact report it produces.
//
// Decoded with `keyDecodingStrategy = .convertFromSnakeCase` (the JSON is snake_case) and the
// default `.flexible` dates.

struct MessyResponse: MappableCodable, Equatable {
    var requestID: String               // mapped: alternates "request_id", "requestId"
    var ok: Bool
    var code: Int
    var message: String
    var serverTime: Date
    var page: Int
    var pageSize: Int
    var total: Int64
    var hasMore: Bool
    var ratio: Double
    var temperature: Float
    var level: UInt8
    var priority: Int8
    var verified: Bool
    var premium: Bool
    var nickname: String?
    var bio: String
    var version: String
    var lastLogin: Date?
    var expiresAt: Date?
    var createdAt: Date
    var avatar: URL?
    var homepage: URL?
    var tags: [String]
    var scores: [Double]
    var ids: Set<Int>
    var counters: [String: Int]
    var user: MessyUser                 // mapped: key path "data.user"
    var location: MessyLocation?
    var embedded: MessyLocation
    var settings: MessySettings
    var statuses: [MessyStatus]
    var matrix: [[Int]]
    var extra: MessyLocation

    static var keyMapping: KeyMapping {
        ["requestID": ["request_id", "requestId"],
         "user": "data.user"]
    }
}

struct MessyUser: Codable, Equatable {
    var id: Int
    var name: String
    var age: Int
    var email: String
    var isActive: Bool
    var followers: Int
    var joined: Date
    var website: URL?
    var badges: [String]
    var score: Decimal
}

/// A status; one with empty text is rejected by `didDecode`.
struct MessyStatus: MappableCodable, Equatable {
    var id: Int
    var text: String
    var likes: Int
    var retweeted: Bool
    var createdAt: Date
    var user: MessyAuthor

    struct EmptyText: Error, CustomStringConvertible {
        var description: String { "a status needs text" }
    }

    mutating func didDecode(from json: JSONValue) throws {
        if text.isEmpty { throw EmptyText() }
    }
}

struct MessyAuthor: Codable, Equatable {
    var id: Int
    var handle: String
}

struct MessyLocation: Codable, Equatable {
    var lat: Double
    var lng: Double
    var city: String
}

/// Declared defaults for whatever the server leaves out.
struct MessySettings: MappableCodable, DefaultInitializable, Equatable {
    var theme = "light"
    var pageSize = 20
    var notifications = true
    var language = "en"
    var fontScale = 1.0
}

enum MessyPayload {
    /// The document. Comments in MessyPayloadTests say what each odd value becomes.
    static let json = #"""
    {
      "request_id": null,
      "requestId": 90210,
      "ok": "true",
      "code": "200",
      "message": null,
      "server_time": "2024-05-01 12:00:00",
      "page": 1.0,
      "total": "12345678901",
      "has_more": 0,
      "ratio": "0.75",
      "temperature": "-3.5",
      "level": 300,
      "priority": "-5",
      "verified": "YES",
      "premium": 2,
      "nickname": 12345,
      "version": 2.10,
      "last_login": "31/12/2023",
      "expires_at": null,
      "created_at": 1445534567,
      "avatar": " https://cdn.example.com/a.png ",
      "homepage": "",
      "tags": ["swift", 42, null, true, "ios"],
      "scores": [1.5, "2.5", "x", null, 3],
      "ids": [1, "2", 2, "three"],
      "counters": {"likes": 10, "shares": "3", "views": "many", "saves": null},
      "data": {
        "user": {
          "id": "42", "name": null, "age": "27.0", "email": 5, "is_active": "yes", "followers": "1.2k",
          "joined": "2015-10-22T17:22:47+08:00", "website": 12, "badges": ["gold", 3, {"x": 1}], "score": "99.50"
        }
      },
      "location": "unknown",
      "embedded": "{\"lat\": 1.5, \"lng\": \"2.5\"}",
      "settings": {"theme": null, "page_size": "50", "language": {"code": "fr"}},
      "statuses": [
        {"id": 1, "text": "hello", "likes": "10", "retweeted": "false", "created_at": "2024-05-01T10:00:00Z",
         "user": {"id": 7, "handle": "ann"}},
        {"id": "2", "text": 404, "likes": null, "retweeted": 1, "created_at": "Fri Sep 04 00:12:21 +0800 2015",
         "user": {"id": 8, "handle": "bob"}},
        {"id": 3, "text": "", "likes": 1, "retweeted": false, "created_at": "2024-05-01",
         "user": {"id": 9, "handle": "cy"}},
        {"id": 4, "text": "bye", "likes": 2.0, "retweeted": "no", "created_at": "2024-05-02T08:30:00.250+02:00",
         "user": {"id": "77", "handle": null}},
        {"id": 5, "text": "late", "likes": 0, "retweeted": false, "created_at": "next tuesday",
         "user": {"id": 10, "handle": "dee"}},
        "oops",
        null
      ],
      "matrix": [[1, "2"], "x", [3, null]]
    }
    """#

    /// What `.lenient` decodes it into.
    static let lenientValue = MessyResponse(
        requestID: "90210", ok: true, code: 200, message: "",
        serverTime: Date(timeIntervalSince1970: 1_714_564_800), page: 1, pageSize: 0, total: 12_345_678_901,
        hasMore: false, ratio: 0.75, temperature: -3.5, level: 0, priority: -5, verified: true, premium: false,
        nickname: "12345", bio: "", version: "2.10", lastLogin: nil, expiresAt: nil,
        createdAt: Date(timeIntervalSince1970: 1_445_534_567), avatar: URL(string: "https://cdn.example.com/a.png"), homepage: nil,
        tags: ["swift", "42", "true", "ios"], scores: [1.5, 2.5, 3], ids: [1, 2], counters: ["likes": 10, "shares": 3],
        user: MessyUser(id: 42, name: "", age: 27, email: "5", isActive: true, followers: 0,
                        joined: Date(timeIntervalSince1970: 1_445_505_767), website: nil, badges: ["gold", "3"],
                        score: Decimal(string: "99.50")!),
        location: nil,
        embedded: MessyLocation(lat: 1.5, lng: 2.5, city: ""),
        settings: MessySettings(theme: "light", pageSize: 50, notifications: true, language: "en", fontScale: 1.0),
        statuses: [
            MessyStatus(id: 1, text: "hello", likes: 10, retweeted: false, createdAt: Date(timeIntervalSince1970: 1_714_557_600),
                        user: MessyAuthor(id: 7, handle: "ann")),
            MessyStatus(id: 2, text: "404", likes: 0, retweeted: true, createdAt: Date(timeIntervalSince1970: 1_441_296_741),
                        user: MessyAuthor(id: 8, handle: "bob")),
            MessyStatus(id: 4, text: "bye", likes: 2, retweeted: false, createdAt: Date(timeIntervalSince1970: 1_714_631_400.25),
                        user: MessyAuthor(id: 77, handle: "")),
        ],
        matrix: [[1, 2], [3]],
        extra: MessyLocation(lat: 0, lng: 0, city: ""))
}
