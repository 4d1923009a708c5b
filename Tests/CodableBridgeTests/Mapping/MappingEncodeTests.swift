import Foundation
import Testing
@testable import CodableBridge

// The mapping tables on encode (YYModel's yy_modelToJSONObject): a mapped key is written instead
// of the property name; a key path becomes nested objects shared with its siblings; alternates
// write their first entry; ignored properties are left out; a key already written is never
// overwritten; didEncode edits the finished object, and its error fails the encode at the
// model's coding path; subclasses write their own properties (MappingHierarchyTests).

@Suite("Mapping tables on encode")
struct MappingEncodeTests {
    /// Compact text in encoding order.
    func text<T: Encodable>(_ value: T, _ configure: (inout BridgeEncoder) -> Void = { _ in }) throws -> String {
        var encoder = BridgeEncoder()
        configure(&encoder)
        return try encoder.encodeToString(value)
    }

    static let product = YYEncodeProduct(name: "Lamp", price: 9.5, currency: "EUR", width: 20, height: nil,
                                         sku: "L-1", cache: "internal", stock: 3)

    @Test("mapped keys, key paths merged under one parent at every depth, the first alternate, no ignored property")
    func everyEntryKind() throws {
        #expect(try text(Self.product)
            == #"{"n":"Lamp","ext":{"price":{"amount":9.5,"currency":"EUR"},"size":{"w":20}},"sku":"L-1","stock":3}"#)
    }

    @Test("the text is the same whatever the order of the table (a dictionary)")
    func sortedKeys() throws {
        #expect(try text(Self.product) { $0.outputFormatting = .sortedKeys }
            == #"{"ext":{"price":{"amount":9.5,"currency":"EUR"},"size":{"w":20}},"n":"Lamp","sku":"L-1","stock":3}"#)
    }

    @Test("nil optionals: no key and no empty parent object under .omit; null at the mapped path under .null")
    func nilOptionals() throws {
        var product = Self.product
        product.width = nil
        #expect(try text(product) == #"{"n":"Lamp","ext":{"price":{"amount":9.5,"currency":"EUR"}},"sku":"L-1","stock":3}"#)
        #expect(try text(product) { $0.nilEncodingStrategy = .null }
            == #"{"n":"Lamp","ext":{"price":{"amount":9.5,"currency":"EUR"},"size":{"w":null,"h":null}},"sku":"L-1","stock":3}"#)
    }

