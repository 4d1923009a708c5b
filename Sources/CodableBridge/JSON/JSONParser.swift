import Foundation

// MARK: - Design
//
// `JSONParser` turns UTF-8 bytes into a `JSONTape` (see the design comment in JSONTape.swift) in
// one forward pass, without recursion and without allocating per node:
//
//     input:   {"a": [1, "x\n"], "a": 2}
//
//     step                 frames (open containers)         nodes appended
//     '{'                  [object@0 count 0]               0 object (payload/length patched later)
//     key "a"              keys: [a]                        1 string "a"
//     '['                  [object@0 0, array@2 0]          2 array
//     1, "x\n"             [object@0 0, array@2 2]          3 number "1", 4 string "x⏎" (escaped)
//     ']'                  [object@0 1]                     node 2 ← payload 5, length 2
//     key "a", 2           keys: [a, a]                     5 string "a", 6 number "2"
//     '}'                  []                               node 0 ← payload 7, length 2,
//                                                           flags duplicateKeys ("a" twice)
//
// - The *frames* stack (one small entry per open container, grown on demand up to `maxDepth`)
//   replaces the call stack, so `[[[[…` a hundred thousand deep is a clean error, never a crash.
// - Strings are scanned eight bytes at a time for `"`, `\`, control characters and non-ASCII
//   bytes; non-ASCII sequences are validated as UTF-8 on the spot. The first `\` switches to a
//   copying loop that writes the unescaped text to the `unescaped` buffer (the input is never
//   written).
// - The input ends with a *stopper*: either its last non-whitespace byte is `}` or `]` (then it
//   is borrowed, and parsing ends there), or it is a copy followed by a NUL. Every scanning loop
//   stops at the stopper, so the hot loops test bounds only where they read more than one byte at
//   a time, where a string could run on to the end, and after a container closes.
// - Each object's keys are pushed on a side stack with a cheap fingerprint; when the object
//   closes they are checked for a repeat (pairwise for a few keys, else one reusable hash table)
//   and the object node gets `Flags.duplicateKeys` when one is found. Nothing is allocated per
//   object.
// - Errors carry a byte offset; line and column are computed from the input only when an error
//   is thrown.

extension JSONTape {
    /// Parses a complete JSON document (RFC 8259, UTF-8) into a tape that borrows the storage of
    /// `data` (see the design comment in JSONTape.swift).
    ///
    /// The grammar is strict: no comments, no trailing commas, no single quotes, no leading zeros,
    /// no `NaN`; only space, tab, LF and CR as whitespace; nothing but whitespace after the root
    /// value. Any value may be the root (`"text"`, `12`, `null`). Strings must be valid UTF-8
    /// without raw control characters; `\u` escapes must form valid scalars (a lone surrogate such
    /// as `"\uD800"` is rejected, as by Foundation's `JSONDecoder`). A UTF-8 byte order mark at
    /// the start is skipped. Repeated object keys are accepted (the first occurrence counts) and
    /// the object node is marked with ``Flags/duplicateKeys``.
    ///
    /// ```swift
    /// let tape = try JSONTape(parsing: Data(#"{"id": 7}"#.utf8), maxDepth: 512)
    /// tape.nodes.count   // 3
    /// ```
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - maxDepth: The deepest nesting of arrays and objects accepted; `maxDepth` levels parse,
    ///     one more is an error. Defaults to ``defaultMaxDepth`` at the public entry points.
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of the first problem.
    package init(parsing data: Data, maxDepth: Int) throws {
        try self = data.withUnsafeBytes { try JSONTape(parsing: $0, borrowingFrom: data, maxDepth: maxDepth) }
    }

    /// Parses a document from the UTF-8 of `string`, borrowing its storage when it has contiguous
    /// UTF-8 (native Swift strings do).
    package init(parsing string: String, maxDepth: Int) throws {
        let borrowed = try string.utf8.withContiguousStorageIfAvailable { utf8 in
            try JSONTape(parsing: UnsafeRawBufferPointer(utf8), borrowingFrom: string, maxDepth: maxDepth)
        }
        if let borrowed {
            self = borrowed
        } else {
            try self.init(parsing: Data(string.utf8), maxDepth: maxDepth)
        }
    }

    /// Parses a document from a byte array, borrowing its storage.
    package init(parsing array: [UInt8], maxDepth: Int) throws {
        try self = array.withUnsafeBytes { try JSONTape(parsing: $0, borrowingFrom: array, maxDepth: maxDepth) }
    }

