// Models → Data, BridgeEncoder against Foundation's JSONEncoder, on all five payloads.
//
// Group "Encode <payload>":
//   Foundation       JSONEncoder() with its defaults
//   CodableBridge    BridgeEncoder() with its defaults (compact, encoding order, nil omitted)
//
// The model is decoded once with JSONDecoder in setup. The CodableBridge setup also decodes
// BridgeEncoder's output with JSONDecoder and fails unless it gives the model back.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

/// Inputs of one encode benchmark, prepared in setup.
final class EncodeState<Model> {
    let model: Model
    let foundation = JSONEncoder()
    let bridge = BridgeEncoder()

    init(model: Model) {
        self.model = model
    }
}

func registerEncodeBenchmarks() {
    registerEncode(.twitter, TwitterSearch.self)
    registerEncode(.citm, CitmCatalog.self)
    registerEncode(.canada, CanadaFeatureCollection.self)
    registerEncode(.githubUser, GitHubUser.self)
    registerEncode(.weiboStatus, WeiboStatus.self)
}

private func registerEncode<Model: Codable & Equatable>(_ payload: Payload, _ type: Model.Type) {
    let group = "Encode \(payload.label)"
    let configuration = Suite.configuration(for: payload)
    let file = "\(payload.rawValue).json"

    Benchmark(Suite.name(group, Suite.foundation), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.foundation.encode(state.model))
        }
    } setup: { () throws -> EncodeState<Model> in
        EncodeState(model: try Check.foundationDecode(Model.self, payload.data, file))
    }

    Benchmark(Suite.name(group, Suite.bridge), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.bridge.encode(state.model))
        }
    } setup: { () throws -> EncodeState<Model> in
        let state = EncodeState(model: try Check.foundationDecode(Model.self, payload.data, file))
        let encoded = try Check.bridge("encode of the \(file) model") { try state.bridge.encode(state.model) }
        let roundTripped: Model
        do {
            roundTripped = try JSONDecoder().decode(Model.self, from: encoded)
        } catch {
            throw SetupFailure("CodableBridge MISMATCH: JSONDecoder cannot read BridgeEncoder's output for \(file): \(describe(error))")
        }
        try Check.same(roundTripped, state.model, "BridgeEncoder output of \(file), read back by JSONDecoder,")
        return state
    }
}
