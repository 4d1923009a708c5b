import Foundation

@_exported import CodableBridgeCoercion

/// Decodes `Decodable` types from JSON, with YYModel-style mapping tables, lenient coercion of
/// mismatched types and a report of everything that was converted, defaulted or dropped.
///
/// ```swift
/// var decoder = BridgeDecoder()
/// decoder.coercion = .lenient            // "123" → 123, 1 → true, …
/// let books = try decoder.decode([Book].self, from: data)
///
/// var report = DecodingReport()
/// let user = try decoder.decode(User.self, from: data, report: &report)
/// print(report)                          // every coercion, default and dropped element
/// ```
///
/// ``foundationCompatible`` decodes exactly as Foundation's `JSONDecoder()` with its defaults,
/// with the same errors and coding paths — only faster.
public struct BridgeDecoder: Sendable {
    /// Which mismatched scalars are converted. Defaults to `.lenient`.
    public var coercion: CoercionPolicy = .lenient
    /// What a missing, null or unconvertible non-optional value becomes. Defaults to `.useDefault`.
    public var missingValueStrategy: MissingValueStrategy = .useDefault
    /// Which alternate key supplies a value. Defaults to `.firstNonNull`.
    public var alternateKeyRule: AlternateKeyRule = .firstNonNull
    /// How JSON keys match unmapped properties. Defaults to `.useDefaultKeys`.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// How dates are read. Defaults to `.flexible`.
    public var dateDecodingStrategy: DateDecodingStrategy = .flexible
    /// How `Data` is read. Defaults to `.base64`.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64
    /// How NaN and infinity are read. Defaults to `.throw`.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
    /// What happens to object members no model reads (keys neither an `init(from:)` asks for nor a
    /// mapping table names). Defaults to `.ignore`.
    public var unknownKeyStrategy: UnknownKeyStrategy = .ignore
    /// The deepest nesting accepted; deeper input is a `dataCorrupted` error, never a crash.
    /// Defaults to 512.
    public var maxDepth: Int = JSONTape.defaultMaxDepth
    /// Values your `init(from:)` implementations can read from `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Reads JSON5 as well as JSON, as `JSONDecoder.allowsJSON5` does: comments (`//`, `/* */`),
    /// unquoted keys, single-quoted strings, the escapes `\'` and `\xXX` and line continuations,
    /// hexadecimal numbers, a leading `+`, a leading or trailing decimal point, `Infinity`,
    /// `-Infinity` and `NaN` (a `Double` or `Float` gets the IEEE value, a `Decimal` NaN, an integer
    /// an error), trailing commas, and vertical tab and form feed as whitespace. Defaults to
    /// `false`.
    ///
    /// ```swift
    /// var decoder = BridgeDecoder.foundationCompatible
    /// decoder.allowsJSON5 = true
    /// let settings = try decoder.decode(Settings.self, from: "{retries: 3, /* seconds */ timeout: .5,}")
    /// ```
    ///
    /// Malformed JSON5 is `DecodingError.dataCorrupted` with the line and column of the problem.
    /// Docs/JSONConformance.md ("JSON5") lists the rules and the few inputs JSONDecoder treats
    /// differently. JSON Lines (`decodeJSONLines`) and `JSONValue(parsing:)` read RFC 8259 only.
    public var allowsJSON5: Bool = false
    /// Reads a document that does not start with `{` as the members of an object without its
    /// braces (`"id": 7, "name": "Ada"`; an empty document is `{}`), as
    /// `JSONDecoder.assumesTopLevelDictionary` does. It works with and without ``allowsJSON5``.
    /// Defaults to `false`.
    ///
    /// ```swift
    /// var decoder = BridgeDecoder.foundationCompatible
    /// decoder.assumesTopLevelDictionary = true
    /// let user = try decoder.decode(User.self, from: #""id": 7, "name": "Ada""#)
    /// ```
    public var assumesTopLevelDictionary: Bool = false
    /// Accepts a comma before a closing bracket (`[1, 2,]`, `{"a": 1,}`), as `JSONDecoder` does.
    /// `[,]`, `[1,,]` and a comma after the root value stay errors. Defaults to `false` (RFC 8259);
    /// ``foundationCompatible`` sets it. JSON5 (``allowsJSON5``) always accepts trailing commas.
    public var allowsTrailingCommas: Bool = false
    /// What an object that repeats a key (`{"id": 1, "id": 2}`) decodes as: the first occurrence
    /// (`.useFirst`, the default, as `JSONDecoder` on Linux), the last (`.useLast`), or an error
    /// naming the key and the line and column of both occurrences (`.throw`). It applies to
    /// models, dictionaries, `JSONValue` trees and `update` alike.
    ///
    /// ```swift
    /// var decoder = BridgeDecoder.foundationCompatible
    /// decoder.duplicateKeyStrategy = .throw
    /// // {"id": 1, "id": 2} → dataCorrupted: duplicate key "id", which first occurs at line 1, column 2
    /// ```
    public var duplicateKeyStrategy: DuplicateKeyStrategy = .useFirst
    /// Bounds on the document's size, its strings, numbers and objects, checked while parsing,
    /// before any value is made (``DecodingLimits``). Defaults to none beyond ``maxDepth``.
    ///
    /// ```swift
    /// var decoder = BridgeDecoder.foundationCompatible
    /// decoder.limits = DecodingLimits(maxDocumentBytes: 1 << 20, maxStringBytes: 64 << 10)
    /// ```
    public var limits: DecodingLimits = .none
    /// Counts every repair of every decode that uses this decoder, from any thread, with no input
    /// values — safe to export from production (see ``DecodingTelemetry``).
    ///
    /// ```swift
    /// let telemetry = DecodingTelemetry()
    /// var decoder = BridgeDecoder()
    /// decoder.telemetry = telemetry   // copies of the decoder share it
    /// ```
    ///
    /// A document with nothing to repair costs nothing extra. Defaults to `nil` (nothing counted).
    public var telemetry: DecodingTelemetry?
    /// How many threads a decode may use for a top-level array, the array at
    /// `decode(_:from:at:)`'s key path, or JSON Lines (see ``DecodingParallelism``). Defaults to `.none`, the calling thread only.
    ///
    /// ```swift
    /// var decoder = BridgeDecoder()
    /// decoder.parallelism = .automatic   // up to the available cores, for large inputs
    /// let statuses = try decoder.decode([Status].self, from: data)
    /// ```
    public var parallelism: DecodingParallelism = .none

