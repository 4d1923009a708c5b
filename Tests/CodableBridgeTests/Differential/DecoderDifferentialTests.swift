import Foundation
import Testing
@testable import CodableBridge

// `BridgeDecoder.foundationCompatible` (strict coercion, `.throw` for missing values,
// `.deferredToDate`) against Foundation's JSONDecoder on generated documents for the
// GeneratedModels types: the same value, or the same error case, coding path and missing key.
// Documents or outcomes with a documented difference (`KnownDifference`) are excluded by name.

@Suite("Differential: BridgeDecoder vs JSONDecoder")
struct DecoderDifferentialTests {
    static let documentCount = 13_000
    /// The documented differences that apply to decoding (JSONDecoder, like BridgeDecoder, keeps
    /// the first of repeated keys and any number's text, and accepts trailing commas).
    static let excludedDifferences: Set<KnownDifference> = [.decoderRejectsZeroWithExponent]

    @Test("generated documents decode as JSONDecoder decodes them")
    func decodeMatchesJSONDecoder() {
        var compared = 0, failures = 0, excluded: [KnownDifference: Int] = [:]
        for seed in generatedSeeds(Self.documentCount, base: 0xDEC0_0000) {
            var generator = TypedDocumentGenerator(seed: seed)
            // Every fourth document is a top-level array of records, the rest single records.
            let topLevelArray = seed % 4 == 0
            let document = generator.document(topLevelArray ? .array(.record) : .record)
            if let difference = document.differences.first(where: Self.excludedDifferences.contains) {
                excluded[difference, default: 0] += 1
                continue
            }
            let outcome = topLevelArray
                ? compareDecoders([DiffRecord].self, document)
                : compareDecoders(DiffRecord.self, document)
            switch outcome {
            case .same(let failed):
                compared += 1
                if failed { failures += 1 }
            case .excluded(let difference):
                excluded[difference, default: 0] += 1
            case .different(let problem):
                Issue.record("seed \(seed): \(problem)\ndocument: \(document.text)")
                return
            }
        }
        #expect(compared >= 10_000, "only \(compared) compared; excluded \(excluded)")
        // Both outcomes are exercised: many documents decode, many fail somewhere deep.
        #expect(failures > compared / 10 && failures < compared * 9 / 10, "\(failures) of \(compared) failed")
    }

    static let json5DocumentCount = 4_000

    @Test("generated JSON5 documents decode as JSONDecoder with allowsJSON5 decodes them")
    func json5DecodeMatchesJSONDecoder() {
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        var bridge = BridgeDecoder.foundationCompatible
        bridge.allowsJSON5 = true
        var compared = 0, failures = 0, excluded: [KnownDifference: Int] = [:]
        for seed in generatedSeeds(Self.json5DocumentCount, base: 0x1505_0000) {
            var generator = TypedDocumentGenerator(seed: seed)
            generator.base.json5 = true
            let topLevelArray = seed % 4 == 0
            let document = generator.document(topLevelArray ? .array(.record) : .record)
            if let difference = document.differences.first(where: Self.excludedDifferences.contains) {
                excluded[difference, default: 0] += 1
                continue
            }
            let outcome = topLevelArray
                ? compareDecoders([DiffRecord].self, document, foundation: foundation, bridge: bridge)
                : compareDecoders(DiffRecord.self, document, foundation: foundation, bridge: bridge)
            switch outcome {
            case .same(let failed):
                compared += 1
                if failed { failures += 1 }
            case .excluded(let difference):
                excluded[difference, default: 0] += 1
            case .different(let problem):
                Issue.record("seed \(seed): \(problem)\ndocument: \(document.text)")
                return
            }
        }
        #expect(compared >= 3_000, "only \(compared) compared; excluded \(excluded)")
        #expect(failures > compared / 10 && failures < compared * 9 / 10, "\(failures) of \(compared) failed")
    }
}

enum DifferentialOutcome {
    case same(failed: Bool)
    case excluded(KnownDifference)
    case different(String)
}

func compareDecoders<T: Decodable & Equatable>(_ type: T.Type, _ document: GeneratedDocument,
                                               foundation foundationDecoder: JSONDecoder = JSONDecoder(),
                                               bridge bridgeDecoder: BridgeDecoder = .foundationCompatible) -> DifferentialOutcome {
    let foundation = DecodingOutcome { try foundationDecoder.decode(type, from: document.data) }
    let bridge = DecodingOutcome { try bridgeDecoder.decode(type, from: document.data) }
    switch (foundation, bridge) {
    case (.value(let f), .value(let b)):
        return f == b ? .same(failed: false) : .different("values differ\n  JSONDecoder:   \(f)\n  BridgeDecoder: \(b)")
    case (.value, .failure(let b)):
        return .different("JSONDecoder decoded, BridgeDecoder threw \(b)")
    case (.failure(let f), .value):
        return .different("JSONDecoder threw \(f), BridgeDecoder decoded \(bridge.describe)")
    case (.failure(let f), .failure(let b)):
        if f.kind == b.kind, f.path == b.path,
           f.missingKey?.stringValue == b.missingKey?.stringValue, f.missingKey?.intValue == b.missingKey?.intValue {
            return .same(failed: true)
        }
        if let difference = KnownDifference.explaining(foundation: f, bridge: b) { return .excluded(difference) }
        return .different("errors differ\n  JSONDecoder:   \(f)\n  BridgeDecoder: \(b)")
    }
}

extension KnownDifference {
    /// The documented difference that explains two different decoding errors, if one does.
    static func explaining(foundation f: ObservedError, bridge b: ObservedError) -> KnownDifference? {
        // JSONDecoder reports a number that does not fit its type without (all of) its coding
        // path, as "not valid JSON"; BridgeDecoder reports the true path.
        if f.kind == .dataCorrupted, b.kind == .dataCorrupted, b.path.starts(with: f.path),
           b.message.contains("does not fit") {
            return .numberOverflowPath
        }
        // JSONDecoder visits a dictionary's members in hash order, so which bad member it reports
        // first is unpredictable; both must fail inside the same dictionary.
        if let table = f.path.firstIndex(where: { $0.stringValue == "table" }),
           b.path.count > table, Array(b.path[...table]) == Array(f.path[...table]) {
            return .dictionaryOrder
        }
        return nil
    }
}
