import Foundation
import Testing
@testable import CodableBridge

/// Date, Data, URL, Decimal, key strategies and non-conforming floats: each strategy set on both
/// decoders through `DecodingParityOptions`.
@Suite struct StrategyParityTests {

    // MARK: Dates

    static let utcDayFormatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"
        return f
    }()

    /// Reads `"day N"` as N days after 1970; anything else is `dataCorrupted` at the value.
    @Sendable static func readDayString(_ decoder: any Decoder) throws -> Date {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard text.hasPrefix("day "), let n = Double(text.dropFirst(4)) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "expected \"day N\", found \(text)")
        }
        return Date(timeIntervalSince1970: n * 86_400)
    }

    static let dateCases: [ParityCase] = [
        // deferredToDate: Date's own Decodable, seconds since 2001 (JSONDecoder's default).
        .decode(Date.self, "0", .value(Date(timeIntervalSinceReferenceDate: 0))),
        .decode(Date.self, "-1.5", .value(Date(timeIntervalSinceReferenceDate: -1.5))),
        .decode(Date.self, #""2024-05-01T12:00:00Z""#, .error(.typeMismatch)),
        .decode(PF.DateField.self, #"{"d": null}"#, .error(.valueNotFound, at: "d")),
        // secondsSince1970
        .decode(Date.self, "1700000000", .value(Date(timeIntervalSince1970: 1_700_000_000))) { $0.dates = .secondsSince1970 },
        .decode(Date.self, "1.5", .value(Date(timeIntervalSince1970: 1.5))) { $0.dates = .secondsSince1970 },
        .decode(Date.self, #""12""#, .error(.typeMismatch)) { $0.dates = .secondsSince1970 },
        .decode([PF.DateField].self, #"[{"d": "x"}]"#, .error(.typeMismatch, at: "[0].d")) { $0.dates = .secondsSince1970 },
        // millisecondsSince1970
        .decode(Date.self, "1700000000123", .value(Date(timeIntervalSince1970: 1_700_000_000_123 / 1000.0))) { $0.dates = .millisecondsSince1970 },
        .decode(Date.self, "-1000", .value(Date(timeIntervalSince1970: -1))) { $0.dates = .millisecondsSince1970 },
        .decode(Date.self, "true", .error(.typeMismatch)) { $0.dates = .millisecondsSince1970 },
        // iso8601
        .decode(Date.self, #""2024-05-01T12:00:00Z""#, .value(Date(timeIntervalSince1970: 1_714_564_800))) { $0.dates = .iso8601 },
        .decode(Date.self, #""2024-05-01T12:00:00+02:00""#, .value(Date(timeIntervalSince1970: 1_714_557_600))) { $0.dates = .iso8601 },
        .decode(Date.self, #""2024-05-01T12:00:00+0200""#, .value(Date(timeIntervalSince1970: 1_714_557_600))) { $0.dates = .iso8601 },
        .decode(Date.self, #""2024-05-01T12:00:00.5Z""#, .value(Date(timeIntervalSince1970: 1_714_564_800.5))) { $0.dates = .iso8601 },
        .decode(Date.self, #""2024-05-01""#, .error(.dataCorrupted)) { $0.dates = .iso8601 },
        .decode(Date.self, #""2024-05-01T12:00:00""#, .error(.dataCorrupted)) { $0.dates = .iso8601 }, // no zone
        .decode(Date.self, #""2024-05-01 12:00:00Z""#, .error(.dataCorrupted)) { $0.dates = .iso8601 },
        .decode(Date.self, "12", .error(.typeMismatch)) { $0.dates = .iso8601 },
        // swift-foundation reports ISO 8601 failures at the *decoder's* path, dropping the last key;
        // BridgeDecoder must give the true path.
        .decode(PF.DateField.self, #"{"d": "x"}"#, .error(.dataCorrupted), bridgePath: "d") { $0.dates = .iso8601 },
        .decode([PF.DateField].self, #"[{"d": "x"}]"#, .error(.dataCorrupted, at: "[0]"), bridgePath: "[0].d") { $0.dates = .iso8601 },
        .decode([Date].self, #"["2024-05-01T12:00:00Z", "x"]"#, .error(.dataCorrupted), bridgePath: "[1]") { $0.dates = .iso8601 },
        // formatted
        .decode(Date.self, #""2024-05-01""#, .value(Date(timeIntervalSince1970: 1_714_521_600))) { $0.dates = .formatted(utcDayFormatter) },
        .decode([Date].self, #"["2024-05-01", "05/01"]"#, .error(.dataCorrupted, at: "[1]")) { $0.dates = .formatted(utcDayFormatter) },
        .decode(Date.self, "20240501", .error(.typeMismatch)) { $0.dates = .formatted(utcDayFormatter) },
        // custom
        .decode(Date.self, #""day 2""#, .value(Date(timeIntervalSince1970: 2 * 86_400))) { $0.dates = .custom(readDayString) },
        .decode([Date].self, #"["day 1", "night 2"]"#, .error(.dataCorrupted, at: "[1]")) { $0.dates = .custom(readDayString) },
        .decode(PF.DateField.self, #"{"d": 5}"#, .error(.typeMismatch, at: "d")) { $0.dates = .custom(readDayString) },
    ]

    @Test(arguments: dateCases)
    func dates(_ row: ParityCase) { row.run() }

    /// Reads a `Date` through a single-value container and an unkeyed container in a custom
    /// `init(from:)`: strategies must apply there too, not only to synthesized properties.
    struct DateViaContainers: Decodable, Equatable, Sendable {
        var single: Date
        var fromList: [Date]
        enum Keys: String, CodingKey { case single, list }
        init(single: Date, fromList: [Date]) { self.single = single; self.fromList = fromList }
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            single = try c.decode(SingleDate.self, forKey: .single).date
            var list = try c.nestedUnkeyedContainer(forKey: .list)
            fromList = []
            while !list.isAtEnd { fromList.append(try list.decode(Date.self)) }
        }
        struct SingleDate: Decodable {
            var date: Date
            init(from decoder: any Decoder) throws { date = try decoder.singleValueContainer().decode(Date.self) }
        }
    }

    struct OptionalDates: Codable, Equatable, Sendable { var a: Date?; var b: Date? }

    static let strategyPlacementCases: [ParityCase] = [
        .decode([String: Date].self, #"{"x": 0, "y": 86400}"#,
                .value(["x": Date(timeIntervalSince1970: 0), "y": Date(timeIntervalSince1970: 86_400)])) { $0.dates = .secondsSince1970 },
        .decode([Date?].self, #"["2024-05-01T12:00:00Z", null]"#, .value([Date(timeIntervalSince1970: 1_714_564_800), nil])) { $0.dates = .iso8601 },
        .decode(OptionalDates.self, #"{"a": 1000, "b": null}"#, .value(.init(a: Date(timeIntervalSince1970: 1), b: nil))) { $0.dates = .millisecondsSince1970 },
        .decode(DateViaContainers.self, #"{"single": 60, "list": [0, 120]}"#,
                .value(.init(single: Date(timeIntervalSince1970: 60), fromList: [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 120)]))) {
            $0.dates = .secondsSince1970
        },
        .decode(DateViaContainers.self, #"{"single": "day 1", "list": ["day 2", "bad"]}"#, .error(.dataCorrupted, at: "list[1]")) {
            $0.dates = .custom(readDayString)
        },
        .decode([String: [Data]].self, #"{"k": ["AQID", ""]}"#, .value(["k": [Data([1, 2, 3]), Data()]])),
        .decode([String: [Data]].self, #"{"k": [[1], [2, 3]]}"#, .value(["k": [Data([1]), Data([2, 3])]])) { $0.data = .deferredToData },
        .decode([String: URL].self, #"{"home": "https://example.com"}"#, .value(["home": URL(string: "https://example.com")!])),
        .decode([Decimal?].self, "[0.3, null]", .value([Decimal(string: "0.3")!, nil])),
    ]

    @Test(arguments: strategyPlacementCases)
    func strategiesApplyEverywhere(_ row: ParityCase) { row.run() }

    // MARK: Data

    @Sendable static func readHex(_ decoder: any Decoder) throws -> Data {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        var bytes: [UInt8] = []
        var i = text.startIndex
        while i < text.endIndex {
            let j = text.index(i, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
            guard let b = UInt8(text[i..<j], radix: 16) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "not hex: \(text)")
            }
            bytes.append(b)
            i = j
        }
        return Data(bytes)
    }

    static let dataCases: [ParityCase] = [
        .decode(Data.self, #""AQID""#, .value(Data([1, 2, 3]))),
        .decode(Data.self, #""AQI=""#, .value(Data([1, 2]))),
        .decode(Data.self, #""""#, .value(Data())),
        .decode(Data.self, #""AQI""#, .error(.dataCorrupted)),             // missing padding
        .decode(Data.self, #""AQ ID""#, .error(.dataCorrupted)),
        .decode(Data.self, #""!!""#, .error(.dataCorrupted)),
        .decode(Data.self, "[1, 2]", .error(.typeMismatch)),
        .decode(PF.DataField.self, #"{"d": "%%"}"#, .error(.dataCorrupted, at: "d")),
        .decode([Data].self, #"["AQID", "%%"]"#, .error(.dataCorrupted, at: "[1]")),
        .decode(Data.self, "[1, 2, 255]", .value(Data([1, 2, 255]))) { $0.data = .deferredToData },
        .decode(Data.self, "[]", .value(Data())) { $0.data = .deferredToData },
        .decode(Data.self, "[1, 2, 256]", .error(.dataCorrupted), bridgePath: "[2]") { $0.data = .deferredToData },
        .decode(Data.self, #""AQID""#, .error(.typeMismatch)) { $0.data = .deferredToData },
        .decode(Data.self, #""0aff""#, .value(Data([0x0A, 0xFF]))) { $0.data = .custom(readHex) },
        .decode(PF.DataField.self, #"{"d": "zz"}"#, .error(.dataCorrupted, at: "d")) { $0.data = .custom(readHex) },
    ]

    @Test(arguments: dataCases)
    func data(_ row: ParityCase) { row.run() }

    // MARK: URL and Decimal

    static let urlAndDecimalCases: [ParityCase] = [
        .decode(URL.self, #""https://example.com/a?b=c#d""#, .value(URL(string: "https://example.com/a?b=c#d")!)),
        .decode(URL.self, #""https:\/\/example.com\/""#, .value(URL(string: "https://example.com/")!)),
        .decode(URL.self, #""/relative/path""#, .value(URL(string: "/relative/path")!)),
        .decode(URL.self, #""""#, .error(.dataCorrupted)),
        .decode(URL.self, #"" http://x ""#, .error(.dataCorrupted)),
        .decode(URL.self, "1", .error(.typeMismatch)),
        .decode(PF.URLField.self, #"{"url": ""}"#, .error(.dataCorrupted, at: "url")),
        .decode([URL].self, #"["http://a", null]"#, .error(.valueNotFound, at: "[1]")),
        .decode(Decimal.self, "12345678901234567890.123456789", .value(Decimal(string: "12345678901234567890.123456789")!)),
        .decode(Decimal.self, "340282366920938463463374607431768211455", .value(Decimal(string: "340282366920938463463374607431768211455")!)),
        .decode(Decimal.self, "-0.000000000000000000000000000001", .value(Decimal(string: "-0.000000000000000000000000000001")!)),
        .decode(Decimal.self, "0.1", .value(Decimal(string: "0.1")!)),        // exact, not Double's 0.1
        .decode(Decimal.self, "1e-5", .value(Decimal(string: "0.00001")!)),
        .decode(PF.DecimalField.self, #"{"amount": -12.50}"#, .value(.init(amount: Decimal(string: "-12.5")!))),
        .decode(Decimal.self, #""1""#, .error(.typeMismatch)),
        .decode(Decimal.self, "true", .error(.typeMismatch)),
        .decode(Decimal.self, "null", .error(.valueNotFound)),
        .decode([Decimal].self, #"[1, "x"]"#, .error(.typeMismatch, at: "[1]")),
    ]

    @Test(arguments: urlAndDecimalCases)
    func urlAndDecimal(_ row: ParityCase) { row.run() }

    // MARK: Key decoding strategies

    struct SnakeModel: Codable, Equatable, Sendable {
        var firstName: String
        var urlValue: Int
    }

    struct Nesting: Codable, Equatable, Sendable {
        struct Inner: Codable, Equatable, Sendable { var innerValue: Int }
        var childModel: Inner
        var someList: [Inner]
    }

    struct RenamedKey: Codable, Equatable, Sendable {
        var x: Int
        enum CodingKeys: String, CodingKey { case x = "my_x" }
    }

    static let keyCases: [ParityCase] = [
        // What allKeys shows after conversion: the converted key, or the original when there
        // is nothing to convert (leading/trailing underscores are kept, the middle is camel-cased;
        // swift-foundation lowercases the first word and `capitalized` the rest).
        .decode(PF.KeyList.self, """
            {"_leading": 1, "trailing_": 2, "a__b": 3, "URL_value": 4, "already_camelCase": 5,
             "first_name": 6, "__x__": 7, "_": 8, "a_1": 9, "ALL_CAPS": 10, "": 11, "one_two_three": 12,
             "plain": 13, "camelCase": 14}
            """, .value(PF.KeyList(keys: ["", "_", "__x__", "_leading", "a1", "aB", "allCaps", "alreadyCamelcase",
                                       "camelCase", "firstName", "oneTwoThree", "plain", "trailing_", "urlValue"]))) {
            $0.keys = .convertFromSnakeCase
        },
        .decode(SnakeModel.self, #"{"first_name": "a", "url_value": 1}"#, .value(.init(firstName: "a", urlValue: 1))) { $0.keys = .convertFromSnakeCase },
        .decode(SnakeModel.self, #"{"firstName": "a", "urlValue": 1}"#, .value(.init(firstName: "a", urlValue: 1))) { $0.keys = .convertFromSnakeCase },
        .decode(SnakeModel.self, #"{"first_name": "a", "url_value": 1, "firstName": "b"}"#, .value(.init(firstName: "a", urlValue: 1))) { $0.keys = .convertFromSnakeCase },
        .decode(SnakeModel.self, #"{"first_name": 1, "url_value": 1}"#, .error(.typeMismatch, at: "firstName")) { $0.keys = .convertFromSnakeCase },
        .decode(SnakeModel.self, #"{"first_name": "a"}"#, .missingKey("urlValue", at: "")) { $0.keys = .convertFromSnakeCase },
        .decode(RenamedKey.self, #"{"my_x": 1}"#, .missingKey("my_x", at: "")) { $0.keys = .convertFromSnakeCase }, // key converted before matching
        .decode([String: Int].self, #"{"a_b": 1}"#, .value(["a_b": 1])) { $0.keys = .convertFromSnakeCase },       // dictionary keys untouched
        .decode(Nesting.self, #"{"child_model": {"inner_value": 3}, "some_list": [{"inner_value": 4}]}"#,
                .value(.init(childModel: .init(innerValue: 3), someList: [.init(innerValue: 4)]))) { $0.keys = .convertFromSnakeCase },
        .decode(Nesting.self, #"{"child_model": {"inner_value": "3"}, "some_list": []}"#,
                .error(.typeMismatch, at: "childModel.innerValue")) { $0.keys = .convertFromSnakeCase },
        .decode(PF.NestedDog.self, #"{"super": {"id": 2}, "name": "rex"}"#, .value(PF.NestedDog(id: 2, name: "rex"))) { $0.keys = .convertFromSnakeCase },
        .decode(PF.TwoFields.self, #"{"A": 1, "B": "x"}"#, .value(.init(a: 1, b: "x"))) {
            $0.keys = .custom { path in PF.DynamicKey(path.last!.stringValue.lowercased()) }
        },
        .decode(PF.TwoFields.self, #"{"A": 1, "B": 2}"#, .error(.typeMismatch, at: "b")) {
            $0.keys = .custom { path in PF.DynamicKey(path.last!.stringValue.lowercased()) }
        },
        // The custom function sees the full coding path ending in the key.
        .decode([String: PF.KeyList].self, #"{"o": {"a": 1, "b": 2}}"#, .value(["o": PF.KeyList(keys: ["o/a", "o/b"])])) {
            $0.keys = .custom { path in PF.DynamicKey(path.map(\.stringValue).joined(separator: "/")) }
        },
        .decode([PF.KeyList].self, #"[{"a": 1}]"#, .value([PF.KeyList(keys: ["Index 0/a"])])) {
            $0.keys = .custom { path in PF.DynamicKey(path.map(\.stringValue).joined(separator: "/")) }
        },
    ]

    @Test(arguments: keyCases)
    func keyStrategies(_ row: ParityCase) { row.run() }

    // MARK: Non-conforming floats

    static let nonConformingStrings = (positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

    @Test func nonConformingFloatsFromStrings() {
        let set: (inout DecodingParityOptions) -> Void = { $0.nonConformingFloats = Self.nonConformingStrings }
        expectParity([Double].self, json: #"["inf", "-inf", 1.5]"#, expected: .value([.infinity, -.infinity, 1.5]), configure: set)
        expectParity(Float.self, json: #""-inf""#, expected: .value(-.infinity), configure: set)
        expectParity(Double.self, json: #""nan""#, equals: { $0.isNaN && $1.isNaN }, configure: set)
        expectParity(Float?.self, json: #""nan""#, equals: { ($0?.isNaN ?? false) && ($1?.isNaN ?? false) }, configure: set)
        expectParity(Double.self, json: #""INF""#, expected: .error(.typeMismatch), configure: set)  // exact spelling only
        expectParity(Int.self, json: #""inf""#, expected: .error(.typeMismatch), configure: set)     // floats only
        expectParity(Decimal.self, json: #""inf""#, expected: .error(.typeMismatch), configure: set)
        // Without the strategy the same strings are type mismatches.
        expectParity(Double.self, json: #""inf""#, expected: .error(.typeMismatch))
        #expect((try? BridgeDecoder.foundationCompatible.decode(Double.self, from: #""inf""#)) == nil)
    }
}
