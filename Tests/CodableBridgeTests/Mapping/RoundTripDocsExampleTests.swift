import Foundation
import Testing
import CodableBridge

// The examples of "Round trips that lose nothing" in Docs/Mapping.md and the report outputs shown
// there and in Docs/Coercion.md, verbatim: if a message changes, this fails and the docs must
// change with it.

enum DocsApp {
    struct Home: Codable {
        var city: String
    }

    struct User: Codable {
        var name: String
        var home: Home
    }

    enum Plan: String, Codable, UnknownCaseRepresentable {
        case free, pro, unknown
        static var unknownCase: Plan { .unknown }
    }

    enum Role: String, Codable { case admin, member }

    enum Status: String, Codable, UnknownCaseRepresentable {
        case active, suspended, unknown
        static var unknownCase: Status { .unknown }
    }

    struct Membership: Codable {
        var status: Status
        var history: [Status]
    }

    struct Account: MappableCodable {
        var id: Int
        var plan: Plan
        var role: OpenEnum<Role>
        var signedUp: Date
        var lastSeen: Date?
        var password: String?       // sent when signing up, never read back
        var createdBy: String?      // set by the server: read, never sent
        var extras = JSONObject()   // every member the model does not read

        static var keyMapping: KeyMapping { ["signedUp": "signed_up", "lastSeen": "last_seen"] }
        static var valueTransforms: [String: JSONTransform] {
            ["signedUp": .dateFormat("yyyy-MM-dd"), "lastSeen": .millisecondsSince1970]
        }
        static var ignoredOnDecode: Set<String> { ["password"] }
        static var ignoredOnEncode: Set<String> { ["createdBy"] }
        static var unknownKeysProperty: String? { "extras" }
    }
}

@Suite struct RoundTripDocsExampleTests {
    @Test func unknownKeysReport() throws {
        var decoder = BridgeDecoder()
        decoder.unknownKeyStrategy = .report
        var report = DecodingReport()
        let json = #"{"name": "Ada", "nmae": "typo", "home": {"city": "Paris", "zip": "75001"}}"#
        _ = try decoder.decode(DocsApp.User.self, from: Data(json.utf8), report: &report)
        #expect(report.description == """
            DecodingReport: 2 events
              home.zip
                unknownKey: key "zip" is not read by CodableBridgeTests.DocsApp.Home
              nmae
                unknownKey: key "nmae" is not read by CodableBridgeTests.DocsApp.User
            """)
        decoder.unknownKeyStrategy = .throw
        do {
            _ = try decoder.decode(DocsApp.User.self, from: json)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["home"])
            #expect(context.debugDescription == """
                Unknown key "zip": CodableBridgeTests.DocsApp.Home neither reads it nor names it in a mapping table. \
                Map it, capture it with unknownKeysProperty, or decode with unknownKeyStrategy = .ignore or .report.
                """)
        }
    }

    @Test func accountRoundTrip() throws {
        let json = #"""
            {"id": 7, "plan": "enterprise", "role": "owner", "signed_up": "2024-05-01", "last_seen": "yesterday",
             "password": "hunter2", "createdBy": "admin", "theme": "dark", "beta": {"flags": [1, 2]}}
            """#
        var decoder = BridgeDecoder()
        decoder.unknownKeyStrategy = .report
        var report = DecodingReport()
        let account = try decoder.decode(DocsApp.Account.self, from: Data(json.utf8), report: &report)
        #expect(account.plan == .unknown)
        #expect(account.role == .unknown("owner"))
        #expect(account.password == nil)
        #expect(account.createdBy == "admin")
        #expect(account.extras == ["theme": "dark", "beta": ["flags": [1, 2]]])
        #expect(report.description == """
            DecodingReport: 2 events
              plan
                defaulted: raw value "enterprise" is no case of Plan; used Plan.unknown
              lastSeen
                defaulted: a string ("yesterday") not converted to Date (the transform millisecondsSince1970 threw: expected a number, found "yesterday"); used nil
            """)
        #expect(try BridgeEncoder().encodeToString(account) == #"""
            {"id":7,"plan":"unknown","role":"owner","signed_up":"2024-05-01","theme":"dark","beta":{"flags":[1,2]}}
            """#)
    }

    /// Docs/Coercion.md, "What an unusable value becomes".
    @Test func unknownCaseReport() throws {
        var report = DecodingReport()
        let json = #"{"status": "archived", "history": ["active", "gone"]}"#
        let value = try BridgeDecoder().decode(DocsApp.Membership.self, from: Data(json.utf8), report: &report)
        #expect(value.status == .unknown)
        #expect(value.history == [.active, .unknown])
        #expect(report.description == """
            DecodingReport: 2 events
              status
                defaulted: raw value "archived" is no case of Status; used Status.unknown
              history[1]
                defaulted: raw value "gone" is no case of Status; used Status.unknown
            """)
    }
}