    /// Parses a complete JSON document from raw bytes, as ``init(parsing:maxDepth:)`` does for
    /// `Data`. The bytes are copied into the tape; `input` is not kept.
    ///
    /// - Parameters:
    ///   - input: The document's bytes.
    ///   - maxDepth: The deepest nesting accepted.
    ///   - firstLine: The line number of the input's first line in errors, for a document that is
    ///     one line of a larger text (JSON Lines). Defaults to 1.
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of the first problem.
    package init(parsing input: UnsafeRawBufferPointer, maxDepth: Int, firstLine: Int = 1) throws {
        try self.init(parsing: input, borrowingFrom: nil, maxDepth: maxDepth, firstLine: firstLine)
    }

    /// Inputs shorter than this are copied even when they could be borrowed: `Data` and `String`
    /// store up to 15 bytes inline, and copying a small document costs nothing worth saving.
    static let minimumBorrowedLength = 64

    /// The parse itself. With an `owner` — a `Data`, `String` or array whose heap storage `input`
    /// points into, which the tape keeps (so nobody can mutate that storage while the tape lives)
    /// — the text is borrowed when it is at least ``minimumBorrowedLength`` long and its last
    /// non-whitespace byte is `}` or `]`; otherwise it is copied, with a NUL after it.
    package init(parsing input: UnsafeRawBufferPointer, borrowingFrom owner: Any?, maxDepth: Int, firstLine: Int = 1) throws {
        let count = input.count
        // Node payloads are 32-bit offsets and indices (see JSONTape.Node).
        guard count < Int(UInt32.max) else {
            throw JSONParseError(offset: 0, reason: "the document is 4 GiB or larger; documents up to 4 GiB are supported",
                                 in: input, firstLine: firstLine)
        }
        var end = count
        while end > 0, JSONParser.isWhitespace(input[end - 1]) { end -= 1 }
        let borrow = owner != nil && count >= JSONTape.minimumBorrowedLength && end > 0
            && (input[end - 1] == UInt8(ascii: "}") || input[end - 1] == UInt8(ascii: "]"))
        let text: UnsafeBufferPointer<UInt8>
        var ownedText: UnsafeMutableBufferPointer<UInt8>?
        if borrow {
            // safe: end > 0, so the buffer is not empty
            text = UnsafeBufferPointer(start: input.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
        } else {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocateWithMalloc(capacity: count + 1)
            if count > 0 {
                // safe: a non-empty raw buffer and a buffer of count + 1 bytes have base addresses
                UnsafeMutableRawPointer(copy.baseAddress!).copyMemory(from: input.baseAddress!, byteCount: count)
            }
            copy[count] = 0
            ownedText = copy
            text = UnsafeBufferPointer(rebasing: copy[..<count])
        }
        do {
            // safe: `text` is borrowed from a non-empty buffer or is a copy of count + 1 bytes
            var parser = JSONParser(text.baseAddress!, count: borrow ? end : count, readable: borrow ? end : count + 1,
                                    maxDepth: maxDepth)
            try parser.parseDocument()
            let nodes = parser.nodes.takeAll()
            let unescaped = parser.unescaped.takeAll()
            self.init(text: text, storage: Storage(nodes: nodes, owner: borrow ? owner : nil, ownedText: ownedText,
                                                   unescaped: unescaped.baseAddress == nil ? nil : unescaped))
        } catch {
            ownedText?.deallocateWithFree()
            if borrow {
                // A borrowed parse stops at the last bracket, so for a broken document its first
                // problem can differ from the copying parse's, which reads on into the trailing
                // whitespace (an unclosed string meets a line feed there). Failures are the slow
                // path: take the copying parse's error, so both paths say the same.
                try self.init(parsing: input, borrowingFrom: nil, maxDepth: maxDepth, firstLine: firstLine)
                return
            }
            throw JSONParseError(offset: error.offset, reason: error.reason, openedAt: error.openedAt, hint: error.hint,
                                 in: input, firstLine: firstLine)
        }
    }
}

/// The tape builder behind ``JSONTape/init(parsing:maxDepth:)``. See the design comment above.
struct JSONParser: ~Copyable {
    /// A parse failure before line and column are known.
    struct Failure: Error {
        /// The offending byte's offset (the input's length for "end of input").
        var offset: Int
        /// What was found and what was expected.
        var reason: String
        /// The start of the string, array or object the failure is inside of, to name in the
        /// message ("… that started at line 3, column 9").
        var openedAt: Int? = nil
        /// Said after the `openedAt` part ("…; expected ',' or ']'").
        var hint: String? = nil
    }

