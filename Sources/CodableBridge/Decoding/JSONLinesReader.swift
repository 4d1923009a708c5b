import Foundation

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

    /// Calls `body` with each non-blank line of `bytes` (without its line break) and its 1-based
    /// number.
    static func forEachLine(in bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, Int) throws -> Void) rethrows {
        var start = 0
        var number = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
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
        var i = start + scanned
        while i < buffer.count {
            if buffer[i] == UInt8(ascii: "\n") { return i }
            i += 1
        }
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
        let chunk: Data
        if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
            chunk = try handle.read(upToCount: chunkSize) ?? Data()
        } else {
            chunk = handle.readData(ofLength: chunkSize)
        }
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
