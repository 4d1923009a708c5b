import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// The coercion policy table (README.md, Docs/Coercion.md), row by row, through the policy interface the
    /// decoder calls; and the presets' switches.
    @Suite("Coercion policy presets")
    struct CoercionPolicyTests {
        typealias Probe = @Sendable (CoercionPolicy) -> String

        /// "12" for a converted value, "–" for not converted.
        static func show<T>(_ outcome: CoercionResult<T>) -> String {
            guard let value = outcome.value else { return "–" }
            if let date = value as? Date { return String(date.timeIntervalSince1970) }
            if let url = value as? URL { return url.absoluteString }
            if let data = value as? Data { return String(decoding: data, as: UTF8.self) }
            return String(describing: value)
        }

        static let rows: [(String, Probe, String, String, String)] = [
            // table row                     probe                                                              strict   lenient   yyModel
            ("\"12\" → Int",                 { show($0.integer(Int.self, from: .string("12"))) },               "–",     "12",     "12"),
            ("\" 12 \" → Int",               { show($0.integer(Int.self, from: .string(" 12 "))) },             "–",     "12",     "12"),
            ("\"12abc\" → Int",              { show($0.integer(Int.self, from: .string("12abc"))) },            "–",     "–",      "12"),
            ("\"abc\" → Int",                { show($0.integer(Int.self, from: .string("abc"))) },              "–",     "–",      "0"),
            ("12.0 → Int",                   { show($0.integer(Int.self, from: .number("12.0"))) },             "12",    "12",     "12"),
            ("12.5 → Int",                   { show($0.integer(Int.self, from: .number("12.5"))) },             "–",     "–",      "12"),
            ("-1 → UInt8",                   { show($0.integer(UInt8.self, from: .number("-1"))) },             "–",     "–",      "255"),
            ("true → Int",                   { show($0.integer(Int.self, from: .bool(true))) },                 "–",     "1",      "1"),
            ("\"1.5\" → Double",             { show($0.floatingPoint(Double.self, from: .string("1.5"))) },     "–",     "1.5",    "1.5"),
            ("\"true\" → Bool",              { show($0.bool(from: .string("true"))) },                          "–",     "true",   "true"),
            ("\"yes\" → Bool",               { show($0.bool(from: .string("yes"))) },                           "–",     "true",   "true"),
            ("\"1\" → Bool",                 { show($0.bool(from: .string("1"))) },                             "–",     "true",   "true"),
            ("\"YES\" → Bool",               { show($0.bool(from: .string("YES"))) },                           "–",     "true",   "true"),
            ("\"yEs\" → Bool (any case)",    { show($0.bool(from: .string("yEs"))) },                           "–",     "true",   "false"),
            ("1 → Bool",                     { show($0.bool(from: .number("1"))) },                             "–",     "true",   "true"),
            ("0 → Bool",                     { show($0.bool(from: .number("0"))) },                             "–",     "false",  "false"),
            ("2 → Bool",                     { show($0.bool(from: .number("2"))) },                             "–",     "–",      "true"),
            ("123 → String",                 { show($0.string(from: .number("123"))) },                         "–",     "123",    "123"),
            ("true → String",                { show($0.string(from: .bool(true))) },                            "–",     "true",   "1"),
            ("\" https://x.y \" → URL",      { show($0.url(from: .string(" https://x.y "))) },                  "–",     "https://x.y", "https://x.y"),
            ("\"https://x.y\" → URL",        { show($0.url(from: .string("https://x.y"))) },                    "https://x.y", "https://x.y", "https://x.y"),
            ("ISO 8601 with fraction → Date", { show($0.date(from: .string("2014-01-20T12:24:48.5Z"))) },       "1390220688.5", "1390220688.5", "–"),
            ("YYModel format → Date",        { show($0.date(from: .string("2014-01-20 12:24:48"))) },           "1390220688.0", "1390220688.0", "1390220688.0"),
            ("1445534567 → Date",            { show($0.date(from: .number("1445534567"))) },                    "1445534567.0", "1445534567.0", "–"),
            ("\"aGk=\" → Data",              { show($0.data(from: .string("aGk="))) },                          "hi",    "hi",     "aGk="),
            ("\"null\" → Int? (null word)",  { $0.isNullWord("null") ? "nil" : show($0.integer(Int.self, from: .string("null"))) },     "–", "–", "nil"),
            ("\"<null>\" → Int? (null word)", { $0.isNullWord("<null>") ? "nil" : show($0.integer(Int.self, from: .string("<null>"))) }, "–", "–", "nil"),
            ("embedded JSON → model",        { $0.parsesEmbeddedJSON ? "parsed" : "–" },                        "–",     "parsed", "–"),
            ("mismatch is an error",         { $0.mismatchIsError ? "error" : "missing" },                      "error", "missing", "missing"),
        ]

        @Test("The policy table", arguments: rows)
        func designTable(row: String, probe: Probe, strict: String, lenient: String, yyModel: String) {
            #expect(probe(.strict) == strict, "\(row) under .strict")
            #expect(probe(.lenient) == lenient, "\(row) under .lenient")
            #expect(probe(.yyModel) == yyModel, "\(row) under .yyModel")
        }

        @Test func presetSwitches() {
            #expect(CoercionPolicy.strict.mismatchIsError)
            #expect(!CoercionPolicy.lenient.mismatchIsError)
            #expect(!CoercionPolicy.yyModel.mismatchIsError)
            #expect(CoercionPolicy.yyModel.firstPresentAlternates)
            #expect(!CoercionPolicy.lenient.firstPresentAlternates)
            #expect(!CoercionPolicy.strict.firstPresentAlternates)
            #expect(CoercionPolicy.strict.numbersAsDates)
            #expect(CoercionPolicy.lenient.numbersAsDates)
            #expect(!CoercionPolicy.yyModel.numbersAsDates)
            #expect(!CoercionPolicy.strict.parsesEmbeddedJSON)
        }

        @Test func presetFamilies() {
            let strict = CoercionPolicy.strict, lenient = CoercionPolicy.lenient, yy = CoercionPolicy.yyModel
            #expect([strict.stringToInteger, lenient.stringToInteger, yy.stringToInteger] == [.off, .exact, .yyModel])
            #expect([strict.numberFitting, lenient.numberFitting, yy.numberFitting] == [.exact, .exact, .yyModel])
            #expect([strict.boolToNumber, lenient.boolToNumber, yy.boolToNumber] == [.off, .oneAndZero, .oneAndZero])
            #expect([strict.stringToBool, lenient.stringToBool, yy.stringToBool] == [.off, .words, .yyModel])
            #expect([strict.numberToBool, lenient.numberToBool, yy.numberToBool] == [.off, .zeroOrOne, .nonZero])
            #expect([strict.scalarToString, lenient.scalarToString, yy.scalarToString] == [.off, .jsonText, .yyModel])
            #expect([strict.stringToURL, lenient.stringToURL, yy.stringToURL] == [.exact, .trimmed, .trimmed])
            #expect([strict.stringToDate, lenient.stringToDate, yy.stringToDate] == [.flexible, .flexible, .yyModel])
            #expect([strict.stringToData, lenient.stringToData, yy.stringToData] == [.base64, .base64, .utf8])
            #expect([strict.nullWords, lenient.nullWords, yy.nullWords] == [.off, .off, .yyModel])
        }

        @Test func initializerDefaultsToLenient() {
            let policy = CoercionPolicy(stringToBool: .off)
            #expect(policy.integer(Int.self, from: .string("12")).value == 12)
            #expect(policy.bool(from: .string("yes")).value == nil)
            #expect(!policy.mismatchIsError)
        }

        @Test("strict converts nothing that Foundation rejects", arguments: [
            CoercionScalar.string("12"), .string("1.5"), .string("true"), .number("1"), .number("12.5"), .bool(true), .null,
        ])
        func strictConvertsNothing(input: CoercionScalar) {
            let strict = CoercionPolicy.strict
            if case .number(let text) = input, text == "1" {
                #expect(strict.integer(Int.self, from: input).value == 1)   // a fitting integer is no mismatch
            } else {
                #expect(strict.integer(Int.self, from: input).value == nil)
            }
            #expect(strict.bool(from: input).value == nil || input == .bool(true))
            #expect(strict.string(from: input).value == nil || input.kindName == "string")
            if input.kindName != "number" {
                #expect(strict.floatingPoint(Double.self, from: input).value == nil)
                #expect(strict.decimal(from: input).value == nil)
            }
        }
    }
}
