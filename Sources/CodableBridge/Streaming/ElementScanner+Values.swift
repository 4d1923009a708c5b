import Foundation

// The value scan of `ElementScanner` (see the design comment in ElementScanner.swift) and the
// errors it gives about the path.

// MARK: - The value scan

extension ElementScanner {
    /// Scans the current value on from `position`; its end (one past its last byte), or `nil`
    /// when the buffer ends first.
    mutating func scanValue() throws -> Int? {
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

    /// The element about to be scanned, parsed at once when it is an array or object that has
    /// arrived whole: the parser finds its end itself, so its bytes are read once, not scanned
    /// and then parsed. `nil` (nothing changed) for any other value, an element that has not
    /// arrived whole, or one the parser refuses: the scan then reads it and reports what is wrong.
    mutating func parseWholeElement() -> Step? {
        // safe: called while a value is being scanned
        guard case .element(let index) = scan!.purpose, scan!.kind == .container, position == scan!.start else { return nil }
        // The parse may read up to the last closing bracket that has arrived; only the bytes
        // that came since the last search are searched.
        let end = baseOffset + buffer.count
        if lastClosing.searchedEnd != end {
            let searched = max(0, lastClosing.searchedEnd - baseOffset)
            var i = buffer.count - 1
            while i >= searched, buffer[i] != UInt8(ascii: "}"), buffer[i] != UInt8(ascii: "]") { i -= 1 }
            if i >= searched { lastClosing.at = baseOffset + i }
            lastClosing.searchedEnd = end
        }
        let last = lastClosing.at - baseOffset
        guard last > position else { return nil }
        let start = position
        let parsed = buffer.withUnsafeBytes { bytes in
            JSONTape.parsingLeadingValue(of: UnsafeRawBufferPointer(rebasing: bytes[start ... last]), maxDepth: valueMaxDepth, rules: rules)
        }
        guard let (tape, length) = parsed, length <= rules.maxDocumentBytes else { return nil }
        scan = nil
        position = start + length
        keep = position
        return elementEnded(start ..< position, index: index, tape: tape)
    }

    /// The step for the element at `range`, which has just ended (scanned, or parsed as `tape`):
    /// the array has one more element, and a comma or its end comes next.
    mutating func elementEnded(_ range: Range<Int>, index: Int, tape: JSONTape?) -> Step {
        frames[frames.count - 1].count += 1
        state = .commaOrEnd
        return .element(range, index: index, tape: tape)
    }

    /// Skips a UTF-8 byte order mark at the very start of the stream, as the parser skips it;
    /// false until the document's first three bytes (or its end) have arrived. Nothing is read
    /// before this is settled, so the buffer still starts at the stream's first byte.
    mutating func skipByteOrderMark() -> Bool {
        guard buffer.count >= 3 || atEnd else { return false }
        startedDocument = true
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            position = 3
            lineStartOffset = 3
        }
        return true
    }

    /// What the navigation expects next, for the message of a document that ends early.
    var expectation: String {
        switch state {
        case .value, .firstValueOrEnd: "expected a value"
        case .firstKeyOrEnd, .key: "expected a key string"
        case .colon: "expected ':'"
        case .commaOrEnd: frames.last?.isObject == true ? "expected ',' or '}'" : "expected ',' or ']'"
        case .trailing: "expected the end of the document"
        }
    }

    enum Outcome {
        case ended(Int)
        case more
        case stringTooLong(Int)
        case tooDeep(Int)
    }

    /// Moves `position` past the closing quote of the string it is in; false when the buffer
    /// ends first (then `position` is where to resume: an escape is never split).
    ///
    /// The bytes between quotes and backslashes are skipped eight at a time: a word has a quote
    /// or a backslash when `word ^ 0x22…` or `word ^ 0x5C…` has a zero byte, and the lowest flag
    /// of the zero-byte test (`(x - 0x01…) & ~x & 0x80…`) marks the first one exactly.
    @inline(__always)
    static func scanString(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ count: Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var i = position
        while true {
            while i + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let quote = word ^ 0x2222_2222_2222_2222
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let found = ((quote &- 0x0101_0101_0101_0101) & ~quote | (backslash &- 0x0101_0101_0101_0101) & ~backslash)
                    & 0x8080_8080_8080_8080
                if found != 0 {
                    i += found.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < count else {
                position = i
                return false
            }
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
    }

    mutating func stringTooLong(at start: Int) -> JSONParseError {
        error(at: start, "a string longer than the limit maxStringBytes = \(rules.maxStringBytes)", limit: .maxStringBytes)
    }

    mutating func elementTooLong(_ start: Int) -> JSONParseError {
        error(at: start + rules.maxDocumentBytes,
              "a value longer than the limit maxDocumentBytes = \(rules.maxDocumentBytes) (the limit applies to each element and each skipped value)",
              limit: .maxDocumentBytes)
    }
}

// MARK: - Errors about the path

extension ElementScanner {
    func pathKeys(_ count: Int) -> [any CodingKey] {
        segments.prefix(count).map { AnyCodingKey($0) }
    }

    func pathText(_ count: Int) -> String {
        count == 0 ? "the document" : "\"\(segments.prefix(count).joined(separator: "."))\""
    }

    func missing(segment: Int) -> DecodingError {
        let key = AnyCodingKey(segments[segment])
        return .keyNotFound(key, .init(codingPath: pathKeys(segment), debugDescription:
            "No value at \"\(segments.joined(separator: "."))\": \(pathText(segment)) has no member or element \"\(segments[segment])\"."))
    }

    func notAnArray(_ byte: UInt8) -> DecodingError {
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
    func trailingComma(_ expected: String, _ byte: UInt8) -> JSONParseError {
        JSONParseError(line: lastComma.line, column: lastComma.column, offset: lastComma.offset,
                       reason: "\(JSONParseError.trailingCommaReason): expected \(expected), found \(describe(byte))")
    }

    func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
