import Foundation
@testable import CodableBridge

/// An element model for the streaming tests.
struct StreamItem: Codable, Equatable {
    var id: Int
    var name: String
}

/// Bytes handed out in chunks of `chunk` bytes, with a suspension between chunks, as a network
/// stream delivers them.
struct ChunkedBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]
    let chunk: Int

    init(_ text: String, chunk: Int = 7) {
        bytes = Array(text.utf8)
        self.chunk = chunk
    }

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes, chunk: chunk) }

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let chunk: Int
        var index = 0

        mutating func next() async -> UInt8? {
            guard index < bytes.count else { return nil }
            if index % chunk == 0 { await Task.yield() }
            defer { index += 1 }
            return bytes[index]
        }
    }
}

/// An endless array of `1`s: `[1,1,1,…`, for cancellation.
struct EndlessArray: AsyncSequence, Sendable {
    typealias Element = UInt8

    func makeAsyncIterator() -> Iterator { Iterator() }

    struct Iterator: AsyncIteratorProtocol {
        var started = false
        var comma = false

        mutating func next() async -> UInt8? {
            guard started else {
                started = true
                return UInt8(ascii: "[")
            }
            comma.toggle()
            if comma { await Task.yield() }
            return comma ? UInt8(ascii: "1") : UInt8(ascii: ",")
        }
    }
}

enum ElementStreams {
    /// Writes `text` to a new temporary file and returns its URL.
    static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("elements-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// The elements of `sequence`, and the error that ended it (if any).
    static func drain<T: Decodable>(_ sequence: JSONElementSequence<T>) async -> (values: [T], error: (any Error)?) {
        var values: [T] = []
        do {
            for try await value in sequence { values.append(value) }
            return (values, nil)
        } catch {
            return (values, error)
        }
    }

    /// The outcome through a file read in `chunkSize`-byte chunks and through 7-byte chunks of
    /// an async sequence; both must agree (values compared by `same`).
    static func both<T: Decodable>(_ type: T.Type, _ text: String, at path: String?, decoder: BridgeDecoder = BridgeDecoder(),
                        chunkSize: Int = 5) async throws -> (file: (values: [T], error: (any Error)?), bytes: (values: [T], error: (any Error)?))
    {
        let url = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = await drain(decoder.elements(of: type, at: path, contentsOf: url, chunkSize: chunkSize))
        let bytes = await drain(decoder.elements(of: type, at: path, from: ChunkedBytes(text)))
        return (file, bytes)
    }
}
