import Foundation
import Testing
@testable import CodableBridge

/// Standard Codable shapes give exactly the text of Foundation's `JSONEncoder` (compared with
/// `.sortedKeys`, since `JSONEncoder` on Linux writes keys in hash order).
@Suite struct BridgeEncoderParityTests {
    static let cases: [ParityCase] = [
        ParityCase("Int", 42),
        ParityCase("negative Int", -7),
        ParityCase("String", "a \"quoted\" / \\ string\n"),
        ParityCase("Bool", true),
        ParityCase("Double", 0.1),
        ParityCase("whole Double", 100.0),
        ParityCase("Float", Float(0.1)),
        ParityCase("Float16", Float16(0.1)),
        ParityCase("optional nil", Int?.none),
        ParityCase("optional some", Int?.some(3)),
        ParityCase("all integer types", AllIntegers()),
        ParityCase("floats", Floats()),
        ParityCase("[Int]", [1, 2, 3]),
        ParityCase("[String]", ["a", "é", "😀"]),
        ParityCase("[Double]", [1.5, 2, -0.0]),
        ParityCase("[Bool]", [true, false]),
        ParityCase("[[Int]]", [[1], [], [2, 3]]),
        ParityCase("[Int?]", [1, nil, 3]),
        ParityCase("empty array", [Int]()),
        ParityCase("Set", Set([3, 1, 2])),
        ParityCase("[String: Int]", ["b": 1, "a": 2, "c": 3]),
        ParityCase("[Int: String]", [2: "two", 1: "one", -5: "minus"]),
        ParityCase("[String: [String: Int]]", ["outer": ["inner": 1]]),
        ParityCase("[String: Int?]", ["a": nil, "b": 1] as [String: Int?]),
        ParityCase("empty dictionary", [String: Int]()),
        ParityCase("nested model", Person.sample),
        ParityCase("array of models", [Person.sample, Person.sample]),
        ParityCase("raw value enums", Wrapper(value: [Suit.hearts, .spades])),
        ParityCase("Int raw value enums", [Rank.ace, .king]),
        ParityCase("enums with associated values", [Shape.circle(radius: 1.5), .square(2), .point]),
        ParityCase("optional fields", OptionalFields()),
        ParityCase("Date Data URL Decimal UUID", Foundationish()),
        ParityCase("Decimal alone", Decimal(string: "-0.0001")!),
        ParityCase("class inheritance sharing the container", Dog()),
        ParityCase("class inheritance through superEncoder", Cat()),
        ParityCase("handwritten containers out of order", Handwritten()),
        ParityCase("repeated key", RepeatedKey()),
        ParityCase("nested value encoding nothing", [EncodesNothing()]),
        ParityCase("generic wrapper", Wrapper(value: Wrapper(value: [1: [true]]))),
    ]

    @Test(arguments: cases)
    func compactSortedMatchesFoundation(_ parity: ParityCase) throws {
        let (bridge, foundation) = try parity.texts(.sortedKeys)
        #expect(bridge == foundation)
    }

    @Test(arguments: cases)
    func prettySortedMatchesFoundation(_ parity: ParityCase) throws {
        let (bridge, foundation) = try parity.texts([.prettyPrinted, .sortedKeys])
        #expect(bridge == foundation)
    }

    @Test(arguments: cases)
    func withoutEscapingSlashesMatchesFoundation(_ parity: ParityCase) throws {
        let (bridge, foundation) = try parity.texts([.sortedKeys, .withoutEscapingSlashes])
        #expect(bridge == foundation)
    }

    @Test func keysFollowEncodingOrder() throws {
        let text = try bridgeText(Address(street: "s", zip: "z", geo: [1]))
        #expect(text == #"{"street":"s","zip":"z","geo":[1]}"#)
        #expect(try bridgeText(Handwritten()).hasPrefix(#"{"inner":{"b":"late","again":2},"a":1,"list":"#))
    }

    @Test func topLevelValueThatEncodesNothingThrows() {
        #expect {
            try BridgeEncoder().encode(EncodesNothing())
        } throws: { error in
            encodingContext(error)?.debugDescription == "Top-level EncodesNothing did not encode any values."
        }
    }

    @Test func entryPointsAgree() throws {
        let encoder = BridgeEncoder()
        let data = try encoder.encode(Person.sample)
        let string = try encoder.encodeToString(Person.sample)
        let tree = try encoder.encodeToJSONValue(Person.sample)
        #expect(String(decoding: data, as: UTF8.self) == string)
        #expect(tree.description == string)
        #expect(tree["address"]?["geo"]?[0] == .number(JSONNumber(text: "51.5")!))
        #expect(tree["email"] == nil)
        #expect(tree["address"]?["zip"] == "W1")
    }
}
