/// How ``BridgeEncoder`` and ``JSONValue`` lay out JSON text.
///
/// Defaults to `[]`: compact, keys in encoding order, `/` escaped as `\/` (as `JSONEncoder`).
/// The raw values are `JSONEncoder.OutputFormatting`'s (`prettyPrinted` 1, `sortedKeys` 2,
/// `withoutEscapingSlashes` 8), so a stored or bridged raw value means the same in both.
///
/// ```swift
/// OutputFormatting(rawValue: JSONEncoder.OutputFormatting.sortedKeys.rawValue) == .sortedKeys   // true
/// ```
public struct OutputFormatting: OptionSet, Sendable, Hashable {
    /// The option bits, as `JSONEncoder.OutputFormatting`'s.
    public let rawValue: UInt
    /// Creates a set from option bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Newlines and two-space indentation, `"key" : value` as `JSONEncoder` writes it (an empty
    /// array or object is its brackets around an empty line, also as `JSONEncoder`).
    public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
    /// Object keys in lexicographic order of their UTF-8 bytes, at every level.
    public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
    /// Writes `/` as is instead of `\/`.
    public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
}
