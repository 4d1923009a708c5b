import Foundation

// MARK: - Design
//
// A background task reads the byte source into an inbox (`PartialByteInbox`); the consumer's
// `next()` takes *everything* that has arrived since the last call, hands it to the stream's one
// `PartialDocument` (PartialDocument.swift), which scans it once, appending to the document's tape
// as it reads, and decodes one snapshot of the tape as it stands. So a snapshot is never stale, and
// when bytes arrive faster than the consumer asks, chunks are merged instead of each costing a
// decode. A snapshot's decode takes the values of containers that were already complete from the
// snapshot before (`CompletedValues`), so it costs what is new or still open, not the whole text so
// far. A chunk that does not change the snapshot (whitespace, the middle of a number, a half
// escape) yields nothing. A snapshot that fails to decode (a strict `missingValueStrategy` with
// members not arrived yet) is skipped. Once the root value is complete, its value is decoded once
// more with the same reuse (equal to `decode`'s for the whole text): that value (or error) ends
// the sequence.

extension BridgeDecoder {
    /// A new snapshot of the model each time more of a JSON document has arrived, then the
    /// complete value.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(for: request)   // a streamed answer
    /// for try await answer in BridgeDecoder().partialValues(of: Answer.self, from: bytes) {
    ///     show(answer)            // the model so far; the last one is the complete answer
    /// }
    /// ```
    ///
    /// Snapshots follow the rules of ``decodePartial(_:from:report:)``. The bytes are read by a
    /// background task and parsed once each, whatever the number of snapshots; each `next()`
    /// takes all the bytes that have arrived, so a snapshot reflects everything received when it
    /// is asked for, and a chunk that changes nothing yields nothing. A snapshot decodes only what
    /// is new or still open: an array or object that was complete in the snapshot before is not
    /// decoded again, its value is reused — so its hooks run once, and a class instance in it is
    /// the same object in every later snapshot. Text before the first value, or a top-level
    /// number, yields no snapshot until the end. Telemetry counts the complete value's decode
    /// only (made afresh for a decoder with telemetry).
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: The document's UTF-8 bytes as they arrive.
    /// - Returns: The snapshots. Iterating ends with the complete value; it throws the error a
    ///   complete `decode` of the whole text gives (a source that ends mid-document), a parse
    ///   error with line and column as soon as the text is wrong, a limit error as soon as one is
    ///   exceeded, or the source's own error. A snapshot that fails to decode (members not arrived
    ///   under `missingValueStrategy = .throw`) is skipped, not thrown.
    @inlinable
    public func partialValues<T: Decodable, Bytes: AsyncSequence & Sendable>(of type: T.Type, from bytes: Bytes)
        -> PartialValueSequence<T> where Bytes.Element == UInt8
    {
        PartialValueSequence(decoder: self) { inbox in
            do {
                for try await byte in bytes {
                    if !inbox.append(byte) { return }
                }
                inbox.finish(nil)
            } catch {
                inbox.finish(error)
            }
        }
    }
}

extension BridgeDecoder {
    /// ``partialValues(of:from:)-(_,Bytes)`` for a source of chunks: `Data`, `[UInt8]` or any
    /// other `DataProtocol` (a socket's messages, a file read a block at a time).
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - chunks: The document's UTF-8 bytes, a chunk at a time.
    /// - Returns: The snapshots, as ``partialValues(of:from:)-(_,Bytes)`` gives them.
    @inlinable
    public func partialValues<T: Decodable, Chunks: AsyncSequence & Sendable>(of type: T.Type, from chunks: Chunks)
        -> PartialValueSequence<T> where Chunks.Element: DataProtocol
    {
        PartialValueSequence(decoder: self, chunks: chunks) { inbox, chunk in inbox.append(contentsOf: chunk) }
    }

    /// ``partialValues(of:from:)-(_,Bytes)`` for a source of text: a language model's deltas, a
    /// server-sent event's data lines, as `String` or `Substring` pieces of the document.
    ///
    /// ```swift
    /// for try await answer in BridgeDecoder().partialValues(of: Answer.self, from: deltas) {
    ///     show(answer)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - text: The document's text, a piece at a time (written to the document as UTF-8).
    /// - Returns: The snapshots, as ``partialValues(of:from:)-(_,Bytes)`` gives them.
    @inlinable
    public func partialValues<T: Decodable, Text: AsyncSequence & Sendable>(of type: T.Type, from text: Text)
        -> PartialValueSequence<T> where Text.Element: StringProtocol
    {
        PartialValueSequence(decoder: self, chunks: text) { inbox, piece in inbox.append(contentsOf: piece.utf8) }
    }
}

/// The snapshots of a JSON document as it arrives: each element is the model the text describes
/// so far (``BridgeDecoder/decodePartial(_:from:report:)``), the last one the complete value.
/// Made by ``BridgeDecoder/partialValues(of:from:)-(_,Bytes)``.
public struct PartialValueSequence<T: Decodable>: AsyncSequence, Sendable {
    /// A snapshot of the model.
    public typealias Element = T

    let decoder: BridgeDecoder
    /// Reads the byte source into an inbox.
    let pump: @Sendable (PartialByteInbox) async -> Void

    @usableFromInline
    init(decoder: BridgeDecoder, pump: @escaping @Sendable (PartialByteInbox) async -> Void) {
        self.decoder = decoder
        self.pump = pump
    }