    /// Creates a decoder with the default options.
    public init() {}

    /// A decoder that decodes exactly as Foundation's `JSONDecoder()` with its default options:
    /// the same values, the same errors and the same coding paths.
    ///
    /// It is `BridgeDecoder()` with every option set to what `JSONDecoder` does: `coercion =
    /// .strict` (no conversions), `missingValueStrategy = .throw` (a missing key is
    /// `keyNotFound`), `dateDecodingStrategy = .deferredToDate` (a number of seconds since
    /// 2001-01-01), `dataDecodingStrategy = .base64`, `nonConformingFloatDecodingStrategy =
    /// .throw`, `keyDecodingStrategy = .useDefaultKeys`, `allowsTrailingCommas = true` (`[1,]`
    /// reads as `[1]`). Mapping tables and hooks still apply to `MappableCodable` models.
    /// What differs from `JSONDecoder`, each on purpose (inputs where Foundation traps or refuses
    /// an exact value, such as `1e20` for an `Int128`), is listed in Docs/FoundationParity.md.
    ///
    /// ```swift
    /// let user = try BridgeDecoder.foundationCompatible.decode(User.self, from: data)
    /// // same result (or the same DecodingError) as try JSONDecoder().decode(User.self, from: data)
    /// ```
    public static var foundationCompatible: BridgeDecoder {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        decoder.missingValueStrategy = .throw
        decoder.dateDecodingStrategy = .deferredToDate
        decoder.dataDecodingStrategy = .base64
        decoder.nonConformingFloatDecodingStrategy = .throw
        decoder.keyDecodingStrategy = .useDefaultKeys
        decoder.allowsTrailingCommas = true
        return decoder
    }

