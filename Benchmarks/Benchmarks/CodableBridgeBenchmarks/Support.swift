// Shared plumbing: configurations, benchmark names, setup checks.
//
// Naming: every benchmark is "<group> — <variant>", e.g. "Decode twitter — Foundation" and
// "Decode twitter — CodableBridge". compare.py splits on " — " and divides each variant's median
// wall-clock time into the group's Foundation time (see README.md).

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

enum Suite {
    /// What every benchmark measures.
    static let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

    /// Large documents (twitter, citm, canada: 0.6–2.2 MB) run up to 2 s or 300 iterations; small
    /// ones (github-user, weibo-status) up to 1 s or 5 000 iterations. The whole suite (55
    /// benchmarks, one process each) runs in about 3–4 minutes on 2 cores once built.
    static func configuration(large: Bool, scalingFactor: BenchmarkScalingFactor = .one) -> Benchmark.Configuration {
        .init(
            metrics: metrics,
            warmupIterations: large ? 3 : 50,
            scalingFactor: scalingFactor,
            maxDuration: large ? .seconds(2) : .seconds(1),
            maxIterations: large ? 300 : 5_000)
    }

    static func configuration(for payload: Payload) -> Benchmark.Configuration {
        configuration(large: payload.isLarge)
    }

    /// "<group> — <variant>".
    static func name(_ group: String, _ variant: String) -> String {
        "\(group) — \(variant)"
    }

    /// The baseline every group is compared with.
    static let foundation = "Foundation"
    /// CodableBridge with the settings that behave like Foundation (`.strict`, `.throw`).
    static let bridge = "CodableBridge"
}

/// A setup step failed; the message says what and why, and is printed by the benchmark runner.
struct SetupFailure: Error, CustomStringConvertible {
    let description: String

    /// Messages are cut at 1 000 characters: the runner sends them to the benchmark tool over a
    /// pipe, and a multi-megabyte message (an `EncodingError` holding the whole model) stops the run.
    init(_ description: String) {
        self.description = description.count > 1_000 ? description.prefix(1_000) + " …" : description
        Self.delayExit
    }

    /// Works around a race in package-benchmark 1.38.1: after a failed setup the benchmark process
    /// reports the error and exits at once, while the benchmark tool still writes one more command
    /// to it; if the process is already gone the tool dies of SIGPIPE, and the plugin reads that as
    /// success — the rest of the suite silently does not run. Staying alive a moment after a
    /// failed setup lets that write land in the pipe.
    private static let delayExit: Void = {
        atexit { usleep(500_000) }
    }()
}

/// An error described without the value it may carry (`EncodingError.invalidValue` holds the whole
/// model being encoded): kind, coding path, debug description, underlying error.
func describe(_ error: any Error) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "<root>" : codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
    func context(_ kind: String, _ context: DecodingError.Context) -> String {
        "DecodingError.\(kind) at \(path(context.codingPath)): \(context.debugDescription)"
    }
    switch error {
    case let error as EncodingError:
        switch error {
        case .invalidValue(let value, let context):
            return "EncodingError.invalidValue (\(type(of: value))) at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(String(describing: error).prefix(500))
        }
    case let error as DecodingError:
        switch error {
        case .typeMismatch(let type, let c): return context("typeMismatch(\(type))", c)
        case .valueNotFound(let type, let c): return context("valueNotFound(\(type))", c)
        case .keyNotFound(let key, let c): return context("keyNotFound(\(key.stringValue))", c)
        case .dataCorrupted(let c): return context("dataCorrupted", c)
        @unknown default: return String(String(describing: error).prefix(500))
        }
    default:
        return String(String(describing: error).prefix(500))
    }
}

extension BridgeDecoder {
    /// Behaves like Foundation's `JSONDecoder()`: `.strict` coercion, missing values throw, dates
    /// as `Date`'s own `Decodable` (JSONDecoder's default; the models keep dates as strings, so
    /// this only matters if a `Date` property is added).
    static var strict: BridgeDecoder {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        decoder.missingValueStrategy = .throw
        decoder.dateDecodingStrategy = .deferredToDate
        return decoder
    }

    /// The default decoder: `.lenient` coercion, missing values take defaults.
    static var lenient: BridgeDecoder { BridgeDecoder() }

    /// A public endpoint's decoder: `.foundationCompatible` with repeated keys refused and every
    /// limit set (none of them reached by the payloads).
    static var server: BridgeDecoder {
        var decoder = BridgeDecoder.foundationCompatible
        decoder.duplicateKeyStrategy = .throw
        decoder.limits = DecodingLimits(maxDocumentBytes: 64 << 20, maxStringBytes: 1 << 20, maxNumberDigits: 100,
                                        maxObjectMembers: 10_000)
        return decoder
    }
}

enum Check {
    /// Decodes `payload` with `JSONDecoder`; a failure means the benchmark's model is wrong.
    static func foundationDecode<Model: Decodable>(_ type: Model.Type, _ data: Data, _ what: String) throws -> Model {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw SetupFailure("MODEL ERROR: JSONDecoder cannot decode \(what) into \(Model.self): \(describe(error))")
        }
    }

    /// Runs a CodableBridge operation once before measuring it; a failure is reported as such.
    static func bridge<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw SetupFailure("CodableBridge failed: \(what): \(describe(error))")
        }
    }

    /// Fails unless CodableBridge produced the same model as Foundation.
    static func same<Model: Equatable>(_ bridge: Model, _ foundation: Model, _ what: String) throws {
        guard bridge == foundation else {
            let difference = firstDifference(bridge, foundation, path: "") ?? "somewhere"
            throw SetupFailure("CodableBridge MISMATCH: \(what) differs from Foundation's result for \(Model.self) at \(difference)")
        }
    }

    /// The first place two values differ, found through `Mirror`, as "path: bridge vs foundation".
    static func firstDifference(_ lhs: Any, _ rhs: Any, path: String) -> String? {
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        if left.children.isEmpty || right.children.isEmpty {
            let (a, b) = (String(reflecting: lhs), String(reflecting: rhs))
            return a == b ? nil : "\(path.isEmpty ? "<root>" : path): \(a.prefix(120)) vs \(b.prefix(120))"
        }
        var leftChildren = Array(left.children)
        var rightChildren = Array(right.children)
        if left.displayStyle == .dictionary {
            // Equal dictionaries may iterate in different orders: compare by key.
            func key(_ child: Mirror.Child) -> String {
                String(describing: Mirror(reflecting: child.value).children.first?.value ?? "")
            }
            leftChildren.sort { key($0) < key($1) }
            rightChildren.sort { key($0) < key($1) }
        }
        guard leftChildren.count == rightChildren.count else {
            return "\(path.isEmpty ? "<root>" : path): \(leftChildren.count) vs \(rightChildren.count) elements"
        }
        for (index, (a, b)) in zip(leftChildren, rightChildren).enumerated() {
            let label = a.label.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? "\(path)[\(index)]"
            if let difference = firstDifference(a.value, b.value, path: label) {
                return difference
            }
        }
        return nil
    }
}
