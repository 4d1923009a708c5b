import Foundation

// Strings of a partial document. A string without escapes is a range of the text, as the parser
// makes it. At its first escape, what it held so far is copied to `unescaped`, and every byte after
// that (escapes resolved) is appended there, so an open string is a node at any moment: its
// range up to the safe end, in the text or in `unescaped`. UTF-8 is checked as the parser checks
// it (no overlong forms, no surrogates, nothing past U+10FFFF), so a string made of the text needs
// no second check (``JSONTape/Flags/validUTF8``).

extension PartialScanner {
    /// The string being read.
    struct StringState {
        var isKey = false
        /// The end of its last complete character, in the text (``PartialScanner/string``'s
        /// in-place bytes) and, once it has escapes, in `unescaped`.
        var safeEnd = 0
        var unescapedSafeEnd = 0
        /// Once it has an escape: where its bytes start in `unescaped`.
        var unescapedStart: Int?
        /// Continuation bytes still expected, and the range of the next one.
        var utf8Remaining = 0
        var nextLow: UInt8 = 0x80
        var nextHigh: UInt8 = 0xBF
        var isASCII = true
        /// Its length once unescaped, for `maxStringBytes`.
        var length = 0
        var hexRemaining = 0
        var hexValue: UInt32 = 0
        /// A `\uD800`–`\uDBFF` escape waiting for its low half.
        var highSurrogate: UInt32?
    }

    mutating func beginString(at i: Int, isKey: Bool) {
        tokenStart = i
        string = StringState(isKey: isKey, safeEnd: i + 1)
        state = .string
    }

    /// The node of the string being read, up to `end` in the text (its safe end, or its closing
    /// quote).
    func stringNode(end: Int) -> JSONTape.Node {
        // Checked UTF-8, and escapes resolved to whole scalars: valid UTF-8 either way, as the
        // parser's nodes are.
        let flags = JSONTape.Flags.validUTF8 | (string.isASCII ? JSONTape.Flags.ascii : 0)
        if let start = string.unescapedStart {
            return JSONTape.Node(kind: .string, payload: start, length: UInt32(string.unescapedSafeEnd - start),
                                 flags: JSONTape.Flags.escaped | flags)
        }
        return JSONTape.Node(kind: .string, payload: tokenStart + 1, length: UInt32(end - tokenStart - 1), flags: flags)
    }

    mutating func countStringBytes(_ n: Int) throws(Stop) {
        string.length += n
        guard string.length > rules.maxStringBytes else { return }
        let limit = rules.maxStringBytes
        throw Stop(offset: tokenStart, reason: "a string of more than \(limit) bytes exceeds the limit maxStringBytes = \(limit)",
                   limit: .maxStringBytes)
    }

    /// A character of the string is complete at `end` (the offset after it in the text).
    mutating func characterEnded(at end: Int) {
        string.safeEnd = end
        string.unescapedSafeEnd = unescaped.count
    }

    /// Appends resolved bytes to a string that has escapes.
    private mutating func appendUnescaped(_ c: UInt8) {
        if string.unescapedStart != nil { unescaped.append(c) }
    }

    mutating func stringByte(_ c: UInt8, at i: Int) throws(Stop) {
        if string.utf8Remaining > 0 {
            guard c >= string.nextLow, c <= string.nextHigh else { throw malformed() }
            string.nextLow = 0x80
            string.nextHigh = 0xBF
            string.utf8Remaining -= 1
            appendUnescaped(c)
            if string.utf8Remaining == 0 { characterEnded(at: i + 1) }
            return try countStringBytes(1)
        }
        if string.highSurrogate != nil, c != UInt8(ascii: "\\") { throw malformed() }
        switch c {
        case UInt8(ascii: "\""):
            string.unescapedSafeEnd = unescaped.count
            let node = stringNode(end: i)
            if string.isKey {
                try keyCompleted(node, rawEnd: i)
            } else {
                nodes.append(node)
                valueCompleted()
            }
        case UInt8(ascii: "\\"):
            if string.unescapedStart == nil {
                string.unescapedStart = unescaped.count
                unescaped.append(contentsOf: text[(tokenStart + 1) ..< i])
                string.unescapedSafeEnd = unescaped.count
            }
            state = .escape
        case 0 ..< 0x20:
            throw malformed()
        case 0x80...:
            try beginSequence(c)
            string.isASCII = false
            appendUnescaped(c)
            try countStringBytes(1)
        default:
            appendUnescaped(c)
            characterEnded(at: i + 1)
            try countStringBytes(1)
        }
    }

