import Foundation
import Testing
@testable import CodableBridge

/// A record decoded from bytes.
struct ByteItem: Codable, Equatable {
    var id: Int
}

@Suite("Decoding from contiguous bytes")
struct ByteInputTests {
    static let json = #"{"id": 7}"#

    @Test("[UInt8], ArraySlice, ContiguousArray and raw buffers decode like Data")
    func byteKinds() throws {
        let decoder = BridgeDecoder()
        let bytes = Array(Self.json.utf8)
        #expect(try decoder.decode(ByteItem.self, from: bytes) == ByteItem(id: 7))
        #expect(try decoder.decode(ByteItem.self, from: ContiguousArray(bytes)) == ByteItem(id: 7))
        let padded = Array("xx\(Self.json)yy".utf8)
        #expect(try decoder.decode(ByteItem.self, from: padded[2 ..< padded.count - 2]) == ByteItem(id: 7))
        let raw = try bytes.withUnsafeBytes { try decoder.decode(ByteItem.self, from: $0) }
        #expect(raw == ByteItem(id: 7))
        #expect(throws: DecodingError.self) {
            try [UInt8]().withUnsafeBytes { try decoder.decode(ByteItem?.self, from: $0) }
        }
    }

    @Test("Existing calls keep their overloads: Data, string literals, JSONValue literals")
    func overloadResolution() throws {
        let decoder = BridgeDecoder()
        #expect(try decoder.decode(ByteItem.self, from: Data(Self.json.utf8)) == ByteItem(id: 7))
        #expect(try decoder.decode(ByteItem.self, from: #"{"id": 8}"#) == ByteItem(id: 8))
        // An array literal is still a JSONValue, not bytes (bytes 1, 2 would be invalid JSON).
        #expect(try decoder.decode([Int].self, from: [1, 2]) == [1, 2])
        #expect(try decoder.decode(ByteItem.self, from: ["id": 9]) == ByteItem(id: 9))
        var report = DecodingReport()
        #expect(try decoder.decode(ByteItem.self, from: Data(#"{"id": "3"}"#.utf8), report: &report) == ByteItem(id: 3))
        #expect(report.events.count == 1)
    }

    @Test("Malformed bytes report line and column; the report variant collects events")
    func errorsAndReport() throws {
        let decoder = BridgeDecoder()
        #expect {
            try decoder.decode(ByteItem.self, from: Array("{\n  \"id\": 7,\n}".utf8))
        } throws: { error in
            guard case .dataCorrupted(let context)? = error as? DecodingError,
                  let parse = context.underlyingError as? JSONParseError else { return false }
            return parse.line == 2 && parse.column == 10
        }
        var report = DecodingReport()
        let item = try decoder.decode(ByteItem.self, from: Array(#"{"id": "12"}"#.utf8), report: &report)
        #expect(item == ByteItem(id: 12))
        #expect(report.events.map(\.path) == ["id"])
    }
}
