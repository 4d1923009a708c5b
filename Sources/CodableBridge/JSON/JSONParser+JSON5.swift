// The JSON5 tokens of the second reader (JSONParser+Extended.swift): unquoted keys, strings in
// either quotes with JSON5's escapes, and JSON5's numbers, each read as JSONDecoder's JSON5Scanner
// reads it (and checked while parsing, where JSONDecoder checks when a value is decoded).

extension JSONParser where Output: ~Copyable {
    // MARK: Keys

    /// Parses an object key at `i` (JSON5: a string in either quotes or an unquoted identifier;
    /// else a string), the `:` after it and the whitespace before the value; returns the value's
    /// start.
    mutating func scanExtendedKey(at i: Int, afterComma: Bool, json5: Bool) throws(Failure) -> Int {
        guard json5 else { return try scanKey(at: i, afterComma: afterComma) }
        guard i < count else { throw keyFailure(at: i, afterComma: afterComma) }
        let afterKey = p[i] == UInt8(ascii: "\"") || p[i] == UInt8(ascii: "'")
            ? try scanJSON5String(at: i)
            : try scanUnquotedKey(at: i, afterComma: afterComma)
        try pushKey(at: i)
        let j = try skipJSON5Space(afterKey)
        guard j < count, p[j] == UInt8(ascii: ":") else {
            throw Failure(offset: j, reason: "expected ':' after object key, found \(describe(at: j))")
        }
        return try skipJSON5Space(j + 1)
    }

    /// Scans an unquoted JSON5 key at `start` and sets ``lastString`` to it, as written (an
    /// escape such as `\u0061` stays six characters, as in JSONDecoder). Its first character is a
    /// letter (Unicode categories L and Nl), `$`, `_` or an escape; the others may also be marks,
    /// digits, connector punctuation, ZWNJ and ZWJ.
    mutating func scanUnquotedKey(at start: Int, afterComma: Bool) throws(Failure) -> Int {
        let first = p[start]
        let startsKey: Bool
        if first == UInt8(ascii: "\\") || first == UInt8(ascii: "$") || first == UInt8(ascii: "_") {
            startsKey = true
        } else if first < 0x80 {
            startsKey = (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
        } else {
            let (scalar, _) = try keyScalar(at: start, key: start)
            startsKey = JSONParser.isUnquotedKeyStart(scalar)
        }
        guard startsKey else {
            let expected = afterComma ? "expected a key (a string or an identifier) after ',' in object"
                : "expected a key (a string or an identifier) or '}' after '{'"
            throw Failure(offset: start, reason: "\(expected), found \(describe(at: start))")
        }
        var r = start
        while true {
            guard r < count else {
                throw Failure(offset: r, reason: "unexpected end of input in an unquoted object key", openedAt: start)
            }
            let (scalar, length) = try keyScalar(at: r, key: start)
            guard JSONParser.isUnquotedKeyCharacter(scalar) else { break }
            r += length
        }
        lastString = stringNode(start: start, length: r - start, flags: 0)
        return r
    }

    /// The character at `r` in an unquoted key: a `\uXXXX` or `\xXX` escape's scalar, or the
    /// UTF-8 sequence's, with the number of bytes it takes.
    func keyScalar(at r: Int, key: Int) throws(Failure) -> (UInt32, Int) {
        let c = p[r]
        if c == UInt8(ascii: "\\") {
            switch r + 1 < count ? p[r + 1] : 0 {
            case UInt8(ascii: "u"):
                let unit = try hex4(at: r + 2, escape: r, quote: key)
                guard unit != 0, !(0xD800 ... 0xDFFF).contains(unit) else {
                    throw Failure(offset: r, reason: "\\u\(hexText(unit)) cannot be part of an unquoted object key")
                }
                return (UInt32(unit), 6)
            case UInt8(ascii: "x"):
                let value = try hex2(at: r + 2, quote: key)
                guard value != 0 else { throw Failure(offset: r, reason: "\\x00 cannot be part of an unquoted object key") }
                return (UInt32(value), 4)
            default:
                throw Failure(offset: r, reason: "invalid escape \(describe(at: r + 1)) after '\\' in an unquoted object key; only \\uXXXX and \\xXX are allowed there")
            }
        }
        if c < 0x80 { return (UInt32(c), 1) }
        let length = validUTF8Length(at: r)
        guard length > 0 else { throw Failure(offset: r, reason: "invalid UTF-8 in an unquoted object key (byte \(hex(UInt32(c), digits: 2, prefix: "0x")))") }
        var value = UInt32(c) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1 ..< length { value = value << 6 | UInt32(p[r + k] & 0x3F) }
        return (value, length)
    }

    /// Whether `value` may start an unquoted JSON5 key (JSONDecoder's rule, for non-ASCII).
    static func isUnquotedKeyStart(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber: return true
        default: return false
        }
    }

