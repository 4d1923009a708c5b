import CodableBridge
import Foundation

extension FuzzTarget {
    /// `BridgeDecoder.foundationCompatible` against Foundation's `JSONDecoder()` on arbitrary
    /// bytes, both given the same options (`ParitySettings`): the same value (compared as
    /// `JSONEncoder` writes it, so `-0.0` is not `0.0`), or a `DecodingError` from both with the
    /// same case and coding path; a value both read is written by `BridgeEncoder` (set as
    /// `JSONEncoder`) and `JSONEncoder` to the same bytes. Allowed: the differences
    /// Docs/JSONConformance.md documents ("Differences from Foundation") — bad text in a string or
    /// number the model does not read, which member of a dictionary an error is about, the path of
    /// a number too large inside a dictionary, `0e1`, an integer of 2^53 or more with a fraction,
    /// the later occurrences of a `[String: T]`'s repeated key under a key strategy — and inputs
    /// that stop `JSONDecoder` itself are skipped.
    static let foundation = FuzzTarget(
        name: "foundation",
        summary: "BridgeDecoder.foundationCompatible against JSONDecoder (the same value, or the same error case and coding path), and BridgeEncoder against JSONEncoder"
    ) { data in
        let settings = ParitySettings(for: data)
        if settings.json5, crashesFoundationJSON5(data) { return }
        expectSameAsFoundation(data, FuzzParity.self, settings, dictionaries: ["intKeys"])
        expectSameAsFoundation(data, [FuzzParity].self, settings, dictionaries: ["intKeys"])
        expectSameAsFoundation(data, FuzzPlain.self, settings, dictionaries: [])
        // A documented difference: under a key strategy, JSONDecoder decodes the value of every
        // occurrence of a `[String: T]`'s repeated key (keeping the first), so a bad later one is
        // its error; here only the first is read.
        let repeatsKeys = settings.convertsKeys && hasRepeatedKeys(data, settings)
        expectSameAsFoundation(data, [String: [Int8?]].self, settings, dictionaries: [""], foundationMayFail: repeatsKeys)
    }
}

/// The options both decoders are given for one input, chosen by a hash of its bytes (so
/// mutations reach every combination): the key, date and non-conforming float strategies, JSON5
/// and a top-level object without braces; everything else at `JSONDecoder`'s defaults.
struct ParitySettings {
    let json5: Bool
    let convertsKeys: Bool
    let bridge: BridgeDecoder
    let foundation: JSONDecoder

