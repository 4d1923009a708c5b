// `threads`: how decoding small objects scales from one thread to two (and to N), measured in
// pairs so that a shared host's changing speed cancels out. Mapped small objects should scale
// like unmapped ones: per-type facts are read from per-thread copies, without a lock.
//
//     cd Benchmarks && swift run -c release threads                 # 25 pairs per decoder (~1 min)
//     swift run -c release threads --pairs 61 --threads 4           # more pairs, 1 against 4 threads
//
// The suite's `Decode small objects, K threads` groups time K fresh threads per iteration and
// compare the fastest iteration at each K, taken seconds apart. On a host whose speed swings by 2×
// within tens of milliseconds (a virtual machine sharing its host) the ratio of two
// such figures says more about the host than about the decoder. Here each *pair* is one run on 1
// thread and one on K threads, back to back (the order alternating), a fraction of a second in all;
// its scaling is K × time(1) / time(K), and the table gives the median over the pairs with the
// quartiles. The workers are started and warmed up (their per-thread caches filled) before the
// clock starts, so what is timed is the steady state: the decodes alone, as on a server's
// long-lived threads. Every thread decodes its own copy of the document, with a fresh decoder per
// decode. The decoders are the suite's: `JSONDecoder` and `BridgeDecoder()` on `SmallHandwritten`,
// `BridgeDecoder()` on `SmallMapped` (a mapping table read on every decode).

import BenchmarkPayloads
import CodableBridge
import Foundation

/// The runner's usage, printed for `--help` and with a usage error.
let usage = "usage: threads [--pairs N] [--threads K] [--decodes D]   (see Sources/Threads/main.swift)"

/// A usage error: the problem and the usage on standard error, status 2.
func usageError(_ problem: String) -> Never {
    FileHandle.standardError.write(Data("threads: \(problem)\n\(usage)\n".utf8))
    exit(2)
}

/// One decoder under test: decodes `data` `count` times.
struct Variant: Sendable {
    let name: String
    let run: @Sendable (Data, Int) -> Void
}

let variants = [
    Variant(name: "Foundation") { data, count in
        for _ in 0..<count { blackHole(try? JSONDecoder().decode(SmallHandwritten.self, from: data)) }
    },
    Variant(name: "CodableBridge (mapped)") { data, count in
        for _ in 0..<count { blackHole(try? BridgeDecoder().decode(SmallMapped.self, from: data)) }
    },
    Variant(name: "CodableBridge (unmapped)") { data, count in
        for _ in 0..<count { blackHole(try? BridgeDecoder().decode(SmallHandwritten.self, from: data)) }
    },
]

/// Keeps `value` from being optimised away.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Wall-clock seconds for `threads` threads each running `variant` `decodes` times at once: from
/// the moment all of them are warmed up and released together to the moment the last one is done.
func timeOnThreads(_ variant: Variant, threads: Int, decodes: Int, data: Data) -> Double {
    let ready = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for _ in 0..<threads {
        done.enter()
        let copy = Data([UInt8](data))
        let thread = Thread {
            variant.run(copy, 50)  // warm-up: this thread's caches, first-use costs
            ready.signal()
            start.wait()
            variant.run(copy, decodes)
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    for _ in 0..<threads { ready.wait() }
    let began = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<threads { start.signal() }
    done.wait()
    return Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
}

var pairs = 25
var threadCount = 2
var decodes = 4_000
var rest = CommandLine.arguments.dropFirst()
while let option = rest.popFirst() {
    switch option {
    case "--pairs":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { usageError("--pairs needs a positive number") }
        pairs = value
    case "--threads":
        guard let value = rest.popFirst().flatMap(Int.init), value > 1 else { usageError("--threads needs a number above 1") }
        threadCount = value
    case "--decodes":
        guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { usageError("--decodes needs a positive number") }
        decodes = value
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        usageError("unknown option \(option)")
    }
}

let data = Data(SmallPayload.object(9).utf8)
// The decoders must agree before anything is timed.
let reference = try JSONDecoder().decode(SmallHandwritten.self, from: data).record
guard try BridgeDecoder().decode(SmallMapped.self, from: data).record == reference,
      try BridgeDecoder().decode(SmallHandwritten.self, from: data).record == reference else {
    FileHandle.standardError.write(Data("threads: the decoders disagree on the small object\n".utf8))
    exit(1)
}

print("Scaling at \(threadCount) threads: \(threadCount) × time(1 thread) / time(\(threadCount) threads), \(pairs) pairs, ",
      "\(decodes) decodes per thread; \(ProcessInfo.processInfo.activeProcessorCount) cores.", separator: "")
print("")
print("| decoder | median | quartiles | 1 thread, median | vs Foundation, 1 thread |")
print("|---|---:|---:|---:|---:|")
var foundationSingle: Double?
for variant in variants {
    var scalings: [Double] = []
    var singles: [Double] = []
    for pair in 0..<pairs {
        let single: Double
        let several: Double
        if pair.isMultiple(of: 2) {
            single = timeOnThreads(variant, threads: 1, decodes: decodes, data: data)
            several = timeOnThreads(variant, threads: threadCount, decodes: decodes, data: data)
        } else {
            several = timeOnThreads(variant, threads: threadCount, decodes: decodes, data: data)
            single = timeOnThreads(variant, threads: 1, decodes: decodes, data: data)
        }
        singles.append(single)
        scalings.append(Double(threadCount) * single / several)
    }
    let single = median(singles)
    if foundationSingle == nil { foundationSingle = single }
    let cells = [
        variant.name,
        String(format: "%.2f×", median(scalings)),
        String(format: "%.2f× – %.2f×", quantile(scalings, 0.25), quantile(scalings, 0.75)),
        String(format: "%.2f ms", single * 1000),
        String(format: "%.2f×", (foundationSingle ?? single) / single),
    ]
    print("| " + cells.joined(separator: " | ") + " |")
}
