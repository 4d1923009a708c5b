import Foundation

extension BridgeDecoder {
    /// Decodes JSON Lines (one JSON value per line, as in logs and exports) into an array.
    ///
    /// Each line is decoded as its own document with this decoder's options. Lines end with
    /// `\n` or `\r\n`; blank lines are skipped (but counted); the last line needs no line break.
    ///
    /// ```swift
    /// let text = """
    ///     {"id": 1, "level": "info"}
    ///     {"id": "2", "level": "warn"}
    ///     """
    /// let events = try BridgeDecoder().decodeJSONLines(LogEvent.self, from: Data(text.utf8))
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each line's value.
    ///   - data: UTF-8 JSON Lines.
    /// - Returns: One value per non-blank line, in order.
    /// - Throws: ``JSONLinesError`` for the first line that does not decode, with its 1-based line
    ///   number (and the column when it is not valid JSON).
    public func decodeJSONLines<T: Decodable>(_ type: T.Type, from data: Data) throws -> [T] {
        try decodeLines(type, data, report: nil)
    }

    /// Decodes JSON Lines into an array and appends every coercion, default and dropped element
    /// of every line to `report`; event paths start with the line (`line 3: user.id`).
    ///
    /// - Parameters:
    ///   - type: The type of each line's value.
    ///   - data: UTF-8 JSON Lines.
    ///   - report: Receives the events.
    /// - Returns: One value per non-blank line, in order.
    /// - Throws: ``JSONLinesError`` for the first line that does not decode.
    public func decodeJSONLines<T: Decodable>(_ type: T.Type, from data: Data, report: inout DecodingReport) throws -> [T] {
        let collector = ReportCollector()
        defer { report.append(collector) }
        return try decodeLines(type, data, report: collector)
    }

    /// Decodes JSON Lines into an array, skipping every line that does not decode.
    ///
    /// Each skipped line is a ``DecodingEvent/Kind-swift.struct/dropped`` event at path `line N`
    /// whose detail is the ``JSONLinesError`` text; the events of the lines that decode are
    /// appended too, their paths prefixed with the line (`line 3: user.id`).
    ///
    /// ```swift
    /// var report = DecodingReport()
    /// let events = BridgeDecoder().decodeJSONLines(LogEvent.self, from: data, skippingBadLines: &report)
    /// for event in report.events where event.kind == .dropped { print(event) }   // line 7: dropped: …
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each line's value.
    ///   - data: UTF-8 JSON Lines.
    ///   - report: Receives one event per skipped line, and the other lines' events.
    /// - Returns: The values of the lines that decode, in order.
    public func decodeJSONLines<T: Decodable>(_ type: T.Type, from data: Data, skippingBadLines report: inout DecodingReport) -> [T] {
        data.withUnsafeBytes { bytes in
            let pieces = linePieces(of: bytes)
            let collectors = pieces.map { _ in ReportCollector() }
            let (values, _) = [T].filledInParts(capacities: pieces.map(\.lines), threads: parallelism.threads(forParts: pieces.count)) { part, slots in
                let lines = ReusedDecoder(options: self)
                JSONLines.forEachLine(in: UnsafeRawBufferPointer(rebasing: bytes[pieces[part].range]), firstLine: pieces[part].firstLine) {
                    line, number in
                    do {
                        slots.append(try decodeLine(type, line, number: number, report: collectors[part], using: lines))
                    } catch {
                        collectors[part].append(spelt: DecodingEvent(path: DecodingMessages.linePath(number, ""), kind: .dropped,
                                                                     detail: DecodingMessages.skippedLine(error)))
                        telemetry?.add([(TallyKey(model: .root(TypeID(T.self)), path: .spelt(""), kind: .dropped, rule: .named("skipped line")), 1)])
                    }
                }
                return nil
            }
            for collector in collectors { report.append(collector) }
            return values
        }
    }

    /// Streams the values of a JSON Lines file, reading it in chunks without loading the whole
    /// file.
    ///
    /// ```swift
    /// let handle = try FileHandle(forReadingFrom: logURL)
    /// for try await event in BridgeDecoder().decodeJSONLines(LogEvent.self, from: handle) {
    ///     print(event)
    /// }
    /// ```
    ///
    /// Reading starts at the handle's current offset; the handle is not closed (it is yours).
    ///
    /// - Parameters:
    ///   - type: The type of each line's value.
    ///   - handle: A handle open for reading.
    ///   - chunkSize: Bytes read at a time. Defaults to 65 536.
    /// - Returns: A sequence of one value per non-blank line; iterating throws ``JSONLinesError``
    ///   for a line that does not decode, or the file's read error.
    public func decodeJSONLines<T: Decodable>(_ type: T.Type, from handle: FileHandle, chunkSize: Int = 65_536) -> JSONLinesSequence<T> {
        JSONLinesSequence(decoder: self, source: .handle(handle), chunkSize: chunkSize)
    }

