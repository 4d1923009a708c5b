import CodableBridge
import Foundation

extension FuzzTarget {
    /// `elements(of:from:)` over the input fed a byte at a time: it never crashes or hangs, and it
    /// agrees with the whole-document parse — a document that parses as an array streams as the
    /// same elements without an error, a malformed one ends with an error (a `JSONParseError`, or
    /// the `DecodingError` of a path that is not there, found before the malformed text), and a
    /// document that is not an array is a `DecodingError`.
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
private func streamSynchronously(_ data: Data) -> ([JSONValue], (any Error)?) {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox()
    let bytes = Pieces(bytes: Array(data))
    let stream: @Sendable () async -> Void = {
        var values: [JSONValue] = []
        do {
            for try await value in BridgeDecoder().elements(of: JSONValue.self, from: bytes) { values.append(value) }
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

private final class ResultBox: @unchecked Sendable {  // written by one task before the semaphore signals
    private var result: ([JSONValue], (any Error)?) = ([], nil)
    func set(_ values: [JSONValue], _ error: (any Error)?) { result = (values, error) }
    func get() -> ([JSONValue], (any Error)?) { result }
}
