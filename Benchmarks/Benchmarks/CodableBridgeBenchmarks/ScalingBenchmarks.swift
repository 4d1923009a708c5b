// Linear growth on hostile shapes: each shape is parsed (and decoded) at 1×, 10× and 100× its
// base size, so a superlinear step (a quadratic key check, a rescan per element) shows as a ratio
// far above 10 between neighbours. The unit tests only check these inputs finish
// (Tests/CodableBridgeTests/JSON/HostileInputTests.swift); time is asserted here.
//
// Group "Scaling <shape>", variants "×1", "×10", "×100" (throughput is per document).
//
// The ×100 setup asserts linearity itself: it times each size (best of five interleaved runs,
// outside the measurement) and fails the benchmark with a SetupFailure when a 10× larger input takes more
// than 30× as long — a bound loose enough for cache effects, tight enough to catch n².

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

/// A family of inputs that grow with one parameter.
enum ScalingShape: String, CaseIterable {
    case arrayOfNumbers = "array of numbers"          // [0,1,2,…]: 10 000 elements at 1×
    case objectKeys = "object keys"                   // {"k0":0,…}: 1 000 keys at 1×
    case repeatedKeys = "repeated keys"               // {"k":0,"k":1,…}: 1 000 members at 1×
    case longString = "long string"                   // "abcdefghi\n…": 11 kB at 1×
    case longNumber = "long number"                   // 1 000 digits at 1×
    case escapes = "escapes"                          // "\u00e9\n\ud83d\ude00…": 1 000 escapes at 1×

    func document(scale: Int) -> Data {
        var text = ""
        switch self {
        case .arrayOfNumbers:
            text = "[" + (0..<10_000 * scale).map(String.init).joined(separator: ",") + "]"
        case .objectKeys:
            text = "{" + (0..<1_000 * scale).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        case .repeatedKeys:
            text = "{" + (0..<1_000 * scale).map { "\"k\":\($0)" }.joined(separator: ",") + "}"
        case .longString:
            text = "\"" + String(repeating: "abcdefghi\\n", count: 1_000 * scale) + "\""
        case .longNumber:
            text = String(repeating: "7", count: 1_000 * scale)
        case .escapes:
            text = "\"" + String(repeating: #"\u00e9\n\ud83d\ude00"#, count: 333 * scale) + "\""
        }
        return Data(text.utf8)
    }
}

func registerScalingBenchmarks() {
    for shape in ScalingShape.allCases {
        let group = "Scaling \(shape.rawValue)"
        for scale in [1, 10, 100] {
            Benchmark(Suite.name(group, "×\(scale)"), configuration: Suite.configuration(large: scale == 100)) { benchmark, data in
                for _ in benchmark.scaledIterations {
                    blackHole(try JSONValue(parsing: data))
                }
            } setup: { () throws -> Data in
                let data = shape.document(scale: scale)
                if scale == 100 { try assertLinear(shape) }
                return data
            }
        }
    }
}

/// Fails when parsing `shape` grows faster than linearly from 1× to 10× to 100×. Each size is
/// timed five times, the sizes interleaved round by round so that a burst of load from other
/// processes hits all of them alike, and the fastest run of each counts.
///
/// The bound is 50× per 10× of input. A linear parse still gets slower per element once the
/// document and its tape leave the caches (up to 34× per 10× measured, Docs/Reliability.md), while
/// a quadratic one takes 100×; a bound of 30× failed on a linear parse in a full run.
private func assertLinear(_ shape: ScalingShape) throws {
    let documents = [1, 10, 100].map { shape.document(scale: $0) }
    var times = [Double](repeating: .infinity, count: documents.count)
    for _ in 0..<5 {
        for (k, data) in documents.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            blackHole(try JSONValue(parsing: data))
            times[k] = min(times[k], Double(DispatchTime.now().uptimeNanoseconds - start))
        }
    }
    for (smaller, larger) in zip(times, times.dropFirst()) where larger > 50 * max(smaller, 50_000) {
        throw SetupFailure("Scaling \(shape.rawValue): superlinear growth — 10× the input took \(Int(larger / smaller))× as long (times in ns: \(times.map { Int($0) }))")
    }
}
