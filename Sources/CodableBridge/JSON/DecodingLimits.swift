// What a public endpoint refuses before it decodes: documents, strings, numbers and objects larger
// than it allows, and objects that repeat a key. The parser checks each while it reads (see
// ``ParseRules``), so a refused document costs at most one pass over the bytes it holds and never
// a value.

/// Upper bounds on the input a decoder accepts, each checked while the text is parsed, before
/// any value is made. `nil` (the default for all) is no limit beyond the decoder's `maxDepth`.
///
/// ```swift
/// var decoder = BridgeDecoder.foundationCompatible
/// decoder.limits = DecodingLimits(maxDocumentBytes: 1 << 20, maxStringBytes: 64 << 10,
///                                 maxNumberDigits: 100, maxObjectMembers: 1_000)
/// ```
///
/// Exceeding one is `DecodingError.dataCorrupted` whose underlying ``JSONParseError`` names the
/// limit (``JSONParseError/exceededLimit``), its value, and the line and column where it was hit.
/// JSON Lines apply the limits to each line.
public struct DecodingLimits: Sendable, Hashable {
    /// The longest document, in bytes (as given, before any transcoding from UTF-16 or UTF-32).
    public var maxDocumentBytes: Int?
    /// The longest string or object key, in bytes of UTF-8 after unescaping.
    public var maxStringBytes: Int?
    /// The most digits in one number (integer, fraction and exponent digits together).
    public var maxNumberDigits: Int?
    /// The most members in one object (checked as the object closes; the error points at the
    /// first member over the limit).
    public var maxObjectMembers: Int?

    /// Limits with the given values; `nil` is no limit.
    public init(maxDocumentBytes: Int? = nil, maxStringBytes: Int? = nil, maxNumberDigits: Int? = nil,
                maxObjectMembers: Int? = nil) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxStringBytes = maxStringBytes
        self.maxNumberDigits = maxNumberDigits
        self.maxObjectMembers = maxObjectMembers
    }

    /// No limits.
    public static let none = DecodingLimits()

    /// One of the limits, as ``JSONParseError/exceededLimit`` names it.
    public enum Limit: String, Sendable, Hashable, CaseIterable {
        /// ``DecodingLimits/maxDocumentBytes``.
        case maxDocumentBytes
        /// ``DecodingLimits/maxStringBytes``.
        case maxStringBytes
        /// ``DecodingLimits/maxNumberDigits``.
        case maxNumberDigits
        /// ``DecodingLimits/maxObjectMembers``.
        case maxObjectMembers
    }
}

/// What a decoder does with an object that has the same key more than once
/// (`{"id": 1, "id": 2}`). Keys are compared byte for byte after unescaping.
///
/// ```swift
/// var decoder = BridgeDecoder.foundationCompatible
/// decoder.duplicateKeyStrategy = .throw
/// ```
public struct DuplicateKeyStrategy: Sendable, Hashable, CustomStringConvertible {
    enum Rule: Sendable, Hashable {
        case useFirst, useLast, `throw`
    }

    let rule: Rule

    /// The first occurrence counts, as with `JSONDecoder` on Linux; later ones are ignored. The
    /// default.
    public static let useFirst = DuplicateKeyStrategy(rule: .useFirst)
    /// The last occurrence counts, as with `JSON.parse` in JavaScript; earlier ones are ignored
    /// (a JSON tree keeps the key where it first occurs, with the last value).
    public static let useLast = DuplicateKeyStrategy(rule: .useLast)
    /// A repeated key is `DecodingError.dataCorrupted` naming the key and the line and column of
    /// both occurrences, raised while parsing.
    public static let `throw` = DuplicateKeyStrategy(rule: .throw)

    /// `.useFirst`, `.useLast` or `.throw`.
    public var description: String {
        switch rule {
        case .useFirst: ".useFirst"
        case .useLast: ".useLast"
        case .throw: ".throw"
        }
    }
}

