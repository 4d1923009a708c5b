import Foundation

// MARK: - Design
//
// The second reader of JSON text, for what RFC 8259 does not allow but Foundation's `JSONDecoder`
// reads when asked to: JSON5 (`allowsJSON5`), an object without its braces
// (`assumesTopLevelDictionary`) and trailing commas. It writes the same tape as the strict loop in
// JSONParser.swift, through the same frames, key stack, duplicate-key check and output, so the
// decoder cannot tell the two apart. The strict loop has no branch for any of this: documents
// that need none of it never come here, and its speed is untouched.
//
//     {a: 0x1F, 'b': [+.5, Infinity,], // comment
//     }
//
//     node  kind    text (where)                 flags
//     0     object                                (2 members)
//     1     string  a        (the input)          key, kept as written
//     2     number  31       (unescaped, + NUL)   escaped | integer
//     3     string  b        (the input)
//     4     array                                 (2 elements; the trailing comma is accepted)
//     5     number  0.5      (unescaped, + NUL)   escaped
//     6     number  Infinity (unescaped, + NUL)   escaped | nonFinite
//
// - The text is always copied with a NUL after it, and every loop here tests `i < count` itself
//   (this is not the hot path).
// - Without JSON5 (an object without braces, trailing commas) the strict scanners read strings,
//   numbers, keys and whitespace; only the structure differs.
// - JSON5 (the tokens: JSONParser+JSON5.swift) follows swift-foundation's JSON5Scanner, which
//   `JSONDecoder` uses: its whitespace (space, tab, LF, CR, VT, FF and a raw 0xA0 byte, not
//   U+00A0's UTF-8), `//` and `/* */` comments, unquoted keys (ECMAScript identifier characters; kept as written, escapes
//   included, as JSONDecoder keeps them), single-quoted strings, the escapes `\'` and `\xXX`, and
//   a backslash before a line break, which keeps the break (`\v`, `\0`, `\u0000` and `\x00` are
//   errors, as in JSONDecoder). Where JSONDecoder checks a number or an escape only when a value
//   is decoded, this reader checks every one while parsing: a bad value that nobody decodes is
//   still an error here.
// - A number that is not an RFC 8259 number is rewritten in RFC 8259 spelling into `unescaped`
//   (`+1` → `1`, `.5` → `0.5`, `5.` → `5.0`, `0x1F` → `31`, `-0x0` → `0`), followed by a NUL where
//   `strtod` stops, and its node is flagged `escaped` (see JSONTape.Flags); `Infinity` and `NaN`
//   are flagged `nonFinite` as well. The decoder reads them as it reads any number.

/// What the second JSON reader accepts beyond RFC 8259 (see the design comment in
/// JSONParser+Extended.swift). Each is one of `BridgeDecoder`'s options.
package struct JSONTextExtensions: Sendable, Hashable {
    /// JSON5, as `JSONDecoder.allowsJSON5` reads it (trailing commas included).
    package var json5: Bool
    /// A document that does not start with `{` is read as an object's members
    /// (`"a": 1, "b": 2`), as `JSONDecoder.assumesTopLevelDictionary`.
    package var topLevelDictionary: Bool
    /// A comma before a closing bracket: `[1,]`, `{"a": 1,}`.
    package var trailingCommas: Bool

    /// The given extensions; none by default.
    package init(json5: Bool = false, topLevelDictionary: Bool = false, trailingCommas: Bool = false) {
        self.json5 = json5
        self.topLevelDictionary = topLevelDictionary
        self.trailingCommas = trailingCommas
    }
}

extension JSONParseError {
    /// How the reason of the strict parser's error at a trailing comma starts
    /// (JSONParser+Failures.swift), for readers that accept trailing commas and parse again.
    package static let trailingCommaReason = "trailing comma"
}

