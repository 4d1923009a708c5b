import Benchmark
import CodableBridge

let benchmarks: @Sendable () -> Void = {
    Benchmark("placeholder") { _ in blackHole(1) }
}