    /// An open array or object.
    struct Frame {
        /// The container's node index.
        var node: Int
        /// The offset of its `[` or `{` (for messages).
        var offset: Int
        /// Elements (or members) completed so far.
        var count: Int
        /// The object's first key on the key stack; `-1` for an array.
        var keyBase: Int

        var isObject: Bool { keyBase >= 0 }
    }

    /// A key of an open object: its bytes in `p`, or in `unescaped` when it had escapes.
    struct KeySpan {
        var offset: Int
        var length: Int
        var escaped: Bool
        /// ``DuplicateKeyDetector/fingerprint(_:count:readableEnd:)`` of the bytes.
        var fingerprint: UInt64
    }

    /// The document (never written). `p[count]` is a NUL, or `p[count - 1]` is `}` or `]`.
    let p: UnsafePointer<UInt8>
    /// The number of bytes parsed: the input's length, or up to its closing bracket.
    let count: Int
    /// The number of bytes that may be read from `p` (with the NUL, when there is one).
    let readable: Int
    let maxDepth: Int
    /// The tape's nodes (handed over with `takeAll()`).
    var nodes: ScratchBuffer<JSONTape.Node>
    /// The unescaped bytes of strings with escapes, back to back (the tape's `unescaped`).
    var unescaped = ScratchBuffer<UInt8>(capacity: 0)
    var frames = ScratchBuffer<Frame>(capacity: 16)
    var keys = ScratchBuffer<KeySpan>(capacity: 32)
    var duplicates = DuplicateKeyDetector()

    init(_ p: UnsafePointer<UInt8>, count: Int, readable: Int, maxDepth: Int) {
        self.p = p
        self.count = count
        self.readable = readable
        self.maxDepth = max(0, maxDepth)
        // Typical documents have one node per 13–27 bytes; minified arrays of small numbers can
        // have one per 2, and then the buffer simply grows.
        nodes = ScratchBuffer(capacity: count / 12 + 8)
    }

    // MARK: The loop

    /// Parses the whole input into `nodes`.
    mutating func parseDocument() throws(Failure) {
        let bom = count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        var i = skipWhitespace(bom)
        outer: while true {
            // A value starts at `i` (whitespace skipped).
            switch p[i] {
            case UInt8(ascii: "\""):
                i = try scanString(at: i)
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                i = try scanNumber(at: i)
            case UInt8(ascii: "{"):
                try open(.object, at: i)
                i = skipWhitespace(i + 1)
                guard p[i] == UInt8(ascii: "}") else {
                    i = try scanKey(at: i, afterComma: false)
                    continue outer
                }
                close()
                i += 1
            case UInt8(ascii: "["):
                try open(.array, at: i)
                i = skipWhitespace(i + 1)
                guard p[i] == UInt8(ascii: "]") else { continue outer }
                close()
                i += 1
            case UInt8(ascii: "t"):
                i = try scanLiteral(at: i, .true)
            case UInt8(ascii: "f"):
                i = try scanLiteral(at: i, .false)
            case UInt8(ascii: "n"):
                i = try scanLiteral(at: i, .null)
            default:
                throw unexpectedValueFailure(at: i)
            }
            // A value ended before `i`: continue or close the enclosing containers.
            while frames.count > 0 {
                let top = frames.count - 1
                frames[top].count += 1
                // A borrowed input ends right after its last bracket, with no NUL to stop at.
                guard i < count else { throw afterElementFailure(at: i, frame: frames[top]) }
                i = skipWhitespace(i)
                let c = p[i]
                if c == UInt8(ascii: ",") {
                    i = skipWhitespace(i + 1)
                    if frames[top].isObject {
                        i = try scanKey(at: i, afterComma: true)
                    }
                    continue outer
                }
                guard c == (frames[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw afterElementFailure(at: i, frame: frames[top])
                }
                close()
                i += 1
            }
            break
        }
        if i < count { i = skipWhitespace(i) }
        guard i == count else {
            throw Failure(offset: i, reason: "unexpected \(describe(at: i)) after the root value; a document holds exactly one value")
        }
    }

    /// Skips JSON whitespace (space, tab, LF, CR) from `i`. Stops at the stopper.
    @inline(__always)
    func skipWhitespace(_ start: Int) -> Int {
        var i = start
        while true {
            let c = p[i]
            // Anything above the space is not whitespace: one comparison in the common case.
            if c > 0x20 { return i }
            // One space and a token (`"key": value`, `, value`): the space pretty-printers put
            // after `:` and often after `,`. (A space is never the last readable byte.)
            if c == 0x20, p[i + 1] > 0x20 { return i + 1 }
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return i }
            i = skipSpaces(i + 1)
        }
    }

