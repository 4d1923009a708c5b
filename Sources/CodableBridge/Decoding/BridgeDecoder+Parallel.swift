import Foundation

// MARK: - Design
//
// With `parallelism` on, a top-level array is parsed and decoded in parts on several threads:
//
//     [ {…}, {…}, {…}, {…}, {…}, {…} ]
//      └─── part 0 ───┘ └─── part 1 ───┘       cut at a comma near each of n − 1 equal offsets
//
// One part per thread; a large input gets up to sixteen per thread (`DecodingParallelism.parts`),
// and each thread takes the next part when it finishes one, so all stay busy until the end.
//
// 1. Cut. A candidate comma sits between the last byte of a value and the first byte of the
//    next of the kind the array's first element is (`}` `,` `{` for objects), and the text after
//    it, read with a bracket count that follows strings, closes no more than it opens for the
//    next 64 KiB (or up to the array's closing bracket). That is a guess: a comma inside a
//    string or a nested array can pass it.
// 2. Parse, each part on its own thread, in place (`JSONTape.parsingElements`, with this
//    decoder's parse rules): its text is read as the rest of an array, which must end exactly
//    where the part does (a `]` in the part may not close it). If every part parses, the guess
//    was right: the first part starts where the document's array does, and a part that parses
//    whole as values ends at a comma of that array, so the next part starts at its next
//    element; the parts' elements are the array's, in order. If any part fails, nothing of the attempt is used: the document is
//    decoded on the calling thread, which gives the value or the first error a decode without
//    parallelism gives.
// 3. Decode, each part on its own thread, as the array type, its elements numbered from the
//    part's first index (coding paths, report events) and written straight into the result's
//    storage, each part in its own slots (`ArrayPart.Destination`); the parts' elements then
//    move together (a lenient decode drops some). The first error is that of the first part
//    that threw (the parts before it decoded whole, as a single-threaded decode would have
//    before reaching it); the report holds the events of those parts and of the failing one up
//    to its error, in document order. A part after the failing one is not started if it has
//    not been yet: its elements would be thrown away.
//
// The array at `decode(_:from:at:)`'s key path is not cut in the text: the document is parsed on
// the calling thread (its errors are the single-threaded ones), then the array's elements are
// decoded in parts of that one tape, each decode reading its `ArrayPart`.
//
// JSON Lines are cut at line breaks (Streaming/JSONLines.swift), which needs no guess.

/// How many threads a decode may use.
///
/// ```swift
/// var decoder = BridgeDecoder()
/// decoder.parallelism = .automatic
/// let statuses = try decoder.decode([Status].self, from: hundredMegabytes)
/// ```
///
/// With parallelism on, a top-level array and JSON Lines (`decodeJSONLines(_:from:)`) are
/// parsed and decoded in parts on several threads; the array at `decode(_:from:at:)`'s key path is
/// parsed on the calling thread and its elements decoded in parts. The result is exactly a single-threaded
/// decode's: the same elements in the same order, the same report events in document order, the
/// same first error. Your models' `init(from:)` and hooks then run on several threads at once.
public struct DecodingParallelism: Sendable, Hashable {
    /// The number of threads asked for; 0 for ``automatic``.
    let requested: Int

    /// The calling thread only (the default).
    public static let none = DecodingParallelism(requested: 1)
    /// Up to the available cores, for inputs large enough to gain: at least
    /// ``automaticBytesPerThread`` bytes for each thread.
    public static let automatic = DecodingParallelism(requested: 0)

    /// `count` threads for any input with more than one element or line (one thread when
    /// `count` is 1 or less): a fixed split, for tests and for tuning. ``automatic`` judges the
    /// input's size.
    public static func threads(_ count: Int) -> DecodingParallelism {
        DecodingParallelism(requested: max(1, count))
    }

    /// The input size for which ``automatic`` adds a thread.
    public static let automaticBytesPerThread = 256 << 10

    /// The most threads a decode uses.
    var maximumThreads: Int { requested == 0 ? ProcessInfo.processInfo.activeProcessorCount : requested }

    /// The number of parts an input of `byteCount` bytes is cut into (1: not cut): one per thread
    /// it is worth (``automaticBytesPerThread``), and up to sixteen per thread, of a megabyte at
    /// least, once every thread is in use — each thread takes the next part when it finishes one
    /// (Support/ParallelParts.swift), so all stay busy until the end.
    func parts(forBytes byteCount: Int) -> Int {
        let threads = requested == 0 ? max(1, min(maximumThreads, byteCount / Self.automaticBytesPerThread)) : requested
        guard threads > 1 else { return 1 }
        return threads * min(16, max(1, byteCount / (threads << 20)))
    }