    @Test("a null written for a nil optional yields to a later value and to a key path; a value never yields to a null", arguments: [
        (YYEncodeNullYields(a: nil, b: 2, c: nil, d: 3), #"{"x":2,"p":{"q":3}}"#, #"{"x":2,"p":{"q":3}}"#),
        (YYEncodeNullYields(a: 1, b: nil, c: 5, d: 3), #"{"x":1,"p":5}"#, #"{"x":1,"p":5}"#),
        (YYEncodeNullYields(a: nil, b: nil, c: nil, d: nil), "{}", #"{"x":null,"p":{"q":null}}"#),
    ])
    func nullYields(value: YYEncodeNullYields, omitted: String, nulls: String) throws {
        #expect(try text(value) == omitted)
        #expect(try text(value) { $0.nilEncodingStrategy = .null } == nulls)
    }

    @Test("alternates write their first entry: a path, a literal dotted key, a segment path")
    func alternatesFirst() throws {
        #expect(try text(YYEncodeAlternates(a: 1, b: 2, c: 3, d: 4)) == #"{"meta":{"a":1},"v1.b":2,"deep":{"er":{"c":3}},"x.y":4}"#)
    }

    @Test("a key already written is never overwritten: the first property to reach it keeps it")
    func firstWriterWins() throws {
        #expect(try text(YYEncodeCollision(first: 1, second: 2, id: 3)) == #"{"id":1}"#)
    }

    @Test("a key path never replaces a scalar, and a scalar never replaces a key path's object", arguments: [
        ("scalar then path", #"{"ext":"flat"}"#),
        ("path then scalar", #"{"ext":{"desc":"nested"}}"#),
    ])
    func pathAndScalar(order: String, expected: String) throws {
        if order == "scalar then path" {
            #expect(try text(YYEncodeScalarThenPath(ext: "flat", desc: "nested")) == expected)
        } else {
            #expect(try text(YYEncodePathThenScalar(desc: "nested", ext: "flat")) == expected)
        }
    }

    @Test("a path through a key another path ended at is not written")
    func pathThroughLeaf() throws {
        #expect(try text(YYEncodePathThroughLeaf(short: 1, long: 2)) == #"{"x":{"y":1}}"#)
    }

    @Test("a key path joins the object a nested value already wrote under its parent key")
    func joinsNestedObject() throws {
        let value = YYEncodeJoin(name: "a", ext: YYEncodePlainExt(name: "inner", x: 1), desc: "d")
        #expect(try text(value) == #"{"n":"a","ext":{"name":"inner","x":1,"desc":"d"}}"#)
        #expect(try BridgeDecoder().decode(YYEncodeJoin.self, from: try text(value)) == value)
    }

    @Test("each model's table applies to its own properties only: none leaks into plain children, children keep theirs")
    func tablesDoNotLeak() throws {
        // The parent maps "name" → "n"; the plain struct's "name" stays "name".
        let join = YYEncodeJoin(name: "a", ext: YYEncodePlainExt(name: "inner", x: 1), desc: "d")
        #expect(try BridgeEncoder().encodeToJSONValue(join)["ext"]?["name"] == "inner")

        let plain = YYEncodePlainParent(name: "p", child: YYEncodeChild(name: "c"))
        #expect(try text(plain) == #"{"name":"p","child":{"child_name":"c"}}"#)

        let wrapped = YYEncodeWrapped(name: "w", child: YYEncodeChild(name: "c"), children: [YYEncodeChild(name: "d")])
        #expect(try text(wrapped) == #"{"name":"w","wrap":{"child":{"child_name":"c"},"list":[{"child_name":"d"}]}}"#)
        #expect(try BridgeDecoder().decode(YYEncodeWrapped.self, from: try text(wrapped)) == wrapped)
    }

    @Test("keyEncodingStrategy converts unmapped properties; mapped keys and path segments are written as given")
    func keyStrategy() throws {
        let value = YYEncodeStrategy(firstName: "Ada", lastName: "Lovelace", homeTown: "London")
        #expect(try text(value) { $0.keyEncodingStrategy = .convertToSnakeCase }
            == #"{"first_name":"Ada","familyNAME":"Lovelace","geo":{"homeTown":"London"}}"#)
    }

    @Test("a custom encode(to:) asking for a nested container by a mapped key gets it at the mapped path")
    func nestedContainerAtPath() throws {
        let value = YYEncodeCustom(label: "origin", point: [3, 4])
        #expect(try text(value) == #"{"l":"origin","geo":{"point":{"x":3,"y":4}}}"#)
        #expect(try BridgeDecoder().decode(YYEncodeCustom.self, from: try text(value)) == value)
    }

    @Test("Docs/Mapping.md's opening example does what the page says")
    func docsExample() throws {
        let book = try YYDocsBook.decode(from: #"{"n": "Dune", "ext": {"desc": "Sand"}, "ID": 7}"#)
        #expect(book == YYDocsBook(name: "Dune", desc: "Sand", bookID: 7, tags: [], cache: ""))
        #expect(try book.jsonString() == #"{"n":"Dune","ext":{"desc":"Sand"},"id":7,"tags":[]}"#)
    }

    @Test("table entries may be interpolated strings, read and written alike")
    func interpolatedKeys() throws {
        struct Prefixed: MappableCodable, Equatable {
            static let prefix = "app"
            var id: Int
            static var keyMapping: KeyMapping { ["id": "\(prefix).\(prefix)_id"] }
        }
        #expect(try text(Prefixed(id: 3)) == #"{"app":{"app_id":3}}"#)
        #expect(try BridgeDecoder().decode(Prefixed.self, from: #"{"app":{"app_id":3}}"#) == Prefixed(id: 3))
    }

    @Test("encodeToJSONObject gives the Foundation dictionary yy_modelToJSONObject would")
    func foundationObject() throws {
        let object = try #require(try BridgeEncoder().encodeToJSONObject(Self.product) as? [String: Any])
        #expect(Set(object.keys) == ["n", "ext", "sku", "stock"])
        let ext = try #require(object["ext"] as? [String: Any])
        #expect((ext["price"] as? [String: Any])?["currency"] as? String == "EUR")
        #expect((ext["size"] as? [String: Any])?["w"] as? Int == 20)
    }

    // MARK: didEncode

    @Test("didEncode edits the finished object: reads key-path objects, rewrites, renames, removes and adds members")
    func didEncodeReshapes() throws {
        let value = YYEncodeReshaped(id: 1, title: "draft", note: nil, tags: ["a", "b"])
        #expect(try text(value) == #"{"id":1,"meta":{"title":"DRAFT"},"labels":["a","b"],"version":2}"#)
        let back = try BridgeDecoder().decode(YYEncodeReshaped.self, from: try text(value))
        #expect(back == YYEncodeReshaped(id: 1, title: "DRAFT", note: nil, tags: ["a", "b"]))
    }

    @Test("a parent's didEncode runs after its children's and sees their output")
    func didEncodeOrder() throws {
        #expect(try text(YYEncodeOuterHook(inner: YYEncodeChecked(value: 1))) == #"{"inner":{"value":1},"innerWasObject":true}"#)
    }

    @Test("a throwing didEncode fails the encode, at the coding path of the model that threw", arguments: [
        ("top", ""),
        ("one", "one"),
        ("list", "list[1]"),
        ("byKey", "byKey.bad"),
        ("deep", "deep.items[0][1]"),
        ("pathed", "pathed"),
    ])
    func didEncodeThrows(position: String, path: String) throws {
        let bad = YYEncodeChecked(value: -7)
        let good = YYEncodeChecked(value: 7)
        var holder = YYEncodeCheckedHolder()
        switch position {
        case "one": holder.one = bad
        case "list": holder.list = [good, bad, good]
        case "byKey": holder.byKey = ["bad": bad]
        case "deep": holder.deep = YYEncodeCheckedHolderLevel(items: [[good, bad]])
        case "pathed": holder.pathed = bad
        default: break
        }
        do {
            if position == "top" {
                _ = try BridgeEncoder().encode(bad)
            } else {
                _ = try BridgeEncoder().encode(holder)
            }
            Issue.record("expected the encode to fail")
        } catch let EncodingError.invalidValue(value, context) {
            #expect(value as? YYEncodeChecked == bad)
            #expect(EncodingError.place(context.codingPath) == (path.isEmpty ? "the top level" : path))
            #expect(context.underlyingError as? YYEncodeChecked.Invalid == .negative(-7))
            let place = path.isEmpty ? "the top level" : path
            #expect(context.debugDescription == "YYEncodeChecked.didEncode(into:) threw at \(place): negative value -7")
        }
    }

    @Test("without an error, the same models encode")
    func didEncodeNoError() throws {
        let good = YYEncodeChecked(value: 7)
        let holder = YYEncodeCheckedHolder(one: good, list: [good], byKey: ["k": good],
                                           deep: YYEncodeCheckedHolderLevel(items: [[good]]), pathed: good)
        #expect(try text(holder)
            == #"{"one":{"value":7},"list":[{"value":7}],"byKey":{"k":{"value":7}},"deep":{"items":[[{"value":7}]]},"p":{"q":{"value":7}}}"#)
    }
}
