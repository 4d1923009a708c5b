import CodableBridge
import Foundation

extension FuzzTarget {
    /// `decodePartial` on the input and three of its prefixes (a third, two thirds, all but the
    /// last byte: libFuzzer's own mutations cut inputs everywhere else), into a `JSONValue` and the
    /// fixed models: each decodes or throws a `DecodingError`, never a crash; a prefix that decodes
    /// has no `.incomplete` event only when it parses as a complete document. The complete input
    /// decodes as `decode` does (the same value and report, or the same error), unless it is a cut
    /// document: then `decodePartial` closes it (with `.incomplete` events) or has no value yet.
    /// `PartialDocument`, given the input in pieces (a byte at a time up to 64 bytes, else sixteen
    /// pieces), into a `JSONValue` and `FuzzRoot`: after each piece, though it reuses the values of
    /// complete parts, exactly `decodePartial`'s value for the text so far (a new one when the
    /// model changed, nil otherwise), and `finish()` exactly `decode`'s value or error. And
    /// `partialValues(of:from:)`, fed an input of up to 256 bytes a byte at a time, ends as
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
        // The input appended in pieces: each answer is decodePartial's for the text so far.
        checkPieces(JSONValue.self, data)
        checkPieces(FuzzRoot.self, data)
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

/// Appends `data` to a `PartialDocument` of `T` in pieces and fails unless each answer is what
/// `decodePartial` gives for the text so far, and `finish()` what `decode` gives for all of it.
/// (UTF-16 and UTF-32 text is transcoded by decode, not read piece by piece.)
private func checkPieces<T: Decodable & Equatable>(_ type: T.Type, _ data: Data) {
    guard !data.contains(0) else { return }
    let decoder = BridgeDecoder()
    let document = decoder.partialDocument(of: T.self)
    let size = data.count <= 64 ? 1 : (data.count + 15) / 16
    // A top-level number or literal is shown once something follows it (`12` may become `123`);
    // decodePartial reads it as complete at the end of the text.
    let first = data.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
    let topLevelScalar = first.map { ![UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\"")].contains($0) } ?? false
    var last: T?
    var end = 0
    while end < data.count {
        let start = end
        end = min(data.count, end + size)
        let answer: T?
        do {
            answer = try document.append(data[data.startIndex + start ..< data.startIndex + end])
        } catch {
            // Wrong text or a limit: decode refuses the whole text too, and finish says so.
            guard error is DecodingError, (try? decoder.decode(T.self, from: data)) == nil, (try? document.finish()) == nil else {
                fuzzFailure("PartialDocument<\(T.self)> threw \(error) after \(end) bytes", input: data)
            }
            return
        }
        var report = DecodingReport()
        let fresh = try? decoder.decodePartial(T.self, from: data.prefix(end), report: &report)
        if let answer {
            guard answer == fresh else {
                fuzzFailure("PartialDocument<\(T.self)> after \(end) bytes: \(answer); decodePartial: \(String(describing: fresh))", input: data)
            }
            last = answer
        } else if let fresh, fresh != last, !document.isComplete, !topLevelScalar {
            fuzzFailure("PartialDocument<\(T.self)> gave nothing after \(end) bytes; decodePartial: \(fresh), the last answer \(String(describing: last))",
                        input: data)
        }
    }
    let finished = Result { try document.finish() }
    let full = Result { try decoder.decode(T.self, from: data) }
    switch (finished, full) {
    case (.success(let a), .success(let b)) where a == b: break
    case (.failure(let a), .failure(let b)) where "\(a)" == "\(b)": break
    default: fuzzFailure("PartialDocument<\(T.self)>.finish() gives \(finished); decode \(full)", input: data)
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
