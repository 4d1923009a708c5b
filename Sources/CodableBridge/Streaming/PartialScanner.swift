import Foundation

// MARK: - Design
//
// A partial document is the beginning of a JSON text. `PartialScanner` reads it byte by byte,
// resumably: it keeps its state between calls to `scan`, so bytes that arrive in chunks are read
// once each, whatever the number of chunks. As it reads, it appends the document's tape (the
// parser's layout, JSON/JSONTape.swift) — one node per value as soon as the value is complete —
// and keeps what a snapshot needs:
//
//     text so far:   {"title": "Hel\u00     items: [1, 2, 3
//
//     frames         one per open array or object: its node on the tape, the elements or
//                    members complete so far, the key of the member being read
//     state          what the next byte may be (a value, a key, `:`, `,` or a close, inside a
//                    string, an escape, a number, a literal)
//     safe end       inside a string: the end of the last complete character (a half escape or
//                    a half UTF-8 sequence is not part of it; nor is a high surrogate escape
//                    without its low half)
//
// A snapshot (PartialScanner+Snapshot.swift) closes that tape *virtually*, without copying it:
// the open containers' nodes get their counts and ends, an open string gets a node up to its safe
// end, and a number or literal cut mid-way, a key without its value and a trailing comma are
// left out (a number is never shown with a cut value: `12` may become `1234`).
//
//     {"a": [1, "x", 12        →  {"a": [1, "x"]}     incomplete "", "a", "a[2]"
//     {"a": 1, "b":            →  {"a": 1}            incomplete "", "b"
//     {"t": "caf\xC3           →  {"t": "caf"}        incomplete "", "t"
//
// The tape is what the parser would make of the closed text, so the scanner is exact where the
// parser is: the grammar of every token, UTF-8 (overlong forms and surrogates included), escapes,
// repeated keys (``DuplicateKeyStrategy``, checked as each key arrives) and every limit
// (``DecodingLimits``, `maxDepth`). A text that breaks a rule stops the scan (``Stop``): a limit or
// a repeated key with its own message, anything else with the parser's error for the same text.

/// A resumable scan of the beginning of a JSON document that builds its tape (see the design
/// comment above).
struct PartialScanner {
    /// Why the scan stopped before the end of the bytes given.
    struct Stop: Error {
        /// The offset of the byte that stopped it.
        let offset: Int
        /// What was wrong, for a limit or a repeated key. Nil when the text is malformed (the
        /// parser, reading the same text, gives the error).
        let reason: String?
        /// The limit exceeded, if any.
        let limit: DecodingLimits.Limit?
        /// A key repeated under ``DuplicateKeyStrategy/throw``: the key, and where it first was.
        var duplicateKey: (name: String, firstAt: Int)?
    }

    /// One open array or object.
    struct Frame {
        let isObject: Bool
        /// The container's node on the tape.
        let node: Int
        /// The offset of its bracket.
        let offset: Int
        /// Objects: the index of its first key in ``PartialScanner/keys``.
        let keyBase: Int
        /// Elements (members) complete so far.
        var count = 0
        /// Objects: the raw bytes of the key of the member being read (between the quotes), once
        /// the key has arrived.
        var keyRange: Range<Int>?
        /// Objects: whether a key repeats an earlier one (checked as each key arrives).
        var repeatsKey = false
        /// Objects with more than ``PartialScanner/pairwiseKeys`` keys: their fingerprints.
        var fingerprints: Set<UInt64>?
    }

    enum State: UInt8 {
        /// A value must follow (the root, after `,` in an array, after `:`).
        case value
        /// After `[`: a value or `]`.
        case elementOrClose
        /// After `{`: a key or `}`.
        case keyOrClose
        /// After `,` in an object.
        case key
        /// After a key.
        case colon
        /// After a value inside a container: `,` or the close.
        case afterValue
        case string, escape, unicode, number, literal
        /// The root value is complete: only whitespace may follow.
        case done
    }

    /// States of a number being read (RFC 8259 grammar).
    enum NumberState: UInt8 { case minus, zero, integer, dot, fraction, exponent, exponentSign, exponentDigits }

