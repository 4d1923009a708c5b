// JSON Lines: twitter.json's 100 statuses written one per line (generated in setup from the
// bundled payload), decoded into `[TwitterSearch.Status]`.
//
// Group "Decode twitter JSONL":
//   Foundation       split the bytes at "\n", JSONDecoder().decode(Status.self, from:) per line
//   CodableBridge    BridgeDecoder (.strict, .throw) decodeJSONLines(Status.self, from:)
//
// The setup checks that both give the same statuses.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

/// Inputs of the JSON Lines benchmark, prepared in setup.
final class JSONLinesState: @unchecked Sendable {
    let data: Data
    let foundation = JSONDecoder()
    let bridge: BridgeDecoder = .strict

    init(data: Data) {
        self.data = data
    }

    /// The line-splitting loop a JSONDecoder user writes.
    func foundationDecode() throws -> [TwitterSearch.Status] {
        try data.split(separator: UInt8(ascii: "\n")).map { try foundation.decode(TwitterSearch.Status.self, from: $0) }
    }
}

func registerJSONLinesBenchmarks() {
    let group = "Decode twitter JSONL"
    let configuration = Suite.configuration(large: true)

    Benchmark(Suite.name(group, Suite.foundation), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.foundationDecode())
        }
    } setup: { () throws -> JSONLinesState in
        try makeJSONLinesState()
    }

    Benchmark(Suite.name(group, Suite.bridge), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decodeJSONLines(TwitterSearch.Status.self, from: state.data))
        }
    } setup: { () throws -> JSONLinesState in
        try makeJSONLinesState()
    }
}

/// twitter.json's statuses as JSON Lines, checked to decode identically both ways.
private func makeJSONLinesState() throws -> JSONLinesState {
    let what = "twitter statuses as JSON Lines"
    let tree = try Check.bridge("parse of twitter.json") { try JSONValue(parsing: Payload.twitter.data) }
    guard case .array(let statuses)? = tree["statuses"] else {
        throw SetupFailure("twitter.json has no statuses array")
    }
    let text = statuses.map(\.description).joined(separator: "\n") + "\n"
    let state = JSONLinesState(data: Data(text.utf8))
    let reference = try state.foundationDecode()
    let decoded = try Check.bridge(what) { try state.bridge.decodeJSONLines(TwitterSearch.Status.self, from: state.data) }
    try Check.same(decoded, reference, what)
    return state
}
