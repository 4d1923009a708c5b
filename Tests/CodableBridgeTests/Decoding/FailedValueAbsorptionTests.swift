import Foundation
import Testing
@testable import CodableBridge

// A value whose own `init(from:)` throws — an enum with a raw value the client does not know yet,
// a malformed `UUID`, a nested model that rejects itself, an error from any level below — under a
// lenient policy:
//
//     where the value is                      lenient (.lenient, .yyModel)           strict / foundationCompatible
//     Optional property (synthesised or       nil, .defaulted at the property        the error, at the value's path
//       hand-written decodeIfPresent)
//     array / set / dictionary element        left out, .dropped at the element      the error
//     Optional element ([T?])                 nil, .defaulted at the element         the error
//     non-optional, declared default          the declared default, .defaulted       the error
//     non-optional, no default                the error, at the value's path         the error
//
// The events recorded inside a value that is then thrown away (its coercions, its own defaults)
// are not in the report: only the one event saying what happened to the whole value.

enum AbsorbColor: String, Codable, Equatable, Hashable, Sendable {
    case red, green
}

/// The product owner's example: a new status on the server.
struct AbsorbShipment: Codable, Equatable, Hashable, Sendable {
    var status: AbsorbColor?
    var id: Int
}

struct AbsorbTracked: Codable, Equatable, Sendable {
    var uuid: UUID?
    var id: Int
}

/// `decodeIfPresent` written by hand.
struct AbsorbHandWritten: Codable, Equatable, Sendable {
    var status: AbsorbColor?
    var id: Int

    init(status: AbsorbColor?, id: Int) {
        self.status = status
        self.id = id
    }

    private enum CodingKeys: String, CodingKey { case status, id }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeIfPresent(AbsorbColor.self, forKey: .status)
        id = try container.decode(Int.self, forKey: .id)
    }
}

/// `decode(T?.self, forKey:)` written by hand: the optional goes through the generic path.
struct AbsorbGenericOptional: Codable, Equatable, Sendable {
    var status: AbsorbColor?

    init(status: AbsorbColor?) { self.status = status }

    private enum CodingKeys: String, CodingKey { case status }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(AbsorbColor?.self, forKey: .status)
    }
}

/// A model that rejects itself in its own `init(from:)`.
struct AbsorbCode: Codable, Equatable, Hashable, Sendable {
    var code: String

    init(code: String) { self.code = code }

    private enum CodingKeys: String, CodingKey { case code }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        guard code.count == 3 else {
            throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "a code has three letters")
        }
    }
}

/// A nested model whose decode fails one level down, after a coercion was recorded inside it.
struct AbsorbInner: Codable, Equatable, Sendable {
    var n: Int
    var status: AbsorbColor
}

struct AbsorbOuter: Codable, Equatable, Sendable {
    var inner: AbsorbInner?
    var code: AbsorbCode?
    var name: String
}

/// Non-optional properties with declared defaults.
struct AbsorbDefaulted: MappableCodable, DefaultInitializable, Equatable, Sendable {
    var status = AbsorbColor.green
    var uuid = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    var code = AbsorbCode(code: "abc")
    var id = 0
}

/// Non-optional properties without a default: the error stands.
struct AbsorbRequired: Codable, Equatable, Sendable {
    var status: AbsorbColor
    var id: Int
}

/// A class model reading its optional by hand.
class AbsorbParcel: BridgeObject, @unchecked Sendable {
    var status: AbsorbColor?
    var weight = 0

    override init() { super.init() }

    private enum CodingKeys: String, CodingKey { case status, weight }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeIfPresent(AbsorbColor.self, forKey: .status)
        weight = try container.decode(Int.self, forKey: .weight)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encode(weight, forKey: .weight)
        try super.encode(to: encoder)
    }
}

private let purple = #"Cannot initialize AbsorbColor from invalid String value purple"#
private let badUUID = "Attempted to decode UUID from invalid UUID string."

/// One rule: a document, the value and events under `.lenient` and `.yyModel` (the same for both),
/// and the error under `.strict` and `foundationCompatible`.
struct AbsorbCase<T: Decodable & Equatable & Sendable>: Sendable, CustomTestStringConvertible {
    let json: String
    let lenient: T
    let events: [ExpectedEvent]
    let strict: (DecodingErrorKind, String)
    var testDescription: String { "\(T.self) ← \(json)" }
}

