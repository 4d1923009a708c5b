/// Malformed JSON: where it went wrong and what was expected.
///
/// The parser stops at the first problem. `line` and `column` point at the offending byte in the
/// *original* input (escapes in strings are counted as written); `offset` is the same position as
/// a 0-based byte index, which is handy for slicing the input.
///
/// ```swift
/// do { _ = try JSONValue(parsing: "{\"a\": tru}") }
/// catch let error as JSONParseError { print(error) }
/// // line 1, column 7 (byte 6): expected 'true', found 'tru'
/// ```
///
/// Lines are separated by LF, CR or CRLF. Columns count bytes from 1, so a line with non-ASCII
/// text before the problem has a column larger than its count of characters. A UTF-8 byte order
/// mark at the very start is skipped by the parser and is not counted in columns (it is counted in
/// `offset`).
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the offending byte.
    public let line: Int
    /// 1-based column (in bytes) of the offending byte.
    public let column: Int
    /// 0-based byte offset of the offending byte.
    public let offset: Int
    /// What was wrong, e.g. "expected ',' or '}' after object member, found ']'".
    public let reason: String
    /// The limit of ``DecodingLimits`` the document exceeded, when that is the problem.
    public var exceededLimit: DecodingLimits.Limit?
    /// The key an object repeats, when the problem is a repeated key under
    /// ``DuplicateKeyStrategy/throw``.
    public var duplicateKey: String?

    /// Creates an error at an explicit position.
    ///
    /// - Parameters:
    ///   - line: 1-based line.
    ///   - column: 1-based column, in bytes.
    ///   - offset: 0-based byte offset.
    ///   - reason: What was found and what was expected.
    public init(line: Int, column: Int, offset: Int, reason: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.reason = reason
    }

    /// The error of a parser failure in `input`.
    init<Output: JSONParserOutput & ~Copyable>(_ failure: JSONParser<Output>.Failure, in input: UnsafeRawBufferPointer,
                                               firstLine: Int = 1) {
        self.init(offset: failure.offset, reason: failure.reason, openedAt: failure.openedAt, firstAt: failure.firstAt,
                  hint: failure.hint, in: input, firstLine: firstLine)
        exceededLimit = failure.limit
        duplicateKey = failure.duplicateKey
    }

    /// `line N, column C (byte O): reason`.
    public var description: String {
        "line \(line), column \(column) (byte \(offset)): \(reason)"
    }
}

extension JSONParseError {
    /// Creates an error at byte `offset` of `input`, computing line and column by scanning the input
    /// up to that offset.
    ///
    /// When `openedAt` is given (the offset of the string, array or object the problem is inside
    /// of), the reason gains " that started at line L, column C"; a `hint` follows after "; ".
    ///
    /// ```swift
    /// // "unexpected end of input inside an array that started at line 1, column 1; expected ',' or ']'"
    /// ```
    ///
    /// - Parameters:
    ///   - offset: 0-based offset of the offending byte; `input.count` for "end of input".
    ///   - reason: What was found and what was expected.
    ///   - openedAt: The offset of the enclosing construct to name in the reason, if any.
    ///   - firstAt: The offset of the first occurrence of a repeated key, if any.
    ///   - hint: What was expected, said last. Defaults to none.
    ///   - input: The original document bytes (before any unescaping).
    ///   - firstLine: The number of `input`'s first line, when it is one line of a larger text
    ///     (JSON Lines). Defaults to 1.
    package init(offset: Int, reason: String, openedAt: Int? = nil, firstAt: Int? = nil, hint: String? = nil,
                 in input: UnsafeRawBufferPointer, firstLine: Int = 1) {
        let (line, column) = JSONParseError.location(of: offset, in: input)
        var reason = reason
        if let openedAt {
            let (openLine, openColumn) = JSONParseError.location(of: openedAt, in: input)
            reason += " that started at line \(openLine + firstLine - 1), column \(openColumn)"
        }
        if let firstAt {
            let (seenLine, seenColumn) = JSONParseError.location(of: firstAt, in: input)
            reason += ", which first occurs at line \(seenLine + firstLine - 1), column \(seenColumn)"
        }
        if let hint {
            reason += "; " + hint
        }
        self.init(line: line + firstLine - 1, column: column, offset: offset, reason: reason)
    }

    /// The 1-based line and column of `offset` in `input`. LF, CR and CRLF each end a line; a
    /// leading UTF-8 byte order mark takes no column.
    package static func location(of offset: Int, in input: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let end = min(offset, input.count)
        var line = 1
        var lineStart = 0
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            lineStart = min(3, end)
        }
        var i = lineStart
        while i < end {
            switch input[i] {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = i + 1
            case UInt8(ascii: "\r"):
                // CRLF counts once: the LF that follows ends the line.
                if i + 1 < input.count, input[i + 1] == UInt8(ascii: "\n") { break }
                line += 1
                lineStart = i + 1
            default:
                break
            }
            i += 1
        }
        return (line, offset - lineStart + 1)
    }
}
