import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// `Int128` / `UInt128` through the integer rule families: the `Int64` table, at 128-bit width.
    ///
    /// Tables hold decimal text, not `Int128` values, so they need no availability annotation.
    @Suite("Int128 and UInt128")
    struct Int128CoercionTests {
        /// Every input of the `Int` string table whose `Int` result is not cut by `Int64`'s range
        /// gives the same result for `Int128`, under each preset.
        @Test("string → Int128 mirrors string → Int64", arguments: [
            "12", " 12 ", "\t12\n", "+12", "012", "-12", "0", "-0", "12.0", "1.2e1", "1e3", "12.5", "-12.9",
            "12abc", "abc", "", "   ", "1 2", "0x1F", "12.5.6", "true", "YES", "false", "No", "tRuE", "null",
            "<null>", "nil", "1.0e999", "9223372036854775807", "-9223372036854775808", "1e400", "1e-400",
        ])
        @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
        func mirrorsInt64(input: String) {
            for policy in [CoercionPolicy.strict, .lenient, .yyModel] {
                let wide = policy.integer(Int128.self, from: .string(input)).value
                let narrow = policy.integer(Int64.self, from: .string(input)).value
                #expect(wide == narrow.map { Int128($0) }, "\(input)")
            }
        }

        @Test("string → Int128 beyond Int64", arguments: [
            // input                                          lenient                                       yyModel
            ("170141183460469231731687303715884105727",       "170141183460469231731687303715884105727",    "170141183460469231731687303715884105727"),
            (" -170141183460469231731687303715884105728 ",    "-170141183460469231731687303715884105728",   "-170141183460469231731687303715884105728"),
            ("170141183460469231731687303715884105728",       nil,                                          "170141183460469231731687303715884105727"),  // atoll saturates at Int128.max
            ("-999999999999999999999999999999999999999999",   nil,                                          "-170141183460469231731687303715884105728"),
            ("9223372036854775808",                           "9223372036854775808",                        "9223372036854775808"),  // Int64 would clamp
            ("1.7e38",                                        "170000000000000000000000000000000000000",    "169999999999999998061923293023115935744"),  // yyModel: atof → the nearest Double
            ("1e38",                                          "100000000000000000000000000000000000000",    "1"),   // yyModel: no ".", atoll stops at "e"
            ("17014118346046923173168730371588410572.7e1",    "170141183460469231731687303715884105727",    "170141183460469231731687303715884105727"),  // atof: the Double is 2^127 → clamped
            ("1.8e38",                                        nil,                                          "170141183460469231731687303715884105727"),  // clamped
            ("-1.8e38",                                       nil,                                          "-170141183460469231731687303715884105728"),
            ("12345678901234567890123.5",                     nil,                                          "12345678901234567741440"),  // atof → Double, truncated
        ] as [(String, String?, String?)])
        @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
        func stringToInt128(input: String, lenient: String?, yyModel: String?) {
            #expect(CoercionPolicy.strict.integer(Int128.self, from: .string(input)).value == nil)
            #expect(CoercionPolicy.lenient.integer(Int128.self, from: .string(input)).value.map { "\($0)" } == lenient)
            #expect(CoercionPolicy.yyModel.integer(Int128.self, from: .string(input)).value.map { "\($0)" } == yyModel)
        }

        @Test("string → UInt128", arguments: [
            // input                                          lenient                                       yyModel
            ("340282366920938463463374607431768211455",       "340282366920938463463374607431768211455",    "340282366920938463463374607431768211455"),
            ("340282366920938463463374607431768211456",       nil,                                          "340282366920938463463374607431768211455"),
            ("-1",                                            nil,                                          "340282366920938463463374607431768211455"),  // wraps, as UInt64
            ("-1.5",                                          nil,                                          "340282366920938463463374607431768211455"),  // truncated to -1, wrapped
            ("18446744073709551616",                          "18446744073709551616",                       "18446744073709551616"),
            (" 7 ",                                           "7",                                          "7"),
            ("7abc",                                          nil,                                          "7"),
        ] as [(String, String?, String?)])
        @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
        func stringToUInt128(input: String, lenient: String?, yyModel: String?) {
            #expect(CoercionPolicy.lenient.integer(UInt128.self, from: .string(input)).value.map { "\($0)" } == lenient)
            #expect(CoercionPolicy.yyModel.integer(UInt128.self, from: .string(input)).value.map { "\($0)" } == yyModel)
        }

        /// JSON numbers that do not fit exactly (the decoder reads plain integers itself).
        @Test("number → Int128 / UInt128", arguments: [
            // text                                          type      exact (all presets)                          yyModel
            ("1e38",                                        "Int128",  "100000000000000000000000000000000000000",   "100000000000000000000000000000000000000"),
            ("12.0",                                        "Int128",  "12",                                        "12"),
            ("12.5",                                        "Int128",  nil,                                         "12"),
            ("-12.5",                                       "Int128",  nil,                                         "-12"),
            ("170141183460469231731687303715884105728",     "Int128",  nil,                                         "170141183460469231731687303715884105727"),
            ("1e40",                                        "Int128",  nil,                                         "170141183460469231731687303715884105727"),
            ("-1e40",                                       "Int128",  nil,                                         "-170141183460469231731687303715884105728"),
            ("3.4e38",                                      "UInt128", "340000000000000000000000000000000000000",   "340000000000000000000000000000000000000"),
            ("-1",                                          "UInt128", nil,                                         "340282366920938463463374607431768211455"),
            ("-12.5",                                       "UInt128", nil,                                         "340282366920938463463374607431768211444"),
            ("1e39",                                        "UInt128", nil,                                         "340282366920938463463374607431768211455"),
        ] as [(String, String, String?, String?)])
        @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
        func numberFitting(text: String, type: String, exact: String?, yyModel: String?) {
            func read(_ policy: CoercionPolicy) -> String? {
                type == "Int128"
                    ? policy.integer(Int128.self, from: .number(text)).value.map { "\($0)" }
                    : policy.integer(UInt128.self, from: .number(text)).value.map { "\($0)" }
            }
            #expect(read(.strict) == exact)
            #expect(read(.lenient) == exact)
            #expect(read(.yyModel) == yyModel)
        }

        @Test @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
        func reasonsNameTheRange() {
            let range = CoercionPolicy.lenient.integer(Int128.self, from: .string("170141183460469231731687303715884105728"))
            #expect(range.reason?.contains("outside Int128's range -170141183460469231731687303715884105728...170141183460469231731687303715884105727") == true)
            let fraction = CoercionPolicy.lenient.integer(UInt128.self, from: .number("1.5"))
            #expect(fraction.reason?.contains("fractional part and UInt128 holds whole numbers only") == true)
            #expect(CoercionPolicy.lenient.integer(Int128.self, from: .string("12")).rule == "string → Int128")
        }
    }
}
