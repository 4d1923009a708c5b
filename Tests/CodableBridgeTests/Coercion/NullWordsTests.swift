import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: strings that stand for null (``NullWords``).
    @Suite("Null words")
    struct NullWordsTests {
        @Test("isNullWord under each preset", arguments: [
            // input       strict   lenient   yyModel
            ("null",       false,   false,    true),
            ("Null",       false,   false,    true),
            ("NULL",       false,   false,    true),
            ("nil",        false,   false,    true),     // YYTestAutoTypeConvert
            ("Nil",        false,   false,    true),
            ("NIL",        false,   false,    true),
            ("(null)",     false,   false,    true),
            ("(Null)",     false,   false,    true),
            ("(NULL)",     false,   false,    true),
            ("<null>",     false,   false,    true),
            ("<Null>",     false,   false,    true),
            ("<NULL>",     false,   false,    true),
            ("NuLL",       false,   false,    false),
            (" null",      false,   false,    false),
            ("none",       false,   false,    false),
            ("",           false,   false,    false),
            ("[null]",     false,   false,    false),
        ] as [(String, Bool, Bool, Bool)])
        func nullWords(input: String, strict: Bool, lenient: Bool, yyModel: Bool) {
            #expect(CoercionPolicy.strict.isNullWord(input) == strict)
            #expect(CoercionPolicy.lenient.isNullWord(input) == lenient)
            #expect(CoercionPolicy.yyModel.isNullWord(input) == yyModel)
        }

        @Test("\"null\" → Int?: not converted under lenient, nil under yyModel")
        func nullWordForOptionalInt() {
            // Lenient: not a null word and not a number → not converted (missing, reported).
            #expect(!CoercionPolicy.lenient.isNullWord("null"))
            #expect(CoercionPolicy.lenient.integer(Int.self, from: .string("null")).value == nil)
            // yyModel: a null word (the decoder gives nil); the number rules agree: no number.
            #expect(CoercionPolicy.yyModel.isNullWord("<null>"))
            #expect(CoercionPolicy.yyModel.integer(Int.self, from: .string("<null>")).value == nil)
        }

        @Test func everyYYModelWordIsRecognised() {
            #expect(YYModelNumber.nullWords.count == 12)
            for word in YYModelNumber.nullWords {
                #expect(NullWords.isYYModelNullWord(word))
            }
            var policy = CoercionPolicy.lenient
            policy.nullWords = .yyModel
            #expect(policy.isNullWord("(null)"))
        }
    }
}
