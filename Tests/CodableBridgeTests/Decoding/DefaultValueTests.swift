import Foundation
import Testing
@testable import CodableBridge

// Every way a non-optional property gets a default (issue item 3), under the default
// `missingValueStrategy = .useDefault` and `.lenient` coercion unless a test says otherwise:
//
//     why the value is unusable          what the property gets           report
//     missing / null / not converted  →  declared default (DefaultInitializable)   .defaulted
//                                        else the type's zero value                .defaulted
//                                        else (Date, URL, enums) an error with the path
//     rejected model                  →  the same, after a .rejected event
//     Optional property               →  nil (reported only when a value was there but unusable)
//     .throw                          →  keyNotFound / valueNotFound / typeMismatch, as JSONDecoder

// MARK: - Fixtures

struct DefaultInner: Codable, Equatable, Hashable, Sendable {
    var a: Int
    var b: String
    var c: [Int]
}

/// A model with a value that has no zero value, two levels down.
struct DefaultDated: Codable, Equatable, Sendable {
    var when: Date
}

struct DefaultMiddle: Codable, Equatable, Sendable {
    var inner: DefaultDated
}

struct DefaultOuter: Codable, Equatable, Sendable {
    var outer: DefaultMiddle
}

/// Every optional flavour: `decodeIfPresent` (synthesized for `T?` properties).
struct DefaultOptionals: Codable, Equatable, Sendable {
    var int: Int?
    var date: Date?
    var url: URL?
    var list: [Int]?
    var inner: DefaultInner?
}

/// A model whose `didDecode` rejects negative values.
struct DefaultRejecting: MappableCodable, Equatable, Hashable, Sendable {
    var x: Int

    struct Negative: Error, CustomStringConvertible {
        var description: String { "x is negative" }
    }

    mutating func didDecode(from json: JSONValue) throws {
        if x < 0 { throw Negative() }
    }
}

struct DefaultRejectHolder: MappableCodable, Equatable, Sendable {
    var required: DefaultRejecting
    var optional: DefaultRejecting?
    var list: [DefaultRejecting]
    var map: [String: DefaultRejecting]
}

/// The same, with a declared default for the rejected property.
struct DefaultRejectWithDeclared: MappableCodable, DefaultInitializable, Equatable, Sendable {
    var required = DefaultRejecting(x: 42)
}

enum DefaultLevel: Int, Codable, CaseIterable, Sendable {
    case bronze = 1, silver, gold
}

/// Declared defaults of every kind of property.
struct DefaultSettings: MappableCodable, DefaultInitializable, Equatable, Sendable {
    var pageSize = 20
    var theme = "light"
    var ratio = 0.75
    var autoplay = true
    var tags = ["new"]
    var limits: [String: Int] = ["daily": 5]
    var ids: Set<Int> = [7]
    var inner = DefaultInner(a: 1, b: "b", c: [3])
    var since = Date(timeIntervalSince1970: 1_000.25)
    var home = URL(string: "https://example.com/home")!
    var blob = Data([1, 2, 3])
    var level = DefaultLevel.gold
    var nickname: String? = "anon"

    static var keyMapping: KeyMapping { ["pageSize": "page_size"] }