    // MARK: Internals

    /// What an entry point was given.
    enum Input {
        case data(Data)
        case string(String)
        case substring(Substring)
        /// Borrowed.
        case byteArray([UInt8])
        /// Bytes in storage of their own (an array slice, a contiguous array): borrowed.
        case ownedBytes(any ContiguousBytes)
        /// Bytes only lent for the call (raw buffers, other `ContiguousBytes`): copied.
        case copiedBytes(any ContiguousBytes)
        case tree(JSONValue)
        case foundation(Any)
        /// Already parsed (a JSON Lines line).
        case tape(JSONTape)
    }

    /// The one decoding path every entry point takes (`update` passes its fallback).
    func run<T: Decodable>(_ type: T.Type, _ input: Input, at keyPath: String?, report: ReportCollector?,
                           update: UpdateFallback? = nil) throws -> T
    {
        try counting(type, report: report) { report in
            if parallelism != .none, update == nil, ObjectIdentifier(type) == ObjectIdentifier(T.self) {
                return try _slowPathParallel(type, input, at: keyPath, report: report)
            }
            return try DecoderImpl.decode(type, tape: tape(input), options: self, report: report, keyPath: keyPath, update: update)
        }
    }

    /// ``run(_:_:at:report:update:)`` for a decoder with ``parallelism``: in parts when the
    /// input is worth it, else as one. Apart, so that the common path has no `T?` (whose
    /// metadata is a runtime lookup on every decode).
    @inline(never)
    private func _slowPathParallel<T: Decodable>(_ type: T.Type, _ input: Input, at keyPath: String?, report: ReportCollector?) throws -> T {
        if let value = try decodeInParts(type, input, at: keyPath, report: report) { return value }
        return try DecoderImpl.decode(type, tape: tape(input), options: self, report: report, keyPath: keyPath)
    }

    /// The decoding path of the `configuration:` entry points (BridgeDecoder+EntryPoints.swift).
    @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
    func run<T: DecodableWithConfiguration>(_ type: T.Type, configuration: T.DecodingConfiguration, _ input: Input,
                                            report: ReportCollector?) throws -> T
    {
        try counting(type, report: report) { report in
            try DecoderImpl.decode(type, configuration: configuration, tape: tape(input), options: self, report: report)
        }
    }

    /// Runs `body` with the collector a decode records into: `report`, or — when there is none and
    /// the decoder has a ``telemetry`` — one without details; the telemetry counts its events when
    /// `body` ends (returning or throwing). The only cost for a decoder without telemetry is the
    /// one nil check.
    @inline(__always)
    func counting<T, R>(_ root: T.Type, report: ReportCollector?, _ body: (ReportCollector?) throws -> R) rethrows -> R {
        guard let telemetry else { return try body(report) }
        let collector = report ?? ReportCollector(keepsDetails: false)
        defer { telemetry.add(collector, root: root) }
        return try body(collector)
    }

    /// Runs `body` with a collector whose events are appended to `report`, even when it throws.
    static func reporting<R>(into report: inout DecodingReport, _ body: (ReportCollector) throws -> R) rethrows -> R {
        let collector = ReportCollector()
        defer { report.append(collector) }
        return try body(collector)
    }

    func tape(_ input: Input) throws -> JSONTape {
        switch input {
        case .data(let data): return try parse(data)
        case .string(let json): return try parse(json)
        case .substring(let json): return try parse(json)
        case .byteArray(let bytes): return try bytes.withUnsafeBytes { try parse(bytes: $0, borrowingFrom: bytes) }
        case .ownedBytes(let bytes): return try parse(contiguous: bytes, borrowing: true)
        case .copiedBytes(let bytes): return try parse(contiguous: bytes, borrowing: false)
        case .tree(let value): return try treeTape(value)
        case .foundation(let object): return try treeTape(JSONValue(foundationObject: object, maxDepth: maxDepth))
        case .tape(let tape): return tape
        }
    }

