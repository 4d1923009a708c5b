import Foundation

// MARK: - Design
//
// `decodePartial` first parses the text as a complete document. When that succeeds, it decodes
// exactly as `decode` does (same value, events and errors; the only extra cost is none). When it
// fails, `PartialScanner` (PartialScanner.swift) reads the text: if the text is wrong rather than
// cut, the complete parse's error is the answer (line and column, as `decode` gives); otherwise
// the scanner says how to close it, the closed text is parsed and decoded by the normal path, and
// the paths the text ended inside get `.incomplete` events ahead of the decode's own.
//
// `partialValues` (PartialValueSequence.swift) keeps one scanner for the whole stream, so each
// byte is scanned once, and decodes a closed copy of the text for each snapshot.

extension BridgeDecoder {
    /// Decodes the model that the beginning of a JSON document describes so far — a language
    /// model's answer while it streams, a download as it arrives.
    ///
    /// ```swift
    /// var decoder = BridgeDecoder()
    /// decoder.missingValueStrategy = .useDefault   // members not arrived yet get their defaults
    /// var report = DecodingReport()
    /// let draft = try decoder.decodePartial(Answer.self, from: Data(#"{"title": "Rain", "steps": ["Wa"#.utf8),
    ///                                       report: &report)
    /// // draft.title == "Rain", draft.steps == ["Wa"]
    /// // report: .incomplete at "", "steps", "steps[0]"
    /// ```
    ///
    /// The rules:
    /// - Strings, arrays and objects left open are closed where the text ends; a string keeps what
    ///   has arrived (without a half escape such as `\u00` or a half UTF-8 sequence).
    /// - A number or literal cut mid-way (`12`, `tr`, `-`, `1.`, `1e`) is left out: a number is
    ///   never shown with a cut value (`12` may become `1234`). A top-level number at the very end
    ///   of the text is read as complete (nothing can tell it is cut).
    /// - A key without its value (`{"a": 1, "b"` or `"b":`) is left out.
    /// - Values that have not arrived follow ``missingValueStrategy``: under `.useDefault` (the
    ///   setting for partial models) they get their defaults; under `.throw` a missing non-optional
    ///   member of an open object throws `keyNotFound`.
    /// - Every path the text ended inside or before gets an ``DecodingEvent/Kind/incomplete``
    ///   event: the open containers' paths down to the innermost open value (`""`, `items`,
    ///   `items[2]`, `items[2].title`), spelt with the keys of the text.
    /// - A complete document decodes exactly as `decode(_:from:report:)` does, with no
    ///   `.incomplete` event.
    /// - The partial text is read as RFC 8259 JSON in UTF-8 (with ``limits`` and ``maxDepth``);
    ///   the JSON5 and other text options apply to complete documents only.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The text that has arrived.
    ///   - report: Receives the `.incomplete` events, then the decode's own events.
    /// - Returns: The model so far.
    /// - Throws: `DecodingError.dataCorrupted` with line and column when the text is wrong (not
    ///   merely cut), as `decode` gives it; `dataCorrupted` "no value has arrived yet" when the
    ///   text is empty, whitespace, or a cut top-level number or literal; the decode's errors
    ///   otherwise.
    public func decodePartial<T: Decodable>(_ type: T.Type, from data: Data, report: inout DecodingReport) throws -> T {
        let tape: JSONTape
        do {
            tape = try parse(data)
        } catch {
            return try Self.reporting(into: &report) { try decodePrefix(type, data, completeParseError: error, report: $0) }
        }
        return try Self.reporting(into: &report) { try run(type, .tape(tape), at: nil, report: $0) }
    }

    /// The partial path of ``decodePartial(_:from:report:)``: the text did not parse as a
    /// complete document (`completeParseError`).
    private func decodePrefix<T: Decodable>(_ type: T.Type, _ data: Data, completeParseError: any Error,
                                            report: ReportCollector) throws -> T {
        try data.withUnsafeBytes { raw in
            let text = raw.bindMemory(to: UInt8.self)
            var scanner = PartialScanner(maxDepth: maxDepth, limits: limits)
            do throws(PartialScanner.Stop) {
                try scanner.scan(text)
            } catch {
                // A limit the complete parse met only at the end (a string longer than the limit
                // that is still open) is the limit's error.
                throw error.limitError(in: UnsafeRawBufferPointer(text)) ?? completeParseError
            }
            guard let completion = scanner.completion() else { throw Self.noValueYet }
            do {
                return try decodeSnapshot(type, text: text, scanner: scanner, completion: completion, report: report)
            } catch PartialSnapshotError.closedTextDidNotParse {
                throw completeParseError
            }
        }
    }

    /// `dataCorrupted`: nothing of the root value has arrived.
    static var noValueYet: DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: [],
            debugDescription: "No value has arrived yet: the text is empty, whitespace, or a top-level number or literal cut mid-way."))
    }

    /// Decodes the text as `completion` closes it, recording its `.incomplete` events first.
    ///
    /// - Throws: ``PartialSnapshotError/closedTextDidNotParse`` when the closed text is not a JSON
    ///   document (the kept text is wrong in a way the scanner does not check); the decode's
    ///   errors.
    func decodeSnapshot<T: Decodable>(_ type: T.Type, text: UnsafeBufferPointer<UInt8>, scanner: PartialScanner,
                                      completion: PartialScanner.Completion, report: ReportCollector?) throws -> T {
        var closed = [UInt8]()
        closed.reserveCapacity(completion.keep + completion.suffix.count)
        closed.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<completion.keep]))
        closed.append(contentsOf: completion.suffix)
        let tape: JSONTape
        do {
            tape = try closed.withUnsafeBytes { try parse(bytes: $0, borrowingFrom: closed) }
        } catch {
            throw PartialSnapshotError.closedTextDidNotParse
        }
        if let report {
            for incomplete in completion.incomplete {
                report.append(spelt: DecodingEvent(path: scanner.path(depth: incomplete.depth, in: text), kind: .incomplete,
                                                   detail: incomplete.what))
            }
        }
        return try run(type, .tape(tape), at: nil, report: report)
    }
}

extension PartialScanner.Stop {
    /// The error of a scan that stopped at a limit (nil when the text is malformed).
    func limitError(in text: UnsafeRawBufferPointer) -> DecodingError? {
        guard let limitReason else { return nil }
        var error = JSONParseError(offset: offset, reason: limitReason, in: text)
        error.exceededLimit = limit
        return DecodingMessages.invalidJSON(error)
    }
}

/// Why a snapshot of a partial document was not decoded.
enum PartialSnapshotError: Error {
    /// The closed text is not a JSON document.
    case closedTextDidNotParse
}
