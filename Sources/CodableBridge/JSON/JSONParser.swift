import Foundation

// MARK: - Design
//
// `JSONParser` reads UTF-8 bytes in one forward pass, without recursion and without allocating
// per value, and reports every value to its output (JSONParserOutput.swift): a tape (see the
// design comment in JSONTape.swift) for decoding, or a `JSONValue` tree. Here the tape:
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
    package init(parsing string: String, maxDepth: Int, rules: ParseRules = .none) throws {
        let borrowed = try string.utf8.withContiguousStorageIfAvailable { utf8 in
            try JSONTape(parsing: UnsafeRawBufferPointer(utf8), borrowingFrom: string, maxDepth: maxDepth, rules: rules)
        }
        if let borrowed {
            self = borrowed
        } else {
            let data = Data(string.utf8)
            try self = data.withUnsafeBytes { try JSONTape(parsing: $0, borrowingFrom: data, maxDepth: maxDepth, rules: rules) }
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
    ///   - rules: The limits and the duplicate-key rule. Defaults to none.
    ///   - firstLine: The line number of the input's first line in errors, for a document that is
    ///     one line of a larger text (JSON Lines). Defaults to 1.
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of the first problem.
    package init(parsing input: UnsafeRawBufferPointer, maxDepth: Int, rules: ParseRules = .none, firstLine: Int = 1) throws {
        try self.init(parsing: input, borrowingFrom: nil, maxDepth: maxDepth, rules: rules, firstLine: firstLine)
    }

    /// Inputs shorter than this are copied even when they could be borrowed: `Data` and `String`
    /// store up to 15 bytes inline, and copying a small document costs nothing worth saving.
    static let minimumBorrowedLength = 64

    /// The parse itself. With an `owner` — a `Data`, `String` or array whose heap storage `input`
    /// points into, which the tape keeps (so nobody can mutate that storage while the tape lives)
    /// — the text is borrowed when it is at least ``minimumBorrowedLength`` long and its last
    /// non-whitespace byte is `}` or `]`; otherwise it is copied, with a NUL after it.
    package init(parsing input: UnsafeRawBufferPointer, borrowingFrom owner: Any?, maxDepth: Int, rules: ParseRules = .none,
                 firstLine: Int = 1) throws {
        self = try JSONParser.parse(input, mayBorrow: owner != nil, maxDepth: maxDepth, rules: rules, firstLine: firstLine,
                                    output: TapeOutput.init(textCount:)) { parser, parsed in
            let nodes = parser.output.nodes.takeAll()
            let unescaped = parser.unescaped.takeAll()
            return JSONTape(text: parsed.text, storage: Storage(nodes: nodes, owner: parsed.isBorrowed ? owner : nil,
                                                                ownedText: parsed.ownedText,
                                                                unescaped: unescaped.baseAddress == nil ? nil : unescaped))
        }
    }
}

extension JSONTape {
    /// Parses the array or object at the start of `input`, a window of a longer text that ends
    /// with a `}` or `]` (not necessarily the value's): the tape of that value, with a copy of its
    /// text (so the window may change once this returns), and the offset one past its last byte;
    /// `nil` when the value does not end inside `input` or the text is malformed, without saying
    /// why (the caller reads the text again its own way).
    ///
    /// Streamed arrays parse each element that has arrived whole this way, without finding its
    /// end first.
    ///
    /// - Parameters:
    ///   - input: The window; its first byte is `{` or `[`, its last `}` or `]`.
    ///   - maxDepth: The deepest nesting accepted.
    ///   - rules: The limits and the duplicate-key rule.
    package static func parsingLeadingValue(of input: UnsafeRawBufferPointer, maxDepth: Int,
                                            rules: ParseRules) -> (tape: JSONTape, end: Int)? {
        // The parser reads a borrowed text up to its closing bracket and never past it.
        guard let start = input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count >= 2,
              start[0] == UInt8(ascii: "{") || start[0] == UInt8(ascii: "["),
              start[input.count - 1] == UInt8(ascii: "}") || start[input.count - 1] == UInt8(ascii: "]"),
              input.count < Int(UInt32.max)
        else { return nil }
        // Room for the nodes of a typical element, not of the whole window: the buffer grows.
        var parser = JSONParser(start, count: input.count, readable: input.count, maxDepth: maxDepth, rules: rules,
                                output: TapeOutput(textCount: min(input.count, 1 << 14)))
        parser.endsWithRootValue = true
        do {
            try parser.parseDocument()
        } catch {
            return nil
        }
        // The nodes' offsets count from the value's first byte, so they hold in a copy of the
        // value's text.
        let length = parser.rootValueEnd
        let text = UnsafeMutableBufferPointer.copyEndingInNUL(of: start, count: length)
        let nodes = parser.output.nodes.takeAll()
        let unescaped = parser.unescaped.takeAll()
        let tape = JSONTape(text: UnsafeBufferPointer(rebasing: text[..<length]),
                            storage: Storage(nodes: nodes, owner: nil, ownedText: text,
                                             unescaped: unescaped.baseAddress == nil ? nil : unescaped))
        return (tape, length)
    }
}

/// The text a parse read: the caller's bytes, or a copy of them with a NUL after it.
struct ParsedText {
    /// The whole input (a borrowed text may end in whitespace after its last bracket).
    let text: UnsafeBufferPointer<UInt8>
    /// The copy, when the input was not borrowed: whoever receives it frees it or keeps it.
    let ownedText: UnsafeMutableBufferPointer<UInt8>?

    var isBorrowed: Bool { ownedText == nil }
}

extension JSONParser where Output: ~Copyable {
    /// Parses the complete document in `input` into a new output, then hands the parser to
    /// `finish`, which takes what it keeps (the output, the unescaped strings, the text).
    ///
    /// With `mayBorrow` the text is read in place when it is at least
    /// ``JSONTape/minimumBorrowedLength`` long and its last non-whitespace byte is `}` or `]`;
    /// otherwise it is copied, with a NUL after it (see the design comment in JSONTape.swift).
    ///
    /// - Parameters:
    ///   - input: The document's bytes.
    ///   - mayBorrow: Whether `input` stays valid and unchanged as long as `finish`'s result
    ///     needs it.
    ///   - maxDepth: The deepest nesting accepted.
    ///   - rules: The limits and the duplicate-key rule.
    ///   - firstLine: The line number of the input's first line in errors.
    ///   - makeOutput: The output for a text of the given length.
    ///   - finish: Receives the finished parser and the text it read.
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of the first problem.
    @inline(__always)  // so that `makeOutput` and `finish` are inlined: a small document pays no closure calls
    static func parse<Result>(_ input: UnsafeRawBufferPointer, mayBorrow: Bool, maxDepth: Int, rules: ParseRules = .none,
                              firstLine: Int, output makeOutput: (_ textCount: Int) -> Output,
                              finish: (inout JSONParser, ParsedText) -> Result) throws -> Result {
        let count = input.count
        // Node payloads are 32-bit offsets and indices (see JSONTape.Node).
        guard count < Int(UInt32.max) else {
            throw JSONParseError(offset: 0, reason: "the document is 4 GiB or larger; documents up to 4 GiB are supported",
                                 in: input, firstLine: firstLine)
        }
        try rules.checkDocumentLength(of: input, firstLine: firstLine)
        var end = count
        while end > 0, JSONParser.isWhitespace(input[end - 1]) { end -= 1 }
        var borrow = mayBorrow && count >= JSONTape.minimumBorrowedLength && end > 0
            && (input[end - 1] == UInt8(ascii: "}") || input[end - 1] == UInt8(ascii: "]"))
        // At most twice: a failed borrowed parse is repeated on a copy (below).
        while true {
            let text: UnsafeBufferPointer<UInt8>
            var ownedText: UnsafeMutableBufferPointer<UInt8>?
            if borrow {
                // safe: end > 0, so the buffer is not empty
                text = UnsafeBufferPointer(start: input.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
            } else {
                let copy = UnsafeMutableBufferPointer.copyEndingInNUL(of: input.baseAddress, count: count)
                ownedText = copy
                text = UnsafeBufferPointer(rebasing: copy[..<count])
            }
            do {
                // safe: `text` is borrowed from a non-empty buffer or is a copy of count + 1 bytes
                var parser = JSONParser(text.baseAddress!, count: borrow ? end : count, readable: borrow ? end : count + 1,
                                        maxDepth: maxDepth, rules: rules, output: makeOutput(count))
                try parser.parseDocument()
                return finish(&parser, ParsedText(text: text, ownedText: ownedText))
            } catch {
                ownedText?.deallocateWithFree()
                if borrow {
                    // A borrowed parse stops at the last bracket, so for a broken document its first
                    // problem can differ from the copying parse's, which reads on into the trailing
                    // whitespace (an unclosed string meets a line feed there). Failures are the slow
                    // path: take the copying parse's error, so both paths say the same.
                    borrow = false
                    continue
                }
                throw JSONParseError(error, in: input, firstLine: firstLine)
            }
        }
    }
}

/// The parser behind ``JSONTape/init(parsing:maxDepth:)`` and ``JSONValue/init(parsing:maxDepth:)``.
/// See the design comment above.
struct JSONParser<Output: JSONParserOutput & ~Copyable>: ~Copyable {
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
        /// Where the key a duplicate-key failure names first occurs.
        var firstAt: Int? = nil
        /// The limit a document exceeded.
        var limit: DecodingLimits.Limit? = nil
        /// The key a duplicate-key failure names.
        var duplicateKey: String? = nil
    }

    /// An open array or object.
    struct Frame {
        /// What the output's `open` returned for it (for a tape, the container's node index).
        var token: Int
        /// The offset of its `[` or `{` (for messages).
        var offset: Int
        /// Elements (or members) completed so far.
        var count: Int
        /// The object's first key on the key stack; `-1` for an array.
        var keyBase: Int

        var isObject: Bool { keyBase >= 0 }
    }

    /// The document (never written). `p[count]` is a NUL, or `p[count - 1]` is `}` or `]`.
    let p: UnsafePointer<UInt8>
    /// The number of bytes parsed: the input's length, or up to its closing bracket.
    let count: Int
    /// The number of bytes that may be read from `p` (with the NUL, when there is one).
    let readable: Int
    let maxDepth: Int
    /// The limits and the duplicate-key rule (DecodingLimits.swift).
    let rules: ParseRules
    /// Where the values go.
    var output: Output
    /// The node of the string ``scanString(at:)`` read last.
    var lastString = JSONTape.Node(kind: .string)
    /// The unescaped bytes of strings with escapes, back to back (the tape's `unescaped`).
    var unescaped = ScratchBuffer<UInt8>(capacity: 0)
    var frames = ScratchBuffer<Frame>(capacity: 16)
    var keys = ScratchBuffer<KeySpan>(capacity: 32)
    var duplicates = DuplicateKeyDetector()
    /// `SmallString.isAvailable`, read once per parse for the outputs that make strings.
    let inlineStrings = SmallString.isAvailable
    /// Whether the text may go on after the root value (``JSONTape/parsingLeadingValue(of:maxDepth:rules:)``):
    /// the parse then ends with the root value, at ``rootValueEnd``.
    var endsWithRootValue = false
    /// One past the root value's last byte, once parsed with ``endsWithRootValue``.
    var rootValueEnd = 0
    /// Whether the text is elements of an array whose frame the caller opened, the last of them
    /// ending at `count` (JSONTape+ArrayParts.swift); a `]` may not close that array.
    var endsArrayAtCount = false
    /// Whether that array was closed at `count`.
    var arrayEndedAtCount = false

    init(_ p: UnsafePointer<UInt8>, count: Int, readable: Int, maxDepth: Int, rules: ParseRules = .none, output: consuming Output) {
        self.p = p
        self.count = count
        self.readable = readable
        self.maxDepth = max(0, maxDepth)
        self.rules = rules
        self.output = output
        // Unescaping never lengthens a string: the text's length bounds the unescaped strings.
        unescaped.growthBound = readable + 8
    }

    /// Where the output reads a node's bytes: the text, or (a node flagged `escaped`) the
    /// unescaped strings so far — which move when they grow, so an output copies what it keeps.
    var bytes: JSONTape.Bytes {
        @inline(__always) get {
            JSONTape.Bytes(text: UnsafeBufferPointer(start: p, count: readable),
                           unescaped: UnsafeBufferPointer(start: unescaped.base, count: unescaped.count), inlineStrings: inlineStrings)
        }
    }

    // MARK: The loop

    /// Parses the whole input into `output`.
    mutating func parseDocument() throws(Failure) {
        let bom = count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        try parseValue(from: skipWhitespace(bom))
    }

    /// Parses the value at `start` and what follows it up to `count`: the root value, or, with
    /// ``endsArrayAtCount``, the rest of the array opened before `start`.
    @inline(__always)
    mutating func parseValue(from start: Int) throws(Failure) {
        var i = start
        outer: while true {
            // A value starts at `i` (whitespace skipped).
            switch p[i] {
            case UInt8(ascii: "\""):
                let quote = i
                i = try scanString(at: i)
                try checkStringLength(at: quote)
                output.scalar(lastString, in: bytes)
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                i = try scanNumber(at: i)
            case UInt8(ascii: "{"):
                try open(.object, at: i)
                i = skipWhitespace(i + 1)
                guard p[i] == UInt8(ascii: "}") else {
                    i = try scanKey(at: i, afterComma: false)
                    continue outer
                }
                try close()
                i += 1
            case UInt8(ascii: "["):
                try open(.array, at: i)
                i = skipWhitespace(i + 1)
                guard p[i] == UInt8(ascii: "]") else { continue outer }
                try close()
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
                guard i < count else {
                    // A part of an array (JSONTape+ArrayParts.swift) ends where its last element does.
                    guard endsArrayAtCount, i == count, top == 0 else { throw afterElementFailure(at: i, frame: frames[top]) }
                    try close()
                    arrayEndedAtCount = true
                    break
                }
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
                try close()
                i += 1
            }
            break
        }
        if endsWithRootValue {
            rootValueEnd = i
            return
        }
        // A part's `]` closed the array before its end: the document's array ended early.
        if endsArrayAtCount, !arrayEndedAtCount {
            throw Failure(offset: i, reason: "the array closes before the end of the part")
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

    /// Starts a container at `i`: a frame, and the output's `open`.
    @inline(__always)
    mutating func open(_ kind: JSONTape.Kind, at i: Int) throws(Failure) {
        guard frames.count < maxDepth else {
            throw Failure(offset: i, reason: "nesting deeper than \(maxDepth) levels (the limit is set by maxDepth)")
        }
        frames.append(Frame(token: output.open(kind), offset: i, count: 0, keyBase: kind == .object ? keys.count : -1))
    }

    /// Closes the innermost container: checks an object's keys for repeats (an error under
    /// ``ParseRules/rejectsDuplicateKeys``) and tells the output (for a tape, which patches the
    /// container's node with its end, count and flags).
    @inline(__always)
    mutating func close() throws(Failure) {
        let frame = frames.removeLast()
        var flags: UInt8 = 0
        if frame.isObject {
            if keys.count - frame.keyBase > rules.maxObjectMembers { throw memberLimitFailure(in: frame) }
            if keys.count - frame.keyBase > 1,
               duplicates.containsRepeat(keys.base + frame.keyBase, count: keys.count - frame.keyBase,
                                         text: p, unescaped: unescaped.base, object: frame.offset) {
                if rules.rejectsDuplicateKeys { throw duplicateKeyFailure(in: frame) }
                flags = rules.duplicateKeyFlags
            }
            keys.removeLast(keys.count - frame.keyBase)
        }
        // A container holds at most one element per two input bytes, so counts fit a UInt32 for
        // inputs under 8 GiB; clamp rather than trap beyond that.
        output.close(frame.token, JSONTape.Node(kind: frame.isObject ? .object : .array, length: UInt32(clamping: frame.count), flags: flags))
    }

    /// Parses an object key at `i` (which must be a string), the `:` after it and the whitespace
    /// before the value; returns the value's start.
    @inline(__always)
    mutating func scanKey(at i: Int, afterComma: Bool) throws(Failure) -> Int {
        guard p[i] == UInt8(ascii: "\"") else {
            throw keyFailure(at: i, afterComma: afterComma)
        }
        let afterKey = try scanString(at: i)
        try pushKey(at: i)
        let j = skipWhitespace(afterKey)
        guard p[j] == UInt8(ascii: ":") else {
            throw Failure(offset: j, reason: "expected ':' after object key, found \(describe(at: j))")
        }
        return skipWhitespace(j + 1)
    }
}
