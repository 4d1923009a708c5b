import Foundation
import Testing
@testable import CodableBridge

/// `Int128` / `UInt128` in every position and under every policy: exact values, the same
/// coercions, defaults and report events as `Int64`.
@Suite struct Int128DecodingTests {
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    struct Account: Codable, Equatable {
        var id: Int128
        var balance: UInt128?
        var history: [Int128]
        var tags: Set<UInt128>
        var byName: [String: Int128]
        var byID: [Int128: String]
    }

    static let max = "170141183460469231731687303715884105727"
    static let min = "-170141183460469231731687303715884105728"
    static let umax = "340282366920938463463374607431768211455"

    static let document = #"""
    {"id": \#(max), "balance": \#(umax), "history": [\#(min), 0, 1e3], "tags": [\#(umax)],
     "byName": {"a": \#(min)}, "byID": [\#(max), "top", -1, "minus"]}
    """#

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    static var expected: Account { Account(id: .max, balance: .max, history: [.min, 0, 1000], tags: [.max],
                                  byName: ["a": .min], byID: [.max: "top", -1: "minus"]) }

    @Test(arguments: ReportPreset.allCases)
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func everyPositionIsExact(_ preset: ReportPreset) throws {
        let (account, report) = try decodeReporting(Account.self, Self.document, preset: preset)
        #expect(account == Self.expected)
        #expect(report.events.isEmpty)
        #expect(try JSONDecoder().decode(Account.self, from: Data(Self.document.utf8)) == Self.expected)
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test func roundTrips() throws {
        let data = try BridgeEncoder().encode(Self.expected)
        #expect(try BridgeDecoder().decode(Account.self, from: data) == Self.expected)
        #expect(try JSONDecoder().decode(Account.self, from: data) == Self.expected)
        #expect(try BridgeDecoder().decode(Account.self, from: JSONEncoder().encode(Self.expected)) == Self.expected)
        let tree = try BridgeEncoder().encodeToJSONValue(Self.expected)
        #expect(tree.id?.numberValue?.text == Self.max)
        #expect(try BridgeDecoder().decode(Account.self, from: tree) == Self.expected)
        let object = try BridgeEncoder().encodeToJSONObject(Self.expected)
        #expect(try BridgeDecoder().decode(Account.self, fromJSONObject: object) == Self.expected)
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    struct Box: Codable, Equatable {
        var v: Int128 = 0
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    struct UBox: Codable, Equatable {
        var v: UInt128 = 0
    }

    /// (JSON for `v`, preset, the value or nil for "not converted", the report event's detail fragment)
    static let coercions: [(String, ReportPreset, String?, String?)] = [
        (#"" 12 ""#, .lenient, "12", #"a string (" 12 ") → Int128 12 (string → Int128)"#),
        (#""12.0""#, .lenient, "12", "string → Int128"),
        (#""1e3""#, .lenient, "1000", "string → Int128"),
        (#""\#(max)""#, .lenient, max, "string → Int128"),
        (#""12.5""#, .lenient, nil, "fractional part"),
        (#""12abc""#, .lenient, nil, "not a number"),
        (#""170141183460469231731687303715884105728""#, .lenient, nil, "outside Int128's range"),
        ("true", .lenient, "1", "Boolean → Int128"),
        ("12.5", .lenient, nil, "fractional part"),
        ("1e40", .lenient, nil, "outside Int128's range"),
        (#""12abc""#, .yyModel, "12", "(YYModel)"),
        (#""1e3""#, .yyModel, "1", "(YYModel)"),
        (#""\#(max)""#, .yyModel, max, "(YYModel)"),
        ("12.9", .yyModel, "12", "YYModel: truncated toward zero"),
        ("1e40", .yyModel, max, "YYModel"),
        (#""12""#, .strict, nil, nil),
        ("12.5", .strict, nil, nil),
    ]

    @Test(arguments: coercions)
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    func coercesLikeInt64(_ json: String, _ preset: ReportPreset, _ value: String?, _ detail: String?) throws {
        // The same input as Int64 gives the same kind of outcome.
        let input = #"{"v": \#(json)}"#
        if preset == .strict {
            var decoder = BridgeDecoder()
            decoder.coercion = .strict
            decoder.missingValueStrategy = .throw
            #expect(throws: DecodingError.self) { try decoder.decode(Box.self, from: input) }
            return
        }
        let (box, report) = try decodeReporting(Box.self, input, preset: preset)
        if let value {
            #expect(box.v == Int128(value)!)
            #expect(report.events.count == 1 && report.events.first?.kind == .coerced)
        } else {
            #expect(box.v == 0)
            #expect(report.events.count == 1 && report.events.first?.kind == .defaulted)
        }
        if let detail { #expect(report.events.first?.detail.contains(detail) == true, "\(report)") }
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test func unsignedCoercions() throws {
        #expect(try decodeReporting(UBox.self, #"{"v": "-1"}"#, preset: .yyModel).0.v == .max)
        #expect(try decodeReporting(UBox.self, #"{"v": -1}"#, preset: .lenient).0.v == 0)
        #expect(try decodeReporting(UBox.self, #"{"v": " \#(Self.umax) "}"#, preset: .lenient).0.v == .max)
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test func lenientContainersDropAndReport() throws {
        let (values, report) = try decodeReporting([Int128].self, #"[1, "2", "x", 1.5, \#(Self.min)]"#, preset: .lenient)
        #expect(values == [1, 2, .min])
        #expect(report.events.map(\.kind) == [.coerced, .dropped, .dropped])
        let (keyed, _) = try decodeReporting([Int128: String].self, #"["7", "seven", "x", "dropped?"]"#, preset: .lenient)
        #expect(keyed[7] == "seven")
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test func overflowErrorNamesPathAndNumber() throws {
        let error = try #require(throws: DecodingError.self) {
            try strictBridgeDecoder().decode([String: [Int128]].self, from: #"{"k": [1, 170141183460469231731687303715884105728]}"#)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(renderPath(context.codingPath) == "k[1]")
        #expect(context.debugDescription == "Parsed JSON number <170141183460469231731687303715884105728> does not fit in Int128.")
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test func update() throws {
        var box = Box(v: 5)
        try BridgeDecoder().update(&box, from: Data(#"{"v": \#(Self.min)}"#.utf8))
        #expect(box.v == .min)
    }

    /// Optionals: null is nil, a missing key is nil, an unconvertible value is nil and reported.
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test func optionals() throws {
        struct O: Codable { var v: Int128? }
        #expect(try decodeReporting(O.self, #"{"v": null}"#).0.v == nil)
        #expect(try decodeReporting(O.self, #"{}"#).0.v == nil)
        let (o, report) = try decodeReporting(O.self, #"{"v": "x"}"#)
        #expect(o.v == nil)
        #expect(report.events.count == 1)
        #expect(try decodeReporting(O.self, #"{"v": "\#(Self.max)"}"#).0.v == .max)
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    struct Ledger: Codable, Equatable {
        var total: Int128
        var hashes: [UInt128]
    }

    /// The example in Docs/Coercion.md ("Target: Int128, UInt128").
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test func docsExample() throws {
        let ledger = try BridgeDecoder().decode(Ledger.self, from: #"{"total": "170141183460469231731687303715884105727", "hashes": [340282366920938463463374607431768211455]}"#)
        #expect(ledger == Ledger(total: .max, hashes: [.max]))
        let text = try BridgeEncoder().encodeToString(ledger)
        #expect(text == #"{"total":170141183460469231731687303715884105727,"hashes":[340282366920938463463374607431768211455]}"#)
    }

    /// A hand-written `init(from:)` reaching every container method for the 128-bit types.
    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    struct HandWritten: Decodable, Equatable {
        var keyed: Int128
        var keyedOptional: UInt128?
        var keyedAbsent: Int128?
        var list: [Int128?]
        var single: UInt128

        enum CodingKeys: String, CodingKey { case keyed, keyedOptional, keyedAbsent, list, single }

        struct Single: Decodable {
            var value: UInt128
            init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(UInt128.self) }
        }

        init(keyed: Int128, keyedOptional: UInt128?, keyedAbsent: Int128?, list: [Int128?], single: UInt128) {
            (self.keyed, self.keyedOptional, self.keyedAbsent, self.list, self.single) = (keyed, keyedOptional, keyedAbsent, list, single)
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            keyed = try c.decode(Int128.self, forKey: .keyed)
            keyedOptional = try c.decodeIfPresent(UInt128.self, forKey: .keyedOptional)
            keyedAbsent = try c.decodeIfPresent(Int128.self, forKey: .keyedAbsent)
            var u = try c.nestedUnkeyedContainer(forKey: .list)
            list = [try u.decode(Int128.self), try u.decodeIfPresent(Int128.self), try u.decodeIfPresent(Int128.self)]
            var rest = try c.nestedUnkeyedContainer(forKey: .list)
            _ = try rest.decode(UInt128.self)
            single = try c.decode(Single.self, forKey: .single).value
        }
    }

    @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *)
    @Test(arguments: ReportPreset.allCases)
    func everyContainerMethod(_ preset: ReportPreset) throws {
        let json = #"{"keyed": \#(Self.min), "keyedOptional": \#(Self.umax), "list": [7, null, \#(Self.max)], "single": \#(Self.umax)}"#
        let (value, report) = try decodeReporting(HandWritten.self, json, preset: preset)
        #expect(value == HandWritten(keyed: .min, keyedOptional: .max, keyedAbsent: nil, list: [7, nil, .max], single: .max))
        #expect(report.events.isEmpty)
        #expect(try JSONDecoder().decode(HandWritten.self, from: Data(json.utf8)) == value)
    }
}
