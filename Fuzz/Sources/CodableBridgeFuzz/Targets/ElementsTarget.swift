import CodableBridge
import Foundation

extension FuzzTarget {
    /// `elements(of:from:)` over the input fed a byte at a time: it never crashes or hangs, and it
    /// agrees with the whole-document parse — a document that parses as an array streams as the
    /// same elements without an error, a malformed one ends with an error (a `JSONParseError`, or
    /// the `DecodingError` of a path that is not there, found before the malformed text), and a
    /// document that is not an array is a `DecodingError`. Fed as `Data` chunks of seven bytes, it
    /// gives the same elements and the same error.
    static let elements = FuzzTarget(
        name: "elements",
        summary: "elements(of:from:) fed a byte at a time agrees with parsing the whole document"
    ) { data in
        // UTF-16 and UTF-32 (NULs) are transcoded by the whole-document parse, not streamed.
        guard !data.contains(0) else { return }
        let whole: JSONValue?
        do {
            whole = try JSONValue(parsing: data)
        } catch {
            whole = nil
        }
        let (values, error) = streamSynchronously(data)
        let (chunkValues, chunkError) = streamSynchronously(data, chunk: 7)
        guard chunkValues == values, "\(String(describing: chunkError))" == "\(String(describing: error))" else {
            fuzzFailure("in 7-byte Data chunks: \(chunkValues), \(String(describing: chunkError)); a byte at a time: \(values), \(String(describing: error))",
                        input: data)
        }
        switch whole {
        case .array(let elements)?:
            guard error == nil else { fuzzFailure("a valid array streams with an error: \(error!)", input: data) }
            guard values == elements else { fuzzFailure("streamed \(values) but the array is \(elements)", input: data) }
        case nil:
            guard error != nil else { fuzzFailure("malformed text streamed \(values.count) elements without an error", input: data) }
            guard error is JSONParseError || error is DecodingError else {
                fuzzFailure("malformed text threw \(type(of: error!)), not JSONParseError: \(error!)", input: data)
            }
        case _?:
            guard error is DecodingError else { fuzzFailure("a document that is not an array threw \(String(describing: error))", input: data) }
        }
    }
}

/// The streamed elements and the error that ended the stream, on this thread: the pieces never
/// suspend, so an immediate task runs to its end before `Task.immediate` returns (no hop to
/// another thread and back per input, which would cost more than the stream itself).
/// With `chunk`, the input arrives as `Data` chunks of that many bytes instead of byte by byte.
private func streamSynchronously(_ data: Data, chunk: Int? = nil) -> ([JSONValue], (any Error)?) {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox()
    let bytes = Pieces(bytes: Array(data))
    let chunks = DataPieces(chunks: chunk.map { size in
        stride(from: 0, to: data.count, by: size).map { Data(data.dropFirst($0).prefix(size)) }
    } ?? [])
    let stream: @Sendable () async -> Void = {
        var values: [JSONValue] = []
        do {
            if chunk != nil {
                for try await value in BridgeDecoder().elements(of: JSONValue.self, from: chunks) { values.append(value) }
            } else {
                for try await value in BridgeDecoder().elements(of: JSONValue.self, from: bytes) { values.append(value) }
            }
            box.set(values, nil)
        } catch {
            box.set(values, error)
        }
        done.signal()
    }
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        Task.immediate { await stream() }
    } else {
        Task { await stream() }
    }
    done.wait()
    return box.get()
}

/// The input as `Data` chunks, with no suspension between them.
private struct DataPieces: AsyncSequence, Sendable {
    typealias Element = Data
    let chunks: [Data]

    func makeAsyncIterator() -> IndexingIterator<[Data]>.AsyncAdapter { .init(base: chunks.makeIterator()) }
}

private final class ResultBox: @unchecked Sendable {  // written by one task before the semaphore signals
    private var result: ([JSONValue], (any Error)?) = ([], nil)
    func set(_ values: [JSONValue], _ error: (any Error)?) { result = (values, error) }
    func get() -> ([JSONValue], (any Error)?) { result }
}
