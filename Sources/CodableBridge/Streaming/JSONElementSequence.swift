import Foundation

extension BridgeDecoder {
    /// Streams the elements of the array at `path` in the JSON file at `url`, each decoded as
    /// soon as it has been read, without loading the file.
    ///
    /// The file is read in chunks and scanned once; only the element being read is kept, so
    /// memory stays bounded by the largest element plus one chunk, whatever the array's length.
    /// The rest of the document (the members before and after the array) is skipped, but still
    /// checked as JSON.
    ///
    /// ```swift
    /// // export.json: {"data": {"items": [{"id": 1, "name": "Ada"}, …]}, "next": null}
    /// for try await item in BridgeDecoder().elements(of: Item.self, at: "data.items", contentsOf: exportURL) {
    ///     print(item.name)
    /// }
    /// ```
    ///
    /// Each element is decoded with this decoder's options (strategies, mapping tables, coercion)
    /// as `decode([T].self, …)` decodes it: under a lenient policy an element that does not decode
    /// is dropped and reported in the sequence's ``JSONElementSequence/report``; under `.strict`
    /// the error's coding path holds the element's index (`data.items[3].id`). ``limits`` apply
    /// to each element on its own (`maxDocumentBytes` is the most bytes one element, or one
    /// skipped value, may have); ``maxDepth`` counts from the document's root, as for `decode`.
    /// Without limits one element may grow as large as the file.
    ///
    /// The text is read as UTF-8 JSON; the JSON5 and trailing-comma options do not apply here.
    ///
    /// - Parameters:
    ///   - type: The type of each element.
    ///   - path: Dot-separated keys to the array, as `decode(_:from:at:)` takes them
    ///     (`"data.items"`; numeric segments index arrays). Defaults to `nil`: the document is the
    ///     array.
    ///   - url: A file URL. The file is opened when iteration starts and closed when the iterator
    ///     is released.
    ///   - chunkSize: Bytes read at a time. Defaults to 65 536.
    /// - Returns: A sequence of the decoded elements. Iterating throws ``JSONParseError`` for
    ///   malformed text (with its line and column in the file, after the elements before it were
    ///   handed out) or a limit; `DecodingError` for an element that does not decode under a
    ///   strict policy, or when the path is missing or is not an array; the error of opening or
    ///   reading the file; `CancellationError` when the task is cancelled.
    public func elements<T: Decodable>(of type: T.Type, at path: String? = nil, contentsOf url: URL,
                                       chunkSize: Int = 65_536) -> JSONElementSequence<T>
    {
        JSONElementSequence(decoder: self, path: path) { .file(ElementFileSource(url: url, chunkSize: chunkSize)) }
    }

    /// Streams the elements of the array at `path` in JSON arriving as bytes (`URLSession`'s
    /// `bytes(for:)`, any `AsyncSequence` of `UInt8`), each decoded as soon as its last byte has
    /// arrived.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: exportURL)
    /// for try await item in BridgeDecoder().elements(of: Item.self, at: "data.items", from: bytes) {
    ///     print(item.name)
    /// }
    /// ```
    ///
    /// Bytes are gathered into batches before they are scanned; memory stays bounded by the
    /// largest element plus one batch. Decoding, errors, limits and the report are as for
    /// ``elements(of:at:contentsOf:chunkSize:)``.
    ///
    /// - Parameters:
    ///   - type: The type of each element.
    ///   - path: Dot-separated keys to the array. Defaults to `nil`: the document is the array.
    ///   - bytes: The document's UTF-8 bytes.
    /// - Returns: A sequence of the decoded elements; iterating throws as for a file, and what
    ///   `bytes` throws.
    @inlinable
    public func elements<T: Decodable, Bytes: AsyncSequence & Sendable>(of type: T.Type, at path: String? = nil,
                                                                        from bytes: Bytes) -> JSONElementSequence<T>
    where Bytes.Element == UInt8 {
        JSONElementSequence(decoder: self, path: path) {
            var iterator = bytes.makeAsyncIterator()
            return .bytes(ElementAsyncSource { batch, boundary in
                // A local copy for the batch: the captured variable would be checked for
                // exclusive access at every byte.
                var local = iterator
                defer { iterator = local }
                while batch.count < ElementAsyncSource.batchSize {
                    guard let byte = try await local.next() else { return }
                    batch.append(byte)
                    if boundary.endsBatch(after: byte) { return }
                }
            })
        }
    }

