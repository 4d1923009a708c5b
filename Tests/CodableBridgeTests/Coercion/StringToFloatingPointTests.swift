import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON string → Double / Float (``StringToFloatingPoint``).
    @Suite("String → floating point")
    struct StringToFloatingPointTests {
        @Test("string → Double under each preset", arguments: [
            // input          strict   lenient     yyModel
            ("1.5",           nil,     1.5,        1.5),
            (" -3.2 ",        nil,     -3.2,       -3.2),
            ("-3.2",          nil,     -3.2,       -3.2),      // YYTestAutoTypeConvert
            ("2",             nil,     2,          2),         // YYTestAutoTypeConvert
            ("+2.5",          nil,     2.5,        2.5),
            ("1e3",           nil,     1000,       1),         // no ".", atoll stops at "e"
            ("1.5e3",         nil,     1500,       1500),
            (".5",            nil,     0.5,        0.5),
            ("5.",            nil,     5,          5),
            ("0.1",           nil,     0.1,        0.1),
            ("12abc",         nil,     nil,        12),
            ("1.5x",          nil,     nil,        1.5),
            ("abc",           nil,     nil,        0),
            ("x.5",           nil,     nil,        0),
            ("",              nil,     nil,        0),
            ("NaN",           nil,     nil,        0),         // no "." → atoll → 0
            ("inf",           nil,     nil,        0),
            ("nan.",          nil,     nil,        nil),       // "." → atof → NaN → no number
            ("inf.0",         nil,     nil,        nil),
            ("1.0e999",       nil,     nil,        nil),       // atof → inf → no number
            ("1e999",         nil,     nil,        1),
            ("0x1.8p1",       nil,     nil,        3),         // atof reads hexadecimal floats
            ("true",          nil,     nil,        1),
            ("no",            nil,     nil,        0),
            ("null",          nil,     nil,        nil),
        ] as [(String, Double?, Double?, Double?)])
        func stringToDouble(input: String, strict: Double?, lenient: Double?, yyModel: Double?) {
            #expect(CoercionPolicy.strict.floatingPoint(Double.self, from: .string(input)).value == strict)
            #expect(CoercionPolicy.lenient.floatingPoint(Double.self, from: .string(input)).value == lenient)
            #expect(CoercionPolicy.yyModel.floatingPoint(Double.self, from: .string(input)).value == yyModel)
        }

        @Test("string → Float: overflow", arguments: [
            // input        lenient    yyModel
            ("1.5",         1.5,       1.5),
            ("1e50",        nil,       1),      // atoll → 1
            ("1.0e50",      nil,       0),      // finite Double, infinite Float → 0
            ("3.4e38",      3.4e38,    3.4e38),
        ] as [(String, Float?, Float?)])
        func stringToFloat(input: String, lenient: Float?, yyModel: Float?) {
            #expect(CoercionPolicy.lenient.floatingPoint(Float.self, from: .string(input)).value == lenient)
            #expect(CoercionPolicy.yyModel.floatingPoint(Float.self, from: .string(input)).value == yyModel)
        }

        @Test func rulesAreUsableOnTheirOwn() {
            #expect(StringToFloatingPoint.decimalText(" 1.25 ", as: Double.self) == 1.25)
            #expect(StringToFloatingPoint.decimalText("1.25kg", as: Double.self) == nil)
            #expect(StringToFloatingPoint.decimalText("1e400", as: Double.self) == nil)
            #expect(StringToFloatingPoint.yyModel("1.25kg", as: Double.self) == 1.25)
        }

        @Test func namesAndReasons() {
            #expect(CoercionPolicy.lenient.floatingPoint(Double.self, from: .string("1.5")).rule == "string → Double")
            #expect(CoercionPolicy.lenient.floatingPoint(Double.self, from: .string("1e400")).reason
                    == "found string \"1e400\"; it is outside Double's range")
            #expect(CoercionPolicy.lenient.floatingPoint(Float.self, from: .string("abc")).reason?
                .contains("not a decimal number") == true)
        }
    }
}
