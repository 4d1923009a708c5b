import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON string → Bool (``StringToBool``).
    @Suite("String → Bool")
    struct StringToBoolTests {
        @Test("string → Bool under each preset", arguments: [
            // input        strict   lenient   yyModel
            ("true",        nil,     true,     true),
            ("True",        nil,     true,     true),
            ("TRUE",        nil,     true,     true),
            ("tRuE",        nil,     true,     false),   // not an exact spelling → atoll → 0
            ("yes",         nil,     true,     true),
            ("Yes",         nil,     true,     true),
            ("YES",         nil,     true,     true),    // YYTestAutoTypeConvert
            ("yEs",         nil,     true,     false),
            ("1",           nil,     true,     true),
            (" true ",      nil,     true,     false),   // YYModel does not trim words
            ("false",       nil,     false,    false),
            ("False",       nil,     false,    false),
            ("FALSE",       nil,     false,    false),
            ("no",          nil,     false,    false),
            ("NO",          nil,     false,    false),   // YYTestAutoTypeConvert
            ("0",           nil,     false,    false),
            ("2",           nil,     nil,      true),    // YYTestAutoTypeConvert: "2" → boolValue
            ("-1",          nil,     nil,      true),
            ("0.5",         nil,     nil,      true),
            ("0.0",         nil,     nil,      false),
            ("abc",         nil,     nil,      false),
            ("on",          nil,     nil,      false),
            ("",            nil,     nil,      false),
            ("truex",       nil,     nil,      false),
            ("nil",         nil,     nil,      nil),     // YYTestAutoTypeConvert: no number
            ("<null>",      nil,     nil,      nil),
        ] as [(String, Bool?, Bool?, Bool?)])
        func stringToBool(input: String, strict: Bool?, lenient: Bool?, yyModel: Bool?) {
            #expect(CoercionPolicy.strict.bool(from: .string(input)).value == strict)
            #expect(CoercionPolicy.lenient.bool(from: .string(input)).value == lenient)
            #expect(CoercionPolicy.yyModel.bool(from: .string(input)).value == yyModel)
        }

        @Test func rulesAreUsableOnTheirOwn() {
            #expect(StringToBool.words("\tNo\n") == false)
            #expect(StringToBool.words("yess") == nil)
            #expect(StringToBool.words("y") == nil)
            #expect(StringToBool.yyModel("Yes") == true)
            #expect(StringToBool.yyModel("(null)") == nil)
        }

        @Test func namesAndReasons() {
            #expect(CoercionPolicy.lenient.bool(from: .string("yes")).rule == "string → Bool")
            #expect(CoercionPolicy.lenient.bool(from: .string("maybe")).reason
                    == "found string \"maybe\" where Bool was expected; only true/yes/1 and false/no/0 are read as Booleans")
            #expect(CoercionPolicy.yyModel.bool(from: .string("2")).rule == "string → Bool (YYModel)")
        }
    }
}
