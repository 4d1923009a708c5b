import Foundation
import Testing
@testable import CodableBridge

// `MappableCodable.enumsDefaultToFirstCase`: an enum has no zero value, so a missing, null or
// unknown value for an enum property is an error — unless the model opts in, when the enum's
// first case is used (a `CaseIterable` enum), reported as `.defaulted`.

enum FirstCaseColor: String, Codable, CaseIterable, Sendable {
    case red, green, blue
}

/// An enum whose raw value 0 is not its first case.
enum FirstCaseLevel: Int, Codable, CaseIterable, Sendable {
    case high = 2, none = 0
}

struct FirstCasePalette: MappableCodable, Equatable, Sendable {
    var color: FirstCaseColor
    var level: FirstCaseLevel
    var accent: FirstCaseColor?

    static var enumsDefaultToFirstCase: Bool { true }
}

/// The same without the opt-in.
struct FirstCasePlain: MappableCodable, Equatable, Sendable {
    var color: FirstCaseColor
    var level: FirstCaseLevel
}

/// A declared default wins over the first case.
struct FirstCaseDeclared: MappableCodable, DefaultInitializable, Equatable, Sendable {
    var color = FirstCaseColor.blue
    var other = FirstCaseColor.green

    static var enumsDefaultToFirstCase: Bool { true }
    static var keyMapping: KeyMapping { ["other": "second"] }
}

@Suite("enumsDefaultToFirstCase")
struct FirstCaseDefaultTests {
    @Test("opted in: missing, null and unknown cases become the first case, reported", arguments: [
        ("{}", [ExpectedEvent.defaulted("color", "missing; used the first case FirstCaseColor.red"),
                .defaulted("level", "missing; used the first case FirstCaseLevel.high")]),
        (#"{"color": null, "level": null}"#, [.defaulted("color", "null; used the first case FirstCaseColor.red"),
                                              .defaulted("level", "null; used the first case FirstCaseLevel.high")]),
        (#"{"color": "purple", "level": 7}"#, [
            .defaulted("color", #"a string ("purple") not converted (it is not a case of FirstCaseColor); used the first case FirstCaseColor.red"#),
            .defaulted("level", "a number (7) not converted (it is not a case of FirstCaseLevel); used the first case FirstCaseLevel.high")]),
        // The raw value is coerced first ("2" → 2 is a case; 5 → "5" is not).
        (#"{"color": 5, "level": "2"}"#, [
            .coerced("color", #"a number (5) → String "5""#),
            .defaulted("color", "a number (5) not converted (it is not a case of FirstCaseColor)"),
            .coerced("level", #"a string ("2") → Int 2"#)]),
    ])
    func optedIn(json: String, events: [ExpectedEvent]) throws {
        let (value, report) = try decodeReporting(FirstCasePalette.self, json)
        #expect(value.color == .red)
        #expect(value.level == .high)
        #expect(value.accent == nil)
        expectEvents(report, events)
    }

    @Test("opted in: an optional enum with an unknown case becomes nil, reported")
    func optionalUnknown() throws {
        let (value, report) = try decodeReporting(FirstCasePalette.self, #"{"color": "green", "level": 0, "accent": "teal"}"#)
        #expect(value == FirstCasePalette(color: .green, level: .none, accent: nil))
        expectEvents(report, [.defaulted("accent", #"a string ("teal") not converted to FirstCaseColor (it is not a case of FirstCaseColor); used nil"#)])
    }

    @Test("not opted in: an enum has no default — errors with the path, as JSONDecoder", arguments: [
        ("{}", DecodingErrorKind.keyNotFound, "", "color"),
        (#"{"color": null}"#, .valueNotFound, "color", nil),
        (#"{"color": "purple"}"#, .dataCorrupted, "color", nil),
    ] as [(String, DecodingErrorKind, String, String?)])
    func notOptedIn(json: String, kind: DecodingErrorKind, path: String, key: String?) {
        expectDecodingError(kind, codingPath: path, key: key) { try BridgeDecoder().decode(FirstCasePlain.self, from: json) }
    }

    @Test("not opted in: an enum whose raw value 0 is a case decodes that case as its zero value")
    func rawZeroCase() throws {
        let (value, report) = try decodeReporting(FirstCasePlain.self, #"{"color": "blue"}"#)
        #expect(value == FirstCasePlain(color: .blue, level: .none))
        expectEvents(report, [.defaulted("level", "missing; used FirstCaseLevel none")])
    }

    @Test("opted in under .strict: unknown cases and null stay errors; a missing key still defaults")
    func strict() throws {
        var strict = BridgeDecoder()
        strict.coercion = .strict
        expectDecodingError(.dataCorrupted, codingPath: "color") { try strict.decode(FirstCasePalette.self, from: #"{"color": "purple", "level": 2}"#) }
        expectDecodingError(.valueNotFound, codingPath: "color") { try strict.decode(FirstCasePalette.self, from: #"{"color": null, "level": 2}"#) }
        #expect(try strict.decode(FirstCasePalette.self, from: #"{"level": 2}"#).color == .red)
    }

    @Test("opted in with .throw: errors as JSONDecoder")
    func throwStrategy() {
        var throwing = BridgeDecoder()
        throwing.missingValueStrategy = .throw
        expectDecodingError(.keyNotFound, codingPath: "", key: "color") { try throwing.decode(FirstCasePalette.self, from: #"{"level": 2}"#) }
        expectDecodingError(.dataCorrupted, codingPath: "color") { try throwing.decode(FirstCasePalette.self, from: #"{"color": "purple", "level": 2}"#) }
    }

    @Test("a declared default wins over the first case, also for an unknown case")
    func declaredWins() throws {
        let (value, report) = try decodeReporting(FirstCaseDeclared.self, #"{"color": "purple"}"#)
        #expect(value == FirstCaseDeclared())
        expectEvents(report, [
            .defaulted("color", "(it is not a case of FirstCaseColor); used the declared default blue"),
            .defaulted("other", "missing; used the declared default green"),
        ])
    }

    @Test("arrays drop unknown cases whether or not the model opts in")
    func arraysDrop() throws {
        let (value, report) = try decodeReporting([FirstCaseColor].self, #"["red", "purple", "blue"]"#)
        #expect(value == [.red, .blue])
        expectEvents(report, [.dropped("[1]", "could not decode FirstCaseColor: Cannot initialize FirstCaseColor from invalid String value purple")])
    }
}
