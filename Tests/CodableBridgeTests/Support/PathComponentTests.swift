import Foundation
import Testing
@testable import CodableBridge

@Suite struct PathComponentTests {
    private enum Keys: String, CodingKey { case id, name, nested = "ext.desc" }
    private enum OnlyKey: CodingKey { case only }
    private enum IntKeys: Int, CodingKey { case first = 1, second = 70_000 }
    private struct WideKey: CodingKey, Equatable {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    /// The component's key, as an error's coding path gives it back.
    private func roundTrip<K: CodingKey>(_ key: K) -> (any CodingKey, isPlain: Bool) {
        let component = PathComponent.key(key)
        if case .plainKey = component { return (component.codingKey, true) }
        return (component.codingKey, false)
    }

    /// Portable mode keeps every key boxed (Runtime/PlainData.swift); it comes back the same.
    #if CODABLEBRIDGE_PORTABLE
    private static let plainKeys = false
    #else
    private static let plainKeys = true
    #endif

    @Test func plainKeysComeBackAsTheSameKeyOfTheSameType() {
        for key in [Keys.id, .name, .nested] {
            let (back, isPlain) = roundTrip(key)
            #expect(isPlain == Self.plainKeys)
            #expect(back as? Keys == key)
            #expect(back.stringValue == key.stringValue)
        }
        let (only, onlyIsPlain) = roundTrip(OnlyKey.only)
        #expect(onlyIsPlain == Self.plainKeys)
        #expect(only as? OnlyKey == .only)
        for key in [IntKeys.first, .second] {
            let (back, isPlain) = roundTrip(key)
            #expect(isPlain == Self.plainKeys)
            #expect(back as? IntKeys == key)
            #expect(back.intValue == key.intValue)
        }
    }

    @Test func keysThatAreNotPlainBitsAreBoxed() {
        let key = WideKey(stringValue: "a key with a string inside")
        let (back, isPlain) = roundTrip(key)
        #expect(!isPlain)
        #expect(back as? WideKey == key)
    }

    @Test func aDecodingErrorThroughAPlainKeyNamesTheModelsOwnKey() throws {
        struct Model: Decodable {
            let id: Int
            enum CodingKeys: String, CodingKey { case id = "ID" }
        }
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        do {
            _ = try decoder.decode(Model.self, from: Data(#"{"ID": "seven"}"#.utf8))
            Issue.record("expected a type mismatch")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.count == 1)
            #expect(context.codingPath.first as? Model.CodingKeys == .id)
            #expect(context.codingPath.first?.stringValue == "ID")
        }
    }
}
