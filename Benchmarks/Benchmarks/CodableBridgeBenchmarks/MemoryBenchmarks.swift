// Memory and scale: generated documents of 1, 10 and 100 MB decoded into the benchmark models.
//
// Groups "Memory twitter-like", "Memory citm-like" and "Memory citm-like (minified)": the
// payload's repeated array (`statuses`, `performances`) is cycled until the document reaches the
// size, the rest of the payload is kept once. twitter-like is written compactly, citm-like
// pretty-printed as citm_catalog.json itself is (the minified variant shows the densest case).
// Variants "CodableBridge 1 MB", "… 10 MB", "… 100 MB", "Foundation 1 MB" and "Foundation 100 MB"
// time the decode *and the release of its models* (the result is dropped inside the measured
// loop). The same variants with " (decode)" time the decode alone: each iteration's models are
// released after `stopMeasurement()`, before the next one starts, as Criterion's
// `iter_with_large_drop` does. The difference is glibc freeing hundreds of thousands of model
// objects, which costs more per MB once they no longer fit in the caches (Docs/Performance.md,
// "Memory and scale").
//
// Metrics: wall clock, throughput (documents per second) and package-benchmark's
// `peakMemoryResidentDelta` — the peak resident memory of the run above the process's resident
// memory when it started, i.e. what one decode needs at its peak: the models plus the transient
// parse state (the document itself is generated in setup, before the baseline).
//
// The setup also measures the split itself, once per variant, with the kernel's counters: it resets
// the peak (`/proc/self/clear_refs`), decodes while holding the result, and prints the peak and
// what is still resident after the decode (input + models) — "transient" is the difference, what
// the decoder needed only while it ran. Docs/Performance.md reports these lines.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

extension GeneratedDocument {
    /// Decodes `data` into the payload's model with `decode`, holding the result while memory is
    /// read; prints the peak and what stays resident, in MB.
    func measureTransient(_ data: Data, label: String, decode: (Data) throws -> Any) throws {
        guard let before = ResidentMemory.read() else { return }
        ResidentMemory.resetPeak()
        let value = try decode(data)
        guard let after = ResidentMemory.read() else { return }
        let transient = after.peak - after.current
        let document = Double(data.count) / 1_000_000
        print(String(format: "MEMORY %@ %@ (%.1f MB document): resident before %.1f MB, peak %.1f MB, after %.1f MB (models %.1f MB), transient %.1f MB = %.2f× the document",
                     rawValue, label, document, before.current, after.peak, after.current, after.current - before.current,
                     transient, transient / document))
        blackHole(value)
    }
}

/// Up to 3 s per variant: 100 iterations of a 1 MB document (the fastest of only 5 moves by several
/// percent between runs), 20 of 10 MB, 5 of 100 MB.
private func memoryConfiguration(megabytes: Int) -> Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .peakMemoryResidentDelta],
        warmupIterations: megabytes >= 100 ? 1 : 3,
        maxDuration: .seconds(3),
        maxIterations: megabytes >= 100 ? 5 : megabytes >= 10 ? 20 : 100)
}

func registerMemoryBenchmarks() {
    for document in GeneratedDocument.allCases {
        let group = "Memory \(document.rawValue)"
        let variants: [(suite: String, megabytes: Int, decoder: DocumentDecoder)] =
            [1, 10, 100].map { (Suite.bridge, $0, .bridge) } + [1, 100].map { (Suite.foundation, $0, .foundation) }
        for variant in variants {
            let label = "\(variant.suite) \(variant.megabytes) MB"
            let configuration = memoryConfiguration(megabytes: variant.megabytes)
            let decode: @Sendable (Data) throws -> Any = { try variant.decoder.decode(document, $0) }
            registerMemoryVariant(document, group: group, label: label, megabytes: variant.megabytes,
                                  configuration: configuration, measuresRelease: true, decode: decode)
            registerMemoryVariant(document, group: group, label: label + " (decode)", megabytes: variant.megabytes,
                                  configuration: configuration, measuresRelease: false, decode: decode)
        }
    }
}

/// One variant. With `measuresRelease`, each iteration's models are dropped inside the measurement;
/// without, they are kept until `stopMeasurement()` and released before the next iteration starts.
/// Only the first kind prints the MEMORY line (the decode is the same).
private func registerMemoryVariant(_ document: GeneratedDocument, group: String, label: String, megabytes: Int,
                                   configuration: Benchmark.Configuration, measuresRelease: Bool,
                                   decode: @escaping @Sendable (Data) throws -> Any) {
    Benchmark(Suite.name(group, label), configuration: configuration) { benchmark, data in
        if measuresRelease {
            for _ in benchmark.scaledIterations {
                blackHole(try decode(data))
            }
        } else {
            var models: [Any] = []
            models.reserveCapacity(benchmark.scaledIterations.count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                models.append(try decode(data))
            }
            benchmark.stopMeasurement()
            blackHole(models)
        }
    } setup: { () throws -> Data in
        let data = try document.make(megabytes: megabytes)
        if measuresRelease { try document.measureTransient(data, label: label, decode: decode) }
        return data
    }
}
