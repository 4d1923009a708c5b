import Foundation
import Testing
@testable import CodableBridge

// `ignoredOnDecode` (written, never read) and `ignoredOnEncode` (read, never written).

struct ODAccount: MappableCodable, Equatable {
    var name = ""
    var password = ""      // sent, never read back
    var createdAt = 0      // computed by the server: read, never sent
    static var ignoredOnDecode: Set<String> { ["password"] }
    static var ignoredOnEncode: Set<String> { ["createdAt"] }
}

@Suite struct OneDirectionPropertyTests {
    @Test func ignoredOnDecodeIsNeverRead() throws {
        let (account, report) = try decodeReporting(ODAccount.self, #"{"name": "a", "password": "leaked", "createdAt": 7}"#)
        #expect(account == ODAccount(name: "a", password: "", createdAt: 7))
        expectEvents(report, [.defaulted("password", "missing")])
    }

    @Test func ignoredOnEncodeIsNeverWritten() throws {
        let account = ODAccount(name: "a", password: "secret", createdAt: 7)
        #expect(try BridgeEncoder().encodeToString(account) == #"{"name":"a","password":"secret"}"#)
    }

    @Test func ignoredOnDecodeKeysAreKnown() throws {
        let (_, report) = try decodeReporting(ODAccount.self, #"{"name": "a", "password": "x", "createdAt": 1}"#) {
            $0.unknownKeyStrategy = .report
        }
        #expect(report.events.allSatisfy { $0.kind != .unknownKey })
    }

    @Test func updateKeepsTheCurrentValueOfAPropertyIgnoredOnDecode() throws {
        var account = ODAccount(name: "a", password: "secret", createdAt: 1)
        try BridgeDecoder().update(&account, from: Data(#"{"name": "b", "password": "other"}"#.utf8))
        #expect(account == ODAccount(name: "b", password: "secret", createdAt: 1))
    }
}
