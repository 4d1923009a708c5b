import Foundation
import Testing
@testable import CodableBridge

/// Mapping tables applied in reverse: custom keys, key paths, alternates, filters, `didEncode`,
/// class hierarchies.
@Suite struct BridgeEncoderMappingTests {
    @Test func designExample() throws {
        let book = Book(name: "SICP", desc: "wizards", bookID: 7)
        #expect(try bridgeText(book) == #"{"n":"SICP","ext":{"desc":"wizards"},"id":7,"pages":0}"#)
        let noDesc = Book(name: "SICP", desc: nil, bookID: 7)
        #expect(try bridgeText(noDesc) == #"{"n":"SICP","id":7,"pages":0}"#)
        #expect(try bridgeText(noDesc) { $0.nilEncodingStrategy = .null } == #"{"n":"SICP","ext":{"desc":null},"id":7,"pages":0}"#)
    }

    @Test func keyPathsShareTheirObjects() throws {
        #expect(try bridgeText(EncMerged()) == #"{"ext":{"a":1,"b":"two","deep":{"c":true}},"top":5}"#)
        #expect(try bridgeText(EncMerged()) { $0.outputFormatting = [.sortedKeys, .prettyPrinted] } == """
            {
              "ext" : {
                "a" : 1,
                "b" : "two",
                "deep" : {
                  "c" : true
                }
              },
              "top" : 5
            }
            """)
        var merged = EncMerged()
        merged.d = 4
        #expect(try bridgeText(merged) == #"{"ext":{"a":1,"b":"two","deep":{"c":true,"d":4}},"top":5}"#)
    }

    @Test func aKeyAlreadyWrittenIsNeverOverwritten() throws {
        // `ext` holds a string: the key path through it is not written.
        #expect(try bridgeText(EncCollision()) == #"{"ext":"plain"}"#)
        // `ext` was created as an object by the key path: the plain property is not written.
        #expect(try bridgeText(EncCollisionReversed()) == #"{"ext":{"inner":1}}"#)
        // The first property mapped to a key wins; an absent one leaves the key to the next.
        #expect(try bridgeText(EncShared(first: "one", second: "two")) == #"{"name":"one"}"#)
        #expect(try bridgeText(EncShared(first: nil, second: "two")) == #"{"name":"two"}"#)
    }

    @Test func literalKeysPathsAndAlternates() throws {
        #expect(try bridgeText(EncSpellings()) == #"{"v1.2":1,"p":{"q.r":2},"id":3,"meta":{"id":4}}"#)
    }

    @Test func ignoredAndOnlyPropertiesAreNotWritten() throws {
        #expect(try bridgeText(EncFiltered()) == #"{"kept":"k","mapped":1}"#)
        #expect(try bridgeText(EncAllowed()) == #"{"a":1,"x":{"c":3}}"#)
    }

    @Test func keyStrategyAppliesOnlyToUnmappedProperties() throws {
        let text = try bridgeText(EncStrategy()) { $0.keyEncodingStrategy = .convertToSnakeCase }
        #expect(text == #"{"bookID":7,"page_count":300,"cover":{"imageURL":"u"}}"#)
    }

    @Test func didEncodeEditsTheFinishedObject() throws {
        let text = try bridgeText(EncEdited())
        #expect(text == #"{"child":{"value":2,"stamped":true},"kind":"edited","title":"n","childSaw":true}"#)
        // Runs for every instance, at every level.
        #expect(try bridgeText([EncEdited(), EncEdited()]).components(separatedBy: "\"kind\":\"edited\"").count == 3)
        let tree = try BridgeEncoder().encodeToJSONValue(Wrapper(value: EncEdited()))
        #expect(tree[path: "value.child.stamped"] == true)
    }

    @Test func aThrowingDidEncodeFailsTheEncodeWithItsPath() throws {
        let holder = EncValidatedHolder(items: [EncValidated(valid: true), EncValidated(valid: false)])
        #expect {
            try BridgeEncoder().encode(holder)
        } throws: { error in
            guard let context = encodingContext(error) else { return false }
            return EncodingError.place(context.codingPath) == "items[1]"
                && context.underlyingError as? EncRefusal == EncRefusal(reason: "not valid")
                && context.debugDescription.contains("EncValidated.didEncode(into:) threw")
        }
        #expect(throws: EncodingError.self) { try BridgeEncoder().encode(EncValidated(valid: false)) }
        #expect(try bridgeText(EncValidated(valid: true)) == #"{"valid":true}"#)
    }

    @Test func classHierarchiesEncodeEveryLevelWithTheDynamicTypesTables() throws {
        let expected = #"{"stats":{"score":9.5},"tags":["x"],"ID":1,"meta":{"created":"2024","title":"middle"}}"#
        #expect(try bridgeText(EncLeaf()) == expected)
        // Encoded through the base class's static type: the leaf's tables still apply.
        let asBase: [EncBase] = [EncLeaf(), EncBase()]
        #expect(try bridgeText(asBase) == "[\(expected),{\"ID\":1,\"meta\":{\"created\":\"2024\"}}]")
        #expect(try bridgeText(EncMiddle()) == #"{"ID":1,"meta":{"created":"2024","title":"middle"}}"#)
    }

    @Test func aMappableSubclassOfAPlainClassUsesItsTables() throws {
        let values: [EncPlainBase] = [EncMappedSub(), EncPlainBase()]
        #expect(try bridgeText(values) == #"[{"ID":1,"info":{"label":"sub"}},{"id":1}]"#)
    }

    @Test func keyPathsMergeIntoObjectsWrittenAsJSONValues() throws {
        #expect(try bridgeText(EncIntoJSONValue()) == #"{"ext":{"a":1,"b":2}}"#)
        var scalar = EncIntoJSONValue()
        scalar.ext = "text"
        #expect(try bridgeText(scalar) == #"{"ext":"text"}"#)
    }

    @Test func mappedModelsInsidePlainValues() throws {
        let book = Book(name: "a", desc: nil, bookID: 1)
        let holder = EncPlainHolder(book: book, books: [book], byName: ["x": book])
        #expect(try bridgeText(holder) == #"{"book":{"n":"a","id":1,"pages":0},"books":[{"n":"a","id":1,"pages":0}],"byName":{"x":{"n":"a","id":1,"pages":0}}}"#)
    }

    @Test func anInvalidTableIsReportedWithTheTypeAndEntry() {
        #expect {
            try BridgeEncoder().encode(["bad": EncInvalidTable()])
        } throws: { error in
            guard let context = encodingContext(error), let table = context.underlyingError as? MappingTableError else { return false }
            return EncodingError.place(context.codingPath) == "bad"
                && table.typeName.hasSuffix("EncInvalidTable")
                && context.debugDescription.contains("keyMapping[\"a\"]")
        }
    }

    @Test func errorPathsUseCodingKeysNotMappedKeys() {
        struct Holder: MappableCodable {
            var value: Double = .nan
            static var keyMapping: KeyMapping { ["value": "deep.inside"] }
        }
        #expect {
            try BridgeEncoder().encode([Holder()])
        } throws: { error in
            pathText(error) == "[0].value"
        }
    }

    @Test func decodingWhatWasEncodedGivesTheModelBack() throws {
        let books = [Book(name: "SICP", desc: "wizards", bookID: 7, pages: 657), Book(name: "HtDP", desc: nil, bookID: 8)]
        let data = try BridgeEncoder().encode(books)
        #expect(try BridgeDecoder().decode([Book].self, from: data) == books)
    }
}
