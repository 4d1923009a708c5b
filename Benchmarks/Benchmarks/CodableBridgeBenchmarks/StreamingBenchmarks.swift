// Streaming: the statuses of a 100 MB twitter-like document (GeneratedDocument.twitterLike,
// written to a temporary file in setup) decoded element by element from the file, against the
// whole array decoded from the document in memory.
//
// Group "Stream 100 MB array":
//   elements(contentsOf:)   BridgeDecoder().elements(of: Status.self, at: "statuses", contentsOf:)
//                           — the file read in 64 KiB chunks, each status decoded and dropped
//   decode([T])             BridgeDecoder().decode([Status].self, from: data, at: "statuses")
//                           — the document already in memory (reading it is not measured)
// The target: elements at least 80% of decode's throughput.
//
// Group "Stream 1 MB bytes": the statuses of a 1 MB twitter-like document arriving as an
// `AsyncSequence` of bytes, 4 KiB at a time with a suspension after each (ChunkedByteSource, as
// URLSession's bytes arrive), against decode([T]) of the same document in memory.
//
// Group "Stream 1 GB array": elements(contentsOf:) over a 1 GB file (written in setup 100 MB at a
// time, so the document is never held), one iteration; `peakMemoryResidentDelta` is the peak
// resident growth, and setup prints a MEMORY line with the kernel's peak (VmHWM) for the run.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

/// A generated twitter-like document of `megabytes` MB in a temporary file, written 100 MB at a
/// time (each piece a complete statuses array, joined into one array).
private func streamingFile(megabytes: Int) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("codablebridge-stream-\(megabytes)MB.json")
    if FileManager.default.fileExists(atPath: url.path) { return url }
    let piece = try GeneratedDocument.twitterLike.make(megabytes: min(megabytes, 100))
    guard case .array(let statuses)? = try JSONValue(parsing: piece)["statuses"] else {
        throw SetupFailure("the twitter-like document has no statuses array")
    }
    let encoder = BridgeEncoder()
    let texts = try statuses.map { try encoder.encode($0) }
    let partial = url.appendingPathExtension("partial")
    guard FileManager.default.createFile(atPath: partial.path, contents: nil) else { throw SetupFailure("cannot create \(partial.path)") }
    let handle = try FileHandle(forWritingTo: partial)
    try handle.write(contentsOf: Data(#"{"search_metadata": {"count": 0}, "statuses": ["#.utf8))
    var written = 0
    var batch = Data()
    var k = 0
    while written + batch.count < megabytes * 1_000_000 {
        if k > 0 { batch.append(UInt8(ascii: ",")) }
        batch.append(texts[k % texts.count])
        k += 1
        if batch.count > 8_000_000 {
            try handle.write(contentsOf: batch)
            written += batch.count
            batch = Data()
        }
    }
    batch.append(contentsOf: Array(#"], "next": null}"#.utf8))
    try handle.write(contentsOf: batch)
    try handle.close()
    try FileManager.default.moveItem(at: partial, to: url)
    return url
}

/// Streams the statuses of `url`; the number of statuses.
private func streamStatuses(_ url: URL) async throws -> Int {
    var count = 0
    for try await status in BridgeDecoder().elements(of: TwitterSearch.Status.self, at: "statuses", contentsOf: url) {
        blackHole(status)
        count += 1
    }
    return count
}

/// Streams the statuses of `bytes` arriving 4 KiB at a time; the number of statuses.
private func streamStatuses(_ bytes: [UInt8]) async throws -> Int {
    var count = 0
    let source = ChunkedByteSource(bytes: bytes, chunk: 4_096)
    for try await status in BridgeDecoder().elements(of: TwitterSearch.Status.self, at: "statuses", from: source) {
        blackHole(status)
        count += 1
    }
    return count
}

func registerStreamingBenchmarks() {
    let group = "Stream 100 MB array"
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput, .peakMemoryResidentDelta],
                                                warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 5)

    Benchmark(Suite.name(group, "elements(contentsOf:)"), configuration: configuration) { benchmark, url in
        for _ in benchmark.scaledIterations {
            blackHole(try await streamStatuses(url))
        }
    } setup: { () async throws -> URL in
        let url = try streamingFile(megabytes: 100)
        let data = try Data(contentsOf: url)
        let whole = try Check.bridge("decode of the 100 MB statuses") { try BridgeDecoder().decode([TwitterSearch.Status].self, from: data, at: "statuses") }
        let streamed = try await streamStatuses(url)
        guard streamed == whole.count else { throw SetupFailure("streamed \(streamed) statuses, the array has \(whole.count)") }
        return url
    }

    Benchmark(Suite.name(group, "decode([T])"), configuration: configuration) { benchmark, data in
        for _ in benchmark.scaledIterations {
            blackHole(try BridgeDecoder().decode([TwitterSearch.Status].self, from: data, at: "statuses"))
        }
    } setup: { () throws -> Data in
        try Data(contentsOf: try streamingFile(megabytes: 100))
    }

    let bytesGroup = "Stream 1 MB bytes"
    Benchmark(Suite.name(bytesGroup, "elements(from:)"), configuration: Suite.configuration(large: true)) { benchmark, data in
        for _ in benchmark.scaledIterations {
            blackHole(try await streamStatuses(Array(data)))
        }
    } setup: { () async throws -> Data in
        let data = try GeneratedDocument.twitterLike.make(megabytes: 1)
        let whole = try Check.bridge("decode of the 1 MB statuses") { try BridgeDecoder().decode([TwitterSearch.Status].self, from: data, at: "statuses") }
        let streamed = try await streamStatuses(Array(data))
        guard streamed == whole.count else { throw SetupFailure("streamed \(streamed) statuses, the array has \(whole.count)") }
        return data
    }

    Benchmark(Suite.name(bytesGroup, "decode([T])"), configuration: Suite.configuration(large: true)) { benchmark, data in
        for _ in benchmark.scaledIterations {
            blackHole(try BridgeDecoder().decode([TwitterSearch.Status].self, from: data, at: "statuses"))
        }
    } setup: { () throws -> Data in
        try GeneratedDocument.twitterLike.make(megabytes: 1)
    }

    let memory = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResidentDelta], warmupIterations: 0, maxIterations: 1)
    Benchmark(Suite.name("Stream 1 GB array", "elements(contentsOf:)"), configuration: memory) { benchmark, url in
        for _ in benchmark.scaledIterations {
            blackHole(try await streamStatuses(url))
        }
    } setup: { () async throws -> URL in
        let url = try streamingFile(megabytes: 1_000)
        if let before = ResidentMemory.read() {
            ResidentMemory.resetPeak()
            let count = try await streamStatuses(url)
            if let after = ResidentMemory.read() {
                print(String(format: "MEMORY stream 1 GB (%d statuses): resident before %.1f MB, peak %.1f MB, growth %.1f MB",
                             count, before.current, after.peak, after.peak - before.current))
            }
        }
        return url
    }
}
