import Foundation
import Testing
@testable import CodableBridge

// `UnknownCaseRepresentable`: an unknown raw value decodes as `unknownCase` under every policy,
// reported as `.defaulted` with the raw value, in properties and containers alike.
// `OpenEnum`: keeps the raw value and writes it back unchanged.

enum UCStatus: String, Codable, UnknownCaseRepresentable, Sendable {
    case active, suspended, unknown
    static var unknownCase: UCStatus { .unknown }
}

enum UCLevel: Int, Codable, UnknownCaseRepresentable, Sendable {
    case low = 1, high = 2, other = -1
    static var unknownCase: UCLevel { .other }
}

struct UCAccount: Codable, Equatable {
    var status: UCStatus
    var level: UCLevel?
    var history: [UCStatus]?
}

enum UCColor: String, Codable, Sendable { case red, green }
enum UCSize: Int, Codable, Sendable { case small = 1, large = 2 }

struct UCOpen: Codable, Equatable {
    var color: OpenEnum<UCColor>
    var size: OpenEnum<UCSize>
    var all: [OpenEnum<UCColor>]?
}

@Suite struct UnknownCaseTests {
    @Test(arguments: ReportPreset.allCases)
    func anUnknownRawValueIsTheUnknownCaseUnderEveryPolicy(preset: ReportPreset) throws {
        let (account, report) = try decodeReporting(UCAccount.self, #"{"status": "archived", "level": 7, "history": ["active", "gone"]}"#,
                                                    preset: preset)
        #expect(account == UCAccount(status: .unknown, level: .other, history: [.active, .unknown]))
        expectEvents(report, [
            .defaulted("status", #"raw value "archived" is no case of UCStatus; used UCStatus.unknown"#),
            .defaulted("level", "raw value 7 is no case of UCLevel; used UCLevel.other"),
            .defaulted("history[1]", #"raw value "gone" is no case of UCStatus"#),
        ])
    }

    @Test func knownCasesDecodeWithoutEvents() throws {
        let (account, report) = try decodeReporting(UCAccount.self, #"{"status": "suspended", "level": 2}"#, preset: .strict)
        #expect(account == UCAccount(status: .suspended, level: .high))
        expectEvents(report, [])
    }

    @Test func aRawValueOfTheWrongKindIsAMismatchUnderStrict() throws {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        #expect(throws: DecodingError.self) { _ = try decoder.decode(UCAccount.self, from: #"{"status": 3}"#) }
    }

    @Test func aTopLevelUnknownCase() throws {
        #expect(try BridgeDecoder().decode(UCStatus.self, from: #""new""#) == .unknown)
        #expect(try BridgeDecoder().decode([UCLevel].self, from: "[1, 5]") == [.low, .other])
    }

    @Test func theUnknownCaseEncodesItsOwnRawValue() throws {
        #expect(try BridgeEncoder().encodeToString(UCAccount(status: .unknown)) == #"{"status":"unknown"}"#)
    }

    @Test(arguments: [ReportPreset.strict, .lenient])
    func openEnumKeepsUnknownRawValuesAndWritesThemBack(preset: ReportPreset) throws {
        let json = #"{"color":"blue","size":3,"all":["red","teal"]}"#
        let (value, report) = try decodeReporting(UCOpen.self, json, preset: preset)
        #expect(value == UCOpen(color: .unknown("blue"), size: .unknown(3), all: [.known(.red), .unknown("teal")]))
        expectEvents(report, [])
        #expect(try BridgeEncoder().encodeToString(value) == json)
    }

    @Test func openEnumKnownCases() throws {
        let value = try BridgeDecoder().decode(UCOpen.self, from: #"{"color": "green", "size": 1}"#)
        #expect(value.color == .known(.green))
        #expect(value.size == OpenEnum(rawValue: 1))
        #expect(value.size.rawValue == 1)
        #expect(Set([OpenEnum<UCColor>.known(.red), .unknown("red")]).count == 1)
    }

    @Test func openEnumWorksWithFoundationsCoders() throws {
        let json = Data(#"{"color":"blue","size":2}"#.utf8)
        let value = try JSONDecoder().decode(UCOpen.self, from: json)
        #expect(value == UCOpen(color: .unknown("blue"), size: .known(.large)))
        let again = try JSONDecoder().decode(UCOpen.self, from: try JSONEncoder().encode(value))
        #expect(again == value)
    }

    /// Only enums are decoded through `unknownCase`: a struct adopting the protocol keeps its own
    /// `init(from:)` (the decoder does not even ask a struct for the conformance).
    @Test func aStructAdoptingTheProtocolDecodesThroughItsOwnInit() throws {
        let decoded = try BridgeDecoder().decode([UCTag].self, from: #"["x", "unheard-of"]"#)
        #expect(decoded.map(\.rawValue) == ["x", "own init: unheard-of"])
    }
}

/// A struct (not an enum) adopting `UnknownCaseRepresentable`, with its own `init(from:)`.
struct UCTag: RawRepresentable, Codable, UnknownCaseRepresentable {
    var rawValue: String
    init?(rawValue: String) {
        guard rawValue == "x" else { return nil }
        self.rawValue = rawValue
    }
    static var unknownCase: UCTag { UCTag(rawValue: "x")! }  // safe: "x" is accepted
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        rawValue = text == "x" ? text : "own init: " + text
    }
}