    /// Streams the values of the JSON Lines file at `url`, reading it in chunks without loading
    /// the whole file. The file is opened when iteration starts and closed when the iterator is
    /// released.
    ///
    /// ```swift
    /// for try await event in BridgeDecoder().decodeJSONLines(LogEvent.self, contentsOf: logURL) {
    ///     print(event)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each line's value.
    ///   - url: A file URL.
    ///   - chunkSize: Bytes read at a time. Defaults to 65 536.
    /// - Returns: A sequence of one value per non-blank line; iterating throws ``JSONLinesError``
    ///   for a line that does not decode, the error of opening or reading the file, or
    ///   `CocoaError.fileReadUnsupportedScheme` for a URL that is not a file URL.
    public func decodeJSONLines<T: Decodable>(_ type: T.Type, contentsOf url: URL, chunkSize: Int = 65_536) -> JSONLinesSequence<T> {
        JSONLinesSequence(decoder: self, source: .url(url), chunkSize: chunkSize)
    }

    // MARK: Internals

    private func decodeLines<T: Decodable>(_ type: T.Type, _ data: Data, report: ReportCollector?) throws -> [T] {
        let (values, failure, collectors) = data.withUnsafeBytes { bytes in
            let pieces = linePieces(of: bytes)
            let collectors = report.map { report in
                pieces.count == 1 ? [report] : pieces.map { _ in ReportCollector(keepsDetails: report.keepsDetails) }
            }
            // Each part's values up to its first line that does not decode, and that line's error.
            let (values, failure) = [T].filledInParts(capacities: pieces.map(\.lines), threads: parallelism.threads(forParts: pieces.count)) { part, slots in
                let lines = ReusedDecoder(options: self)
                do {
                    try JSONLines.forEachLine(in: UnsafeRawBufferPointer(rebasing: bytes[pieces[part].range]), firstLine: pieces[part].firstLine) {
                        line, number in
                        slots.append(try decodeLine(type, line, number: number, report: collectors?[part], using: lines))
                    }
                    return nil
                } catch {
                    return error
                }
            }
            return (values, failure, collectors)
        }
        if let report, let collectors, collectors.count > 1 {
            for collector in collectors.prefix(failure.map { $0.part + 1 } ?? collectors.count) { report.appendPart(collector) }
        }
        if let failure { throw failure.error }
        return values
    }

    /// The pieces that JSON Lines text `bytes` is decoded in: one on the calling thread without
    /// ``parallelism``, else as many as it allows for the input's size, cut after the first line
    /// break at or after equal offsets. Each piece's byte range, the number of its first line, and
    /// the number of its lines (the most values it can hold).
    private func linePieces(of bytes: UnsafeRawBufferPointer) -> [(range: Range<Int>, firstLine: Int, lines: Int)] {
        let parts = min(parallelism.parts(forBytes: bytes.count), max(1, bytes.count))
        var pieces: [(range: Range<Int>, firstLine: Int, lines: Int)] = []
        var start = 0
        var line = 1
        for part in 1 ... parts {
            var end = bytes.count
            if part < parts {
                end = max(start, bytes.count / parts * part)
                end = JSONLines.lineBreak(in: bytes, from: end).map { $0 + 1 } ?? bytes.count
            }
            guard end > start || pieces.isEmpty else { continue }
            let breaks = JSONLines.lineBreaks(in: UnsafeRawBufferPointer(rebasing: bytes[start ..< end]))
            // A last line without a line break is a line too.
            let lines = breaks + (end > start && bytes[end - 1] != UInt8(ascii: "\n") ? 1 : 0)
            pieces.append((start ..< end, line, lines))
            line += breaks
            start = end
        }
        return pieces
    }

    /// Decodes one line's bytes with `lines`, the decoder of the lines before it; errors become
    /// ``JSONLinesError``, events get the line prefix.
    func decodeLine<T: Decodable>(_ type: T.Type, _ line: UnsafeRawBufferPointer, number: Int, report: ReportCollector?,
                                  using lines: ReusedDecoder) throws -> T
    {
        let tape: JSONTape
        do {
            tape = try JSONTape(parsing: line, maxDepth: maxDepth, rules: parseRules, firstLine: number)
        } catch let error as JSONParseError {
            throw JSONLinesError(line: number, column: error.column, underlyingError: error)
        }
        let lineReport = report.map { _ in ReportCollector() }
        do {
            let value =
                if ObjectIdentifier(type) == ObjectIdentifier(T.self) {
                    try counting(type, report: lineReport) { report in try lines.decode(T.self, tape: tape, report: report) }
                } else {
                    // A subclass's metatype: decoded as that subclass, as `decode` does.
                    try run(type, .tape(tape), at: nil, report: lineReport)
                }
            if let report, let lineReport {
                for event in lineReport.events {
                    report.append(spelt: DecodingEvent(path: DecodingMessages.linePath(number, event.path), kind: event.kind, detail: event.detail))
                }
            }
            return value
        } catch {
            throw JSONLinesError(line: number, column: nil, underlyingError: error)
        }
    }
}