    /// The number of threads that decode `parts` parts.
    func threads(forParts parts: Int) -> Int { max(1, min(parts, maximumThreads)) }
}

/// The part of an array that one decode of an array decoded in parts reads: of the decode's
/// root array (`node`, set by the decode: 0, or the node at its key path), the `count` elements
/// after the first `skipped`, numbered from `firstIndex` (in coding paths and report events).
struct ArrayPart {
    var node: Int
    var skipped: Int
    var count: Int
    var firstIndex: Int
    /// Where the part's elements go when the decode reads elements of that type (otherwise it
    /// returns them as an array).
    var destination: Destination? = nil

    /// The part's slots in the storage of the array the parts make, whose elements are of the
    /// type `elementType` names; `initialized` counts the elements written, from the first slot.
    struct Destination {
        let elements: UnsafeMutableRawPointer
        let elementType: ObjectIdentifier
        let initialized: UnsafeMutablePointer<Int>
    }
}

/// An array type decoded in parts on several threads, straight into one array's storage.
protocol PartitionedArray {
    /// Runs `decode` for each part on its own thread, the part's slots of a new array (with
    /// room for `counts[part]` elements) as its destination, and returns that array — each
    /// part's elements in order, up to the first part that threw, whose elements before its
    /// error are kept — and the first part that threw, with its error. `Value` must be `Self`.
    /// `nil` if a part returned more elements than it has slots (a decode that did not read
    /// its part).
    static func decodedInParts<Value>(counts: [Int], threads: Int, _ decode: (Int, ArrayPart.Destination) throws -> Value)
        -> (value: Value, failure: (part: Int, error: any Error)?)?
}

extension Array: PartitionedArray where Element: Decodable {
    static func decodedInParts<Value>(counts: [Int], threads: Int, _ decode: (Int, ArrayPart.Destination) throws -> Value)
        -> (value: Value, failure: (part: Int, error: any Error)?)?
    {
        let (array, failure) = filledInParts(capacities: counts, threads: threads) { part, slots in
            do {
                let destination = ArrayPart.Destination(elements: UnsafeMutableRawPointer(slots.base),
                                                        elementType: ObjectIdentifier(Element.self), initialized: slots.initialized)
                // safe: `Value` is `Self` (the caller decodes this array type)
                let returned = try decode(part, destination) as! [Element]
                // A decode that did not write into the slots returned its elements.
                for element in returned where !slots.append(element) { return SlotsOverflow() }
                return nil
            } catch {
                return error
            }
        }
        if failure?.error is SlotsOverflow { return nil }
        // safe: `Value` is `Self`
        return (array as! Value, failure)
    }
}

/// A part decoded more elements than it has slots.
private struct SlotsOverflow: Error {}

extension BridgeDecoder {
    /// Decodes an array in parts on several threads (see the design comment at the top of this
    /// file); `nil` when it is not done so — parallelism off or not worth it, not an array type,
    /// an input that is not a top-level array of UTF-8 text, or a part that does not parse — and
    /// the caller decodes on its own thread.
    ///
    /// The array at `keyPath` is decoded in parts of the document's tape, parsed on this thread.
    func decodeInParts<T: Decodable>(_ type: T.Type, _ input: Input, at keyPath: String?, report: ReportCollector?) throws -> T? {
        guard input.isText, let arrayType = T.self as? any PartitionedArray.Type else { return nil }
        var parts: [(tape: JSONTape, part: ArrayPart)] = []
        if let keyPath {
            let tape = try tape(input)
            let count = DecoderImpl.arrayLength(at: keyPath, in: tape, options: self) ?? 0
            let partCount = min(parallelism.parts(forBytes: tape.text.count), count)
            guard partCount > 1 else {
                return try DecoderImpl.decode(type, tape: tape, options: self, report: report, keyPath: keyPath)
            }
            for part in 0 ..< partCount {
                let first = count * part / partCount
                parts.append((tape, ArrayPart(node: 0, skipped: first, count: count * (part + 1) / partCount - first, firstIndex: first)))
            }
        } else {
            guard let tapes = parseArrayInParts(input) else { return nil }
            var next = 0
            for tape in tapes {
                let count = Int(tape.nodes[0].length)
                parts.append((tape, ArrayPart(node: 0, skipped: 0, count: count, firstIndex: next)))
                next += count
            }
        }
        let collectors = report.map { report in parts.map { _ in ReportCollector(keepsDetails: report.keepsDetails) } }
        let decoded = arrayType.decodedInParts(counts: parts.map(\.part.count), threads: parallelism.threads(forParts: parts.count)) {
            index, destination in
            var part = parts[index].part
            part.destination = destination
            return try DecoderImpl.decode(T.self, tape: parts[index].tape, options: self, report: collectors?[index], keyPath: keyPath,
                                          part: part)
        }
        guard let (value, failure) = decoded else { return nil }
        defer { report?.close() }
        if let collectors {
            for collector in collectors.prefix(failure.map { $0.part + 1 } ?? collectors.count) { report?.appendPart(collector) }
        }
        if let failure { throw failure.error }
        return value
    }