extension JSONTape {
    /// Parses a document with the extensions of RFC 8259 that `extensions` names (JSON5, an object
    /// without braces, trailing commas), into the same tape ``init(parsing:maxDepth:)`` makes.
    /// The text is copied.
    ///
    /// ```swift
    /// let tape = try JSONTape(parsing: bytes, extensions: JSONTextExtensions(json5: true), maxDepth: 512)
    /// ```
    ///
    /// - Throws: ``JSONParseError`` with the line, column and byte offset of the first problem.
    package init(parsing input: UnsafeRawBufferPointer, extensions: JSONTextExtensions, maxDepth: Int,
                 rules: ParseRules = .none) throws {
        self = try JSONParser.parseExtended(input, extensions: extensions, maxDepth: maxDepth, rules: rules,
                                            output: TapeOutput.init(textCount:)) { parser, parsed in
            let nodes = parser.output.nodes.takeAll()
            let unescaped = parser.unescaped.takeAll()
            return JSONTape(text: parsed.text, storage: Storage(nodes: nodes, owner: nil, ownedText: parsed.ownedText,
                                                                unescaped: unescaped.baseAddress == nil ? nil : unescaped))
        }
    }
}

extension JSONParser where Output: ~Copyable {
    /// Parses `input` (copied, with a NUL after it) with `extensions`, then hands the parser to
    /// `finish` as ``parse(_:mayBorrow:maxDepth:firstLine:output:finish:)`` does.
    static func parseExtended<Result>(_ input: UnsafeRawBufferPointer, extensions: JSONTextExtensions, maxDepth: Int,
                                      rules: ParseRules = .none, output makeOutput: (_ textCount: Int) -> Output,
                                      finish: (inout JSONParser, ParsedText) -> Result) throws -> Result {
        let count = input.count
        guard count < Int(UInt32.max) else {
            throw JSONParseError(offset: 0, reason: "the document is 4 GiB or larger; documents up to 4 GiB are supported", in: input)
        }
        try rules.checkDocumentLength(of: input, firstLine: 1)
        let copy = UnsafeMutableBufferPointer.copyEndingInNUL(of: input.baseAddress, count: count)
        do {
            // safe: the copy holds count + 1 bytes
            var parser = JSONParser(copy.baseAddress!, count: count, readable: count + 1, maxDepth: maxDepth, rules: rules,
                                     output: makeOutput(count))
            // A rewritten JSON5 number can be longer than its text (`.5` → `0.5`): no bound.
            parser.unescaped.growthBound = 0
            try parser.parseExtendedDocument(extensions)
            return finish(&parser, ParsedText(text: UnsafeBufferPointer(rebasing: copy[..<count]), ownedText: copy))
        } catch {
            copy.deallocateWithFree()
            throw JSONParseError(error, in: input)
        }
    }

    // MARK: The loop

