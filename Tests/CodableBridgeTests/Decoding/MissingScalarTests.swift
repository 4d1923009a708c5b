import Foundation
import Testing
@testable import CodableBridge

// A required scalar whose key has no member, in a plain model under `.useDefault` with no report,
// read through a typed `decode(_:forKey:)` overload takes its zero value at once
// (`KeyedContainer.missingProperty`); with a report, a mapping, an update, `.throw` or the generic
// overload it goes through the substitution. Both ways must give the same value: each
// case below decodes without a report (the short way) and with one (the substitution, which also
// records a `.defaulted` event per member), and compares.

/// Every scalar the short way accepts, read through the typed `decode(_:forKey:)` overloads.
private struct EveryScalar: Codable, Equatable {
    var string: String
    var bool: Bool
    var double: Double
    var float: Float
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
}

private let everyZero = EveryScalar(string: "", bool: false, double: 0, float: 0, int: 0, int8: 0, int16: 0, int32: 0,
                                    int64: 0, uint: 0, uint8: 0, uint16: 0, uint32: 0, uint64: 0)

/// A generic property: the synthesized `init(from:)` reads it through the generic
/// `decode<T>(_:forKey:)`, whose missing members take the substitution either way.
private struct Holder<Value: Codable & Equatable>: Codable, Equatable {
    var value: Value
    var other: Int
}

/// A model whose `init()` declares the defaults: a missing member takes those, report or not.
private struct Declared: MappableCodable, DefaultInitializable, Equatable {
    var pages = 20
    var theme = "light"
    var ratio = 0.5
}

/// Decodes `json` without a report and with one; expects both to give `expected`, the second
/// with `events` `.defaulted` events.
private func expectSame<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ expected: T, events: Int,
                                                  decoder: BridgeDecoder = BridgeDecoder(),
                                                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    let quiet = try decoder.decode(T.self, from: json)
    var report = DecodingReport()
    let reported = try decoder.decode(T.self, from: json, report: &report)
    #expect(quiet == expected, sourceLocation: sourceLocation)
    #expect(reported == expected, sourceLocation: sourceLocation)
    #expect(report.events.count == events, "\(report)", sourceLocation: sourceLocation)
    #expect(report.events.allSatisfy { $0.kind == .defaulted }, "\(report)", sourceLocation: sourceLocation)
}

@Suite("A missing scalar takes its zero value")
struct MissingScalarTests {
    @Test("every typed overload, at the root and nested")
    func typedOverloads() throws {
        try expectSame(EveryScalar.self, "{}", everyZero, events: 14)
        var some = everyZero
        some.string = "s"
        some.int16 = -3
        some.double = 2.5
        try expectSame(EveryScalar.self, #"{"string": "s", "int16": -3, "double": 2.5}"#, some, events: 11)
        try expectSame([EveryScalar].self, #"[{}, {"bool": true}]"#, [everyZero, { var v = everyZero; v.bool = true; return v }()], events: 27)
    }

    @Test("the generic overload, per type")
    func genericOverload() throws {
        try expectSame(Holder<String>.self, #"{"other": 1}"#, Holder(value: "", other: 1), events: 1)
        try expectSame(Holder<Bool>.self, #"{"other": 1}"#, Holder(value: false, other: 1), events: 1)
        try expectSame(Holder<Double>.self, #"{"other": 1}"#, Holder(value: 0, other: 1), events: 1)
        try expectSame(Holder<Float>.self, #"{"other": 1}"#, Holder(value: 0, other: 1), events: 1)
        try expectSame(Holder<Int8>.self, #"{"other": 1}"#, Holder(value: 0, other: 1), events: 1)
        try expectSame(Holder<UInt16>.self, #"{"other": 1}"#, Holder(value: 0, other: 1), events: 1)
        try expectSame(Holder<Int32>.self, #"{"other": 1}"#, Holder(value: 0, other: 1), events: 1)
        try expectSame(Holder<UInt64>.self, #"{"other": 1}"#, Holder(value: 0, other: 1), events: 1)
        // Not a scalar the short way knows: the substitution's zero values.
        try expectSame(Holder<[Int]>.self, #"{"other": 1}"#, Holder(value: [], other: 1), events: 1)
        try expectSame(Holder<Holder<String>>.self, #"{}"#, Holder(value: Holder(value: "", other: 0), other: 0), events: 2)
        try expectSame(Holder<Decimal>.self, #"{"other": 1}"#, Holder(value: 0, other: 1), events: 1)
    }

    @Test("a model's declared defaults win, report or not")
    func declaredDefaults() throws {
        try expectSame(Declared.self, "{}", Declared(), events: 3)
        try expectSame(Declared.self, #"{"theme": "dark"}"#, Declared(pages: 20, theme: "dark", ratio: 0.5), events: 2)
    }

    @Test("a key strategy gives the same zeros")
    func keyStrategy() throws {
        var decoder = BridgeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        try expectSame(Holder<String>.self, #"{"other": 2}"#, Holder(value: "", other: 2), events: 1, decoder: decoder)
    }

    @Test(".throw still throws keyNotFound with the path, without a report")
    func throwStrategy() throws {
        var decoder = BridgeDecoder()
        decoder.missingValueStrategy = .throw
        do {
            _ = try decoder.decode(Holder<Holder<Int>>.self, from: #"{"value": {"other": 3}, "other": 2}"#)
            Issue.record("decoded a missing member under .throw")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "value")
            #expect(context.codingPath.map(\.stringValue) == ["value"])
        }
    }

    @Test("an update keeps the current value of a member the patch does not have")
    func update() throws {
        var value = Holder(value: "kept", other: 1)
        try BridgeDecoder().update(&value, from: #"{"other": 5}"#)
        #expect(value == Holder(value: "kept", other: 5))
    }

    @Test("a snapshot of a partial document: members not arrived are zero, as decodePartial gives them")
    func partialSnapshot() throws {
        let decoder = BridgeDecoder()
        let text = Array(#"{"int": 7, "string": "ab"#.utf8)
        // The snapshot decode of `partialValues` (no report), as PartialStream makes it.
        var scanner = PartialScanner(maxDepth: decoder.maxDepth, rules: decoder.parseRules)
        try text.withUnsafeBufferPointer { (bytes) throws(PartialScanner.Stop) in try scanner.scan(bytes) }
        let completed = CompletedValues()
        let snapshotDecoder = ReusedDecoder(options: decoder, completedValues: completed)  // as a document keeps it
        scanner.markOpenValues(in: completed, shape: scanner.snapshotShape())
        let snapshot = try scanner.withSnapshotTape { tape in
            try snapshotDecoder.decode(EveryScalar.self, tape: tape)
        }
        var report = DecodingReport()
        let partial = try decoder.decodePartial(EveryScalar.self, from: Data(text), report: &report)
        var expected = everyZero
        expected.int = 7
        expected.string = "ab"
        #expect(snapshot == expected)
        #expect(partial == expected)
        #expect(report.events.filter { $0.kind == .defaulted }.count == 12, "\(report)")
    }
}