// Splitting JSON Lines text into lines, shared by the in-memory and the streaming forms.
//
//     bytes      {"a":1}\r\n\n   {"a":2}\n{"a":3        (no final line break)
//     lines      1: {"a":1}       CR of CRLF removed
//                2: (blank)       skipped, still counted
//                3:    {"a":2}    leading spaces are JSON whitespace
//                4: {"a":3        the last line needs no line break
//
// Only LF ends a line (a lone CR is JSON whitespace inside the line). A line holding nothing but
// spaces, tabs and CRs is blank. `JSONLinesReader` does the same over a file read in chunks: it
// keeps the unfinished tail of one chunk and appends the next, so a line may span any number of
// chunks, and it remembers how far it has already looked for a LF so no byte is scanned twice.

enum JSONLines {
    /// The line without a trailing CR, or `nil` when the line is blank.
    static func content(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var end = line.count
        if end > 0, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var i = 0
        while i < end {
            switch line[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): i += 1
            default: return UnsafeRawBufferPointer(rebasing: line[0 ..< end])
            }
        }
        return nil
    }

    /// The offset of the first line break (LF) in `bytes` at or after `start`, or nil. glibc's
    /// `memchr` reads many bytes per step: the cost is per line, not per byte.
    static func lineBreak(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        return memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start).map { UnsafeRawPointer($0) - base }
    }

    /// The number of line breaks (LF) in `bytes`.
    static func lineBreaks(in bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var next = 0
        while let found = lineBreak(in: bytes, from: next) {
            count += 1
            next = found + 1
        }
        return count
    }

    /// Calls `body` with each non-blank line of `bytes` (without its line break) and its 1-based
    /// number, counting from `firstLine` (a piece of a longer text).
    static func forEachLine(in bytes: UnsafeRawBufferPointer, firstLine: Int = 1, _ body: (UnsafeRawBufferPointer, Int) throws -> Void) rethrows {
        var start = 0
        var number = firstLine - 1
        while start < bytes.count {
            let end = lineBreak(in: bytes, from: start) ?? bytes.count
            number += 1
            if let line = content(UnsafeRawBufferPointer(rebasing: bytes[start ..< end])) {
                try body(line, number)
            }
            start = end + 1
        }
    }
}

/// Reads lines from a file in chunks, for ``JSONLinesSequence``. See the design comment above.
final class JSONLinesReader {
    enum Source {
        case handle(FileHandle)
        case url(URL)
    }

    private let source: Source
    /// Open once reading started; closed on deinit when the reader opened it.
    private var handle: FileHandle?
    private var ownsHandle = false
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    /// The first byte of the current (unfinished) line in `buffer`.
    private var start = 0
    /// Bytes after `start` already known to hold no LF.
    private var scanned = 0
    private var atEnd = false
    /// The number of the last line handed out or skipped.
    private var lineNumber = 0

    init(_ source: Source, chunkSize: Int) {
        self.source = source
        self.chunkSize = max(1, chunkSize)
    }

    deinit {
        if ownsHandle, let handle { try? handle.close() }
    }

    /// Calls `body` with the next non-blank line and its number and returns its result; `nil`
    /// at the end of the file. The line is consumed before `body` runs, so after `body` throws
    /// the next call continues with the following line.
    func nextLine<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) throws -> R? {
        while true {
            if let lineEnd = findLineBreak() {
                lineNumber += 1
                let range = start ..< lineEnd
                start = lineEnd + 1
                scanned = 0
                if let result = try line(range, body) { return result }
                continue
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                lineNumber += 1
                let range = start ..< buffer.count
                start = buffer.count
                if let result = try line(range, body) { return result }
                return nil
            }
            try readChunk()
        }
    }

    private func line<R>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer, Int) throws -> R) throws -> R? {
        let number = lineNumber
        return try buffer.withUnsafeBytes { bytes in
            guard let content = JSONLines.content(UnsafeRawBufferPointer(rebasing: bytes[range])) else { return nil }
            return try body(content, number)
        }
    }

    private func findLineBreak() -> Int? {
        if let found = buffer.withUnsafeBytes({ JSONLines.lineBreak(in: $0, from: start + scanned) }) { return found }
        scanned = buffer.count - start
        return nil
    }

    /// Drops the consumed bytes and appends the next chunk, or sets `atEnd`.
    private func readChunk() throws {
        if start > 0 {
            buffer.removeSubrange(0 ..< start)
            start = 0
        }
        let handle = try openHandle()
        let chunk = try handle.readChunk(upTo: chunkSize)
        if chunk.isEmpty {
            atEnd = true
        } else {
            buffer.append(contentsOf: chunk)
        }
    }

    private func openHandle() throws -> FileHandle {
        if let handle { return handle }
        let opened: FileHandle
        switch source {
        case .handle(let given):
            opened = given
        case .url(let url):
            guard url.isFileURL else {
                throw CocoaError(.fileReadUnsupportedScheme, userInfo: [NSURLErrorKey: url])
            }
            opened = try FileHandle(forReadingFrom: url)
            ownsHandle = true
        }
        handle = opened
        return opened
    }
}

