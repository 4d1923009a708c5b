import Foundation

/// Where the bytes of a streamed array come from: a file is read synchronously on the iterating
/// actor (no hop per chunk); a byte sequence is awaited once per batch.
@usableFromInline
enum ElementInput {
    case file(ElementFileSource)
    case bytes(ElementAsyncSource)
}

/// A file read in chunks with `FileHandle` (blocking reads on the iterating task, as
/// ``JSONLinesSequence`` reads). The file is opened on the first read and closed when the source
/// is released.
@usableFromInline
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
/// batches that end where an element may have ended (``ElementBatchBoundary``) or after
/// ``batchSize`` bytes: an element is handed out as soon as its last byte has arrived, and the
/// scanner is called once per element, not once per string or comma inside it.
///
/// The loop that reads the bytes (`fill`) is written in ``BridgeDecoder/elements(of:at:from:)-(_,_,Bytes)``,
/// which is inlinable: it is compiled where the sequence's type is known, so a byte costs a direct
/// call to its iterator. Compiled here, generic over the sequence, each byte went through the
/// iterator's witness table and a generic optional — most of the time of a stream.
@usableFromInline
final class ElementAsyncSource: @unchecked Sendable {
    /// The most bytes in one batch (a constant the reading loop inlines, not a stored global
    /// checked for its initialisation at every byte).
    @inlinable static var batchSize: Int { 65_536 }

    // Used by one iterator, one `read` at a time (the reader awaits each before the next).
    private let fill: (inout [UInt8], inout ElementBatchBoundary) async throws -> Void
    private var batch: [UInt8] = []
    private var boundary = ElementBatchBoundary()

    /// - Parameter fill: Appends the next batch of bytes to its first argument (empty when
    ///   called), up to a byte the boundary says ends it; appends nothing at the end of the input.
    @usableFromInline
    init(fill: @escaping (inout [UInt8], inout ElementBatchBoundary) async throws -> Void) {
        self.fill = fill
    }

    /// Appends the next bytes to `scanner`; false at the end of the input.
    func read(into scanner: inout ElementScanner) async throws -> Bool {
        batch.removeAll(keepingCapacity: true)
        boundary.elementsDepth = scanner.elementsDepth ?? Int.max
        try await fill(&batch, &boundary)
        guard !batch.isEmpty else { return false }
        batch.withUnsafeBytes { scanner.append($0) }
        return true
    }
}

/// Where a batch of streamed bytes may end: after a byte that may end an element. It follows the
/// text's nesting and strings as the bytes go by, so that once the scanner is inside the array
/// only the end of an element (a `}`, `]`, `,` or closing quote that brings the text back to the
/// array's own level) ends a batch; before that, any such byte does. The scanner checks the text;
/// this only decides when to call it, so text that is not JSON can only make a batch longer.
@usableFromInline
struct ElementBatchBoundary {
    /// How many containers are open around the elements (the array included), once the scanner
    /// is inside the array; `Int.max` otherwise.
    @usableFromInline var elementsDepth = Int.max
    /// How many containers are open after the bytes so far.
    @usableFromInline var depth = 0
    @usableFromInline var inString = false
    /// After a backslash in a string.
    @usableFromInline var escaped = false

    @usableFromInline
    init() {}

    /// Whether the batch ends after `byte`, the next byte of the text.
    @inlinable
    mutating func endsBatch(after byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                return depth <= elementsDepth
            }
            return false
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
            return false
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            return false
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            return depth <= elementsDepth
        case UInt8(ascii: ","):
            return depth <= elementsDepth
        default:
            return false
        }
    }
}
