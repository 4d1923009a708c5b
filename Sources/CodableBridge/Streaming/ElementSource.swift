import Foundation

/// Where the bytes of a streamed array come from: a file is read synchronously on the iterating
/// actor (no hop per chunk); a byte sequence is awaited once per batch.
enum ElementInput {
    case file(ElementFileSource)
    case bytes(any ElementByteSource)
}

/// Where the bytes of a streamed array come from, when they arrive asynchronously. One call
/// appends the next piece to the scanner.
protocol ElementByteSource: AnyObject, Sendable {
    /// Appends the next bytes to `scanner`; false at the end of the input.
    func read(into scanner: inout ElementScanner) async throws -> Bool
}

/// A file read in chunks with `FileHandle` (blocking reads on the iterating task, as
/// ``JSONLinesSequence`` reads). The file is opened on the first read and closed when the source
/// is released.
final class ElementFileSource {
    private let url: URL
    private let chunkSize: Int
    private var handle: FileHandle?

    init(url: URL, chunkSize: Int) {
        self.url = url
        self.chunkSize = max(1, chunkSize)
    }

    deinit {
        try? handle?.close()
    }

    /// Appends the next chunk to `scanner`; false at the end of the file.
    func read(into scanner: inout ElementScanner) throws -> Bool {
        let handle = try openHandle()
        let chunk = try handle.readChunk(upTo: chunkSize)
        guard !chunk.isEmpty else { return false }
        chunk.withUnsafeBytes { scanner.append($0) }
        return true
    }

    private func openHandle() throws -> FileHandle {
        if let handle { return handle }
        guard url.isFileURL else {
            throw CocoaError(.fileReadUnsupportedScheme, userInfo: [NSURLErrorKey: url])
        }
        let opened = try FileHandle(forReadingFrom: url)
        handle = opened
        return opened
    }
}

/// Any `AsyncSequence` of bytes (`URLSession.AsyncBytes`, a file's `bytes` …), gathered into
/// batches: a batch ends after `batchSize` bytes, or after a byte that may end an element (`}`,
/// `]`, `,` or `"`), so an element is handed out as soon as its last byte has arrived.
final class ElementAsyncSource<Bytes: AsyncSequence>: ElementByteSource, @unchecked Sendable where Bytes.Element == UInt8 {
    // Used by one iterator, one `read` at a time (the reader awaits each before the next).
    private var iterator: Bytes.AsyncIterator
    private let batchSize: Int
    private var batch: [UInt8] = []

    init(_ bytes: Bytes, batchSize: Int) {
        iterator = bytes.makeAsyncIterator()
        self.batchSize = max(1, batchSize)
    }

    func read(into scanner: inout ElementScanner) async throws -> Bool {
        batch.removeAll(keepingCapacity: true)
        while batch.count < batchSize {
            guard let byte = try await iterator.next() else { break }
            batch.append(byte)
            switch byte {
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "\""):
                batch.withUnsafeBytes { scanner.append($0) }
                return true
            default: continue
            }
        }
        guard !batch.isEmpty else { return false }
        batch.withUnsafeBytes { scanner.append($0) }
        return true
    }
}