    private(set) var frames: [Frame] = []
    var state = State.value
    /// Bytes scanned so far (the offset of the next byte).
    private(set) var scanned = 0
    /// The text so far (a snapshot puts a NUL after it while it runs).
    var text: [UInt8] = []
    /// The tape of the values complete so far, in document order. An open container's node is
    /// there from its bracket on; its count and end are set when it closes (or by a snapshot).
    var nodes: [JSONTape.Node] = []
    /// The unescaped bytes of the strings with escapes (``JSONTape/unescaped``).
    var unescaped: [UInt8] = []
    /// The keys of the open objects, for the repeated-key check, and where each key's quote is.
    var keys: [KeySpan] = []
    var keyOffsets: [Int] = []

    // The token being read.
    var tokenStart = 0
    var string = StringState()
    private var numberState = NumberState.minus
    private var numberDigits = 0
    private var literal: [UInt8] = []
    private var literalKind = JSONTape.Kind.null
    private var literalIndex = 0
    /// Whether the literal being read is the UTF-8 byte order mark (then a value follows it).
    private var literalIsMark = false

    let maxDepth: Int
    let rules: ParseRules

    /// The largest text a tape can address.
    static let maxTextBytes = Int(UInt32.max) - 1

    init(maxDepth: Int, rules: ParseRules) {
        self.maxDepth = maxDepth
        self.rules = rules
    }

    /// Whether the root value is complete (a top-level number only once a byte ends it).
    var isComplete: Bool { state == .done }

