/// Malformed JSON: where it went wrong and what was expected.
///
/// ```swift
/// do { _ = try JSONValue(parsing: "{\"a\": tru}") }
/// catch let error as JSONParseError { print(error) }
/// // line 1, column 7 (byte 6): expected `true`, found `tru}`
/// ```
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line of the offending byte.
    public let line: Int
    /// 1-based column (in bytes) of the offending byte.
    public let column: Int
    /// 0-based byte offset of the offending byte.
    public let offset: Int
    /// What was wrong, e.g. "expected ',' or '}' after an object member, found ']'".
    public let reason: String

    public init(line: Int, column: Int, offset: Int, reason: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        "line \(line), column \(column) (byte \(offset)): \(reason)"
    }
}
