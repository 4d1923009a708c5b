import Foundation
import Testing
@testable import CodableBridge

// Custom coercion rules ("Rules for your own types" in Docs/Coercion.md) through BridgeDecoder:
// a rule for a type runs when a JSON scalar stands where that type is expected, before the type's
// own `init(from:)`; its conversions are reported with the rule's name, its rejections take the
// missing-value path (an error under `.strict`).

/// Decoded from an object by its own `init(from:)`, or from `"12.50 EUR"` by a rule.
struct RuleMoney: Codable, Equatable, Sendable {
    var cents: Int
    var currency: String
}

struct RulePercent: Codable, Equatable, Sendable {
    var value: Double
}

struct RuleOrder: Codable, Equatable, Sendable {
    var total: RuleMoney
    var discount: RulePercent?
    var refunds: [RuleMoney]
    var placed: Date
}

private let rules: CoercionPolicy = CoercionPolicy.lenient
    .addingRule(for: RuleMoney.self, coercion: { scalar in
        guard case .string(let text) = scalar else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count == 2, let amount = Decimal(string: String(parts[0])) else {
            return .notConverted(reason: "\"\(text)\" is not an amount and a currency")
        }
        return .converted(RuleMoney(cents: NSDecimalNumber(decimal: amount * 100).intValue, currency: String(parts[1])), rule: "money text")
    })
    .addingRule(for: RulePercent.self, coercion: { scalar in
        guard case .number(let text) = scalar, let value = Double(text) else { return nil }
        guard (0 ... 100).contains(value) else { return .notConverted(reason: "\(text) is not between 0 and 100") }
        return .converted(RulePercent(value: value), rule: "number → RulePercent")
    })
    .addingRule(for: Date.self, coercion: { scalar in
        guard case .string(let text) = scalar, text.hasPrefix("day ") else { return nil }
        guard let day = Double(text.dropFirst(4)) else { return .notConverted(reason: "not a day number") }
        return .converted(Date(timeIntervalSince1970: day * 86_400), rule: "day number")
    })

@Suite("Custom coercion rules in the decoder")
struct CustomRuleDecodingTests {
    @Test("a rule converts scalars for a property, an optional and array elements; objects still use init(from:)")
    func converts() throws {
        let json = #"""
        {"total": "12.50 EUR", "discount": 15, "refunds": ["1.00 EUR", {"cents": 200, "currency": "USD"}], "placed": "day 2"}
        """#
        let (order, report) = try decodeReporting(RuleOrder.self, json) { $0.coercion = rules }
        #expect(order == RuleOrder(total: RuleMoney(cents: 1250, currency: "EUR"), discount: RulePercent(value: 15),
                                   refunds: [RuleMoney(cents: 100, currency: "EUR"), RuleMoney(cents: 200, currency: "USD")],
                                   placed: Date(timeIntervalSince1970: 172_800)))
        expectEvents(report, [
            .coerced("total", #"a string ("12.50 EUR") → RuleMoney RuleMoney(cents: 1250, currency: "EUR") (money text)"#),
            .coerced("discount", "a number (15) → RulePercent RulePercent(value: 15.0) (number → RulePercent)"),
            .coerced("refunds[0]", #"a string ("1.00 EUR") → RuleMoney"#),
            .coerced("placed", #"a string ("day 2") → Date 1970-01-03 00:00:00 +0000 (day number)"#),
        ])
    }

    @Test("a rule's rejection is a value not converted: default, nil, dropped — with the rule's reason")
    func rejects() throws {
        let json = #"""
        {"total": "lots", "discount": 150, "refunds": ["1.00 EUR", "free"], "placed": "day x"}
        """#
        var decoder = BridgeDecoder()
        decoder.coercion = rules
        expectDecodingError(.typeMismatch, codingPath: "placed") { try decoder.decode(RuleOrder.self, from: json) }

        let fixed = json.replacingOccurrences(of: "day x", with: "day 1")
        let (order, report) = try decodeReporting(RuleOrder.self, fixed) { $0.coercion = rules }
        #expect(order.total == RuleMoney(cents: 0, currency: ""))
        #expect(order.discount == nil)
        #expect(order.refunds == [RuleMoney(cents: 100, currency: "EUR")])
        expectEvents(report, [
            .defaulted("total", #"a string ("lots") not converted ("lots" is not an amount and a currency); used RuleMoney"#),
            .defaulted("discount", "a number (150) not converted to RulePercent (150 is not between 0 and 100); used nil"),
            .coerced("refunds[0]", "(money text)"),
            .dropped("refunds[1]", #"a string ("free") not converted to RuleMoney ("free" is not an amount and a currency)"#),
            .coerced("placed", "(day number)"),
        ])
    }

    @Test("under a strict policy with rules, a rejection is the error at the path")
    func strict() throws {
        var policy = rules
        policy.mismatchIsError = true
        var decoder = BridgeDecoder()
        decoder.coercion = policy
        expectDecodingError(.typeMismatch, codingPath: "total") {
            try decoder.decode(RuleOrder.self, from: #"{"total": "lots", "refunds": [], "placed": "day 1"}"#)
        }
        #expect(try decoder.decode(RuleOrder.self, from: #"{"total": "1 EUR", "refunds": [], "placed": "day 1"}"#).total.cents == 100)
    }
}
