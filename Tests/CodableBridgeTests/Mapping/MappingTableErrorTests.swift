import Foundation
import Testing
@testable import CodableBridge

// Every error a bad mapping table produces, word for word, on decode and on encode: the same
// `MappingTableError` either way, naming the type, the entry and the fix, at the coding path of
// the model that has the table.

/// A model with a bad table; `init()` gives an instance to encode.
protocol YYBadTable: MappableCodable, SendableMetatype {
    init()
}

struct YYBadEmptyProperty: YYBadTable {
    var a: Int?
    static var keyMapping: KeyMapping { ["": "a"] }
}

struct YYBadEmptyKey: YYBadTable {
    var a: Int?
    static var keyMapping: KeyMapping { ["a": ""] }
}

struct YYBadEmptyAlternate: YYBadTable {
    var a: Int?
    static var keyMapping: KeyMapping { ["a": ["id", ""]] }
}

struct YYBadNoAlternates: YYBadTable {
    var a: Int?
    static var keyMapping: KeyMapping { ["a": .alternates([])] }
}

struct YYBadDoubledDot: YYBadTable {
    var a: Int?
    static var keyMapping: KeyMapping { ["a": "ext..a"] }
}

struct YYBadLeadingDot: YYBadTable {
    var a: Int?
    static var keyMapping: KeyMapping { ["a": ".a"] }
}

struct YYBadTrailingDot: YYBadTable {
    var a: Int?
    static var keyMapping: KeyMapping { ["a": "ext."] }
}

struct YYBadEmptyPathSegment: YYBadTable {
    var a: Int?
    static var keyMapping: KeyMapping { ["a": .path(["ext", ""])] }
}

struct YYBadEmptyPath: YYBadTable {
    var a: Int?
    static var keyMapping: KeyMapping { ["a": .path([])] }
}

struct YYBadMappedNotAllowed: YYBadTable {
    var a: Int?
    var b: Int?
    static var keyMapping: KeyMapping { ["b": "x"] }
    static var onlyProperties: Set<String>? { ["a"] }
}

struct YYBadAllowedAndIgnored: YYBadTable {
    var a: Int?
    var b: Int?
    static var onlyProperties: Set<String>? { ["a", "b"] }
    static var ignoredProperties: Set<String> { ["b"] }
}

struct YYBadEmptyAllowed: YYBadTable {
    var a: Int?
    static var onlyProperties: Set<String>? { ["a", ""] }
}

struct YYBadEmptyIgnored: YYBadTable {
    var a: Int?
    static var ignoredProperties: Set<String> { [""] }
}

struct YYBadEmptyElementType: YYBadTable {
    var a: [Int]?
    static var elementTypes: [String: any Codable.Type] { ["": Int.self] }
}

struct YYBadElementTypeIgnored: YYBadTable {
    var a: [Int]?
    static var elementTypes: [String: any Codable.Type] { ["a": Int.self] }
    static var ignoredProperties: Set<String> { ["a"] }
}

struct YYBadElementTypeNotAllowed: YYBadTable {
    var a: [Int]?
    var b: [Int]?
    static var elementTypes: [String: any Codable.Type] { ["b": Int.self] }
    static var onlyProperties: Set<String>? { ["a"] }
}

/// `"nmae"` is a typo: no property has that coding key.
struct YYBadUnknownProperty: YYBadTable {
    var name: String?
    static var keyMapping: KeyMapping { ["nmae": "n"] }
}

/// YYModel's blacklist test names a property "d" the model does not have; CodableBridge reports it.
struct YYBadUnknownIgnored: YYBadTable {
    var a: String?
    var b: String?
    static var ignoredProperties: Set<String> { ["a", "d"] }
}

struct YYBadTableHolder<Bad: YYBadTable>: MappableCodable {
    var list: [Bad]?
    var one: Bad?
}

/// One row of the table: the model, and its error's entry and problem.
struct BadTableCase: Sendable, CustomTestStringConvertible {
    let type: any YYBadTable.Type
    let entry: String
    let problem: String

    init(_ type: any YYBadTable.Type, _ entry: String, _ problem: String) {
        self.type = type
        self.entry = entry
        self.problem = problem
    }

    var typeName: String { String(reflecting: type) }
    var expected: MappingTableError { MappingTableError(typeName: typeName, entry: entry, problem: problem) }
    var testDescription: String { String(describing: type) }
}

