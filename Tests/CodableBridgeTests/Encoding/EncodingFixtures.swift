import Foundation
@testable import CodableBridge

// Plain Codable shapes used by the encoder's parity and behaviour tests.

struct Address: Codable, Equatable {
    var street: String
    var zip: String?
    var geo: [Double]
}

struct Person: Codable, Equatable {
    var name: String
    var age: Int
    var email: String?
    var tags: [String]
    var address: Address
    var scores: [String: Int]
    var friends: [Person]
}

enum Suit: String, Codable { case hearts, spades = "♠" }
enum Rank: Int, Codable { case ace = 1, king = 13 }

enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case square(Double)
    case point
}

struct AllIntegers: Codable {
    var i = Int.min, i8 = Int8.min, i16 = Int16.min, i32 = Int32.min, i64 = Int64.min
    var u = UInt.max, u8 = UInt8.max, u16 = UInt16.max, u32 = UInt32.max, u64 = UInt64.max
}

struct Floats: Codable {
    var d: [Double] = [0, -0.0, 1, 0.1, 1e-7, 1e16, 1e15, 123456789.125, .pi, Double.leastNonzeroMagnitude, .greatestFiniteMagnitude, -2.5]
    var f: [Float] = [0, 1, 0.1, 3.4028235e38, Float.leastNonzeroMagnitude, 16777216, 12345678.9, -2.5]
    var single: Float = 0.1
    var double: Double = 0.1
}

struct Foundationish: Codable {
    var date = Date(timeIntervalSince1970: 1_714_564_800)
    var data = Data([0, 1, 2, 250, 255])
    var url = URL(string: "https://example.com/a/b?q=1&r=%20")!
    var relative = URL(string: "c/d", relativeTo: URL(string: "https://example.com/a/"))!
    var decimal = Decimal(string: "12345678901234567890.123456789")!
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
}

struct OptionalFields: Codable {
    var present: Int? = 1
    var absent: Int? = nil
    var absentString: String? = nil
    var absentModel: Address? = nil
    var nested: [Int?] = [1, nil, 3]
}

struct EncodesNothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

class Animal: Codable {
    var name = "generic"
    var legs = 4
}

class Dog: Animal {
    var breed = "collie"
    private enum CodingKeys: String, CodingKey { case breed }
    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
    }
}

class Cat: Animal {
    var indoor = true
    private enum CodingKeys: String, CodingKey { case indoor }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(indoor, forKey: .indoor)
        try super.encode(to: container.superEncoder())
    }
}

/// A custom `encode(to:)` using every container operation, out of order.
struct Handwritten: Encodable {
    enum Keys: String, CodingKey { case a, b, list, inner, again, custom }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
        try container.encode(1, forKey: .a)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try inner.encode("late", forKey: .b)
        try list.encode(1)
        var nestedList = list.nestedUnkeyedContainer()
        try nestedList.encode(true)
        var nestedObject = list.nestedContainer(keyedBy: Keys.self)
        try nestedObject.encodeNil(forKey: .a)
        try list.encode("after")
        var innerAgain = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
        try innerAgain.encode(2, forKey: .again)
        let superEncoder = list.superEncoder()
        var single = superEncoder.singleValueContainer()
        try single.encode("from super")
        try list.encode("last")
        let custom = container.superEncoder(forKey: .custom)
        var customContainer = custom.container(keyedBy: Keys.self)
        try customContainer.encode(3.5, forKey: .a)
    }
}

/// Encodes the same key twice: the later value wins, as in `JSONEncoder`.
struct RepeatedKey: Encodable {
    enum Keys: String, CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .a)
        try container.encode(2, forKey: .b)
        try container.encode("replaced", forKey: .a)
    }
}

struct Wrapper<T: Codable>: Codable {
    var value: T
}

struct SnakeKeys: Codable {
    var myURLProperty = 1
    var simpleOneTwo = 2
    var HTTPServer = 3
    var ABC = 4
    var _leading = 5
    var trailing_ = 6
    var url2Path = 7
    var already_snake = 8
    var a = 9
    var éÉa = 10
    var dictionary: [String: Int] = ["keepThisKey": 1]
    var intKeys: [Int: String] = [1: "one"]
}
