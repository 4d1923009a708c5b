// Decoding on several threads at once: does the throughput grow with the threads?
//
// "Decode small objects, K threads — <variant>" (K = 1, 2 and N, N = the number of cores, at least
// 4): K threads each decode one small object 2 000 times, each from its own copy of the bytes,
// with a fresh decoder per decode (a server decoding one request per call). An iteration's time is the wall-clock time until the last
// thread is done, so with perfect scaling it does not grow with K. compare.py prints the scaling,
// K × time(1 thread) / time(K threads): 2.00× at 2 threads is perfect. On a shared host whose
// speed swings, prefer the `threads` runner (Sources/Threads/main.swift), which times 1 and K
// threads back to back in pairs.
//
// Variants: `SmallMapped` through `BridgeDecoder` (mapping table: per-type facts are read on every
// decode, so a lock there would show), `SmallHandwritten` through `BridgeDecoder` (no table), and
// `SmallHandwritten` through `JSONDecoder`.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

/// The thread counts measured: 1, 2 and N.
let threadCounts: [Int] = {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    return [1, 2, max(4, cores)]
}()

/// Decodes per thread and iteration.
private let decodesPerThread = 2_000

/// Runs `work` on `threads` new threads at once and returns when all are done. Each thread gets
/// its own copy of `data`, as each request of a server has its own body: threads sharing one
/// buffer would contend for its reference count, which no server pays.
private func onThreads(_ threads: Int, _ data: Data, _ work: @escaping @Sendable (Data) -> Void) {
    let done = DispatchGroup()
    for _ in 0..<threads {
        done.enter()
        let copy = Data([UInt8](data))
        let thread = Thread {
            work(copy)
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    done.wait()
}

func registerThreadBenchmarks() {
    let data = Data(SmallPayload.object(9).utf8)
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], warmupIterations: 3, maxDuration: .seconds(2), maxIterations: 100)

    for threads in threadCounts {
        let group = "Decode small objects, \(threads) thread\(threads == 1 ? "" : "s")"

        Benchmark(Suite.name(group, Suite.foundation), configuration: configuration) { _ in
            onThreads(threads, data) { data in
                for _ in 0..<decodesPerThread {
                    blackHole(try? JSONDecoder().decode(SmallHandwritten.self, from: data))
                }
            }
        } setup: {
            _ = try Check.foundationDecode(SmallHandwritten.self, data, "one small object")
        }

        Benchmark(Suite.name(group, "\(Suite.bridge) (mapped)"), configuration: configuration) { _ in
            onThreads(threads, data) { data in
                for _ in 0..<decodesPerThread {
                    blackHole(try? BridgeDecoder().decode(SmallMapped.self, from: data))
                }
            }
        } setup: {
            let reference = try Check.foundationDecode(SmallHandwritten.self, data, "one small object").record
            let mapped = try Check.bridge("decode of one SmallMapped") { try BridgeDecoder().decode(SmallMapped.self, from: data) }
            try Check.same(mapped.record, reference, "SmallMapped")
        }

        Benchmark(Suite.name(group, "\(Suite.bridge) (unmapped)"), configuration: configuration) { _ in
            onThreads(threads, data) { data in
                for _ in 0..<decodesPerThread {
                    blackHole(try? BridgeDecoder().decode(SmallHandwritten.self, from: data))
                }
            }
        } setup: {
            let reference = try Check.foundationDecode(SmallHandwritten.self, data, "one small object").record
            let unmapped = try Check.bridge("decode of one SmallHandwritten") { try BridgeDecoder().decode(SmallHandwritten.self, from: data) }
            try Check.same(unmapped.record, reference, "SmallHandwritten")
        }
    }
}
