import Foundation
import Testing
@testable import CodableBridge

/// Raw-value enums and synthesized enums with associated values.
@Suite struct EnumParityTests {

    static let rawValueCases: [ParityCase] = [
        .decode(PF.Color.self, #""red""#, .value(.red)),
        .decode(PF.Color.self, #""purple""#, .error(.dataCorrupted)),          // invalid raw value
        .decode(PF.Color.self, #""Red""#, .error(.dataCorrupted)),             // case-sensitive
        .decode(PF.Color.self, "1", .error(.typeMismatch)),
        .decode(PF.Color.self, "null", .error(.valueNotFound)),
        .decode(PF.Level.self, "2", .value(.high)),
        .decode(PF.Level.self, "3", .error(.dataCorrupted)),
        .decode(PF.Level.self, "2.0", .value(.high)),
        .decode(PF.Level.self, #""2""#, .error(.typeMismatch)),
        .decode(PF.Paint.self, #"{"color": "green", "level": 1}"#, .value(.init(color: .green, level: .low))),
        .decode(PF.Paint.self, #"{"color": "blue", "level": 9}"#, .error(.dataCorrupted, at: "level")),
        .decode(PF.Paint.self, #"{"color": "teal", "level": 1}"#, .error(.dataCorrupted, at: "color")),
        .decode([PF.Level].self, "[1, 5]", .error(.dataCorrupted, at: "[1]")),
        .decode([String: PF.Color].self, #"{"a": "red", "b": "none"}"#, .error(.dataCorrupted, at: "b")),
    ]

    @Test(arguments: rawValueCases)
    func rawValues(_ row: ParityCase) { row.run() }

    static let associatedValueCases: [ParityCase] = [
        .decode(PF.Shape.self, #"{"circle": {"_0": 2}}"#, .value(.circle(2))),
        .decode(PF.Shape.self, #"{"rect": {"w": 1, "h": 2.5}}"#, .value(.rect(w: 1, h: 2.5))),
        .decode(PF.Shape.self, #"{"labeled": {"_0": "x", "count": 3}}"#, .value(.labeled("x", count: 3))),
        .decode(PF.Shape.self, #"{"none": {}}"#, .value(.none)),
        .decode(PF.Shape.self, #"{"triangle": {}}"#, .error(.typeMismatch)),             // unknown case
        .decode(PF.Shape.self, "{}", .error(.typeMismatch)),                             // no case
        .decode(PF.Shape.self, #"{"circle": {"_0": 2}, "none": {}}"#, .error(.typeMismatch)), // two cases
        .decode(PF.Shape.self, #"{"rect": {"w": 1}}"#, .missingKey("h", at: "rect")),
        .decode(PF.Shape.self, #"{"circle": {"_0": "big"}}"#, .error(.typeMismatch, at: "circle._0")),
        .decode(PF.Shape.self, #"{"circle": 2}"#, .error(.typeMismatch, at: "circle")),
        .decode(PF.Shape.self, #""circle""#, .error(.typeMismatch)),
        .decode(PF.Drawing.self, #"{"shapes": [{"none": {}}, {"rect": {"w": 1, "h": null}}]}"#,
                .error(.valueNotFound, at: "shapes[1].rect.h")),
    ]

    @Test(arguments: associatedValueCases)
    func associatedValues(_ row: ParityCase) { row.run() }
}
