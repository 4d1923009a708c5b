import Foundation

// MARK: - Design
//
// A partial document is the beginning of a JSON text. `PartialScanner` reads it byte by byte,
// resumably: it keeps its state between calls to `scan`, so bytes that arrive in chunks are read
// once each, whatever the number of chunks. Its state is what a snapshot needs:
//
//     text so far:   {"title": "Hel\u00     items: [1, 2, 3
//
//     frames         one per open array or object: object/array, the elements or members
//                    complete so far, where the one being read starts (the offset of its comma,
//                    or just after the bracket), the key of the member being read
//     state          what the next byte may be (a value, a key, `:`, `,` or a close, inside a
//                    string, an escape, a number, a literal)
//     safe end       inside a string: the end of the last complete character (a half escape or
//                    a half UTF-8 sequence is not part of it; nor is a high surrogate escape
//                    without its low half)
//
// `completion()` turns the state into a closed document *virtually*: how much of the text to keep
// and the bytes to put after it. A string is closed at its safe end; a number or literal cut
// mid-way, a key without its value and a trailing comma are cut off (a number is never shown with
// a cut value: `12` may become `1234`); the open containers are closed innermost first. It also
// names the paths the text ended inside or before (the `.incomplete` events).
//
//     {"a": [1, "x", 12        →  keep {"a": [1, "x"   add ]}    incomplete "", "a", "a[2]"
//     {"a": 1, "b":            →  keep {"a": 1         add }     incomplete "", "b"
//     {"t": "caf\xC3           →  keep {"t": "caf      add "}    incomplete "", "t"
//
// The closed text is then parsed and decoded by the normal decoder, so mapping tables, defaults,
// coercions, limits and reports all apply, and anything wrong in the kept text is reported by the
// parser with line and column. The scanner itself needs to be exact only about what it cuts off:
// it checks the grammar of every token (a byte no JSON text could continue with stops it, as
// `malformed`), and the limits a never-ending text would otherwise escape (`maxDepth`,
// `maxStringBytes`, `maxDocumentBytes`).

/// A resumable scan of the beginning of a JSON document (see the design comment above).
struct PartialScanner {
    /// Why the scan stopped before the end of the bytes given.
    struct Stop: Error {
        /// The offset of the byte that stopped it.
        let offset: Int
        /// For a limit: what was exceeded. Nil when the text is malformed (the parser, reading the
        /// same text, gives the error).
        let limitReason: String?
        /// The limit exceeded, if any.
        let limit: DecodingLimits.Limit?
    }

    /// One open array or object.
    struct Frame {
        let isObject: Bool
        /// Elements (members) complete so far.
        var count = 0
        /// Where the element or member being read starts: the offset of its comma, or just after
        /// the bracket. The text is cut there when that element is left out.
        var memberStart: Int
        /// Objects: the raw bytes of the key of the member being read (between the quotes), once
        /// the key has arrived.
        var keyRange: Range<Int>?
    }

    enum State: UInt8 {
        /// A value must follow (the root, after `,` in an array, after `:`).
        case value
        /// After `[`: a value or `]`.
        case elementOrClose
        /// After `{`: a key or `}`.
        case keyOrClose
        /// After `,` in an object.
        case key
        /// After a key.
        case colon
        /// After a value inside a container: `,` or the close.
        case afterValue
        case string, escape, unicode, number, literal
        /// The root value is complete: only whitespace may follow.
        case done
    }

    /// States of a number being read (RFC 8259 grammar).
    enum NumberState: UInt8 { case minus, zero, integer, dot, fraction, exponent, exponentSign, exponentDigits }

    private(set) var frames: [Frame] = []
    private(set) var state = State.value
    /// Bytes scanned so far (the offset of the next byte).
    private(set) var scanned = 0

    // The token being read.
    private var tokenStart = 0
    private var stringIsKey = false
    private var safeEnd = 0
    private var utf8Remaining = 0
    private var stringBytes = 0
    private var hexRemaining = 0
    private var hexValue: UInt32 = 0
    private var highSurrogatePending = false
    private var numberState = NumberState.minus
    private var literal: [UInt8] = []
    private var literalIndex = 0
    /// Whether the literal being read is the UTF-8 byte order mark (then a value follows it).
    private var literalIsMark = false

