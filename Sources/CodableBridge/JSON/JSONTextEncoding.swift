import Foundation

// UTF-16 and UTF-32 JSON text, detected and transcoded to UTF-8 before parsing — what Foundation's
// `JSONDecoder` accepts, so `BridgeDecoder` accepts it too. The parser itself reads UTF-8 only.
//
// Detection is swift-foundation's (`JSONDecoder.withUTF8Representation`), byte for byte: the first
// four bytes (a missing byte matches no pattern that names it), the first matching row wins.
//
//     00 00 FE FF  UTF-32BE, mark dropped
//     FE FF 00 00  UTF-32LE, mark dropped (JSONDecoder's reading of this prefix, kept as is;
//                  FF FE 00 00 is UTF-16LE starting with U+0000, so an error)
//     FE FF        UTF-16BE, mark dropped
//     FF FE        UTF-16LE, mark dropped
//     EF BB BF     UTF-8 with a byte order mark (left to the parsers, which skip it)
//     00 00 00 nz  UTF-32BE          nz 00 00 00  UTF-32LE
//     00 nz 00 nz  UTF-16BE          nz 00 nz 00  UTF-16LE        (nz: a non-zero byte)
//     00 nz        UTF-16BE          nz 00        UTF-16LE        (exactly two bytes)
//     anything else: UTF-8, untouched (no copy) — `00 37 38`, `00 22 FE FF` included
//
// An incomplete code unit at the very end is ignored, as by JSONDecoder. A lone surrogate
// (UTF-16) or a value above U+10FFFF (UTF-32) is an error at its byte offset. Positions in later
// parse errors refer to the UTF-8 transcoding.

/// The Unicode encoding of a JSON document's bytes.
package enum JSONTextEncoding: Sendable, Equatable {
    case utf8
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)

    /// The encoding of `bytes` and the length of its byte order mark (0 for UTF-8: the parser
    /// skips a UTF-8 mark itself).
    package static func detect(_ bytes: UnsafeRawBufferPointer) -> (encoding: JSONTextEncoding, markLength: Int) {
        let count = bytes.count
        // A byte past the end is nil, and matches no pattern that names a byte (as in JSONDecoder).
        func byte(_ i: Int) -> UInt8? { i < count ? bytes[i] : nil }
        switch (byte(0), byte(1), byte(2), byte(3)) {
        case (0, 0, 0xFE, 0xFF): return (.utf32(bigEndian: true), 4)
        case (0xFE, 0xFF, 0, 0): return (.utf32(bigEndian: false), 4)
        case (0xFE, 0xFF, _, _): return (.utf16(bigEndian: true), 2)
        case (0xFF, 0xFE, _, _): return (.utf16(bigEndian: false), 2)
        case (0xEF, 0xBB, 0xBF, _): return (.utf8, 0)
        case (0, 0, 0, let b3?) where b3 != 0: return (.utf32(bigEndian: true), 0)
        case (0, let b1?, 0, let b3?) where b1 != 0 && b3 != 0: return (.utf16(bigEndian: true), 0)
        case (let b0?, 0, 0, 0) where b0 != 0: return (.utf32(bigEndian: false), 0)
        case (let b0?, 0, let b2?, 0) where b0 != 0 && b2 != 0: return (.utf16(bigEndian: false), 0)
        case (0, let b1?, nil, nil) where b1 != 0: return (.utf16(bigEndian: true), 0)
        case (let b0?, 0, nil, nil) where b0 != 0: return (.utf16(bigEndian: false), 0)
        default: return (.utf8, 0)
        }
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
