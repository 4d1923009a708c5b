import Foundation
import Testing
@testable import CodableBridge

/// Dates, data, keys, nil values, non-conforming floats, user info and stored `JSONValue`s.
@Suite struct BridgeEncoderStrategyTests {
    // MARK: Dates

    static let foundationParityInstants: [Double] = [
        0, 1_714_564_800, 1_714_564_800.5, 1_714_564_800.999, -1.5, -0.001, 951_782_400, 4_107_542_400,
        -2_208_988_800, -12_219_292_800, 253_402_300_799, 253_402_300_800, 1e-7, 86_399.9,
    ]

    @Test(arguments: foundationParityInstants)
    func iso8601WholeSecondsMatchesFoundation(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let foundation = try foundationText(date) { $0.dateEncodingStrategy = .iso8601 }
        #expect(try bridgeText(date) { $0.dateEncodingStrategy = .iso8601WholeSeconds } == foundation)
    }

    /// The default `.iso8601` writes a whole second exactly as `JSONEncoder`'s `.iso8601`.
    @Test(arguments: foundationParityInstants.filter { $0 == $0.rounded() })
    func iso8601MatchesFoundationForWholeSeconds(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let foundation = try foundationText(date) { $0.dateEncodingStrategy = .iso8601 }
        #expect(try bridgeText(date) == foundation)
    }

    @Test func iso8601IsTheDefaultAndUTC() throws {
        #expect(try bridgeText(Date(timeIntervalSince1970: 1_714_564_800)) == #""2024-05-01T12:00:00Z""#)
        #expect(try bridgeText([Date(timeIntervalSince1970: 0)]) == #"["1970-01-01T00:00:00Z"]"#)
        let tree = try BridgeEncoder().encodeToJSONValue(["d": Date(timeIntervalSince1970: 0)])
        #expect(tree["d"] == "1970-01-01T00:00:00Z")
        let fraction = try BridgeEncoder().encodeToJSONValue(["d": Date(timeIntervalSinceReferenceDate: 736_257_600.25)])
        #expect(fraction["d"] == "2024-05-01T12:00:00.25Z")
    }

    @Test func iso8601CoversYearsUpTo99999() {
        let range = ISO8601Timestamp.supportedRange
        #expect(ISO8601Timestamp.string(Date(timeIntervalSinceReferenceDate: range.lowerBound)) == "-99999-01-01T00:00:00Z")
        #expect(ISO8601Timestamp.string(Date(timeIntervalSinceReferenceDate: range.upperBound - 1)) == "99999-12-31T23:59:59Z")
        #expect(ISO8601Timestamp.string(Date(timeIntervalSinceReferenceDate: range.upperBound - 0.5)) == "99999-12-31T23:59:59.5Z")
        #expect(ISO8601Timestamp.string(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00Z")
        #expect(ISO8601Timestamp.string(Date(timeIntervalSince1970: -62_135_596_801)) == "0000-12-31T23:59:59Z")
    }

