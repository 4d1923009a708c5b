// Data → models, CodableBridge against Foundation's JSONDecoder, on all five payloads.
//
// Per payload, group "Decode <payload>":
//   Foundation                  JSONDecoder()
//   CodableBridge               BridgeDecoder, .strict coercion, .throw for missing values
//                               (decodes exactly as JSONDecoder)
//   CodableBridge (lenient)     BridgeDecoder() with its defaults; on a clean payload it must cost
//                               at most 5% more than strict
//   CodableBridge (server)      .foundationCompatible with duplicateKeyStrategy .throw and every
//                               DecodingLimits set: within 5% of "CodableBridge"
// and on twitter also
//   CodableBridge (lenient, report)  decode(_:from:report:), the report requested; compare with
//                               "(lenient)", where no report is requested
//   CodableBridge (report)      .strict, decode(_:from:report:), unknownKeyStrategy .ignore
//   CodableBridge (report, unknown keys)  the same with unknownKeyStrategy = .report: the cost of
//                               tracking every key on a clean payload (budget: at most 10% over
//                               "CodableBridge"); setup fails if the payload reports any key
//
// Every setup decodes once with both decoders and fails the benchmark if the models differ.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

/// Inputs of one decode benchmark, prepared in setup.
final class DecodeState<Model> {
    let data: Data
    let foundation = JSONDecoder()
    let bridge: BridgeDecoder

    init(data: Data, bridge: BridgeDecoder) {
        self.data = data
        self.bridge = bridge
    }
}

func registerDecodeBenchmarks() {
    registerDecode(.twitter, TwitterSearch.self, withReport: true)
    registerDecode(.citm, CitmCatalog.self)
    registerDecode(.canada, CanadaFeatureCollection.self)
    registerDecode(.githubUser, GitHubUser.self)
    registerDecode(.weiboStatus, WeiboStatus.self)
}

private func registerDecode<Model: Codable & Equatable>(_ payload: Payload, _ type: Model.Type, withReport: Bool = false) {
    let group = "Decode \(payload.label)"
    let configuration = Suite.configuration(for: payload)
    let file = "\(payload.rawValue).json"

    Benchmark(Suite.name(group, Suite.foundation), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.foundation.decode(Model.self, from: state.data))
        }
    } setup: { () throws -> DecodeState<Model> in
        let data = payload.data
        _ = try Check.foundationDecode(Model.self, data, file)
        return DecodeState(data: data, bridge: .strict)
    }

    Benchmark(Suite.name(group, Suite.bridge), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(Model.self, from: state.data))
        }
    } setup: { () throws -> DecodeState<Model> in
        try makeBridgeDecodeState(Model.self, payload.data, decoder: .strict, "strict decode of \(file)")
    }

    Benchmark(Suite.name(group, "\(Suite.bridge) (lenient)"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(Model.self, from: state.data))
        }
    } setup: { () throws -> DecodeState<Model> in
        try makeBridgeDecodeState(Model.self, payload.data, decoder: .lenient, "lenient decode of \(file)")
    }

    Benchmark(Suite.name(group, "\(Suite.bridge) (server)"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.decode(Model.self, from: state.data))
        }
    } setup: { () throws -> DecodeState<Model> in
        try makeBridgeDecodeState(Model.self, payload.data, decoder: .server, "server decode of \(file)")
    }

    guard withReport else { return }
    registerUnknownKeyDecode(payload, Model.self)

    Benchmark(Suite.name(group, "\(Suite.bridge) (lenient, report)"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            var report = DecodingReport()
            blackHole(try state.bridge.decode(Model.self, from: state.data, report: &report))
            blackHole(report)
        }
    } setup: { () throws -> DecodeState<Model> in
        let state = try makeBridgeDecodeState(Model.self, payload.data, decoder: .lenient, "lenient decode of \(file)")
        var report = DecodingReport()
        let reported = try Check.bridge("lenient decode of \(file) with a report") {
            try state.bridge.decode(Model.self, from: state.data, report: &report)
        }
        try Check.same(reported, try Check.foundationDecode(Model.self, state.data, file), "lenient decode of \(file) with a report")
        return state
    }
}

/// Decodes `data` once with `decoder` and with `JSONDecoder`, fails unless both agree, and returns
/// the state for measuring `decoder`.
func makeBridgeDecodeState<Model: Decodable & Equatable>(
    _ type: Model.Type, _ data: Data, decoder: BridgeDecoder, _ what: String, expected: Data? = nil
) throws -> DecodeState<Model> {
    let reference = try Check.foundationDecode(Model.self, expected ?? data, what)
    let decoded = try Check.bridge(what) { try decoder.decode(Model.self, from: data) }
    try Check.same(decoded, reference, what)
    return DecodeState(data: data, bridge: decoder)
}

/// Strict decoding with a report, without and with unknown-key tracking (`unknownKeyStrategy`).
private func registerUnknownKeyDecode<Model: Codable & Equatable>(_ payload: Payload, _ type: Model.Type) {
    let group = "Decode \(payload.label)"
    let configuration = Suite.configuration(for: payload)
    let file = "\(payload.rawValue).json"
    for (variant, strategy) in [("report", UnknownKeyStrategy.ignore), ("report, unknown keys", .report)] {
        Benchmark(Suite.name(group, "\(Suite.bridge) (\(variant))"), configuration: configuration) { benchmark, state in
            for _ in benchmark.scaledIterations {
                var report = DecodingReport()
                blackHole(try state.bridge.decode(Model.self, from: state.data, report: &report))
                blackHole(report)
            }
        } setup: { () throws -> DecodeState<Model> in
            var decoder = BridgeDecoder.strict
            decoder.unknownKeyStrategy = strategy
            let state = try makeBridgeDecodeState(Model.self, payload.data, decoder: decoder, "strict decode of \(file)")
            var report = DecodingReport()
            _ = try Check.bridge("strict decode of \(file) with a report") { try decoder.decode(Model.self, from: state.data, report: &report) }
            if !report.isEmpty {
                throw SetupFailure("\(file) is not clean for \(Model.self): \(report.events.count) events, first \(report.events[0])")
            }
            return state
        }
    }
}
