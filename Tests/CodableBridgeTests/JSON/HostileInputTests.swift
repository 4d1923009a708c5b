import Foundation
import Testing
@testable import CodableBridge

// Hostile input: huge, deep, long or malformed documents. Each must parse or fail with a clear
// error — never crash, hang or run out of memory. Nothing here asserts time (see
// Benchmarks/…/ScalingBenchmarks.swift for linear growth); the time limits are generous bounds
// for a hang. Serialized: the big documents take hundreds of megabytes, one at a time.

@Suite("Hostile input", .serialized, .timeLimit(.minutes(3)))
struct HostileInputTests {
    @Test("an array of 1,000,000 elements")
    func millionElementArray() throws {
        var text = "["
        text.reserveCapacity(2_000_002)
        for i in 0..<1_000_000 { text += i == 0 ? "0" : ",0" }
        text += "]"
        let value = try JSONValue(parsing: text)
        #expect(value.arrayValue?.count == 1_000_000)
        let numbers = try BridgeDecoder().decode([Int].self, from: Data(text.utf8))
        #expect(numbers.count == 1_000_000)
        // A million elements into a lossy model array: one bad element is dropped, not fatal.
        let mixed = try BridgeDecoder().decode([Int].self, from: Data(text.replacingOccurrences(of: "[0,", with: "[\"x\",").utf8))
        #expect(mixed.count == 999_999)
    }

    @Test("an object with 100,000 keys")
    func hundredThousandKeys() throws {
        var text = "{"
        for i in 0..<100_000 { text += (i == 0 ? "" : ",") + "\"k\(i)\":\(i)" }
        text += "}"
        let value = try JSONValue(parsing: text)
        #expect(value.objectValue?.count == 100_000)
        #expect(value["k99999"] == 99_999)
        let dictionary = try BridgeDecoder().decode([String: Int].self, from: Data(text.utf8))
        #expect(dictionary.count == 100_000)
        #expect(dictionary["k12345"] == 12_345)
    }

    @Test("an object with 100,000 copies of one key: the first wins")
    func hundredThousandRepeatedKeys() throws {
        var text = "{"
        for i in 0..<100_000 { text += (i == 0 ? "" : ",") + "\"k\":\(i)" }
        text += "}"
        #expect(try JSONValue(parsing: text) == ["k": 0])
        #expect(try BridgeDecoder().decode([String: Int].self, from: Data(text.utf8)) == ["k": 0])
    }

