import Foundation
import Testing
@testable import CodableBridge

// `unknownKeysProperty` captures exactly the members that no property reads, under every key
// rule, and `unknownKeyStrategy = .report` reports exactly those members for the same model
// without the capture property:
//
//     rule                         the model reads                    {"…": …, "x": 1} → extra
//     custom CodingKeys            "full_name" (case fullName)        {"x": 1} (and "fullName" if sent)
//     keyStyle .snakeCase          "full_name"                        {"x": 1}
//     .flatten                     the flattened model's keys         {"x": 1}
//     alternates, key paths        every candidate; a path's parent   {"x": 1}
//     keyDecodingStrategy          the member whose converted key     {"x": 1}
//                                  is the coding key
//
// So `extra` can be trusted, and decode → encode → decode is the identity.

struct CRCustom: MappableCodable, Equatable, Sendable {
    var fullName = ""
    var extra = JSONObject()
    static var unknownKeysProperty: String? { "extra" }
    enum CodingKeys: String, CodingKey { case fullName = "full_name", extra }
}

struct CRCustomPlain: MappableCodable, Equatable, Sendable {
    var fullName = ""
    enum CodingKeys: String, CodingKey { case fullName = "full_name" }
}

struct CRStyled: MappableCodable, Equatable, Sendable {
    var fullName = ""
    var homePage: String?
    var extra = JSONObject()
    static var keyStyle: KeyStyle? { .snakeCase }
    static var unknownKeysProperty: String? { "extra" }
}

struct CRStyledPlain: MappableCodable, Equatable, Sendable {
    var fullName = ""
    var homePage: String?
    static var keyStyle: KeyStyle? { .snakeCase }
}

struct CRAddress: MappableCodable, Equatable, Sendable {
    var city = ""
    var zip: String?
}

/// A flattened model that is plain `Codable` (no mapping of its own).
struct CRGeo: Codable, Equatable, Sendable {
    var lat = 0.0
    var lon = 0.0
}

struct CRPerson: MappableCodable, Equatable, Sendable {
    var name = ""
    var address = CRAddress()
    var geo: CRGeo?
    var extra = JSONObject()
    static var keyMapping: KeyMapping { ["address": .flatten, "geo": .flatten] }
    static var unknownKeysProperty: String? { "extra" }
}

struct CRPersonPlain: MappableCodable, Equatable, Sendable {
    var name = ""
    var address = CRAddress()
    var geo: CRGeo?
    static var keyMapping: KeyMapping { ["address": .flatten, "geo": .flatten] }
}

struct CRMapped: MappableCodable, Equatable, Sendable {
    var id = 0
    var desc: String?
    var title = ""
    var extra = JSONObject()
    static var keyMapping: KeyMapping { ["id": ["id", "ID"], "desc": "ext.desc", "title": "t"] }
    static var unknownKeysProperty: String? { "extra" }
}

struct CRMappedPlain: MappableCodable, Equatable, Sendable {
    var id = 0
    var desc: String?
    var title = ""
    static var keyMapping: KeyMapping { ["id": ["id", "ID"], "desc": "ext.desc", "title": "t"] }
}

/// A styled model flattening a styled one.
struct CRStyledAddress: MappableCodable, Equatable, Sendable {
    var streetName = ""
    static var keyStyle: KeyStyle? { .kebabCase }
}

struct CRStyledOwner: MappableCodable, Equatable, Sendable {
    var ownerName = ""
    var address = CRStyledAddress()
    var extra = JSONObject()
    static var keyStyle: KeyStyle? { .snakeCase }
    static var keyMapping: KeyMapping { ["address": .flatten] }
    static var unknownKeysProperty: String? { "extra" }
}

struct CRStyledOwnerPlain: MappableCodable, Equatable, Sendable {
    var ownerName = ""
    var address = CRStyledAddress()
    static var keyStyle: KeyStyle? { .snakeCase }
    static var keyMapping: KeyMapping { ["address": .flatten] }
}

/// One rule: a document, what the capture holds, and the same model without the capture.
struct CaptureRuleCase: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let captured: [String]
    let check: @Sendable (String, [String], SourceLocation) throws -> Void
    var testDescription: String { name }
}

