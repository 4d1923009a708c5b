import CodableBridge
import Foundation

extension FuzzTarget {
    /// A top-level array decoded with `parallelism = .threads(2)` or `.threads(3)` gives exactly
    /// what the calling thread alone gives: the same value, the same report events, the same
    /// error. Each input is one of eight cases — decoded as it is or as the array
    /// `[input, input, input]`, as `[FuzzRoot]`, `[FuzzItem]` or `[JSONValue]`, or as JSON Lines
    /// (the input three times, one per line), throwing or skipping bad lines — under one of the
    /// decoders of FuzzModels.swift and on two or three threads. The case, the decoder and the
    /// thread count are chosen by a hash of the input's bytes, so that libFuzzer's mutations reach
    /// every combination while each execution pays for two decodes only.
    static let parallel = FuzzTarget(
        name: "parallel",
        summary: "parallel decoding of arrays and JSON Lines agrees with the single-threaded decode"
    ) { data in
        let choice = data.reduce(UInt64(truncatingIfNeeded: data.count)) { ($0 &* 31) &+ UInt64($1) }
        let decoder = fuzzDecoders[Int(choice % UInt64(fuzzDecoders.count))]
        let threads = (choice >> 16) & 1 == 0 ? 2 : 3
        let tripled = Data("[".utf8) + data + Data(",".utf8) + data + Data(",".utf8) + data + Data("]".utf8)
        let lines = data + Data("\n".utf8) + data + Data("\n".utf8) + data
        switch (choice >> 8) % 8 {
        case 0: expectSameInParallel(decoder, threads, data) { try $0.decode([FuzzRoot].self, from: data, report: &$1) }
        case 1: expectSameInParallel(decoder, threads, data) { try $0.decode([FuzzItem].self, from: data, report: &$1) }
        case 2: expectSameInParallel(decoder, threads, data) { try $0.decode([JSONValue].self, from: data, report: &$1) }
        case 3: expectSameInParallel(decoder, threads, tripled) { try $0.decode([FuzzRoot].self, from: tripled, report: &$1) }
        case 4: expectSameInParallel(decoder, threads, tripled) { try $0.decode([FuzzItem].self, from: tripled, report: &$1) }
        case 5: expectSameInParallel(decoder, threads, tripled) { try $0.decode([JSONValue].self, from: tripled, report: &$1) }
        case 6: expectSameInParallel(decoder, threads, lines) { try $0.decodeJSONLines(FuzzItem.self, from: lines, report: &$1) }
        default:
            expectSameInParallel(decoder, threads, lines) { decoder, report in
                decoder.decodeJSONLines(FuzzItem.self, from: lines, skippingBadLines: &report)
            }
        }
    }
}

/// Runs `decode` with `decoder` on the calling thread only, then on `threads` threads; any
/// difference in value, report or error is a finding.
private func expectSameInParallel<T: Equatable>(_ decoder: BridgeDecoder, _ threads: Int, _ input: Data,
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
    let parallel = outcome(.threads(threads))
    guard parallel.value == single.value, parallel.error == single.error, parallel.events == single.events else {
        fuzzFailure("threads(\(threads)) differs from one thread: \(parallel) against \(single)", input: input)
    }
}
