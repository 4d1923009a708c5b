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
//   limits); the range is then parsed by the normal parser, which checks the rest.
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
        /// The element with this index occupies `range` of ``buffer``.
        case element(Range<Int>, index: Int)
        /// The buffer ends before the next element is complete: append a chunk (or call
        /// ``finish()``) and call `next()` again.
        case needsMore
        /// The document ended well.
        case finished
    }

    /// A container entered on the way to the array.
    private struct Frame {
        var isObject: Bool
        /// The key (objects) or index (arrays) of the member on the path; `nil` for the array
        /// itself, whose every value is an element.
        var wanted: String?
        var found = false
        /// The number of values seen in an array.
        var count = 0
    }

    private enum State {
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
    private enum ValueKind {
        case string, container, scalar
    }

    /// The scan of one value in progress.
    private struct ValueScan {
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

    private enum Purpose {
        case element(index: Int)
        case skipped
        case key
        /// The value on the path: a key's value or an indexed array value to enter.
        case onPath
    }

    // MARK: Configuration

    let segments: [String]
    let maxDepth: Int
    let rules: ParseRules

    // MARK: Buffer

    /// The bytes from the current token or value on; ``compact()`` drops what is before it.
    private(set) var buffer: [UInt8] = []
    /// The next byte to scan.
    private var position = 0
    /// The first byte still needed (the current token or value).
    private var keep = 0
    private(set) var atEnd = false

    // MARK: Position in the stream

    /// The stream offset of `buffer[0]`.
    private var baseOffset = 0
    /// A point in the buffer whose line is known; it only moves forward (errors and commas ask
    /// for positions in the order of the text), so each byte is counted once.
    private var cursor = 0
    private var cursorLine = 1
    /// The stream offset of the first byte of `cursorLine`.
    private var lineStartOffset = 0
    private var afterCR = false
    private var startedDocument = false
    /// Where the last comma between values was, for the error of a trailing comma.
    private var lastComma = (line: 1, column: 1, offset: 0)
    /// Whether the last token was a comma between values.
    private var afterComma = false

    // MARK: Navigation

    private var frames: [Frame] = []
    private var state = State.value
    private var scan: ValueScan?
    /// Whether the key just read is the one the path wants (read before its colon).
    private var keyMatches = false
    /// Whether the value about to start is the member on the path.
    private var memberIsOnPath = false

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

    /// Counts the line breaks from the cursor up to `index`.
    private mutating func moveCursor(to index: Int) {
        buffer.withUnsafeBufferPointer { bytes in
            var line = cursorLine
            var lineStart = lineStartOffset
            var cr = afterCR
            for i in cursor ..< index {
                let byte = bytes[i]
                if byte == 0x0A {
                    if !cr { line += 1 }
                    lineStart = baseOffset + i + 1
                    cr = false
                } else if byte == 0x0D {
                    line += 1
                    lineStart = baseOffset + i + 1
                    cr = true
                } else {
                    cr = false
                }
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
                guard let end = try scanValue() else { return .needsMore }
                let value = scan!  // safe: scanValue keeps it until the value is complete
                scan = nil
                let range = value.start ..< end
                keep = end
                switch value.purpose {
                case .element(let index):
                    frames[frames.count - 1].count += 1
                    state = .commaOrEnd
                    return .element(range, index: index)
                case .skipped:
                    try check(range)
                    valueEnded()
                case .key:
                    keyMatches = try isWantedKey(range)
                    state = .colon
                case .onPath:
                    fatalError("a value on the path is entered, not scanned")  // never scanned: see startValue
                }
                continue
            }
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

    private var expectation: String {
        switch state {
        case .value, .firstValueOrEnd: "expected a value"
        case .firstKeyOrEnd, .key: "expected a key string"
        case .colon: "expected ':'"
        case .commaOrEnd: frames.last?.isObject == true ? "expected ',' or '}'" : "expected ',' or ']'"
        case .trailing: "expected the end of the document"
        }
    }

    private mutating func skipWhitespace() {
        if !startedDocument, (buffer.count - position >= 3 || atEnd) {
            startedDocument = true
            // A UTF-8 byte order mark at the very start is skipped, as the parser skips it.
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                position = 3
                lineStartOffset = 3
            }
        }
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
    private var valuePurpose: Purpose {
        guard let frame = frames.last else { return .onPath }  // the document itself
        if frame.wanted == nil { return .element(index: frame.count) }
        if frame.isObject { return .skipped }  // members on the path are marked by memberKeyRead
        return !frame.found && String(frame.count) == frame.wanted ? .onPath : .skipped
    }

    /// Starts the value that begins with `byte`.
    private mutating func startValue(_ byte: UInt8) throws {
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
            if wantsArray { throw notAnArray(byte) }
            // Neither an object nor an array where a key is wanted: the next segment is missing.
            throw missing(segment: depth)
        }
        let kind: ValueKind
        switch byte {
        case UInt8(ascii: "\""): kind = .string
        case UInt8(ascii: "{"), UInt8(ascii: "["): kind = .container
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ":"):
            throw error(at: position, "expected a value, found \(describe(byte))")
        default: kind = .scalar
        }
        scan = ValueScan(kind: kind, start: position, purpose: purpose)
    }

    private mutating func checkDepth() throws {
        if frames.count > maxDepth { throw tooDeep(at: position) }
    }

    /// The nesting a value inside the frames may have: ``maxDepth`` counts from the document's
    /// root, as for a whole-document decode.
    var valueMaxDepth: Int { max(0, maxDepth - frames.count) }

    private mutating func tooDeep(at index: Int) -> JSONParseError {
        error(at: index, "nesting deeper than \(maxDepth) levels (the limit is set by maxDepth)")
    }

    /// After a key and its colon: whether the member's value is on the path.
    private mutating func memberKeyRead() {
        if keyMatches {
            frames[frames.count - 1].found = true
            memberIsOnPath = true
            keyMatches = false
        }
        state = .value
    }

    /// Whether the key string at `range` (quotes included) is the member the innermost object
    /// wants and has not found yet.
    private mutating func isWantedKey(_ range: Range<Int>) throws -> Bool {
        guard let frame = frames.last, let wanted = frame.wanted, !frame.found else { return false }
        let inner = buffer[(range.lowerBound + 1) ..< (range.upperBound - 1)]
        if !inner.contains(UInt8(ascii: "\\")) {
            return inner.elementsEqual(wanted.utf8)
        }
        do {
            return try JSONValue(parsing: Data(buffer[range]), maxDepth: 1).stringValue == wanted
        } catch let failure as JSONParseError {
            throw relocated(failure, from: range.lowerBound)
        }
    }

    /// After a value that was skipped: the container's next token.
    private mutating func valueEnded() {
        if frames.isEmpty {
            state = .trailing
        } else {
            frames[frames.count - 1].count += 1
            state = .commaOrEnd
        }
    }

    /// After the closing bracket or brace of the innermost frame.
    private mutating func closeFrame(isObject: Bool) throws {
        let frame = frames.removeLast()
        if frame.wanted != nil, !frame.found {
            throw missing(segment: frames.count)
        }
        valueEnded()
    }

    /// Parses a skipped value, to check it.
    private mutating func check(_ range: Range<Int>) throws {
        do {
            try buffer[range].withUnsafeBytes { bytes in
                try rules.checkDocumentLength(of: bytes, firstLine: 1)
                _ = try JSONTape(parsing: bytes, maxDepth: valueMaxDepth, rules: rules)
            }
        } catch let failure as JSONParseError {
            throw relocated(failure, from: range.lowerBound)
        }
    }

    // MARK: Errors about the path

    private func pathKeys(_ count: Int) -> [any CodingKey] {
        segments.prefix(count).map { AnyCodingKey($0) }
    }

    private func pathText(_ count: Int) -> String {
        count == 0 ? "the document" : "\"\(segments.prefix(count).joined(separator: "."))\""
    }

    private func missing(segment: Int) -> DecodingError {
        let key = AnyCodingKey(segments[segment])
        return .keyNotFound(key, .init(codingPath: pathKeys(segment), debugDescription:
            "No value at \"\(segments.joined(separator: "."))\": \(pathText(segment)) has no member or element \"\(segments[segment])\"."))
    }

    private func notAnArray(_ byte: UInt8) -> DecodingError {
        let found = switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "n"): "null"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a bool"
        default: "a number"
        }
        return .typeMismatch([Any].self, .init(codingPath: pathKeys(segments.count), debugDescription:
            "Expected an array at \(pathText(segments.count)) to read its elements, but found \(found) instead."))
    }

    /// The parser's error for a comma before a closing bracket, at the comma.
    private func trailingComma(_ expected: String, _ byte: UInt8) -> JSONParseError {
        JSONParseError(line: lastComma.line, column: lastComma.column, offset: lastComma.offset,
                       reason: "\(JSONParseError.trailingCommaReason): expected \(expected), found \(describe(byte))")
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}