    /// The tape of a tree, which must nest no deeper than ``maxDepth`` (as parsed text must not).
    private func treeTape(_ value: JSONValue) throws -> JSONTape {
        do {
            return try JSONTape(value: value, maxDepth: maxDepth)
        } catch {
            throw DecodingMessages.nestingTooDeep(maxDepth: error.maxDepth)
        }
    }

    /// Parses `data`, whose storage the tape borrows (see JSONTape.swift).
    func parse(_ data: Data) throws -> JSONTape {
        try data.withUnsafeBytes { try parse(bytes: $0, borrowingFrom: data) }
    }

    /// Parses a string's UTF-8, borrowing its storage when it is contiguous.
    func parse(_ json: String) throws -> JSONTape {
        if allowsJSON5 || assumesTopLevelDictionary { return try parseExtended(json) }
        return try parseStrict({ try JSONTape(parsing: json, maxDepth: maxDepth, rules: parseRules) }, else: { try parseExtended(json) })
    }

    /// Parses a substring's UTF-8, borrowing its base string's storage when it is contiguous.
    func parse(_ json: Substring) throws -> JSONTape {
        let borrowed = try json.utf8.withContiguousStorageIfAvailable { utf8 in
            try parseUTF8(UnsafeRawBufferPointer(utf8), borrowingFrom: json)
        }
        return try borrowed ?? parse(String(json))
    }

    /// Parses raw bytes. The tape borrows the storage of `owner` (into which `bytes` must point),
    /// or copies the bytes when there is no owner.
    func parse(bytes: UnsafeRawBufferPointer, borrowingFrom owner: Any? = nil) throws -> JSONTape {
        // UTF-16 and UTF-32 text becomes UTF-8 first (JSONDecoder accepts it); UTF-8 is parsed as is.
        let transcoded: [UInt8]?
        do {
            try parseRules.checkDocumentLength(of: bytes, firstLine: 1)
            transcoded = try JSONTextEncoding.transcodedToUTF8(bytes)
        } catch {
            throw DecodingMessages.invalidJSON(error)
        }
        if let utf8 = transcoded {
            return try utf8.withUnsafeBytes { try parseUTF8($0, borrowingFrom: utf8) }
        }
        return try parseUTF8(bytes, borrowingFrom: owner)
    }

    /// Parses UTF-8 text with the reader the options ask for: the strict RFC 8259 parser, or
    /// (JSON5, an object without braces) the extended reader.
    private func parseUTF8(_ bytes: UnsafeRawBufferPointer, borrowingFrom owner: Any?) throws -> JSONTape {
        if allowsJSON5 || assumesTopLevelDictionary {
            return try reportingMalformedJSON { try JSONTape(parsing: bytes, extensions: textExtensions, maxDepth: maxDepth, rules: parseRules) }
        }
        return try parseStrict({ try JSONTape(parsing: bytes, borrowingFrom: owner, maxDepth: maxDepth, rules: parseRules) },
                               else: { try JSONTape(parsing: bytes, extensions: textExtensions, maxDepth: maxDepth, rules: parseRules) })
    }

    /// Parses a string with the extended reader.
    private func parseExtended(_ json: String) throws -> JSONTape {
        var json = json
        return try json.withUTF8 { utf8 in
            try reportingMalformedJSON { try JSONTape(parsing: UnsafeRawBufferPointer(utf8), extensions: textExtensions, maxDepth: maxDepth, rules: parseRules) }
        }
    }

    /// What the parser refuses under these options beyond the grammar and ``maxDepth``.
    var parseRules: ParseRules {
        ParseRules(limits: limits, duplicateKeys: duplicateKeyStrategy)
    }

    /// What the extended reader accepts under these options.
    var textExtensions: JSONTextExtensions {
        JSONTextExtensions(json5: allowsJSON5, topLevelDictionary: assumesTopLevelDictionary, trailingCommas: allowsTrailingCommas)
    }

