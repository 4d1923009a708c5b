import Foundation

// MARK: - Design
//
// `ElementScanner` walks a JSON document that arrives in pieces and finds the byte range of each
// element of one array — the array at a key path — without building anything. It keeps the bytes
// of the value it is in the middle of and nothing before them, so memory is the largest element
// (or skipped value) plus the bytes read but not yet scanned.
//
//     document   {"meta":{"n":2},"data":{"items":[{"id":1},"x",[2]],"more":true}}     path data.items
//     frames     root ─ object (wants "data") ─ object (wants "items") ─ the array
//     values     "meta" → {"n":2}   skipped: its range is parsed to check it, then dropped
//                "data" → {         entered: a frame; "items" → [ the target array
//                {"id":1}  "x"  [2] elements 0, 1, 2: each range is handed out, then dropped
//                "more" → true      skipped (checked)
//
// Two layers:
//
// - The *navigation* states read the structure around the array — the ancestors' braces,
//   brackets, keys, colons and commas — token by token, with JSON's grammar (a misplaced comma
//   is a `JSONParseError` at its line and column in the whole stream).
// - The *value* scan finds where one value ends: a string (up to its unescaped quote), an object
//   or array (strings with escapes, and the depth of brackets and braces), or a scalar (up to
//   the next delimiter). It checks only what bounds memory (`maxDepth`, the string and element
//   limits); the range is then parsed by the normal parser, which checks the rest. An element
//   that is an array or object and has arrived whole is not scanned: the parser reads it where
//   it lies and finds its end itself (`parseWholeElement`); one that has not, or that the
//   parser refuses, is scanned as above, so errors and limits read the same either way.
//
// Both layers resume where they stopped when the buffer runs out (`needsMore`): the caller
// appends the next chunk and calls `next()` again; no byte is scanned twice. Before a chunk is
// appended, the bytes before the current value are dropped (`compact()`), and the line and column
// of the buffer's first byte are carried forward so errors point into the whole stream.

/// Finds the elements of the array at a key path in JSON text read in chunks. See the design
/// comment at the top of this file.
struct ElementScanner {
    /// What ``next()`` found.
    enum Step {
        /// The element with this index occupies `range` of ``buffer``; `tape` is its parse when
        /// it was parsed already (it had arrived whole), `nil` when it is still to be parsed.
        case element(Range<Int>, index: Int, tape: JSONTape?)
        /// The buffer ends before the next element is complete: append a chunk (or call
        /// ``finish()``) and call `next()` again.
        case needsMore
        /// The document ended well.
        case finished
    }

    /// A container entered on the way to the array.
    struct Frame {
        var isObject: Bool
        /// The key (objects) or index (arrays) of the member on the path; `nil` for the array
        /// itself, whose every value is an element.
        var wanted: String?
        var found = false
        /// The number of values seen in an array.
        var count = 0
    }

    enum State {
        /// A value is expected (the document, a member's value, an array's value after a comma).
        case value
        /// After `{`: a key or `}`.
        case firstKeyOrEnd
        /// After `,` in an object: a key.
        case key
        /// After a key: `:`.
        case colon
        /// After a member or an array value: `,` or the closing bracket.
        case commaOrEnd
        /// After `[`: a value or `]`.
        case firstValueOrEnd
        /// After the document's value: only whitespace.
        case trailing
    }

    /// What the value being scanned is.
    enum ValueKind {
        case string, container, scalar
    }

    /// The scan of one value in progress.
    struct ValueScan {
        var kind: ValueKind
        /// The value's first byte in ``buffer``.
        var start: Int
        /// Open brackets and braces (containers).
        var depth = 0
        var inString = false
        /// Where the string being scanned started (for its length).
        var stringStart = 0
        /// What the value is for.
        var purpose: Purpose
    }

    enum Purpose {
        case element(index: Int)
        case skipped
        case key
        /// The value on the path: a key's value or an indexed array value to enter.
        case onPath
        /// A scalar where the path needs an array or object: checked, then `error` is thrown.
        case misplaced(DecodingError)
    }

    // MARK: Configuration

    let segments: [String]
    let maxDepth: Int
    let rules: ParseRules

    // MARK: Buffer

    /// The bytes from the current token or value on; ``compact()`` drops what is before it.
    private(set) var buffer: [UInt8] = []
    /// The next byte to scan.
    var position = 0
    /// The first byte still needed (the current token or value).
    var keep = 0
    private(set) var atEnd = false

