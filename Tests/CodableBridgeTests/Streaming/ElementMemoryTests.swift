import Foundation
import Testing
@testable import CodableBridge

/// Streaming a large file keeps memory bounded: the scanner holds one chunk and one element,
/// whatever the file's size. (The peak resident growth of a 1 GB run is in the benchmarks.)
@Suite("Streamed array memory", .serialized)
struct ElementMemoryTests {
    /// The process's resident and peak resident memory in bytes.
    static func residentMemory() -> (current: Int, peak: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
                  let kB = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return nil }
            return kB * 1024
        }
        guard let current = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        return (current, peak)
    }

    /// Writes `{"meta": …, "data": {"items": [ … ]}}` of about `megabytes` MB to a new file,
    /// a batch at a time; returns the URL and the number of elements.
    static func writeLargeFile(megabytes: Int) throws -> (URL, Int) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("elements-large-\(UUID().uuidString).json")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(#"{"meta": {"note": "generated"}, "data": {"items": ["#.utf8))
        let padding = String(repeating: "x", count: 100)
        var written = 0
        var count = 0
        while written < megabytes << 20 {
            var batch = ""
            for _ in 0 ..< 5_000 {
                batch += (count == 0 ? "" : ",\n") + #"{"id": \#(count), "name": "\#(padding) \u00e9 \"]}\""}"#
                count += 1
            }
            let data = Data(batch.utf8)
            try handle.write(contentsOf: data)
            written += data.count
        }
        try handle.write(contentsOf: Data("]}, \"after\": true}".utf8))
        return (url, count)
    }

    @Test("A 50 MB file streams holding one chunk and one element at a time")
    func boundedMemory() async throws {
        let (url, count) = try Self.writeLargeFile(megabytes: 50)
        defer { try? FileManager.default.removeItem(at: url) }
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)  // restart the peak (Linux)
        let before = Self.residentMemory()
        var iterator = BridgeDecoder().elements(of: StreamItem.self, at: "data.items", contentsOf: url).makeAsyncIterator()
        var seen = 0
        var idSum = 0
        while let item = try await iterator.next() {
            seen += 1
            idSum &+= item.id
        }
        #expect(seen == count)
        #expect(idSum == count * (count - 1) / 2)
        // What the scanner kept: one 64 KiB chunk and the unfinished element (about 130 bytes).
        #expect(iterator.reader.peakHeldBytes <= 65_536 + 1_024)
        // The process's peak resident growth. Other suites run at the same time and allocate too,
        // so the bound is loose; held alone it is under 2 MB (the 1 GB run is in the benchmarks).
        if let before, let after = Self.residentMemory() {
            #expect(after.peak - before.current < 512 << 20, "peak resident growth \((after.peak - before.current) >> 20) MB")
        }
    }
}
