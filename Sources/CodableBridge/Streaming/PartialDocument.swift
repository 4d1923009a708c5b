import Foundation

// MARK: - Design
//
// `PartialDocument` is the whole of partial decoding as it arrives, driven by the caller: one
// `PartialScanner` that reads each byte once and builds the document's tape as it goes, and the
// values of complete containers and strings kept from one snapshot's decode for the next
// (`CompletedValues`, Decoding/DecoderImpl+Update.swift). `append` scans what it is given and
// decodes one snapshot when the text's shape changed; once the root value is complete, the whole
// text is decoded as `decode` does, once. `partialValues` (PartialValueSequence.swift) is this
// type fed by a background reader: each `next()` hands it every byte that arrived since.

extension BridgeDecoder {
    /// A JSON document that you feed as it arrives — from a delegate's callbacks, a socket's
    /// messages, a language model's text deltas — with the model the text describes so far after
    /// each piece.
    ///
    /// ```swift
    /// let document = BridgeDecoder().partialDocument(of: Answer.self)
    /// for delta in ["{\"title\": \"Ra", "in\", \"steps\": [\"Wa", "it\"]}"] {
    ///     if let answer = try document.append(delta) { show(answer) }   // "Ra", then "Rain", …
    /// }
    /// let answer = try document.finish()            // the complete value, decoded as decode does
    /// ```
    ///
    /// Snapshots follow the rules of ``decodePartial(_:from:report:)``; ``partialValues(of:from:)-(_,Bytes)``
    /// is the same for an `AsyncSequence` source.
    ///
    /// - Parameter type: The type to decode.
    /// - Returns: An empty document.
    public func partialDocument<T: Decodable>(of type: T.Type) -> PartialDocument<T> {
        PartialDocument(decoder: self)
    }
}

/// A JSON document arriving in pieces that the caller appends, and the model its text describes
/// so far. Made by ``BridgeDecoder/partialDocument(of:)``.
///
/// Each byte is scanned once, whatever the number of pieces, and a snapshot decodes only what is
/// new or still open: an array, object or string that was complete in the snapshot before is not
/// decoded again — so a complete part's `init(from:)` and hooks run once, and a class instance in
/// it is the same object in every later snapshot. A piece that changes nothing (whitespace, the
/// middle of a number or an escape) gives no snapshot.
///
/// A class: the document is one stream of text, shared by whoever appends to it. Not `Sendable`;
/// use it from one task or thread at a time.
public final class PartialDocument<T: Decodable> {
    private let decoder: BridgeDecoder
    private var scanner: PartialScanner
    private let completed = CompletedValues()
    /// The shape of the last snapshot decoded.
    private var lastShape: PartialScanner.SnapshotShape?
    /// The root is complete and its value was decoded (kept for ``finish()``), or failed to.
    private var complete: Result<T, any Error>?
    /// The error that stopped the scan: every later call throws it.
    private var failure: (any Error)?

    init(decoder: BridgeDecoder) {
        self.decoder = decoder
        self.scanner = PartialScanner(maxDepth: decoder.maxDepth, rules: decoder.parseRules)
    }

    /// Whether the text holds a complete JSON value (whitespace may still follow).
    public var isComplete: Bool { scanner.isComplete }

    /// Appends the next bytes of the document's UTF-8 text.
    ///
    /// - Parameter bytes: The bytes that arrived.
    /// - Returns: The model the text describes so far, when it changed since the last one
    ///   returned: a snapshot, or once the root value is complete, that value decoded as
    ///   `decode` does. Nil when nothing changed, when no value has arrived yet (whitespace, a
    ///   top-level number that may go on), or when the snapshot does not decode (members not
    ///   arrived under `missingValueStrategy = .throw`; the complete value's error is thrown by
    ///   ``finish()``).
    /// - Throws: `DecodingError.dataCorrupted` with line and column as soon as the text is wrong
    ///   (not merely cut), or a limit's error as soon as one is exceeded; then again on every
    ///   later call.
    @discardableResult
    public func append(_ bytes: some Sequence<UInt8>) throws -> T? {
        if try bytes.withContiguousStorageIfAvailable({ try scan($0) }) == nil {
            try Array(bytes).withUnsafeBufferPointer { try scan($0) }
        }
        return snapshot()
    }

    /// Appends the next piece of the document's text (a language model's delta, a socket's
    /// message), as UTF-8.
    ///
    /// - Parameter text: The text that arrived.
    /// - Returns: As `append(_:)`.
    /// - Throws: As `append(_:)`.
    @discardableResult
    public func append(_ text: some StringProtocol) throws -> T? {
        var text = String(text)
        try text.withUTF8 { try scan($0) }
        return snapshot()
    }

    /// The text has ended: the complete value, decoded as `decode` does.
    ///
    /// - Returns: The value of the whole text.
    /// - Throws: The error `decode` gives for the whole text — a text that ends mid-document
    ///   throws "unexpected end of input" with line and column — or the error that stopped an
    ///   earlier `append(_:)`.
    public func finish() throws -> T {
        if let failure { throw failure }
        return try completeValue().get()
    }

    /// The whole text decoded as `decode` does, once.
    private func completeValue() -> Result<T, any Error> {
        if let complete { return complete }
        let value = Result { try decoder.decode(T.self, from: scanner.text) }
        complete = value
        return value
    }

    // MARK: Feeding

    /// Scans `bytes`; when the text turns out wrong or exceeds a limit, keeps the error and
    /// throws it (and so does every later call).
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if let failure { throw failure }
        do {
            try scanner.scan(bytes)
        } catch {
            let failure = stopError(error)
            self.failure = failure
            throw failure
        }
    }

    /// The error for a scan that stopped: a limit's, or the parser's for the text so far.
    private func stopError(_ stop: PartialScanner.Stop) -> any Error {
        scanner.text.withUnsafeBytes { raw in
            if let error = stop.limitError(in: raw) { return error }
            do {
                _ = try decoder.parse(bytes: raw)
            } catch {
                return error
            }
            return DecodingMessages.invalidJSON(JSONParseError(offset: stop.offset, reason: "unexpected byte", in: raw))
        }
    }

    /// The model as the text so far describes it, or nil when it is the same as the last one, when
    /// no value has arrived, or when it does not decode.
    func snapshot() -> T? {
        if scanner.isComplete {
            // The root is complete: decoded once, as `decode` does (whitespace after it changes
            // nothing).
            guard complete == nil else { return nil }
            return try? completeValue().get()
        }
        guard let shape = scanner.snapshotShape(), shape != lastShape else { return nil }
        lastShape = shape
        scanner.markOpenValues(in: completed)
        do {
            return try scanner.withSnapshotTape(shape) { tape in
                try DecoderImpl.decode(T.self, tape: tape, options: decoder, report: nil, keyPath: nil, completedValues: completed)
            }
        } catch {
            return nil
        }
    }
}