    // MARK: Position in the stream

    /// The stream offset of `buffer[0]`.
    var baseOffset = 0
    /// The stream offset of the last `}` or `]` in the bytes read so far (-1: none), and of the
    /// end of the bytes searched for it.
    var lastClosing = (at: -1, searchedEnd: 0)
    /// A point in the buffer whose line is known; it only moves forward (errors and commas ask
    /// for positions in the order of the text), so each byte is counted once.
    var cursor = 0
    var cursorLine = 1
    /// The stream offset of the first byte of `cursorLine`.
    var lineStartOffset = 0
    var afterCR = false
    /// Whether the byte order mark question is settled (``skipByteOrderMark()``).
    var startedDocument = false
    /// Where the last comma between values was, for the error of a trailing comma.
    var lastComma = (line: 1, column: 1, offset: 0)
    /// Whether the last token was a comma between values.
    var afterComma = false

    // MARK: Navigation

    var frames: [Frame] = []
    var state = State.value
    var scan: ValueScan?
    /// Whether the key just read is the one the path wants (read before its colon).
    var keyMatches = false
    /// Whether the value about to start is the member on the path.
    var memberIsOnPath = false

    init(path: String?, maxDepth: Int, rules: ParseRules) {
        segments = path.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) } ?? []
        self.maxDepth = maxDepth
        self.rules = rules
    }

    /// The key path components of the array, as the decoder spells them (`decode(_:from:at:)`).
    var arrayPath: [PathComponent] { segments.map { .name($0) } }

    /// The number of bytes the scanner holds.
    var heldBytes: Int { buffer.count }

    // MARK: Input

    /// Drops the bytes before the current token or value, then appends `bytes`.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Drops the bytes before the current token or value.
    mutating func compact() {
        guard keep > 0 else { return }
        if cursor < keep { moveCursor(to: keep) }
        buffer.removeSubrange(0 ..< keep)
        baseOffset += keep
        cursor -= keep
        position -= keep
        if var value = scan {
            value.start -= keep
            value.stringStart -= keep
            scan = value
        }
        keep = 0
    }

    /// Marks the end of the input.
    mutating func finish() {
        atEnd = true
    }

    /// Counts the line breaks from the cursor up to `index`. Words of eight bytes without a LF
    /// or CR are skipped whole (the zero-byte test of `ElementScanner.scanString(_:_:_:)`).
    mutating func moveCursor(to index: Int) {
        guard index > cursor else { return }
        buffer.withUnsafeBufferPointer { bytes in
            // safe: index > cursor >= 0, so the buffer is not empty
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            var line = cursorLine
            var lineStart = lineStartOffset
            var cr = afterCR
            var i = cursor
            // The next carriage return at or after `i` (`index`: none before it), searched again
            // only once passed, so each byte is searched once.
            var nextCR = -1
            while i < index {
                // Bytes other than line breaks are skipped with `memchr` (a minified document has
                // none at all).
                if nextCR < i {
                    nextCR = memchr(raw + i, 0x0D, index - i).map { UnsafeRawPointer($0) - raw } ?? index
                }
                let next = memchr(raw + i, 0x0A, nextCR - i).map { UnsafeRawPointer($0) - raw } ?? nextCR
                if next > i {
                    cr = false
                    i = next
                }
                guard i < index else { break }
                // A line feed or a carriage return; a line feed right after a carriage return
                // ends the same line.
                if bytes[i] == 0x0A {
                    if !cr { line += 1 }
                    cr = false
                } else {
                    line += 1
                    cr = true
                }
                lineStart = baseOffset + i + 1
                i += 1
            }
            cursorLine = line
            lineStartOffset = lineStart
            afterCR = cr
        }
        cursor = index
    }

    /// The line, column and stream offset of `buffer[index]`.
    mutating func streamPosition(of index: Int) -> (line: Int, column: Int, offset: Int) {
        // Positions are asked in the order of the text, never behind the cursor; if one were,
        // its column would be counted from the cursor's line.
        guard index >= cursor else { return (cursorLine, max(1, baseOffset + index - lineStartOffset + 1), baseOffset + index) }
        moveCursor(to: index)
        return (cursorLine, baseOffset + index - lineStartOffset + 1, baseOffset + index)
    }

    /// A parse error at `buffer[index]`.
    mutating func error(at index: Int, _ reason: String, limit: DecodingLimits.Limit? = nil) -> JSONParseError {
        let at = streamPosition(of: index)
        var error = JSONParseError(line: at.line, column: at.column, offset: at.offset, reason: reason)
        error.exceededLimit = limit
        return error
    }

    /// `error` of parsing the bytes from `buffer[index]`, moved to its place in the stream.
    mutating func relocated(_ error: JSONParseError, from index: Int) -> JSONParseError {
        let at = streamPosition(of: index)
        let column = error.line == 1 ? at.column + error.column - 1 : error.column
        var moved = JSONParseError(line: at.line + error.line - 1, column: column, offset: at.offset + error.offset, reason: error.reason)
        moved.exceededLimit = error.exceededLimit
        moved.duplicateKey = error.duplicateKey
        return moved
    }

    // MARK: Scanning

    /// Scans on until the next element is complete, the buffer runs out, or the document ends.
    ///
    /// - Throws: ``JSONParseError`` for malformed text (also in the skipped values, which are
    ///   parsed to check them), nesting deeper than `maxDepth`, or a limit; `DecodingError` when
    ///   the path is missing or is not an array.
    mutating func next() throws -> Step {
        while true {
            if scan != nil {
                if let parsed = parseWholeElement() { return parsed }
                guard let end = try scanValue() else { return .needsMore }
                let value = scan!  // safe: scanValue keeps it until the value is complete
                scan = nil
                let range = value.start ..< end
                keep = end
                switch value.purpose {
                case .element(let index):
                    return elementEnded(range, index: index, tape: nil)
                case .skipped:
                    try check(range)
                    valueEnded()
                case .key:
                    keyMatches = try isWantedKey(range)
                    state = .colon
                case .onPath:
                    fatalError("a value on the path is entered, not scanned")  // never scanned: see startValue
                case .misplaced(let error):
                    try check(range)
                    throw error
                }
                continue
            }
            if !startedDocument, !skipByteOrderMark() { return .needsMore }
            skipWhitespace()
            guard position < buffer.count else {
                keep = position
                guard atEnd else { return .needsMore }
                guard state == .trailing else {
                    throw error(at: position, "unexpected end of input; \(expectation)")
                }
                return .finished
            }
            keep = position
            let byte = buffer[position]
            switch state {
            case .value, .firstValueOrEnd:
                if state == .firstValueOrEnd, byte == UInt8(ascii: "]") {
                    position += 1
                    try closeFrame(isObject: false)
                    continue
                }
                try startValue(byte)
            case .firstKeyOrEnd, .key:
                if state == .firstKeyOrEnd, byte == UInt8(ascii: "}") {
                    position += 1
                    try closeFrame(isObject: true)
                    continue
                }
                if afterComma, byte == UInt8(ascii: "}") { throw trailingComma("a key after ',' in object", byte) }
                afterComma = false
                guard byte == UInt8(ascii: "\"") else { throw error(at: position, "expected a key string, found \(describe(byte))") }
                scan = ValueScan(kind: .string, start: position, inString: true, stringStart: position, purpose: .key)
                position += 1
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw error(at: position, "expected ':' after an object key, found \(describe(byte))") }
                position += 1
                memberKeyRead()
            case .commaOrEnd:
                let frame = frames[frames.count - 1]
                let close = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if byte == close {
                    position += 1
                    try closeFrame(isObject: frame.isObject)
                } else if byte == UInt8(ascii: ",") {
                    let comma = streamPosition(of: position)
                    lastComma = (comma.line, comma.column, comma.offset)
                    afterComma = true
                    position += 1
                    state = frame.isObject ? .key : .value
                } else {
                    throw error(at: position, "expected ',' or '\(Character(Unicode.Scalar(close)))' after \(frame.isObject ? "an object member" : "an array element"), found \(describe(byte))")
                }
            case .trailing:
                throw error(at: position, "unexpected \(describe(byte)) after the document's value")
            }
        }
    }

    mutating func skipWhitespace() {
        buffer.withUnsafeBufferPointer { bytes in
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }
    }

    /// Whether the value expected now is on the path (to enter), an element, or skipped.
    var valuePurpose: Purpose {
        guard let frame = frames.last else { return .onPath }  // the document itself
        if frame.wanted == nil { return .element(index: frame.count) }
        if frame.isObject { return .skipped }  // members on the path are marked by memberKeyRead
        return !frame.found && String(frame.count) == frame.wanted ? .onPath : .skipped
    }

    /// Starts the value that begins with `byte`.
    mutating func startValue(_ byte: UInt8) throws {
        if afterComma, byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { throw trailingComma("a value after ','", byte) }
        afterComma = false
        var purpose = valuePurpose
        if memberIsOnPath {
            purpose = .onPath
            memberIsOnPath = false
        }
        if case .onPath = purpose {
            // A container on the path is entered; anything else means the path is not there.
            let depth = frames.count
            let wantsArray = depth == segments.count
            if frames.last?.isObject == false { frames[depth - 1].found = true }
            if byte == UInt8(ascii: "[") {
                if wantsArray {
                    frames.append(Frame(isObject: false, wanted: nil))
                } else {
                    frames.append(Frame(isObject: false, wanted: segments[depth]))
                }
                try checkDepth()
                position += 1
                state = .firstValueOrEnd
                return
            }
            if byte == UInt8(ascii: "{"), !wantsArray {
                frames.append(Frame(isObject: true, wanted: segments[depth]))
                try checkDepth()
                position += 1
                state = .firstKeyOrEnd
                return
            }
            // Neither an object nor an array where a key is wanted: the next segment is missing.
            let misplaced = wantsArray ? notAnArray(byte) : missing(segment: depth)
            guard byte != UInt8(ascii: "{"), byte != UInt8(ascii: "[") else { throw misplaced }
            // A scalar is read first: when it is malformed, that is the error.
            purpose = .misplaced(misplaced)
        }
        let kind: ValueKind
        switch byte {
        case UInt8(ascii: "\""): kind = .string
        case UInt8(ascii: "{"), UInt8(ascii: "["): kind = .container
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"),
             0xEF:  // a byte order mark here would pass the value's own parse, which skips a leading one
            throw error(at: position, "expected a value, found \(describe(byte))")
        default: kind = .scalar
        }
        scan = ValueScan(kind: kind, start: position, purpose: purpose)
    }

    mutating func checkDepth() throws {
        if frames.count > maxDepth { throw tooDeep(at: position) }
    }

    /// The nesting a value inside the frames may have: ``maxDepth`` counts from the document's
    /// root, as for a whole-document decode.
    var valueMaxDepth: Int { max(0, maxDepth - frames.count) }

    /// How many containers are open around the elements (the array included) while the scanner
    /// is inside the array; nil before the array and after it.
    var elementsDepth: Int? {
        guard let frame = frames.last, !frame.isObject, frame.wanted == nil else { return nil }
        return frames.count
    }

    mutating func tooDeep(at index: Int) -> JSONParseError {
        error(at: index, "nesting deeper than \(maxDepth) levels (the limit is set by maxDepth)")
    }

    /// After a key and its colon: whether the member's value is on the path.
    mutating func memberKeyRead() {
        if keyMatches {
            frames[frames.count - 1].found = true
            memberIsOnPath = true
            keyMatches = false
        }
        state = .value
    }

    /// Whether the key string at `range` (quotes included) is the member the innermost object
    /// wants and has not found yet. The key is parsed (checked) either way: only the keys of the
    /// objects on the path are read here, a handful per document.
    mutating func isWantedKey(_ range: Range<Int>) throws -> Bool {
        let key: String?
        do {
            key = try buffer[range].withUnsafeBytes { try JSONTape(parsing: $0, maxDepth: 1, rules: rules) }.value(at: 0).stringValue
        } catch let failure as JSONParseError {
            throw relocated(failure, from: range.lowerBound)
        }
        guard let frame = frames.last, let wanted = frame.wanted, !frame.found else { return false }
        return key == wanted
    }

    /// After a value that was skipped: the container's next token.
    mutating func valueEnded() {
        if frames.isEmpty {
            state = .trailing
        } else {
            frames[frames.count - 1].count += 1
            state = .commaOrEnd
        }
    }

    /// After the closing bracket or brace of the innermost frame.
    mutating func closeFrame(isObject: Bool) throws {
        let frame = frames.removeLast()
        if frame.wanted != nil, !frame.found {
            throw missing(segment: frames.count)
        }
        valueEnded()
    }

    /// Parses a skipped value, to check it.
    mutating func check(_ range: Range<Int>) throws {
        do {
            try buffer[range].withUnsafeBytes { bytes in
                try rules.checkDocumentLength(of: bytes, firstLine: 1)
                _ = try JSONTape(parsing: bytes, maxDepth: valueMaxDepth, rules: rules)
            }
        } catch let failure as JSONParseError {
            throw relocated(failure, from: range.lowerBound)
        }
    }
}
