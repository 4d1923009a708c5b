/// Where a property's value lives in a JSON object: one key, a key path, or alternates.
///
/// Written as literals in a model's ``MappableCodable/keyMapping``:
///
/// ```swift
/// static var keyMapping: KeyMapping {
///     ["name": "n",                        // one key
///      "desc": "ext.desc",                 // a key path into nested objects
///      "bookID": ["id", "ID", "book_id"],  // alternates, tried in order
///      "version": .key("v1.2"),            // a literal key that contains dots
///      "city": .path(["address", "city"]), // a path spelled segment by segment
///      "address": .flatten]                 // the property's model reads this object's keys
/// }
/// ```
///
/// A string literal containing `.` is a key path. When decoding, a literal key with the dotted
/// name is looked up first (so `{"ext.desc": …}` also matches `"ext.desc"`), then the path.
/// Encoding writes the first alternate; a key path writes nested objects.
public struct JSONKey: Sendable, Hashable, CustomStringConvertible {
    /// One place to look: a path of one or more object keys.
    public struct Candidate: Sendable, Hashable {
        /// The object keys from the outermost in.
        public let segments: [String]
        /// Whether this came from a dotted string literal (then the dotted string is also tried as
        /// a literal key first).
        public let isDottedLiteral: Bool

        /// The literal key for a one-segment candidate, or the dotted spelling of a path.
        public var joined: String { segments.joined(separator: ".") }
    }

    /// The places to look, in order. Never empty for a valid key (an empty list is reported as an
    /// invalid mapping table).
    public let candidates: [Candidate]

    /// Whether this is ``flatten``.
    public let isFlatten: Bool

    private init(candidates: [Candidate], isFlatten: Bool = false) {
        self.candidates = candidates
        self.isFlatten = isFlatten
    }

    /// A single key or a dotted key path (`"ext.desc"`).
    public init(_ string: String) {
        let segments = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        candidates = [Candidate(segments: segments, isDottedLiteral: segments.count > 1)]
        isFlatten = false
    }

    /// The property's model is stored in this object itself, not under a key of its own.
    ///
    /// Its decoding reads its keys from the parent object, and its encoding writes them back
    /// into it. The flattened model keeps its own mapping, hooks, coercion and key style.
    ///
    /// ```swift
    /// struct Address: MappableCodable { var city: String; var zip: String? }
    /// struct Person: MappableCodable {
    ///     var name: String
    ///     var address: Address
    ///     static var keyMapping: KeyMapping { ["address": .flatten] }
    /// }
    /// // {"name": "Ada", "city": "Paris"}  ⇄  Person(name: "Ada", address: Address(city: "Paris"))
    /// ```
    ///
    /// An optional flattened property is `nil` when none of its model's keys is present. Two
    /// flattened properties whose models read the same key are an invalid table. `.flatten`
    /// cannot be one of several alternates.
    public static let flatten = JSONKey(candidates: [], isFlatten: true)

    /// A literal key, dots and all: `.key("a.b")` looks up the member named `a.b` only.
    public static func key(_ literal: String) -> JSONKey {
        JSONKey(candidates: [Candidate(segments: [literal], isDottedLiteral: false)])
    }

    /// A key path given segment by segment: `.path(["a", "b"])` is `{"a": {"b": …}}`.
    public static func path(_ segments: [String]) -> JSONKey {
        JSONKey(candidates: [Candidate(segments: segments, isDottedLiteral: false)])
    }

    /// Alternates tried in order; each may itself be a key, a path or a literal.
    public static func alternates(_ keys: [JSONKey]) -> JSONKey {
        JSONKey(candidates: keys.flatMap(\.candidates), isFlatten: keys.contains(where: \.isFlatten))
    }

    /// The key as written in a table: `"n"`, `["a", "b"]` for a path, a list for alternates.
    public var description: String {
        if isFlatten { return candidates.isEmpty ? ".flatten" : "[.flatten, \(JSONKey(candidates: candidates))]" }
        let parts = candidates.map { $0.isDottedLiteral || $0.segments.count == 1 ? "\"\($0.joined)\"" : "\($0.segments)" }
        return parts.count == 1 ? parts[0] : "[" + parts.joined(separator: ", ") + "]"
    }
}

/// String literals, interpolated ones too (`"meta.\(prefix)_id"`), and array literals of keys.
extension JSONKey: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, ExpressibleByArrayLiteral {
    /// A key, or a key path when the string contains dots (`"ext.desc"`).
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Alternate keys, tried in order (`["id", "ID", "book_id"]`).
    public init(arrayLiteral elements: JSONKey...) {
        self = .alternates(elements)
    }
}

/// A model's key table: property name (its coding key string) → where it lives in JSON.
public typealias KeyMapping = [String: JSONKey]