    /// The parsed parts of a top-level array (see the design comment at the top of this file);
    /// `nil` when the input is not cut or a part does not parse.
    func parseArrayInParts(_ input: Input) -> [JSONTape]? {
        guard !allowsJSON5, !assumesTopLevelDictionary else { return nil }
        switch input {
        case .data(let data): return data.withUnsafeBytes { parseArrayInParts(text: $0, owner: data) }
        case .string(let json):
            return json.utf8.withContiguousStorageIfAvailable { parseArrayInParts(text: UnsafeRawBufferPointer($0), owner: json) }
                ?? parseArrayInParts(.byteArray(Array(json.utf8)))
        case .substring(let json):
            return json.utf8.withContiguousStorageIfAvailable { parseArrayInParts(text: UnsafeRawBufferPointer($0), owner: json) }
                ?? parseArrayInParts(.byteArray(Array(json.utf8)))
        case .byteArray(let bytes): return bytes.withUnsafeBytes { parseArrayInParts(text: $0, owner: bytes) }
        case .ownedBytes(let bytes): return bytes.withUnsafeBytes { parseArrayInParts(text: $0, owner: bytes) }
        case .copiedBytes(let bytes): return parseArrayInParts(.byteArray(bytes.withUnsafeBytes { [UInt8]($0) }))
        case .tree, .foundation, .tape: return nil
        }
    }

    /// The parts of the array in `text`, each parsed in place on its own thread; the tapes
    /// borrow `owner`, the storage `text` points into.
    private func parseArrayInParts(text: UnsafeRawBufferPointer, owner: Any) -> [JSONTape]? {
        let parts = parallelism.parts(forBytes: text.count)
        guard parts > 1, text.count < Int(UInt32.max) else { return nil }
        if let maxBytes = limits.maxDocumentBytes, text.count > maxBytes { return nil }
        // `Data` and `String` keep short contents inline, where no pointer outlives the call; an
        // array's elements are always in its heap storage.
        guard text.count >= JSONTape.minimumBorrowedLength || owner is [UInt8] else {
            let copy = [UInt8](text)
            return copy.withUnsafeBytes { parseArrayInParts(text: $0, owner: copy) }
        }
        guard let (pieces, close) = ArrayCuts.pieces(of: text, parts: parts) else { return nil }
        // The document up to its closing bracket (trailing whitespace aside).
        let document = UnsafeRawBufferPointer(rebasing: text[...close])
        let tapes = ParallelParts.map(pieces.count, threads: parallelism.threads(forParts: pieces.count)) { piece in
            JSONTape.parsingElements(of: document, in: pieces[piece], borrowingFrom: owner, maxDepth: maxDepth, rules: parseRules)
        }
        let parsed = tapes.compactMap { $0 }
        return parsed.count == tapes.count ? parsed : nil
    }
}

/// Where a top-level array's text is cut into parts (see the design comment at the top of the
/// file): the byte ranges of the parts' elements, each from the byte after a `[` or `,` of the
/// array to the last byte of its last element.
enum ArrayCuts {
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// How far past a candidate comma the text must not close more brackets than it opens.
    static let checkedBytes = 64 << 10