    @Test(arguments: [Double.nan, .infinity, 1e20, 3_093_527_980_800, -3_217_830_796_801])
    func iso8601RejectsDatesItCannotWrite(seconds: Double) {
        for strategy in [BridgeEncoder.DateEncodingStrategy.iso8601, .iso8601WholeSeconds] {
            #expect {
                _ = try bridgeText(["when": Date(timeIntervalSince1970: seconds)]) { $0.dateEncodingStrategy = strategy }
            } throws: { error in
                pathText(error) == "when"
            }
        }
    }

    static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd"
        return formatter
    }()

    @Test func otherDateStrategiesMatchFoundation() throws {
        let dates = [Date(timeIntervalSince1970: 1_714_564_800.25), Date(timeIntervalSince1970: -5)]
        let strategies: [(BridgeEncoder.DateEncodingStrategy, JSONEncoder.DateEncodingStrategy)] = [
            (.deferredToDate, .deferredToDate),
            (.secondsSince1970, .secondsSince1970),
            (.millisecondsSince1970, .millisecondsSince1970),
            (.formatted(Self.formatter), .formatted(Self.formatter)),
            (.custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("@\(Int(date.timeIntervalSince1970))")
            }, .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("@\(Int(date.timeIntervalSince1970))")
            }),
            (.custom { _, encoder in
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encode(encoder.codingPath.map(\.stringValue), forKey: AnyCodingKey("path"))
            }, .custom { _, encoder in
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encode(encoder.codingPath.map(\.stringValue), forKey: AnyCodingKey("path"))
            }),
        ]
        for (ours, theirs) in strategies {
            let value = Wrapper(value: dates)
            #expect(try bridgeText(value) { $0.dateEncodingStrategy = ours }
                == (try foundationText(value) { $0.dateEncodingStrategy = theirs }))
        }
    }

    // MARK: Data

    @Test func dataStrategiesMatchFoundation() throws {
        let value = Wrapper(value: [Data(), Data([0, 1, 2, 254, 255]), Data("hello/world?".utf8)])
        #expect(try bridgeText(value) == (try foundationText(value)))
        #expect(try bridgeText(value) { $0.dataEncodingStrategy = .deferredToData }
            == (try foundationText(value) { $0.dataEncodingStrategy = .deferredToData }))
        #expect(try bridgeText(value) { $0.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(data.count)
        } } == #"{"value":[0,5,12]}"#)
    }

    // MARK: Keys

    @Test(arguments: [
        "myProperty", "myURLProperty", "HTTPServer", "ABC", "_leading", "trailing_", "__x__", "url2Path",
        "already_snake", "a", "", "éÉa", "simpleOneTwo", "oneTWO", "ÀBC", "aßB", "x1Y2z3", "IPv6Address",
    ])
    func snakeCaseMatchesFoundation(key: String) throws {
        let value = [key: 1]
        // Dictionary keys are exempt from conversion, so compare through a one-key model instead.
        let model = DynamicKeyModel(key: key)
        let foundation = try foundationText(model) { $0.keyEncodingStrategy = .convertToSnakeCase }
        #expect(try bridgeText(model) { $0.keyEncodingStrategy = .convertToSnakeCase } == foundation)
        #expect(try bridgeText(value) { $0.keyEncodingStrategy = .convertToSnakeCase } == "{\(try bridgeText(key)):1}")
    }

    @Test func snakeCaseAppliesToNestedModelsButNotDictionaryKeys() throws {
        let expected = try foundationText(SnakeKeys()) {
            $0.keyEncodingStrategy = .convertToSnakeCase
            $0.outputFormatting = .sortedKeys
        }
        let ours = try bridgeText(SnakeKeys()) {
            $0.keyEncodingStrategy = .convertToSnakeCase
            $0.outputFormatting = .sortedKeys
        }
        #expect(ours == expected)
        #expect(ours.contains(#""keepThisKey":1"#))
        #expect(ours.contains(#""my_url_property":1"#))
    }

    @Test func customKeyStrategyGetsTheFullCodingPath() throws {
        let recorder = PathRecorder()
        let text = try bridgeText(["outer": Address(street: "s", zip: nil, geo: [1])]) {
            $0.outputFormatting = .sortedKeys
            $0.keyEncodingStrategy = .custom { path in
                recorder.record(path.map(\.stringValue).joined(separator: "/"))
                return AnyCodingKey(path.last!.stringValue.uppercased())
            }
        }
        // `[String: V]` keys are not converted; the model's keys are.
        #expect(text == #"{"outer":{"GEO":[1],"STREET":"s"}}"#)
        #expect(recorder.paths.sorted() == ["outer/geo", "outer/street"])
    }

    // MARK: nil

    @Test func absentOptionalsAreOmittedByDefault() throws {
        #expect(try bridgeText(OptionalFields()) == #"{"present":1,"nested":[1,null,3]}"#)
    }

    @Test func nullStrategyWritesAbsentOptionals() throws {
        let text = try bridgeText(OptionalFields()) { $0.nilEncodingStrategy = .null }
        #expect(text == #"{"present":1,"absent":null,"absentString":null,"absentModel":null,"nested":[1,null,3]}"#)
    }

    @Test(arguments: [BridgeEncoder.NilEncodingStrategy.omit, .null])
    func explicitNilIsAlwaysNull(strategy: BridgeEncoder.NilEncodingStrategy) throws {
        let text = try bridgeText(ExplicitNil()) { $0.nilEncodingStrategy = strategy }
        #expect(text == #"{"a":null,"b":null}"#)
    }

    // MARK: Non-conforming floats

    @Test func nonConformingFloatsThrowWithTheirCodingPath() {
        let value = ["a": Wrapper(value: [1, Double.nan])]
        #expect {
            try BridgeEncoder().encode(value)
        } throws: { error in
            guard let context = encodingContext(error) else { return false }
            return EncodingError.place(context.codingPath) == "a.value[1]"
                && context.debugDescription.contains("Double.nan")
        }
        #expect(throws: EncodingError.self) { try BridgeEncoder().encode(Float.infinity) }
        #expect(throws: EncodingError.self) { try BridgeEncoder().encode(Decimal.nan) }
    }

    @Test func nonConformingFloatsAsStringsMatchFoundation() throws {
        let value: [Double] = [.nan, .infinity, -.infinity, 1.5]
        let floats: [Float] = [.nan, -.infinity]
        let ours = BridgeEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "NaN")
        let theirs = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "NaN")
        #expect(try bridgeText(value) { $0.nonConformingFloatEncodingStrategy = ours }
            == (try foundationText(value) { $0.nonConformingFloatEncodingStrategy = theirs }))
        #expect(try bridgeText(floats) { $0.nonConformingFloatEncodingStrategy = ours } == #"["NaN","-∞"]"#)
    }

    // MARK: userInfo and JSONValue

    @Test func userInfoReachesEncodeTo() throws {
        var encoder = BridgeEncoder()
        encoder.userInfo[UserInfoEcho.key] = "hello"
        #expect(try encoder.encodeToString([UserInfoEcho()]) == #"["hello"]"#)
    }

    @Test func jsonValuesAreStoredAsIs() throws {
        let stored = try JSONValue(parsing: #"{"z": 1.50, "a": [1e2, -0], "m": {"k": null}}"#)
        let text = try bridgeText(Wrapper(value: stored))
        #expect(text == #"{"value":{"z":1.50,"a":[1e2,-0],"m":{"k":null}}}"#)
        #expect(try BridgeEncoder().encodeToJSONValue(Wrapper(value: stored))["value"] == stored)
    }

    @Test func jsonValueWithANonFiniteNumberFollowsTheFloatStrategy() throws {
        let value: JSONValue = ["x": .number(JSONNumber(Double.nan))]
        #expect(throws: EncodingError.self) { try BridgeEncoder().encode(value) }
        let text = try bridgeText(value) {
            $0.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        }
        #expect(text == #"{"x":"nan"}"#)
    }

    @Test func topLevelScalarsAreAllowed() throws {
        #expect(try bridgeText(42) == "42")
        #expect(try bridgeText("a/b") == #""a\/b""#)
        #expect(try bridgeText(Int?.none) == "null")
        #expect(try bridgeText(true) == "true")
        #expect(try BridgeEncoder().encodeToJSONValue(1.5) == 1.5)
    }
}

// MARK: Fixtures

/// A model with one key chosen at run time.
struct DynamicKeyModel: Encodable {
    let key: String
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(1, forKey: AnyCodingKey(key))
    }
}

struct ExplicitNil: Encodable {
    enum CodingKeys: String, CodingKey { case a, b }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNil(forKey: .a)
        try container.encode(Int?.none, forKey: .b)
    }
}

struct UserInfoEcho: Encodable {
    static let key = CodingUserInfoKey(rawValue: "echo")!
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder.userInfo[Self.key] as? String ?? "missing")
    }
}

/// Collects strings from `@Sendable` closures.
final class PathRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    var paths: [String] { lock.withLock { recorded } }
    func record(_ path: String) { lock.withLock { recorded.append(path) } }
}
