// The parser's error messages: what was found, what was expected, and where the enclosing
// string, array or object started.

extension JSONParser where Output: ~Copyable {
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

    /// The failure for a word at `i` that starts like the literal `word` (its first byte matched)
    /// but is not it: a cut or misspelt literal (`nul`, `tru`, `nulx`) is named as that literal,
    /// any other word (`not`, `nope`) as a word where a value was expected.
    func literalFailure(at i: Int, _ word: String) -> Failure {
        var end = i
        while end < count, end - i < 32, p[end] < 0x80, isWordByte(p[end]) { end += 1 }
        let found = String(decoding: UnsafeBufferPointer(start: p + i, count: max(end - i, min(1, count - i))), as: UTF8.self)
        let expected = Array(word.utf8)
        let looksLikeLiteral = end - i < 2 || p[i + 1] == expected[1]
        guard looksLikeLiteral else { return Failure(offset: i, reason: "expected a JSON value, found '\(found)'") }
        let prefix = end == count && word.hasPrefix(found) ? "unexpected end of input: " : ""
        return Failure(offset: i, reason: "\(prefix)expected '\(word)', found '\(found)'")
    }

    /// Whether `byte` continues a word for ``literalFailure(at:_:)`` (letters, digits, `_`).
    private func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"), UInt8(ascii: "0") ... UInt8(ascii: "9"),
             UInt8(ascii: "_"): true
        default: false
        }
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
