import CodableBridge
import Foundation
import Testing

/// A metatype value is honoured as `JSONDecoder` honours it (it calls `type.init(from:)`): a
/// `Person.Type` holding `Employee.self` decodes an `Employee`, at every entry point and in the
/// containers that receive the metatype; and `decodeIfPresent` at the end of an unkeyed container is `nil`.
@Suite struct MetatypeParityTests {
    class Person: Codable, @unchecked Sendable {
        var name: String
        init(name: String) { self.name = name }
    }

    final class Employee: Person, @unchecked Sendable {
        var badge: Int
        enum CodingKeys: String, CodingKey { case badge }
        required init(from decoder: any Decoder) throws {
            badge = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .badge)
            try super.init(from: decoder)
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(badge, forKey: .badge)
            try super.encode(to: encoder)
        }
    }

    static let employee = #"{"name": "Ada", "badge": 7}"#
    static let dynamicType: Person.Type = Employee.self

    /// (what it is decoded through, the badge read, or nil when the value is not an `Employee`)
    static func described(_ person: Person) -> String {
        (person as? Employee).map { "Employee \($0.name) \($0.badge)" } ?? "Person \(person.name)"
    }

    @Test("the top-level entry points decode through the metatype value", arguments: [true, false])
    func topLevel(compatible: Bool) throws {
        let decoder = compatible ? BridgeDecoder.foundationCompatible : BridgeDecoder()
        let foundation = try JSONDecoder().decode(Self.dynamicType, from: Data(Self.employee.utf8))
        #expect(Self.described(foundation) == "Employee Ada 7")

        #expect(Self.described(try decoder.decode(Self.dynamicType, from: Data(Self.employee.utf8))) == "Employee Ada 7")
        #expect(Self.described(try decoder.decode(Self.dynamicType, from: Self.employee)) == "Employee Ada 7")
        #expect(Self.described(try decoder.decode(Self.dynamicType, from: Array(Self.employee.utf8))) == "Employee Ada 7")
        #expect(Self.described(try decoder.decode(Self.dynamicType, from: try JSONValue(parsing: Self.employee))) == "Employee Ada 7")
        var report = DecodingReport()
        #expect(Self.described(try decoder.decode(Self.dynamicType, from: Self.employee, report: &report)) == "Employee Ada 7")
        let wrapped = #"{"data": {"staff": \#(Self.employee)}}"#
        #expect(Self.described(try decoder.decode(Self.dynamicType, from: wrapped, at: "data.staff")) == "Employee Ada 7")
        let lines = try decoder.decodeJSONLines(Self.dynamicType, from: Data((Self.employee + "\n" + Self.employee).utf8))
        #expect(lines.map(Self.described) == ["Employee Ada 7", "Employee Ada 7"])
    }

    @Test("update keeps the value's own class")
    func update() throws {
        var person: Person = try BridgeDecoder().decode(Employee.self, from: Self.employee)
        try BridgeDecoder().update(&person, from: #"{"badge": 9}"#)
        #expect(Self.described(person) == "Employee Ada 9")
    }

    /// Decodes its members through the metatype values it is given.
    struct Holder: Decodable {
        var keyed: Person
        var optional: Person?
        var listed: [Person]
        var single: Person

        enum CodingKeys: String, CodingKey { case keyed, optional, listed, single }

        init(from decoder: any Decoder) throws {
            let type = MetatypeParityTests.dynamicType
            let container = try decoder.container(keyedBy: CodingKeys.self)
            keyed = try container.decode(type, forKey: .keyed)
            optional = try container.decodeIfPresent(type, forKey: .optional)
            var list = try container.nestedUnkeyedContainer(forKey: .listed)
            var listed: [Person] = []
            while !list.isAtEnd { listed.append(try list.decode(type)) }
            self.listed = listed
            single = try container.superDecoder(forKey: .single).singleValueContainer().decode(type)
        }
    }

    @Test("unkeyed and single-value containers decode through the metatype value, keyed ones as JSONDecoder", arguments: [true, false])
    func containers(compatible: Bool) throws {
        let decoder = compatible ? BridgeDecoder.foundationCompatible : BridgeDecoder()
        let e = Self.employee
        let json = Data(#"{"keyed": \#(e), "optional": \#(e), "listed": [\#(e)], "single": \#(e)}"#.utf8)
        func described(_ holder: Holder) -> [String?] {
            [holder.keyed, holder.optional, holder.listed.first, holder.single].map { $0.map(Self.described) }
        }
        // A keyed container is given `T.self` by the standard library's `KeyedDecodingContainer`,
        // so only the unkeyed and single-value containers see the metatype value.
        let expected = ["Person Ada", "Person Ada", "Employee Ada 7", "Employee Ada 7"]
        #expect(described(try JSONDecoder().decode(Holder.self, from: json)) == expected)
        #expect(described(try decoder.decode(Holder.self, from: json)) == expected)
    }

    /// Reads three optional elements from a two-element array.
    struct ThreeFromTwo: Decodable, Equatable {
        var values: [Int?]
        init(values: [Int?]) { self.values = values }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            values = [try container.decodeIfPresent(Int.self), try container.decodeIfPresent(Int.self),
                      try container.decodeIfPresent(Int.self)]
            _ = try container.decodeIfPresent(PF.Zip.self)
        }
    }

    /// Reads a model past the end of an array with the generic `decodeIfPresent`.
    struct ModelPastEnd: Decodable, Equatable {
        var first: PF.Zip?
        var second: PF.Zip?
        init(first: PF.Zip?, second: PF.Zip?) { (self.first, self.second) = (first, second) }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            first = try container.decodeIfPresent(PF.Zip.self)
            second = try container.decodeIfPresent(PF.Zip.self)
        }
    }

    @Test("decodeIfPresent at the end of an unkeyed container is nil, as in JSONDecoder", arguments: [true, false])
    func decodeIfPresentAtEnd(compatible: Bool) throws {
        let decoder = compatible ? BridgeDecoder.foundationCompatible : BridgeDecoder()
        let scalars = Data("[1, null]".utf8)
        #expect(try JSONDecoder().decode(ThreeFromTwo.self, from: scalars) == ThreeFromTwo(values: [1, nil, nil]))
        #expect(try decoder.decode(ThreeFromTwo.self, from: scalars) == ThreeFromTwo(values: [1, nil, nil]))
        let models = Data(#"[{"zip": 1}]"#.utf8)
        let expected = ModelPastEnd(first: PF.Zip(zip: 1), second: nil)
        #expect(try JSONDecoder().decode(ModelPastEnd.self, from: models) == expected)
        #expect(try decoder.decode(ModelPastEnd.self, from: models) == expected)
    }
}
