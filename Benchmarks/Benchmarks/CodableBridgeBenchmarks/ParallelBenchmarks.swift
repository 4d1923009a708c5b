// Several cores: 100 MB of twitter-like statuses (twitter.json's statuses repeated, generated in
// setup), decoded into `[TwitterSearch.Status]` on the calling thread and with
// `parallelism = .automatic` (as many threads as cores), by `BridgeDecoder.strict`.
//
// Group "Parallel 100 MB array":   decode([Status].self, from:) of one top-level array
// Group "Parallel 100 MB JSONL":   decodeJSONLines(Status.self, from:), one status per line
//
// Variants "CodableBridge (1 thread)" and "CodableBridge (automatic)". The setup checks that
// both give the same statuses. The target: automatic at least 1.7× the single thread's
// throughput on 2 cores.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

/// The input of a parallel benchmark and the two decoders, prepared in setup.
final class ParallelState: @unchecked Sendable {
    let data: Data
    let single: BridgeDecoder = .strict
    let automatic: BridgeDecoder = {
        var decoder = BridgeDecoder.strict
        decoder.parallelism = .automatic
        return decoder
    }()

    init(data: Data) {
        self.data = data
    }
}

func registerParallelBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput], warmupIterations: 1,
                                                maxDuration: .seconds(10), maxIterations: 5)
    for lines in [false, true] {
        let group = lines ? "Parallel 100 MB JSONL" : "Parallel 100 MB array"
        for (variant, automatic) in [("\(Suite.bridge) (1 thread)", false), ("\(Suite.bridge) (automatic)", true)] {
            Benchmark(Suite.name(group, variant), configuration: configuration) { benchmark, state in
                let decoder = automatic ? state.automatic : state.single
                for _ in benchmark.scaledIterations {
                    if lines {
                        blackHole(try decoder.decodeJSONLines(TwitterSearch.Status.self, from: state.data))
                    } else {
                        blackHole(try decoder.decode([TwitterSearch.Status].self, from: state.data))
                    }
                }
            } setup: { () throws -> ParallelState in
                try makeParallelState(lines: lines)
            }
        }
    }
}

/// 100 MB of twitter.json's statuses, as one array or as JSON Lines, checked to decode the same
/// on one thread and on several.
private func makeParallelState(lines: Bool) throws -> ParallelState {
    let what = lines ? "100 MB of statuses as JSON Lines" : "a 100 MB array of statuses"
    let tree = try Check.bridge("parse of twitter.json") { try JSONValue(parsing: Payload.twitter.data) }
    guard case .array(let statuses)? = tree["statuses"] else {
        throw SetupFailure("twitter.json has no statuses array")
    }
    let encoder = BridgeEncoder()
    let texts = try statuses.map { try encoder.encode($0) }
    var data = Data(capacity: 101_000_000)
    if !lines { data.append(UInt8(ascii: "[")) }
    var k = 0
    while data.count < 100_000_000 {
        if k > 0 { data.append(lines ? UInt8(ascii: "\n") : UInt8(ascii: ",")) }
        data.append(texts[k % texts.count])
        k += 1
    }
    if !lines { data.append(UInt8(ascii: "]")) }
    let state = ParallelState(data: data)
    func decode(_ decoder: BridgeDecoder) throws -> [TwitterSearch.Status] {
        lines ? try decoder.decodeJSONLines(TwitterSearch.Status.self, from: data) : try decoder.decode([TwitterSearch.Status].self, from: data)
    }
    let single = try Check.bridge(what) { try decode(state.single) }
    let parallel = try Check.bridge(what) { try decode(state.automatic) }
    try Check.same(parallel, single, what)
    return state
}
