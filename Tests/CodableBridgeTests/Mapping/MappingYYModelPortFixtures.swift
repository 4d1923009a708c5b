import CodableBridge
import Foundation

// Models for MappingYYModelPortTests: the models of YYModel's own test suite (YYModelTests/*.m),
// restated as Swift value types. NSNumber / NSString properties become optionals (YYModel leaves
// a property nil when its key is absent).

// MARK: YYTestModelMapper

/// No table: properties read their own names.
struct YYAutoModel: MappableCodable, Hashable {
    var name: String?
    var count: Int?
}

/// Custom keys, key paths, two properties on one key path, a deeper path under a path already
/// used, and a literal key that starts with a dot.
struct YYCustomMapperModel: MappableCodable, Equatable {
    var name: String?
    var count: Int?
    var desc1: String?
    var desc2: String?
    var desc3: String?
    var desc4: String?

    static var keyMapping: KeyMapping {
        ["name": "n",
         "count": "ext.c",
         "desc1": "ext.d",
         "desc2": "ext.d",
         "desc3": "ext.d.e",
         // YYModel drops the empty segment of ".ext" and reads the key ".ext"; CodableBridge
         // rejects the empty segment, and a literal key says the same thing explicitly.
         "desc4": .key(".ext")]
    }
}

/// Property names that clash with framework names in Objective-C are ordinary in Swift.
struct YYWarnModel: MappableCodable, Equatable {
    var description: String?
    var id: Int?
}

/// Containers without element classes keep the JSON values as they are, nulls included.
struct YYPlainContainerModel: MappableCodable, Equatable {
    var array: [JSONValue]?
    var dict: [String: JSONValue]?
    var set: Set<JSONValue>?
}

/// Containers of models: elements decode as `YYAutoModel`, nulls are dropped; the mutable
/// variants read the same keys as their immutable siblings.
struct YYGenericContainerModel: MappableCodable, Equatable {
    var array: [YYAutoModel]?
    var mArray: [YYAutoModel]?
    var dict: [String: YYAutoModel]?
    var mDict: [String: YYAutoModel]?
    var set: Set<YYAutoModel>?
    var mSet: Set<YYAutoModel>?

    static var keyMapping: KeyMapping { ["mArray": "array", "mDict": "dict", "mSet": "set"] }
}

// MARK: YYTestNestModel

struct YYNestUser: MappableCodable, Equatable {
    var uid: UInt64 = 0
    var name: String?
}

struct YYNestRepo: MappableCodable, Equatable {
    var repoID: UInt64 = 0
    var name: String?
    var user: YYNestUser?
}

// MARK: YYTestBlacklistWhitelist

struct YYBlacklistModel: MappableCodable, Equatable {
    var a: String?
    var b: String?
    var c: String?

    static var ignoredProperties: Set<String> { ["a"] }
}

struct YYWhitelistModel: MappableCodable, Equatable {
    var a: String?
    var b: String?
    var c: String?

    static var onlyProperties: Set<String>? { ["a"] }
}

/// YYModel's black-and-white model lists `a` in both tables (the blacklist wins there);
/// CodableBridge calls that a contradiction. The resulting behaviour — only `b` — is spelled
/// with one table.
struct YYBlackWhitelistModel: MappableCodable, Equatable {
    var a: String?
    var b: String?
    var c: String?

    static var onlyProperties: Set<String>? { ["b"] }
}

struct YYBlackAndWhitelistConflict: MappableCodable {
    var a: String?
    var b: String?
    static var ignoredProperties: Set<String> { ["a"] }
    static var onlyProperties: Set<String>? { ["a", "b"] }
}

// MARK: YYTestCustomClass

/// Picks a subclass from the keys present, as YYBaseUser's `modelCustomClassForDictionary`.
class YYBaseUser: MappableCodable, Hashable, @unchecked Sendable {
    var uid: UInt64
    var name: String

    init(uid: UInt64, name: String) {
        self.uid = uid
        self.name = name
    }

    class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        if json["localName"] != nil { return YYLocalUser.self }
        if json["remoteName"] != nil { return YYRemoteUser.self }
        return YYBaseUser.self
    }

    static func == (lhs: YYBaseUser, rhs: YYBaseUser) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.uid == rhs.uid && lhs.name == rhs.name
            && (lhs as? YYLocalUser)?.localName == (rhs as? YYLocalUser)?.localName
            && (lhs as? YYRemoteUser)?.remoteName == (rhs as? YYRemoteUser)?.remoteName
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(uid)
        hasher.combine(name)
    }
}

final class YYLocalUser: YYBaseUser, @unchecked Sendable {
    var localName: String

    private enum CodingKeys: String, CodingKey { case localName }

    required init(from decoder: any Decoder) throws {
        localName = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .localName)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(localName, forKey: .localName)
        try super.encode(to: encoder)
    }
}

final class YYRemoteUser: YYBaseUser, @unchecked Sendable {
    var remoteName: String

    private enum CodingKeys: String, CodingKey { case remoteName }

    required init(from decoder: any Decoder) throws {
        remoteName = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .remoteName)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(remoteName, forKey: .remoteName)
        try super.encode(to: encoder)
    }
}

struct YYCustomClassModel: MappableCodable, Equatable {
    var users: [YYBaseUser]?
    var nestedUsers: [[YYBaseUser]]?
    var userDict: [String: YYBaseUser]?
    var userSet: Set<YYBaseUser>?
    var user: YYBaseUser?
}

/// YYTestCustomClassModel's own `modelCustomClassForDictionary` returns user classes, which are
/// not subclasses of the model: YYModel silently goes on, CodableBridge reports the mistake.
struct YYUnrelatedClassChoice: MappableCodable {
    var uid: UInt64?

    static func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        json["localName"] != nil ? YYLocalUser.self : nil
    }
}

// MARK: YYTestCustomTransform

/// `time` travels as milliseconds since 1970; a model without a time is invalid both ways.
struct YYTransformModel: MappableCodable, Equatable {
    var id: UInt64 = 0
    var content: String?
    var time: Date?

    static var ignoredProperties: Set<String> { ["time"] }

    enum TransformError: Error, Equatable { case missingTime }

    mutating func didDecode(from json: JSONValue) throws {
        guard let milliseconds = json["time"]?.numberValue?.uint64Value, milliseconds != 0 else {
            throw TransformError.missingTime
        }
        time = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    func didEncode(into json: inout JSONObject) throws {
        guard let time else { throw TransformError.missingTime }
        json["time"] = .number(JSONNumber(UInt64((time.timeIntervalSince1970 * 1000).rounded())))
    }
}

// MARK: YYTestModelToJSON

struct YYToJSONModel: MappableCodable, Equatable {
    var boolValue = false
    var intValue: Int32 = 0
    var longValue: Int = 0
    var unsignedLongLongValue: UInt64 = 0
    var shortValue: Int16 = 0
    var doubleValue = 0.0
    var string: String?
    var date: Date?
    var url: URL?
    var array: [JSONValue]?
    var set: Set<String>?

    static var keyMapping: KeyMapping {
        ["intValue": "int",
         "longValue": "long",             // two properties on one key: the first written wins
         "unsignedLongLongValue": "long",
         "shortValue": "ext.short"]
    }
}

// MARK: YYTestThreadSafe

/// Three properties read the same key.
struct YYThreadSafeModel: MappableCodable, Equatable {
    var boolValue = false
    var intValue = 0
    var charValue: Int8 = 0

    static var keyMapping: KeyMapping { ["boolValue": "v", "intValue": "v", "charValue": "v"] }
}