    /// Whether `value` may continue an unquoted JSON5 key (JSONDecoder's rule).
    static func isUnquotedKeyCharacter(_ value: UInt32) -> Bool {
        switch value {
        case UInt32(UInt8(ascii: "_")), UInt32(UInt8(ascii: "$")), UInt32(UInt8(ascii: "\\")), 0x200C, 0x200D: return true
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber,
             .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    // MARK: Strings

    /// Scans the JSON5 string whose opening quote (`"` or `'`) is at `quote`, sets
    /// ``lastString`` and returns the index after the closing quote.
    mutating func scanJSON5String(at quote: Int) throws(Failure) -> Int {
        let closing = p[quote]
        let start = quote + 1
        var r = start
        while true {
            guard r < count else { throw controlCharacterFailure(at: count, quote: quote) }
            let c = p[r]
            if c == closing {
                lastString = stringNode(start: start, length: r - start, flags: 0)
                return r + 1
            }
            if c == UInt8(ascii: "\\") { return try scanJSON5EscapedString(quote: quote, read: r) }
            if c < 0x20 { throw controlCharacterFailure(at: r, quote: quote) }
            r = c < 0x80 ? r + 1 : try validateUTF8(at: r, quote: quote)
        }
    }

    /// Continues ``scanJSON5String(at:)`` from the first backslash, at `read`, copying the string
    /// with its escapes resolved to the end of `unescaped`.
    mutating func scanJSON5EscapedString(quote: Int, read: Int) throws(Failure) -> Int {
        let closing = p[quote]
        let start = quote + 1
        let first = unescaped.count
        var r = read
        unescaped.reserve(first + (r - start) + 8)
        unescaped.base.advanced(by: first).initialize(from: p + start, count: r - start)
        var w = first + (r - start)
        while true {
            // `count` follows `w`, so that growing the buffer keeps what was written.
            unescaped.setCount(w)
            unescaped.reserve(w + 4)
            let out = unescaped.base
            guard r < count else { throw controlCharacterFailure(at: count, quote: quote) }
            let c = p[r]
            if c == closing {
                lastString = stringNode(start: first, length: w - first, flags: JSONTape.Flags.escaped)
                return r + 1
            }
            if c == UInt8(ascii: "\\") {
                (r, w) = try unescapeJSON5(at: r, writingTo: w, in: out, quote: quote)
            } else if c < 0x20 {
                throw controlCharacterFailure(at: r, quote: quote)
            } else if c >= 0x80 {
                let end = try validateUTF8(at: r, quote: quote)
                (out + w).initialize(from: p + r, count: end - r)
                w += end - r
                r = end
            } else {
                out[w] = c
                w += 1
                r += 1
            }
        }
    }

    /// Resolves the JSON5 escape at `r` (a backslash) as JSONDecoder does, writes its UTF-8 at `w`
    /// in `out` (room for four bytes) and returns the new read and write positions.
    func unescapeJSON5(at r: Int, writingTo w: Int, in out: UnsafeMutablePointer<UInt8>, quote: Int) throws(Failure) -> (Int, Int) {
        guard r + 1 < count else {
            throw Failure(offset: count, reason: "unexpected end of input inside a string", openedAt: quote)
        }
        let e = p[r + 1]
        let simple: UInt8
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = e
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case 0x0A: simple = 0x0A  // a line continuation keeps its line break (as JSONDecoder)
        case 0x0D:
            if r + 2 < count, p[r + 2] == 0x0A {
                out[w] = 0x0D
                out[w + 1] = 0x0A
                return (r + 3, w + 2)
            }
            simple = 0x0D
        case UInt8(ascii: "u"):
            guard try hex4(at: r + 2, escape: r, quote: quote) != 0 else {
                throw Failure(offset: r, reason: "\\u0000 is not allowed in a JSON5 string")
            }
            return try unescapeUnicode(at: r, writingTo: w, in: out, quote: quote)
        case UInt8(ascii: "x"):
            let value = try hex2(at: r + 2, quote: quote)
            guard value != 0 else { throw Failure(offset: r, reason: "\\x00 is not allowed in a JSON5 string") }
            if value < 0x80 {
                out[w] = value
                return (r + 4, w + 1)
            }
            out[w] = 0xC0 | value >> 6
            out[w + 1] = 0x80 | value & 0x3F
            return (r + 4, w + 2)
        default:
            let found = (0x21 ..< 0x7F).contains(e) ? "'\\\(Character(Unicode.Scalar(e)))'" : "'\\' followed by \(describe(at: r + 1))"
            throw Failure(offset: r, reason: "invalid escape \(found) in string; JSON5 escapes are \\\" \\' \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX \\xXX and a backslash before a line break")
        }
        out[w] = simple
        return (r + 2, w + 1)
    }

    /// The two hex digits at `i` (after `\x`) as a byte.
    func hex2(at i: Int, quote: Int) throws(Failure) -> UInt8 {
        var value: UInt8 = 0
        for k in 0 ..< 2 {
            guard i + k < count else {
                throw Failure(offset: count, reason: "unexpected end of input inside a string", openedAt: quote)
            }
            guard let digit = JSONParser.hexDigit(p[i + k]) else {
                throw Failure(offset: i + k, reason: "expected 2 hex digits after '\\x', found \(describe(at: i + k))")
            }
            value = value << 4 | digit
        }
        return value
    }

    @inline(__always)
    static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): c &- UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): c &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): c &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    // MARK: Numbers

    /// Scans the JSON5 number at `start` (a digit, `+`, `-`, `.`, `I` or `N`): what JSONDecoder
    /// decodes successfully, that is
    ///
    ///     [+-]? ( Infinity | NaN | 0[xX] hexdigits | (0 | [1-9] digits) [. digits?] exponent? | . digits exponent? )
    ///
    /// followed by a byte that is not a letter, digit, `.`, `+` or `-`. Gives its node to the
    /// output (RFC 8259 spelling in `unescaped` when the text is not one) and returns the index
    /// after it.
    mutating func scanJSON5Number(at start: Int) throws(Failure) -> Int {
        var i = start
        let signed = p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")
        let negative = p[i] == UInt8(ascii: "-")
        if signed { i += 1 }
        let c = i < count ? p[i] : 0
        // Infinity, NaN.
        if c == UInt8(ascii: "I") || c == UInt8(ascii: "N") {
            let word = c == UInt8(ascii: "I") ? "Infinity" : "NaN"
            let length = word.utf8.count
            guard i + length <= count, word.utf8.elementsEqual(UnsafeBufferPointer(start: p + i, count: length)) else {
                throw Failure(offset: i, reason: "expected '\(word)', found '\(snippet(at: i, length: length))'")
            }
            try checkNumberEnd(i + length, start: start)
            let flags = JSONTape.Flags.nonFinite | (negative ? JSONTape.Flags.negative : 0)
            appendNumber(Array((negative ? "-" + word : word).utf8), flags: flags)
            return i + length
        }
        // Hexadecimal.
        if c == UInt8(ascii: "0"), i + 1 < count, p[i + 1] | 0x20 == UInt8(ascii: "x") {
            var j = i + 2
            guard j < count, JSONParser.hexDigit(p[j]) != nil else {
                throw numberFailure(at: j, expected: "a hexadecimal digit after '0x'")
            }
            var magnitude: UInt64 = 0
            var overflow = false
            while j < count, let digit = JSONParser.hexDigit(p[j]) {
                let (shifted, o1) = magnitude.multipliedReportingOverflow(by: 16)
                let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit))
                overflow = overflow || o1 || o2
                magnitude = sum
                j += 1
            }
            try checkNumberEnd(j, start: start)
            // JSONDecoder reads a hexadecimal number as a UInt64, or an Int64 when negative.
            guard !overflow, !negative || magnitude <= UInt64(1) << 63 else {
                throw Failure(offset: start, reason: "hexadecimal number '\(snippet(at: start, length: min(j - start, 40)))' is out of range; JSONDecoder reads hexadecimal numbers from -0x8000000000000000 to 0xFFFFFFFFFFFFFFFF")
            }
            // -0x0 is 0 (JSONDecoder converts the Int64 0), not -0.
            let minus = negative && magnitude != 0
            appendNumber(Array(((minus ? "-" : "") + String(magnitude)).utf8),
                         flags: JSONTape.Flags.integer | (minus ? JSONTape.Flags.negative : 0))
            return j
        }
        // Decimal: an integer part, a leading or a trailing decimal point.
        let digits = i
        if c == UInt8(ascii: "0") {
            i += 1
            if i < count, JSONParser.isDigit(p[i]) {
                throw Failure(offset: i - 1, reason: "numbers must not have leading zeros ('\(snippet(at: start, length: 40))')")
            }
        } else if JSONParser.isDigit(c) {
            while i < count, JSONParser.isDigit(p[i]) { i += 1 }
        } else if c == UInt8(ascii: ".") {
            guard i + 1 < count, JSONParser.isDigit(p[i + 1]) else {
                throw numberFailure(at: i + 1, expected: "a digit after the leading decimal point")
            }
        } else {
            throw numberFailure(at: i, expected: signed ? "a digit, '.', 'Infinity' or 'NaN' after the sign" : "a digit")
        }
        var integer = true
        // Where a "0" goes after a decimal point that no digit follows (`5.`), if any.
        var missingFraction: Int?
        if i < count, p[i] == UInt8(ascii: ".") {
            integer = false
            i += 1
            if i < count, JSONParser.isDigit(p[i]) {
                while i < count, JSONParser.isDigit(p[i]) { i += 1 }
            } else {
                missingFraction = i
            }
        }
        if i < count, p[i] | 0x20 == UInt8(ascii: "e") {
            integer = false
            i += 1
            if i < count, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
            guard i < count, JSONParser.isDigit(p[i]) else { throw numberFailure(at: i, expected: "a digit in the exponent") }
            while i < count, JSONParser.isDigit(p[i]) { i += 1 }
        }
        try checkNumberEnd(i, start: start)
        let flags = (integer ? JSONTape.Flags.integer : 0) | (negative ? JSONTape.Flags.negative : 0)
        let leadingPoint = c == UInt8(ascii: ".")
        guard negative || !signed, !leadingPoint, missingFraction == nil else {
            var text: [UInt8] = negative ? [UInt8(ascii: "-")] : []
            if leadingPoint { text.append(UInt8(ascii: "0")) }
            if let missingFraction {
                text += UnsafeBufferPointer(start: p + digits, count: missingFraction - digits)
                text.append(UInt8(ascii: "0"))
                text += UnsafeBufferPointer(start: p + missingFraction, count: i - missingFraction)
            } else {
                text += UnsafeBufferPointer(start: p + digits, count: i - digits)
            }
            appendNumber(text, flags: flags)
            return i
        }
        // An RFC 8259 number: read in place, as the strict parser does.
        output.scalar(JSONTape.Node(kind: .number, payload: start, length: UInt32(truncatingIfNeeded: i - start), flags: flags), in: bytes)
        return i
    }

    /// Fails unless the number that started at `start` ends at `i`: JSONDecoder's number runs on
    /// over letters, digits, `.`, `+` and `-` (and then does not decode).
    func checkNumberEnd(_ i: Int, start: Int) throws(Failure) {
        try checkNumberLength(from: start, to: i)
        guard i < count, JSONParser.isNumberTokenByte(p[i]) else { return }
        var end = i
        while end < count, end - start < 40, JSONParser.isNumberTokenByte(p[end]) { end += 1 }
        throw Failure(offset: i, reason: "invalid number '\(snippet(at: start, length: end - start))': unexpected \(describe(at: i))")
    }

    @inline(__always)
    static func isNumberTokenByte(_ c: UInt8) -> Bool {
        isDigit(c) || (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z")
            || c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
    }

    /// Writes a number's RFC 8259 text to `unescaped`, with a NUL after it (where `strtod`
    /// stops), and gives its node (flagged `escaped`) to the output.
    mutating func appendNumber(_ text: [UInt8], flags: UInt8) {
        let first = unescaped.count
        unescaped.reserve(first + text.count + 1)
        unescaped.base.advanced(by: first).initialize(from: text, count: text.count)
        unescaped.base[first + text.count] = 0
        unescaped.setCount(first + text.count + 1)
        output.scalar(JSONTape.Node(kind: .number, payload: first, length: UInt32(text.count), flags: flags | JSONTape.Flags.escaped),
                      in: bytes)
    }
}
