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
        defer { report.events.append(contentsOf: collector.events) }
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
        var values: [T] = []
        data.withUnsafeBytes { bytes in
            JSONLines.forEachLine(in: bytes) { line, number in
                let collector = ReportCollector()
                do {
                    values.append(try decodeLine(type, line, number: number, report: collector))
                    report.events.append(contentsOf: collector.events)
                } catch {
                    report.events.append(DecodingEvent(path: DecodingMessages.linePath(number, ""), kind: .dropped,
                                                       detail: DecodingMessages.skippedLine(error)))
                }
            }
        }
        return values
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
        var values: [T] = []
        try data.withUnsafeBytes { bytes in
            try JSONLines.forEachLine(in: bytes) { line, number in
                values.append(try decodeLine(type, line, number: number, report: report))
            }
        }
        return values
    }

    /// Decodes one line's bytes; errors become ``JSONLinesError``, events get the line prefix.
    func decodeLine<T: Decodable>(_ type: T.Type, _ line: UnsafeRawBufferPointer, number: Int, report: ReportCollector?) throws -> T {
        let tape: JSONTape
        do {
            tape = try JSONTape(parsing: line, maxDepth: maxDepth, firstLine: number)
        } catch let error as JSONParseError {
            throw JSONLinesError(line: number, column: error.column, underlyingError: error)
        }
        let lineReport = report.map { _ in ReportCollector() }
        do {
            let value = try decode(type, tape: tape, report: lineReport)
            if let report, let lineReport {
                report.events.append(contentsOf: lineReport.events.map {
                    DecodingEvent(path: DecodingMessages.linePath(number, $0.path), kind: $0.kind, detail: $0.detail)
                })
            }
            return value
        } catch {
            throw JSONLinesError(line: number, column: nil, underlyingError: error)
        }
    }
}