private func rule<M: MappableCodable & Equatable & Sendable, P: MappableCodable & Sendable>(
    _ name: String, _ model: M.Type, plain: P.Type, extra: KeyPath<M, JSONObject> & Sendable, json: String, captured: [String],
    configure: @escaping @Sendable (inout BridgeDecoder) -> Void = { _ in }
) -> CaptureRuleCase {
    CaptureRuleCase(name: name, json: json, captured: captured) { json, captured, location in
        var decoder = BridgeDecoder()
        configure(&decoder)
        // The capture holds exactly the unread members, in document order.
        let value = try decoder.decode(M.self, from: json)
        #expect(Array(value[keyPath: extra].keys) == captured, sourceLocation: location)
        // The same model without the capture reports exactly those members as unknown.
        var reporting = decoder
        reporting.unknownKeyStrategy = .report
        var report = DecodingReport()
        _ = try reporting.decode(P.self, from: Data(json.utf8), report: &report)
        #expect(report.events.filter { $0.kind == .unknownKey }.map(\.path) == captured, sourceLocation: location)
        // With the capture, nothing is unknown, and `.throw` has nothing to throw.
        var capturing = reporting
        var captureReport = DecodingReport()
        _ = try capturing.decode(M.self, from: Data(json.utf8), report: &captureReport)
        #expect(captureReport.events.filter { $0.kind == .unknownKey }.isEmpty, sourceLocation: location)
        capturing.unknownKeyStrategy = .throw
        #expect(try capturing.decode(M.self, from: json) == value, sourceLocation: location)
        // decode → encode → decode is the identity.
        var encoder = BridgeEncoder()
        if case .convertFromSnakeCase = decoder.keyDecodingStrategy.base { encoder.keyEncodingStrategy = .convertToSnakeCase }
        let encoded = try encoder.encode(value)
        #expect(try decoder.decode(M.self, from: encoded) == value, sourceLocation: location)
    }
}

@Suite("Unknown-key capture: exactly the members no property reads")
struct UnknownKeysCaptureRuleTests {
    static let cases: [CaptureRuleCase] = [
        rule("custom CodingKeys", CRCustom.self, plain: CRCustomPlain.self, extra: \.extra,
             json: #"{"full_name": "Ada", "fullName": "A", "x": 1}"#, captured: ["fullName", "x"]),
        rule("keyStyle", CRStyled.self, plain: CRStyledPlain.self, extra: \.extra,
             json: #"{"full_name": "Ada", "x": 1, "home_page": "h", "homePage": "p"}"#, captured: ["x", "homePage"]),
        rule("flatten (a mapped and a plain model)", CRPerson.self, plain: CRPersonPlain.self, extra: \.extra,
             json: #"{"name": "Ada", "city": "Paris", "zip": "75001", "lat": 1.5, "lon": 2, "x": 1}"#, captured: ["x"]),
        rule("flatten, optional model absent", CRPerson.self, plain: CRPersonPlain.self, extra: \.extra,
             json: #"{"name": "Ada", "city": "Paris", "x": 1, "country": "FR"}"#, captured: ["x", "country"]),
        rule("styles through flatten", CRStyledOwner.self, plain: CRStyledOwnerPlain.self, extra: \.extra,
             json: #"{"owner_name": "Ada", "street-name": "Rue", "street_name": "no", "x": 1}"#, captured: ["street_name", "x"]),
        rule("alternates, key paths, custom keys", CRMapped.self, plain: CRMappedPlain.self, extra: \.extra,
             json: #"{"ID": 3, "ext": {"desc": "d"}, "t": "T", "title": "no", "x": 1}"#, captured: ["title", "x"]),
        rule("keyDecodingStrategy", CRStyledPlainCapture.self, plain: CRSnakePlain.self, extra: \.extra,
             json: #"{"full_name": "Ada", "x_y": 1}"#, captured: ["x_y"]) { $0.keyDecodingStrategy = .convertFromSnakeCase },
    ]

    @Test(arguments: cases)
    func captureRule(c: CaptureRuleCase) throws {
        try c.check(c.json, c.captured, #_sourceLocation)
    }

    @Test("the product owner's examples")
    func examples() throws {
        let styled = try BridgeDecoder().decode(CRStyled.self, from: #"{"full_name":"Ada","x":1}"#)
        #expect(styled == CRStyled(fullName: "Ada", extra: ["x": 1]))
        let person = try BridgeDecoder().decode(CRPerson.self, from: #"{"name":"Ada","city":"Paris","zip":"1","x":1}"#)
        #expect(person == CRPerson(name: "Ada", address: CRAddress(city: "Paris", zip: "1"), extra: ["x": 1]))
    }
}

struct CRStyledPlainCapture: MappableCodable, Equatable, Sendable {
    var fullName = ""
    var extra = JSONObject()
    static var unknownKeysProperty: String? { "extra" }
}

struct CRSnakePlain: MappableCodable, Equatable, Sendable {
    var fullName = ""
}
