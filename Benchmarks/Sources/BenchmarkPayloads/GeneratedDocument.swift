// Large documents generated from the payloads, and the process's resident memory: what the Memory
// benchmarks (MemoryBenchmarks.swift) and the `scale` runner (Sources/Scale) both decode and read.

import CodableBridge
import Foundation

/// A generated document: a payload with its big array cycled to a size.
package enum GeneratedDocument: String, CaseIterable, Sendable {
    case twitterLike = "twitter-like"
    case citmLike = "citm-like"
    case citmLikeMinified = "citm-like (minified)"

    package var payload: Payload { self == .twitterLike ? .twitter : .citm }
    package var arrayKey: String { self == .twitterLike ? "statuses" : "performances" }
    package var pretty: Bool { self == .citmLike }

    /// The payload with `arrayKey`'s elements repeated (in order, cyclically) until the text has
    /// at least `megabytes` MB.
    package func make(megabytes: Int) throws -> Data {
        let target = megabytes * 1_000_000
        guard case .object(var object) = try JSONValue(parsing: payload.data),
              case .array(let elements)? = object[arrayKey] else {
            throw GenerationFailure(description: "\(payload.rawValue) has no \(arrayKey) array")
        }
        var encoder = BridgeEncoder()
        if pretty { encoder.outputFormatting = [.prettyPrinted] }
        let placeholder = "@@\(arrayKey)@@"
        object[arrayKey] = .string(placeholder)
        let frame = try encoder.encode(JSONValue.object(object))
        let quoted = Data("\"\(placeholder)\"".utf8)
        guard let slot = frame.range(of: quoted) else { throw GenerationFailure(description: "placeholder not found") }
        let texts = try elements.map { try encoder.encode($0) }
        var document = Data(capacity: target + 1_000_000)
        document.append(frame[..<slot.lowerBound])
        document.append(UInt8(ascii: "["))
        var k = 0
        while document.count < target - (frame.count - slot.count) {
            if k > 0 { document.append(contentsOf: pretty ? Array(",\n".utf8) : [UInt8(ascii: ",")]) }
            document.append(texts[k % texts.count])
            k += 1
        }
        document.append(UInt8(ascii: "]"))
        document.append(frame[slot.upperBound...])
        return document
    }
}

/// Who decodes a generated document into its payload's model: `BridgeDecoder()` or `JSONDecoder()`,
/// both with their default settings (on these clean documents, `BridgeDecoder`'s lenient default
/// costs the same as `.strict`: the policy is consulted only after a strict mismatch).
package enum DocumentDecoder: String, CaseIterable, Sendable {
    case bridge = "CodableBridge"
    case foundation = "JSONDecoder"

    /// Decodes `data` into `document`'s model (`TwitterSearch` or `CitmCatalog`).
    package func decode(_ document: GeneratedDocument, _ data: Data) throws -> Any {
        switch (self, document.payload) {
        case (.bridge, .twitter): try BridgeDecoder().decode(TwitterSearch.self, from: data)
        case (.bridge, _): try BridgeDecoder().decode(CitmCatalog.self, from: data)
        case (.foundation, .twitter): try JSONDecoder().decode(TwitterSearch.self, from: data)
        case (.foundation, _): try JSONDecoder().decode(CitmCatalog.self, from: data)
        }
    }
}

/// A payload that does not have the shape `make(megabytes:)` expects.
package struct GenerationFailure: Error, CustomStringConvertible {
    package let description: String
}

/// The process's resident memory, from /proc/self/status (Linux; nil elsewhere).
package enum ResidentMemory {
    package static func read() -> (current: Double, peak: Double)? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Double? {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
                  let kB = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return nil }
            return kB / 1000
        }
        guard let current = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        return (current, peak)
    }

    /// Makes the peak (VmHWM) start again from the current resident size.
    package static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}