    /// The ranges of at most `parts` pieces of the top-level array that `text` holds, and the
    /// offset of its closing bracket; `nil` when `text` is not a top-level array (after an
    /// optional UTF-8 byte order mark and whitespace), may be UTF-16 or UTF-32, or has no cut.
    static func pieces(of text: UnsafeRawBufferPointer, parts: Int) -> (pieces: [Range<Int>], close: Int)? {
        guard text.count >= 4, !text.prefix(4).contains(0) else { return nil }
        var open = text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
        while open < text.count, isWhitespace(text[open]) { open += 1 }
        var close = text.count - 1
        while close > open, isWhitespace(text[close]) { close -= 1 }
        guard open < close, text[open] == UInt8(ascii: "["), text[close] == UInt8(ascii: "]") else { return nil }
        var first = open + 1
        while first < close, isWhitespace(text[first]) { first += 1 }
        guard first < close, let edges = ValueEdges(startingWith: text[first]) else { return nil }

        var pieces: [Range<Int>] = []
        var start = open + 1
        for part in 1 ..< parts {
            let target = max(start, open + (close - open) / parts * part)
            guard let comma = nextCut(in: text, from: target, before: close, edges: edges) else { break }
            pieces.append(start ..< valueEnd(in: text, before: comma))
            start = comma + 1
        }
        guard !pieces.isEmpty else { return nil }
        pieces.append(start ..< valueEnd(in: text, before: close))
        return (pieces, close)
    }

    /// One past the last byte before `index` that is not whitespace (the end of the value a
    /// comma or the closing bracket at `index` follows).
    private static func valueEnd(in text: UnsafeRawBufferPointer, before index: Int) -> Int {
        var end = index
        while end > 0, isWhitespace(text[end - 1]) { end -= 1 }
        return end
    }

    /// The first comma at or after `from` that passes the candidate test.
    private static func nextCut(in text: UnsafeRawBufferPointer, from: Int, before close: Int, edges: ValueEdges) -> Int? {
        var i = from
        while i < close {
            if text[i] == UInt8(ascii: ","), edges.surround(i, in: text, before: close),
               staysInside(text, from: i + 1, before: close)
            {
                return i
            }
            i += 1
        }
        return nil
    }

    /// Whether the text from `from` (taken to be outside any string) closes no bracket it did not
    /// open, and follows each string with `:`, `,`, `}` or `]`, for ``checkedBytes`` or up to
    /// `close`, where it must be back at its starting level. (Read from inside a string, the text
    /// soon has a key's letters after what it takes for a string's end.)
    private static func staysInside(_ text: UnsafeRawBufferPointer, from: Int, before close: Int) -> Bool {
        let end = min(close, from + checkedBytes)
        var depth = 0
        var inString = false
        var afterString = false
        var i = from
        while i < end {
            let byte = text[i]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    i += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    afterString = true
                }
            } else {
                if afterString, !isWhitespace(byte) {
                    afterString = false
                    switch byte {
                    case UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): break
                    default: return false
                    }
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth < 0 { return false }
                default: break
                }
            }
            i += 1
        }
        return end < close || (depth == 0 && !inString)
    }

    /// The bytes that end and start a value of one kind, by its first byte.
    struct ValueEdges {
        let ends: (UInt8) -> Bool
        let starts: (UInt8) -> Bool

        init?(startingWith byte: UInt8) {
            switch byte {
            case UInt8(ascii: "{"):
                ends = { $0 == UInt8(ascii: "}") }
                starts = { $0 == UInt8(ascii: "{") }
            case UInt8(ascii: "["):
                ends = { $0 == UInt8(ascii: "]") }
                starts = { $0 == UInt8(ascii: "[") }
            case UInt8(ascii: "\""):
                ends = { $0 == UInt8(ascii: "\"") }
                starts = { $0 == UInt8(ascii: "\"") }
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                ends = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                starts = { $0 == UInt8(ascii: "-") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                ends = { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "l") }
                starts = { $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: "f") || $0 == UInt8(ascii: "n") }
            default:
                return nil
            }
        }

        /// Whether the comma at `comma` has such an end before it and such a start after it
        /// (whitespace aside).
        func surround(_ comma: Int, in text: UnsafeRawBufferPointer, before close: Int) -> Bool {
            var before = comma - 1
            while before > 0, ArrayCuts.isWhitespace(text[before]) { before -= 1 }
            var after = comma + 1
            while after < close, ArrayCuts.isWhitespace(text[after]) { after += 1 }
            return after < close && ends(text[before]) && starts(text[after])
        }
    }
}

extension BridgeDecoder.Input {
    /// Whether the input is text or bytes (not a tree, Foundation objects or an already parsed line).
    var isText: Bool {
        switch self {
        case .tree, .foundation, .tape: false
        case .data, .string, .substring, .byteArray, .ownedBytes, .copiedBytes: true
        }
    }
}