    /// Runs the strict parse. When it fails at a trailing comma and ``allowsTrailingCommas`` is
    /// set, the text is read again by the extended reader, which accepts them (failures are the
    /// slow path: the strict parser has no branch for trailing commas). Malformed JSON becomes
    /// `DecodingError.dataCorrupted` with line and column.
    private func parseStrict(_ parse: () throws -> JSONTape, else extended: () throws -> JSONTape) throws -> JSONTape {
        do {
            return try parse()
        } catch let error as JSONParseError {
            guard allowsTrailingCommas, error.reason.hasPrefix(JSONParseError.trailingCommaReason) else {
                throw DecodingMessages.invalidJSON(error)
            }
            return try reportingMalformedJSON(extended)
        }
    }

    /// Runs a parse; malformed JSON becomes `DecodingError.dataCorrupted` with line and column.
    private func reportingMalformedJSON(_ parse: () throws -> JSONTape) throws -> JSONTape {
        do {
            return try parse()
        } catch let error as JSONParseError {
            throw DecodingMessages.invalidJSON(error)
        }
    }

    /// Parses contiguous bytes, borrowing their storage (which `bytes` must own) or copying them.
    private func parse<Bytes: ContiguousBytes>(contiguous bytes: Bytes, borrowing: Bool) throws -> JSONTape {
        try bytes.withUnsafeBytes { try parse(bytes: $0, borrowingFrom: borrowing ? bytes : nil) }
    }
}

extension BridgeDecoder {
    /// What happens when a non-optional property's value is missing, null, not convertible, or
    /// rejected by its model's hook.
    ///
    /// Defaults to `.useDefault`.
    public struct MissingValueStrategy: Sendable, Hashable {
        enum Base: Sendable, Hashable { case useDefault, `throw` }
        let base: Base

        /// The property's declared default (for ``DefaultInitializable`` models) or its type's zero
        /// value (`0`, `false`, `""`, `[]`, `[:]`, a model decoded from `{}`); reported as
        /// `.defaulted`. Optional properties become `nil`.
        public static let useDefault = MissingValueStrategy(base: .useDefault)
        /// `keyNotFound` / `valueNotFound` with the coding path, as `JSONDecoder`.
        public static let `throw` = MissingValueStrategy(base: .throw)
    }

    /// Which of several alternate keys (`["id", "ID", "book_id"]`) supplies the value.
    ///
    /// Defaults to `.firstNonNull`.
    public struct AlternateKeyRule: Sendable, Hashable {
        enum Base: Sendable, Hashable { case firstNonNull, firstPresent }
        let base: Base

        /// The first key whose value is present and not null.
        public static let firstNonNull = AlternateKeyRule(base: .firstNonNull)
        /// The first key present, even when its value is null (YYModel's rule).
        public static let firstPresent = AlternateKeyRule(base: .firstPresent)
    }

    /// How JSON object keys are matched to coding keys of properties that have no mapping entry.
    ///
    /// Defaults to `.useDefaultKeys`.
    public struct KeyDecodingStrategy: Sendable {
        enum Base: Sendable {
            case useDefaultKeys
            case convertFromSnakeCase
            case custom(@Sendable ([any CodingKey]) -> any CodingKey)
        }
        let base: Base

        /// Keys are used as written.
        public static let useDefaultKeys = KeyDecodingStrategy(base: .useDefaultKeys)
        /// `first_name` matches the property `firstName`, exactly as `JSONDecoder` converts.
        public static let convertFromSnakeCase = KeyDecodingStrategy(base: .convertFromSnakeCase)
        /// Your function maps each JSON key (given the coding path ending in it) to a coding key.
        public static func custom(_ convert: @escaping @Sendable ([any CodingKey]) -> any CodingKey) -> KeyDecodingStrategy {
            KeyDecodingStrategy(base: .custom(convert))
        }
    }

