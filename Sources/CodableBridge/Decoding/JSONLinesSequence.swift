import Foundation

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
        AsyncIterator(decoder: decoder, reader: JSONLinesReader(source, chunkSize: chunkSize))
    }

    /// Reads and decodes one line per call.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let decoder: BridgeDecoder
        let reader: JSONLinesReader

        /// The next line's value; `nil` at the end of the file.
        ///
        /// - Throws: ``JSONLinesError`` for a line that does not decode (the next call continues
        ///   after it), or the error of opening or reading the file.
        public mutating func next() async throws -> Element? {
            try reader.nextLine { line, number in
                try decoder.decodeLine(Element.self, line, number: number, report: nil)
            }
        }
    }
}
