import Foundation
import Testing
@testable import CodableBridge

// Decode → encode → decode gives an equal model, for every mapping fixture: the encoder writes
// what the decoder reads (mapped keys, key paths, first alternates, hook output, subclass tags).
// A second encode gives the same JSON as the first (the output is stable).

/// One fixture and a JSON document it decodes from.
struct MappingRoundTripCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Runs decode → encode → decode → encode with `encoder`, checking equality.
    let check: @Sendable (BridgeEncoder) throws -> Void

    /// - Parameter ordered: Whether the JSON is the same from one encode to the next (not for
    ///   models holding a `Set`, whose order is not kept).
    init<T: Codable & Equatable & SendableMetatype>(_ type: T.Type, _ json: String, _ label: String = "", ordered: Bool = true) {
        testDescription = "\(T.self)" + (label.isEmpty ? "" : " (\(label))")
        check = { encoder in
            let decoder = BridgeDecoder()
            let first = try decoder.decode(T.self, from: json)
            let encoded = try encoder.encode(first)
            let text = String(decoding: encoded, as: UTF8.self)
            let second = try decoder.decode(T.self, from: encoded)
            #expect(second == first, "\(T.self) changed through \(text)")
            if ordered {
                #expect(try JSONValue(parsing: encoder.encode(second)) == JSONValue(parsing: encoded), "\(T.self): second encode differs from \(text)")
            }
        }
    }
}