    /// Snapshots of a source of chunks, each handed to the inbox by `append` (false: the consumer
    /// has gone, the reader stops).
    @inlinable
    init<Chunks: AsyncSequence & Sendable>(decoder: BridgeDecoder, chunks: Chunks,
                                           append: @escaping @Sendable (PartialByteInbox, Chunks.Element) -> Bool) {
        self.init(decoder: decoder) { inbox in
            do {
                for try await chunk in chunks {
                    if !append(inbox, chunk) { return }
                }
                inbox.finish(nil)
            } catch {
                inbox.finish(error)
            }
        }
    }

    /// Starts reading the byte source (in a background task) when first asked for a snapshot.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: PartialStream(decoder: decoder, pump: pump))
    }

    /// Gives the snapshots of one pass over the byte source.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let stream: PartialStream<T>

        /// The next snapshot: the model as the text that has arrived describes it, or (at the end
        /// of the source) the complete value; nil after that.
        public mutating func next() async throws -> T? {
            try await stream.next()
        }
    }
}

/// The bytes read from the source and not yet taken by the consumer.
///
/// The reader hands over every byte as it arrives (it cannot know when the source will pause), so
/// `append` is the per-byte cost of the pipeline: one uncontended lock, no reference counting, no
/// exclusivity check (every stored property is read and written under `lock` only).
@usableFromInline
final class PartialByteInbox: @unchecked Sendable {
    private let lock = NSLock()
    @exclusivity(unchecked) private var bytes: [UInt8] = []
    @exclusivity(unchecked) private var finished = false
    @exclusivity(unchecked) private var failure: (any Error)?
    @exclusivity(unchecked) private var cancelled = false
    /// Whether the consumer waits in `waiter`: tested per byte, so a `Bool` rather than the
    /// optional continuation itself.
    @exclusivity(unchecked) private var isWaiting = false
    @exclusivity(unchecked) private var waiter: CheckedContinuation<Void, Never>?

    /// Adds a byte; false when the consumer has gone (the reader stops).
    @usableFromInline
    func append(_ byte: UInt8) -> Bool {
        lock.lock()
        bytes.append(byte)
        guard isWaiting else {
            let go = !cancelled
            lock.unlock()
            return go
        }
        let waiter = takeWaiter()
        let go = !cancelled
        lock.unlock()
        waiter?.resume()
        return go
    }

    /// Adds a chunk's bytes; false when the consumer has gone (the reader stops).
    @usableFromInline
    func append(contentsOf chunk: some Sequence<UInt8>) -> Bool {
        lock.lock()
        bytes.append(contentsOf: chunk)
        let waiter = isWaiting ? takeWaiter() : nil
        let go = !cancelled
        lock.unlock()
        waiter?.resume()
        return go
    }

    /// The waiting consumer's continuation, no longer stored (call with `lock` held).
    private func takeWaiter() -> CheckedContinuation<Void, Never>? {
        let waiter = self.waiter
        self.waiter = nil
        isWaiting = false
        return waiter
    }

    /// The source has ended, with `error` or without.
    @usableFromInline
    func finish(_ error: (any Error)?) {
        lock.lock()
        if !finished {
            finished = true
            failure = error
        }
        let waiter = takeWaiter()
        lock.unlock()
        waiter?.resume()
    }

    /// The consumer has gone: the reader stops at its next byte.
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// What ``take()`` returns.
    struct Taken {
        var bytes: [UInt8]
        var finished: Bool
        var failure: (any Error)?
    }

    private func takeIfReady() -> Taken? {
        lock.lock()
        defer { lock.unlock() }
        guard !bytes.isEmpty || finished else { return nil }
        var taken = Taken(bytes: [], finished: finished, failure: failure)
        swap(&taken.bytes, &bytes)
        return taken
    }

    /// Waits until bytes have arrived or the source has ended, then takes all the bytes.
    func take() async -> Taken {
        while true {
            if let taken = takeIfReady() { return taken }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    lock.lock()
                    if !bytes.isEmpty || finished {
                        lock.unlock()
                        continuation.resume()
                        return
                    }
                    waiter = continuation
                    isWaiting = true
                    lock.unlock()
                }
            } onCancel: {
                finish(CancellationError())
            }
        }
    }
}

/// One pass over a byte source: the document it feeds (which keeps the text so far, its tape and
/// the values of complete parts), the reader task.
final class PartialStream<T: Decodable> {
    private let pump: @Sendable (PartialByteInbox) async -> Void
    private let inbox = PartialByteInbox()
    private var reader: Task<Void, Never>?
    private let document: PartialDocument<T>
    private var isOver = false
    /// Whether the complete value has been yielded.
    private var yieldedComplete = false

    init(decoder: BridgeDecoder, pump: @escaping @Sendable (PartialByteInbox) async -> Void) {
        self.pump = pump
        self.document = PartialDocument(decoder: decoder)
    }

    deinit {
        inbox.cancel()
        reader?.cancel()
    }

    func next() async throws -> T? {
        guard !isOver else { return nil }
        if reader == nil {
            let pump = self.pump
            let inbox = self.inbox
            reader = Task.detached { await pump(inbox) }
        }
        while true {
            let taken = await inbox.take()
            if !taken.bytes.isEmpty {
                do {
                    try taken.bytes.withUnsafeBufferPointer { try document.feed.scan($0) }
                } catch {
                    end()
                    throw error
                }
            }
            if taken.finished {
                end()
                if let failure = taken.failure { throw failure }
                if yieldedComplete { return nil }
                return try document.finish()
            }
            if let snapshot = document.snapshot() {
                yieldedComplete = document.isComplete
                return snapshot
            }
        }
    }

    private func end() {
        isOver = true
        inbox.cancel()
        reader?.cancel()
    }
}
