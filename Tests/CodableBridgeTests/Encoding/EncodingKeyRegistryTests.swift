import Foundation
import Testing
@testable import CodableBridge

/// Keys that need an escape, among keys that do not: each is written as `JSONEncoder` writes it.
private struct EscapedKeys: Codable, Equatable {
    var plain = 1
    var quoted = 2
    var slashed = 3
    var backslashed = 4
    var control = 5
    var accented = 6

    enum CodingKeys: String, CodingKey {
        case plain = "id"
        case quoted = "say \"hi\""
        case slashed = "a/b"
        case backslashed = "c\\d"
        case control = "tab\there"
        case accented = "café"
    }
}

/// A container keyed by data that is still an enum: every key is a new one.
private enum DataKey: CodingKey {
    case named(String)

    var stringValue: String {
        switch self {
        case .named(let name): name
        }
    }

    var intValue: Int? { nil }

    init?(stringValue: String) { self = .named(stringValue) }
    init?(intValue: Int) { nil }
}

private struct ManyKeys: Encodable {
    let names: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DataKey.self)
        for (i, name) in names.enumerated() { try container.encode(i, forKey: .named(name)) }
    }
}

/// Writes its key twice: the later value replaces the earlier one.
private struct KeyWrittenTwice: Encodable {
    enum CodingKeys: String, CodingKey { case first, second }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .first)
        try container.encode(2, forKey: .second)
        try container.encode(3, forKey: .first)
    }
}

private struct Outer: Encodable {
    struct Inner: Encodable { var value: Double }
    var outer: Inner
}

/// Coding keys with `Int` raw values: each key has an `intValue`, which a coding path keeps.
private struct NumberedKeys: Encodable {
    var first = 1.0
    var second = Double.nan

    enum CodingKeys: Int, CodingKey {
        case first = 10
        case second = 20
    }
}

/// Writes `id` through two key types: a struct key (data, kept as text) and its coding keys.
private struct SameNameTwoKeyTypes: Encodable {
    enum CodingKeys: String, CodingKey { case id, name }

    func encode(to encoder: any Encoder) throws {
        var byData = encoder.container(keyedBy: AnyCodingKey.self)
        try byData.encode(1, forKey: AnyCodingKey("id"))
        var byCase = encoder.container(keyedBy: CodingKeys.self)
        try byCase.encode("n", forKey: .name)
        try byCase.encode(2, forKey: .id)
    }
}

/// A superclass and a subclass that write into one object, each with its own coding keys, one
/// name in both.
private class Base: Encodable {
    var id = 1
    var kind = "base"
    enum CodingKeys: String, CodingKey { case id, kind }
}

private final class Derived: Base {
    var extra = true
    enum DerivedKeys: String, CodingKey { case kind, extra }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: DerivedKeys.self)
        try container.encode("derived", forKey: .kind)
        try container.encode(extra, forKey: .extra)
    }
}

/// Many cases, written in an order other than declared, with names unlike the case names.
private struct ShuffledKeys: Encodable {
    enum CodingKeys: String, CodingKey {
        case a = "zeta", b = "eta", c, d = "theta_value", e = "i/o", f, g = "kappa", h
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for (i, key) in [CodingKeys.h, .c, .e, .a, .g, .b, .f, .d].enumerated() { try container.encode(i, forKey: key) }
    }
}

