import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON Boolean → number (``BoolToNumber``).
    @Suite("Boolean → number")
    struct BoolToNumberTests {
        @Test("Boolean → Int under each preset", arguments: [
            // input   strict   lenient   yyModel
            (true,     nil,     1,        1),
            (false,    nil,     0,        0),
        ] as [(Bool, Int?, Int?, Int?)])
        func boolToInt(input: Bool, strict: Int?, lenient: Int?, yyModel: Int?) {
            #expect(CoercionPolicy.strict.integer(Int.self, from: .bool(input)).value == strict)
            #expect(CoercionPolicy.lenient.integer(Int.self, from: .bool(input)).value == lenient)
            #expect(CoercionPolicy.yyModel.integer(Int.self, from: .bool(input)).value == yyModel)
            #expect(CoercionPolicy.lenient.integer(UInt8.self, from: .bool(input)).value == lenient.map(UInt8.init))
        }

        @Test("Boolean → Double, Float, Decimal", arguments: [true, false])
        func boolToOtherNumbers(input: Bool) {
            let expected: Double = input ? 1 : 0
            #expect(CoercionPolicy.lenient.floatingPoint(Double.self, from: .bool(input)).value == expected)
            #expect(CoercionPolicy.yyModel.floatingPoint(Float.self, from: .bool(input)).value == Float(expected))
            #expect(CoercionPolicy.lenient.decimal(from: .bool(input)).value == Decimal(expected))
            #expect(CoercionPolicy.strict.floatingPoint(Double.self, from: .bool(input)).value == nil)
            #expect(CoercionPolicy.strict.decimal(from: .bool(input)).value == nil)
        }

        @Test("Boolean → every integer type", arguments: [true, false])
        func everyIntegerType(input: Bool) {
            let policy = CoercionPolicy.lenient
            let one: Int = input ? 1 : 0
            #expect(policy.integer(Int8.self, from: .bool(input)).value == Int8(one))
            #expect(policy.integer(UInt8.self, from: .bool(input)).value == UInt8(one))
            #expect(policy.integer(Int16.self, from: .bool(input)).value == Int16(one))
            #expect(policy.integer(UInt16.self, from: .bool(input)).value == UInt16(one))
            #expect(policy.integer(Int32.self, from: .bool(input)).value == Int32(one))
            #expect(policy.integer(UInt32.self, from: .bool(input)).value == UInt32(one))
            #expect(policy.integer(Int64.self, from: .bool(input)).value == Int64(one))
            #expect(policy.integer(UInt64.self, from: .bool(input)).value == UInt64(one))
            #expect(policy.integer(UInt.self, from: .bool(input)).value == UInt(one))
        }

        @Test func ruleFunctionsAndNames() {
            #expect(BoolToNumber.oneAndZero(true, as: Int16.self) == 1)
            #expect(BoolToNumber.oneAndZero(false, as: Double.self) == 0)
            #expect(BoolToNumber.decimal(true) == 1)
            #expect(CoercionPolicy.lenient.integer(Int.self, from: .bool(true)).rule == "Boolean → Int")
            #expect(CoercionPolicy.strict.integer(Int.self, from: .bool(true)).reason?.contains("Boolean true") == true)

            var policy = CoercionPolicy.lenient
            policy.boolToNumber = .off
            #expect(policy.integer(Int.self, from: .bool(true)).value == nil)
        }
    }
}
