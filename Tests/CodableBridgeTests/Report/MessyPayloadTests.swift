import Foundation
import Testing
@testable import CodableBridge

// The specification of `DecodingReport`: the messy payload (MessyPayloadFixture.swift) decoded
// under each preset, with every event the report must hold, in order — path, kind and the key part
// of the detail (for a coercion: the JSON found, the original value, the target type and result;
// for a default: why, and what was used; for a drop: what was found and what was expected).
//
// Events come in decoding order: properties in declaration order, depth first; an embedded-JSON
// coercion is recorded after the events inside it; a rejection before the drop or default it causes.

private func decodeMessy(_ preset: ReportPreset, json: String = MessyPayload.json,
                         configure: (inout BridgeDecoder) -> Void = { _ in }) throws -> (MessyResponse, DecodingReport) {
    try decodeReporting(MessyResponse.self, json, preset: preset) {
        $0.keyDecodingStrategy = .convertFromSnakeCase
        configure(&$0)
    }
}

@Suite("The report of a messy payload")
struct MessyPayloadTests {
    /// Every event of the `.lenient` decode.
    static let lenientEvents: [ExpectedEvent] = [
        // Top-level scalars. "request_id" is null, so the alternate "requestId" supplies the value.
        .coerced("requestID", #"a number (90210) → String "90210" (number → String)"#),
        .coerced("ok", #"a string ("true") → Bool true (string → Bool)"#),
        .coerced("code", #"a string ("200") → Int 200"#),
        .defaulted("message", #"null; used String """#),
        // "server_time" is a date string (the date strategy's business, not a coercion); "page": 1.0 is a whole number.
        .defaulted("pageSize", "missing; used Int 0"),
        .coerced("total", #"a string ("12345678901") → Int64 12345678901"#),
        .coerced("hasMore", "a number (0) → Bool false (number → Bool)"),
        .coerced("ratio", #"a string ("0.75") → Double 0.75"#),
        .coerced("temperature", #"a string ("-3.5") → Float -3.5"#),
        .defaulted("level", "a number (300) not converted (it is outside UInt8's range 0...255); used UInt8 0"),
        .coerced("priority", #"a string ("-5") → Int8 -5"#),
        .coerced("verified", #"a string ("YES") → Bool true"#),
        .defaulted("premium", "a number (2) not converted (only 1 and 0 are read as Booleans); used Bool false"),
        .coerced("nickname", #"a number (12345) → String "12345""#),
        .defaulted("bio", #"missing; used String """#),
        .coerced("version", #"a number (2.10) → String "2.10""#),  // the source text, not 2.1
        // Optionals: an unreadable value is nil and reported; "expires_at": null is nil silently.
        .defaulted("lastLogin", #"a string ("31/12/2023") not converted to Date (it is not an ISO 8601"#),
        .coerced("avatar", #"a string (" https://cdn.example.com/a.png ") → URL https://cdn.example.com/a.png (string → URL (trimmed))"#),
        .defaulted("homepage", #"a string ("") not converted to URL"#),
        // Mixed-type arrays, a set and a dictionary: coerced elements stay, the rest are dropped.
        .coerced("tags[1]", #"a number (42) → String "42""#),
        .dropped("tags[2]", "null where String was expected"),
        .coerced("tags[3]", #"a Boolean (true) → String "true""#),
        .coerced("scores[1]", #"a string ("2.5") → Double 2.5"#),
        .dropped("scores[2]", #"a string ("x") not converted to Double (it is not a decimal number)"#),
        .dropped("scores[3]", "null where Double was expected"),
        .coerced("ids[1]", #"a string ("2") → Int 2"#),
        .dropped("ids[3]", #"a string ("three") not converted to Int"#),
        .coerced("counters.shares", #"a string ("3") → Int 3"#),
        .dropped("counters.views", #"a string ("many") not converted to Int"#),
        .dropped("counters.saves", "null where Int was expected"),
        // The user, read through the key path "data.user"; the path is the property's.
        .coerced("user.id", #"a string ("42") → Int 42"#),
        .defaulted("user.name", #"null; used String """#),
        .coerced("user.age", #"a string ("27.0") → Int 27"#),
        .coerced("user.email", #"a number (5) → String "5""#),
        .coerced("user.isActive", #"a string ("yes") → Bool true"#),
        .defaulted("user.followers", #"a string ("1.2k") not converted (it is not a number); used Int 0"#),
        .defaulted("user.website", "a number (12) not converted to URL; used nil"),
        .coerced("user.badges[1]", #"a number (3) → String "3""#),
        .dropped("user.badges[2]", "an object not converted to String"),
        .coerced("user.score", #"a string ("99.50") → Decimal 99.5"#),
        // A string that is not JSON for an optional model; a string holding JSON for a model.
        .defaulted("location", #"a string ("unknown") not converted to MessyLocation; used nil"#),
        .coerced("embedded.lng", #"a string ("2.5") → Double 2.5"#),
        .defaulted("embedded.city", #"missing; used String """#),
        .coerced("embedded", #"a string ("{"lat": 1.5, "lng": "2.5"}") holding JSON → MessyLocation"#),
        // Declared defaults (MessySettings is DefaultInitializable).
        .defaulted("settings.theme", #"null; used the declared default "light""#),
        .coerced("settings.pageSize", #"a string ("50") → Int 50"#),
        .defaulted("settings.notifications", "missing; used the declared default true"),
        .defaulted("settings.language", #"an object not converted; used the declared default "en""#),
        .defaulted("settings.fontScale", "missing; used the declared default 1.0"),
        // Statuses: [2] is rejected by didDecode, [4] has no readable date (Date has no default),
        // [5] is not an object, [6] is null. The indexes are the JSON's.
        .coerced("statuses[0].likes", #"a string ("10") → Int 10"#),
        .coerced("statuses[0].retweeted", #"a string ("false") → Bool false"#),
        .coerced("statuses[1].id", #"a string ("2") → Int 2"#),
        .coerced("statuses[1].text", #"a number (404) → String "404""#),
        .defaulted("statuses[1].likes", "null; used Int 0"),
        .coerced("statuses[1].retweeted", "a number (1) → Bool true"),
        .rejected("statuses[2]", "CodableBridgeTests.MessyStatus.didDecode threw a status needs text"),
        .dropped("statuses[2]", "rejected CodableBridgeTests.MessyStatus left out"),
        .coerced("statuses[3].retweeted", #"a string ("no") → Bool false"#),
        .coerced("statuses[3].user.id", #"a string ("77") → Int 77"#),
        .defaulted("statuses[3].user.handle", #"null; used String """#),
        .dropped("statuses[4]", #"could not decode MessyStatus: createdAt: Expected to decode Date but found a string ("next tuesday") instead: it is not an ISO 8601"#),
        .dropped("statuses[5]", #"a string ("oops") not converted to MessyStatus"#),
        .dropped("statuses[6]", "null where MessyStatus was expected"),
        // Nested arrays drop at their own level.
        .coerced("matrix[0][1]", #"a string ("2") → Int 2"#),
        .dropped("matrix[1]", #"a string ("x") not converted to Array<Int>"#),
        .dropped("matrix[2][1]", "null where Int was expected"),
        // A missing model: decoded from {} — one event, not one per property inside it.
        .defaulted("extra", #"missing; used MessyLocation MessyLocation(lat: 0.0, lng: 0.0, city: "")"#),
    ]

    @Test(".lenient: the value, and exactly these 67 events")
    func lenient() throws {
        let (value, report) = try decodeMessy(.lenient)
        #expect(value == MessyPayload.lenientValue)
        expectEvents(report, Self.lenientEvents)
        #expect(report.events.count == 67)
        let counts = Dictionary(grouping: report.events, by: \.kind.description).mapValues(\.count)
        #expect(counts == ["coerced": 34, "defaulted": 19, "dropped": 13, "rejected": 1])
    }

    /// The payload with `created_at` as a date string: `.yyModel` reads no numbers as dates, and a
    /// non-optional Date has no default.
    static let yyModelJSON = MessyPayload.json.replacingOccurrences(of: #""created_at": 1445534567"#,
                                                                    with: #""created_at": "2015-10-22 17:22:47""#)

    /// `.yyModel`'s events at the paths where they differ from `.lenient`'s (no event at a listed
    /// path that has none here).
    static let yyModelDifferences: [ExpectedEvent] = [
        // YYModel takes the first alternate present, even when its value is null.
        .defaulted("requestID", #"null; used String """#),
        .coerced("level", "a number (300) → UInt8 44 (number → UInt8 (YYModel: wrapped))"),
        .coerced("premium", "a number (2) → Bool true (number → Bool (non-zero is true))"),
        .coerced("tags[3]", #"a Boolean (true) → String "1" (Boolean → String (YYModel))"#),
        .coerced("scores[2]", #"a string ("x") → Double 0.0 (string → Double (YYModel))"#),
        .coerced("ids[3]", #"a string ("three") → Int 0 (string → Int (YYModel))"#),
        .coerced("counters.views", #"a string ("many") → Int 0"#),
        .coerced("user.followers", #"a string ("1.2k") → Int 1 (string → Int (YYModel))"#),
        // No embedded JSON: the model's zero value.
        .defaulted("embedded", #"a string ("{"lat": 1.5, "lng": "2.5"}") not converted; used MessyLocation"#),
    ]
    static let yyModelDifferingPaths: Set<String> = Set(yyModelDifferences.map(\.path)).union(["embedded.lng", "embedded.city"])

    @Test(".yyModel: YYModel's conversions where lenient defaults or drops; the same events elsewhere")
    func yyModel() throws {
        let (value, report) = try decodeMessy(.yyModel, json: Self.yyModelJSON)
        #expect(value.level == 44)
        #expect(value.premium)
        #expect(value.scores == [1.5, 2.5, 0, 3])
        #expect(value.ids == [0, 1, 2])
        #expect(value.embedded == MessyLocation(lat: 0, lng: 0, city: ""))
        #expect(value.statuses.map(\.id) == [1, 2, 4])

        var differing = DecodingReport()
        differing.events = report.events.filter { Self.yyModelDifferingPaths.contains($0.path) }
        expectEvents(differing, Self.yyModelDifferences)

        let (_, lenient) = try decodeMessy(.lenient, json: Self.yyModelJSON)
        let same = { (events: [DecodingEvent]) in
            events.filter { !Self.yyModelDifferingPaths.contains($0.path) }.map { "\($0.path) \($0.kind)" }
        }
        #expect(same(report.events) == same(lenient.events))
    }

    @Test(".yyModel: a number for a non-optional Date has no default — the error names the path")
    func yyModelDateNumber() throws {
        expectDecodingError(.typeMismatch, codingPath: "createdAt") { try decodeMessy(.yyModel).0 }
    }

    @Test(".strict: the first mismatch is the error, as JSONDecoder reports it")
    func strict() throws {
        expectDecodingError(.typeMismatch, codingPath: "requestID") { try decodeMessy(.strict).0 }

        // The statuses through Foundation and a strict BridgeDecoder: same error, same path.
        let object = try JSONSerialization.jsonObject(with: Data(MessyPayload.json.utf8)) as! [String: Any]
        let statuses = String(decoding: try JSONSerialization.data(withJSONObject: object["statuses"]!), as: UTF8.self)
        expectParity([MessyStatus].self, json: statuses, expected: .error(.typeMismatch, at: "[0].likes")) {
            $0.keys = .convertFromSnakeCase
        }
    }

    @Test(".throw: the first value that needs a default is the error")
    func throwStrategy() throws {
        expectDecodingError(.valueNotFound, codingPath: "message") {
            try decodeMessy(.lenient) { $0.missingValueStrategy = .throw }.0
        }
    }

    @Test("without a report the decode gives the same value (no collector is made)", arguments: ReportPreset.allCases)
    func sameValueWithoutReport(preset: ReportPreset) throws {
        var decoder = BridgeDecoder()
        decoder.coercion = preset.policy
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = preset == .lenient ? MessyPayload.json : Self.yyModelJSON
        if preset == .strict {
            expectDecodingError(.typeMismatch, codingPath: "requestID") { try decoder.decode(MessyResponse.self, from: json) }
            return
        }
        var report = DecodingReport()
        let reported = try decoder.decode(MessyResponse.self, from: Data(json.utf8), report: &report)
        #expect(try decoder.decode(MessyResponse.self, from: json) == reported)
        #expect(try decoder.decode(MessyResponse.self, from: Data(json.utf8)) == reported)
        #expect(try decoder.decode(MessyResponse.self, from: JSONValue(parsing: json)) == reported)
        #expect(!report.isEmpty)
    }
}
