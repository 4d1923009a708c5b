// Partial documents: about 100 KB of twitter.json's statuses (a top-level array, generated in
// setup from the bundled payload), decoded into `[TwitterSearch.Status]` by the default (lenient)
// decoder, the setting for partial models.
//
// Group "Partial 100 KB":
//   decode                  BridgeDecoder().decode, the reference
//   decode with report      the same with a DecodingReport, as decodePartial always has
//   decodePartial complete  decodePartial of the same complete document (target: ≤ 1.2× decode)
//   64-byte chunks          partialValues over the bytes arriving in 64-byte chunks ([UInt8]),
//                           each followed by a suspension, every snapshot taken (target: ≤ 20×
//                           decode)
//   64-byte appends         PartialDocument given the same chunks by the caller, a snapshot
//                           after each: the decoding work without the asynchronous reader
//
// The setup checks that the last snapshot and decodePartial equal decode's value.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

/// Inputs of the partial-document benchmarks, prepared in setup.
final class PartialState: @unchecked Sendable {
    let data: Data
    let bytes: [UInt8]
    let decoder = BridgeDecoder()

    init(data: Data) {
        self.data = data
        self.bytes = Array(data)
    }

    func decodePartial() throws -> [TwitterSearch.Status] {
        var report = DecodingReport()
        return try decoder.decodePartial([TwitterSearch.Status].self, from: data, report: &report)
    }

    /// Every snapshot of the document arriving in 64-byte chunks; returns the last and the count.
    func streamed() async throws -> (last: [TwitterSearch.Status]?, snapshots: Int) {
        var last: [TwitterSearch.Status]?
        var snapshots = 0
        for try await snapshot in decoder.partialValues(of: [TwitterSearch.Status].self, from: ChunkedByteSource(bytes: bytes, chunk: 64)) {
            last = snapshot
            snapshots += 1
        }
        return (last, snapshots)
    }

    /// The document appended to a `PartialDocument` 64 bytes at a time; returns the last
    /// snapshot, the complete value and the number of snapshots.
    func appended() throws -> (last: [TwitterSearch.Status]?, value: [TwitterSearch.Status], snapshots: Int) {
        let document = decoder.partialDocument(of: [TwitterSearch.Status].self)
        var last: [TwitterSearch.Status]?
        var snapshots = 0
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 64)
            if let snapshot = try document.append(bytes[start ..< end]) {
                last = snapshot
                snapshots += 1
            }
            start = end
        }
        return (last, try document.finish(), snapshots)
    }
}

/// Bytes arriving in chunks of `chunk`, with a suspension after each chunk.
struct ChunkedByteSource: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let bytes: [UInt8]
    let chunk: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let chunk: Int
        var index = 0

        mutating func next() async -> ArraySlice<UInt8>? {
            guard index < bytes.count else { return nil }
            if index > 0 { await Task.yield() }
            let end = Swift.min(bytes.count, index + chunk)
            defer { index = end }
            return bytes[index ..< end]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, chunk: chunk) }
}

func registerPartialBenchmarks() {
    let group = "Partial 100 KB"
    let configuration = Suite.configuration(large: true)

    Benchmark(Suite.name(group, "decode"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.decoder.decode([TwitterSearch.Status].self, from: state.data))
        }
    } setup: { () throws -> PartialState in
        try makePartialState()
    }

    Benchmark(Suite.name(group, "decode with report"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            var report = DecodingReport()
            blackHole(try state.decoder.decode([TwitterSearch.Status].self, from: state.data, report: &report))
            blackHole(report)
        }
    } setup: { () throws -> PartialState in
        try makePartialState()
    }

    Benchmark(Suite.name(group, "decodePartial complete"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.decodePartial())
        }
    } setup: { () throws -> PartialState in
        try makePartialState()
    }

    Benchmark(Suite.name(group, "64-byte chunks"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try await state.streamed())
        }
    } setup: { () throws -> PartialState in
        try makePartialState()
    }

    Benchmark(Suite.name(group, "64-byte appends"), configuration: configuration) { benchmark, state in
        for _ in benchmark.scaledIterations {
            blackHole(try state.appended())
        }
    } setup: { () throws -> PartialState in
        try makePartialState()
    }
}

/// The first statuses of twitter.json adding up to about 100 KB, as a top-level array.
private func makePartialState() throws -> PartialState {
    let tree = try Check.bridge("parse of twitter.json") { try JSONValue(parsing: Payload.twitter.data) }
    guard case .array(let statuses)? = tree["statuses"] else {
        throw SetupFailure("twitter.json has no statuses array")
    }
    var parts: [String] = []
    var size = 2
    for status in statuses where size < 100_000 {
        let text = status.description
        parts.append(text)
        size += text.utf8.count + 1
    }
    let state = PartialState(data: Data(("[" + parts.joined(separator: ",") + "]").utf8))
    let expected = try Check.bridge("decode of the 100 KB document") { try state.decoder.decode([TwitterSearch.Status].self, from: state.data) }
    let partial = try Check.bridge("decodePartial of the 100 KB document") { try state.decodePartial() }
    try Check.same(partial, expected, "decodePartial of the complete document")
    let appended = try Check.bridge("PartialDocument of the 100 KB document") { try state.appended() }
    try Check.same(appended.value, expected, "PartialDocument's complete value")
    return state
}
