import CodableBridge
import Foundation

extension FuzzTarget {
    /// `decodePartial` on prefixes of the input (every prefix of a short input; 256 spread over a
    /// long one, and the last 16), into a `JSONValue` and the fixed models: each decodes or throws
    /// a `DecodingError`, never a crash; a prefix that decodes has no `.incomplete` event only when
    /// it parses as a complete document. The complete input decodes as `decode` does (the same
    /// value and report, or the same error), unless it is a cut document: then `decodePartial`
    /// closes it (with `.incomplete` events) or has no value yet.
    static let partial = FuzzTarget(
        name: "partial",
        summary: "BridgeDecoder.decodePartial on prefixes of the input; the complete input as decode"
    ) { data in
        let decoder = BridgeDecoder()
        let count = data.count
        var cuts = Set(count <= 256 ? Array(0 ... count) : (0 ..< 256).map { $0 * count / 256 })
        cuts.formUnion(max(0, count - 16) ... count)
        for cut in cuts.sorted() {
            let prefix = Data(data.prefix(cut))
            expectDecodingErrorOnly(data) {
                var report = DecodingReport()
                _ = try decoder.decodePartial(JSONValue.self, from: prefix, report: &report)
                let complete = (try? decoder.decode(JSONValue.self, from: prefix)) != nil
                if complete != !report.events.contains(where: { $0.kind == .incomplete }) {
                    fuzzFailure("cut at \(cut): .incomplete events \(report.events) for a \(complete ? "complete" : "partial") text",
                                input: data)
                }
            }
            expectDecodingErrorOnly(data) {
                var report = DecodingReport()
                _ = try decoder.decodePartial(FuzzRoot.self, from: prefix, report: &report)
            }
        }
        // The complete input, as decode.
        var partialReport = DecodingReport()
        var fullReport = DecodingReport()
        let partial = Result { try decoder.decodePartial(JSONValue.self, from: data, report: &partialReport) }
        let full = Result { try decoder.decode(JSONValue.self, from: data, report: &fullReport) }
        switch (partial, full) {
        case (.success(let a), .success(let b)) where a == b && partialReport == fullReport:
            break
        case (.failure(let a), .failure(let b)) where "\(a)" == "\(b)" || "\(a)".contains("No value has arrived yet"):
            break
        case (.success, .failure) where partialReport.events.contains(where: { $0.kind == .incomplete }):
            break  // a cut document: decode refuses it, decodePartial closes it
        default:
            fuzzFailure("decodePartial of the complete input \(partial) differs from decode \(full)", input: data)
        }
    }
}
