import CodableBridge
import Foundation

extension FuzzTarget {
    /// `BridgeDecoder.foundationCompatible` against Foundation's `JSONDecoder()` on arbitrary
    /// bytes: the same value, or a `DecodingError` from both with the same case and coding path.
    /// The deliberate differences of Docs/FoundationParity.md are left out (`knownDifference`).
    static let foundation = FuzzTarget(
        name: "foundation",
        summary: "BridgeDecoder.foundationCompatible against JSONDecoder: the same value, or the same error case and coding path"
    ) { data in
        expectSameAsFoundation(data, FuzzParity.self, dictionaries: ["intKeys"])
        expectSameAsFoundation(data, [FuzzParity].self, dictionaries: ["intKeys"])
        expectSameAsFoundation(data, FuzzPlain.self, dictionaries: [])
        expectSameAsFoundation(data, [String: [Int8?]].self, dictionaries: [""])
    }
}

/// A model of the value kinds `JSONDecoder` reads in a way of its own: integers of several widths,
/// floating point, `Data` (base64), `Date` (`.deferredToDate`), `URL`, `Decimal`, dictionaries with
/// `Int` keys, and nesting. Every property is optional, so documents that lack some still decode.
struct FuzzParity: Codable, Equatable {
    var int: Int?
    var small: Int8?
    var unsigned: UInt32?
    var double: Double?
    var float: Float?
    var text: String?
    var flag: Bool?
    var data: Data?
    var date: Date?
    var url: URL?
    var decimal: Decimal?
    var list: [Int]?
    var words: [String?]?
    var intKeys: [Int: String]?
    var nested: [FuzzParity]?
    var inner: FuzzPlain.Inner?
}

/// Decodes `T` from `input` with `BridgeDecoder.foundationCompatible` and with `JSONDecoder()`.
///
/// `JSONDecoder` reads a dictionary's members in no fixed order (its hash order), so when two
/// members of one are wrong, either may be the one its error is about: an error inside a
/// dictionary (a property named in `dictionaries`; `""`: the root) is compared up to it.
func expectSameAsFoundation<T: Decodable & Equatable>(_ input: Data, _ type: T.Type, dictionaries: Set<String>) {
    if knownDifference(in: input) { return }
    let ours = Result { try BridgeDecoder.foundationCompatible.decode(T.self, from: input) }
    let theirs = Result { try JSONDecoder().decode(T.self, from: input) }
    switch (ours, theirs) {
    case (.success(let ours), .success(let theirs)):
        if ours != theirs { fuzzFailure("\(T.self): decoded \(ours); JSONDecoder: \(theirs)", input: input) }
    case (.failure(let ours), _) where rejectsScalarText(ours, in: input):
        // A documented difference: JSONDecoder checks the text of a string or number only when it
        // decodes it, so it reads past bad text the model does not ask for, and reports what else
        // is wrong first. (Read, both refuse it: `dataCorrupted`, no path.)
        return
    case (.failure(let ours), .failure(let theirs)):
        guard let ours = ours as? DecodingError, let theirs = theirs as? DecodingError else {
            fuzzFailure("\(T.self): threw \(ours); JSONDecoder threw \(theirs)", input: input)
        }
        if !sameFailure(ours, theirs, dictionaries: dictionaries) {
            fuzzFailure("\(T.self): threw \(ours); JSONDecoder threw \(theirs)", input: input)
        }
    case (.success(let value), .failure(let error)):
        fuzzFailure("\(T.self): decoded \(value); JSONDecoder threw \(error)", input: input)
    case (.failure(let error), .success(let value)):
        fuzzFailure("\(T.self): threw \(error); JSONDecoder decoded \(value)", input: input)
    }
}

