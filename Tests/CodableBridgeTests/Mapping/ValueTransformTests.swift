import Foundation
import Testing
@testable import CodableBridge

// `valueTransforms`: both directions, instead of the property's usual decoding; a throwing
// transform is a not-converted value (policy, strategy and report apply); transforms apply on
// `update` too.

struct VTEvent: MappableCodable, Equatable {
    var day = Date(timeIntervalSince1970: 0)
    var updated = Date(timeIntervalSince1970: 0)
    var seen: Date?
    var color = 0
    var name = ""

    static var valueTransforms: [String: JSONTransform] {
        ["day": .dateFormat("yyyy-MM-dd"), "updated": .millisecondsSince1970, "seen": .secondsSince1970, "color": .hexColor]
    }
}

struct VTDefaults: MappableCodable, DefaultInitializable, Equatable {
    var day = Date(timeIntervalSince1970: 86400)
    var when: Date?
    static var valueTransforms: [String: JSONTransform] { ["day": .dateFormat("yyyy-MM-dd"), "when": .dateFormat("yyyy-MM-dd")] }
}

extension JSONTransform {
    /// `"#ff8800"` ↔ `0xff8800`.
    static var hexColor: JSONTransform {
        .custom(Int.self, decode: { json in
            guard case .string(let text) = json, text.first == "#", let value = Int(text.dropFirst(), radix: 16) else {
                throw JSONTransformError(message: "not a #rrggbb colour")
            }
            return value
        }, encode: { .string("#" + String($0, radix: 16)) })
    }
}

@Suite struct ValueTransformTests {
    @Test func decodesAndEncodesThroughTheTransforms() throws {
        let json = ##"{"day":"2024-05-01","updated":1714564800123,"seen":1714564800,"color":"#ff8800","name":"x"}"##
        let (event, report) = try decodeReporting(VTEvent.self, json, preset: .strict)
        #expect(event.day == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(event.updated == Date(timeIntervalSince1970: 1_714_564_800.123))
        #expect(event.seen == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(event.color == 0xff8800)
        expectEvents(report, [])
        #expect(try BridgeEncoder().encodeToString(event) == json)
    }

    @Test(arguments: [Int64(0), 1, -1, 1_714_564_800_123, 253_402_300_799_999, -62_135_596_800_000, 999])
    func millisecondsRoundTripExactly(milliseconds: Int64) throws {
        let json = #"{"day":"2024-05-01","updated":\#(milliseconds)}"#
        let event = try BridgeDecoder().decode(VTEvent.self, from: json)
        let written = try BridgeEncoder().encodeToJSONValue(event)
        #expect(written["updated"] == .number(JSONNumber(milliseconds)))
    }

    @Test func aThrowingTransformIsNotConvertedUnderLenient() throws {
        let json = #"{"day": "2024-05-01", "updated": 0, "color": "orange", "seen": "soon", "name": ""}"#
        let (event, report) = try decodeReporting(VTEvent.self, json)
        #expect(event.color == 0)
        #expect(event.seen == nil)
        expectEvents(report, [
            .defaulted("seen", "the transform secondsSince1970 threw: expected a number"),
            .defaulted("color", "a string (\"orange\") not converted (the transform custom(Int) threw: not a #rrggbb colour); used Int 0"),
        ])
    }

    @Test func aThrowingTransformTakesTheDeclaredDefault() throws {
        let (value, report) = try decodeReporting(VTDefaults.self, #"{"day": "nope", "when": null}"#)
        #expect(value == VTDefaults())
        expectEvents(report, [.defaulted("day", "used the declared default")])
    }

    @Test func aThrowingTransformIsAnErrorUnderStrict() throws {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        do {
            _ = try decoder.decode(VTEvent.self, from: #"{"day": "May 1st"}"#)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(pathString(context.codingPath) == "day")
            #expect(context.debugDescription.contains(#"The transform dateFormat("yyyy-MM-dd") could not convert a string ("May 1st")"#))
            #expect(context.underlyingError is JSONTransformError)
        }
    }

    @Test func missingValueStrategyThrowStillThrowsForAThrowingTransform() throws {
        var decoder = BridgeDecoder()
        decoder.missingValueStrategy = .throw
        #expect(throws: DecodingError.self) { _ = try decoder.decode(VTEvent.self, from: ##"{"day": "x", "updated": 1, "color": "#1", "name": ""}"##) }
    }

    @Test func transformsApplyOnUpdate() throws {
        var event = try BridgeDecoder().decode(VTEvent.self, from: ##"{"day": "2024-05-01", "updated": 5, "color": "#10", "name": "a"}"##)
        try BridgeDecoder().update(&event, from: Data(##"{"name": "b", "color": "#20"}"##.utf8))
        #expect(event.day == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(event.updated == Date(timeIntervalSince1970: 0.005))
        #expect(event.color == 0x20)
        #expect(event.name == "b")
    }

    @Test func aDateFormatWritesUTC() throws {
        var event = VTEvent()
        event.day = Date(timeIntervalSince1970: 1_714_521_600 + 86399)
        #expect(try BridgeEncoder().encodeToJSONValue(event)["day"] == "2024-05-01")
    }
}
