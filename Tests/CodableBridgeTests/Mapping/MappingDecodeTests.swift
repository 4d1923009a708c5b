import CodableBridge
import Foundation
import Testing

/// A model type with an invalid table, and what its error must mention.
struct TableCase: @unchecked Sendable, CustomTestStringConvertible {  // metatypes are immutable
    let type: any MappableCodable.Type
    let mentions: String
    init(_ type: any MappableCodable.Type, _ mentions: String) {
        self.type = type
        self.mentions = mentions
    }
    var testDescription: String { "\(type)" }
}

@Suite("Mapping tables on decode")
struct MappingDecodeTests {
    let decoder = BridgeDecoder()

    @Test("custom key, key path and alternates (YYTestCustomMapper)")
    func customMapper() throws {
        let book = try decoder.decode(Book.self, from: #"{"n": "Harry", "ext": {"desc": "A wizard"}, "ID": 7}"#)
        #expect(book == Book(name: "Harry", desc: "A wizard", bookID: 7))
    }

    @Test("alternates are tried in table order", arguments: [
        (#"{"n": "x", "id": 1, "ID": 2, "book_id": 3}"#, 1),
        (#"{"n": "x", "ID": 2, "book_id": 3}"#, 2),
        (#"{"n": "x", "book_id": 3}"#, 3),
        (#"{"n": "x", "id": null, "ID": 2}"#, 2),
    ])
    func alternatesInOrder(json: String, expected: Int) throws {
        #expect(try decoder.decode(Book.self, from: json).bookID == expected)
    }

    @Test("firstPresent stops at a present null; firstNonNull skips it")
    func alternateKeyRule() throws {
        let json = #"{"n": "x", "id": null, "ID": 2}"#
        var firstPresent = BridgeDecoder()
        firstPresent.alternateKeyRule = .firstPresent
        var report = DecodingReport()
        let book = try firstPresent.decode(Book.self, from: Data(json.utf8), report: &report)
        #expect(book.bookID == 0)
        #expect(report.events.contains { $0.path == "bookID" && $0.kind == .defaulted })
        #expect(try BridgeDecoder().decode(Book.self, from: json).bookID == 2)
    }

    @Test("a missing or non-object step of a key path means absent")
    func keyPathAbsent() throws {
        let missing = try decoder.decode(Book.self, from: #"{"n": "x", "id": 1}"#)
        #expect(missing.desc == nil)
        let notObject = try decoder.decode(Book.self, from: #"{"n": "x", "id": 1, "ext": "flat"}"#)
        #expect(notObject.desc == nil)
    }

    @Test("a literal dotted key is looked up before the path; .key and .path are exact")
    func literalsAndPaths() throws {
        let json = #"{"a.b": "literal wins", "a": {"b": "path"}, "x.y": "lit", "x": {"y": "no"}, "p": {"q.r": "seg"}, "one": {"two": {"three": 3}}}"#
        let value = try decoder.decode(Paths.self, from: json)
        #expect(value == Paths(dotted: "literal wins", literal: "lit", segments: "seg", deep: 3))
        let pathOnly = try decoder.decode(Paths.self, from: #"{"a": {"b": "path"}, "x": {"y": "no"}}"#)
        #expect(pathOnly.dotted == "path")
        #expect(pathOnly.literal == nil)
    }

    @Test("several properties mapped to one key all receive it")
    func sharedKey() throws {
        #expect(try decoder.decode(SharedKey.self, from: #"{"name": "n"}"#) == SharedKey(first: "n", second: "n"))
    }

    @Test("ignored properties are absent even when present (YYTestBlacklist)")
    func ignored() throws {
        let value = try decoder.decode(Filtered.self, from: #"{"kept": "k", "secret": "s", "other": 3}"#)
        #expect(value.kept == "k")
        #expect(value.secret == "")
        #expect(value.other == 3)
    }

    @Test("ignored properties keep their declared defaults (DefaultInitializable)")
    func ignoredKeepsDeclaredDefault() throws {
        let value = try decoder.decode(IgnoredDeclared.self, from: #"{"one": "sent", "two": "t"}"#)
        #expect(value == IgnoredDeclared(one: "some", two: "t"))
    }

    @Test("a property both mapped and ignored is ignored, not a table error (YYModel's blacklist)")
    func mappedAndIgnored() throws {
        let value = try decoder.decode(IgnoredAndMapped.self, from: #"{"x": "mapped", "a": "own", "y": 7}"#)
        #expect(value == IgnoredAndMapped(a: "declared", b: 7))
        let encoded = try BridgeEncoder().encodeToJSONValue(IgnoredAndMapped(a: "set", b: 1))
        #expect(encoded == ["y": 1])
    }

    @Test("only the allowed properties are decoded (YYTestWhitelist)")
    func allowed() throws {
        let value = try decoder.decode(Allowed.self, from: #"{"a": 1, "b": 2, "c": 3}"#)
        #expect(value.a == 1)
        #expect(value.b == nil)
        #expect(value.c == 3)
    }

    @Test("decodingType picks the subclass at top level, in properties, arrays and dictionaries")
    func polymorphism() throws {
        let top = try decoder.decode(Figure.self, from: #"{"type": "circle", "name": "c", "radius": 2}"#)
        #expect((top as? RoundFigure)?.radius == 2)
        let json = #"""
        {"main": {"type": "square", "name": "s", "side": 3},
         "shapes": [{"type": "circle", "name": "c", "radius": 1}, {"name": "plain"}, {"type": "square", "name": "q", "side": 4}],
         "named": {"x": {"type": "circle", "name": "cx", "radius": 5}},
         "backup": {"type": "circle", "name": "b", "radius": 6}}
        """#
        let drawing = try decoder.decode(Drawing.self, from: json)
        #expect((drawing.main as? SquareFigure)?.side == 3)
        #expect(drawing.shapes.map { String(describing: type(of: $0)) } == ["RoundFigure", "Figure", "SquareFigure"])
        #expect((drawing.named["x"] as? RoundFigure)?.radius == 5)
        #expect((drawing.backup as? RoundFigure)?.radius == 6)
    }

    @Test("elementTypes decode the named class for a property and container elements (YYTestContainer)")
    func elementTypes() throws {
        let json = #"{"main": {"name": "m", "radius": 1}, "shapes": [{"name": "a", "radius": 2}], "lookup": {"k": {"name": "b", "radius": 3}}}"#
        let drawing = try decoder.decode(CircleDrawing.self, from: json)
        #expect((drawing.main as? RoundFigure)?.radius == 1)
        #expect((drawing.shapes.first as? RoundFigure)?.radius == 2)
        #expect((drawing.lookup["k"] as? RoundFigure)?.radius == 3)
    }

    @Test("willDecode rewrites the input, didDecode post-processes (YYTestCustomTransform)")
    func hooks() throws {
        let value = try decoder.decode(Hooked.self, from: #"{"legacy_value": 5}"#)
        #expect(value == Hooked(value: 5, label: "seen 5"))
    }

    @Test("a rejected model: top level throws")
    func rejectedTopLevel() throws {
        #expect(throws: DecodingError.self) { try decoder.decode(Hooked.self, from: #"{"invalid": true, "value": 1}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(Hooked.self, from: #"{"value": -1}"#) }
    }

    @Test("a rejected model: dropped from arrays and dictionaries, nil for optionals, default for required — each reported")
    func rejectedNested() throws {
        let json = #"""
        {"required": {"value": -1},
         "optional": {"invalid": true},
         "list": [{"value": 1}, {"value": -2}, {"value": 3}],
         "map": {"a": {"value": 1}, "b": {"invalid": true}}}
        """#
        var report = DecodingReport()
        let holder = try decoder.decode(HookedHolder.self, from: Data(json.utf8), report: &report)
        #expect(holder.required.value == 0)
        #expect(holder.optional == nil)
        #expect(holder.list.map(\.value) == [1, 3])
        #expect(holder.map.keys.sorted() == ["a"])
        let rejected = report.events.filter { $0.kind == .rejected }.map(\.path)
        #expect(Set(rejected) == ["required", "optional", "list[1]", "map.b"])
        #expect(report.events.contains { $0.kind == .dropped && $0.path == "list[1]" })
        #expect(report.events.contains { $0.kind == .defaulted && $0.path == "required" })

        var strictMissing = BridgeDecoder()
        strictMissing.missingValueStrategy = .throw
        #expect(throws: DecodingError.self) { try strictMissing.decode(HookedHolder.self, from: json) }
    }

    @Test("DefaultInitializable models take their declared defaults")
    func declaredDefaults() throws {
        var report = DecodingReport()
        let settings = try decoder.decode(Settings.self, from: Data(#"{"theme": null, "pageSize": "oops"}"#.utf8), report: &report)
        #expect(settings == Settings())
        #expect(Set(report.events.filter { $0.kind == .defaulted }.map(\.path)) == ["pageSize", "theme", "tags"])
    }

    @Test("invalid tables are clear errors naming the type and entry", arguments: [
        TableCase(BadEmptyKey.self, "keyMapping[\"a\"]"),
        TableCase(BadEmptySegment.self, "ext..desc"),
        TableCase(BadEmptyAlternates.self, "alternate keys is empty"),
        TableCase(BadOnlyAndIgnored.self, "both allowed and ignored"),
        TableCase(BadUnknownProperty.self, "keyMapping names \"titel\""),
        TableCase(BadUnknownIgnored.self, "ignoredProperties names \"b\""),
    ])
    func invalidTables(_ row: TableCase) throws {
        let type = row.type, mentions = row.mentions
        func attempt<T: MappableCodable>(_ t: T.Type) throws { _ = try BridgeDecoder().decode(T.self, from: #"{"a": 1}"#) }
        do {
            try attempt(type)
            Issue.record("expected an error for \(type)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains(String(describing: type)))
            #expect(context.debugDescription.contains(mentions))
            #expect(context.underlyingError is MappingTableError)
        }
    }

    @Test("keyDecodingStrategy applies to unmapped properties; mapped keys are verbatim")
    func keyStrategy() throws {
        struct Mixed: MappableCodable, Equatable {
            var firstName: String
            var lastName: String
            static var keyMapping: KeyMapping { ["lastName": "family_NAME"] }
        }
        var snake = BridgeDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let value = try snake.decode(Mixed.self, from: #"{"first_name": "Ada", "family_NAME": "Lovelace"}"#)
        #expect(value == Mixed(firstName: "Ada", lastName: "Lovelace"))
    }

    @Test("decode(_:from:at:) reaches models inside envelopes")
    func envelope() throws {
        let data = Data(#"{"code": 0, "data": {"items": [{"n": "a", "id": 1}, {"n": "b", "book_id": 2}]}}"#.utf8)
        let books = try decoder.decode([Book].self, from: data, at: "data.items")
        #expect(books.map(\.bookID) == [1, 2])
        #expect(throws: DecodingError.self) { try decoder.decode([Book].self, from: data, at: "data.missing") }
    }

    @Test("1 000 concurrent first-time decodes of mapped types")
    func concurrentFirstUse() async throws {
        let data = Data(#"{"n": "x", "ext": {"desc": "d"}, "book_id": 9}"#.utf8)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0 ..< 1000 {
                group.addTask { try BridgeDecoder().decode(Book.self, from: data).bookID }
            }
            for try await id in group { #expect(id == 9) }
        }
    }
}