/// Whether two decoding errors are the same case at the same coding path (and, for
/// `keyNotFound`, for the same key), or both inside the same dictionary. Messages differ on
/// purpose.
private func sameFailure(_ ours: DecodingError, _ theirs: DecodingError, dictionaries: Set<String>) -> Bool {
    func parts(_ error: DecodingError) -> (kind: String, path: [String], key: String?) {
        let (kind, context, key): (String, DecodingError.Context?, String?) =
            switch error {
            case .typeMismatch(_, let context): ("typeMismatch", context, nil)
            case .valueNotFound(_, let context): ("valueNotFound", context, nil)
            case .keyNotFound(let key, let context): ("keyNotFound", context, key.stringValue)
            case .dataCorrupted(let context): ("dataCorrupted", context, nil)
            @unknown default: ("unknown", nil, nil)
            }
        let path = (context?.codingPath ?? []).map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
        return (kind, path, key)
    }
    /// The path up to and including the first dictionary on it; `nil` when it has none.
    func throughDictionary(_ path: [String]) -> [String]? {
        if dictionaries.contains("") { return [] }
        guard let end = path.firstIndex(where: dictionaries.contains) else { return nil }
        return Array(path[...end])
    }
    let (ourKind, ourPath, ourKey) = parts(ours)
    let (theirKind, theirPath, theirKey) = parts(theirs)
    // A documented difference: an integer that does not fit inside a dictionary is
    // `dataCorrupted` without a path in Foundation, at its path here.
    if ourKind == "dataCorrupted", theirKind == "dataCorrupted", theirPath.isEmpty { return true }
    // Inside a dictionary, either error may be about another of its members.
    if throughDictionary(ourPath) != nil || throughDictionary(theirPath) != nil {
        return throughDictionary(ourPath) == throughDictionary(theirPath)
    }
    return ourKind == theirKind && ourPath == theirPath && ourKey == theirKey
}

/// Whether `error` is the parser's rejection of the text of a string (an invalid escape or
/// surrogate, invalid UTF-8, a raw control character) or of a number. JSONDecoder's scanner takes
/// any run of `0-9 + - . e E` that starts with a digit or `-` as one number, checked only when
/// decoded: so `01`, `1.`, `1-2` or `1e5+3` is a number to it, and an error at such a run counts.
private func rejectsScalarText(_ error: any Error, in input: Data) -> Bool {
    guard case .dataCorrupted(let context)? = error as? DecodingError, let parse = context.underlyingError as? JSONParseError else {
        return false
    }
    let reason = parse.reason
    if !reason.hasPrefix("unexpected end of input"),
       reason.contains(" in string") || reason.contains("after '\\u'") || reason.contains("surrogate")
    {
        return true
    }
    // UTF-16 or UTF-32 text (a NUL or a byte order mark in the first four bytes): the error's
    // offset is in its UTF-8 transcoding.
    let head = [UInt8](input.prefix(4))
    if head.contains(0) || head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return reason.contains("number") }
    // The number run at the error's byte, or just before it.
    let bytes = [UInt8](input)
    func inRun(_ byte: UInt8) -> Bool { (0x30 ... 0x39).contains(byte) || "+-.eE".utf8.contains(byte) }
    var position = min(parse.offset, bytes.count) - 1
    if parse.offset < bytes.count, inRun(bytes[parse.offset]) { position = parse.offset }
    guard position >= 0, inRun(bytes[position]) else { return false }
    while position > 0, inRun(bytes[position - 1]) { position -= 1 }
    return (0x30 ... 0x39).contains(bytes[position]) || bytes[position] == UInt8(ascii: "-")
}

/// Whether `input` may hold text Docs/JSONConformance.md lists as read differently on purpose:
/// a zero with an exponent (`0e1`, which Foundation refuses).
private func knownDifference(in input: Data) -> Bool {
    input.withUnsafeBytes { bytes in
        bytes.indices.dropLast().contains { i in
            bytes[i] == UInt8(ascii: "0") && (bytes[i + 1] | 0x20) == UInt8(ascii: "e")
        }
    }
}
