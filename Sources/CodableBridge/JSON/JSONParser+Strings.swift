import Foundation

// Strings: scanning eight bytes at a time, UTF-8 validation and unescaping.
//
//     offset:     10  11  12  13  14  15  16  17  18  19  20  21
//     input:       "   a   \   n   b   \   u   0   0   e   9   "      "a\nb\u00e9"
//     unescaped:  …   a  0A   b  C3  A9                                node: payload = where "a"
//                                                                      starts in `unescaped`,
//                                                                      length 5, flags escaped
//
// A string without escapes is a range of the input. At the first backslash the text so far is
// copied to the end of the `unescaped` buffer, and from there on every byte is copied after it,
// with escapes resolved.

extension JSONParser where Output: ~Copyable {
    /// `0x0101…01`: one in every byte, for the word-at-a-time tests below.
    @inline(__always) static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inline(__always) static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// The high bit of each byte of `word` that is `"`, `\`, below 0x20 or at least 0x80 — the
    /// bytes a string scan must stop at. The lowest set bit is always a true match (false matches
    /// from borrows only occur above a true one), so `trailingZeroBitCount / 8` is the position of
    /// the first byte to look at.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highBits
    }

    /// Scans the string whose opening quote is at `quote`, sets ``lastString`` to its node and
    /// returns the index after the closing quote.
    ///
    /// Inlined where strings are read: a plain ASCII string of up to fifteen bytes (most keys,
    /// and many values) ends within the two words after its quote, and is taken without a call.
    /// Anything else continues in ``scanLongString(quote:from:)`` where the words stopped.
    @inline(__always)
    mutating func scanString(at quote: Int) throws(Failure) -> Int {
        let start = quote + 1
        guard start + 16 <= readable else { return try scanLongString(quote: quote, from: start) }
        let low = JSONParser.specialBytes(UInt64(littleEndian: UnsafeRawPointer(p + start).loadUnaligned(as: UInt64.self)))
        let stop: Int
        if low != 0 {
            stop = start + low.trailingZeroBitCount >> 3
        } else {
            let high = JSONParser.specialBytes(UInt64(littleEndian: UnsafeRawPointer(p + start + 8).loadUnaligned(as: UInt64.self)))
            guard high != 0 else { return try scanLongString(quote: quote, from: start + 16) }
            stop = start + 8 + high.trailingZeroBitCount >> 3
        }
        guard p[stop] == UInt8(ascii: "\"") else { return try scanLongString(quote: quote, from: stop) }
        lastString = stringNode(start: start, length: stop - start, flags: JSONTape.Flags.validUTF8 | JSONTape.Flags.ascii)
        return stop + 1
    }

    /// ``scanString(at:)`` from `from`, all of whose bytes before it are plain ASCII.
    @inline(never)
    mutating func scanLongString(quote: Int, from: Int) throws(Failure) -> Int {
        let start = quote + 1
        var r = from
        var flags = JSONTape.Flags.validUTF8 | JSONTape.Flags.ascii
        while true {
            // Fast path: sixteen plain ASCII bytes at a time; eight near the end of the input.
            fast: do {
                while r + 16 <= readable {
                    // Unrolled once: one bounds test per two words.
                    let low = JSONParser.specialBytes(UInt64(littleEndian: UnsafeRawPointer(p + r).loadUnaligned(as: UInt64.self)))
                    if low != 0 {
                        r += low.trailingZeroBitCount >> 3
                        break fast
                    }
                    let high = JSONParser.specialBytes(UInt64(littleEndian: UnsafeRawPointer(p + r + 8).loadUnaligned(as: UInt64.self)))
                    if high != 0 {
                        r += 8 + (high.trailingZeroBitCount >> 3)
                        break fast
                    }
                    r += 16
                }
                while r + 8 <= readable {
                    let word = UInt64(littleEndian: UnsafeRawPointer(p + r).loadUnaligned(as: UInt64.self))
                    let special = JSONParser.specialBytes(word)
                    if special == 0 {
                        r += 8
                    } else {
                        r += special.trailingZeroBitCount >> 3
                        break fast
                    }
                }
            }
            // A borrowed input has no NUL after it: the string may run on to its end.
            guard r < count else { throw controlCharacterFailure(at: count, quote: quote) }
            let c = p[r]
            if c == UInt8(ascii: "\"") {
                lastString = stringNode(start: start, length: r - start, flags: flags)
                return r + 1
            }
            if c == UInt8(ascii: "\\") {
                return try scanEscapedString(quote: quote, read: r, flags: flags)
            }
            if c >= 0x80 {
                // Non-Latin text is mostly non-ASCII: stay here while it lasts. (A valid sequence
                // never ends at the stopper, so the byte after it can be read.)
                flags = JSONTape.Flags.validUTF8
                repeat {
                    r = try validateUTF8(at: r, quote: quote)
                } while p[r] >= 0x80
            } else if c < 0x20 {
                throw controlCharacterFailure(at: r, quote: quote)
            } else {
                r += 1
            }
        }
    }

    /// Continues `scanString` from the first backslash, at `read`: copies the text so far and
    /// the rest of the string, with escapes resolved, to the end of `unescaped`. `flags` are
    /// those of the text so far; what is written is valid UTF-8 (checked bytes, and escapes that
    /// are whole scalars), so the node keeps ``JSONTape/Flags/validUTF8``.
    mutating func scanEscapedString(quote: Int, read: Int, flags: UInt8) throws(Failure) -> Int {
        var flags = flags
        let start = quote + 1
        let first = unescaped.count
        var r = read
        unescaped.reserve(first + (r - start) + 8)
        unescaped.base.advanced(by: first).initialize(from: p + start, count: r - start)
        var w = first + (r - start)
        // `count` follows `w`, so that growing the buffer keeps what was written.
        unescaped.setCount(w)
        while true {
            while r + 8 <= readable {
                let raw = UnsafeRawPointer(p + r).loadUnaligned(as: UInt64.self)
                let special = JSONParser.specialBytes(UInt64(littleEndian: raw))
                unescaped.setCount(w)
                unescaped.reserve(w + 8)
                if special == 0 {
                    UnsafeMutableRawPointer(unescaped.base + w).storeBytes(of: raw, as: UInt64.self)
                    r += 8
                    w += 8
                } else {
                    let plain = special.trailingZeroBitCount >> 3
                    (unescaped.base + w).initialize(from: p + r, count: plain)
                    r += plain
                    w += plain
                    break
                }
            }
            guard r < count else { throw controlCharacterFailure(at: count, quote: quote) }
            unescaped.setCount(w)
            unescaped.reserve(w + 4)
            let out = unescaped.base
            let c = p[r]
            if c == UInt8(ascii: "\"") {
                unescaped.setCount(w)
                lastString = stringNode(start: first, length: w - first, flags: JSONTape.Flags.escaped | flags)
                return r + 1
            }
            if c == UInt8(ascii: "\\") {
                let before = w
                (r, w) = try unescape(at: r, writingTo: w, in: out, quote: quote)
                if w &- before > 1 { flags = JSONTape.Flags.validUTF8 }  // a scalar from U+0080 up
            } else if c >= 0x80 {
                flags = JSONTape.Flags.validUTF8
                let end = try validateUTF8(at: r, quote: quote)
                (out + w).initialize(from: p + r, count: end - r)
                w += end - r
                r = end
            } else if c < 0x20 {
                throw controlCharacterFailure(at: r, quote: quote)
            } else {
                out[w] = c
                w += 1
                r += 1
            }
        }
    }

    /// A string node (its length is under 4 GiB: so is the whole document).
    @inline(__always)
    func stringNode(start: Int, length: Int, flags: UInt8) -> JSONTape.Node {
        JSONTape.Node(kind: .string, payload: start, length: UInt32(truncatingIfNeeded: length), flags: flags)
    }

    /// Resolves the escape at `r` (a backslash), writes its UTF-8 at `w` in `out` (which has room
    /// for four bytes) and returns the new read and write positions.
    @inline(__always)
    func unescape(at r: Int, writingTo w: Int, in out: UnsafeMutablePointer<UInt8>, quote: Int) throws(Failure) -> (Int, Int) {
        let e = p[r + 1]
        let simple: UInt8
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = e
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "u"):
            return try unescapeUnicode(at: r, writingTo: w, in: out, quote: quote)
        default:
            if r + 1 == count {
                throw Failure(offset: r + 1, reason: "unexpected end of input inside a string", openedAt: quote)
            }
            let found = (0x21 ..< 0x7F).contains(e) ? "'\\\(Character(Unicode.Scalar(e)))'" : "'\\' followed by \(describe(at: r + 1))"
            throw Failure(offset: r, reason: "invalid escape \(found) in string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
        out[w] = simple
        return (r + 2, w + 1)
    }

    /// Resolves `\uXXXX` (and a following `\uXXXX` low surrogate) at `r`.
    func unescapeUnicode(at r: Int, writingTo w: Int, in out: UnsafeMutablePointer<UInt8>, quote: Int) throws(Failure) -> (Int, Int) {
        let unit = try hex4(at: r + 2, escape: r, quote: quote)
        var scalar = UInt32(unit)
        var next = r + 6
        switch unit {
        case 0xD800 ... 0xDBFF:
            guard p[next] == UInt8(ascii: "\\"), p[next + 1] == UInt8(ascii: "u") else {
                if next == count || (next + 1 == count && p[next] == UInt8(ascii: "\\")) {
                    throw Failure(offset: count, reason: "unexpected end of input inside a string", openedAt: quote)
                }
                throw Failure(offset: r, reason: "lone high surrogate \\u\(hexText(unit)) in string: it must be followed by a low surrogate escape \\uDC00–\\uDFFF")
            }
            let low = try hex4(at: next + 2, escape: next, quote: quote)
            guard (0xDC00 ... 0xDFFF).contains(low) else {
                throw Failure(offset: next, reason: "high surrogate \\u\(hexText(unit)) is followed by \\u\(hexText(low)), not a low surrogate \\uDC00–\\uDFFF")
            }
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        case 0xDC00 ... 0xDFFF:
            throw Failure(offset: r, reason: "lone low surrogate \\u\(hexText(unit)) in string: it must follow a high surrogate \\uD800–\\uDBFF")
        default:
            break
        }
        // Write UTF-8 (at most 4 bytes).
        if scalar < 0x80 {
            out[w] = UInt8(truncatingIfNeeded: scalar)
            return (next, w + 1)
        } else if scalar < 0x800 {
            out[w] = UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6))
            out[w + 1] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return (next, w + 2)
        } else if scalar < 0x10000 {
            out[w] = UInt8(truncatingIfNeeded: 0xE0 | (scalar >> 12))
            out[w + 1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
            out[w + 2] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return (next, w + 3)
        } else {
            out[w] = UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18))
            out[w + 1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F))
            out[w + 2] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
            out[w + 3] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return (next, w + 4)
        }
    }

    /// The four hex digits at `i` (after `\u` at `escape`) as a UTF-16 code unit.
    @inline(__always)
    func hex4(at i: Int, escape: Int, quote: Int) throws(Failure) -> UInt16 {
        var value: UInt16 = 0
        for k in 0 ..< 4 {
            let c = p[i + k]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = c &- UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = c &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = c &- UInt8(ascii: "A") &+ 10
            default:
                if i + k == count {
                    throw Failure(offset: i + k, reason: "unexpected end of input inside a string", openedAt: quote)
                }
                throw Failure(offset: i + k, reason: "expected 4 hex digits after '\\u', found \(describe(at: i + k))")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    // MARK: UTF-8

    /// Validates the multi-byte UTF-8 sequence starting at `r` (whose byte is ≥ 0x80) and returns
    /// the index after it. Rejects stray continuation bytes, overlong forms, UTF-8-encoded
    /// surrogates, scalars above U+10FFFF and truncated sequences (Unicode 15, table 3-7).
    @inline(__always)
    func validateUTF8(at r: Int, quote: Int) throws(Failure) -> Int {
        let length = validUTF8Length(at: r)
        guard length > 0 else { throw utf8Failure(at: r, quote: quote) }
        return r + length
    }

    /// The length of the valid UTF-8 sequence at `r`, or 0 when it is not valid. Never reads past
    /// the stopper: neither a NUL nor a bracket is a continuation byte.
    @inline(__always)
    func validUTF8Length(at r: Int) -> Int {
        let lead = p[r]
        @inline(__always) func continuation(_ i: Int) -> Bool { p[i] & 0xC0 == 0x80 }
        if lead < 0x80 { return 1 }
        if lead < 0xC2 { return 0 }
        if lead < 0xE0 { return continuation(r + 1) ? 2 : 0 }
        if lead < 0xF0 {
            let b1 = p[r + 1]
            let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
            return b1 >= low && b1 <= high && continuation(r + 2) ? 3 : 0
        }
        if lead <= 0xF4 {
            let b1 = p[r + 1]
            let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
            return b1 >= low && b1 <= high && continuation(r + 2) && continuation(r + 3) ? 4 : 0
        }
        return 0
    }

    /// Says precisely what is wrong with the invalid sequence at `r`.
    func utf8Failure(at r: Int, quote: Int) -> Failure {
        let lead = p[r]
        let leadText = hex(UInt32(lead), digits: 2, prefix: "0x")
        let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1
        var reason: String
        switch lead {
        case 0x80 ... 0xBF:
            reason = "byte \(leadText) is a UTF-8 continuation byte without a lead byte"
        case 0xC0, 0xC1:
            reason = "overlong UTF-8 encoding (lead byte \(leadText))"
        case 0xF5 ... 0xFF:
            reason = "byte \(leadText) never occurs in UTF-8"
        default:
            let b1 = p[r + 1]
            if lead == 0xE0 && (0x80 ... 0x9F).contains(b1) || lead == 0xF0 && (0x80 ... 0x8F).contains(b1) {
                reason = "overlong UTF-8 encoding (\(leadText) \(hex(UInt32(b1), digits: 2, prefix: "0x")))"
            } else if lead == 0xED && (0xA0 ... 0xBF).contains(b1) {
                reason = "UTF-8-encoded surrogate (\(leadText) \(hex(UInt32(b1), digits: 2, prefix: "0x"))); surrogates U+D800–U+DFFF are not allowed in UTF-8"
            } else if lead == 0xF4 && (0x90 ... 0xBF).contains(b1) {
                reason = "UTF-8 sequence above U+10FFFF (\(leadText) \(hex(UInt32(b1), digits: 2, prefix: "0x")))"
            } else {
                var k = 1
                while k <= needed, r + k < count, p[r + k] & 0xC0 == 0x80 { k += 1 }
                if r + k >= count {
                    return Failure(offset: count, reason: "unexpected end of input inside a string (in a UTF-8 sequence)", openedAt: quote)
                }
                reason = "truncated UTF-8 sequence: lead byte \(leadText) needs \(needed) continuation byte\(needed == 1 ? "" : "s"), found \(describe(at: r + k))"
            }
        }
        return Failure(offset: r, reason: "invalid UTF-8 in string: " + reason)
    }

    /// The failure for a byte below 0x20 inside a string (or the end of input).
    func controlCharacterFailure(at r: Int, quote: Int) -> Failure {
        if r == count {
            return Failure(offset: r, reason: "unexpected end of input inside a string", openedAt: quote)
        }
        let c = p[r]
        let (name, escape) = switch c {
        case 0x09: (" (tab)", "\\t")
        case 0x0A: (" (line feed)", "\\n")
        case 0x0D: (" (carriage return)", "\\r")
        default: ("", "\\u" + hexText(UInt16(c)))
        }
        return Failure(offset: r, reason: "unescaped control character U+\(hexText(UInt16(c)))\(name) in string; write it as \(escape)")
    }

    func hexText(_ unit: UInt16) -> String {
        hex(UInt32(unit), digits: 4, prefix: "")
    }
}
