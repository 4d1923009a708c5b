// The CodableBridge benchmark suite. Run it from the Benchmarks folder:
//
//     swift package --disable-sandbox benchmark
//
// Each file registers one family; see README.md for the list and for compare.py.

import Benchmark

let benchmarks: @Sendable () -> Void = {
    registerDecodeBenchmarks()
    registerMappedBenchmarks()
    registerClassFieldBenchmarks()
    registerThreadBenchmarks()
    registerFirstDecodeBenchmarks()
    registerEncodeBenchmarks()
    registerParseBenchmarks()
    registerDateBenchmarks()
    registerJSONLinesBenchmarks()
    registerStreamingBenchmarks()
    registerParallelBenchmarks()
    registerPartialBenchmarks()
    registerScalingBenchmarks()
    registerMemoryBenchmarks()
}