    /// Skips the spaces from `i` eight at a time (the indentation of pretty-printed JSON, which
    /// would otherwise cost a few instructions per byte) and returns the first index that is not
    /// a space, or the last one or few when the text ends within eight bytes.
    @inline(__always)
    func skipSpaces(_ start: Int) -> Int {
        var i = start
        while i + 8 <= readable {
            let word = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            let notSpace = word ^ (JSONParser.ones &* 0x20)
            if notSpace != 0 { return i + notSpace.trailingZeroBitCount >> 3 }
            i += 8
        }
        return i
    }

    /// Starts a container at `i`: a frame and a node whose payload and length `close()` fills in.
    @inline(__always)
    mutating func open(_ kind: JSONTape.Kind, at i: Int) throws(Failure) {
        guard frames.count < maxDepth else {
            throw Failure(offset: i, reason: "nesting deeper than \(maxDepth) levels (the limit is set by maxDepth)")
        }
        frames.append(Frame(node: nodes.count, offset: i, count: 0, keyBase: kind == .object ? keys.count : -1))
        nodes.append(JSONTape.Node(kind: kind))
    }

    /// Closes the innermost container: patches its node and checks an object's keys for repeats.
    @inline(__always)
    mutating func close() {
        let frame = frames.removeLast()
        var flags: UInt8 = 0
        if frame.isObject {
            if keys.count - frame.keyBase > 1,
               duplicates.containsRepeat(keys.base + frame.keyBase, count: keys.count - frame.keyBase,
                                         text: p, unescaped: unescaped.base, object: frame.node) {
                flags = JSONTape.Flags.duplicateKeys
            }
            keys.removeLast(keys.count - frame.keyBase)
        }
        // A container holds at most one element per two input bytes, so counts fit a UInt32 for
        // inputs under 8 GiB; clamp rather than trap beyond that.
        nodes[frame.node] = JSONTape.Node(
            kind: frame.isObject ? .object : .array,
            payload: nodes.count,
            length: UInt32(clamping: frame.count),
            flags: flags)
    }

    /// Parses an object key at `i` (which must be a string), the `:` after it and the whitespace
    /// before the value; returns the value's start.
    @inline(__always)
    mutating func scanKey(at i: Int, afterComma: Bool) throws(Failure) -> Int {
        guard p[i] == UInt8(ascii: "\"") else {
            throw keyFailure(at: i, afterComma: afterComma)
        }
        var j = try scanString(at: i)
        let key = nodes[nodes.count - 1]
        let length = Int(key.length)
        let escaped = key.flags & JSONTape.Flags.escaped != 0
        let fingerprint = escaped
            ? DuplicateKeyDetector.fingerprint(unescaped.base + key.payload, count: length, readableEnd: unescaped.base + unescaped.count)
            : DuplicateKeyDetector.fingerprint(p + key.payload, count: length, readableEnd: p + readable)
        keys.append(KeySpan(offset: key.payload, length: length, escaped: escaped, fingerprint: fingerprint))
        j = skipWhitespace(j)
        guard p[j] == UInt8(ascii: ":") else {
            throw Failure(offset: j, reason: "expected ':' after object key, found \(describe(at: j))")
        }
        return skipWhitespace(j + 1)
    }
}

// MARK: - Failures

extension JSONParser {
    /// A byte for a message: `'x'`, `end of input`, `'é' (U+00E9)`, `control character U+0001`,
    /// `byte 0xFF`.
    func describe(at i: Int) -> String {
        guard i < count else { return "end of input" }
        let c = p[i]
        switch c {
        case 0x20 ..< 0x7F:
            return "'\(Character(Unicode.Scalar(c)))'"
        case 0x0A:
            return "a line feed"
        case 0x0D:
            return "a carriage return"
        case 0x09:
            return "a tab"
        case 0 ..< 0x20, 0x7F:
            return "control character \(hex(UInt32(c), digits: 4, prefix: "U+"))"
        default:
            let length = validUTF8Length(at: i)
            guard length > 0 else { return "byte \(hex(UInt32(c), digits: 2, prefix: "0x"))" }
            let text = String(decoding: UnsafeBufferPointer(start: p + i, count: length), as: UTF8.self)
            return "'\(text)' (\(hex(text.unicodeScalars.first!.value, digits: 4, prefix: "U+")))"
        }
    }

