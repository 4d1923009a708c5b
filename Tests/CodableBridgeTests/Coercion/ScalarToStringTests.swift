import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON number / Boolean → String (``ScalarToString``).
    @Suite("Number and Boolean → String")
    struct ScalarToStringTests {
        @Test("→ String under each preset", arguments: [
            // input                  strict   lenient    yyModel
            (CoercionScalar.number("123"),    nil,     "123",     "123"),
            (.number("1"),            nil,     "1",       "1"),       // YYTestAutoTypeConvert
            (.number("1.5"),          nil,     "1.5",     "1.5"),     // YYTestAutoTypeConvert
            (.number("-1"),           nil,     "-1",      "-1"),      // YYTestAutoTypeConvert
            // .yyModel is NSNumber.stringValue (Apple): integers in decimal, doubles "%0.16g".
            (.number("1.50"),         nil,     "1.50",    "1.5"),
            (.number("1.0"),          nil,     "1.0",     "1"),
            (.number("100000.0"),     nil,     "100000.0", "100000"),
            (.number("-1e5"),         nil,     "-1e5",    "-100000"),
            (.number("1E+2"),         nil,     "1E+2",    "100"),
            (.number("-0"),           nil,     "-0",      "0"),       // an integer: -0 is 0
            (.number("-0.0"),         nil,     "-0.0",    "-0"),      // a double keeps its sign
            (.number("0.1"),          nil,     "0.1",     "0.1"),
            (.number("0.30000000000000004"), nil, "0.30000000000000004", "0.3"),   // 16 digits
            (.number("3.141592653589793"), nil, "3.141592653589793", "3.141592653589793"),
            (.number("-1.25"),        nil,     "-1.25",   "-1.25"),
            (.number("0.0001"),       nil,     "0.0001",  "0.0001"),
            (.number("0.000001"),     nil,     "0.000001", "1e-06"),  // %g: exponent below -4
            (.number("1e-7"),         nil,     "1e-7",    "1e-07"),
            (.number("2.5e-5"),       nil,     "2.5e-5",  "2.5e-05"),
            (.number("5e-324"),       nil,     "5e-324",  "4.940656458412465e-324"),
            (.number("1e15"),         nil,     "1e15",    "1000000000000000"),
            (.number("1e16"),         nil,     "1e16",    "1e+16"),   // %g: 17 digits would be needed
            (.number("1e21"),         nil,     "1e21",    "1e+21"),
            (.number("123456789012345678.0"), nil, "123456789012345678.0", "1.234567890123457e+17"),
            (.number("1.7976931348623157e308"), nil, "1.7976931348623157e308", "1.797693134862316e+308"),
            (.number("9007199254740993"), nil, "9007199254740993", "9007199254740993"),   // an integer: exact
            (.number("9223372036854775807"), nil, "9223372036854775807", "9223372036854775807"),
            (.number("-9223372036854775808"), nil, "-9223372036854775808", "-9223372036854775808"),
            (.number("18446744073709551615"), nil, "18446744073709551615", "18446744073709551615"),  // unsigned
            (.number("12345678901234567890123"), nil, "12345678901234567890123", "12345678901234567890123"),  // NSDecimalNumber
            (.bool(true),             nil,     "true",    "1"),
            (.bool(false),            nil,     "false",   "0"),
            (.null,                   nil,     nil,       nil),
        ] as [(CoercionScalar, String?, String?, String?)])
        func toString(input: CoercionScalar, strict: String?, lenient: String?, yyModel: String?) {
            #expect(CoercionPolicy.strict.string(from: input).value == strict)
            #expect(CoercionPolicy.lenient.string(from: input).value == lenient)
            #expect(CoercionPolicy.yyModel.string(from: input).value == yyModel)
        }

        @Test func rulesAreUsableOnTheirOwn() {
            #expect(ScalarToString.jsonText(.number("0.10")) == "0.10")
            #expect(ScalarToString.jsonText(.bool(false)) == "false")
            #expect(ScalarToString.yyModel(.bool(true)) == "1")
            #expect(ScalarToString.yyModel(.null) == nil)
            #expect(ScalarToString.yyModel(.number("1.0")) == "1")
            #expect(ScalarToString.jsonText(.number("1.0")) == "1.0")
        }

        @Test func namesAndReasons() {
            #expect(CoercionPolicy.lenient.string(from: .number("1")).rule == "number → String")
            #expect(CoercionPolicy.lenient.string(from: .bool(true)).rule == "Boolean → String")
            #expect(CoercionPolicy.yyModel.string(from: .bool(true)).rule == "Boolean → String (YYModel)")
            #expect(CoercionPolicy.strict.string(from: .number("1")).reason
                    == "found number 1 where String was expected; the policy does not turn numbers into strings")
        }
    }
}