    /// ``elements(of:at:from:)-(_,_,Bytes)`` for a source of chunks: `Data`, `[UInt8]` or any
    /// other `DataProtocol` (a socket's messages, blocks read from storage). Each chunk is scanned
    /// as it arrives; memory stays bounded by the largest element plus one chunk.
    ///
    /// - Parameters:
    ///   - type: The type of each element.
    ///   - path: Dot-separated keys to the array. Defaults to `nil`: the document is the array.
    ///   - chunks: The document's UTF-8 bytes, a chunk at a time.
    /// - Returns: A sequence of the decoded elements; iterating throws as for a file, and what
    ///   `chunks` throws.
    @inlinable
    public func elements<T: Decodable, Chunks: AsyncSequence & Sendable>(of type: T.Type, at path: String? = nil,
                                                                         from chunks: Chunks) -> JSONElementSequence<T>
    where Chunks.Element: DataProtocol {
        JSONElementSequence(decoder: self, path: path) {
            var iterator = chunks.makeAsyncIterator()
            return .bytes(ElementAsyncSource { batch, _ in
                var local = iterator
                defer { iterator = local }
                // A chunk is a batch; an empty one is skipped (an empty batch ends the input).
                while batch.isEmpty {
                    guard let chunk = try await local.next() else { return }
                    batch.append(contentsOf: chunk)
                }
            })
        }
    }
}

/// The elements of one JSON array, decoded one by one as the text is read: made by
/// ``BridgeDecoder/elements(of:at:contentsOf:chunkSize:)`` (a file) and
/// ``BridgeDecoder/elements(of:at:from:)-(_,_,Bytes)`` (an `AsyncSequence` of bytes).
///
/// ```swift
/// let items = BridgeDecoder().elements(of: Item.self, at: "data.items", contentsOf: exportURL)
/// var count = 0
/// for try await _ in items { count += 1 }
/// for event in items.report.events where event.kind == .dropped {
///     print(event)   // data.items[3]: dropped: …
/// }
/// ```
///
/// Iteration ends at the end of the document, or with an error from `next()`: malformed text
/// anywhere in the document (a ``JSONParseError`` with its line and column in the whole input),
/// an element that does not decode under a strict policy, a missing path, or cancellation
/// (`CancellationError`; the task is checked before each read). After an error, `next()`
/// returns `nil`. Each iteration reads the input again from its start (a byte sequence that
/// can be iterated once can be streamed once).
public struct JSONElementSequence<T: Decodable>: AsyncSequence, Sendable {
    /// The decoded element.
    public typealias Element = T

    let decoder: BridgeDecoder
    let path: String?
    let makeSource: @Sendable () -> ElementInput
    let events: ElementEvents

    @usableFromInline
    init(decoder: BridgeDecoder, path: String?, source: @escaping @Sendable () -> ElementInput) {
        self.decoder = decoder
        self.path = path
        self.makeSource = source
        self.events = ElementEvents()
    }

    /// What the decoder changed or dropped in the elements of the last iteration — coercions,
    /// defaults, dropped elements — with paths from the document's root (`data.items[3].id`).
    /// Read it once the loop has ended; it is emptied when a new iteration starts.
    public var report: DecodingReport { events.report }

    /// Starts reading (a file is opened on the first `next()`).
    public func makeAsyncIterator() -> AsyncIterator {
        events.reset()
        return AsyncIterator(reader: ElementReader(decoder: decoder, path: path, source: makeSource(), events: events))
    }

