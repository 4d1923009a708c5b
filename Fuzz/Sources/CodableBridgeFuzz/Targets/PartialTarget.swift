import CodableBridge
import Foundation

extension FuzzTarget {
    /// `decodePartial` on the input and three of its prefixes (a third, two thirds, all but the
    /// last byte: libFuzzer's own mutations cut inputs everywhere else), into a `JSONValue` and the
    /// fixed models: each decodes or throws a `DecodingError`, never a crash; a prefix that decodes
    /// has no `.incomplete` event only when it parses as a complete document. The complete input
    /// decodes as `decode` does (the same value and report, or the same error), unless it is a cut
    /// document: then `decodePartial` closes it (with `.incomplete` events) or has no value yet.
    /// And `partialValues(of:from:)`, fed an input of up to 256 bytes a byte at a time, ends as
    /// `decode` does: with its value, or by throwing.
    static let partial = FuzzTarget(
        name: "partial",
        summary: "decodePartial on prefixes of the input; the complete input and partialValues as decode"
    ) { data in
        let decoder = BridgeDecoder()
        let count = data.count
        let cuts = Set([count / 3, 2 * count / 3, max(0, count - 1), count])
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
        // The snapshots of the input arriving a byte at a time end as decode does. Up to 256
        // bytes: a snapshot may follow every byte, each one a decode of the text so far. (UTF-16
        // and UTF-32 text is transcoded by decode, not streamed.)
        guard data.count <= 256, !data.contains(0) else { return }
        let (last, error) = lastSnapshot(data)
        switch full {
        case .success(let value):
            guard error == nil, last == value else {
                fuzzFailure("partialValues ended with \(String(describing: last)), \(String(describing: error)); decode gives \(value)", input: data)
            }
        case .failure:
            guard error != nil else { fuzzFailure("partialValues ended without an error where decode throws", input: data) }
        }
    }
}

/// The last snapshot of `partialValues` over the input a byte at a time, and the error that ended
/// the iteration. The bytes are read by the sequence's own task, so this waits for the end.
private func lastSnapshot(_ data: Data) -> (JSONValue?, (any Error)?) {
    let done = DispatchSemaphore(value: 0)
    let box = SnapshotBox()
    let bytes = Pieces(bytes: Array(data))
    Task {
        do {
            var last: JSONValue?
            for try await value in BridgeDecoder().partialValues(of: JSONValue.self, from: bytes) { last = value }
            box.result = (last, nil)
        } catch {
            box.result = (nil, error)
        }
        done.signal()
    }
    done.wait()
    return box.result
}

private final class SnapshotBox: @unchecked Sendable {  // written by one task before the semaphore signals
    var result: (JSONValue?, (any Error)?) = (nil, nil)
}