    /// Parses the whole input into `output`, with `extensions`. The structure of the strict loop
    /// (``parseDocument()``), plus trailing commas and the object without braces.
    mutating func parseExtendedDocument(_ extensions: JSONTextExtensions) throws(Failure) {
        let json5 = extensions.json5
        let trailingCommas = json5 || extensions.trailingCommas
        let bom = count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        var i = try skipSpace(bom, json5: json5)
        // The root object without braces: the first frame, closed by the end of the input.
        var braceless = false
        if extensions.topLevelDictionary, i == count || p[i] != UInt8(ascii: "{") {
            try open(.object, at: i)
            braceless = true
            if i == count {
                try close()
                return
            }
            i = try scanExtendedKey(at: i, afterComma: false, json5: json5)
        }
        outer: while true {
            // A value starts at `i` (whitespace skipped).
            guard i < count else { throw unexpectedValueFailure(at: i) }
            switch p[i] {
            case UInt8(ascii: "\""):
                let quote = i
                i = json5 ? try scanJSON5String(at: i) : try scanString(at: i)
                try checkStringLength(at: quote)
                output.scalar(lastString, in: bytes)
            case UInt8(ascii: "'") where json5:
                let quote = i
                i = try scanJSON5String(at: i)
                try checkStringLength(at: quote)
                output.scalar(lastString, in: bytes)
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                i = json5 ? try scanJSON5Number(at: i) : try scanNumber(at: i)
            case UInt8(ascii: "+") where json5, UInt8(ascii: ".") where json5, UInt8(ascii: "I") where json5,
                 UInt8(ascii: "N") where json5:
                i = try scanJSON5Number(at: i)
            case UInt8(ascii: "{"):
                try open(.object, at: i)
                i = try skipSpace(i + 1, json5: json5)
                guard i < count, p[i] == UInt8(ascii: "}") else {
                    i = try scanExtendedKey(at: i, afterComma: false, json5: json5)
                    continue outer
                }
                try close()
                i += 1
            case UInt8(ascii: "["):
                try open(.array, at: i)
                i = try skipSpace(i + 1, json5: json5)
                guard i < count, p[i] == UInt8(ascii: "]") else { continue outer }
                try close()
                i += 1
            case UInt8(ascii: "t"):
                i = try scanLiteral(at: i, .true)
            case UInt8(ascii: "f"):
                i = try scanLiteral(at: i, .false)
            case UInt8(ascii: "n"):
                i = try scanLiteral(at: i, .null)
            default:
                if json5 {
                    throw Failure(offset: i, reason: "expected a JSON5 value, found \(describe(at: i))")
                }
                throw unexpectedValueFailure(at: i)
            }
            // A value ended before `i`: continue or close the enclosing containers.
            while frames.count > 0 {
                let top = frames.count - 1
                frames[top].count += 1
                let isBraceless = braceless && top == 0
                i = try skipSpace(i, json5: json5)
                if i == count, isBraceless {
                    try close()
                    break outer
                }
                guard i < count else { throw afterElementFailure(at: i, frame: frames[top]) }
                let closer = frames[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if p[i] == UInt8(ascii: ",") {
                    let comma = i
                    i = try skipSpace(i + 1, json5: json5)
                    if isBraceless, i == count {
                        try close()
                        break outer
                    }
                    if i < count, p[i] == closer, !isBraceless {
                        guard trailingCommas else {
                            throw Failure(offset: comma, reason: "trailing comma: expected a value after ',', found '\(Character(Unicode.Scalar(closer)))'")
                        }
                        try close()
                        i += 1
                        continue
                    }
                    if frames[top].isObject {
                        i = try scanExtendedKey(at: i, afterComma: true, json5: json5)
                    }
                    continue outer
                }
                if isBraceless {
                    throw Failure(offset: i, reason: "expected ',' or the end of input after object member, found \(describe(at: i)) (the document is an object without braces: assumesTopLevelDictionary)")
                }
                guard p[i] == closer else { throw afterElementFailure(at: i, frame: frames[top]) }
                try close()
                i += 1
            }
            break
        }
        i = try skipSpace(i, json5: json5)
        guard i == count else {
            throw Failure(offset: i, reason: "unexpected \(describe(at: i)) after the root value; a document holds exactly one value")
        }
    }

    /// Skips whitespace from `start`: JSON5's (with comments) or RFC 8259's. Returns at most
    /// `count`.
    @inline(__always)
    func skipSpace(_ start: Int, json5: Bool) throws(Failure) -> Int {
        json5 ? try skipJSON5Space(start) : skipWhitespace(start)
    }

    /// Skips JSON5 whitespace and comments as JSONDecoder does: space, tab, LF, CR, VT, FF and a
    /// raw 0xA0 byte; `//` up to LF or CR; `/*` up to `*/` (an error when it never ends).
    func skipJSON5Space(_ start: Int) throws(Failure) -> Int {
        var i = start
        while i < count {
            switch p[i] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0xA0:
                i += 1
            case UInt8(ascii: "/"):
                guard i + 1 < count else { return i }
                if p[i + 1] == UInt8(ascii: "/") {
                    i += 2
                    while i < count, p[i] != 0x0A, p[i] != 0x0D { i += 1 }
                } else if p[i + 1] == UInt8(ascii: "*") {
                    let opening = i
                    i += 2
                    while true {
                        guard i + 1 < count else {
                            throw Failure(offset: opening, reason: "unterminated comment: '/*' without a closing '*/'")
                        }
                        if p[i] == UInt8(ascii: "*"), p[i + 1] == UInt8(ascii: "/") { break }
                        i += 1
                    }
                    i += 2
                } else {
                    return i
                }
            default:
                return i
            }
        }
        return i
    }
}