    /// Reads until the next element is complete and decodes it.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: ElementReader<T>

        /// The next element; `nil` at the end of the array's document (or after an error).
        ///
        /// - Throws: ``JSONParseError``, `DecodingError`, the input's error, or
        ///   `CancellationError`.
        public mutating func next() async throws -> T? {
            try await reader.next(isolation: nil)
        }

        /// The next element, read and decoded on the caller's actor (a `for try await` loop
        /// calls this): a file is read and each element decoded without leaving it.
        ///
        /// - Parameter actor: The caller's isolation.
        /// - Throws: As ``next()``.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> T? {
            try await reader.next(isolation: actor)
        }
    }
}

/// The report of a ``JSONElementSequence``, written by its iterator and read after the loop.
final class ElementEvents: @unchecked Sendable {  // every access under `lock`
    private let lock = NSLock()
    private var collected = DecodingReport()

    var report: DecodingReport {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    func reset() {
        lock.lock()
        defer { lock.unlock() }
        collected = DecodingReport()
    }

    func append(_ collector: ReportCollector) {
        guard !collector.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        collected.append(collector)
    }
}

/// The iteration of a ``JSONElementSequence``: the scanner, the source and the element decode.
final class ElementReader<T: Decodable> {
    private let decoder: BridgeDecoder
    private var scanner: ElementScanner
    private let arrayPath: [PathComponent]
    private let source: ElementInput
    private let events: ElementEvents
    /// The decoder of every element, restarted on each.
    private let elements: ReusedDecoder
    private var done = false
    /// The most bytes the scanner has held at once (what streaming keeps in memory).
    private(set) var peakHeldBytes = 0

    init(decoder: BridgeDecoder, path: String?, source: ElementInput, events: ElementEvents) {
        self.decoder = decoder
        self.scanner = ElementScanner(path: path, maxDepth: decoder.maxDepth, rules: decoder.parseRules)
        self.arrayPath = scanner.arrayPath
        self.source = source
        self.events = events
        elements = ReusedDecoder(options: decoder)
    }

    func next(isolation actor: isolated (any Actor)?) async throws -> T? {
        guard !done else { return nil }
        do {
            while true {
                switch try scanner.next() {
                case .element(let range, let index, let tape):
                    if let value = try decode(range, index: index, parsed: tape) { return value }
                case .needsMore:
                    try Task.checkCancellation()
                    let more = switch source {
                    case .file(let file): try file.read(into: &scanner)
                    case .bytes(let bytes): try await bytes.read(into: &scanner)
                    }
                    if !more { scanner.finish() }
                    peakHeldBytes = max(peakHeldBytes, scanner.heldBytes)
                case .finished:
                    done = true
                    return nil
                }
            }
        } catch {
            done = true
            throw error
        }
    }

    /// Decodes the element at `range` of the scanner's buffer, parsing it first unless the
    /// scanner did (`parsed`); `nil` when it was dropped.
    private func decode(_ range: Range<Int>, index: Int, parsed: JSONTape?) throws -> T? {
        let tape: JSONTape
        if let parsed {
            tape = parsed
        } else {
            do {
                tape = try scanner.buffer[range].withUnsafeBytes { bytes in
                    try JSONTape(parsing: bytes, maxDepth: scanner.valueMaxDepth, rules: decoder.parseRules)
                }
            } catch let error as JSONParseError {
                throw scanner.relocated(error, from: range.lowerBound)
            }
        }
        let collector = ReportCollector()
        defer { events.append(collector) }
        // Decoded as an array decode decodes its element `index`: the same rule drops it under
        // lenient policies, and its coding path is the array's and the index (`data.items[3].id`).
        return try decoder.counting([T].self, report: collector) { report in
            try elements.decode(tape: tape, report: report, path: arrayPath) { impl in
                var value: T?
                try impl.decodeElement(T.self, node: 0, key: .index(index), elementType: nil) { decoded in value = consume decoded }
                return value
            }
        }
    }
}
