import Foundation

// MARK: - Design
//
// `PartialDocument` is the whole of partial decoding as it arrives, driven by the caller: one
// `PartialScanner` that reads each byte once and builds the document's tape as it goes, and the
// values of complete containers and strings kept from one snapshot's decode for the next
// (`CompletedValues`, Decoding/DecoderImpl+Update.swift). `append` scans what it is given and
// decodes one snapshot when the text's shape changed; once the root value is complete, its value
// is decoded once, from the same tape with the same reuse: it equals `decode`'s for the whole text.
// Every snapshot is decoded by one `DecoderImpl`, restarted on each (Streaming/ReusedDecoder.swift),
// so the keyed containers made for one snapshot's models are handed out again in the next.
// The state that does not depend on the model type lives in `PartialFeed`, so that the
// document's inlinable entry points are compiled for the caller's type. `partialValues`
// (PartialValueSequence.swift) is this type fed by a background reader: each `next()` hands it
// every byte that arrived since.

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
    /// let answer = try document.finish()            // the complete value, as decode gives it
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
/// it is the same object in every later snapshot and in the complete value. A piece that changes
/// nothing (whitespace, the middle of a number or an escape) gives no snapshot.
///
/// A class: the document is one stream of text, shared by whoever appends to it. Not `Sendable`;
/// use it from one task or thread at a time.
public final class PartialDocument<T: Decodable> {
    /// The text so far and what its snapshots keep; nothing in it depends on `T`.
    @usableFromInline let feed: PartialFeed
    /// The root is complete and its value was decoded (kept for ``finish()``), or failed to.
    @usableFromInline var complete: Result<T, any Error>?

    init(decoder: BridgeDecoder) {
        feed = PartialFeed(decoder: decoder)
    }

    /// Whether the text holds a complete JSON value (whitespace may still follow).
    public var isComplete: Bool { feed.isComplete }

    /// Appends the next bytes of the document's UTF-8 text.
    ///
    /// - Parameter bytes: The bytes that arrived.
    /// - Returns: The model the text describes so far, when it changed since the last one
    ///   returned: a snapshot, or once the root value is complete, that value (the one ``finish()``
    ///   returns). Nil when nothing changed, when no value has arrived yet (whitespace, a
    ///   top-level number that may go on), or when the snapshot does not decode (members not
    ///   arrived under `missingValueStrategy = .throw`; the complete value's error is thrown by
    ///   ``finish()``).
    /// - Throws: `DecodingError.dataCorrupted` with line and column as soon as the text is wrong
    ///   (not merely cut), or a limit's error as soon as one is exceeded; then again on every
    ///   later call.
    @inlinable @discardableResult
    public func append(_ bytes: some Sequence<UInt8>) throws -> T? {
        // Inlinable, so that a caller's loop is compiled for its model type: a function generic
        // over `T` that returns a `T?` looks up `Optional<T>`'s metadata on every call.
        if try bytes.withContiguousStorageIfAvailable({ try feed.scan($0) }) == nil {
            try Array(bytes).withUnsafeBufferPointer { try feed.scan($0) }
        }
        return snapshot()
    }

    /// Appends the next piece of the document's text (a language model's delta, a socket's
    /// message), as UTF-8.
    ///
    /// - Parameter text: The text that arrived.
    /// - Returns: As `append(_:)`.
    /// - Throws: As `append(_:)`.
    @inlinable @discardableResult
    public func append(_ text: some StringProtocol) throws -> T? {
        var text = String(text)
        try text.withUTF8 { try feed.scan($0) }
        return snapshot()
    }

    /// The text has ended: the complete value, as `decode` gives it for the whole text.
    ///
    /// - Returns: The value of the whole text.
    /// - Throws: The error `decode` gives for the whole text — a text that ends mid-document
    ///   throws "unexpected end of input" with line and column — or the error that stopped an
    ///   earlier `append(_:)`. A text cut short may still go on: appending to it afterwards
    ///   continues the document.
    public func finish() throws -> T {
        if let failure = feed.failure { throw failure }
        return try completeValue().get()
    }

    /// The value of the whole text so far, decoded once the root is complete (only whitespace
    /// may follow it); before that (``finish()`` on a text that may still go on), each time.
    @usableFromInline
    func completeValue() -> Result<T, any Error> {
        if let complete { return complete }
        let value = Result { try feed.decodeComplete(T.self) }
        if feed.isComplete { complete = value }
        return value
    }