@Suite("Mapping round trips")
struct MappingRoundTripTests {
    static let cases: [MappingRoundTripCase] = [
        // MappingFixtures.swift
        MappingRoundTripCase(Book.self, #"{"n": "Harry", "ext": {"desc": "A wizard"}, "ID": 7, "pages": 300}"#),
        MappingRoundTripCase(Book.self, #"{"n": "Harry", "book_id": 7}"#, "no desc"),
        MappingRoundTripCase(Paths.self, #"{"a.b": "literal", "x.y": "lit", "p": {"q.r": "seg"}, "one": {"two": {"three": 3}}}"#),
        MappingRoundTripCase(SharedKey.self, #"{"name": "n"}"#),
        MappingRoundTripCase(Filtered.self, #"{"kept": "k", "secret": "s", "other": 3}"#),
        MappingRoundTripCase(Allowed.self, #"{"a": 1, "b": 2, "c": 3}"#),
        MappingRoundTripCase(Drawing.self, #"""
            {"main": {"type": "square", "name": "s", "side": 3},
             "shapes": [{"type": "circle", "name": "c", "radius": 1}, {"name": "plain"}],
             "named": {"x": {"type": "circle", "name": "cx", "radius": 5}},
             "backup": {"type": "circle", "name": "b", "radius": 6}}
            """#),
        MappingRoundTripCase(CircleDrawing.self, #"{"main": {"name": "m", "radius": 1}, "shapes": [{"name": "a", "radius": 2}], "lookup": {"k": {"name": "b", "radius": 3}}}"#),
        MappingRoundTripCase(Hooked.self, #"{"legacy_value": 5}"#),
        MappingRoundTripCase(HookedHolder.self, #"{"required": {"value": 1}, "optional": {"value": 2}, "list": [{"value": 3}, {"value": -1}], "map": {"a": {"value": 4}}}"#),
        MappingRoundTripCase(Settings.self, #"{"theme": "dark"}"#),
        // MappingYYModelPortFixtures.swift
        MappingRoundTripCase(YYAutoModel.self, #"{"name": "Apple", "count": 12}"#),
        MappingRoundTripCase(YYCustomMapperModel.self, #"{"n": "Apple", "ext": {"c": 12, "d": "Apple"}, ".ext": "x"}"#, "ext.d"),
        MappingRoundTripCase(YYCustomMapperModel.self, #"{"ext": {"d": {"e": "Apple"}}}"#, "ext.d.e"),
        MappingRoundTripCase(YYWarnModel.self, #"{"description": "Apple", "id": 12345}"#),
        MappingRoundTripCase(YYPlainContainerModel.self, #"{"array": [1, "a", null, {"k": [true]}], "dict": {"N": null, "x": 1.5}, "set": [1, null, "1"]}"#, ordered: false),
        MappingRoundTripCase(YYGenericContainerModel.self, MappingYYModelPortTests.containerArray, "array"),
        MappingRoundTripCase(YYGenericContainerModel.self, MappingYYModelPortTests.containerDict, "dict"),
        MappingRoundTripCase(YYGenericContainerModel.self, MappingYYModelPortTests.containerSet, "set", ordered: false),
        MappingRoundTripCase(YYNestRepo.self, #"{"repoID": 1234, "name": "YYModel", "user": {"uid": 5678, "name": "ibireme"}}"#),
        MappingRoundTripCase(YYBlacklistModel.self, MappingYYModelPortTests.abcd),
        MappingRoundTripCase(YYWhitelistModel.self, MappingYYModelPortTests.abcd),
        MappingRoundTripCase(YYBlackWhitelistModel.self, MappingYYModelPortTests.abcd),
        MappingRoundTripCase(YYCustomClassModel.self, #"""
            {"user": {"uid": 1, "name": "a", "localName": "l"},
             "users": [{"uid": 2, "name": "b"}, {"uid": 3, "name": "c", "remoteName": "r"}],
             "nestedUsers": [[{"uid": 4, "name": "d", "localName": "l"}]],
             "userDict": {"k": {"uid": 5, "name": "e", "remoteName": "r"}},
             "userSet": [{"uid": 6, "name": "f"}, {"uid": 7, "name": "g", "localName": "l"}]}
            """#, ordered: false),
        MappingRoundTripCase(YYTransformModel.self, #"{"id": 5472746497, "content": "Hello", "time": 1401234567123}"#),
        MappingRoundTripCase(YYToJSONModel.self, #"""
            {"boolValue": true, "int": 1, "long": 2, "ext": {"short": 4}, "doubleValue": 0.1, "string": "s",
             "date": "1973-03-03T09:46:40Z", "url": "https://github.com", "array": [1, "2"], "set": ["x"]}
            """#),
        // Several properties on one key round-trip when they agree (v = 1 is true, 1 and 1).
        MappingRoundTripCase(YYThreadSafeModel.self, #"{"v": 1}"#),
        // MappingHierarchyFixtures.swift
        MappingRoundTripCase(YYAnimal.self, #"{"kind": "puppy", "n": "Bit", "weeks": 8, "info": {"breed": "corgi"}}"#),
        MappingRoundTripCase([YYAnimal].self, #"[{"n": "G"}, {"kind": "cat", "n": "Tom", "indoor": false}, {"kind": "dog", "n": "Rex", "info": {"breed": "b"}}]"#),
        MappingRoundTripCase(YYShelter.self, String(describing: MappingHierarchyTests.shelterJSON)),
        MappingRoundTripCase(YYKennel.self, #"{"dogs": [{"n": "Plain", "info": {"breed": "mutt"}}, {"kind": "puppy", "n": "P", "info": {"breed": "pug", "weeks": 2}}], "chief": {"n": "C", "info": {"breed": "boxer"}}}"#),
        MappingRoundTripCase(YYLeash.self, #"{"id": 1, "dog": {"kind": "puppy", "n": "Bit", "info": {"breed": "corgi", "weeks": 8}}}"#),
        MappingRoundTripCase(YYPositiveSets.self, #"{"set": [{"value": 1}, {"value": 2}], "nested": [[{"value": 5}], []]}"#, ordered: false),
        // MappingEncodeFixtures.swift
        MappingRoundTripCase(YYEncodeProduct.self, #"{"n": "Lamp", "ext": {"price": {"amount": 9.5, "currency": "EUR"}, "size": {"w": 20}}, "SKU": "L-1", "stock": 3, "cache": "x"}"#),
        MappingRoundTripCase(YYEncodeAlternates.self, #"{"a": 1, "v1.b": 2, "c": 3, "x": {"y": 4}}"#),
        MappingRoundTripCase(YYEncodeCollision.self, #"{"id": 1}"#),
        MappingRoundTripCase(YYEncodeScalarThenPath.self, #"{"ext": "flat"}"#),
        MappingRoundTripCase(YYEncodePathThenScalar.self, #"{"ext": {"desc": "nested"}}"#),
        MappingRoundTripCase(YYEncodePathThroughLeaf.self, #"{"x": {"y": 1}}"#),
        MappingRoundTripCase(YYEncodeJoin.self, #"{"n": "a", "ext": {"name": "inner", "x": 1, "desc": "d"}}"#),
        MappingRoundTripCase(YYEncodePlainParent.self, #"{"name": "p", "child": {"child_name": "c"}}"#),
        MappingRoundTripCase(YYEncodeWrapped.self, #"{"name": "w", "wrap": {"child": {"child_name": "c"}, "list": [{"child_name": "d"}]}}"#),
        MappingRoundTripCase(YYEncodeStrategy.self, #"{"firstName": "Ada", "familyNAME": "Lovelace", "geo": {"homeTown": "London"}}"#),
        MappingRoundTripCase(YYEncodeReshaped.self, #"{"id": 1, "meta": {"title": "DRAFT", "note": "n"}, "labels": ["a"]}"#),
        MappingRoundTripCase(YYEncodeCheckedHolder.self, #"{"one": {"value": 1}, "list": [{"value": 2}], "byKey": {"k": {"value": 3}}, "deep": {"items": [[{"value": 4}]]}, "p": {"q": {"value": 5}}}"#),
        MappingRoundTripCase(YYEncodeOuterHook.self, #"{"inner": {"value": 1}}"#),
        MappingRoundTripCase(YYEncodeCustom.self, #"{"l": "origin", "geo": {"point": {"x": 3, "y": 4}}}"#),
    ]

    @Test("decode → encode → decode is the identity (compact, encoding order)", arguments: cases)
    func compact(_ roundTrip: MappingRoundTripCase) throws {
        try roundTrip.check(BridgeEncoder())
    }

    @Test("decode → encode → decode is the identity (pretty-printed, sorted keys)", arguments: cases)
    func prettySorted(_ roundTrip: MappingRoundTripCase) throws {
        var encoder = BridgeEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try roundTrip.check(encoder)
    }

    @Test("decode → encode → decode is the identity with nulls written for nil optionals", arguments: cases)
    func nullsWritten(_ roundTrip: MappingRoundTripCase) throws {
        var encoder = BridgeEncoder()
        encoder.nilEncodingStrategy = .null
        try roundTrip.check(encoder)
    }
}
