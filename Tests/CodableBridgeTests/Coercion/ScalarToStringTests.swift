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
            (.number("1.50"),         nil,     "1.50",    "1.50"),    // original text
            (.number("-1e5"),         nil,     "-1e5",    "-1e5"),
            (.number("12345678901234567890123"), nil, "12345678901234567890123", "12345678901234567890123"),
            (.number("-0"),           nil,     "-0",      "-0"),
            (.number("0.1"),          nil,     "0.1",     "0.1"),
            (.number("1E+2"),         nil,     "1E+2",    "1E+2"),
            (.number("1e-7"),         nil,     "1e-7",    "1e-7"),
            (.number("9007199254740993"), nil, "9007199254740993", "9007199254740993"),   // beyond 2^53, exact
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