/// Runs `body` on a thread of its own, whose registry starts empty.
private func text(_ value: some Encodable, _ formatting: OutputFormatting = []) throws -> String {
    var encoder = BridgeEncoder()
    encoder.outputFormatting = formatting
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Suite("EncodingKeyRegistry: a model's keys written from text kept per thread")
struct EncodingKeyRegistryTests {
    @Test("sorted, kept keys are written as JSONEncoder writes them, escapes included", arguments: zip(
        [OutputFormatting.sortedKeys, [.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]],
        [JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]]
    ))
    func escapedKeys(formatting: OutputFormatting, foundationFormatting: JSONEncoder.OutputFormatting) throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = foundationFormatting
        var encoder = BridgeEncoder()
        encoder.outputFormatting = formatting
        // Twice: the first encode keeps the keys, the second writes them from what was kept.
        for _ in 0 ..< 2 {
            #expect(String(decoding: try encoder.encode(EscapedKeys()), as: UTF8.self)
                == String(decoding: try foundation.encode(EscapedKeys()), as: UTF8.self))
        }
    }

    @Test("kept keys in encode order: the first member without a comma, pretty text with its indentation")
    func order() throws {
        let compact = #"{"id":1,"say \"hi\"":2,"a\/b":3,"c\\d":4,"tab\there":5,"café":6}"#
        #expect(try text(EscapedKeys()) == compact)
        #expect(try text([EscapedKeys(), EscapedKeys()]) == "[\(compact),\(compact)]")
        #expect(try text(EscapedKeys(), .withoutEscapingSlashes) == compact.replacingOccurrences(of: #"a\/b"#, with: "a/b"))
        let pretty = """
            {
              "id" : 1,
              "say \\"hi\\"" : 2,
              "a\\/b" : 3,
              "c\\\\d" : 4,
              "tab\\there" : 5,
              "café" : 6
            }
            """
        #expect(try text(EscapedKeys(), .prettyPrinted) == pretty)
    }

    @Test("a key written twice keeps the later value, as JSONEncoder does")
    func repeatedKey() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(try text(KeyWrittenTwice(), .sortedKeys) == String(decoding: try foundation.encode(KeyWrittenTwice()), as: UTF8.self))
        #expect(try text(KeyWrittenTwice()) == #"{"second":2,"first":3}"#)
    }

    @Test("an error below a kept key names the key in its coding path")
    func codingPath() throws {
        do {
            _ = try BridgeEncoder().encode(Outer(outer: .init(value: .nan)))
            Issue.record("a NaN was encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["outer", "value"])
        }
    }

    @Test("only keys of enums are kept: not a dictionary's, not those of a custom key strategy, not a very long one")
    func whatIsKept() throws {
        let counts = OtherThread.run { () -> [Int] in
            var counts = [EncodingKeyRegistry.current.count]
            _ = try? BridgeEncoder().encode(Dictionary(uniqueKeysWithValues: (0 ..< 50).map { ("key\($0)", $0) }))
            _ = try? BridgeEncoder().encode([7: "seven"])
            counts.append(EncodingKeyRegistry.current.count)
            var custom = BridgeEncoder()
            custom.keyEncodingStrategy = .custom { path in AnyCodingKey(path.last!.stringValue.uppercased()) }
            _ = try? custom.encode(EscapedKeys())
            counts.append(EncodingKeyRegistry.current.count)
            _ = try? BridgeEncoder().encode(EscapedKeys())
            _ = try? BridgeEncoder().encode(EscapedKeys())
            counts.append(EncodingKeyRegistry.current.count)
            let long = String(repeating: "k", count: EncodingKeyRegistry.longestKey + 1)
            let text = (try? text(ManyKeys(names: [long, "short"]))) ?? ""
            counts.append(text == "{\"\(long)\":0,\"short\":1}" ? EncodingKeyRegistry.current.count : -1)
            return counts
        }
        #expect(counts == [0, 0, 0, 6, 7])
    }

    @Test("past the limit, keys are still written, from the tree, and the registry stops growing")
    func limit() throws {
        let names = (0 ..< EncodingKeyRegistry.limit + 100).map { "k\($0)" }
        let result = OtherThread.run { () -> (text: String, kept: Int) in
            let text = (try? text(ManyKeys(names: names))) ?? ""
            return (text, EncodingKeyRegistry.current.count)
        }
        #expect(result.kept == EncodingKeyRegistry.limit)
        let expected = "{" + names.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        #expect(result.text == expected)
    }

    @Test("coding keys found by case: each case writes its own name, in the order written, as JSONEncoder does")
    func keysByCase() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        for _ in 0 ..< 2 {
            #expect(try text(ShuffledKeys(), .sortedKeys) == String(decoding: try foundation.encode(ShuffledKeys()), as: UTF8.self))
        }
        #expect(try text(ShuffledKeys()) == #"{"h":0,"c":1,"i\/o":2,"zeta":3,"kappa":4,"eta":5,"f":6,"theta_value":7}"#)
    }

    @Test("a coding key with an intValue is kept whole in the coding path of an error below it")
    func numberedKeyInPath() throws {
        for _ in 0 ..< 2 {
            do {
                _ = try BridgeEncoder().encode(NumberedKeys())
                Issue.record("a NaN was encoded")
            } catch EncodingError.invalidValue(_, let context) {
                #expect(context.codingPath.map(\.stringValue) == ["second"])
                #expect(context.codingPath.map(\.intValue) == [20])
            }
        }
    }

    @Test("one name written through two key types: the later value replaces the earlier, as JSONEncoder does")
    func sameNameTwoKeyTypes() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        for _ in 0 ..< 2 {
            #expect(try text(SameNameTwoKeyTypes()) == #"{"name":"n","id":2}"#)
            #expect(try text(SameNameTwoKeyTypes(), .sortedKeys) == String(decoding: try foundation.encode(SameNameTwoKeyTypes()), as: UTF8.self))
            #expect(try text(Derived()) == #"{"id":1,"kind":"derived","extra":true}"#)
            #expect(try text(Derived(), .sortedKeys) == String(decoding: try foundation.encode(Derived()), as: UTF8.self))
        }
    }

    @Test("coding keys first seen when the registry is full are written by name")
    func caseKeysPastTheLimit() throws {
        let names = (0 ..< EncodingKeyRegistry.limit).map { "k\($0)" }
        let texts = OtherThread.run { () -> [String] in
            _ = try? text(ManyKeys(names: names))
            return (0 ..< 2).map { _ in (try? text(ShuffledKeys())) ?? "" }
        }
        let expected = #"{"h":0,"c":1,"i\/o":2,"zeta":3,"kappa":4,"eta":5,"f":6,"theta_value":7}"#
        #expect(texts == [expected, expected])
    }

    @Test("threads keep their own keys and write the same text")
    func threads() throws {
        let expected = try text([EscapedKeys(), EscapedKeys()])
        let texts = (0 ..< 4).map { _ in OtherThread.run { (try? text([EscapedKeys(), EscapedKeys()])) ?? "" } }
        #expect(texts.allSatisfy { $0 == expected })
    }
}