    /// The model as the text so far describes it, or nil when it is the same as the last one, when
    /// no value has arrived, or when it does not decode.
    @inlinable
    func snapshot() -> T? {
        if feed.isComplete {
            // The root is complete: decoded once (whitespace after it changes nothing).
            guard complete == nil else { return nil }
            return try? completeValue().get()
        }
        guard feed.takeNewShape() else { return nil }
        return try? feed.decodeSnapshot(T.self)
    }
}

/// What a ``PartialDocument`` has been fed: the scanner that reads each byte once and builds the
/// text's tape, the shape of the last snapshot, the values of complete containers and strings
/// that the next snapshot reuses, and the error that stopped the scan. Nothing here depends on the
/// model type, so the document's state is read without a metadata lookup or a copy.
@usableFromInline
final class PartialFeed {
    let decoder: BridgeDecoder
    @exclusivity(unchecked) private var scanner: PartialScanner
    private let completed: CompletedValues
    /// The shape of the last snapshot taken, and of the one about to be decoded.
    @exclusivity(unchecked) private var lastShape: PartialScanner.SnapshotShape?
    /// The error that stopped the scan: every later call throws it.
    @exclusivity(unchecked) private(set) var failure: (any Error)?
    /// The decoder of the snapshots, restarted on each: the keyed containers it made for one
    /// snapshot's models are handed out again in the next.
    private let snapshots: ReusedDecoder

    init(decoder: BridgeDecoder) {
        self.decoder = decoder
        scanner = PartialScanner(maxDepth: decoder.maxDepth, rules: decoder.parseRules)
        completed = CompletedValues()
        snapshots = ReusedDecoder(options: decoder, completedValues: completed)
    }

    /// Whether the text holds a complete JSON value.
    @usableFromInline var isComplete: Bool { inPlace { $0.isComplete } }

    /// Runs `body` on the scanner where it is stored. A call on `scanner` that does not mutate it
    /// would run on a copy (a retain and a release of each of its buffers, per snapshot).
    @inline(__always)
    private func inPlace<R>(_ body: (inout PartialScanner) -> R) -> R {
        body(&scanner)
    }

    /// Scans `bytes`; when the text turns out wrong or exceeds a limit, keeps the error and
    /// throws it (and so does every later call).
    @usableFromInline
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

    /// Whether the text so far has a snapshot whose shape differs from the last one taken; if so,
    /// it becomes the one ``decodeSnapshot(_:)`` decodes.
    @usableFromInline
    func takeNewShape() -> Bool {
        guard let shape = inPlace({ $0.snapshotShape() }), shape != lastShape else { return false }
        lastShape = shape
        return true
    }

    /// The snapshot whose shape ``takeNewShape()`` took, decoded with the values kept from the
    /// snapshots before.
    @usableFromInline
    func decodeSnapshot<T: Decodable>(_ type: T.Type) throws -> T {
        guard let shape = lastShape else {
            // Not reached: `takeNewShape()` returned true first.
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "no value has arrived"))
        }
        return try decodeTape(T.self, shape)
    }

    /// The value of the whole text, as `decode` gives it. Once the root is complete, the
    /// scanner's tape is the parser's, so the values kept from the snapshots are reused and only
    /// what was still open in the last one is decoded; a decoder with telemetry decodes the text
    /// afresh, so that the events of every part are counted. A text that ends early, or a
    /// top-level number that never ended, is decoded as `decode` does (for its error or value).
    func decodeComplete<T: Decodable>(_ type: T.Type) throws -> T {
        guard isComplete, decoder.telemetry == nil, let shape = inPlace({ $0.snapshotShape() }) else {
            return try decoder.decode(T.self, from: scanner.text)
        }
        return try decodeTape(T.self, shape)
    }

    /// The tape of the text so far, with the shape `shape`, decoded with the kept values.
    private func decodeTape<T: Decodable>(_ type: T.Type, _ shape: PartialScanner.SnapshotShape) throws -> T {
        inPlace { $0.markOpenValues(in: completed, shape: shape) }
        return try scanner.withSnapshotTape(shape) { tape in
            try snapshots.decode(T.self, tape: tape)
        }
    }
}
