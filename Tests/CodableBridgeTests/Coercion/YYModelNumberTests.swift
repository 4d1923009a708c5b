import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// YYModel's string → NSNumber reading and its narrowing (``YYModelNumber``).
    @Suite("YYModel number reading")
    struct YYModelNumberTests {
        @Test("parse: word table, then atof (with \".\") or atoll", arguments: [
            ("true", YYModelNumber.bool(true)),
            ("Yes", .bool(true)),
            ("NO", .bool(false)),
            ("False", .bool(false)),
            ("12", .integer(12)),
            ("  -12abc", .integer(-12)),
            ("\t\n+7", .integer(7)),
            ("abc", .integer(0)),
            ("", .integer(0)),
            ("1e5", .integer(1)),
            ("0x10", .integer(0)),
            ("99999999999999999999", .integer(.max)),
            ("-99999999999999999999", .integer(.min)),
            ("12.5", .double(12.5)),
            ("-3.2", .double(-3.2)),
            (" 1.5e3km", .double(1500)),
            ("1.e", .double(1)),
            (".5", .double(0.5)),
            ("x.5", .double(0)),
            ("1.5e", .double(1.5)),
            ("0x1.8p1", .double(3)),
            ("0x.8", .double(0.5)),
            ("-.5", .double(-0.5)),
            ("1\u{0}.5", .double(1)),    // the C string ends at NUL; the dot test sees it all
        ] as [(String, YYModelNumber)])
        func parse(input: String, expected: YYModelNumber) {
            #expect(YYModelNumber.parse(input) == expected)
        }

        @Test("parse: no number", arguments: [
            "null", "Null", "NULL", "nil", "Nil", "NIL", "(null)", "(Null)", "(NULL)", "<null>", "<Null>", "<NULL>",
            "1.0e999", "-1.0e999", "nan.", "inf.", "Infinity.", "NAN(1).x",
        ])
        func noNumber(input: String) {
            #expect(YYModelNumber.parse(input) == nil)
        }

        @Test("JSON number text as NSJSONSerialization hands it over", arguments: [
            ("12", YYModelNumber.integer(12)),
            ("-1", .integer(-1)),
            ("9223372036854775808", .unsigned(9_223_372_036_854_775_808)),
            ("18446744073709551615", .unsigned(.max)),
            ("18446744073709551616", .double(18_446_744_073_709_551_616)),
            ("12.0", .double(12)),
            ("1e5", .double(100_000)),
        ] as [(String, YYModelNumber)])
        func fromJSONNumber(text: String, expected: YYModelNumber) {
            #expect(YYModelNumber.fromJSONNumber(text) == expected)
        }

        @Test("stringValue is Apple's NSNumber.stringValue: decimal integers, %0.16g doubles", arguments: [
            (YYModelNumber.double(1.0),                   "1"),
            (.double(1e21),                               "1e+21"),
            (.double(0.1),                                "0.1"),
            (.double(1e-7),                               "1e-07"),
            (.double(123_456_789_012_345_678.0),          "1.234567890123457e+17"),
            (.double(Double.pi),                          "3.141592653589793"),
            (.double(1.5),                                "1.5"),
            (.double(-0.0),                               "-0"),
            (.double(0),                                  "0"),
            (.double(1e15),                               "1000000000000000"),
            (.double(1e16),                               "1e+16"),
            (.double(0.1 + 0.2),                          "0.3"),
            (.double(.leastNonzeroMagnitude),             "4.940656458412465e-324"),
            (.double(.greatestFiniteMagnitude),           "1.797693134862316e+308"),
            (.double(100_000),                            "100000"),
            (.double(0.000001),                           "1e-06"),
            (.integer(0),                                 "0"),
            (.integer(-42),                               "-42"),
            (.integer(.max),                              "9223372036854775807"),
            (.integer(.min),                              "-9223372036854775808"),
            (.unsigned(.max),                             "18446744073709551615"),
            (.bool(true),                                 "1"),
            (.bool(false),                                "0"),
        ] as [(YYModelNumber, String)])
        func stringValue(number: YYModelNumber, expected: String) {
            #expect(number.stringValue == expected)
        }

        @Test("integers and Booleans print as Foundation's NSNumber does on every platform")
        func stringValueMatchesFoundation() {
            for value in [Int64.min, -1, 0, 7, 1 << 53 + 1, .max] {
                #expect(YYModelNumber.integer(value).stringValue == NSNumber(value: value).stringValue)
            }
            #expect(YYModelNumber.unsigned(.max).stringValue == NSNumber(value: UInt64.max).stringValue)
            #expect(YYModelNumber.bool(true).stringValue == NSNumber(value: true).stringValue)
            #expect(YYModelNumber.bool(false).stringValue == NSNumber(value: false).stringValue)
        }

        @Test("a JSON number's text as YYModel stores it in a string property", arguments: [
            ("1.0", "1"), ("1.50", "1.5"), ("-1e5", "-100000"), ("-0", "0"), ("-0.0", "-0"), ("1e-7", "1e-07"),
            ("123", "123"), ("18446744073709551615", "18446744073709551615"),
            ("18446744073709551616", "18446744073709551616"), ("-99999999999999999999", "-99999999999999999999"),
        ])
        func stringValueOfJSONNumber(text: String, expected: String) {
            #expect(YYModelNumber.stringValue(ofJSONNumber: text) == expected)
        }

        @Test func narrowing() {
            #expect(YYModelNumber.integer(-1).integer(as: UInt8.self) == 255)
            #expect(YYModelNumber.integer(300).integer(as: UInt8.self) == 44)
            #expect(YYModelNumber.integer(65_537).integer(as: Int16.self) == 1)
            #expect(YYModelNumber.double(12.9).integer(as: Int.self) == 12)
            #expect(YYModelNumber.double(-12.9).integer(as: Int.self) == -12)
            #expect(YYModelNumber.double(-1.5).integer(as: UInt8.self) == 255)
            #expect(YYModelNumber.double(1e19).integer(as: UInt64.self) == 10_000_000_000_000_000_000)
            #expect(YYModelNumber.double(1e30).integer(as: Int.self) == .max)
            #expect(YYModelNumber.double(1e30).integer(as: UInt64.self) == .max)
            #expect(YYModelNumber.bool(true).integer(as: Int8.self) == 1)
            #expect(YYModelNumber.unsigned(.max).integer(as: Int64.self) == -1)
            #expect(YYModelNumber.double(1e50).floatingPoint(as: Float.self) == 0)
            #expect(YYModelNumber.integer(3).floatingPoint(as: Double.self) == 3)
            #expect(YYModelNumber.double(0.25).boolValue)
            #expect(!YYModelNumber.double(0).boolValue)
            #expect(YYModelNumber.integer(-1).boolValue)
            #expect(!YYModelNumber.bool(false).boolValue)
        }
    }
}
