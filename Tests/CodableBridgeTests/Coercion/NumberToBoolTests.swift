import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON number → Bool (``NumberToBool``).
    @Suite("Number → Bool")
    struct NumberToBoolTests {
        @Test("number → Bool under each preset", arguments: [
            // input    strict   lenient   yyModel
            ("1",       nil,     true,     true),     // YYTestAutoTypeConvert
            ("0",       nil,     false,    false),
            ("1.0",     nil,     true,     true),
            ("1e0",     nil,     true,     true),
            ("10e-1",   nil,     true,     true),
            ("-0",      nil,     false,    false),
            ("0.0",     nil,     false,    false),
            ("2",       nil,     nil,      true),
            ("-1",      nil,     nil,      true),     // YYTestAutoTypeConvert
            ("1.5",     nil,     nil,      true),     // YYTestAutoTypeConvert
            ("0.001",   nil,     nil,      true),
            ("1.0000000000000000000001", nil, nil, true),
            ("0e10",    nil,     false,    false),
            ("100e-2",  nil,     true,     true),
            ("-1.0",    nil,     nil,      true),
            ("1e-400",  nil,     nil,      false),    // YYModel's Double underflows to 0
            ("12345678901234567890", nil, nil, true),
        ] as [(String, Bool?, Bool?, Bool?)])
        func numberToBool(input: String, strict: Bool?, lenient: Bool?, yyModel: Bool?) {
            #expect(CoercionPolicy.strict.bool(from: .number(input)).value == strict)
            #expect(CoercionPolicy.lenient.bool(from: .number(input)).value == lenient)
            #expect(CoercionPolicy.yyModel.bool(from: .number(input)).value == yyModel)
        }

        @Test func rulesAreUsableOnTheirOwn() {
            #expect(NumberToBool.zeroOrOne("1") == true)
            #expect(NumberToBool.zeroOrOne("2") == nil)
            #expect(NumberToBool.nonZero("-0.0") == false)
            #expect(NumberToBool.nonZero("1e-300") == true)
            #expect(NumberToBool.nonZero("1e-400") == false)
            #expect(NumberToBool.nonZero("x") == nil)
        }

        @Test func namesAndReasons() {
            #expect(CoercionPolicy.lenient.bool(from: .number("1")).rule == "number → Bool")
            #expect(CoercionPolicy.lenient.bool(from: .number("2")).reason
                    == "found number 2 where Bool was expected; only 1 and 0 are read as Booleans")
            var policy = CoercionPolicy.lenient
            policy.numberToBool = .nonZero
            #expect(policy.bool(from: .number("2")).value == true)
        }
    }
}
