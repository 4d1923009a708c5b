import BridgeServer
import CodableBridge
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The server started on 127.0.0.1 with an ephemeral port, answering real HTTP requests.
@Suite struct ServerTests {
    static let clean = #"{"id": 7, "customer": "Ada", "items": [{"sku": "A-1", "quantity": 2, "price": 9.5}], "express": true}"#
    static let messy = #"{"id": "7", "customer": "Ada", "items": [{"sku": "A-1", "quantity": "2", "price": "9.5"}, null]}"#

    static func body(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }

    /// The message of a Hummingbird error response (`{"error": {"message": …}}`).
    static func errorMessage(_ response: TestResponse) throws -> String {
        let json = try JSONValue(parsing: String(buffer: response.body))
        return try #require(json["error"]?["message"]?.stringValue)
    }

    @Test("the strict endpoint decodes a clean order and answers it as JSON")
    func strictClean() async throws {
        try await buildApplication(port: 0).test(.live) { client in
            try await client.execute(uri: "/orders", method: .post, body: Self.body(Self.clean)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let order = try JSONDecoder().decode(Order.self, from: Data(buffer: response.body))
                #expect(order == Order(id: 7, customer: "Ada", items: [.init(sku: "A-1", quantity: 2, price: 9.5)], express: true))
            }
        }
    }

    /// (body, what the 400's message must contain)
    static let rejected: [(String, String)] = [
        (Self.messy, #"at id: Expected to decode Int but found a string"#),
        (#"{"id": 7, "customer": "Ada", "items": []}"#, #"missing key "express""#),
        (#"{"id": 7, "customer": "Ada", "items": [{"sku": "A", "quantity": 1, "price": 1}], "express": tru}"#,
         "malformed JSON at line 1, column 93: expected 'true', found 'tru'"),
        ("{\n  \"id\": 7,\n  \"customer\": \"Ada\"\n  \"items\": []\n}", "malformed JSON at line 4, column 3: expected ',' or '}'"),
        ("", "malformed JSON at line 1, column 1: the input is empty"),
        (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), "nesting deeper than 32 levels"),
        (#"{"id": 7, "id": 8, "customer": "Ada", "items": [], "express": false}"#,
         #"repeated key at line 1, column 11: duplicate key "id", which first occurs at line 1, column 2"#),
    ]

    @Test("the strict endpoint refuses bad bodies with 400, saying where and what", arguments: rejected)
    func strictRejects(body: String, message: String) async throws {
        try await buildApplication(port: 0).test(.live) { client in
            try await client.execute(uri: "/orders", method: .post, body: Self.body(body)) { response in
                #expect(response.status == .badRequest)
                let text = try Self.errorMessage(response)
                #expect(text.contains(message), "\(text)")
            }
        }
    }

    @Test("a body over the limit is refused with 413 before it is decoded")
    func overLimit() async throws {
        let padding = String(repeating: "x", count: Endpoints.maxBodyBytes)
        let body = #"{"id": 7, "customer": "\#(padding)", "items": [], "express": false}"#
        try await buildApplication(port: 0).test(.live) { client in
            try await client.execute(uri: "/orders", method: .post, body: Self.body(body)) { response in
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    /// (body, what the 413's message must contain): within the body size, over a decoding limit.
    static let overLimits: [(String, String)] = [
        (#"{"id": 7, "customer": "\#(String(repeating: "x", count: 5000))", "items": [], "express": false}"#,
         "over a limit at line 1, column 23: a string of 5000 bytes exceeds the limit maxStringBytes = 4096"),
        (#"{"id": 7\#(String(repeating: "0", count: 50)), "customer": "Ada", "items": [], "express": false}"#,
         "a number of 51 digits exceeds the limit maxNumberDigits = 40"),
        ("{" + (0 ..< 120).map { #""k\#($0)": 0, "# }.joined() + #""express": true}"#, "member 101 of an object exceeds the limit maxObjectMembers = 100"),
    ]

    @Test("the strict endpoint refuses a body over a decoding limit with 413 naming the limit", arguments: overLimits)
    func strictLimits(body: String, message: String) async throws {
        try await buildApplication(port: 0).test(.live) { client in
            try await client.execute(uri: "/orders", method: .post, body: Self.body(body)) { response in
                #expect(response.status == .contentTooLarge)
                let text = try Self.errorMessage(response)
                #expect(text.contains(message), "\(text)")
            }
        }
    }

    @Test("the lenient endpoint repairs a messy order and lists every repair")
    func lenientRepairs() async throws {
        try await buildApplication(port: 0).test(.live) { client in
            try await client.execute(uri: "/orders/normalise", method: .post, body: Self.body(Self.messy)) { response in
                #expect(response.status == .ok)
                let answer = try JSONDecoder().decode(NormalisedOrder.self, from: Data(buffer: response.body))
                #expect(answer.order == Order(id: 7, customer: "Ada", items: [.init(sku: "A-1", quantity: 2, price: 9.5)], express: false))
                #expect(answer.repairs.map { "\($0.path) \($0.kind)" } == [
                    "id coerced", "items[0].quantity coerced", "items[0].price coerced", "items[1] dropped", "express defaulted",
                ])
            }
        }
    }

    @Test("the lenient endpoint still refuses malformed JSON with 400 and its line and column")
    func lenientMalformed() async throws {
        try await buildApplication(port: 0).test(.live) { client in
            try await client.execute(uri: "/orders/normalise", method: .post, body: Self.body(#"{"id": 7,}"#)) { response in
                #expect(response.status == .badRequest)
                let message = try Self.errorMessage(response)
                #expect(message.hasPrefix("malformed JSON at line 1, column 9: trailing comma"), "\(message)")
            }
        }
    }

    /// Resident memory of this process, in bytes (Linux); nil elsewhere.
    static func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test("20 000 requests from 4 concurrent clients: none fails, resident memory stays flat")
    func load() async throws {
        let clients = 4
        let requestsPerClient = 5_000
        let warmUp = 500
        try await buildApplication(port: 0).test(.ahc(.http)) { client in
            /// Sends `count` requests, alternating the endpoints and bodies; returns the failures.
            @Sendable func send(_ count: Int, from client: some TestClientProtocol) async throws -> Int {
                var failures = 0
                for i in 0 ..< count {
                    let (uri, body, expected): (String, String, HTTPResponse.Status) = switch i % 3 {
                    case 0: ("/orders", Self.clean, .ok)
                    case 1: ("/orders/normalise", Self.messy, .ok)
                    default: ("/orders", Self.messy, .badRequest)
                    }
                    let status = try await client.execute(uri: uri, method: .post, body: Self.body(body)) { $0.status }
                    if status != expected { failures += 1 }
                }
                return failures
            }
            _ = try await send(warmUp, from: client)
            let before = try #require(Self.residentBytes())
            let failures = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0 ..< clients { group.addTask { try await send(requestsPerClient, from: client) } }
                return try await group.reduce(0, +)
            }
            let after = try #require(Self.residentBytes())
            #expect(failures == 0)
            #expect(Double(after) <= Double(before) * 1.2, "resident memory grew from \(before) to \(after) bytes")
        }
    }
}