// MARK: - The value scan

extension ElementScanner {
    /// Scans the current value on from `position`; its end (one past its last byte), or `nil`
    /// when the buffer ends first.
    private mutating func scanValue() throws -> Int? {
        var value = scan!  // safe: called only while a value is being scanned
        defer { scan = value }
        let maxString = rules.maxStringBytes == .max ? Int.max : rules.maxStringBytes.multipliedReportingOverflow(by: 6).partialValue + 2
        let count = buffer.count
        let maxDepth = valueMaxDepth
        var position = self.position
        defer { self.position = position }
        let outcome: Outcome = buffer.withUnsafeBufferPointer { bytes in
            switch value.kind {
            case .scalar:
                while position < count {
                    switch bytes[position] {
                    case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"),
                         UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "{"):
                        return .ended(position)
                    default: position += 1
                    }
                }
                return atEnd ? .ended(position) : .more
            case .string:
                if position == value.start { position += 1 }
                return Self.scanString(bytes, &position, count) ? .ended(position) : .more
            case .container:
                while position < count {
                    if value.inString {
                        guard Self.scanString(bytes, &position, count) else { return .more }
                        value.inString = false
                        if position - value.stringStart > maxString { return .stringTooLong(value.stringStart) }
                        continue
                    }
                    let byte = bytes[position]
                    position += 1
                    switch byte {
                    case UInt8(ascii: "\""):
                        value.inString = true
                        value.stringStart = position - 1
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        value.depth += 1
                        if value.depth > maxDepth { return .tooDeep(position - 1) }
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        value.depth -= 1
                        if value.depth == 0 { return .ended(position) }
                    default: break
                    }
                }
                return .more
            }
        }
        switch outcome {
        case .ended(let end):
            if value.kind == .string, end - value.start > maxString { throw stringTooLong(at: value.start) }
            if end - value.start > rules.maxDocumentBytes { throw elementTooLong(value.start) }
            return end
        case .more:
            if atEnd {
                let reason = value.kind == .string || value.inString ? "unexpected end of input inside a string"
                    : "unexpected end of input inside \(value.depth > 0 ? "an array or object" : "a value")"
                throw error(at: position, reason)
            }
            if value.kind == .string || value.inString {
                let stringStart = value.kind == .string ? value.start : value.stringStart
                if position - stringStart > maxString { throw stringTooLong(at: stringStart) }
            }
            if position - value.start > rules.maxDocumentBytes { throw elementTooLong(value.start) }
            return nil
        case .stringTooLong(let start):
            throw stringTooLong(at: start)
        case .tooDeep(let at):
            throw tooDeep(at: at)
        }
    }

    private enum Outcome {
        case ended(Int)
        case more
        case stringTooLong(Int)
        case tooDeep(Int)
    }

    /// Moves `position` past the closing quote of the string it is in; false when the buffer
    /// ends first (then `position` is where to resume: an escape is never split).
    @inline(__always)
    private static func scanString(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ count: Int) -> Bool {
        var i = position
        while i < count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                position = i + 1
                return true
            }
            if byte == UInt8(ascii: "\\") {
                guard i + 1 < count else {
                    position = i
                    return false
                }
                i += 2
                continue
            }
            i += 1
        }
        position = i
        return false
    }

    private mutating func stringTooLong(at start: Int) -> JSONParseError {
        error(at: start, "a string longer than the limit maxStringBytes = \(rules.maxStringBytes)", limit: .maxStringBytes)
    }

    private mutating func elementTooLong(_ start: Int) -> JSONParseError {
        error(at: start + rules.maxDocumentBytes,
              "a value longer than the limit maxDocumentBytes = \(rules.maxDocumentBytes) (the limit applies to each element and each skipped value)",
              limit: .maxDocumentBytes)
    }
}
