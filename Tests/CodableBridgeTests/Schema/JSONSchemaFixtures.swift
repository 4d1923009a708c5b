import Foundation
@testable import CodableBridge

/// Custom keys, a key path and alternate keys.
struct SchemaBook: MappableCodable, Equatable {
    var name: String
    var desc: String?
    var bookID: Int
    var pages: Int
    static var keyMapping: KeyMapping { ["name": "n", "desc": "ext.desc", "bookID": ["id", "ID", "book_id"]] }
}

/// A key path with a single candidate (`.path`), required under `.throw`.
struct SchemaNested: MappableCodable, Equatable {
    var city: String
    var zip: Int?
    static var keyMapping: KeyMapping { ["city": .path(["address", "city"]), "zip": .path(["address", "zip"])] }
}

/// `keyStyle`, ignored and one-direction properties.
struct SchemaStyled: MappableCodable, Equatable {
    var firstName: String
    var userID: Int
    var secret: String?
    var written: String?
    static var keyStyle: KeyStyle? { .snakeCase }
    static var ignoredProperties: Set<String> { ["secret"] }
    static var ignoredOnDecode: Set<String> { ["written"] }
}

/// A plain `Codable` type: the decoder's `keyDecodingStrategy` spells its keys.
struct SchemaSnake: Codable, Equatable {
    var firstName: String
    var lastSeen: Int?
}

/// `onlyProperties`.
struct SchemaOnly: MappableCodable, Equatable {
    var kept: Int
    var dropped: Int = 0
    static var onlyProperties: Set<String>? { ["kept"] }
}

struct SchemaAddress: MappableCodable, Equatable {
    var city: String
    var zip: String?
}

/// A flattened model: its keys are the parent's own.
struct SchemaPerson: MappableCodable, Equatable {
    var name: String
    var address: SchemaAddress
    static var keyMapping: KeyMapping { ["address": .flatten] }
}

/// An optional flattened model: its keys are never required.
struct SchemaMaybePerson: MappableCodable, Equatable {
    var name: String
    var address: SchemaAddress?
    static var keyMapping: KeyMapping { ["address": .flatten] }
}

enum SchemaExternalShape: MappableCodable, Equatable {
    case circle(radius: Double)
    case square(Double)
    case none
    static var keyMapping: KeyMapping { ["circle": "CIRCLE"] }
}

enum SchemaInternalShape: MappableCodable, Equatable {
    case circle(radius: Double)
    case rect(width: Int, height: Int)
    case none
    static var enumTagging: EnumTagging { .internal(tagKey: "type") }
    static var keyMapping: KeyMapping { ["rect": "rectangle"] }
}

enum SchemaAdjacentShape: MappableCodable, Equatable {
    case circle(radius: Double)
    case none
    static var enumTagging: EnumTagging { .adjacent(tagKey: "type", contentKey: "value") }
}

/// Optional and non-optional members of every kind.
struct SchemaOptionals: Codable, Equatable {
    var count: Int
    var label: String?
    var tags: [String]
    var extra: [String: Int]?
}

/// A tree: the type refers to itself through its children.
struct SchemaTreeNode: Codable, Equatable {
    var name: String
    var children: [SchemaTreeNode]
}

/// A recursive enum: a case holds the enum itself.
indirect enum SchemaExpression: Codable, Equatable {
    case number(Int)
    case sum(SchemaExpression, SchemaExpression)
}

/// A linked list through an optional.
final class SchemaLink: Codable, @unchecked Sendable {
    var value: Int = 0
    var next: SchemaLink?
}

struct SchemaCollections: Codable, Equatable {
    var numbers: [Int]
    var names: Set<String>
    var scores: [String: Double]
    var grid: [[Int8]]
    var books: [SchemaAddress]?
}

struct SchemaEvent: Codable, Equatable {
    var name: String
    var at: Date
}

enum SchemaColor: String, Codable, CaseIterable {
    case red, green, blue
}

/// A raw-value enum that is not `CaseIterable`: its cases are read from its layout.
enum SchemaLevel: Int, Codable {
    case low = 1, high = 5
}

enum SchemaStatus: String, Codable, UnknownCaseRepresentable {
    case active, unknown
    static var unknownCase: SchemaStatus { .unknown }
}

struct SchemaScalars: Codable {
    var small: Int8
    var byte: UInt8
    var big: Int64
    var ratio: Double
    var price: Decimal
    var flag: Bool
    var link: URL
    var id: UUID
    var blob: Data
    var color: SchemaColor
    var status: SchemaStatus
    var level: SchemaLevel?
    var any: JSONValue
}

/// A type whose `init(from:)` refuses every probe.
struct SchemaRefuser: Decodable, Equatable {
    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "never decodable"))
    }
}

struct SchemaRefuserHolder: Decodable {
    var name: String
    var odd: SchemaRefuser?
}

/// A hand-written `init(from:)`: `contains`, `decodeNil`, a nested container and a single value.
struct SchemaHandWritten: Decodable, Equatable {
    var id: Int
    var note: String?
    var lat: Double

    enum CodingKeys: String, CodingKey { case id, note, position }
    enum PositionKeys: String, CodingKey { case lat }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        note = container.contains(.note) ? try container.decode(String.self, forKey: .note) : nil
        lat = try container.nestedContainer(keyedBy: PositionKeys.self, forKey: .position).decode(Double.self, forKey: .lat)
    }
}

/// A wrapper that decodes from a single value.
struct SchemaWrapper: Decodable, Equatable {
    var raw: String
    init(from decoder: any Decoder) throws {
        raw = try decoder.singleValueContainer().decode(String.self)
    }
}

class SchemaPet: MappableCodable, @unchecked Sendable {
    var name = ""
    init() {}
    private enum CodingKeys: String, CodingKey { case name }
    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }
    func encode(to encoder: any Encoder) throws {}
}

final class SchemaCat: SchemaPet, @unchecked Sendable {
    var lives = 9
    private enum CodingKeys: String, CodingKey { case lives }
    required init(from decoder: any Decoder) throws {
        lives = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .lives)
        try super.init(from: decoder)
    }
}

/// `elementTypes`: the declared `SchemaPet` is decoded as `SchemaCat`.
struct SchemaCattery: MappableCodable {
    var cats: [SchemaPet]
    var boss: SchemaPet?
    static var elementTypes: [String: any Codable.Type] { ["cats": SchemaCat.self, "boss": SchemaCat.self] }
}

/// A generic class holding itself with another argument: a new type at every level.
final class SchemaDeep<T: Codable>: Codable, @unchecked Sendable {
    var value: T?
    var inner: SchemaDeep<[T]>?
}

/// Untyped values: `@JSONAny` reads any JSON, and a missing key gives its empty value.
struct SchemaUntyped: Codable {
    var name: String
    @JSONAny var payload: [String: Any]
    @JSONAny var extra: Any?
}