    /// Up to `length` bytes from `i` as text for a message, stopping at a line break.
    func snippet(at i: Int, length: Int) -> String {
        var end = i
        while end < count, end - i < length, p[end] != 0x0A, p[end] != 0x0D { end += 1 }
        return String(decoding: UnsafeBufferPointer(start: p + i, count: end - i), as: UTF8.self)
    }

    /// The failure for a byte that cannot start a value.
    func unexpectedValueFailure(at i: Int) -> Failure {
        if i == count {
            if let frame = frames.last {
                return Failure(offset: i, reason: "unexpected end of input inside \(frame.isObject ? "an object" : "an array")",
                               openedAt: frame.offset, hint: "expected a value")
            }
            return Failure(offset: i, reason: count == 0 ? "the input is empty; expected a JSON value" : "expected a JSON value, found end of input")
        }
        // UTF-16 text has a NUL in every other byte of ASCII, or starts with FF FE / FE FF.
        if i < 4, count >= 2, count % 2 == 0,
           (p[0] == 0) != (p[1] == 0) || (p[0] == 0xFF && p[1] == 0xFE) || (p[0] == 0xFE && p[1] == 0xFF) {
            return Failure(offset: i, reason: "the input looks like UTF-16 or UTF-32 text; JSON must be UTF-8")
        }
        let found = describe(at: i)
        let c = p[i]
        if (c == UInt8(ascii: "]") || c == UInt8(ascii: "}")), let comma = previousSignificantByte(before: i), p[comma] == UInt8(ascii: ",") {
            return Failure(offset: comma, reason: "trailing comma: expected a value after ',', found \(found)")
        }
        var reason = "expected a JSON value, found \(found)"
        switch c {
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            reason += "; numbers start with a digit or '-'"
        case UInt8(ascii: "'"):
            reason += "; strings use double quotes"
        case UInt8(ascii: "/"):
            reason += "; JSON has no comments"
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            reason += "; JSON has no NaN or Infinity"
        default:
            break
        }
        return Failure(offset: i, reason: reason)
    }

    /// The failure for a byte after an element that is neither `,` nor the closing bracket.
    func afterElementFailure(at i: Int, frame: Frame) -> Failure {
        let (what, closer) = frame.isObject ? ("object member", "}") : ("array element", "]")
        if i == count {
            return Failure(offset: i, reason: "unexpected end of input inside \(frame.isObject ? "an object" : "an array")",
                           openedAt: frame.offset, hint: "expected ',' or '\(closer)'")
        }
        return Failure(offset: i, reason: "expected ',' or '\(closer)' after \(what), found \(describe(at: i))")
    }

    /// The failure for an object key position that does not hold a string.
    func keyFailure(at i: Int, afterComma: Bool) -> Failure {
        let found = describe(at: i)
        if afterComma, p[i] == UInt8(ascii: "}"), let comma = previousSignificantByte(before: i) {
            return Failure(offset: comma, reason: "trailing comma: expected a key after ',' in object, found '}'")
        }
        if i == count, let frame = frames.last {
            return Failure(offset: i, reason: "unexpected end of input inside an object", openedAt: frame.offset, hint: "expected a key")
        }
        let expected = afterComma ? "expected a key (a string in double quotes) after ',' in object"
            : "expected a key (a string in double quotes) or '}' after '{'"
        return Failure(offset: i, reason: "\(expected), found \(found)")
    }

    /// The index of the last non-whitespace byte before `i`, if any.
    func previousSignificantByte(before i: Int) -> Int? {
        var j = i - 1
        while j >= 0, p[j] == 0x20 || p[j] == 0x0A || p[j] == 0x0D || p[j] == 0x09 { j -= 1 }
        return j >= 0 ? j : nil
    }

    func hex(_ value: UInt32, digits: Int, prefix: String) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return prefix + String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
