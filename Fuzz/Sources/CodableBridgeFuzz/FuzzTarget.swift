import Foundation

/// A fuzz target: one function that must not crash on any input, and that traps (`fatalError`)
/// when it finds a broken property — libFuzzer then saves the input as a crash file.
struct FuzzTarget: Sendable {
    let name: String
    let summary: String
    let run: @Sendable (Data) -> Void

    /// Every target, by the name `Scripts/fuzz.sh` and the replay tool take.
    static let all: [FuzzTarget] = [.parse, .decode, .roundTrip, .update, .elements, .partial, .parallel, .floats, .foundation]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// Stops the process with `message` (a property broke), after printing `data` for the record.
func fuzzFailure(_ message: String, input: Data) -> Never {
    let text = String(decoding: input.prefix(2_000), as: UTF8.self)
    fatalError("\(message)\ninput (\(input.count) bytes): \(text)")
}

/// The input a byte at a time, with no suspension between them. (`elements` gathers them into batches
/// that end at every `,`, `}`, `]` and `"`.)
struct Pieces: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]

    func makeAsyncIterator() -> IndexingIterator<[UInt8]>.AsyncAdapter { .init(base: bytes.makeIterator()) }
}

extension IndexingIterator {
    /// A synchronous iterator as an async one.
    struct AsyncAdapter: AsyncIteratorProtocol {
        var base: IndexingIterator
        mutating func next() async -> Element? { base.next() }
    }
}
