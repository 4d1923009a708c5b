import Foundation
import Testing
@testable import CodableBridge

/// nst/JSONTestSuite (Resources/JSONTestSuite, MIT): every `y_` file parses (to the same tree as
/// `JSONSerialization`'s, where that accepts it), every `n_` file is a `JSONParseError`, and every
/// `i_` file does what Docs/JSONConformance.md says.
@Suite struct JSONTestSuiteTests {
    static var folder: URL { ParserHarness.resources.appendingPathComponent("JSONTestSuite") }

    static func files(_ prefix: String, in subfolder: String = "test_parsing") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(subfolder).path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func data(_ name: String, in subfolder: String = "test_parsing") throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(subfolder).appendingPathComponent(name))
    }

    @Test func suiteIsPresent() {
        #expect(Self.files("y_").count == 95)
        #expect(Self.files("n_").count == 188)
        #expect(Self.files("i_").count == 35)
    }

    @Test(arguments: files("y_"))
    func accepts(_ name: String) throws {
        let data = try Self.data(name)
        let value = try JSONValue(parsing: data)
        // Where JSONSerialization accepts the file too, both give the same tree. Numbers compare
        // by value; for repeated keys this parser keeps the first occurrence.
        guard let foundation = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else { return }
        let expected = try JSONValue(foundationObject: foundation)
        if name == "y_object_duplicated_key.json" {
            #expect(value == ["a": "b"])
        } else {
            #expect(ParserHarness.sameJSON(value, expected), "\(name): \(value) vs JSONSerialization \(expected)")
        }
    }

    @Test(arguments: files("n_"))
    func rejects(_ name: String) throws {
        let data = try Self.data(name)
        #expect(throws: JSONParseError.self, "\(name)") { try JSONValue(parsing: data) }
    }

    /// The outcome of every `i_` file: accepted, or rejected with this reason. Keep in step with
    /// Docs/JSONConformance.md.
    static let implementationDefined: [String: String?] = [
        "i_number_double_huge_neg_exp.json": nil,
        "i_number_huge_exp.json": nil,
        "i_number_neg_int_huge_exp.json": nil,
        "i_number_pos_double_huge_exp.json": nil,
        "i_number_real_neg_overflow.json": nil,
        "i_number_real_pos_overflow.json": nil,
        "i_number_real_underflow.json": nil,
        "i_number_too_big_neg_int.json": nil,
        "i_number_too_big_pos_int.json": nil,
        "i_number_very_big_negative_int.json": nil,
        "i_object_key_lone_2nd_surrogate.json": "lone low surrogate",
        "i_string_1st_surrogate_but_2nd_missing.json": "lone high surrogate",
        "i_string_1st_valid_surrogate_2nd_invalid.json": "not a low surrogate",
        "i_string_UTF-16LE_with_BOM.json": "looks like UTF-16",
        "i_string_UTF-8_invalid_sequence.json": "never occurs in UTF-8",
        "i_string_UTF8_surrogate_U+D800.json": "UTF-8-encoded surrogate",
        "i_string_incomplete_surrogate_and_escape_valid.json": "lone high surrogate",
        "i_string_incomplete_surrogate_pair.json": "lone low surrogate",
        "i_string_incomplete_surrogates_escape_valid.json": "not a low surrogate",
        "i_string_invalid_lonely_surrogate.json": "lone high surrogate",
        "i_string_invalid_surrogate.json": "lone high surrogate",
        "i_string_invalid_utf-8.json": "never occurs in UTF-8",
        "i_string_inverted_surrogates_U+1D11E.json": "lone low surrogate",
        "i_string_iso_latin_1.json": "truncated UTF-8 sequence",
        "i_string_lone_second_surrogate.json": "lone low surrogate",
        "i_string_lone_utf8_continuation_byte.json": "continuation byte without a lead byte",
        "i_string_not_in_unicode_range.json": "above U+10FFFF",
        "i_string_overlong_sequence_2_bytes.json": "overlong UTF-8 encoding",
        "i_string_overlong_sequence_6_bytes.json": "never occurs in UTF-8",
        "i_string_overlong_sequence_6_bytes_null.json": "never occurs in UTF-8",
        "i_string_truncated-utf-8.json": "truncated UTF-8 sequence",
        "i_string_utf16BE_no_BOM.json": "looks like UTF-16",
        "i_string_utf16LE_no_BOM.json": "looks like UTF-16",
        "i_structure_500_nested_arrays.json": nil,
        "i_structure_UTF-8_BOM_empty_object.json": nil,
    ]

    @Test(arguments: files("i_"))
    func implementationDefined(_ name: String) throws {
        let expected = try #require(Self.implementationDefined[name], "\(name) is not in the table")
        let data = try Self.data(name)
        if let reason = expected {
            let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: data) }
            #expect(error.reason.contains(reason), "\(name): \(error)")
        } else {
            _ = try JSONValue(parsing: data)
        }
    }

    /// test_transform: documents whose *value* is implementation-defined, and the value we give.
    static let transforms: [(String, JSONValue?)] = [
        ("number_-9223372036854775808.json", [ParserHarness.number("-9223372036854775808")]),
        ("number_-9223372036854775809.json", [ParserHarness.number("-9223372036854775809")]),
        ("number_1.0.json", [ParserHarness.number("1.0")]),
        ("number_1.000000000000000005.json", [ParserHarness.number("1.000000000000000005")]),
        ("number_1000000000000000.json", [ParserHarness.number("1000000000000000")]),
        ("number_10000000000000000999.json", [ParserHarness.number("10000000000000000999")]),
        ("number_1e-999.json", [ParserHarness.number("1E-999")]),
        ("number_1e6.json", [ParserHarness.number("1E6")]),
        ("number_9223372036854775807.json", [ParserHarness.number("9223372036854775807")]),
        ("number_9223372036854775808.json", [ParserHarness.number("9223372036854775808")]),
        ("object_key_nfc_nfd.json", ["\u{E9}": "NFC"]),
        ("object_key_nfd_nfc.json", ["e\u{301}": "NFD"]),
        ("object_same_key_different_values.json", ["a": 1]),
        ("object_same_key_same_value.json", ["a": 1]),
        ("object_same_key_unclear_values.json", ["a": 0]),
        ("string_1_escaped_invalid_codepoint.json", nil),
        ("string_1_invalid_codepoint.json", nil),
        ("string_2_escaped_invalid_codepoints.json", nil),
        ("string_2_invalid_codepoints.json", nil),
        ("string_3_escaped_invalid_codepoints.json", nil),
        ("string_3_invalid_codepoints.json", nil),
        ("string_with_escaped_NULL.json", ["A\u{0}B"]),
    ]

    @Test(arguments: transforms)
    func transform(_ name: String, _ expected: JSONValue?) throws {
        let data = try Self.data(name, in: "test_transform")
        if let expected {
            let value = try JSONValue(parsing: data)
            #expect(value == expected)
            // Keys byte for byte: NFC "é" and NFD "e\u{301}" are equal Strings, so `==` cannot
            // tell which occurrence was kept.
            if case .object(let object) = value {
                #expect(object.keys.map { Array($0.utf8) } == expected.objectValue?.keys.map { Array($0.utf8) })
            }
        } else {
            #expect(throws: JSONParseError.self) { try JSONValue(parsing: data) }
        }
    }

    @Test func everyTransformFileIsListed() {
        #expect(Self.files("", in: "test_transform") == Self.transforms.map(\.0).sorted())
    }
}
