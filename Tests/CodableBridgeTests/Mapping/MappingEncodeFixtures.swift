import CodableBridge
import Foundation

// Models for MappingEncodeTests: the mapping tables read backwards (yy_modelToJSONObject).

/// Every kind of entry: a key, key paths sharing a parent at two depths, alternates, an ignored
/// property and an unmapped one.
struct YYEncodeProduct: MappableCodable, Equatable {
    var name: String
    var price: Double
    var currency: String
    var width: Int?
    var height: Int?
    var sku: String
    var cache: String = ""
    var stock: Int

    static var keyMapping: KeyMapping {
        ["name": "n",
         "price": "ext.price.amount",
         "currency": "ext.price.currency",
         "width": "ext.size.w",
         "height": "ext.size.h",
         "sku": ["sku", "SKU", "product_sku"]]
    }

    static var ignoredProperties: Set<String> { ["cache"] }
}

/// Alternates whose first entry is a path, or a literal key with a dot.
struct YYEncodeAlternates: MappableCodable, Equatable {
    var a: Int
    var b: Int
    var c: Int
    var d: Int

    static var keyMapping: KeyMapping {
        ["a": ["meta.a", "a"],
         "b": [.key("v1.b"), "b"],
         "c": [.path(["deep", "er", "c"]), "c"],
         "d": [.key("x.y"), .path(["x", "y"])]]
    }
}

/// Properties that all want the key `id`: the first one written keeps it.
struct YYEncodeCollision: MappableCodable, Equatable {
    var first: Int
    var second: Int
    var id: Int

    static var keyMapping: KeyMapping { ["first": "id", "second": "id"] }
}

/// A key path under a key an earlier property wrote as a scalar, and the other way round.
struct YYEncodeScalarThenPath: MappableCodable, Equatable {
    var ext: String
    var desc: String

    static var keyMapping: KeyMapping { ["desc": "ext.desc"] }
}

struct YYEncodePathThenScalar: MappableCodable, Equatable {
    var desc: String
    var ext: String

    static var keyMapping: KeyMapping { ["desc": "ext.desc"] }
}

/// A path that runs through a key another path ends at.
struct YYEncodePathThroughLeaf: MappableCodable, Equatable {
    var short: Int
    var long: Int

    static var keyMapping: KeyMapping { ["short": "x.y", "long": "x.y.z"] }
}

/// A plain nested struct (its keys are its own), and a key path that joins the object it wrote.
struct YYEncodePlainExt: Codable, Equatable {
    var name: String
    var x: Int
}

struct YYEncodeJoin: MappableCodable, Equatable {
    var name: String
    var ext: YYEncodePlainExt
    var desc: String

    static var keyMapping: KeyMapping { ["name": "n", "desc": "ext.desc"] }
}

/// A mapped model inside a plain struct, and inside a key path of another mapped model.
struct YYEncodeChild: MappableCodable, Equatable {
    var name: String
    static var keyMapping: KeyMapping { ["name": "child_name"] }
}

struct YYEncodePlainParent: Codable, Equatable {
    var name: String
    var child: YYEncodeChild
}

struct YYEncodeWrapped: MappableCodable, Equatable {
    var name: String
    var child: YYEncodeChild
    var children: [YYEncodeChild]

    static var keyMapping: KeyMapping { ["child": "wrap.child", "children": "wrap.list"] }
}

/// Snake-case conversion applies to unmapped properties only.
struct YYEncodeStrategy: MappableCodable, Equatable {
    var firstName: String
    var lastName: String
    var homeTown: String

    static var keyMapping: KeyMapping { ["lastName": "familyNAME", "homeTown": "geo.homeTown"] }
}

/// `didEncode` restructures the finished object: it sees the key-path objects, renames, removes
/// and adds members.
struct YYEncodeReshaped: MappableCodable, Equatable {
    var id: Int
    var title: String
    var note: String?
    var tags: [String]

    static var keyMapping: KeyMapping { ["title": "meta.title", "note": "meta.note"] }

    func didEncode(into json: inout JSONObject) throws {
        guard case .object(var meta)? = json["meta"] else { return }
        meta["title"] = .string(title.uppercased())
        json["meta"] = .object(meta)
        if let tags = json.removeValue(forKey: "tags") { json["labels"] = tags }
        json["version"] = 2
    }

    /// Reads `labels` back into `tags`, undoing `didEncode`.
    static func willDecode(_ json: JSONValue) throws -> JSONValue {
        guard case .object(var object) = json else { return json }
        if let labels = object.removeValue(forKey: "labels") { object["tags"] = labels }
        return .object(object)
    }
}

/// `didEncode` throws for negative values; nested in every container position.
struct YYEncodeChecked: MappableCodable, Equatable {
    var value: Int

    enum Invalid: Error, Equatable, CustomStringConvertible {
        case negative(Int)
        var description: String {
            switch self { case .negative(let value): "negative value \(value)" }
        }
    }

    func didEncode(into json: inout JSONObject) throws {
        if value < 0 { throw Invalid.negative(value) }
    }
}

struct YYEncodeCheckedHolder: MappableCodable, Equatable {
    var one: YYEncodeChecked?
    var list: [YYEncodeChecked] = []
    var byKey: [String: YYEncodeChecked] = [:]
    var deep: YYEncodeCheckedHolderLevel?
    var pathed: YYEncodeChecked?

    static var keyMapping: KeyMapping { ["pathed": "p.q"] }
}

struct YYEncodeCheckedHolderLevel: MappableCodable, Equatable {
    var items: [[YYEncodeChecked]] = []
}

/// A parent's `didEncode` sees its children after theirs ran.
struct YYEncodeOuterHook: MappableCodable, Equatable {
    var inner: YYEncodeChecked
    var seen: String = ""

    static var ignoredProperties: Set<String> { ["seen"] }

    func didEncode(into json: inout JSONObject) throws {
        json["innerWasObject"] = .bool(json["inner"]?.objectValue != nil)
    }
}

/// A custom `encode(to:)` that asks for nested containers by mapped keys.
struct YYEncodeCustom: MappableCodable, Equatable {
    var label: String
    var point: [Int]

    enum CodingKeys: String, CodingKey { case label, point }
    enum PointKeys: String, CodingKey { case x, y }

    static var keyMapping: KeyMapping { ["label": "l", "point": "geo.point"] }

    init(label: String, point: [Int]) {
        self.label = label
        self.point = point
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        let nested = try container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
        point = [try nested.decode(Int.self, forKey: .x), try nested.decode(Int.self, forKey: .y)]
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        var nested = container.nestedContainer(keyedBy: PointKeys.self, forKey: .point)
        try nested.encode(point[0], forKey: .x)
        try nested.encode(point[1], forKey: .y)
    }
}

/// Under `nilEncodingStrategy = .null`, a nil optional's null yields to a later value for the
/// same key, and to a key path through it.
struct YYEncodeNullYields: MappableCodable, Equatable {
    var a: Int?
    var b: Int?
    var c: Int?
    var d: Int?

    static var keyMapping: KeyMapping { ["a": "x", "b": "x", "c": "p", "d": "p.q"] }
}

/// The opening example of Docs/Mapping.md.
struct YYDocsBook: MappableCodable, Equatable {
    var name: String
    var desc: String?
    var bookID: Int
    var tags: [String] = []
    var cache: String = ""

    static var keyMapping: KeyMapping {
        ["name": "n",
         "desc": "ext.desc",
         "bookID": ["id", "ID", "book_id"]]
    }
    static var ignoredProperties: Set<String> { ["cache"] }
}