    /// How `Date` values are read.
    ///
    /// Defaults to `.flexible`.
    public struct DateDecodingStrategy: Sendable {
        enum Base: Sendable {
            case flexible
            case deferredToDate
            case secondsSince1970
            case millisecondsSince1970
            case iso8601
            case formatted(DateFormatter)
            case custom(@Sendable (any Decoder) throws -> Date)
        }
        let base: Base

        /// Date strings in every common format (ISO 8601 with any fraction and zone,
        /// `yyyy-MM-dd HH:mm:ss`, `EEE MMM dd HH:mm:ss Z yyyy`, RFC 1123, …) and numbers as seconds
        /// since 1970, as the coercion policy allows.
        public static let flexible = DateDecodingStrategy(base: .flexible)
        /// `Date`'s own `Decodable` (seconds since 2001), as `JSONDecoder`'s default.
        public static let deferredToDate = DateDecodingStrategy(base: .deferredToDate)
        /// A number of seconds since 1970.
        public static let secondsSince1970 = DateDecodingStrategy(base: .secondsSince1970)
        /// A number of milliseconds since 1970.
        public static let millisecondsSince1970 = DateDecodingStrategy(base: .millisecondsSince1970)
        /// An ISO 8601 string (`2024-05-01T12:00:00Z`, fractions and offsets accepted).
        public static let iso8601 = DateDecodingStrategy(base: .iso8601)
        /// A string read by `formatter`.
        public static func formatted(_ formatter: DateFormatter) -> DateDecodingStrategy {
            DateDecodingStrategy(base: .formatted(formatter))
        }
        /// Your function reads the date from a decoder positioned at the value.
        public static func custom(_ read: @escaping @Sendable (any Decoder) throws -> Date) -> DateDecodingStrategy {
            DateDecodingStrategy(base: .custom(read))
        }
    }

    /// How `Data` values are read.
    ///
    /// Defaults to `.base64`.
    public struct DataDecodingStrategy: Sendable {
        enum Base: Sendable {
            case base64
            case deferredToData
            case custom(@Sendable (any Decoder) throws -> Data)
        }
        let base: Base

        /// A base64 string.
        public static let base64 = DataDecodingStrategy(base: .base64)
        /// `Data`'s own `Decodable` (an array of bytes).
        public static let deferredToData = DataDecodingStrategy(base: .deferredToData)
        /// Your function reads the data from a decoder positioned at the value.
        public static func custom(_ read: @escaping @Sendable (any Decoder) throws -> Data) -> DataDecodingStrategy {
            DataDecodingStrategy(base: .custom(read))
        }
    }

    /// How the non-JSON floats NaN and ±infinity are read.
    ///
    /// Defaults to `.throw`.
    public struct NonConformingFloatDecodingStrategy: Sendable, Hashable {
        enum Base: Sendable, Hashable {
            case `throw`
            case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
        }
        let base: Base

        /// NaN and infinity cannot be decoded.
        public static let `throw` = NonConformingFloatDecodingStrategy(base: .throw)
        /// These strings stand for the non-conforming values.
        public static func convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String) -> NonConformingFloatDecodingStrategy {
            NonConformingFloatDecodingStrategy(base: .convertFromString(positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan))
        }
    }
}

/// ``BridgeDecoder/MissingValueStrategy``, for short.
public typealias MissingValueStrategy = BridgeDecoder.MissingValueStrategy
/// ``BridgeDecoder/AlternateKeyRule``, for short.
public typealias AlternateKeyRule = BridgeDecoder.AlternateKeyRule
/// ``BridgeDecoder/KeyDecodingStrategy``, for short.
public typealias KeyDecodingStrategy = BridgeDecoder.KeyDecodingStrategy
/// ``BridgeDecoder/DateDecodingStrategy``, for short.
public typealias DateDecodingStrategy = BridgeDecoder.DateDecodingStrategy
/// ``BridgeDecoder/DataDecodingStrategy``, for short.
public typealias DataDecodingStrategy = BridgeDecoder.DataDecodingStrategy