/// What the parser refuses beyond RFC 8259's grammar and `maxDepth`: ``DecodingLimits`` (with
/// `Int.max` for "no limit", so each check is one comparison) and repeated keys under
/// ``DuplicateKeyStrategy/throw``.
package struct ParseRules: Sendable {
    var maxDocumentBytes = Int.max
    var maxStringBytes = Int.max
    var maxNumberDigits = Int.max
    var maxObjectMembers = Int.max
    var rejectsDuplicateKeys = false
    /// The flags of an object that repeats a key: ``JSONTape/Flags/duplicateKeys``, with
    /// ``JSONTape/Flags/lastKeyWins`` under ``DuplicateKeyStrategy/useLast``.
    var duplicateKeyFlags = JSONTape.Flags.duplicateKeys

    /// Nothing beyond the grammar.
    package static let none = ParseRules()

    package init() {}

    /// Fails when `input` is longer than ``maxDocumentBytes``, at the first byte past the limit.
    func checkDocumentLength(of input: UnsafeRawBufferPointer, firstLine: Int) throws(JSONParseError) {
        guard input.count > maxDocumentBytes else { return }
        var error = JSONParseError(offset: maxDocumentBytes,
                                   reason: "a document of \(input.count) bytes exceeds the limit maxDocumentBytes = \(maxDocumentBytes)",
                                   in: input, firstLine: firstLine)
        error.exceededLimit = .maxDocumentBytes
        throw error
    }

    /// The rules of a decoder's `limits` and `duplicateKeyStrategy`.
    package init(limits: DecodingLimits, duplicateKeys: DuplicateKeyStrategy) {
        maxDocumentBytes = limits.maxDocumentBytes ?? .max
        maxStringBytes = limits.maxStringBytes ?? .max
        maxNumberDigits = limits.maxNumberDigits ?? .max
        maxObjectMembers = limits.maxObjectMembers ?? .max
        rejectsDuplicateKeys = duplicateKeys.rule == .throw
        if duplicateKeys.rule == .useLast { duplicateKeyFlags |= JSONTape.Flags.lastKeyWins }
    }
}

extension JSONParser where Output: ~Copyable {
    // MARK: Limits

    /// The failure for a limit exceeded at `offset`: `what` ("a string of 70000 bytes") and the
    /// limit.
    func limitFailure(_ limit: DecodingLimits.Limit, _ value: Int, at offset: Int, _ what: String) -> Failure {
        Failure(offset: offset, reason: "\(what) exceeds the limit \(limit.rawValue) = \(value)", limit: limit)
    }

    /// Fails when the string just scanned (``lastString``, which started at `quote`) is longer
    /// than ``ParseRules/maxStringBytes``.
    @inline(__always)
    func checkStringLength(at quote: Int) throws(Failure) {
        let length = Int(lastString.length)
        guard length > rules.maxStringBytes else { return }
        throw limitFailure(.maxStringBytes, rules.maxStringBytes, at: quote, "a string of \(length) bytes")
    }

    /// Fails when the number text from `start` to `end` has more than
    /// ``ParseRules/maxNumberDigits`` digits (a text no longer than the limit cannot).
    @inline(__always)
    func checkNumberLength(from start: Int, to end: Int) throws(Failure) {
        guard end - start > rules.maxNumberDigits else { return }
        var digits = 0
        for i in start ..< end where JSONParser.isDigit(p[i]) { digits += 1 }
        guard digits > rules.maxNumberDigits else { return }
        throw limitFailure(.maxNumberDigits, rules.maxNumberDigits, at: start, "a number of \(digits) digits")
    }

    // MARK: Keys