    @Test("a 100 MB string")
    func hundredMegabyteString() throws {
        let length = 100 * 1024 * 1024
        var data = Data(capacity: length + 2)
        data.append(UInt8(ascii: "\""))
        data.append(Data(repeating: UInt8(ascii: "a"), count: length))
        data.append(UInt8(ascii: "\""))
        let text = try BridgeDecoder().decode(String.self, from: data)
        #expect(text.utf8.count == length)
        // Unterminated: the error names where the string started.
        data.removeLast()
        #expect { try JSONValue(parsing: data) } throws: { error in
            "\(error)".contains("inside a string that started at line 1, column 1")
        }
    }

    @Test("numbers with 10,000 digits keep their text; conversions fail or round, never crash")
    func tenThousandDigitNumbers() throws {
        let digits = String(repeating: "7", count: 10_000)
        for text in [digits, "-" + digits, "0." + digits, digits + "." + digits + "e-9999", "1e" + String(repeating: "9", count: 10_000)] {
            let value = try JSONValue(parsing: text)
            #expect(value.numberValue?.text == text)
            _ = value.numberValue?.doubleValue
            _ = value.numberValue?.decimalValue
            #expect(value.numberValue?.int64Value == nil || text.hasPrefix("0."))
        }
        expectDecodingError(.dataCorrupted, codingPath: "") { try BridgeDecoder.strictForTests.decode(Int.self, from: digits) }
        #expect(try BridgeDecoder().decode(Double.self, from: "0." + digits) > 0.77)
        var report = DecodingReport()
        _ = try BridgeDecoder().decode([String: Int].self, from: Data(#"{"n": \#(digits)}"#.utf8), report: &report)
        #expect(report.events(at: "n").count == 1)
    }

    @Test("NUL bytes: inside strings as \\u0000, rejected raw, before and after the document")
    func nulBytes() throws {
        #expect(try JSONValue(parsing: #"["a\u0000b"]"#) == ["a\u{0}b"])
        #expect(try JSONValue(parsing: #"{"\u0000": 1}"#) == ["\u{0}": 1])
        for bytes: [UInt8] in [[0x22, 0x61, 0x00, 0x22], [0x5B, 0x31, 0x5D, 0x00], [0x5B, 0x00, 0x5D], [0x00], [0x7B, 0x22, 0x00]] {
            #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(bytes)) }
        }
    }

    @Test("byte order marks: a leading UTF-8 mark is skipped, anywhere else it is an error outside strings")
    func byteOrderMarks() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try JSONValue(parsing: Data(bom + Array("[1]".utf8))) == [1])
        #expect(try JSONValue(parsing: Data(Array("[\"".utf8) + bom + Array("\"]".utf8))) == ["\u{FEFF}"])
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(bom + bom + Array("[1]".utf8))) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(Array("[1]".utf8) + bom)) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(bom)) }
    }

    @Test("invalid UTF-8 in keys is an error naming the problem", arguments: [
        ([0xFF], "FF"), ([0xC0, 0xAF], "overlong"), ([0xED, 0xA0, 0x80], "surrogate"), ([0xE6, 0x97], "truncated"),
        ([0x80], "continuation"), ([0xF4, 0x90, 0x80, 0x80], "U+10FFFF"),
    ] as [([UInt8], String)])
    func invalidUTF8InKeys(bytes: [UInt8], word: String) throws {
        let document = Data(Array(#"{"a"#.utf8) + bytes + Array(#"": 1}"#.utf8))
        #expect { try JSONValue(parsing: document) } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == 1 && error.offset >= 3 && error.offset <= 4
        }
        #expect(throws: DecodingError.self) { try BridgeDecoder().decode([String: Int].self, from: document) }
    }

    @Test("lone surrogates in escapes are errors, in keys and values", arguments: [
        #"["\uD800"]"#, #"["\uDC00"]"#, #"["\uD800\uD800"]"#, #"["\uDBFF\u0041"]"#, #"["\uD800\n"]"#,
        #"{"\uDFFF": 1}"#, #"{"a\uD83D": 1}"#, #"["\uD83D\u"]"#, #"["\uD83D\"#,
    ])
    func loneSurrogates(json: String) throws {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: json) }
        #expect(throws: DecodingError.self) { try BridgeDecoder().decode(JSONValue.self, from: Data(json.utf8)) }
    }

    @Test("JSONValue(parsing:) stops at 512 levels by default, even for 1,000,000 open brackets")
    func parsingDepth() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONValue(parsing: ok).arrayValue != nil)
        for text in [String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
                     String(repeating: "[", count: 1_000_000),
                     String(repeating: #"{"a":"#, count: 100_000)] {
            #expect { try JSONValue(parsing: text) } throws: { error in
                (error as? JSONParseError)?.reason.contains("nesting deeper than 512 levels") == true
            }
        }
    }

    @Test("JSONValue(parsing:maxDepth:) stops at its own limit, from Data and from String")
    func parsingCustomDepth() throws {
        let ten = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(try JSONValue(parsing: ten, maxDepth: 10).arrayValue != nil)
        #expect(try JSONValue(parsing: Data(ten.utf8), maxDepth: 10).arrayValue != nil)
        for limit in [0, 9] {
            #expect { try JSONValue(parsing: ten, maxDepth: limit) } throws: { error in
                (error as? JSONParseError)?.reason.contains("nesting deeper than \(limit) levels") == true
            }
            #expect(throws: JSONParseError.self) { try JSONValue(parsing: Data(ten.utf8), maxDepth: limit) }
        }
        // A raised limit is safe too: no recursion in the parser.
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep, maxDepth: 1_000_000) }
    }
}

extension BridgeDecoder {
    /// `.strict` coercion and `.throw` for missing values: JSONDecoder's behaviour.
    static var strictForTests: BridgeDecoder {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        decoder.missingValueStrategy = .throw
        return decoder
    }
}
