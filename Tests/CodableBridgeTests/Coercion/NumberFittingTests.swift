import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON numbers that do not fit the number type (``NumberFitting``).
    @Suite("Number fitting")
    struct NumberFittingTests {
        @Test("number → Int under each preset", arguments: [
            // input                      strict     lenient    yyModel
            ("12.0",                      12,        12,        12),     // Foundation accepts it
            ("1.2e1",                     12,        12,        12),
            ("1e5",                       100_000,   100_000,   100_000),
            ("-0.0",                      0,         0,         0),
            ("120e-1",                    12,        12,        12),
            ("12.5",                      nil,       nil,       12),     // truncates
            ("-12.5",                     nil,       nil,       -12),
            ("0.9999",                    nil,       nil,       0),
            ("1e-7",                      nil,       nil,       0),
            ("9223372036854775807",       Int.max,   Int.max,   Int.max),
            ("9223372036854775808",       nil,       nil,       Int.min),  // UInt64 bits, wrapped
            ("18446744073709551615",      nil,       nil,       -1),
            ("1e30",                      nil,       nil,       Int.max),  // clamped, as ARM64
            ("-1e30",                     nil,       nil,       Int.min),
            ("9223372036854775807.0",     Int.max,   Int.max,   Int.max),  // exact, no Double detour
        ] as [(String, Int?, Int?, Int?)])
        func numberToInt(input: String, strict: Int?, lenient: Int?, yyModel: Int?) {
            #expect(CoercionPolicy.strict.integer(Int.self, from: .number(input)).value == strict)
            #expect(CoercionPolicy.lenient.integer(Int.self, from: .number(input)).value == lenient)
            #expect(CoercionPolicy.yyModel.integer(Int.self, from: .number(input)).value == yyModel)
        }

        @Test("number → narrower integers", arguments: [
            // input     lenient UInt8   yyModel UInt8   yyModel Int8
            ("-1",       nil,            255,            -1),
            ("255",      255,            255,            -1),
            ("256",      nil,            0,              0),
            ("300",      nil,            44,             44),
            ("-129",     nil,            127,            127),
            ("1.5",      nil,            1,              1),
            ("-1.5",     nil,            255,            -1),
        ] as [(String, UInt8?, UInt8?, Int8?)])
        func narrower(input: String, lenientUInt8: UInt8?, yyModelUInt8: UInt8?, yyModelInt8: Int8?) {
            #expect(CoercionPolicy.lenient.integer(UInt8.self, from: .number(input)).value == lenientUInt8)
            #expect(CoercionPolicy.strict.integer(UInt8.self, from: .number(input)).value == lenientUInt8)
            #expect(CoercionPolicy.yyModel.integer(UInt8.self, from: .number(input)).value == yyModelUInt8)
            #expect(CoercionPolicy.yyModel.integer(Int8.self, from: .number(input)).value == yyModelInt8)
        }

        @Test("YYModel's own expectations for -1 (YYTestAutoTypeConvert)")
        func yyModelMinusOne() {
            let policy = CoercionPolicy.yyModel
            #expect(policy.integer(Int8.self, from: .number("-1")).value == -1)
            #expect(policy.integer(UInt8.self, from: .number("-1")).value == UInt8.max)
            #expect(policy.integer(UInt16.self, from: .number("-1")).value == UInt16.max)
            #expect(policy.integer(UInt32.self, from: .number("-1")).value == UInt32.max)
            #expect(policy.integer(UInt.self, from: .number("-1")).value == UInt.max)
            #expect(policy.integer(UInt64.self, from: .number("-1")).value == UInt64.max)
        }

        @Test("number → Float / Double that overflow", arguments: [
            // input       type      lenient     yyModel
            ("1e50",       "Float",  nil,        0),
            ("-1e50",      "Float",  nil,        0),
            ("1e400",      "Double", nil,        0),
            ("0.1",        "Double", 0.1,        0.1),
            ("1e-50",      "Float",  0,          0),
        ] as [(String, String, Double?, Double?)])
        func floatingOverflow(input: String, type: String, lenient: Double?, yyModel: Double?) {
            if type == "Float" {
                #expect(CoercionPolicy.lenient.floatingPoint(Float.self, from: .number(input)).value.map(Double.init) == lenient)
                #expect(CoercionPolicy.yyModel.floatingPoint(Float.self, from: .number(input)).value.map(Double.init) == yyModel)
            } else {
                #expect(CoercionPolicy.lenient.floatingPoint(Double.self, from: .number(input)).value == lenient)
                #expect(CoercionPolicy.yyModel.floatingPoint(Double.self, from: .number(input)).value == yyModel)
            }
        }

        @Test func rulesAreUsableOnTheirOwn() {
            #expect(NumberFitting.exact("12.0", as: Int.self) == 12)
            #expect(NumberFitting.exact("12.5", as: Int.self) == nil)
            #expect(NumberFitting.exact("256", as: UInt8.self) == nil)
            #expect(NumberFitting.exact("1.", as: Int.self) == nil)        // not JSON number text
            #expect(NumberFitting.truncatingAndWrapping("-1", as: UInt8.self) == 255)
            #expect(NumberFitting.truncatingAndWrapping("12.9", as: Int.self) == 12)
            #expect(NumberFitting.truncatingAndWrapping("1e19", as: UInt64.self) == 10_000_000_000_000_000_000)
        }

        @Test func reasonsSayWhatWasFound() {
            let fractional = CoercionPolicy.lenient.integer(Int.self, from: .number("12.5"))
            #expect(fractional.reason == "found number 12.5; it has a fractional part and Int holds whole numbers only")
            let range = CoercionPolicy.strict.integer(UInt8.self, from: .number("-1"))
            #expect(range.reason == "found number -1; it is outside UInt8's range 0...255")
            #expect(CoercionPolicy.yyModel.integer(Int.self, from: .number("12.5")).rule == "number → Int (YYModel: truncated toward zero)")
            #expect(CoercionPolicy.yyModel.integer(UInt8.self, from: .number("-1")).rule == "number → UInt8 (YYModel: wrapped)")
            #expect(CoercionPolicy.strict.integer(Int.self, from: .number("12.0")).rule == "whole number → Int")
        }
    }
}
