import Foundation

/// A line of a JSON Lines input that could not be decoded: its line number, the column for
/// malformed JSON, and the error.
///
/// Thrown by ``BridgeDecoder/decodeJSONLines(_:from:)`` and by ``JSONLinesSequence``, and
/// described in the report by ``BridgeDecoder/decodeJSONLines(_:from:skippingBadLines:)``.
///
/// ```swift
/// do {
///     let events = try BridgeDecoder().decodeJSONLines(Event.self, from: data)
/// } catch let error as JSONLinesError {
///     print(error)   // line 3, column 9: expected ',' or '}' after an object member, found ']'
/// }
/// ```
public struct JSONLinesError: Error, CustomStringConvertible {
    /// The 1-based number of the line, counting every line break (`\n`), blank lines included.
    public let line: Int
    /// The 1-based column (in bytes) of the problem when the line is not valid JSON; `nil` when
    /// the JSON is valid but does not decode as the requested type.
    public let column: Int?
    /// The error: a ``JSONParseError`` (its `line` is the line in the whole input) or a
    /// `DecodingError` whose coding path starts at the line's value.
    public let underlyingError: any Error

    /// Creates an error for `line`.
    ///
    /// - Parameters:
    ///   - line: The 1-based line number.
    ///   - column: The 1-based column of a parse error, else `nil`.
    ///   - underlyingError: What went wrong.
    public init(line: Int, column: Int?, underlyingError: any Error) {
        self.line = line
        self.column = column
        self.underlyingError = underlyingError
    }

    /// `line 3, column 9: <parse error>` or `line 3: <kind> at <path>: <message>`.
    public var description: String {
        DecodingMessages.jsonLines(self)
    }
}
