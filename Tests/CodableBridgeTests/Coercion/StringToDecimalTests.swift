import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON string → Decimal (``StringToDecimal``).
    @Suite("String → Decimal")
    struct StringToDecimalTests {
        @Test("string → Decimal under each preset", arguments: [
            // input                         strict   lenient          yyModel
            ("12.34",                        nil,     "12.34",         "12.34"),
            (" -3.2 ",                       nil,     "-3.2",          "-3.2"),
            ("-3.2",                         nil,     "-3.2",          "-3.2"),   // YYTestAutoTypeConvert
            ("2",                            nil,     "2",             "2"),
            ("+7",                           nil,     "7",             "7"),
            ("1e3",                          nil,     "1000",          "1000"),
            ("0.1",                          nil,     "0.1",           "0.1"),
            ("12abc",                        nil,     nil,             "12"),     // prefix
            ("abc",                          nil,     nil,             nil),      // NaN
            ("true",                         nil,     nil,             nil),      // no word table for decimals
            ("",                             nil,     nil,             nil),
            ("12345678901234567890123456789012345678",  nil, "12345678901234567890123456789012345678", "12345678901234567890123456789012345678"),
            ("1234567890123456789012345678901234567890123", nil, nil, "1234567890123456789012345678901234567890000"),
            ("1000000000000000000000000000000000000000000", nil, "1e42", "1e42"),
        ] as [(String, String?, String?, String?)])
        func stringToDecimal(input: String, strict: String?, lenient: String?, yyModel: String?) {
            func decimal(_ text: String?) -> Decimal? { text.flatMap { Decimal(string: $0) } }
            #expect(CoercionPolicy.strict.decimal(from: .string(input)).value == decimal(strict))
            #expect(CoercionPolicy.lenient.decimal(from: .string(input)).value == decimal(lenient))
            #expect(CoercionPolicy.yyModel.decimal(from: .string(input)).value == decimal(yyModel))
        }

        @Test("number text → Decimal converts exactly under every preset", arguments: [
            "0.1", "12.50", "-1e-5", "123456789012345678901234567890",
        ])
        func numberToDecimal(text: String) {
            for policy in [CoercionPolicy.strict, .lenient, .yyModel] {
                #expect(policy.decimal(from: .number(text)).value == Decimal(string: text))
            }
        }

        @Test func rulesAreUsableOnTheirOwn() {
            #expect(StringToDecimal.exact("0.1") == Decimal(string: "0.1"))
            #expect(StringToDecimal.exact("0.1 kg") == nil)
            #expect(StringToDecimal.exact("1e-300") == nil)    // beyond Decimal's exponent range
            #expect(StringToDecimal.exact("0e-300") == 0)
            #expect(StringToDecimal.yyModel("12abc") == 12)
            #expect(CoercionPolicy.lenient.decimal(from: .string("1.5")).rule == "string → Decimal")
        }
    }
}