    /// The first byte of a multi-byte UTF-8 sequence: how many bytes follow, and the range of the
    /// next one (RFC 3629).
    private mutating func beginSequence(_ c: UInt8) throws(Stop) {
        switch c {
        case 0xC2 ... 0xDF: string.utf8Remaining = 1
        case 0xE0:
            string.utf8Remaining = 2
            string.nextLow = 0xA0
        case 0xED:
            string.utf8Remaining = 2
            string.nextHigh = 0x9F
        case 0xE1 ... 0xEF: string.utf8Remaining = 2
        case 0xF0:
            string.utf8Remaining = 3
            string.nextLow = 0x90
        case 0xF1 ... 0xF3: string.utf8Remaining = 3
        case 0xF4:
            string.utf8Remaining = 3
            string.nextHigh = 0x8F
        default:
            throw malformed()
        }
    }

    mutating func escapeByte(_ c: UInt8, at i: Int) throws(Stop) {
        let resolved: UInt8
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): resolved = c
        case UInt8(ascii: "b"): resolved = 0x08
        case UInt8(ascii: "f"): resolved = 0x0C
        case UInt8(ascii: "n"): resolved = 0x0A
        case UInt8(ascii: "r"): resolved = 0x0D
        case UInt8(ascii: "t"): resolved = 0x09
        case UInt8(ascii: "u"):
            string.hexRemaining = 4
            string.hexValue = 0
            state = .unicode
            return
        default:
            throw malformed()
        }
        guard string.highSurrogate == nil else { throw malformed() }
        try countStringBytes(1)
        unescaped.append(resolved)
        characterEnded(at: i + 1)
        state = .string
    }

    mutating func unicodeByte(_ c: UInt8, at i: Int) throws(Stop) {
        let digit: UInt32
        switch c {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
        default: throw malformed()
        }
        string.hexValue = string.hexValue << 4 | digit
        string.hexRemaining -= 1
        if string.hexRemaining == 0 { try endUnicodeEscape(at: i) }
    }

    /// The fourth hex digit of `\uXXXX`, at `i`. A high surrogate waits for its low half before
    /// the string's safe end moves past it.
    private mutating func endUnicodeEscape(at i: Int) throws(Stop) {
        let value = string.hexValue
        let isHigh = (0xD800 ..< 0xDC00).contains(value)
        let isLow = (0xDC00 ..< 0xE000).contains(value)
        state = .string
        if let high = string.highSurrogate {
            guard isLow else { throw malformed() }
            string.highSurrogate = nil
            try appendScalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00), endingAt: i + 1)
        } else if isHigh {
            string.highSurrogate = value
        } else {
            guard !isLow else { throw malformed() }
            try appendScalar(value, endingAt: i + 1)
        }
    }

    /// Appends a Unicode scalar value from an escape as UTF-8.
    private mutating func appendScalar(_ value: UInt32, endingAt end: Int) throws(Stop) {
        // safe: surrogates were handled above; escapes cannot exceed U+10FFFF
        let scalar = Unicode.Scalar(value)!
        let encoded = UTF8.encode(scalar)!  // safe: every scalar has a UTF-8 form
        if value >= 0x80 { string.isASCII = false }
        try countStringBytes(encoded.count)
        unescaped.append(contentsOf: encoded)
        characterEnded(at: end)
    }
}