@Suite("Invalid mapping tables")
struct MappingTableErrorTests {
    static let cases: [BadTableCase] = [
        BadTableCase(YYBadEmptyProperty.self, #"keyMapping[""]"#, "the property name is empty"),
        BadTableCase(YYBadEmptyKey.self, #"keyMapping["a"] = """#,
                     "the JSON key is empty; give the key the value is read from and written to"),
        BadTableCase(YYBadEmptyAlternate.self, #"keyMapping["a"] = ["id", ""]"#,
                     "the JSON key is empty; give the key the value is read from and written to"),
        BadTableCase(YYBadNoAlternates.self, #"keyMapping["a"]"#, "the list of alternate keys is empty; give at least one key"),
        BadTableCase(YYBadDoubledDot.self, #"keyMapping["a"] = "ext..a""#,
                     "a key or key-path segment is empty (check for a leading, trailing or doubled '.')"),
        BadTableCase(YYBadLeadingDot.self, #"keyMapping["a"] = ".a""#,
                     "a key or key-path segment is empty (check for a leading, trailing or doubled '.')"),
        BadTableCase(YYBadTrailingDot.self, #"keyMapping["a"] = "ext.""#,
                     "a key or key-path segment is empty (check for a leading, trailing or doubled '.')"),
        BadTableCase(YYBadEmptyPathSegment.self, #"keyMapping["a"] = ["ext", ""]"#,
                     "a key or key-path segment is empty (check for a leading, trailing or doubled '.')"),
        BadTableCase(YYBadEmptyPath.self, #"keyMapping["a"] = []"#,
                     "a key or key-path segment is empty (check for a leading, trailing or doubled '.')"),
        BadTableCase(YYBadMappedNotAllowed.self, #"keyMapping["b"]"#,
                     "the property is not in onlyProperties, so it is never decoded nor encoded; remove it from keyMapping or add it to onlyProperties"),
        BadTableCase(YYBadAllowedAndIgnored.self, #"onlyProperties / ignoredProperties "b""#,
                     "the property is both allowed and ignored; remove it from one of the two"),
        BadTableCase(YYBadEmptyAllowed.self, "onlyProperties", "contains an empty property name; remove it"),
        BadTableCase(YYBadEmptyIgnored.self, "ignoredProperties", "contains an empty property name; remove it"),
        BadTableCase(YYBadEmptyElementType.self, #"elementTypes[""]"#, "the property name is empty"),
        BadTableCase(YYBadElementTypeIgnored.self, #"elementTypes["a"]"#,
                     "the property is also in ignoredProperties, so it is never decoded; remove it from one of the two"),
        BadTableCase(YYBadElementTypeNotAllowed.self, #"elementTypes["b"]"#,
                     "the property is not in onlyProperties, so it is never decoded; remove it from elementTypes or add it to onlyProperties"),
    ]

    @Test("the message names the type, the entry and the fix")
    func messageShape() {
        let error = MappingTableError(typeName: "App.Book", entry: #"keyMapping["desc"] = "ext..desc""#,
                                      problem: "a key or key-path segment is empty (check for a leading, trailing or doubled '.')")
        #expect(error.description == #"Invalid mapping table of App.Book: keyMapping["desc"] = "ext..desc": a key or key-path segment is empty (check for a leading, trailing or doubled '.')"#)
    }

    @Test("decoding a model with a bad table throws dataCorrupted with the table error", arguments: cases)
    func decoding(_ row: BadTableCase) throws {
        func attempt<T: YYBadTable>(_ type: T.Type) throws { _ = try BridgeDecoder().decode(T.self, from: "{}") }
        do {
            try attempt(row.type)
            Issue.record("expected a table error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.isEmpty)
            #expect(context.underlyingError as? MappingTableError == row.expected)
            #expect(context.debugDescription == row.expected.description)
        }
    }

    @Test("encoding a model with a bad table throws invalidValue with the same table error", arguments: cases)
    func encoding(_ row: BadTableCase) throws {
        func attempt<T: YYBadTable>(_ type: T.Type) throws { _ = try BridgeEncoder().encode(T()) }
        do {
            try attempt(row.type)
            Issue.record("expected a table error")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.isEmpty)
            #expect(context.underlyingError as? MappingTableError == row.expected)
            #expect(context.debugDescription == row.expected.description)
        }
    }

    @Test("a nested model's table error carries its coding path, and is never swallowed as a dropped element", arguments: cases)
    func nested(_ row: BadTableCase) throws {
        func attempt<T: YYBadTable>(_ type: T.Type) throws {
            do {
                _ = try BridgeDecoder().decode(YYBadTableHolder<T>.self, from: #"{"list": [{}]}"#)
                Issue.record("expected a table error on decode")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(renderPath(context.codingPath) == "list[0]")
                #expect(context.underlyingError as? MappingTableError == row.expected)
            }
            do {
                _ = try BridgeDecoder().decode(YYBadTableHolder<T>.self, from: #"{"one": {}}"#)
                Issue.record("expected a table error on decode")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(renderPath(context.codingPath) == "one")
            }
            do {
                _ = try BridgeEncoder().encode(YYBadTableHolder<T>(list: [T()], one: nil))
                Issue.record("expected a table error on encode")
            } catch let EncodingError.invalidValue(_, context) {
                #expect(EncodingError.place(context.codingPath) == "list[0]")
                #expect(context.underlyingError as? MappingTableError == row.expected)
            }
        }
        try attempt(row.type)
    }

    @Test("the error comes on every use, not only the first")
    func everyUse() {
        for _ in 0 ..< 3 {
            #expect(throws: DecodingError.self) { try BridgeDecoder().decode(YYBadDoubledDot.self, from: "{}") }
            #expect(throws: EncodingError.self) { try BridgeEncoder().encode(YYBadDoubledDot()) }
        }
    }

    @Test("a table naming a property the model does not have is reported on its first decode", arguments: [
        (YYBadUnknownProperty.self as any YYBadTable.Type, #"keyMapping names "nmae""#, "name"),
        (YYBadUnknownIgnored.self, #"ignoredProperties names "d""#, "a, b"),
    ])
    func unknownProperty(type: any YYBadTable.Type, entry: String, keys: String) throws {
        func attempt<T: YYBadTable>(_ type: T.Type) throws { _ = try BridgeDecoder().decode(T.self, from: #"{"n": "x"}"#) }
        let typeName = String(reflecting: type)
        let expected = MappingTableError(typeName: typeName, entry: entry,
                                         problem: "\(typeName) has no property with that coding key (its coding keys: \(keys)); check the spelling")
        do {
            try attempt(type)
            Issue.record("expected a table error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.underlyingError as? MappingTableError == expected)
            #expect(context.debugDescription == expected.description)
        }
        // The encoder does not look for unknown properties: a hand-written encode(to:) may leave
        // out keys (`if let x { try c.encode(x, forKey: .x) }`), so the keys one encode asks for
        // do not prove a property missing. A type that is only ever encoded is not checked.
        func encode<T: YYBadTable>(_ type: T.Type) throws { _ = try BridgeEncoder().encode(T()) }
        try encode(type)
    }
}
