import Foundation
import Testing
@testable import CodableBridge

// Report completeness, as a property: nothing changes silently. Messy documents (generated from a
// seed) are decoded under `.lenient` and `.yyModel` with a report, the result is encoded again,
// and the two JSON trees are compared path by path: every path whose value differs between input
// and output must have an event at that path or above it (a defaulted or rejected model explains
// its members; a dropped element is reported at its own index, under the array's path).
//
// The models have no mapping tables, so a property's JSON key is the same on the way in and out;
// members the models do not declare are ignored.

/// A child model that rejects a negative id (`didDecode`), so rejection is exercised.
struct CompletenessChild: MappableCodable, Equatable {
    var id: Int
    var label: String
    var on: Bool
    var weight: Float?

    struct Negative: Error {}

    mutating func didDecode(from json: JSONValue) throws {
        if id < 0 { throw Negative() }
    }
}

struct CompletenessRecord: MappableCodable, Equatable {
    var id: Int
    var small: Int8
    var count: UInt16
    var big: UInt64
    var ratio: Double
    var name: String
    var flag: Bool
    var note: String?
    var score: Double?
    var tags: [String]
    var values: [Int]
    var table: [String: Int]
    var child: CompletenessChild
    var maybe: CompletenessChild?
    var children: [CompletenessChild]
    var grid: [[Int8]]
    var kind: DiffKind
    var price: Decimal
    var kinds: [DiffKind]
    var flags: [String: Bool]
}

extension DiffSchema {
    static let completenessChild: DiffSchema = .object([
        ("id", .int(-1e15...1e15)), ("label", .string), ("on", .bool), ("weight", .optional(.float)),
    ])

    static let completenessRecord: DiffSchema = .object([
        ("id", .int(Double(Int.min)...Double(Int.max))), ("small", .int(-128...127)), ("count", .int(0...65_535)),
        ("big", .int(0...Double(UInt64.max))), ("ratio", .double), ("name", .string), ("flag", .bool),
        ("note", .optional(.string)), ("score", .optional(.double)), ("tags", .array(.string)),
        ("values", .array(.int(Double(Int.min)...Double(Int.max)))), ("table", .dictionary(.int(-1e15...1e15))),
        ("child", completenessChild), ("maybe", .optional(completenessChild)), ("children", .array(completenessChild)),
        ("grid", .array(.array(.int(-128...127)))), ("kind", .kind), ("price", .decimal), ("kinds", .array(.kind)),
        ("flags", .dictionary(.bool)),
    ])
}

@Suite("Report completeness: nothing changes silently")
struct ReportCompletenessTests {
    static let documentCount = 5_000

    @Test("every changed path has an event", arguments: [("lenient", CoercionPolicy.lenient), ("yyModel", .yyModel)])
    func everyChangeIsReported(preset: String, policy: CoercionPolicy) throws {
        var decoder = BridgeDecoder()
        decoder.coercion = policy
        decoder.nonConformingFloatDecodingStrategy = .throw
        var encoder = BridgeEncoder()
        encoder.nilEncodingStrategy = .null
        var decoded = 0, changedPaths = 0
        for seed in generatedSeeds(Self.documentCount, base: 0xC0_0000) {
            var generator = TypedDocumentGenerator(seed: seed)
            generator.mutationOdds = 6
            let document = generator.document(.completenessRecord)
            guard let input = try? JSONValue(parsing: document.data) else { continue }
            var report = DecodingReport()
            guard let record = try? decoder.decode(CompletenessRecord.self, from: document.data, report: &report) else { continue }
            decoded += 1
            let output = try encoder.encodeToJSONValue(record)
            var unexplained: [String] = []
            changedPaths += findChanges(input, output, path: "", report: report, unexplained: &unexplained)
            if !unexplained.isEmpty {
                Issue.record("""
                    seed \(seed) (\(preset)): changed without an event: \(unexplained.joined(separator: ", "))
                    document: \(document.text)
                    output:   \(output)
                    \(report)
                    """)
                return
            }
        }
        // The property was tested on many decodes, and messy input really changed many values.
        #expect(decoded >= Self.documentCount / 2, "only \(decoded) documents decoded")
        #expect(changedPaths >= Self.documentCount, "only \(changedPaths) changed paths")
    }
}

/// Compares `input` with the re-encoded `output` below `path`; appends each changed path that no
/// event explains to `unexplained`, and returns how many changed paths it found.
func findChanges(_ input: JSONValue?, _ output: JSONValue, path: String, report: DecodingReport, unexplained: inout [String]) -> Int {
    if let input, sameValue(input, output) { return 0 }
    if input == nil, output == .null { return 0 }  // an absent optional is nil: no change
    // `weight` is a Float: a number is compared in the precision of its property's type, as a
    // conversion to Float rounds (silently in JSONDecoder too).
    if path.hasSuffix("weight"), case .number(let x)? = input, case .number(let y) = output,
       Float(x.doubleValue) == Float(y.doubleValue) { return 0 }
    switch (input, output) {
    case (.object(let inObject)?, .object(let outObject)):
        // Members the model does not declare are not in the output and are ignored.
        var count = 0
        for (key, value) in outObject {
            count += findChanges(inObject[key], value, path: path.isEmpty ? key : path + "." + key, report: report, unexplained: &unexplained)
        }
        return count
    case (.array(let inArray)?, .array(let outArray)):
        // Dropped elements are reported at their input index; take them out, then compare in order.
        let dropped = Set(report.events.filter { $0.kind == .dropped }.compactMap { event -> Int? in
            guard event.path.hasPrefix(path + "["), event.path.hasSuffix("]") else { return nil }
            return Int(event.path.dropFirst(path.count + 1).dropLast())
        })
        // Paths stay in input coordinates (events name the element's index in the document).
        let kept = inArray.indices.filter { !dropped.contains($0) }
        if kept.count == outArray.count {
            var count = dropped.isEmpty ? 0 : 1
            for (i, b) in zip(kept, outArray) {
                count += findChanges(inArray[i], b, path: "\(path)[\(i)]", report: report, unexplained: &unexplained)
            }
            return count
        }
        fallthrough
    default:
        if !hasEvent(at: path, orAbove: true, report) { unexplained.append(path.isEmpty ? "<root>" : path) }
        return 1
    }
}

/// Whether an event was reported at `path` or (with `orAbove`) at a container above it.
func hasEvent(at path: String, orAbove: Bool, _ report: DecodingReport) -> Bool {
    report.events.contains { event in
        event.path == path || (orAbove && !event.path.isEmpty
            && (path.hasPrefix(event.path + ".") || path.hasPrefix(event.path + "[")))
    }
}

/// Equal JSON, numbers compared by value (`1.0` = `1`, `1e2` = `100`).
func sameValue(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)):
        if x.text == y.text { return true }
        if let p = x.decimalValue, let q = y.decimalValue, p == q { return true }
        return x.doubleValue == y.doubleValue && x.doubleValue.isFinite
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x, y).allSatisfy(sameValue)
    case (.object(let x), .object(let y)):
        return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameValue(value, $0) } ?? false }
    default:
        return a == b
    }
}