    /// Reads `bytes`, which continue the text at offset ``scanned``.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(Stop) {
        if scanned + bytes.count > rules.maxDocumentBytes {
            let limit = rules.maxDocumentBytes
            throw Stop(offset: limit, reason: "a document of more than \(limit) bytes exceeds the limit maxDocumentBytes = \(limit)",
                       limit: .maxDocumentBytes)
        }
        if scanned + bytes.count > Self.maxTextBytes {
            throw Stop(offset: Self.maxTextBytes, reason: "the document is 4 GiB or larger; documents up to 4 GiB are supported", limit: nil)
        }
        text.append(contentsOf: bytes)
        var i = 0
        while i < bytes.count {
            if state == .string, string.utf8Remaining == 0, string.highSurrogate == nil {
                // A run of characters that need nothing but counting (most of a document).
                var end = i
                while end < bytes.count, Self.isPlainCharacter(bytes[end]) { end += 1 }
                if end > i {
                    try countStringBytes(end - i)
                    if string.unescapedStart != nil { unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i ..< end])) }
                    scanned += end - i
                    characterEnded(at: scanned)
                    i = end
                    continue
                }
            }
            try step(bytes[i])
            scanned += 1
            i += 1
        }
    }

    /// An ASCII byte a string holds as it is: not a control character, a quote or a backslash.
    @inline(__always)
    private static func isPlainCharacter(_ c: UInt8) -> Bool {
        c >= 0x20 && c < 0x80 && c != UInt8(ascii: "\"") && c != UInt8(ascii: "\\")
    }

    private static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    func malformed() -> Stop { Stop(offset: scanned, reason: nil, limit: nil) }

    // swiftlint:disable:next cyclomatic_complexity
    private mutating func step(_ c: UInt8) throws(Stop) {
        let i = scanned
        switch state {
        case .value, .elementOrClose:
            if Self.isWhitespace(c) { return }
            if state == .elementOrClose, c == UInt8(ascii: "]") { return try closeContainer() }
            try beginValue(c, at: i)
        case .keyOrClose, .key:
            if Self.isWhitespace(c) { return }
            if state == .keyOrClose, c == UInt8(ascii: "}") { return try closeContainer() }
            guard c == UInt8(ascii: "\"") else { throw malformed() }
            beginString(at: i, isKey: true)
        case .colon:
            if Self.isWhitespace(c) { return }
            guard c == UInt8(ascii: ":") else { throw malformed() }
            state = .value
        case .afterValue:
            if Self.isWhitespace(c) { return }
            // safe: afterValue is only entered inside a container
            let isObject = frames[frames.count - 1].isObject
            if c == UInt8(ascii: ",") {
                frames[frames.count - 1].keyRange = nil
                state = isObject ? .key : .value
            } else if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                try closeContainer()
            } else {
                throw malformed()
            }
        case .string:
            try stringByte(c, at: i)
        case .escape:
            try escapeByte(c, at: i)
        case .unicode:
            try unicodeByte(c, at: i)
        case .number:
            try numberByte(c, at: i)
        case .literal:
            guard c == literal[literalIndex] else { throw malformed() }
            literalIndex += 1
            if literalIndex == literal.count {
                if literalIsMark {
                    literalIsMark = false
                    state = .value
                } else {
                    nodes.append(JSONTape.Node(kind: literalKind))
                    valueCompleted()
                }
            }
        case .done:
            guard Self.isWhitespace(c) else { throw malformed() }
        }
    }

    /// The first byte of a value, at `i`.
    private mutating func beginValue(_ c: UInt8, at i: Int) throws(Stop) {
        tokenStart = i
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard frames.count < maxDepth else {
                throw Stop(offset: i, reason: "nesting deeper than \(maxDepth) levels (the limit is set by maxDepth)", limit: nil)
            }
            let isObject = c == UInt8(ascii: "{")
            frames.append(Frame(isObject: isObject, node: nodes.count, offset: i, keyBase: keys.count))
            nodes.append(JSONTape.Node(kind: isObject ? .object : .array))
            state = isObject ? .keyOrClose : .elementOrClose
        case UInt8(ascii: "\""):
            beginString(at: i, isKey: false)
        case UInt8(ascii: "-"):
            beginNumber(.minus, digits: 0)
        case UInt8(ascii: "0"):
            beginNumber(.zero, digits: 1)
        case UInt8(ascii: "1") ... UInt8(ascii: "9"):
            beginNumber(.integer, digits: 1)
        case UInt8(ascii: "t"): beginLiteral(Self.trueBytes, .true)
        case UInt8(ascii: "f"): beginLiteral(Self.falseBytes, .false)
        case UInt8(ascii: "n"): beginLiteral(Self.nullBytes, .null)
        case 0xEF where i == 0:
            beginLiteral(Self.byteOrderMark, .null)
            literalIsMark = true
        default:
            throw malformed()
        }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private mutating func beginLiteral(_ bytes: [UInt8], _ kind: JSONTape.Kind) {
        literal = bytes
        literalKind = kind
        literalIndex = 1
        state = .literal
    }

    private mutating func beginNumber(_ first: NumberState, digits: Int) {
        numberState = first
        numberDigits = digits
        state = .number
    }

    private mutating func numberByte(_ c: UInt8, at i: Int) throws(Stop) {
        let isDigit = c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
        if isDigit {
            numberDigits += 1
            if numberDigits > rules.maxNumberDigits {
                let limit = rules.maxNumberDigits
                throw Stop(offset: tokenStart, reason: "a number of more than \(limit) digits exceeds the limit maxNumberDigits = \(limit)",
                           limit: .maxNumberDigits)
            }
        }
        switch numberState {
        case .minus:
            guard isDigit else { throw malformed() }
            numberState = c == UInt8(ascii: "0") ? .zero : .integer
            return
        case .integer where isDigit, .fraction where isDigit, .exponentDigits where isDigit:
            return
        case .dot:
            guard isDigit else { throw malformed() }
            numberState = .fraction
            return
        case .exponent:
            if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                numberState = .exponentSign
                return
            }
            guard isDigit else { throw malformed() }
            numberState = .exponentDigits
            return
        case .exponentSign:
            guard isDigit else { throw malformed() }
            numberState = .exponentDigits
            return
        case .zero, .integer:
            if c == UInt8(ascii: ".") {
                numberState = .dot
                return
            }
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                numberState = .exponent
                return
            }
            if isDigit { throw malformed() }  // a leading zero
        case .fraction:
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                numberState = .exponent
                return
            }
        case .exponentDigits:
            break
        }
        // A complete number ends at this byte, which must be one that may follow a value.
        var flags: UInt8 = numberState == .zero || numberState == .integer ? JSONTape.Flags.integer : 0
        if text[tokenStart] == UInt8(ascii: "-") { flags |= JSONTape.Flags.negative }
        nodes.append(JSONTape.Node(kind: .number, payload: tokenStart, length: UInt32(i - tokenStart), flags: flags))
        valueCompleted()
        try step(c)
    }

    /// A value (scalar or container) has ended.
    mutating func valueCompleted() {
        if frames.isEmpty {
            state = .done
        } else {
            frames[frames.count - 1].count += 1
            state = .afterValue
        }
    }

    /// A key has ended (its node is `key`, its quote at ``tokenStart``): the member limit, the
    /// key on the tape and among the object's keys.
    mutating func keyCompleted(_ key: JSONTape.Node, rawEnd: Int) throws(Stop) {
        // safe: a key is only read inside an object
        let top = frames.count - 1
        if frames[top].count >= rules.maxObjectMembers {
            let limit = rules.maxObjectMembers
            throw Stop(offset: tokenStart, reason: "member \(limit + 1) of an object exceeds the limit maxObjectMembers = \(limit)",
                       limit: .maxObjectMembers)
        }
        frames[top].keyRange = tokenStart + 1 ..< rawEnd
        nodes.append(key)
        let escaped = key.flags & JSONTape.Flags.escaped != 0
        let fingerprint = (escaped ? unescaped : text).withUnsafeBufferPointer { bytes in
            // safe: the key's bytes are in this buffer, which holds at least them
            DuplicateKeyDetector.fingerprint(bytes.baseAddress! + key.payload, count: Int(key.length),
                                             readableEnd: bytes.baseAddress! + bytes.count)  // safe: as above
        }
        keys.append(KeySpan(offset: key.payload, length: Int(key.length), escaped: escaped, fingerprint: fingerprint))
        keyOffsets.append(tokenStart)
        if let first = earlierKey(sameAs: keys.count - 1, in: top) {
            frames[top].repeatsKey = true
            if rules.rejectsDuplicateKeys {
                let key = keys[keys.count - 1]
                let name = String(decoding: (escaped ? unescaped : text)[key.offset ..< key.offset + key.length], as: UTF8.self)
                throw Stop(offset: tokenStart, reason: "duplicate key \"\(name)\"", limit: nil, duplicateKey: (name, keyOffsets[first]))
            }
        }
        state = .colon
    }

    /// Objects up to this many keys compare a new key's fingerprint with each earlier one's;
    /// larger ones keep a set of fingerprints.
    static let pairwiseKeys = 16

    /// The index in ``keys`` of an earlier key of frame `top`'s object with the same bytes as key
    /// `new`, if any.
    private mutating func earlierKey(sameAs new: Int, in top: Int) -> Int? {
        let base = frames[top].keyBase
        let fingerprint = keys[new].fingerprint
        if new - base > Self.pairwiseKeys {
            if frames[top].fingerprints == nil { frames[top].fingerprints = Set(keys[base ..< new].map(\.fingerprint)) }
            // safe: set just above
            guard !frames[top].fingerprints!.insert(fingerprint).inserted else { return nil }
        }
        for k in base ..< new where keys[k].fingerprint == fingerprint && sameBytes(keys[k], keys[new]) { return k }
        return nil
    }

    private func sameBytes(_ a: KeySpan, _ b: KeySpan) -> Bool {
        a.length == b.length
            && (a.escaped ? unescaped : text)[a.offset ..< a.offset + a.length]
            .elementsEqual((b.escaped ? unescaped : text)[b.offset ..< b.offset + b.length])
    }

    private mutating func closeContainer() throws(Stop) {
        let frame = frames.removeLast()
        nodes[frame.node].payload = nodes.count
        nodes[frame.node].length = UInt32(frame.count)
        if frame.isObject {
            if frame.repeatsKey { nodes[frame.node].flags = rules.duplicateKeyFlags }
            keys.removeSubrange(frame.keyBase...)
            keyOffsets.removeSubrange(frame.keyBase...)
        }
        valueCompleted()
    }
}
