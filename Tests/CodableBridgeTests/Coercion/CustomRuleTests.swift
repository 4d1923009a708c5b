import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Users' own rules (``CoercionPolicy/addingRule(for:named:_:)``).
    @Suite("Custom rules")
    struct CustomRuleTests {
        /// A fixture: an amount of money in cents, written in JSON as "12.50 EUR" or as a number.
        struct Money: Codable, Equatable, Sendable {
            var cents: Int
            var currency: String
        }

        struct Percentage: Equatable, Sendable {
            var value: Double
        }

        static let moneyPolicy = CoercionPolicy.lenient.addingRule(for: Money.self) { scalar in
            switch scalar {
            case .string(let text):
                let parts = text.split(separator: " ")
                guard parts.count == 2, let amount = Decimal(string: String(parts[0])) else { return nil }
                return Money(cents: NSDecimalNumber(decimal: amount * 100).intValue, currency: String(parts[1]))
            case .number(let text):
                guard let cents = Int(text) else { return nil }
                return Money(cents: cents, currency: "EUR")
            default:
                return nil
            }
        }

        @Test("a rule converts its type's scalars", arguments: [
            (CoercionScalar.string("12.50 EUR"), Money(cents: 1250, currency: "EUR")),
            (.string("3 USD"), Money(cents: 300, currency: "USD")),
            (.number("99"), Money(cents: 99, currency: "EUR")),
        ] as [(CoercionScalar, Money)])
        func converts(input: CoercionScalar, expected: Money) {
            let outcome = Self.moneyPolicy.customRule(for: Money.self, from: input)
            #expect(outcome?.value == expected)
            #expect(outcome?.rule == "custom rule → Money")
        }

        @Test func nilDefersToBuiltInRules() {
            #expect(Self.moneyPolicy.customRule(for: Money.self, from: .string("lots")) == nil)
            #expect(Self.moneyPolicy.customRule(for: Money.self, from: .bool(true)) == nil)
        }

        @Test func onlyTheRegisteredTypeIsAffected() {
            #expect(Self.moneyPolicy.customRule(for: Int.self, from: .string("12")) == nil)
            #expect(Self.moneyPolicy.integer(Int.self, from: .string("12")).value == 12)
            #expect(CoercionPolicy.lenient.customRule(for: Money.self, from: .string("1 EUR")) == nil)
            #expect(Self.moneyPolicy.hasCustomRules)
            #expect(Self.moneyPolicy.hasCustomRule(for: Money.self))
            #expect(!Self.moneyPolicy.hasCustomRule(for: Percentage.self))
            #expect(!CoercionPolicy.lenient.hasCustomRules)
        }

        @Test func rulesCanRejectWithAReason() {
            let policy = CoercionPolicy.strict.addingRule(for: Percentage.self, coercion: { scalar in
                guard case .number(let text) = scalar, let value = Double(text) else { return nil }
                guard (0...100).contains(value) else { return .notConverted(reason: "\(text) is not between 0 and 100") }
                return .converted(Percentage(value: value), rule: "number → Percentage")
            })
            #expect(policy.customRule(for: Percentage.self, from: .number("42"))?.value == Percentage(value: 42))
            #expect(policy.customRule(for: Percentage.self, from: .number("420"))?.reason == "420 is not between 0 and 100")
            #expect(policy.customRule(for: Percentage.self, from: .string("42")) == nil)
        }

        @Test func namedReplacedAndRemoved() {
            var policy = CoercionPolicy.yyModel
            policy.addRule(for: UUID.self, named: "uuid string → UUID") { scalar in
                if case .string(let text) = scalar { return UUID(uuidString: text) }
                return nil
            }
            let text = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
            #expect(policy.customRule(for: UUID.self, from: .string(text))?.rule == "uuid string → UUID")

            policy.addRule(for: UUID.self) { _ in UUID(uuidString: "00000000-0000-0000-0000-000000000000") }
            #expect(policy.customRule(for: UUID.self, from: .string(text))?.value?.uuidString
                    == "00000000-0000-0000-0000-000000000000")   // the later rule replaces the earlier

            let removed = policy.removingRule(for: UUID.self)
            #expect(removed.customRule(for: UUID.self, from: .string(text)) == nil)
            #expect(policy.hasCustomRule(for: UUID.self))            // values: the original is unchanged
        }

        @Test func policiesWithRulesCrossTasks() async {
            let policy = Self.moneyPolicy
            let results = await withTaskGroup(of: Int?.self) { group in
                for cents in 1...8 {
                    group.addTask { policy.customRule(for: Money.self, from: .number("\(cents)"))?.value?.cents }
                }
                var all: [Int] = []
                for await value in group { if let value { all.append(value) } }
                return all.sorted()
            }
            #expect(results == Array(1...8))
        }
    }
}
