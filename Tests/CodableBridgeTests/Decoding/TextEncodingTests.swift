import Foundation
import Testing
@testable import CodableBridge

// UTF-16 and UTF-32 input: `BridgeDecoder` accepts exactly what Foundation's `JSONDecoder` accepts
// (every row is checked against JSONDecoder too), by transcoding to UTF-8 before parsing.
// `JSONValue(parsing:)` stays UTF-8 only (Docs/JSONConformance.md, "Encoding").

/// One encoding of a document.
struct EncodedText: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let bytes: Data
    /// Whether JSONDecoder (and so BridgeDecoder) accepts it.
    let accepted: Bool

    static let text = #"{"name": "é😀\n", "n": [1, -2.5]}"#

    static func make(_ name: String, _ encoding: String.Encoding, mark: [UInt8] = [], accepted: Bool = true) -> EncodedText {
        EncodedText(testDescription: name, bytes: Data(mark) + text.data(using: encoding)!, accepted: accepted)
    }

    static let all: [EncodedText] = [
        make("UTF-8", .utf8),
        make("UTF-8 with BOM", .utf8, mark: [0xEF, 0xBB, 0xBF]),
        make("UTF-16LE", .utf16LittleEndian),
        make("UTF-16BE", .utf16BigEndian),
        make("UTF-16LE with BOM", .utf16LittleEndian, mark: [0xFF, 0xFE]),
        make("UTF-16BE with BOM", .utf16BigEndian, mark: [0xFE, 0xFF]),
        make("UTF-32LE", .utf32LittleEndian),
        make("UTF-32BE", .utf32BigEndian),
        make("UTF-32BE with BOM", .utf32BigEndian, mark: [0x00, 0x00, 0xFE, 0xFF]),
        // FF FE 00 00 reads as a UTF-16LE mark followed by U+0000: JSONDecoder rejects it.
        make("UTF-32LE with BOM", .utf32LittleEndian, mark: [0xFF, 0xFE, 0x00, 0x00], accepted: false),
    ]
}

struct TextModel: Codable, Equatable {
    var name: String
    var n: [Double]
}

@Suite("UTF-16 and UTF-32 input")
struct TextEncodingTests {
    @Test("BridgeDecoder accepts what JSONDecoder accepts", arguments: EncodedText.all)
    func sameAsJSONDecoder(text: EncodedText) throws {
        let expected = TextModel(name: "é😀\n", n: [1, -2.5])
        let foundation = try? JSONDecoder().decode(TextModel.self, from: text.bytes)
        #expect(foundation == (text.accepted ? expected : nil), "JSONDecoder disagrees with the table")
        for decoder in [BridgeDecoder(), BridgeDecoder.foundationCompatible] {
            if text.accepted {
                #expect(try decoder.decode(TextModel.self, from: text.bytes) == expected)
                #expect(try decoder.decode(TextModel.self, from: Array(text.bytes)) == expected)
                var report = DecodingReport()
                #expect(try decoder.decode(TextModel.self, from: text.bytes, report: &report) == expected)
                #expect(report.isEmpty)
            } else {
                expectDecodingError(.dataCorrupted, codingPath: "") { try decoder.decode(TextModel.self, from: text.bytes) }
                expectDecodingError(.dataCorrupted, codingPath: "") { try decoder.decode(TextModel.self, from: Array(text.bytes)) }
            }
        }
    }

    @Test("JSONValue(parsing:) reads UTF-8 only", arguments: EncodedText.all.filter { !$0.testDescription.hasPrefix("UTF-8") })
    func parserIsUTF8Only(text: EncodedText) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text.bytes) }
    }

    @Test("short documents: one character in UTF-16 and UTF-32", arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian])
    func shortDocuments(encoding: String.Encoding) throws {
        #expect(try BridgeDecoder().decode(Int.self, from: "7".data(using: encoding)!) == 7)
        #expect(try BridgeDecoder().decode([Int].self, from: "[]".data(using: encoding)!) == [])
    }

    @Test("invalid UTF-16 and UTF-32 is an error at its byte offset", arguments: [
        // UTF-16LE `["` + lone high surrogate D800 + `"]`
        ([0x5B, 0, 0x22, 0, 0x00, 0xD8, 0x22, 0, 0x5D, 0], 4, "lone high surrogate U+D800"),
        // UTF-16BE `[` + lone low surrogate DC00
        ([0, 0x5B, 0, 0x22, 0xDC, 0x00, 0, 0x22, 0, 0x5D], 4, "lone low surrogate U+DC00"),
        // UTF-32LE `[` + 0x110000
        ([0x5B, 0, 0, 0, 0x00, 0x00, 0x11, 0x00, 0x5D, 0, 0, 0], 4, "invalid code point 0x110000"),
    ] as [([UInt8], Int, String)])
    func invalidText(bytes: [UInt8], offset: Int, reason: String) {
        #expect { try BridgeDecoder().decode(JSONValue.self, from: Data(bytes)) } throws: { error in
            guard case .dataCorrupted(let context) = error as? DecodingError,
                  let parseError = context.underlyingError as? JSONParseError else { return false }
            return parseError.offset == offset && parseError.reason.contains(reason)
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(JSONValue.self, from: Data(bytes)) }
    }

    @Test("detection reads only the first four bytes and copies nothing for UTF-8")
    func detection() {
        let cases: [([UInt8], JSONTextEncoding, Int)] = [
            ([0x7B, 0x7D], .utf8, 0), ([0xEF, 0xBB, 0xBF, 0x31], .utf8, 0), ([0x31], .utf8, 0), ([], .utf8, 0),
            ([0xFE, 0xFF, 0, 0x31], .utf16(bigEndian: true), 2), ([0xFF, 0xFE, 0x31, 0], .utf16(bigEndian: false), 2),
            ([0xFF, 0xFE, 0, 0], .utf16(bigEndian: false), 2), ([0, 0, 0xFE, 0xFF], .utf32(bigEndian: true), 4),
            ([0, 0, 0, 0x31], .utf32(bigEndian: true), 0), ([0x31, 0, 0, 0], .utf32(bigEndian: false), 0),
            ([0, 0x31, 0, 0x32], .utf16(bigEndian: true), 0), ([0x31, 0, 0x32, 0], .utf16(bigEndian: false), 0),
        ]
        for (bytes, encoding, mark) in cases {
            let detected = bytes.withUnsafeBytes { JSONTextEncoding.detect($0) }
            #expect(detected.encoding == encoding && detected.markLength == mark, "\(bytes)")
        }
    }
}
