import Foundation

// MARK: - Design
//
// Streams decode many small documents of one type one after another: a partial document's
// snapshots, the lines of JSON Lines, the elements of a streamed array (each parsed on its own).
// A new `DecoderImpl` for each would look up again, for every document, what the last one
// already found — generic metadata, conformances, the keyed containers' boxes (a few thousand
// instructions each; about 26 000 per twitter status). So a run of documents shares one decoder,
// restarted on each (`DecoderImpl.restart(on:report:path:)`): it keeps what it learnt of types
// and the keyed containers it made, handed out again once nobody holds them, as within one decode.
//
// After each document the decoder is retired when something still holds it: a model that kept a
// container past its `init(from:)` (a kept container's box is held, or the decoder has more
// references than this run's and its kept containers', Runtime/ReferenceCount.swift). The retired
// decoder takes a copy of a borrowed tape (`keepOwnTape()`), so the model reads its own text
// later, and the next document gets a decoder of its own. So does every document under an
// unknown-key tracker, which is sized for one tape.

/// One decoder for a run of documents of one type, restarted on each. See the design comment at
/// the top of this file.
final class ReusedDecoder {
    private let options: BridgeDecoder
    /// A partial document's values from complete containers, kept between its snapshots.
    private let completedValues: CompletedValues?
    /// The decoder of the last document, unless it was retired.
    @exclusivity(unchecked) private var impl: DecoderImpl?

    init(options: BridgeDecoder, completedValues: CompletedValues? = nil) {
        self.options = options
        self.completedValues = completedValues
    }

    deinit {
        impl?.endReuse()  // its containers refer to it
    }

    /// Runs `body` with the decoder of `tape`, the next document, whose events go to `report`
    /// and whose coding paths start with `path`; `tape`'s memory must stay valid until this
    /// returns (a held decoder copies it then).
    func decode<R>(tape: JSONTape, report: ReportCollector?, path: [PathComponent] = [], _ body: (DecoderImpl) throws -> R) rethrows -> R {
        // Containers a model keeps may be used later; what they do is not this document's.
        defer { report?.close() }
        let value: R
        do {
            // The decoder is a temporary here, released before the check below counts references.
            value = try body(start(on: tape, report: report, path: path))
        } catch {
            retireIfHeld()
            throw error
        }
        retireIfHeld()
        return value
    }

    /// The root value of `tape`, the next document, as `T`; its events go to `report`.
    func decode<T: Decodable>(_ type: T.Type, tape: JSONTape, report: ReportCollector? = nil) throws -> T {
        try decode(tape: tape, report: report) { impl in
            try impl.decodingRoot(node: 0) { try impl.unwrap(T.self, node: 0, key: nil) }
        }
    }

    /// The last document's decoder restarted on `tape`, or a new one (kept for the next).
    private func start(on tape: JSONTape, report: ReportCollector?, path: [PathComponent]) -> DecoderImpl {
        if let impl {
            if (impl.report == nil) == (report == nil) {
                impl.restart(on: tape, report: report, path: path)
                return impl
            }
            // A run whose documents change from no report to one (or back): not restarted, as
            // what a report needs (a tracker, reported defaults) is set when a decoder is made.
            impl.endReuse()
        }
        let decoder = DecoderImpl(tape: tape, options: options, report: report, path: path)
        decoder.reusesContainers = true
        decoder.completedValues = completedValues
        impl = decoder
        return decoder
    }

    /// After a document: when a model still holds something the decode handed out (its
    /// container, its decoder), that decoder keeps a copy of the document's tape and stays with
    /// the model, and the next document gets a decoder of its own; so does every document under
    /// an unknown-key tracker.
    private func retireIfHeld() {
        guard let kept = impl?.reusableContainers.count else { return }
        let held: Bool
        if kept > 0, let count = ReferenceCount.strongCount(&impl) {
            // This run's reference and each kept container's; a model that keeps a kept
            // container holds its box, which refers to the container without counting.
            held = count > 1 + kept || impl?.containersHeldElsewhere().isEmpty == false
        } else {
            // Without kept containers (or without a count, once they are dropped as a decode's
            // end drops them) this run's reference is the only one expected.
            if kept > 0 {
                impl?.endReuse()
                impl?.reusesContainers = true
            }
            held = !isKnownUniquelyReferenced(&impl)
        }
        guard held || impl?.unknownKeys != nil, let retired = impl else { return }
        impl = nil
        retired.endReuse()
        if held { retired.keepOwnTape() }
    }
}