    /// The JSON value that does not convert to each property (lenient).
    static let unconvertible: [(key: String, json: String)] = [
        ("page_size", #""many""#), ("theme", #"{"x": 1}"#), ("ratio", #""x""#), ("autoplay", #""maybe""#),
        ("tags", "5"), ("limits", "[1]"), ("ids", #""x""#), ("inner", #""plain""#),
        ("since", #""not a date""#), ("home", "12"), ("blob", #""%%%""#), ("level", "9"), ("nickname", "[1]"),
    ]
}

/// Counts `init()` calls: declared defaults are computed once per type.
struct DefaultCounted: MappableCodable, DefaultInitializable, Equatable, Sendable {
    var n: Int

    init() {
        n = 5
        DefaultCounted.inits.increment()
    }

    static let inits = DefaultCallCounter()
}

final class DefaultCallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

// MARK: - Reasons

/// Why a property's value is unusable.
enum DefaultReason: String, CaseIterable, Sendable {
    case missing, null, unconvertible

    /// `{"v": …}` for this reason; `unconvertible` is the JSON the target cannot take.
    func json(unconvertible: String) -> String {
        switch self {
        case .missing: "{}"
        case .null: #"{"v": null}"#
        case .unconvertible: #"{"v": \#(unconvertible)}"#
        }
    }

    /// The start of the `.defaulted` event's detail.
    var detailPrefix: String {
        switch self {
        case .missing: "missing; used "
        case .null: "null; used "
        case .unconvertible: " not converted"
        }
    }
}

/// The types with a zero value, each with a JSON value it cannot take (lenient).
enum DefaultTarget: String, CaseIterable, Sendable {
    case int, int8, bool, string, double, decimal, data, array, dictionary, set, model

    func check(_ reason: DefaultReason, sourceLocation: SourceLocation = #_sourceLocation) {
        switch self {
        case .int: expectZero(Int.self, zero: 0, unconvertible: #""abc""#, reason, sourceLocation)
        case .int8: expectZero(Int8.self, zero: 0, unconvertible: "300", reason, sourceLocation)
        case .bool: expectZero(Bool.self, zero: false, unconvertible: #""maybe""#, reason, sourceLocation)
        case .string: expectZero(String.self, zero: "", unconvertible: #"{"x": 1}"#, reason, sourceLocation)
        case .double: expectZero(Double.self, zero: 0, unconvertible: #""x""#, reason, sourceLocation)
        case .decimal: expectZero(Decimal.self, zero: 0, unconvertible: #""12abc""#, reason, sourceLocation)
        case .data: expectZero(Data.self, zero: Data(), unconvertible: #""%%%""#, reason, sourceLocation)
        case .array: expectZero([Int].self, zero: [], unconvertible: "5", reason, sourceLocation)
        case .dictionary: expectZero([String: Int].self, zero: [:], unconvertible: "[1, 2]", reason, sourceLocation)
        case .set: expectZero(Set<String>.self, zero: [], unconvertible: #""a,b""#, reason, sourceLocation)
        case .model: expectZero(DefaultInner.self, zero: DefaultInner(a: 0, b: "", c: []), unconvertible: #""plain""#, reason, sourceLocation)
        }
    }
}

/// `{"v": …}` for `reason` gives `zero` and one `.defaulted` event; with `.throw` it is the error
/// `JSONDecoder` would throw.
private func expectZero<T: Codable & Equatable & Sendable>(
    _ type: T.Type, zero: T, unconvertible: String, _ reason: DefaultReason, _ sourceLocation: SourceLocation
) {
    let json = reason.json(unconvertible: unconvertible)
    do {
        let (box, report) = try decodeReporting(TableBox<T>.self, json)
        #expect(box.v == zero, sourceLocation: sourceLocation)
        expectEvents(report, [.defaulted("v", reason.detailPrefix)], sourceLocation: sourceLocation)
        #expect(report.events.first?.detail.contains("used \(T.self) ") == true, "\(report)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(json) → \(T.self): \(ObservedError(error))", sourceLocation: sourceLocation)
    }
    var throwing = BridgeDecoder()
    throwing.missingValueStrategy = .throw
    expectFailure(reason, at: "", property: "v", sourceLocation: sourceLocation) { try throwing.decode(TableBox<T>.self, from: json) }
}

/// The error for `reason` at the property `property` of the container at `path`.
private func expectFailure<T>(_ reason: DefaultReason, at path: String, property: String,
                              sourceLocation: SourceLocation, _ body: () throws -> T) {
    let full = path.isEmpty ? property : "\(path).\(property)"
    switch reason {
    case .missing: expectDecodingError(.keyNotFound, codingPath: path, key: property, sourceLocation: sourceLocation, body)
    case .null: expectDecodingError(.valueNotFound, codingPath: full, sourceLocation: sourceLocation, body)
    case .unconvertible: expectDecodingError(.typeMismatch, codingPath: full, sourceLocation: sourceLocation, body)
    }
}

// MARK: - Tests

@Suite("Defaults for missing, null, unconvertible and rejected values")
struct DefaultValueTests {
    @Test("zero values: missing / null / unconvertible × every type that has one; .throw errors",
          arguments: DefaultTarget.allCases, DefaultReason.allCases)
    func zeroValues(target: DefaultTarget, reason: DefaultReason) {
        target.check(reason)
    }

    @Test("no zero value (Date, URL, a model holding a Date): the error names the path", arguments: DefaultReason.allCases)
    func noZeroValue(reason: DefaultReason) {
        let decoder = BridgeDecoder()
        expectFailure(reason, at: "", property: "v", sourceLocation: #_sourceLocation) {
            try decoder.decode(TableBox<Date>.self, from: reason.json(unconvertible: #""not a date""#))
        }
        expectFailure(reason, at: "", property: "v", sourceLocation: #_sourceLocation) {
            try decoder.decode(TableBox<URL>.self, from: reason.json(unconvertible: "12"))
        }
        // The model's own zero value would need a Date: the outer property's error.
        expectFailure(reason, at: "", property: "v", sourceLocation: #_sourceLocation) {
            try decoder.decode(TableBox<DefaultDated>.self, from: reason.json(unconvertible: "12"))
        }
    }

    @Test("no zero value, deep: the full coding path", arguments: [
        (#"{"outer": {"inner": {}}}"#, DecodingErrorKind.keyNotFound, "outer.inner", "when"),
        (#"{"outer": {"inner": {"when": null}}}"#, .valueNotFound, "outer.inner.when", nil),
        (#"{"outer": {"inner": {"when": "yesterday"}}}"#, .typeMismatch, "outer.inner.when", nil),
        // `inner` missing: its zero value needs a Date, so `inner` is reported missing.
        (#"{"outer": {}}"#, .keyNotFound, "outer", "inner"),
        (#"{"outer": {"inner": 5}}"#, .typeMismatch, "outer.inner", nil),
    ] as [(String, DecodingErrorKind, String, String?)])
    func deepPaths(json: String, kind: DecodingErrorKind, path: String, key: String?) {
        expectDecodingError(kind, codingPath: path, key: key) { try BridgeDecoder().decode(DefaultOuter.self, from: json) }
    }

    @Test("a nested model from {} reports one event, not one per property inside it")
    func nestedZeroIsOneEvent() throws {
        let (box, report) = try decodeReporting(TableBox<DefaultInner>.self, "{}")
        #expect(box.v == DefaultInner(a: 0, b: "", c: []))
        expectEvents(report, [.defaulted("v", #"missing; used DefaultInner DefaultInner(a: 0, b: "", c: [])"#)])
    }

    // MARK: Optionals

    @Test("Optional properties: missing and null are nil silently; an unconvertible value is nil, reported")
    func optionals() throws {
        let (absent, quiet) = try decodeReporting(DefaultOptionals.self, #"{"int": null, "date": null}"#)
        #expect(absent == DefaultOptionals())
        #expect(quiet.isEmpty)

        let json = #"{"int": "abc", "date": "someday", "url": 12, "list": "x", "inner": 5}"#
        let (value, report) = try decodeReporting(DefaultOptionals.self, json)
        #expect(value == DefaultOptionals())
        expectEvents(report, [
            .defaulted("int", #"a string ("abc") not converted to Int"#),
            .defaulted("date", #"a string ("someday") not converted to Date"#),
            .defaulted("url", "a number (12) not converted to URL"),
            .defaulted("list", #"a string ("x") not converted to Array<Int>"#),
            .defaulted("inner", "a number (5) not converted to DefaultInner"),
        ])
        // .throw is about non-optional properties; optionals stay nil.
        var throwing = BridgeDecoder()
        throwing.missingValueStrategy = .throw
        #expect(try throwing.decode(DefaultOptionals.self, from: json) == DefaultOptionals())
    }

    @Test("a generic property holding an Optional (`var v: T`, T == Int?) behaves like an optional property")
    func genericOptional() throws {
        let (missing, quiet) = try decodeReporting(TableBox<Int?>.self, #"{"v": null}"#)
        #expect(missing.v == nil)
        #expect(quiet.isEmpty)
        let (value, report) = try decodeReporting(TableBox<Int?>.self, #"{"v": "abc"}"#)
        #expect(value.v == nil)
        expectEvents(report, [.defaulted("v", #"a string ("abc") not converted to Int"#)])
    }

    // MARK: Rejected models

    @Test("a rejected model: default for a required property, nil for an optional, dropped from containers")
    func rejected() throws {
        let json = #"""
        {"required": {"x": -1}, "optional": {"x": -2},
         "list": [{"x": 1}, {"x": -3}, {"x": 3}], "map": {"a": {"x": 4}, "b": {"x": -5}}}
        """#
        let (value, report) = try decodeReporting(DefaultRejectHolder.self, json)
        #expect(value == DefaultRejectHolder(required: DefaultRejecting(x: 0), optional: nil,
                                             list: [DefaultRejecting(x: 1), DefaultRejecting(x: 3)], map: ["a": DefaultRejecting(x: 4)]))
        expectEvents(report, [
            .rejected("required", "DefaultRejecting.didDecode threw x is negative"),
            .defaulted("required", "model rejected; used DefaultRejecting DefaultRejecting(x: 0)"),
            .rejected("optional", "DefaultRejecting.didDecode threw x is negative; used nil"),
            .rejected("list[1]", "DefaultRejecting.didDecode threw x is negative"),
            .dropped("list[1]", "rejected CodableBridgeTests.DefaultRejecting left out"),
            .rejected("map.b", "DefaultRejecting.didDecode threw x is negative"),
            .dropped("map.b", "rejected CodableBridgeTests.DefaultRejecting left out"),
        ])
    }

    @Test("a rejected model: .throw fails at its path; at the top level decode throws")
    func rejectedErrors() {
        var throwing = BridgeDecoder()
        throwing.missingValueStrategy = .throw
        expectDecodingError(.dataCorrupted, codingPath: "required") {
            try throwing.decode(DefaultRejectHolder.self, from: #"{"required": {"x": -1}, "list": [], "map": {}}"#)
        }
        expectDecodingError(.dataCorrupted, codingPath: "") { try BridgeDecoder().decode(DefaultRejecting.self, from: #"{"x": -1}"#) }
    }

    @Test("a rejected model with a declared default gets the declared default")
    func rejectedDeclared() throws {
        let (value, report) = try decodeReporting(DefaultRejectWithDeclared.self, #"{"required": {"x": -1}}"#)
        #expect(value.required == DefaultRejecting(x: 42))
        expectEvents(report, [
            .rejected("required", "didDecode threw x is negative"),
            .defaulted("required", "model rejected; used the declared default DefaultRejecting(x: 42)"),
        ])
    }

    // MARK: Declared defaults

    @Test("declared defaults (DefaultInitializable) for every kind of property", arguments: DefaultReason.allCases)
    func declaredDefaults(reason: DefaultReason) throws {
        let json: String = switch reason {
        case .missing: "{}"
        case .null: "{" + DefaultSettings.unconvertible.map { #""\#($0.key)": null"# }.joined(separator: ", ") + "}"
        case .unconvertible: "{" + DefaultSettings.unconvertible.map { #""\#($0.key)": \#($0.json)"# }.joined(separator: ", ") + "}"
        }
        let (value, report) = try decodeReporting(DefaultSettings.self, json)
        var expected = DefaultSettings()
        expected.nickname = nil  // an optional becomes nil, whatever its declared default
        #expect(value == expected)

        let properties = ["pageSize", "theme", "ratio", "autoplay", "tags", "limits", "ids", "inner", "since", "home", "blob", "level"]
        var events = properties.map { ExpectedEvent.defaulted($0, "used the declared default") }
        if reason == .unconvertible {
            events.append(.defaulted("nickname", "an array not converted to String"))
        }
        expectEvents(report, events)
        #expect(report.events(at: "pageSize").first?.detail.hasPrefix(reason == .unconvertible ? #"a string ("many") not converted"# : reason.rawValue) == true)
    }

    @Test("declared defaults are exact whatever the decoder's strategies (dates, data, keys, policy)", arguments: [
        "default", "secondsSince1970", "millisecondsSince1970", "iso8601", "yyModel", "strict", "snakeCase", "customData",
    ])
    func declaredDefaultsUnderStrategies(setting: String) throws {
        var decoder = BridgeDecoder()
        switch setting {
        case "secondsSince1970": decoder.dateDecodingStrategy = .secondsSince1970
        case "millisecondsSince1970": decoder.dateDecodingStrategy = .millisecondsSince1970
        case "iso8601": decoder.dateDecodingStrategy = .iso8601
        case "yyModel": decoder.coercion = .yyModel
        case "strict": decoder.coercion = .strict
        case "snakeCase": decoder.keyDecodingStrategy = .convertFromSnakeCase
        case "customData": decoder.dataDecodingStrategy = .custom { _ in Data([9]) }
        default: break
        }
        var report = DecodingReport()
        let value = try decoder.decode(DefaultSettings.self, from: Data("{}".utf8), report: &report)
        var expected = DefaultSettings()
        expected.nickname = nil
        #expect(value == expected)
        #expect(value.since.timeIntervalSince1970 == 1_000.25)  // fractions survive
        #expect(value.blob == Data([1, 2, 3]))
        #expect(report.events.count == 12)
    }

    @Test("declared defaults are computed once per type")
    func declaredDefaultsOnce() throws {
        for _ in 0 ..< 3 {
            #expect(try BridgeDecoder().decode(DefaultCounted.self, from: "{}").n == 5)
        }
        #expect(try BridgeDecoder().decode([DefaultCounted].self, from: "[{}, {}, {}]").map(\.n) == [5, 5, 5])
        #expect(DefaultCounted.inits.value == 1)
    }

    @Test("a present value wins over the declared default; .throw ignores declared defaults")
    func declaredDefaultsOnlyWhenNeeded() throws {
        let (value, report) = try decodeReporting(DefaultSettings.self, #"{"page_size": "50", "theme": "dark"}"#)
        #expect(value.pageSize == 50)
        #expect(value.theme == "dark")
        #expect(report.events(at: "pageSize").map(\.kind) == [.coerced])
        #expect(report.events(at: "theme").isEmpty)
        var throwing = BridgeDecoder()
        throwing.missingValueStrategy = .throw
        expectDecodingError(.keyNotFound, codingPath: "", key: "theme") {
            try throwing.decode(DefaultSettings.self, from: #"{"page_size": 1}"#)
        }
    }

    // MARK: Strict

    @Test("under .strict, null and mismatches are errors even with .useDefault; missing keys still default")
    func strictWithUseDefault() throws {
        var strict = BridgeDecoder()
        strict.coercion = .strict
        expectDecodingError(.valueNotFound, codingPath: "v") { try strict.decode(TableBox<Int>.self, from: #"{"v": null}"#) }
        expectDecodingError(.typeMismatch, codingPath: "v") { try strict.decode(TableBox<Int>.self, from: #"{"v": "1"}"#) }
        var report = DecodingReport()
        #expect(try strict.decode(TableBox<Int>.self, from: Data("{}".utf8), report: &report).v == 0)
        expectEvents(report, [.defaulted("v", "missing; used Int 0")])
    }

    @Test("a null root is valueNotFound, as in JSONDecoder, under every preset", arguments: ReportPreset.allCases)
    func nullRoot(preset: ReportPreset) {
        var decoder = BridgeDecoder()
        decoder.coercion = preset.policy
        expectDecodingError(.valueNotFound, codingPath: "") { try decoder.decode(Int.self, from: "null") }
        expectDecodingError(.valueNotFound, codingPath: "") { try decoder.decode(DefaultInner.self, from: "null") }
    }
}
