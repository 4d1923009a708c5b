import Foundation
import Testing
@testable import CodableBridge

/// `decode(_:from:configuration:)` and `encode(_:configuration:)`: both of Foundation's forms,
/// every input, with and without a report.
@Suite struct ConfigurationEntryPointTests {
    static let json = #"{"points": 3, "label": "a", "bonus": 2}"#
    static let expected = ScaledScore(points: 300, label: "a", bonus: ScaledBonus(points: 200))

    /// Every `JSONInput`, the configuration as a value and as a providing type.
    @Test func everyInputAndBothForms() throws {
        let decoder = BridgeDecoder()
        let data = Data(Self.json.utf8)
        let tree = try JSONValue(parsing: Self.json)
        // A configuration value.
        #expect(try decoder.decode(ScaledScore.self, from: data, configuration: 100) == Self.expected)
        #expect(try decoder.decode(ScaledScore.self, from: Self.json, configuration: 100) == Self.expected)
        #expect(try decoder.decode(ScaledScore.self, from: Self.json[...], configuration: 100) == Self.expected)
        #expect(try decoder.decode(ScaledScore.self, from: Array(data), configuration: 100) == Self.expected)
        #expect(try decoder.decode(ScaledScore.self, from: ArraySlice(data), configuration: 100) == Self.expected)
        #expect(try decoder.decode(ScaledScore.self, from: tree, configuration: 100) == Self.expected)
        #expect(try decoder.decode(ScaledScore.self, from: ["points": 3, "label": "a", "bonus": 2], configuration: 100) == Self.expected)
        #expect(try data.withUnsafeBytes { try decoder.decode(ScaledScore.self, from: $0, configuration: 100) } == Self.expected)
        // A providing type.
        #expect(try decoder.decode(ScaledScore.self, from: data, configuration: PercentScale.self) == Self.expected)
        #expect(try decoder.decode(ScaledScore.self, from: Self.json, configuration: PercentScale.self) == Self.expected)
        #expect(try decoder.decode(ScaledScore.self, from: Array(data), configuration: PercentScale.self) == Self.expected)
        #expect(try decoder.decode(ScaledScore.self, from: tree, configuration: PercentScale.self) == Self.expected)
        // Another configuration, another value.
        #expect(try decoder.decode(ScaledScore.self, from: data, configuration: 1).points == 3)
    }

    /// The `report:` variants collect what the lenient policy changed inside.
    @Test func reportVariants() throws {
        let lenientJSON = #"{"points": "3", "label": "a"}"#
        let decoder = BridgeDecoder()
        var report = DecodingReport()
        let value = try decoder.decode(ScaledScore.self, from: Data(lenientJSON.utf8), configuration: 10, report: &report)
        #expect(value == ScaledScore(points: 30, label: "a"))
        expectEvents(report, [.coerced("points", "string → Int")])

        for run in [
            { (r: inout DecodingReport) in try decoder.decode(ScaledScore.self, from: lenientJSON, configuration: 10, report: &r) },
            { (r: inout DecodingReport) in try decoder.decode(ScaledScore.self, from: lenientJSON, configuration: PercentScale.self, report: &r) },
            { (r: inout DecodingReport) in try decoder.decode(ScaledScore.self, from: Array(lenientJSON.utf8), configuration: PercentScale.self, report: &r) },
            { (r: inout DecodingReport) in
                try decoder.decode(ScaledScore.self, from: JSONValue(parsing: lenientJSON), configuration: 10, report: &r)
            },
            { (r: inout DecodingReport) in
                try decoder.decode(ScaledScore.self, from: JSONValue(parsing: lenientJSON), configuration: PercentScale.self, report: &r)
            },
        ] {
            var report = DecodingReport()
            _ = try run(&report)
            expectEvents(report, [.coerced("points", "string → Int")])
        }
    }

    /// Errors name the coding path, and malformed JSON the line and column.
    @Test func errors() {
        var strict = BridgeDecoder.foundationCompatible
        strict.coercion = .strict
        #expect {
            try strict.decode(ScaledScore.self, from: #"{"points": 3}"#, configuration: 1)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _)? = error as? DecodingError else { return false }
            return key.stringValue == "label"
        }
        #expect {
            try strict.decode(ScaledScore.self, from: #"{"points": 3, "label": "a", "bonus": "x"}"#, configuration: PercentScale.self)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context)? = error as? DecodingError else { return false }
            return context.codingPath.map(\.stringValue) == ["bonus"]
        }
        #expect {
            try BridgeDecoder().decode(ScaledScore.self, from: "{\n  \"points\": ,", configuration: 1)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context)? = error as? DecodingError else { return false }
            return context.debugDescription.contains("line 2")
        }
    }

    @Test func encodeWithAConfigurationValueOrType() throws {
        var encoder = BridgeEncoder()
        encoder.outputFormatting = .sortedKeys
        let value = ScaledScore(points: 300, label: "a", bonus: ScaledBonus(points: 200))
        #expect(String(decoding: try encoder.encode(value, configuration: 100), as: UTF8.self) == #"{"bonus":2,"label":"a","points":3}"#)
        #expect(String(decoding: try encoder.encode(value, configuration: PercentScale.self), as: UTF8.self)
            == #"{"bonus":2,"label":"a","points":3}"#)
        #expect(String(decoding: try encoder.encode(value, configuration: 1), as: UTF8.self) == #"{"bonus":200,"label":"a","points":300}"#)
        // Round trip through both entry points.
        #expect(try BridgeDecoder().decode(ScaledScore.self, from: try encoder.encode(value, configuration: PercentScale.self),
                                           configuration: PercentScale.self) == value)
    }

    /// A configured value that writes nothing is an error, as any top-level value that encodes nothing.
    @Test func encodingNothingThrows() {
        struct Silent: EncodableWithConfiguration {
            func encode(to encoder: any Encoder, configuration: Int) throws {}
        }
        #expect(throws: EncodingError.self) { try BridgeEncoder().encode(Silent(), configuration: 1) }
    }
}
