import Foundation

/// Parity fixtures, namespaced so they never collide with other suites' model types.
enum PF {

    // Model types shared by the parity suites. All synthesized unless a custom `init(from:)` is the
    // point of the fixture; all `Equatable` so both decoders' results can be compared.

    struct Zip: Codable, Equatable, Sendable { var zip: Int }
    struct Person: Codable, Equatable, Sendable { var name: String; var address: Zip }
    struct Directory: Codable, Equatable, Sendable { var users: [Person] }

    struct OptionalField: Codable, Equatable, Sendable { var a: Int? }
    struct TwoFields: Codable, Equatable, Sendable { var a: Int; var b: String }
    struct BoolField: Codable, Equatable, Sendable { var b: Bool }
    struct Int8Field: Codable, Equatable, Sendable { var a: Int8 }
    struct UIntList: Codable, Equatable, Sendable { var a: [UInt] }
    struct DateField: Codable, Equatable, Sendable { var d: Date }
    struct DataField: Codable, Equatable, Sendable { var d: Data }
    struct URLField: Codable, Equatable, Sendable { var url: URL }
    struct DecimalField: Codable, Equatable, Sendable { var amount: Decimal }

    /// Every kind of property a synthesized `Codable` can have, for round-trip-shaped cases.
    struct Everything: Codable, Equatable, Sendable {
        var int: Int
        var int8: Int8
        var uint64: UInt64
        var double: Double
        var float: Float
        var bool: Bool
        var string: String
        var optional: String?
        var list: [Int]
        var nested: [[String]]
        var map: [String: Int]
        var intMap: [Int: String]
        var set: Set<Int>
        var child: Zip?
    }

    enum Color: String, Codable, Equatable, Sendable { case red, green, blue }
    enum Level: Int, Codable, Equatable, Sendable { case low = 1, high = 2 }
    struct Paint: Codable, Equatable, Sendable { var color: Color; var level: Level }

    /// Synthesized enum coding: `{"circle": {"_0": 2}}`, `{"rect": {"w": 1, "h": 2}}`, `{"none": {}}`.
    enum Shape: Codable, Equatable, Sendable {
        case circle(Double)
        case rect(w: Double, h: Double)
        case labeled(String, count: Int)
        case none
    }

    struct Drawing: Codable, Equatable, Sendable { var shapes: [Shape] }

    /// A custom `init(from:)` walking nested keyed and unkeyed containers.
    ///
    ///     {"outer": {"x": 1, "list": ["a", "b"]}, "list": [{"x": 3}]}
    struct NestedContainers: Decodable, Equatable, Sendable {
        var a: Int
        var b: [String]
        var c: Int

        enum Keys: String, CodingKey { case outer, list, x }

        init(a: Int, b: [String], c: Int) { self.a = a; self.b = b; self.c = c }

        init(from decoder: any Decoder) throws {
            let root = try decoder.container(keyedBy: Keys.self)
            let outer = try root.nestedContainer(keyedBy: Keys.self, forKey: .outer)
            a = try outer.decode(Int.self, forKey: .x)
            var list = try outer.nestedUnkeyedContainer(forKey: .list)
            b = []
            while !list.isAtEnd { b.append(try list.decode(String.self)) }
            var rootList = try root.nestedUnkeyedContainer(forKey: .list)
            let inner = try rootList.nestedContainer(keyedBy: Keys.self)
            c = try inner.decode(Int.self, forKey: .x)
        }
    }

    /// A base class with synthesized coding.
    class Animal: Codable, Equatable, @unchecked Sendable {
        var id: Int
        init(id: Int) { self.id = id }
        static func == (l: Animal, r: Animal) -> Bool { l.isEqual(to: r) }
        func isEqual(to other: Animal) -> Bool { type(of: self) == type(of: other) && id == other.id }
    }

    /// `super.init(from: decoder)`: the parent's keys live in the same object.
    final class FlatDog: Animal, @unchecked Sendable {
        var name: String
        enum Keys: String, CodingKey { case name }
        init(id: Int, name: String) { self.name = name; super.init(id: id) }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .name)
            try super.init(from: decoder)
        }
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(name, forKey: .name)
            try super.encode(to: encoder)
        }
        override func isEqual(to other: Animal) -> Bool {
            super.isEqual(to: other) && name == (other as? FlatDog)?.name
        }
    }

    /// `superDecoder()`: the parent's keys live under `"super"`.
    final class NestedDog: Animal, @unchecked Sendable {
        var name: String
        enum Keys: String, CodingKey { case name }
        init(id: Int, name: String) { self.name = name; super.init(id: id) }
        required init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            name = try c.decode(String.self, forKey: .name)
            try super.init(from: c.superDecoder())
        }
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(name, forKey: .name)
            try super.encode(to: c.superEncoder())
        }
        override func isEqual(to other: Animal) -> Bool {
            super.isEqual(to: other) && name == (other as? NestedDog)?.name
        }
    }

    /// `superDecoder(forKey:)`: the parent's keys live under `"parent"`.
    final class KeyedDog: Animal, @unchecked Sendable {
        var name: String
        enum Keys: String, CodingKey { case name, parent }
        init(id: Int, name: String) { self.name = name; super.init(id: id) }
        required init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            name = try c.decode(String.self, forKey: .name)
            try super.init(from: c.superDecoder(forKey: .parent))
        }
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(name, forKey: .name)
            try super.encode(to: c.superEncoder(forKey: .parent))
        }
        override func isEqual(to other: Animal) -> Bool {
            super.isEqual(to: other) && name == (other as? KeyedDog)?.name
        }
    }

    /// A coding key made at run time.
    struct DynamicKey: CodingKey, Hashable, Sendable {
        var stringValue: String
        var intValue: Int?
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
    }

    /// The sorted `allKeys` of an object, as the decoder presents them (after key strategies).
    struct KeyList: Decodable, Equatable, Sendable {
        var keys: [String]
        init(keys: [String]) { self.keys = keys }
        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: DynamicKey.self).allKeys.map(\.stringValue).sorted()
        }
    }

    /// A log of what an unkeyed container reports, step by step, for `[…]` inputs.
    struct UnkeyedLog: Decodable, Equatable, Sendable {
        var log: [String]
        init(log: [String]) { self.log = log }
        init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            log = ["count=\(c.count.map(String.init) ?? "nil") atEnd=\(c.isAtEnd) index=\(c.currentIndex)"]
            while !c.isAtEnd {
                if try c.decodeNil() {
                    log.append("nil index=\(c.currentIndex)")
                } else {
                    let value = try c.decode(Int.self)
                    log.append("\(value) index=\(c.currentIndex)")
                }
            }
            log.append("end atEnd=\(c.isAtEnd) index=\(c.currentIndex)")
        }
    }

    /// Reads a value from `userInfo` in `init(from:)`.
    struct UserInfoReader: Decodable, Equatable, Sendable {
        static let key = CodingUserInfoKey(rawValue: "parity.greeting")!
        var greeting: String
        var nestedGreeting: String
        init(greeting: String, nestedGreeting: String) { self.greeting = greeting; self.nestedGreeting = nestedGreeting }
        struct Child: Decodable { var seen: String
            init(from decoder: any Decoder) throws { seen = decoder.userInfo[UserInfoReader.key] as? String ?? "<none>" }
        }
        enum Keys: String, CodingKey { case child }
        init(from decoder: any Decoder) throws {
            greeting = decoder.userInfo[Self.key] as? String ?? "<none>"
            nestedGreeting = try decoder.container(keyedBy: Keys.self).decode(Child.self, forKey: .child).seen
        }
    }

}
