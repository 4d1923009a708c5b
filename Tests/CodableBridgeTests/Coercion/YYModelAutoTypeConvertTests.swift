import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// YYModel's own test expectations (YYModel's `YYTestAutoTypeConvert`: `testNumber`,
    /// `testDate`, `testString`), restated for the `.yyModel` policy. In YYModel every property of
    /// one model reads the same JSON value `v`; here every target type reads the same scalar.
    @Suite("YYModel's auto type conversion expectations")
    struct YYModelAutoTypeConvertTests {
        let policy = CoercionPolicy.yyModel

        /// The value read for every C integer type, in the order
        /// Int8, UInt8, Int16, UInt16, Int32, UInt32, Int, UInt, Int64, UInt64.
        func integers(_ scalar: CoercionScalar) -> [String] {
            func show<T: FixedWidthInteger>(_ type: T.Type) -> String {
                policy.integer(type, from: scalar).value.map { "\($0)" } ?? "–"
            }
            return [show(Int8.self), show(UInt8.self), show(Int16.self), show(UInt16.self), show(Int32.self),
                    show(UInt32.self), show(Int.self), show(UInt.self), show(Int64.self), show(UInt64.self)]
        }

        @Test("v = 1, 1.5, -1, \"2\" → every number type, Bool, String, Decimal", arguments: [
            // v                     integers (Int8 … UInt64)                                                    Bool   Double  String  Decimal
            (CoercionScalar.number("1"),     ["1", "1", "1", "1", "1", "1", "1", "1", "1", "1"],                         true,  1.0,    "1",    "1"),
            (.number("1.5"),         ["1", "1", "1", "1", "1", "1", "1", "1", "1", "1"],                         true,  1.5,    "1.5",  "1.5"),
            (.number("-1"),          ["-1", "255", "-1", "65535", "-1", "4294967295", "-1", "18446744073709551615",
                                      "-1", "18446744073709551615"],                                             true,  -1.0,   "-1",   "-1"),
            (.string("2"),           ["2", "2", "2", "2", "2", "2", "2", "2", "2", "2"],                         true,  2.0,    "2",    "2"),
        ] as [(CoercionScalar, [String], Bool, Double, String, String)])
        func numbers(v: CoercionScalar, integers expected: [String], bool: Bool, double: Double, string: String, decimal: String) {
            #expect(integers(v) == expected)
            #expect(policy.bool(from: v).value == bool)
            #expect(policy.floatingPoint(Double.self, from: v).value == double)
            #expect(policy.floatingPoint(Float.self, from: v).value == Float(double))
            #expect(policy.decimal(from: v).value == Decimal(string: decimal))
            if case .string(let text) = v {
                #expect(text == string)   // a string property keeps the string
            } else {
                #expect(policy.string(from: v).value == string)
            }
        }

        @Test func minusThreePointTwo() {
            let v = CoercionScalar.string("-3.2")
            #expect(abs((policy.floatingPoint(Float.self, from: v).value ?? 0) + 3.2) < 0.0001)
            #expect(abs((policy.floatingPoint(Double.self, from: v).value ?? 0) + 3.2) < 0.0001)
            #expect(policy.decimal(from: v).value == Decimal(string: "-3.2"))
        }

        @Test("Boolean words", arguments: [
            ("true", true, 1), ("false", false, 0), ("YES", true, 1), ("NO", false, 0),
        ] as [(String, Bool, Int)])
        func words(v: String, bool: Bool, int: Int) {
            #expect(policy.bool(from: .string(v)).value == bool)
            #expect(policy.integer(Int32.self, from: .string(v)).value == Int32(int))
        }

        @Test("v = \"nil\": Bool and int read no number (0 by default), NSNumber nil, string \"nil\"")
        func nilWord() {
            #expect(policy.bool(from: .string("nil")).value == nil)           // → decoder default false
            #expect(policy.integer(Int32.self, from: .string("nil")).value == nil)  // → decoder default 0
            #expect(policy.isNullWord("nil"))                                  // NSNumber? → nil
        }

        @Test("testDate: every sample is a date", arguments: [
            "2014-05-06", "2014-05-06 07:08:09", "2014-05-06T07:08:09", "2014-01-20T12:24:48Z",
            "2014-01-20T12:24:48+0800", "2014-01-20T12:24:48+12:00", "Fri Sep 04 00:12:21 +0800 2015",
        ])
        func dates(v: String) {
            #expect(policy.date(from: .string(v)).isConverted)
        }

        @Test("testString: URLs are trimmed; blank is no URL")
        func urls() {
            #expect(policy.url(from: .string(" github.com")).value == URL(string: "github.com"))
            #expect(policy.url(from: .string(" ")).value == nil)
        }
    }
}
