import Foundation
import Testing
@testable import CodableBridge

/// Standard Codable shapes give exactly the text of Foundation's `JSONEncoder` (compared with
/// `.sortedKeys`, since `JSONEncoder` on Linux writes keys in hash order).
@Suite struct BridgeEncoderParityTests {
    static let cases: [EncoderParityCase] = [
        EncoderParityCase("Int", 42),
        EncoderParityCase("negative Int", -7),
        EncoderParityCase("String", "a \"quoted\" / \\ string\n"),
        EncoderParityCase("Bool", true),
        EncoderParityCase("Double", 0.1),
        EncoderParityCase("whole Double", 100.0),
        EncoderParityCase("Float", Float(0.1)),
        EncoderParityCase("Float16", Float16(0.1)),
        EncoderParityCase("optional nil", Int?.none),
        EncoderParityCase("optional some", Int?.some(3)),
        EncoderParityCase("all integer types", AllIntegers()),
        EncoderParityCase("floats", Floats()),
        EncoderParityCase("[Int]", [1, 2, 3]),
        EncoderParityCase("[String]", ["a", "é", "😀"]),
        EncoderParityCase("[Double]", [1.5, 2, -0.0]),
        EncoderParityCase("[Bool]", [true, false]),
        EncoderParityCase("[[Int]]", [[1], [], [2, 3]]),
        EncoderParityCase("[Int?]", [1, nil, 3]),
        EncoderParityCase("empty array", [Int]()),
        EncoderParityCase("Set", Set([3, 1, 2])),
        EncoderParityCase("[String: Int]", ["b": 1, "a": 2, "c": 3]),
        EncoderParityCase("[Int: String]", [2: "two", 1: "one", -5: "minus"]),
        EncoderParityCase("[String: [String: Int]]", ["outer": ["inner": 1]]),
        EncoderParityCase("[String: Int?]", ["a": nil, "b": 1] as [String: Int?]),
        EncoderParityCase("empty dictionary", [String: Int]()),
        EncoderParityCase("nested model", Person.sample),
        EncoderParityCase("array of models", [Person.sample, Person.sample]),
        EncoderParityCase("raw value enums", Wrapper(value: [Suit.hearts, .spades])),
        EncoderParityCase("Int raw value enums", [Rank.ace, .king]),
        EncoderParityCase("enums with associated values", [Shape.circle(radius: 1.5), .square(2), .point]),
        EncoderParityCase("optional fields", OptionalFields()),
        EncoderParityCase("Date Data URL Decimal UUID", Foundationish()),
        EncoderParityCase("Decimal alone", Decimal(string: "-0.0001")!),
        EncoderParityCase("class inheritance sharing the container", Dog()),
        EncoderParityCase("class inheritance through superEncoder", Cat()),
        EncoderParityCase("handwritten containers out of order", Handwritten()),
        EncoderParityCase("repeated key", RepeatedKey()),
        EncoderParityCase("nested value encoding nothing", [EncodesNothing()]),
        EncoderParityCase("generic wrapper", Wrapper(value: Wrapper(value: [1: [true]]))),
    ]

    @Test(arguments: cases)
    func compactSortedMatchesFoundation(_ parity: EncoderParityCase) throws {
        let (bridge, foundation) = try parity.texts(.sortedKeys)
        #expect(bridge == foundation)
    }

    @Test(arguments: cases)
    func prettySortedMatchesFoundation(_ parity: EncoderParityCase) throws {
        let (bridge, foundation) = try parity.texts([.prettyPrinted, .sortedKeys])
        #expect(bridge == foundation)
    }

    @Test(arguments: cases)
    func withoutEscapingSlashesMatchesFoundation(_ parity: EncoderParityCase) throws {
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