private func check<T: Decodable & Equatable & Sendable>(_ c: AbsorbCase<T>, sourceLocation: SourceLocation = #_sourceLocation) throws {
    for preset in [ReportPreset.lenient, .yyModel] {
        let (value, report) = try decodeReporting(T.self, c.json, preset: preset)
        #expect(value == c.lenient, "\(preset)", sourceLocation: sourceLocation)
        expectEvents(report, c.events, sourceLocation: sourceLocation)
    }
    expectDecodingError(c.strict.0, codingPath: c.strict.1, sourceLocation: sourceLocation) {
        try decodeReporting(T.self, c.json, preset: .strict).0
    }
    expectDecodingError(c.strict.0, codingPath: c.strict.1, sourceLocation: sourceLocation) {
        try BridgeDecoder.foundationCompatible.decode(T.self, from: Data(c.json.utf8))
    }
}

@Suite("A value whose init(from:) throws, under lenient policies")
struct FailedValueAbsorptionTests {
    @Test("an Optional property becomes nil")
    func optionalProperty() throws {
        try check(AbsorbCase(json: #"{"status": "purple", "id": 1}"#, lenient: AbsorbShipment(status: nil, id: 1),
                             events: [.defaulted("status", #"a string ("purple") not converted to AbsorbColor (\#(purple)); used nil"#)],
                             strict: (.dataCorrupted, "status")))
        // A known case is untouched under every policy.
        for preset in ReportPreset.allCases {
            let (value, report) = try decodeReporting(AbsorbShipment.self, #"{"status": "red", "id": 1}"#, preset: preset)
            #expect(value == AbsorbShipment(status: .red, id: 1))
            #expect(report.isEmpty)
        }
    }

    @Test("a malformed UUID in an Optional becomes nil")
    func optionalUUID() throws {
        try check(AbsorbCase(json: #"{"uuid": "abc", "id": 1}"#, lenient: AbsorbTracked(uuid: nil, id: 1),
                             events: [.defaulted("uuid", #"a string ("abc") not converted to UUID (\#(badUUID)); used nil"#)],
                             strict: (.dataCorrupted, "uuid")))
    }

    @Test("hand-written decodeIfPresent and decode(T?.self)")
    func handWritten() throws {
        try check(AbsorbCase(json: #"{"status": "purple", "id": 2}"#, lenient: AbsorbHandWritten(status: nil, id: 2),
                             events: [.defaulted("status", #"not converted to AbsorbColor (\#(purple)); used nil"#)],
                             strict: (.dataCorrupted, "status")))
        try check(AbsorbCase(json: #"{"status": "purple"}"#, lenient: AbsorbGenericOptional(status: nil),
                             events: [.defaulted("status", #"not converted to AbsorbColor (\#(purple)); used nil"#)],
                             strict: (.dataCorrupted, "status")))
    }

    @Test("a nested model failing below: the whole Optional is nil, the events inside it are not reported")
    func nestedFailure() throws {
        let json = #"{"inner": {"n": "5", "status": "purple"}, "code": {"code": "toolong"}, "name": "x"}"#
        try check(AbsorbCase(json: json, lenient: AbsorbOuter(inner: nil, code: nil, name: "x"),
                             events: [
                                 .defaulted("inner", #"an object not converted to AbsorbInner (status: \#(purple)); used nil"#),
                                 .defaulted("code", "an object not converted to AbsorbCode (code: a code has three letters); used nil"),
                             ],
                             strict: (.typeMismatch, "inner.n")))
    }

    @Test("array, set and dictionary elements are dropped; Optional elements become nil")
    func containerElements() throws {
        try check(AbsorbCase(json: #"{"items": ["red", "purple", "green"]}"#, lenient: LossyBox(items: [AbsorbColor.red, .green]),
                             events: [.dropped("items[1]", #"could not decode AbsorbColor: \#(purple)"#)],
                             strict: (.dataCorrupted, "items[1]")))
        try check(AbsorbCase(json: #"{"items": ["red", "purple"]}"#, lenient: LossyBox(items: Set([AbsorbColor.red])),
                             events: [.dropped("items[1]", #"could not decode AbsorbColor: \#(purple)"#)],
                             strict: (.dataCorrupted, "items[1]")))
        try check(AbsorbCase(json: #"{"items": {"a": "purple", "b": "red"}}"#, lenient: LossyBox(items: ["b": AbsorbColor.red]),
                             events: [.dropped("items.a", #"could not decode AbsorbColor: \#(purple)"#)],
                             strict: (.dataCorrupted, "items.a")))
        try check(AbsorbCase(json: #"{"items": ["red", "purple"]}"#, lenient: LossyBox(items: [AbsorbColor?.some(.red), nil]),
                             events: [.defaulted("items[1]", #"not converted to AbsorbColor (\#(purple)); used nil"#)],
                             strict: (.dataCorrupted, "items[1]")))
        // A model element keeps its other properties: only its optional is nil.
        try check(AbsorbCase(json: #"{"items": [{"status": "purple", "id": 1}, {"status": "red", "id": 2}]}"#,
                             lenient: LossyBox(items: [AbsorbShipment(status: nil, id: 1), AbsorbShipment(status: .red, id: 2)]),
                             events: [.defaulted("items[0].status", "used nil")],
                             strict: (.dataCorrupted, "items[0].status")))
        // A dropped element's inner events are not reported either.
        try check(AbsorbCase(json: #"{"items": [{"n": "5", "status": "purple"}, {"n": 1, "status": "red"}]}"#,
                             lenient: LossyBox(items: [AbsorbInner(n: 1, status: .red)]),
                             events: [.dropped("items[0]", #"could not decode AbsorbInner: status: \#(purple)"#)],
                             strict: (.typeMismatch, "items[0].n")))
    }

    @Test("non-optional properties take their declared default")
    func declaredDefaults() throws {
        let json = #"{"status": "purple", "uuid": "abc", "code": {"code": "toolong"}, "id": 3}"#
        try check(AbsorbCase(json: json, lenient: AbsorbDefaulted(id: 3),
                             events: [
                                 .defaulted("status", #"a string ("purple") not converted (it is not a case of AbsorbColor); used the declared default green"#),
                                 .defaulted("uuid", #"a string ("abc") not converted (\#(badUUID)); used the declared default 00000000-0000-0000-0000-000000000001"#),
                                 .defaulted("code", "an object not converted (code: a code has three letters); used the declared default"),
                             ],
                             strict: (.dataCorrupted, "status")))
    }

    @Test("non-optional properties without a default: the error stands, with its path")
    func noDefault() {
        for preset in ReportPreset.allCases {
            expectDecodingError(.dataCorrupted, codingPath: "status") {
                try decodeReporting(AbsorbRequired.self, #"{"status": "purple", "id": 1}"#, preset: preset).0
            }
        }
        expectDecodingError(.dataCorrupted, codingPath: "items[0].status") {
            try decodeReporting(LossyBox<[AbsorbRequired]>.self, #"{"items": [{"status": "purple", "id": 1}]}"#, preset: .strict).0.items
        }
        // Lenient: the element holding the failed value is dropped.
        let (value, report) = try! decodeReporting(LossyBox<[AbsorbRequired]>.self, #"{"items": [{"status": "purple", "id": 1}, {"status": "red", "id": 2}]}"#)
        #expect(value.items == [AbsorbRequired(status: .red, id: 2)])
        expectEvents(report, [.dropped("items[0]", "could not decode AbsorbRequired: status: \(purple)")])
    }

    @Test("a class model reading its optional by hand")
    func classModel() throws {
        let (parcel, report) = try decodeReporting(AbsorbParcel.self, #"{"status": "purple", "weight": 4}"#)
        #expect(parcel.status == nil)
        #expect(parcel.weight == 4)
        expectEvents(report, [.defaulted("status", "not converted to AbsorbColor (\(purple)); used nil")])
        expectDecodingError(.dataCorrupted, codingPath: "status") {
            try decodeReporting(AbsorbParcel.self, #"{"status": "purple", "weight": 4}"#, preset: .strict).0
        }
    }

    @Test("a model rejected by its hook: the events inside it are not reported either")
    func rejectedModel() throws {
        // "-5" is coerced to -5 inside the model, which `didDecode` then rejects.
        let (value, report) = try decodeReporting(DefaultRejectHolder.self,
                                                  #"{"required": {"x": 1}, "optional": {"x": "-5"}, "list": [{"x": "-5"}, {"x": 2}], "map": {}}"#)
        #expect(value.optional == nil)
        #expect(value.list == [DefaultRejecting(x: 2)])
        expectEvents(report, [
            .rejected("optional", "DefaultRejecting.didDecode threw x is negative; used nil"),
            .rejected("list[0]", "DefaultRejecting.didDecode threw x is negative"),
            .dropped("list[0]", "DefaultRejecting left out"),
        ])
    }

    @Test("errors that say the model or its tables are wrong are never absorbed")
    func unknownKeyThrowStands() {
        expectDecodingError(.dataCorrupted, codingPath: "inner") {
            try decodeReporting(AbsorbOuter.self, #"{"inner": {"n": 1, "status": "red", "zz": 1}, "name": "x"}"#) {
                $0.unknownKeyStrategy = .throw
            }.0
        }
    }
}
