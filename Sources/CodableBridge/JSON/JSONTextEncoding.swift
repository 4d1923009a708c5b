import Foundation

// UTF-16 and UTF-32 JSON text, detected and transcoded to UTF-8 before parsing — what Foundation's
// `JSONDecoder` accepts, so `BridgeDecoder` accepts it too. The parser itself reads UTF-8 only.
//
// Detection follows RFC 4627 §3 and swift-foundation, in this order:
//
//     EF BB BF     UTF-8 with a byte order mark (left to the parser, which skips it)
//     FE FF        UTF-16BE, mark dropped
//     FF FE        UTF-16LE, mark dropped (so FF FE 00 00 is UTF-16LE starting with U+0000,
//                  as in JSONDecoder, which rejects UTF-32LE with a byte order mark)
//     00 00 FE FF  UTF-32BE, mark dropped
//     00 00 00 xx  UTF-32BE        xx 00 00 00  UTF-32LE      (the first 4 bytes)
//     00 xx        UTF-16BE        xx 00        UTF-16LE      (the first 2 bytes)
//     anything else: UTF-8, untouched (no copy)
//
// A JSON document starts with an ASCII character, so a NUL among its first bytes means a wider
// encoding. An incomplete code unit at the very end is ignored, as by JSONDecoder. A lone
// surrogate (UTF-16) or a value above U+10FFFF (UTF-32) is an error at its byte offset. Positions
// in later parse errors refer to the UTF-8 transcoding.

/// The Unicode encoding of a JSON document's bytes.
package enum JSONTextEncoding: Sendable, Equatable {
    case utf8
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)

    /// The encoding of `bytes` and the length of its byte order mark (0 for UTF-8: the parser
    /// skips a UTF-8 mark itself).
    package static func detect(_ bytes: UnsafeRawBufferPointer) -> (encoding: JSONTextEncoding, markLength: Int) {
        let count = bytes.count
        guard count >= 2 else { return (.utf8, 0) }
        let (b0, b1) = (bytes[0], bytes[1])
        if b0 == 0xFE && b1 == 0xFF { return (.utf16(bigEndian: true), 2) }
        if b0 == 0xFF && b1 == 0xFE { return (.utf16(bigEndian: false), 2) }
        if count >= 4 {
            let (b2, b3) = (bytes[2], bytes[3])
            if b0 == 0 && b1 == 0 && b2 == 0xFE && b3 == 0xFF { return (.utf32(bigEndian: true), 4) }
            if b0 == 0 && b1 == 0 && b2 == 0 && b3 != 0 { return (.utf32(bigEndian: true), 0) }
            if b0 != 0 && b1 == 0 && b2 == 0 && b3 == 0 { return (.utf32(bigEndian: false), 0) }
        }
        if b0 == 0 && b1 != 0 { return (.utf16(bigEndian: true), 0) }
        if b0 != 0 && b1 == 0 { return (.utf16(bigEndian: false), 0) }
        return (.utf8, 0)
    }

    /// The UTF-8 transcoding of `bytes` when they are UTF-16 or UTF-32 text; `nil` when they are
    /// UTF-8 already (nothing is copied then).
    ///
    /// - Throws: ``JSONParseError`` at the byte offset of a lone surrogate or an invalid scalar.
    package static func transcodedToUTF8(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> [UInt8]? {
        let (encoding, markLength) = detect(bytes)
        switch encoding {
        case .utf8:
            return nil
        case .utf16(let bigEndian):
            return try transcodeUTF16(bytes, from: markLength, bigEndian: bigEndian)
        case .utf32(let bigEndian):
            return try transcodeUTF32(bytes, from: markLength, bigEndian: bigEndian)
        }
    }

    private static func transcodeUTF16(_ bytes: UnsafeRawBufferPointer, from start: Int, bigEndian: Bool) throws(JSONParseError) -> [UInt8] {
        let units = (bytes.count - start) / 2
        func unit(_ i: Int) -> UInt16 {
            let (a, b) = (UInt16(bytes[start + 2 * i]), UInt16(bytes[start + 2 * i + 1]))
            return bigEndian ? a << 8 | b : b << 8 | a
        }
        var output: [UInt8] = []
        output.reserveCapacity(units + units / 2)
        var lines = LineCounter(start: start)
        var i = 0
        while i < units {
            let u = unit(i)
            lines.advance(over: UInt32(u), at: start + 2 * i, width: 2)
            var scalar = UInt32(u)
            switch u {
            case 0xD800...0xDBFF:
                guard i + 1 < units, case 0xDC00...0xDFFF = unit(i + 1) else {
                    throw lines.error(at: start + 2 * i, String(format: "lone high surrogate U+%04X in UTF-16 text", u))
                }
                scalar = 0x1_0000 + (UInt32(u - 0xD800) << 10) + UInt32(unit(i + 1) - 0xDC00)
                i += 1
            case 0xDC00...0xDFFF:
                throw lines.error(at: start + 2 * i, String(format: "lone low surrogate U+%04X in UTF-16 text", u))
            default:
                break
            }
            // safe: surrogates were combined or rejected above, and a pair is at most U+10FFFF.
            appendUTF8(Unicode.Scalar(scalar)!, to: &output)
            i += 1
        }
        return output
    }

    private static func transcodeUTF32(_ bytes: UnsafeRawBufferPointer, from start: Int, bigEndian: Bool) throws(JSONParseError) -> [UInt8] {
        let units = (bytes.count - start) / 4
        var output: [UInt8] = []
        output.reserveCapacity(units + units / 2)
        var lines = LineCounter(start: start)
        for i in 0..<units {
            var value: UInt32 = 0
            for k in 0..<4 {
                let byte = UInt32(bytes[start + 4 * i + (bigEndian ? k : 3 - k)])
                value = value << 8 | byte
            }
            lines.advance(over: value, at: start + 4 * i, width: 4)
            guard let scalar = Unicode.Scalar(value) else {
                throw lines.error(at: start + 4 * i, String(format: "invalid code point 0x%X in UTF-32 text (a surrogate or above U+10FFFF)", value))
            }
            appendUTF8(scalar, to: &output)
        }
        return output
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        UTF8.encode(scalar) { output.append($0) }
    }

}

/// Lines of UTF-16 / UTF-32 text, for error positions: LF, CR and CRLF end a line; columns count
/// bytes from the start of the line, as in the parser's errors.
private struct LineCounter {
    var line = 1
    var lineStart: Int
    var previousWasCR = false

    init(start: Int) { lineStart = start }

    /// Notes the code unit `value` at byte `offset`, `width` bytes wide.
    mutating func advance(over value: UInt32, at offset: Int, width: Int) {
        if value == 0x0A {
            if !previousWasCR { line += 1 }
            lineStart = offset + width
        } else if value == 0x0D {
            line += 1
            lineStart = offset + width
        }
        previousWasCR = value == 0x0D
    }

    func error(at offset: Int, _ reason: String) -> JSONParseError {
        JSONParseError(line: line, column: offset - lineStart + 1, offset: offset, reason: reason)
    }
}
