import CodableBridge
import Foundation

extension FuzzTarget {
    /// A top-level array decoded with `parallelism = .threads(2)` and `.threads(3)` gives exactly
    /// what the calling thread alone gives: the same value, the same report events, the same
    /// error. Each input is decoded as it is and as the array `[input, input, input]`, as
    /// `[FuzzRoot]`, `[FuzzItem]` and `[JSONValue]`, under one of the decoders of FuzzModels.swift
    /// (chosen by the input's length, so that libFuzzer's mutations reach every one); and as JSON
    /// Lines (the input three times, one per line).
    static let parallel = FuzzTarget(
        name: "parallel",
        summary: "parallel decoding of arrays and JSON Lines agrees with the single-threaded decode"
    ) { data in
        let tripled = Data("[".utf8) + data + Data(",".utf8) + data + Data(",".utf8) + data + Data("]".utf8)
        let lines = data + Data("\n".utf8) + data + Data("\n".utf8) + data
        let decoder = fuzzDecoders[data.count % fuzzDecoders.count]
        for input in [data, tripled] {
            expectSameInParallel(decoder, input) { try $0.decode([FuzzRoot].self, from: input, report: &$1) }
            expectSameInParallel(decoder, input) { try $0.decode([FuzzItem].self, from: input, report: &$1) }
            expectSameInParallel(decoder, input) { try $0.decode([JSONValue].self, from: input, report: &$1) }
        }
        expectSameInParallel(decoder, lines) { try $0.decodeJSONLines(FuzzItem.self, from: lines, report: &$1) }
        expectSameInParallel(decoder, lines) { decoder, report in decoder.decodeJSONLines(FuzzItem.self, from: lines, skippingBadLines: &report) }
    }
}

/// Runs `decode` with `decoder` on the calling thread only, then on two and three threads; any
/// difference in value, report or error is a finding.
private func expectSameInParallel<T: Equatable>(_ decoder: BridgeDecoder, _ input: Data,
                                                _ decode: (BridgeDecoder, inout DecodingReport) throws -> T) {
    func outcome(_ parallelism: DecodingParallelism) -> (value: T?, error: String?, events: [DecodingEvent]) {
        var configured = decoder
        configured.parallelism = parallelism
        var report = DecodingReport()
        do {
            return (try decode(configured, &report), nil, report.events)
        } catch {
            return (nil, "\(error)", report.events)
        }
    }
    let single = outcome(.none)
    for threads in [2, 3] {
        let parallel = outcome(.threads(threads))
        guard parallel.value == single.value, parallel.error == single.error, parallel.events == single.events else {
            fuzzFailure("threads(\(threads)) differs from one thread: \(parallel) against \(single)", input: input)
        }
    }
}