    let maxDepth: Int
    let maxStringBytes: Int
    let maxDocumentBytes: Int

    init(maxDepth: Int, limits: DecodingLimits) {
        self.maxDepth = maxDepth
        self.maxStringBytes = limits.maxStringBytes ?? .max
        self.maxDocumentBytes = limits.maxDocumentBytes ?? .max
    }

    /// Whether the root value is complete (a top-level number only once a byte ends it).
    var isComplete: Bool { state == .done }

    /// Reads `bytes`, which continue the text at offset ``scanned``.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(Stop) {
        if scanned + bytes.count > maxDocumentBytes {
            throw Stop(offset: maxDocumentBytes, limitReason: "a document of more than \(maxDocumentBytes) bytes exceeds the limit maxDocumentBytes = \(maxDocumentBytes)",
                       limit: .maxDocumentBytes)
        }
        for byte in bytes {
            try step(byte)
            scanned += 1
        }
    }

    private static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    private func malformed() -> Stop { Stop(offset: scanned, limitReason: nil, limit: nil) }

    // swiftlint:disable:next cyclomatic_complexity
    private mutating func step(_ c: UInt8) throws(Stop) {
        let i = scanned
        switch state {
        case .value, .elementOrClose:
            if Self.isWhitespace(c) { return }
            if state == .elementOrClose, c == UInt8(ascii: "]") { return try closeContainer(isObject: false) }
            try beginValue(c, at: i)
        case .keyOrClose, .key:
            if Self.isWhitespace(c) { return }
            if state == .keyOrClose, c == UInt8(ascii: "}") { return try closeContainer(isObject: true) }
            guard c == UInt8(ascii: "\"") else { throw malformed() }
            beginString(at: i, isKey: true)
        case .colon:
            if Self.isWhitespace(c) { return }
            guard c == UInt8(ascii: ":") else { throw malformed() }
            state = .value
        case .afterValue:
            if Self.isWhitespace(c) { return }
            // safe: afterValue is only entered inside a container
            let isObject = frames[frames.count - 1].isObject
            if c == UInt8(ascii: ",") {
                frames[frames.count - 1].memberStart = i
                frames[frames.count - 1].keyRange = nil
                state = isObject ? .key : .value
            } else if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                try closeContainer(isObject: isObject)
            } else {
                throw malformed()
            }
        case .string:
            try stringByte(c, at: i)
        case .escape:
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                guard !highSurrogatePending else { throw malformed() }
                try countStringBytes(1)
                safeEnd = i + 1
                state = .string
            case UInt8(ascii: "u"):
                hexRemaining = 4
                hexValue = 0
                state = .unicode
            default:
                throw malformed()
            }
        case .unicode:
            guard let digit = Self.hexDigit(c) else { throw malformed() }
            hexValue = hexValue << 4 | digit
            hexRemaining -= 1
            if hexRemaining == 0 { try endUnicodeEscape(at: i) }
        case .number:
            try numberByte(c, at: i)
        case .literal:
            guard c == literal[literalIndex] else { throw malformed() }
            literalIndex += 1
            if literalIndex == literal.count {
                if literalIsMark {
                    literalIsMark = false
                    state = .value
                } else {
                    valueCompleted()
                }
            }
        case .done:
            guard Self.isWhitespace(c) else { throw malformed() }
        }
    }

    private static func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The first byte of a value, at `i`.
    private mutating func beginValue(_ c: UInt8, at i: Int) throws(Stop) {
        tokenStart = i
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard frames.count < maxDepth else {
                throw Stop(offset: i, limitReason: "nesting deeper than \(maxDepth) levels (the limit is set by maxDepth)", limit: nil)
            }
            let isObject = c == UInt8(ascii: "{")
            frames.append(Frame(isObject: isObject, memberStart: i + 1))
            state = isObject ? .keyOrClose : .elementOrClose
        case UInt8(ascii: "\""):
            beginString(at: i, isKey: false)
        case UInt8(ascii: "-"):
            numberState = .minus
            state = .number
        case UInt8(ascii: "0"):
            numberState = .zero
            state = .number
        case UInt8(ascii: "1") ... UInt8(ascii: "9"):
            numberState = .integer
            state = .number
        case UInt8(ascii: "t"): beginLiteral(Self.trueBytes)
        case UInt8(ascii: "f"): beginLiteral(Self.falseBytes)
        case UInt8(ascii: "n"): beginLiteral(Self.nullBytes)
        case 0xEF where i == 0:
            beginLiteral(Self.byteOrderMark)
            literalIsMark = true
        default:
            throw malformed()
        }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private mutating func beginLiteral(_ bytes: [UInt8]) {
        literal = bytes
        literalIndex = 1
        state = .literal
    }

    private mutating func beginString(at i: Int, isKey: Bool) {
        tokenStart = i
        stringIsKey = isKey
        safeEnd = i + 1
        utf8Remaining = 0
        stringBytes = 0
        highSurrogatePending = false
        state = .string
    }

    private mutating func countStringBytes(_ n: Int) throws(Stop) {
        stringBytes += n
        guard stringBytes > maxStringBytes else { return }
        throw Stop(offset: tokenStart, limitReason: "a string of more than \(maxStringBytes) bytes exceeds the limit maxStringBytes = \(maxStringBytes)",
                   limit: .maxStringBytes)
    }

    private mutating func stringByte(_ c: UInt8, at i: Int) throws(Stop) {
        if utf8Remaining > 0 {
            guard c & 0xC0 == 0x80 else { throw malformed() }
            utf8Remaining -= 1
            if utf8Remaining == 0 { safeEnd = i + 1 }
            return try countStringBytes(1)
        }
        if highSurrogatePending, c != UInt8(ascii: "\\") { throw malformed() }
        switch c {
        case UInt8(ascii: "\""):
            if stringIsKey {
                // safe: a key is only read inside an object
                frames[frames.count - 1].keyRange = tokenStart + 1 ..< i
                state = .colon
            } else {
                valueCompleted()
            }
        case UInt8(ascii: "\\"):
            state = .escape
        case 0 ..< 0x20:
            throw malformed()
        case 0x80 ..< 0xC2, 0xF5...:
            throw malformed()
        case 0xC2 ..< 0xE0:
            utf8Remaining = 1
            try countStringBytes(1)
        case 0xE0 ..< 0xF0:
            utf8Remaining = 2
            try countStringBytes(1)
        case 0xF0 ..< 0xF5:
            utf8Remaining = 3
            try countStringBytes(1)
        default:
            safeEnd = i + 1
            try countStringBytes(1)
        }
    }

    /// The fourth hex digit of `\uXXXX`, at `i`. A high surrogate waits for its low half before
    /// the string's safe end moves past it.
    private mutating func endUnicodeEscape(at i: Int) throws(Stop) {
        let isHigh = (0xD800 ..< 0xDC00).contains(hexValue)
        let isLow = (0xDC00 ..< 0xE000).contains(hexValue)
        if highSurrogatePending {
            guard isLow else { throw malformed() }
            highSurrogatePending = false
            safeEnd = i + 1
            try countStringBytes(4)
        } else if isHigh {
            highSurrogatePending = true
        } else {
            guard !isLow else { throw malformed() }
            safeEnd = i + 1
            try countStringBytes(hexValue < 0x80 ? 1 : hexValue < 0x800 ? 2 : 3)
        }
        state = .string
    }

    private mutating func numberByte(_ c: UInt8, at i: Int) throws(Stop) {
        let isDigit = c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
        switch numberState {
        case .minus:
            guard isDigit else { throw malformed() }
            numberState = c == UInt8(ascii: "0") ? .zero : .integer
            return
        case .integer where isDigit, .fraction where isDigit, .exponentDigits where isDigit:
            return
        case .dot:
            guard isDigit else { throw malformed() }
            numberState = .fraction
            return
        case .exponent:
            if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                numberState = .exponentSign
                return
            }
            guard isDigit else { throw malformed() }
            numberState = .exponentDigits
            return
        case .exponentSign:
            guard isDigit else { throw malformed() }
            numberState = .exponentDigits
            return
        case .zero, .integer:
            if c == UInt8(ascii: ".") {
                numberState = .dot
                return
            }
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                numberState = .exponent
                return
            }
        case .fraction:
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                numberState = .exponent
                return
            }
        case .exponentDigits:
            break
        }
        // A complete number ends at this byte, which must be one that may follow a value.
        valueCompleted()
        try step(c)
    }

    /// A value (scalar or container) has ended.
    private mutating func valueCompleted() {
        if frames.isEmpty {
            state = .done
        } else {
            frames[frames.count - 1].count += 1
            state = .afterValue
        }
    }

    private mutating func closeContainer(isObject: Bool) throws(Stop) {
        frames.removeLast()
        valueCompleted()
    }

    // MARK: Completion

    /// How to close the text scanned so far.
    struct Completion: Equatable {
        /// The bytes of the text to keep.
        var keep: Int
        /// The bytes that close it (a quote, brackets).
        var suffix: [UInt8]
        /// The paths the text ended inside or before, outermost first, each with what happened.
        var incomplete: [Incomplete]
    }

    /// A path the text ended inside or before.
    struct Incomplete: Equatable {
        /// The frames down to (and including) this path's parent, and the position in it.
        var depth: Int
        var what: String
    }

    /// The closed document of the text scanned so far, or nil when no value has arrived at the
    /// root (nothing but whitespace, or a root number or literal cut mid-way). A root number at
    /// the very end of the text is taken as cut (a byte after it would end it).
    func completion() -> Completion? {
        var keep = scanned
        var suffix: [UInt8] = []
        // The innermost value: kept (a string), or left out (a cut scalar, or none yet).
        var innermost: String?
        var positionOfInnermost = false
        switch state {
        case .done:
            return Completion(keep: scanned, suffix: [], incomplete: [])
        case .string where !stringIsKey, .escape where !stringIsKey, .unicode where !stringIsKey:
            keep = safeEnd
            suffix.append(UInt8(ascii: "\""))
            innermost = "the text ended inside this string; it holds what arrived"
            positionOfInnermost = !frames.isEmpty
        case .elementOrClose, .keyOrClose, .afterValue:
            break
        case .value, .number, .literal, .string, .escape, .unicode, .colon, .key:
            guard let top = frames.last else { return nil }
            keep = top.memberStart
            // A value position is known in an array after `,` or inside an element, and in an
            // object once the key has arrived.
            if !top.isObject || top.keyRange != nil {
                innermost = "the text ended before this value was complete; it is left out"
                positionOfInnermost = true
            }
        }
        var incomplete: [Incomplete] = []
        let closeFrom = frames.count
        for depth in 0 ..< closeFrom {
            incomplete.append(Incomplete(depth: depth, what: frames[depth].isObject
                    ? "the text ended inside this object; it is closed where the text ends"
                    : "the text ended inside this array; it is closed where the text ends"))
        }
        if let innermost {
            incomplete.append(Incomplete(depth: positionOfInnermost ? frames.count : 0, what: innermost))
        }
        for frame in frames.reversed() {
            suffix.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
        return Completion(keep: keep, suffix: suffix, incomplete: incomplete)
    }

    /// The path of an ``Incomplete`` at `depth`: `""` for the root (depth 0), then one step per
    /// frame: `[index]` in an array, `.key` in an object (the key unescaped from `text`).
    func path(depth: Int, in text: UnsafeBufferPointer<UInt8>) -> String {
        var path = ""
        for frame in frames.prefix(depth) {
            if frame.isObject {
                let key = frame.keyRange.map { Self.key(text, $0) } ?? ""
                path += path.isEmpty ? key : "." + key
            } else {
                path += "[\(frame.count)]"
            }
        }
        return path
    }

    /// A key's text, unescaped.
    private static func key(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let raw = UnsafeBufferPointer(rebasing: text[range])
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let quoted = [UInt8(ascii: "\"")] + Array(raw) + [UInt8(ascii: "\"")]
        guard let tape = try? JSONTape(parsing: quoted, maxDepth: 1) else { return String(decoding: raw, as: UTF8.self) }
        return tape.string(at: 0)
    }
}
