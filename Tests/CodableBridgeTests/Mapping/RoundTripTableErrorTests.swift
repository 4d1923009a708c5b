import Foundation
import Testing
@testable import CodableBridge

// The round-trip tables are validated like the others: every bad entry is a `MappingTableError`
// naming the type and the entry, on decode and on encode (and never swallowed).

struct RTBadPattern: YYBadTable {
    var day: Date?
    static var valueTransforms: [String: JSONTransform] { ["day": .dateFormat("EEE yyyy")] }
}

struct RTBadEmptyTransform: YYBadTable {
    var day: Date?
    static var valueTransforms: [String: JSONTransform] { ["": .secondsSince1970] }
}

struct RTBadEmptyIgnoredOnDecode: YYBadTable {
    var a: Int?
    static var ignoredOnDecode: Set<String> { [""] }
}

struct RTBadCaptureMapped: YYBadTable {
    var extras = JSONObject()
    static var unknownKeysProperty: String? { "extras" }
    static var keyMapping: KeyMapping { ["extras": "x"] }
}

struct RTBadCaptureIgnored: YYBadTable {
    var extras = JSONObject()
    static var unknownKeysProperty: String? { "extras" }
    static var ignoredOnEncode: Set<String> { ["extras"] }
}

/// Found on the first decode: names the model's `init(from:)` never reads.
struct RTBadUnknownTransform: YYBadTable {
    var day: Date?
    static var valueTransforms: [String: JSONTransform] { ["dya": .secondsSince1970] }
}

struct RTBadUnknownIgnoredOnDecode: YYBadTable {
    var day: Date?
    static var ignoredOnDecode: Set<String> { ["dya"] }
}

struct RTBadUnknownIgnoredOnEncode: YYBadTable {
    var day: Date?
    static var ignoredOnEncode: Set<String> { ["dya"] }
}

struct RTBadUnknownCapture: YYBadTable {
    var day: Date?
    static var unknownKeysProperty: String? { "extras" }
}

struct RTBadTransformType: YYBadTable {
    var day: String?
    static var valueTransforms: [String: JSONTransform] { ["day": .secondsSince1970] }
}

struct RTBadCaptureType: YYBadTable {
    var extras: [String: Int] = [:]
    static var unknownKeysProperty: String? { "extras" }
}

@Suite struct RoundTripTableErrorTests {
    static let compiled: [BadTableCase] = [
        BadTableCase(RTBadPattern.self, #"valueTransforms["day"] = dateFormat("EEE yyyy")"#,
                     #""EEE" is not supported (supported: yyyy, MM, M, dd, d, HH, H, mm, m, ss, s, S…SSSSSSSSS, Z, XXX, 'quoted text')"#),
        BadTableCase(RTBadEmptyTransform.self, "valueTransforms", "contains an empty property name; remove it"),
        BadTableCase(RTBadEmptyIgnoredOnDecode.self, "ignoredOnDecode", "contains an empty property name; remove it"),
        BadTableCase(RTBadCaptureMapped.self, #"unknownKeysProperty = "extras""#,
                     "the property is also in keyMapping; the unknown members go to it as a whole, remove it from keyMapping"),
        BadTableCase(RTBadCaptureIgnored.self, #"unknownKeysProperty = "extras""#,
                     "the property is also in ignoredOnEncode; the unknown members go to it as a whole, remove it from ignoredOnEncode"),
    ]

    @Test("a bad round-trip table fails decode and encode with the same error", arguments: compiled)
    func compiledTables(_ row: BadTableCase) throws {
        func decode<T: YYBadTable>(_ type: T.Type) throws { _ = try BridgeDecoder().decode(T.self, from: "{}") }
        func encode<T: YYBadTable>(_ type: T.Type) throws { _ = try BridgeEncoder().encode(T()) }
        do {
            try decode(row.type)
            Issue.record("expected a table error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.underlyingError as? MappingTableError == row.expected)
        }
        do {
            try encode(row.type)
            Issue.record("expected a table error")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.underlyingError as? MappingTableError == row.expected)
        }
    }

    @Test("a round-trip table naming a property the model does not have fails its first decode", arguments: [
        (RTBadUnknownTransform.self as any YYBadTable.Type, #"valueTransforms names "dya""#),
        (RTBadUnknownIgnoredOnDecode.self, #"ignoredOnDecode names "dya""#),
        (RTBadUnknownIgnoredOnEncode.self, #"ignoredOnEncode names "dya""#),
        (RTBadUnknownCapture.self, #"unknownKeysProperty names "extras""#),
    ])
    func unknownProperty(type: any YYBadTable.Type, entry: String) throws {
        func attempt<T: YYBadTable>(_ type: T.Type) throws { _ = try BridgeDecoder().decode(T.self, from: "{}") }
        let typeName = String(reflecting: type)
        do {
            try attempt(type)
            Issue.record("expected a table error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.underlyingError as? MappingTableError
                == MappingTableError(typeName: typeName, entry: entry,
                                     problem: "\(typeName) has no property with that coding key (its coding keys: day); check the spelling"))
        }
    }

    @Test func aTransformOfAnotherTypeIsATableErrorBothWays() throws {
        let typeName = String(reflecting: RTBadTransformType.self)
        let expected = MappingTableError(typeName: typeName, entry: #"valueTransforms["day"] = secondsSince1970"#,
                                         problem: "the transform makes Date but the property is String; use a transform for String")
        do {
            _ = try BridgeDecoder().decode(YYBadTableHolder<RTBadTransformType>.self, from: #"{"list": [{"day": "x"}]}"#)
            Issue.record("expected a table error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(pathString(context.codingPath) == "list[0].day")
            #expect(context.underlyingError as? MappingTableError == expected)
        }
        do {
            _ = try BridgeEncoder().encode(RTBadTransformType(day: "x"))
            Issue.record("expected a table error")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(pathString(context.codingPath) == "day")
            #expect(context.underlyingError as? MappingTableError == expected)
        }
    }

    @Test func anUnknownKeysPropertyThatIsNoJSONObjectIsATableError() throws {
        let typeName = String(reflecting: RTBadCaptureType.self)
        let expected = MappingTableError(typeName: typeName, entry: #"unknownKeysProperty = "extras""#,
                                         problem: "the property is Dictionary<String, Int>; it must be a JSONObject (var extras = JSONObject())")
        do {
            _ = try BridgeDecoder().decode(RTBadCaptureType.self, from: #"{"a": 1}"#)
            Issue.record("expected a table error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.underlyingError as? MappingTableError == expected)
        }
        do {
            _ = try BridgeEncoder().encode(RTBadCaptureType())
            Issue.record("expected a table error")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.underlyingError as? MappingTableError == expected)
        }
    }
}
