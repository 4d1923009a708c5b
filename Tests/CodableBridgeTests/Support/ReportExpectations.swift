import Foundation
import Testing
@testable import CodableBridge

// Expectations about `DecodingReport`s.
//
//     let (value, report) = try decodeReporting(Box<Int>.self, #"{"v": "12"}"#)
//     expectEvents(report, [.coerced("v", #"a string ("12") → Int 12"#)])
//
// An expected event names the path exactly, the kind exactly, and a fragment that the detail must
// contain (the detail is product text: tests pin its key part, not every word).

/// The three coercion presets, by name (so test tables print readably).
enum ReportPreset: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case strict, lenient, yyModel

    var policy: CoercionPolicy {
        switch self {
        case .strict: .strict
        case .lenient: .lenient
        case .yyModel: .yyModel
        }
    }

    var testDescription: String { ".\(rawValue)" }
}

/// One event a test expects: exact path and kind, and a fragment of the detail.
struct ExpectedEvent: Sendable, CustomStringConvertible {
    var path: String
    var kind: DecodingEvent.Kind
    var detail: String

    static func coerced(_ path: String, _ detail: String) -> ExpectedEvent { .init(path: path, kind: .coerced, detail: detail) }
    static func defaulted(_ path: String, _ detail: String) -> ExpectedEvent { .init(path: path, kind: .defaulted, detail: detail) }
    static func dropped(_ path: String, _ detail: String) -> ExpectedEvent { .init(path: path, kind: .dropped, detail: detail) }
    static func rejected(_ path: String, _ detail: String) -> ExpectedEvent { .init(path: path, kind: .rejected, detail: detail) }

    func matches(_ event: DecodingEvent) -> Bool {
        event.path == path && event.kind == kind && event.detail.contains(detail)
    }

    var description: String { "\(path.isEmpty ? "<root>" : path): \(kind): …\(detail)…" }
}

/// Decodes `json` with a `BridgeDecoder` (`configure` sets its options) and returns the value and
/// the report.
func decodeReporting<T: Decodable>(
    _ type: T.Type, _ json: String, preset: ReportPreset = .lenient,
    configure: (inout BridgeDecoder) -> Void = { _ in }
) throws -> (T, DecodingReport) {
    var decoder = BridgeDecoder()
    decoder.coercion = preset.policy
    configure(&decoder)
    var report = DecodingReport()
    let value = try decoder.decode(T.self, from: Data(json.utf8), report: &report)
    return (value, report)
}

/// Records an issue unless `report` holds exactly `expected`, in order. On a mismatch it names the
/// first differing position and prints both lists, so a changed report reads as a diff.
func expectEvents(_ report: DecodingReport, _ expected: [ExpectedEvent], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = report.events
    let firstDifference = zip(expected, actual).enumerated().first { !$0.element.0.matches($0.element.1) }?.offset
        ?? (expected.count == actual.count ? nil : min(expected.count, actual.count))
    guard let index = firstDifference else { return }
    let want = index < expected.count ? expected[index].description : "(no more events)"
    let got = index < actual.count ? actual[index].description : "(no more events)"
    Issue.record("""
        Report differs at event \(index): expected \(want), got \(got).
        Expected \(expected.count) events:
        \(expected.map { "  \($0)" }.joined(separator: "\n"))
        Got \(actual.count) events:
        \(actual.map { "  \($0)" }.joined(separator: "\n"))
        """, sourceLocation: sourceLocation)
}