/// The values of a JSON Lines file, decoded line by line as the file is read in chunks.
///
/// Made by ``BridgeDecoder/decodeJSONLines(_:from:chunkSize:)`` (a `FileHandle`) and
/// ``BridgeDecoder/decodeJSONLines(_:contentsOf:chunkSize:)`` (a file URL). Memory use is one
/// chunk plus the longest line, whatever the file's size. Works on every platform (it reads with
/// `FileHandle`, not the Apple-only `FileHandle.bytes`).
///
/// ```swift
/// var count = 0
/// for try await event in BridgeDecoder().decodeJSONLines(LogEvent.self, contentsOf: logURL) {
///     count += 1
/// }
/// ```
///
/// A line that does not decode throws ``JSONLinesError`` from the iterator's `next()`, which ends
/// a `for try await` loop. To skip such lines instead, drive the iterator yourself: after an
/// error, the next call to `next()` continues with the following line.
///
/// ```swift
/// var lines = decoder.decodeJSONLines(LogEvent.self, contentsOf: logURL).makeAsyncIterator()
/// while true {
///     do {
///         guard let event = try await lines.next() else { break }
///         handle(event)
///     } catch let error as JSONLinesError {
///         print("skipped", error)             // line 7, column 3: …
///     }
/// }
/// ```
///
/// Reads are blocking `FileHandle` reads on the iterating task, one chunk at a time.
public struct JSONLinesSequence<Element: Decodable>: AsyncSequence {
    let decoder: BridgeDecoder
    let source: JSONLinesReader.Source
    let chunkSize: Int

    /// Starts reading (a URL is opened on the first `next()`).
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(decoder: decoder, reader: JSONLinesReader(source, chunkSize: chunkSize), lines: ReusedDecoder(options: decoder))
    }

    /// Reads and decodes one line per call.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let decoder: BridgeDecoder
        let reader: JSONLinesReader
        /// The decoder of every line, restarted on each.
        let lines: ReusedDecoder

        /// The next line's value; `nil` at the end of the file.
        ///
        /// - Throws: ``JSONLinesError`` for a line that does not decode (the next call continues
        ///   after it), or the error of opening or reading the file.
        public mutating func next() async throws -> Element? {
            try reader.nextLine { line, number in
                try decoder.decodeLine(Element.self, line, number: number, report: nil, using: lines)
            }
        }
    }
}

/// A line of a JSON Lines input that could not be decoded: its line number, the column for
/// malformed JSON, and the error.
///
/// Thrown by ``BridgeDecoder/decodeJSONLines(_:from:)`` and by ``JSONLinesSequence``, and
/// described in the report by ``BridgeDecoder/decodeJSONLines(_:from:skippingBadLines:)``.
///
/// ```swift
/// do {
///     let events = try BridgeDecoder().decodeJSONLines(Event.self, from: data)
/// } catch let error as JSONLinesError {
///     print(error)   // line 3, column 9: expected ',' or '}' after an object member, found ']'
/// }
/// ```
public struct JSONLinesError: Error, CustomStringConvertible {
    /// The 1-based number of the line, counting every line break (`\n`), blank lines included.
    public let line: Int
    /// The 1-based column (in bytes) of the problem when the line is not valid JSON; `nil` when
    /// the JSON is valid but does not decode as the requested type.
    public let column: Int?
    /// The error: a ``JSONParseError`` (its `line` is the line in the whole input) or a
    /// `DecodingError` whose coding path starts at the line's value.
    public let underlyingError: any Error

    /// Creates an error for `line`.
    ///
    /// - Parameters:
    ///   - line: The 1-based line number.
    ///   - column: The 1-based column of a parse error, else `nil`.
    ///   - underlyingError: What went wrong.
    public init(line: Int, column: Int?, underlyingError: any Error) {
        self.line = line
        self.column = column
        self.underlyingError = underlyingError
    }

    /// `line 3, column 9: <parse error>` or `line 3: <kind> at <path>: <message>`.
    public var description: String {
        DecodingMessages.jsonLines(line: line, column: column, underlyingError)
    }
}
