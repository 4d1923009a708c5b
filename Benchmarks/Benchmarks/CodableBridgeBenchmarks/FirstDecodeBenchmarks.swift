// "Decode 1000 types once — <variant>": the first decode of 1 000 distinct generated model types
// (FirstDecodeModels), one iteration, no warm-up: package-benchmark runs each benchmark in its own
// process, so the types are met for the first time. Time per type = the iteration's time / 1 000.
// `swift run -c release first-decode` prints the same per type, with the second pass.

import Benchmark
import FirstDecodeModels

func registerFirstDecodeBenchmarks() {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 0, maxIterations: 1)
    for variant in FirstDecode.Variant.allCases {
        let name = variant == .foundation ? Suite.foundation : "\(Suite.bridge) (\(variant.rawValue))"
        Benchmark(Suite.name("Decode 1000 types once", name), configuration: configuration) { _ in
            try FirstDecode.pass(variant)
        }
    }
}
