import Foundation

// MARK: - Design
//
// `decodePartial` first parses the text as a complete document. When that succeeds, it decodes
// exactly as `decode` does (same value, events and errors; the only extra cost is none). When it
// fails, `PartialScanner` (PartialScanner.swift) reads the text and builds its tape: if the text
// is wrong rather than cut, the complete parse's error is the answer (line and column, as
// `decode` gives); otherwise the tape, closed where the text ends, is decoded by the normal path,
// and the paths the text ended inside get `.incomplete` events ahead of the decode's own.
//
// `PartialDocument` (PartialDocument.swift), and `partialValues` through it, keeps one scanner
// for the whole stream, so each byte is scanned once, and decodes a snapshot of its tape after
// each piece, reusing the values of complete containers and strings from the snapshot before
// (Decoding/DecoderImpl+Update.swift).

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
        var scanner = PartialScanner(maxDepth: maxDepth, rules: parseRules)
        do {
            try data.withUnsafeBytes { raw in try scanner.scan(raw.bindMemory(to: UInt8.self)) }
        } catch let error as PartialScanner.Stop {
            // A limit the complete parse met only at the end (a string longer than the limit
            // that is still open) is the limit's error.
            throw data.withUnsafeBytes { error.limitError(in: $0) } ?? completeParseError
        }
        // A text the scanner reads as complete did not parse: the parse's error is the answer.
        guard !scanner.isComplete else { throw completeParseError }
        let incomplete = scanner.incompletePaths()
        let paths = incomplete.map { scanner.path(depth: $0.depth) }
        let value = try scanner.withSnapshotTape { tape in
            for (event, path) in zip(incomplete, paths) {
                report.append(spelt: DecodingEvent(path: path, kind: .incomplete, detail: event.what))
            }
            return try run(type, .tape(tape), at: nil, report: report)
        }
        guard let value else { throw Self.noValueYet }
        return value
    }

    /// `dataCorrupted`: nothing of the root value has arrived.
    static var noValueYet: DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: [],
            debugDescription: "No value has arrived yet: the text is empty, whitespace, or a top-level number or literal cut mid-way."))
    }
}

extension PartialScanner.Stop {
    /// The error of a scan that stopped at a limit or a repeated key (nil when the text is
    /// malformed: the parser names what is wrong).
    func limitError(in text: UnsafeRawBufferPointer) -> DecodingError? {
        guard let reason else { return nil }
        var error = JSONParseError(offset: offset, reason: reason, firstAt: duplicateKey?.firstAt,
                                   hint: duplicateKey == nil ? nil : "the decoder's duplicateKeyStrategy is .throw", in: text)
        error.exceededLimit = limit
        error.duplicateKey = duplicateKey?.name
        return DecodingMessages.invalidJSON(error)
    }
}
