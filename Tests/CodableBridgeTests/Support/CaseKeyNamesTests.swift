import Foundation
import Testing
@testable import CodableBridge

/// Names unlike the case names, of several lengths (inline and not), one not ASCII.
private enum RenamedKeys: String, CodingKey, CaseIterable {
    case id = "identifier"
    case avatar = "avatar_url_of_the_account"
    case accent = "café"
    case empty = ""
    case plain
}

private enum OnlyKey: CodingKey, CaseIterable { case only }
private enum NumberedKeys: Int, CodingKey, CaseIterable { case first = 10, second = 20 }

/// A key enum with a payload: its values are not its cases.
private enum PayloadKey: CodingKey {
    case named(String)
    var stringValue: String { if case .named(let name) = self { name } else { "" } }
    var intValue: Int? { nil }
    init?(stringValue: String) { self = .named(stringValue) }
    init?(intValue: Int) { nil }
}

/// Reads its keys in an order unlike the document's and unlike their declaration.
private struct ShuffledReads: Decodable, Equatable {
    var values: [String: Int] = [:]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case a = "zeta", b = "eta", c, d = "theta_value_longer_than_sixteen", e = "i/o", f, g = "kappa", h = "ü"
    }

    init(values: [String: Int]) { self.values = values }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        for key in [CodingKeys.h, .c, .e, .a, .g, .b, .f, .d] {
            values[key.stringValue] = try container.decodeIfPresent(Int.self, forKey: key)
        }
        values["contains-g"] = container.contains(.g) ? 1 : 0
    }
}

/// `CaseKeyNames` (Support/CaseKeyNames.swift): a coding-key enum's UTF-8 names by case, which
/// a plain model's keyed container compares with the document's keys.
@Suite("CaseKeyNames")
struct CaseKeyNamesTests {
    #if !CODABLEBRIDGE_PORTABLE
    @Test("each case's bytes are its stringValue's, whatever the case's position and name")
    func namesByCase() throws {
        func check<Key: CodingKey & CaseIterable>(_ type: Key.Type) throws {
            let names = try #require(CaseKeyNames(Key.self))
            withExtendedLifetime(names) {
                for key in Key.allCases {
                    #expect(Array(names.table.utf8(of: key)) == Array(key.stringValue.utf8), "\(key)")
                }
            }
        }
        try check(RenamedKeys.self)
        try check(OnlyKey.self)
        try check(NumberedKeys.self)
        try check(ShuffledReads.CodingKeys.self)
    }

    @Test("a key type that is not a payload-free enum has no names")
    func notACaseEnum() {
        #expect(CaseKeyNames(PayloadKey.self) == nil)
        #expect(CaseKeyNames(AnyCodingKey.self) == nil)
    }
    #else
    @Test("portable builds have no names: keys are looked up by name")
    func portable() {
        #expect(CaseKeyNames(RenamedKeys.self) == nil)
    }
    #endif

    @Test("keys read by case find their own members, as JSONDecoder does")
    func decodesLikeFoundation() throws {
        let documents = [
            #"{"c": 3, "zeta": 1, "ü": 8, "eta": 2, "i\/o": 5, "f": 6, "kappa": 7, "theta_value_longer_than_sixteen": 4}"#,
            #"{"kappa": 7, "zeta": 1}"#,
            #"{"zeta ": 1, "zet": 2, "i/o": 5, "\u00fc": 8, "other": 0}"#,
            "{}",
        ]
        for document in documents {
            let data = Data(document.utf8)
            let expected = try JSONDecoder().decode(ShuffledReads.self, from: data)
            for _ in 0 ..< 2 {
                #expect(try BridgeDecoder().decode(ShuffledReads.self, from: data) == expected, "\(document)")
            }
        }
        let all = try BridgeDecoder().decode(ShuffledReads.self, from: Data(documents[0].utf8))
        #expect(all.values == ["zeta": 1, "eta": 2, "c": 3, "theta_value_longer_than_sixteen": 4, "i/o": 5, "f": 6, "kappa": 7, "ü": 8, "contains-g": 1])
    }
}
