import Foundation
import Testing
@testable import CodableBridge

/// Text-encoding detection, byte for byte as `JSONDecoder`'s: every byte order mark and every
/// no-mark pattern, in front of text in each encoding, through `JSONDecoder` and
/// `BridgeDecoder.foundationCompatible` (same value, or both fail with `dataCorrupted`).
@Suite struct TextEncodingParityTests {
    enum Encoding: String, CaseIterable, Sendable {
        case utf8, utf16BE, utf16LE, utf32BE, utf32LE

        func encode(_ text: String) -> [UInt8] {
            switch self {
            case .utf8: Array(text.utf8)
            case .utf16BE: text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            case .utf16LE: text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .utf32BE: text.unicodeScalars.flatMap { Self.bigEndian32($0.value) }
            case .utf32LE: text.unicodeScalars.flatMap { Self.bigEndian32($0.value).reversed() }
            }
        }

        static func bigEndian32(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        }
    }

    /// The prefixes JSONDecoder looks for, the right ones and the wrong ones.
    static let marks: [(String, [UInt8])] = [
        ("none", []), ("EF BB BF", [0xEF, 0xBB, 0xBF]), ("FE FF", [0xFE, 0xFF]), ("FF FE", [0xFF, 0xFE]),
        ("00 00 FE FF", [0, 0, 0xFE, 0xFF]), ("FE FF 00 00", [0xFE, 0xFF, 0, 0]), ("FF FE 00 00", [0xFF, 0xFE, 0, 0]),
    ]

    /// Documents whose first bytes hit each no-mark pattern: one to four ASCII characters, a
    /// non-ASCII first character, a string holding U+FEFF and an emoji.
    static let texts = ["7", "12", "[1]", #""ab""#, #""é😀""#, #"{"a":[true,null]}"#, "\"\u{FEFF}a\"", " 7 "]

    struct Row: Sendable, CustomTestStringConvertible {
        let label: String
        let bytes: [UInt8]
        var testDescription: String { label }
    }

    static var rows: [Row] {
        var rows: [Row] = []
        for encoding in Encoding.allCases {
            for (markName, mark) in marks {
                for text in texts {
                    rows.append(Row(label: "\(encoding) after \(markName): \(text.debugDescription)", bytes: mark + encoding.encode(text)))
                }
            }
        }
        // Short and odd inputs: the two-byte UTF-16 patterns, three bytes, a trailing partial
        // code unit, lone surrogates, values above U+10FFFF, marks alone.
        let extra: [(String, [UInt8])] = [
            ("00 37", [0, 0x37]), ("37 00", [0x37, 0]), ("00 37 00", [0, 0x37, 0]), ("37 00 20", [0x37, 0, 0x20]),
            ("00 37 38", [0, 0x37, 0x38]), ("00", [0]), ("37", [0x37]), ("", []),
            ("FE FF", [0xFE, 0xFF]), ("FF FE", [0xFF, 0xFE]), ("EF BB BF", [0xEF, 0xBB, 0xBF]),
            ("00 00 FE FF", [0, 0, 0xFE, 0xFF]), ("FE FF 00 00", [0xFE, 0xFF, 0, 0]),
            ("UTF-16BE odd length", Encoding.utf16BE.encode(#""ab""#) + [0]),
            ("UTF-16LE odd length", Encoding.utf16LE.encode(#""ab""#) + [0x41]),
            ("UTF-32LE partial unit", Encoding.utf32LE.encode(#""ab""#) + [0x41, 0]),
            ("UTF-32BE partial unit", Encoding.utf32BE.encode(#""ab""#) + [0, 0]),
            ("UTF-16BE lone high surrogate", Encoding.utf16BE.encode(#""a"#) + [0xD8, 0] + Encoding.utf16BE.encode(#"""#)),
            ("UTF-16LE lone low surrogate", Encoding.utf16LE.encode(#""a"#) + [0, 0xDC] + Encoding.utf16LE.encode(#"""#)),
            ("UTF-32BE above U+10FFFF", Encoding.utf32BE.encode(#""a"#) + [0, 0x11, 0, 0] + Encoding.utf32BE.encode(#"""#)),
            ("UTF-32LE surrogate", Encoding.utf32LE.encode(#""a"#) + [0, 0xD8, 0, 0] + Encoding.utf32LE.encode(#"""#)),
            ("UTF-16LE 7 then NUL", [0x37, 0, 0x20, 0]),
            ("UTF-16BE \\n in string", Encoding.utf16BE.encode("[\"a\\nb\",\n1]")),
        ]
        rows += extra.map { Row(label: $0.0, bytes: $0.1) }
        return rows
    }

    @Test(arguments: rows)
    func detectionMatchesJSONDecoder(_ row: Row) {
        let data = Data(row.bytes)
        let foundation = DecodingOutcome { try JSONDecoder().decode(JSONValue.self, from: data) }
        let bridge = DecodingOutcome { try BridgeDecoder.foundationCompatible.decode(JSONValue.self, from: data) }
        switch (foundation, bridge) {
        case (.value(let f), .value(let b)):
            #expect(f == b, "\(row.label): JSONDecoder \(f), BridgeDecoder \(b)")
        case (.failure(let f), .failure(let b)):
            #expect(f.kind == b.kind && f.path == b.path, "\(row.label): JSONDecoder \(f), BridgeDecoder \(b)")
        default:
            Issue.record("\(row.label) \(row.bytes.prefix(8).map { String($0, radix: 16) }): JSONDecoder \(foundation.describe), BridgeDecoder \(bridge.describe)")
        }
    }

    /// The prefix JSONDecoder reads as UTF-32 little-endian behind `FE FF 00 00`.
    @Test func utf32LittleEndianBehindFEFF0000() throws {
        let bytes = Data([0xFE, 0xFF, 0, 0] + Encoding.utf32LE.encode(#"{"a":"é"}"#))
        #expect(try JSONDecoder().decode([String: String].self, from: bytes) == ["a": "é"])
        #expect(try BridgeDecoder.foundationCompatible.decode([String: String].self, from: bytes) == ["a": "é"])
    }

    /// UTF-16 and UTF-32 text is read in JSON5 mode as well.
    @Test(arguments: Encoding.allCases)
    func json5InEveryEncoding(_ encoding: Encoding) throws {
        let bytes = Data(encoding.encode("{a: 'é', /* c */ b: [0x1F,],}"))
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        var bridge = BridgeDecoder.foundationCompatible
        bridge.allowsJSON5 = true
        #expect(try foundation.decode(JSONValue.self, from: bytes) == bridge.decode(JSONValue.self, from: bytes))
    }
}
