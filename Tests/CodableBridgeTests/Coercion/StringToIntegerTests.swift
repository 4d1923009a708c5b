import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON string → integer (``StringToInteger``).
    @Suite("String → integer")
    struct StringToIntegerTests {
        @Test("string → Int under each preset", arguments: [
            // input                    strict  lenient   yyModel
            ("12",                      nil,    12,       12),
            (" 12 ",                    nil,    12,       12),
            ("\t12\n",                  nil,    12,       12),
            ("+12",                     nil,    12,       12),
            ("012",                     nil,    12,       12),
            ("-12",                     nil,    -12,      -12),
            ("0",                       nil,    0,        0),
            ("-0",                      nil,    0,        0),
            ("12.0",                    nil,    12,       12),      // YYModel: has ".", atof → 12.0
            ("1.2e1",                   nil,    12,       12),
            ("1e3",                     nil,    1000,     1),       // YYModel: no ".", atoll stops at "e"
            ("12.5",                    nil,    nil,      12),      // truncated toward zero
            ("-12.9",                   nil,    nil,      -12),
            ("12abc",                   nil,    nil,      12),
            ("abc",                     nil,    nil,      0),
            ("",                        nil,    nil,      0),
            ("   ",                     nil,    nil,      0),
            ("1 2",                     nil,    nil,      1),
            ("0x1F",                    nil,    nil,      0),
            ("12.5.6",                  nil,    nil,      12),
            ("true",                    nil,    nil,      1),       // YYModel's word table
            ("YES",                     nil,    nil,      1),
            ("false",                   nil,    nil,      0),
            ("No",                      nil,    nil,      0),
            ("tRuE",                    nil,    nil,      0),       // not an exact spelling → atoll → 0
            ("null",                    nil,    nil,      nil),     // YYModel: no number
            ("<null>",                  nil,    nil,      nil),
            ("nil",                     nil,    nil,      nil),
            ("1.0e999",                 nil,    nil,      nil),     // atof → inf → no number
            ("9223372036854775807",     nil,    Int.max,  Int.max),
            ("9223372036854775808",     nil,    nil,      Int.max), // atoll clamps
            ("-9223372036854775808",    nil,    Int.min,  Int.min),
            ("-99999999999999999999",   nil,    nil,      Int.min),
            ("1e400",                   nil,    nil,      1),
            ("1e-400",                  nil,    nil,      1),
        ] as [(String, Int?, Int?, Int?)])
        func stringToInt(input: String, strict: Int?, lenient: Int?, yyModel: Int?) {
            #expect(CoercionPolicy.strict.integer(Int.self, from: .string(input)).value == strict)
            #expect(CoercionPolicy.lenient.integer(Int.self, from: .string(input)).value == lenient)
            #expect(CoercionPolicy.yyModel.integer(Int.self, from: .string(input)).value == yyModel)
        }

        @Test("string → UInt8: range under lenient, wrapping under yyModel", arguments: [
            // input    lenient   yyModel
            ("255",     255,      255),
            ("256",     nil,      0),
            ("300",     nil,      44),
            ("-1",      nil,      255),
            ("-1.5",    nil,      255),    // truncated to -1, then wrapped
            ("2.9",     nil,      2),
        ] as [(String, UInt8?, UInt8?)])
        func stringToUInt8(input: String, lenient: UInt8?, yyModel: UInt8?) {
            #expect(CoercionPolicy.lenient.integer(UInt8.self, from: .string(input)).value == lenient)
            #expect(CoercionPolicy.yyModel.integer(UInt8.self, from: .string(input)).value == yyModel)
        }

        @Test func narrowSignedEdges() {
            #expect(CoercionPolicy.lenient.integer(Int8.self, from: .string("-128")).value == -128)
            #expect(CoercionPolicy.lenient.integer(Int8.self, from: .string("128")).value == nil)
            #expect(CoercionPolicy.yyModel.integer(Int8.self, from: .string("128")).value == -128)
            #expect(CoercionPolicy.lenient.integer(Int32.self, from: .string("2147483648")).value == nil)
            #expect(CoercionPolicy.yyModel.integer(Int32.self, from: .string("2147483648")).value == Int32.min)
        }

        @Test func unsigned64() {
            #expect(StringToInteger.exact("18446744073709551615", as: UInt64.self) == .max)
            #expect(StringToInteger.exact("18446744073709551616", as: UInt64.self) == nil)
            // atoll clamps at Int64.max before YYModel narrows to unsigned long long.
            #expect(StringToInteger.yyModel("18446744073709551615", as: UInt64.self) == UInt64(Int64.max))
            #expect(StringToInteger.yyModel("-1", as: UInt64.self) == .max)
        }

        @Test func rulesAreUsableOnTheirOwn() {
            #expect(StringToInteger.exact(" 42 ", as: Int.self) == 42)
            #expect(StringToInteger.exact("4.2", as: Int.self) == nil)
            #expect(StringToInteger.yyModel("4.2", as: Int.self) == 4)
            #expect(StringToInteger.yyModel("<null>", as: Int.self) == nil)
        }

        @Test func ruleNamesAndReasons() {
            let converted = CoercionPolicy.lenient.integer(Int.self, from: .string("12"))
            #expect(converted == .converted(12, rule: "string → Int"))

            let fractional = CoercionPolicy.lenient.integer(Int.self, from: .string("12.5"))
            #expect(fractional.reason?.contains("\"12.5\"") == true)
            #expect(fractional.reason?.contains("fractional") == true)

            let range = CoercionPolicy.lenient.integer(UInt8.self, from: .string("-1"))
            #expect(range.reason?.contains("0...255") == true)

            let text = CoercionPolicy.lenient.integer(Int.self, from: .string("12abc"))
            #expect(text.reason?.contains("not a number") == true)

            let strict = CoercionPolicy.strict.integer(Int.self, from: .string("12"))
            #expect(strict.reason?.contains("does not read numbers from strings") == true)

            #expect(CoercionPolicy.yyModel.integer(Int.self, from: .string("12abc")).rule == "string → Int (YYModel)")
        }

        @Test func familyCanBeSwitchedOnAPreset() {
            var policy = CoercionPolicy.strict
            policy.stringToInteger = .exact
            #expect(policy.integer(Int.self, from: .string(" 7 ")).value == 7)
            #expect(policy.bool(from: .string("yes")).value == nil)   // other families unchanged

            var lenient = CoercionPolicy.lenient
            lenient.stringToInteger = .off
            #expect(lenient.integer(Int.self, from: .string("7")).value == nil)
            #expect(StringToInteger.Rule.yyModel.description == "yyModel")
        }
    }
}
