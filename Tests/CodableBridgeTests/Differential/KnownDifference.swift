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
    /// Foundation accepts a trailing comma (`[1,]`, `{"a":1,}`); `JSONValue(parsing:)` rejects it
    /// per RFC 8259 (`BridgeDecoder.foundationCompatible` accepts it, as JSONDecoder).
    /// (Docs/JSONConformance.md, "Trailing commas".)
    case trailingComma

    /// `JSONSerialization` drops a raw U+FEFF (ZERO WIDTH NO-BREAK SPACE, the byte order mark's
    /// scalar) that starts a run of unescaped text inside a string (`"a\fX"` with X = U+FEFF
    /// gives `"a\f"`): a Foundation bug that silently changes text. `JSONValue` and `JSONDecoder`
    /// keep it. (Docs/JSONConformance.md, "UTF-8 byte order mark".)
    case serializationDropsInnerByteOrderMark

    /// `JSONDecoder` reports a number that does not fit the requested type (`300` as `Int8`) as
    /// `dataCorrupted` without the path below its container; `BridgeDecoder` gives the true path.
    /// (Docs/JSONConformance.md, "Differences from Foundation".)
    case numberOverflowPath
    /// `JSONDecoder` decodes a dictionary's members in hash order, so with two bad members which
    /// one it reports is unpredictable; `BridgeDecoder` reports the first in document order.
    case dictionaryOrder

    /// Under a key decoding strategy other than `.useDefaultKeys`, `JSONDecoder` decodes the value
    /// of every occurrence of a `[String: T]`'s repeated key (keeping the first), so a bad later
    /// one is its error; `BridgeDecoder` reads the first only, as in every object.
    /// (Docs/JSONConformance.md, "Differences from Foundation".)
    case dictionaryRepeatedKeyUnderKeyStrategy

    /// `JSONDecoder` reads a number of magnitude 2^53 or more written with a fraction, for an
    /// integer type, as a `Decimal` and drops the fraction (`9007199254740993.5` → 9007199254740993);
    /// `BridgeDecoder` refuses it as not a whole number. (Docs/JSONConformance.md, "Differences
    /// from Foundation".)
    case integerFractionDropped

    /// `JSONDecoder` checks the text of a string or number (escapes, UTF-8, control characters,
    /// the number grammar) only when it decodes that value, so a document whose bad text is in a
    /// value the model never reads decodes, or reports another error first; `BridgeDecoder`
    /// refuses it while parsing. (Docs/JSONConformance.md, "Differences from Foundation"; the
    /// generated documents never hold bad text, the `foundation` fuzz target meets it.)
    case unreadScalarText

    /// `JSONDecoder` rejects a bare zero with a one-digit positive exponent (`0e1` … `0E9`) as
    /// "not valid JSON" — a Foundation bug (`0e+1`, `-0e1`, `0e10` and `JSONSerialization` are
    /// fine). `BridgeDecoder` decodes 0. (Docs/JSONConformance.md, "Differences from Foundation".)
    case decoderRejectsZeroWithExponent

    var description: String { rawValue }
}