    init(for input: Data) {
        var hash: UInt32 = 2_166_136_261
        for byte in input { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        var bridge = BridgeDecoder.foundationCompatible
        let foundation = JSONDecoder()
        convertsKeys = hash & 1 != 0
        if convertsKeys {
            bridge.keyDecodingStrategy = .convertFromSnakeCase
            foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
        switch hash >> 1 & 3 {
        case 1:
            bridge.dateDecodingStrategy = .secondsSince1970
            foundation.dateDecodingStrategy = .secondsSince1970
        case 2:
            bridge.dateDecodingStrategy = .millisecondsSince1970
            foundation.dateDecodingStrategy = .millisecondsSince1970
        case 3:
            bridge.dateDecodingStrategy = .iso8601
            foundation.dateDecodingStrategy = .iso8601
        default: break
        }
        if hash & 8 != 0 {
            bridge.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            foundation.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
        json5 = hash >> 4 & 3 == 0
        if json5 {
            bridge.allowsJSON5 = true
            foundation.allowsJSON5 = true
            if hash & 64 != 0 {
                bridge.assumesTopLevelDictionary = true
                foundation.assumesTopLevelDictionary = true
            }
        }
        self.bridge = bridge
        self.foundation = foundation
    }
}

/// Whether `input` stops the process in `JSONDecoder` with `allowsJSON5` (Docs/FoundationParity.md):
/// an exponent sign without a digit after it (`1e+`), or invalid UTF-8 (where a key may start).
private func crashesFoundationJSON5(_ input: Data) -> Bool {
    let bytes = [UInt8](input)
    if String(validating: bytes, as: UTF8.self) == nil { return true }
    return bytes.indices.dropLast().contains { i in
        (bytes[i] | 0x20) == UInt8(ascii: "e") && (bytes[i + 1] == UInt8(ascii: "+") || bytes[i + 1] == UInt8(ascii: "-"))
            && (i + 2 == bytes.count || !(0x30 ... 0x39).contains(bytes[i + 2]))
    }
}

/// A model of the value kinds `JSONDecoder` reads in a way of its own: integers of several widths,
/// floating point, `Data` (base64), `Date` (by the settings' strategy), `URL`, `UUID`, `Decimal`, a
/// raw-value enum, dictionaries with `Int` keys, the containers' own calls (`FuzzContainers`), and
/// nesting. Every property is optional, so documents that lack some still decode.
struct FuzzParity: Codable {
    enum Kind: String, Codable { case cat, dog }

    var int: Int?
    var small: Int8?
    var unsigned: UInt32?
    var wide: UInt64?
    var kind: Kind?
    var uuid: UUID?
    var containers: FuzzContainers?
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

/// What a hand-written `init(from:)` learns through the containers' calls: `allKeys`, `contains`,
/// `decodeNil(forKey:)`, a nested unkeyed container read with `decodeIfPresent` to its end,
/// `superDecoder(forKey:)`, a nested keyed container.
struct FuzzContainers: Codable {
    var keys: [String]
    var aIsNil: Bool?
    var list: [Int?]?
    var sup: String?
    var inner: [String]?

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        keys = container.allKeys.map(\.stringValue).sorted()
        aIsNil = container.contains(Key("a")) ? try container.decodeNil(forKey: Key("a")) : nil
        if container.contains(Key("list")) {
            var items = try container.nestedUnkeyedContainer(forKey: Key("list"))
            var list: [Int?] = []
            while !items.isAtEnd { list.append(try items.decodeIfPresent(Int.self)) }
            self.list = list
        }
        if container.contains(Key("sup")) {
            sup = try container.superDecoder(forKey: Key("sup")).singleValueContainer().decode(String.self)
        }
        if container.contains(Key("inner")) {
            inner = try container.nestedContainer(keyedBy: Key.self, forKey: Key("inner")).allKeys.map(\.stringValue).sorted()
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(keys, forKey: Key("keys"))
        try container.encodeIfPresent(aIsNil, forKey: Key("a"))
        try container.encodeIfPresent(list, forKey: Key("list"))
        try container.encodeIfPresent(sup, forKey: Key("sup"))
        try container.encodeIfPresent(inner, forKey: Key("inner"))
    }
}

/// Decodes `T` from `input` with `BridgeDecoder.foundationCompatible` and with `JSONDecoder()`,
/// both set as `settings` says.
///
/// `JSONDecoder` reads a dictionary's members in no fixed order (its hash order), so when two
/// members of one are wrong, either may be the one its error is about: an error inside a
/// dictionary (a property named in `dictionaries`; `""`: the root) is compared up to it.
func expectSameAsFoundation<T: Codable>(_ input: Data, _ type: T.Type, _ settings: ParitySettings, dictionaries: Set<String>,
                                         foundationMayFail: Bool = false) {
    if knownDifference(in: input) { return }
    let ours = Result { try settings.bridge.decode(T.self, from: input) }
    let theirs = Result { try settings.foundation.decode(T.self, from: input) }
    switch (ours, theirs) {
    case (.success(let ours), .success(let theirs)):
        // Compared as JSONEncoder writes them (sorted keys, NaN as a string): stricter than `==`
        // (-0.0 is not 0.0), NaN equals NaN, and a dictionary's order does not count.
        if canonicalText(ours) != canonicalText(theirs) {
            fuzzFailure("\(T.self): decoded \(ours); JSONDecoder: \(theirs)", input: input)
        }
        expectSameEncoding(theirs, input: input)
    case (.failure(let ours), _) where rejectsScalarText(ours, in: input, json5: settings.json5):
        // A documented difference: JSONDecoder checks the text of a string or number only when it
        // decodes it, so it reads past bad text the model does not ask for, and reports what else
        // is wrong first. (Read, both refuse it: `dataCorrupted`, no path.)
        return
    case (.failure(let ours), .success) where refusesFractionDroppedByFoundation(ours):
        // A documented difference: JSONDecoder reads an integer of 2^53 or more written with a
        // fraction as a Decimal and drops the fraction.
        return
    case (.failure(let ours), .failure(let theirs)):
        guard let ours = ours as? DecodingError, let theirs = theirs as? DecodingError else {
            fuzzFailure("\(T.self): threw \(ours); JSONDecoder threw \(theirs)", input: input)
        }
        if !sameFailure(ours, theirs, dictionaries: dictionaries) {
            fuzzFailure("\(T.self): threw \(ours); JSONDecoder threw \(theirs)", input: input)
        }
    case (.success, .failure) where foundationMayFail:
        return
    case (.success(let value), .failure(let error)):
        fuzzFailure("\(T.self): decoded \(value); JSONDecoder threw \(error)", input: input)
    case (.failure(let error), .success(let value)):
        fuzzFailure("\(T.self): threw \(error); JSONDecoder decoded \(value)", input: input)
    }
}

/// `value` as `JSONEncoder` writes it with sorted keys and non-finite numbers as strings.
private func canonicalText<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    do {
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
        return "\(error)"
    }
}

/// Encodes `value` with `BridgeEncoder` set to `JSONEncoder`'s defaults and with `JSONEncoder()`,
/// both with sorted keys: the same bytes, or an `EncodingError` from both.
private func expectSameEncoding<T: Encodable>(_ value: T, input: Data) {
    var bridge = BridgeEncoder()
    bridge.outputFormatting = [.sortedKeys]
    bridge.dateEncodingStrategy = .deferredToDate
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys]
    switch (Result { try bridge.encode(value) }, Result { try foundation.encode(value) }) {
    case (.success(let ours), .success(let theirs)):
        if ours != theirs {
            fuzzFailure("\(T.self) encodes as \(String(decoding: ours, as: UTF8.self)); JSONEncoder: \(String(decoding: theirs, as: UTF8.self))", input: input)
        }
    case (.failure(let ours), .failure(let theirs)):
        if !(ours is EncodingError) || !(theirs is EncodingError) {
            fuzzFailure("\(T.self): encoding threw \(ours); JSONEncoder threw \(theirs)", input: input)
        }
    case (.success(let ours), .failure(let error)):
        fuzzFailure("\(T.self) encodes as \(String(decoding: ours, as: UTF8.self)); JSONEncoder threw \(error)", input: input)
    case (.failure(let error), .success(let theirs)):
        fuzzFailure("\(T.self): encoding threw \(error); JSONEncoder wrote \(String(decoding: theirs, as: UTF8.self))", input: input)
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
/// surrogate, invalid UTF-8, a raw control character: an error whose byte is inside a string) or
/// of a number. JSONDecoder's scanner takes any run of `0-9 + - . e E` that starts with a digit or
/// `-` as one number, checked only when decoded: so `01`, `1.`, `1-2` or `1e5+3` is a number to
/// it, and an error at such a run counts. Under JSON5 the run also takes letters (hexadecimal,
/// `Infinity`, `NaN`) and may start with `+`, `.`, `I` or `N`.
private func rejectsScalarText(_ error: any Error, in input: Data, json5: Bool) -> Bool {
    guard case .dataCorrupted(let context)? = error as? DecodingError, let parse = context.underlyingError as? JSONParseError else {
        return false
    }
    let reason = parse.reason
    if reason.hasPrefix("unexpected end of input") { return false }
    // UTF-16 or UTF-32 text (a NUL or a byte order mark in the first four bytes): the error's
    // offset is in its UTF-8 transcoding, so any parse error may be about such text. (Values and
    // other errors are still compared.)
    let head = [UInt8](input.prefix(4))
    if head.contains(0) || head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return true }
    let bytes = [UInt8](input)
    if isInsideString(bytes, at: parse.offset) { return true }
    // The number run at the error's byte, or just before it.
    func isDigit(_ byte: UInt8) -> Bool { (0x30 ... 0x39).contains(byte) }
    func isLetter(_ byte: UInt8) -> Bool { (0x61 ... 0x7A).contains(byte | 0x20) }
    func inRun(_ byte: UInt8) -> Bool { isDigit(byte) || "+-.eE".utf8.contains(byte) || json5 && isLetter(byte) }
    var position = min(parse.offset, bytes.count) - 1
    if parse.offset < bytes.count, inRun(bytes[parse.offset]) { position = parse.offset }
    guard position >= 0, inRun(bytes[position]) else { return false }
    while position > 0, inRun(bytes[position - 1]) { position -= 1 }
    let first = bytes[position]
    return isDigit(first) || first == UInt8(ascii: "-") || json5 && "+.IN".utf8.contains(first)
}

/// Whether byte `offset` of `bytes` is inside a string literal (double or single quotes, after
/// JSON5 comments are skipped).
private func isInsideString(_ bytes: [UInt8], at offset: Int) -> Bool {
    var quote: UInt8?
    var i = 0
    while i < min(offset, bytes.count) {
        let byte = bytes[i]
        if let open = quote {
            if byte == UInt8(ascii: "\\") {
                i += 1
            } else if byte == open {
                quote = nil
            }
        } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            quote = byte
        } else if byte == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
            while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
        } else if byte == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
            i += 2
            while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
            i += 1
        }
        i += 1
    }
    return quote != nil
}

/// Whether some object of `input` repeats a key.
private func hasRepeatedKeys(_ input: Data, _ settings: ParitySettings) -> Bool {
    var decoder = settings.bridge
    decoder.duplicateKeyStrategy = .throw
    do {
        _ = try decoder.decode(JSONValue.self, from: input)
        return false
    } catch let DecodingError.dataCorrupted(context) {
        return (context.underlyingError as? JSONParseError)?.duplicateKey != nil
    } catch {
        return false
    }
}

/// Whether `error` refuses a number of magnitude 2^53 or more written with a fraction or an
/// exponent for an integer ("Parsed JSON number <…> does not fit in …").
private func refusesFractionDroppedByFoundation(_ error: any Error) -> Bool {
    guard case .dataCorrupted(let context)? = error as? DecodingError else { return false }
    let text = context.debugDescription
    guard let open = text.range(of: "Parsed JSON number <"), let close = text.range(of: "> does not fit in", range: open.upperBound ..< text.endIndex)
    else { return false }
    let number = text[open.upperBound ..< close.lowerBound]
    guard number.contains(where: { ".eE".contains($0) }), let value = Double(number) else { return false }
    return value.magnitude >= 9_007_199_254_740_992
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