    /// Pushes the key just scanned (``lastString``, which started at `start`) on the key stack
    /// for the duplicate check, checks its length and gives it to the output.
    @inline(__always)
    mutating func pushKey(at start: Int) throws(Failure) {
        let key = lastString
        let length = Int(key.length)
        let escaped = key.flags & JSONTape.Flags.escaped != 0
        let fingerprint = escaped
            ? DuplicateKeyDetector.fingerprint(unescaped.base + key.payload, count: length, readableEnd: unescaped.base + unescaped.count)
            : DuplicateKeyDetector.fingerprint(p + key.payload, count: length, readableEnd: p + readable)
        keys.append(KeySpan(offset: key.payload, length: length, escaped: escaped, fingerprint: fingerprint))
        try checkStringLength(at: start)
        output.key(key, in: bytes)
    }

    /// The failure for an object (its frame) with more members than
    /// ``ParseRules/maxObjectMembers``: at the first member over the limit. Checked when the
    /// object closes (one comparison per object, none per key); its text is read again for the
    /// member's position.
    func memberLimitFailure(in frame: Frame) -> Failure {
        let limit = rules.maxObjectMembers
        let offsets = keyOffsets(inObjectAt: frame.offset, upTo: limit)
        return limitFailure(.maxObjectMembers, limit, at: offsets.count > limit ? offsets[limit] : frame.offset,
                            "member \(limit + 1) of an object")
    }

    /// The failure for an object (its frame) that repeats a key, under
    /// ``DuplicateKeyStrategy/throw``: at the second occurrence of the first key that repeats,
    /// naming the first. The slow path: the keys are compared through a dictionary and the
    /// object's text is read again for the keys' positions.
    func duplicateKeyFailure(in frame: Frame) -> Failure {
        let count = keys.count - frame.keyBase
        var seen: [[UInt8]: Int] = [:]
        for k in 0 ..< count {
            let key = keys[frame.keyBase + k]
            let bytes = Array(UnsafeBufferPointer(start: (key.escaped ? UnsafePointer(unescaped.base) : p) + key.offset, count: key.length))
            guard let first = seen[bytes] else {
                seen[bytes] = k
                continue
            }
            let offsets = keyOffsets(inObjectAt: frame.offset, upTo: k)
            let name = String(decoding: bytes, as: UTF8.self)
            return Failure(offset: offsets.count > k ? offsets[k] : frame.offset, reason: "duplicate key \"\(name)\"",
                           hint: "the decoder's duplicateKeyStrategy is .throw",
                           firstAt: offsets.count > first ? offsets[first] : nil, duplicateKey: name)
        }
        return Failure(offset: frame.offset, reason: "duplicate key in an object")  // not reached: a key repeats
    }

    /// The offsets of the first `last + 1` keys of the object whose `{` is at `open` (or whose
    /// first key is there, for an object without braces), read from the text: strings, nested
    /// containers and JSON5 comments are skipped.
    private func keyOffsets(inObjectAt open: Int, upTo last: Int) -> [Int] {
        var offsets: [Int] = []
        var i = p[open] == UInt8(ascii: "{") ? open + 1 : open
        var depth = 0
        var expectsKey = true
        while i < count, offsets.count <= last {
            let c = p[i]
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if depth == 0, expectsKey {
                    offsets.append(i)
                    expectsKey = false
                }
                i += 1
                while i < count, p[i] != c {
                    i += p[i] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return offsets }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 { expectsKey = true }
            case UInt8(ascii: "/") where i + 1 < count && (p[i + 1] == UInt8(ascii: "/") || p[i + 1] == UInt8(ascii: "*")):
                let block = p[i + 1] == UInt8(ascii: "*")
                i += 2
                while i < count, block ? !(p[i] == UInt8(ascii: "*") && i + 1 < count && p[i + 1] == UInt8(ascii: "/")) : p[i] != 0x0A && p[i] != 0x0D {
                    i += 1
                }
                if block { i += 1 }
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0xA0, UInt8(ascii: ":"):
                break
            default:
                // A JSON5 key without quotes.
                if depth == 0, expectsKey {
                    offsets.append(i)
                    expectsKey = false
                }
            }
            i += 1
        }
        return offsets
    }
}
