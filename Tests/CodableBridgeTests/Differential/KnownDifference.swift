// The documented differences between CodableBridge and Foundation (swift-corelibs-foundation's
// `JSONSerialization`, swift-foundation's `JSONDecoder` / `JSONEncoder`, Swift 6.3.1 on Linux) —
// the one list the differential tests exclude by name. Each is a deliberate choice written down in
// Docs/JSONConformance.md; anything else that differs is a bug the tests report with its seed.

/// A documented difference from Foundation, excluded by name from the differential tests.
enum KnownDifference: String, CaseIterable, CustomStringConvertible {
    /// `JSONSerialization` keeps the *last* of repeated object keys; `JSONValue` (like
    /// `JSONDecoder`) keeps the first. (Docs/JSONConformance.md, "Repeated object keys".)
    case repeatedKeys
    /// `JSONSerialization` rejects a number outside `Double`'s range (`1e400`: "not representable");
    /// `JSONValue` keeps any number's text. (Docs/JSONConformance.md, "Numbers".)
    case numberBeyondDouble
    /// Foundation accepts a trailing comma (`[1,]`, `{"a":1,}`); CodableBridge rejects it per
    /// RFC 8259. (Docs/JSONConformance.md, "Trailing commas".)
    case trailingComma

    /// `JSONSerialization` drops a raw U+FEFF (ZERO WIDTH NO-BREAK SPACE, the byte order mark's
    /// scalar) that starts a run of unescaped text inside a string (`"a\fX"` with X = U+FEFF
    /// gives `"a\f"`): a Foundation bug that silently changes text. `JSONValue` and `JSONDecoder`
    /// keep it. (Docs/JSONConformance.md, "UTF-8 byte order mark".)
    case serializationDropsInnerByteOrderMark

    var description: String { rawValue }
}
