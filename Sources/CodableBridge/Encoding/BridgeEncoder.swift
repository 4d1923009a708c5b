import Foundation

/// Encodes `Encodable` values to JSON, applying YYModel-style mapping tables in reverse.
///
/// Output matches Foundation's `JSONEncoder` for standard types — the same number text, string
/// escaping, pretty-printed layout and sorted-key order — except where an option says otherwise:
/// dates default to ISO 8601 (with the fraction of a second when a date has one), `nil`
/// optionals are omitted (`.omit`), and object keys follow the order in which they were encoded
/// (`JSONEncoder` on Linux writes them in hash order).
///
/// For a ``MappableCodable`` model the tables apply in reverse: a custom key is written instead of
/// the property name, a key path (`"ext.desc"`) becomes nested objects shared with the model's
/// other paths, alternates write their first key, ignored properties (and those outside
/// `onlyProperties`) are left out, and ``MappableCodable/didEncode(into:)`` edits the finished
/// object. A key already written is never overwritten: the first property mapped to it wins (a
/// `null` written for a nil optional under `nilEncodingStrategy = .null` yields to a later value).
///
/// ```swift
/// var encoder = BridgeEncoder()
/// encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
/// let data = try encoder.encode(book)   // mapped keys, key paths as nested objects
/// ```
///
/// `BridgeEncoder` is a value type; configure a copy per use or share one across threads.
public struct BridgeEncoder: Sendable {
    /// Layout of the JSON text. Defaults to `[]` (compact, encoding order, `/` escaped as `\/`).
    public var outputFormatting: OutputFormatting = []
    /// How coding keys become JSON keys for properties without a mapping entry.
    /// Defaults to `.useDefaultKeys`. Keys of `[String: V]` dictionaries are never converted (as
    /// `JSONEncoder`).
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// How dates are written. Defaults to `.iso8601` (UTC, `2024-05-01T12:00:00Z`, and
    /// `2024-05-01T12:00:00.25Z` for a date with a fraction of a second): every date it writes,
    /// the default `BridgeDecoder` reads back as the identical `Date`.
    public var dateEncodingStrategy: DateEncodingStrategy = .iso8601
    /// How `Data` is written. Defaults to `.base64`.
    public var dataEncodingStrategy: DataEncodingStrategy = .base64
    /// How `nil` optionals are written. Defaults to `.omit`.
    public var nilEncodingStrategy: NilEncodingStrategy = .omit
    /// How NaN and infinity are written. Defaults to `.throw`.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
    /// The deepest nesting of arrays and objects written; a deeper value — a cyclic object graph
    /// (`a.next = b; b.next = a`) included — throws `EncodingError.invalidValue` at the coding
    /// path where the limit was passed, instead of overflowing the stack. Each model, array,
    /// dictionary and custom `encode(to:)` counts one level (optionals do not; a `JSONValue`
    /// counts its own arrays and objects), so `maxDepth` levels encode and one more throws.
    /// Defaults to `512`, the decoder's limit.
    ///
    /// ```swift
    /// var encoder = BridgeEncoder()
    /// encoder.maxDepth = 64   // fail fast on runaway recursion
    /// ```
    public var maxDepth: Int = 512
    /// Values your `encode(to:)` implementations can read from `encoder.userInfo`. Defaults to empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Whether `ignoredOnEncode` properties are written anyway: set by `update(_:from:)`, whose
    /// fallback tree must hold every property the document may leave out.
    var writesPropertiesIgnoredOnEncode = false

    /// Creates an encoder with the default options.
    public init() {}

    /// Encodes `value` as UTF-8 JSON.
    ///
    /// Top-level scalars are allowed: `encode(42)` is `42`, `encode("a")` is `"a"`.
    ///
    /// ```swift
    /// let data = try BridgeEncoder().encode(Book(name: "SICP", desc: "wizards", bookID: 7))
    /// // {"n":"SICP","ext":{"desc":"wizards"},"id":7,"pages":0}
    /// ```
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The JSON text as UTF-8 bytes.
    /// - Throws: `EncodingError.invalidValue` with the coding path (a non-finite float under
    ///   `.throw`, a top-level value that encodes nothing, a `didEncode` hook that threw, an
    ///   invalid mapping table, a value nested deeper than ``maxDepth``), or any error thrown by
    ///   an `encode(to:)`.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try encodeToWriter(value).takeData()
    }

    /// Encodes `value` as JSON text.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The JSON text.
    /// - Throws: As ``encode(_:)``.
    public func encodeToString<T: Encodable>(_ value: T) throws -> String {
        let writer = try encodeToWriter(value)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Encodes `value` as a JSON tree, with the number text and key order ``encode(_:)`` would
    /// write.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The document as a ``JSONValue``.
    /// - Throws: As ``encode(_:)``.
    public func encodeToJSONValue<T: Encodable>(_ value: T) throws -> JSONValue {
        try EncoderImpl.encodeTree(value, options: self).jsonValue()
    }

    /// Encodes `value` as Foundation objects (`[String: Any]`, `[Any]`, `NSNumber`, `NSNull`,
    /// `String`), as `JSONSerialization.jsonObject(with:)` would return them.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The document as Foundation objects.
    /// - Throws: As ``encode(_:)``.
    public func encodeToJSONObject<T: Encodable>(_ value: T) throws -> Any {
        try encodeToJSONValue(value).foundationObject
    }

    /// Encodes `value` and writes the text.
    private func encodeToWriter<T: Encodable>(_ value: T) throws -> JSONWriter {
        write(try EncoderImpl.encodeTree(value, options: self))
    }

    /// The text of an encoded tree.
    private func write(_ tree: EncodedTree) -> JSONWriter {
        var writer = JSONWriter(options: outputFormatting, capacity: tree.estimatedByteCount)
        tree.write(into: &writer)
        return writer
    }
}

@available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
extension BridgeEncoder {
    /// Encodes an `EncodableWithConfiguration` value as UTF-8 JSON, handing `configuration` to its
    /// `encode(to:configuration:)`, as `JSONEncoder.encode(_:configuration:)`.
    ///
    /// The value's `encode(to:configuration:)` writes the whole document; the values it encodes
    /// inside follow this encoder's options (strategies, mapping tables).
    ///
    /// ```swift
    /// let data = try BridgeEncoder().encode(score, configuration: Score.Scale.percent)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - configuration: Passed to `value`'s `encode(to:configuration:)`.
    /// - Returns: The JSON text as UTF-8 bytes.
    /// - Throws: As ``encode(_:)``.
    public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
        write(try EncoderImpl.encodeTree(value, configuration: configuration, options: self)).takeData()
    }

    /// Encodes an `EncodableWithConfiguration` value as UTF-8 JSON with the configuration
    /// `provider` supplies (its `encodingConfiguration`), as `JSONEncoder.encode(_:configuration:)`
    /// with an `EncodingConfigurationProviding` type.
    ///
    /// ```swift
    /// let data = try BridgeEncoder().encode(score, configuration: PercentScale.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - provider: The type whose `encodingConfiguration` is passed to `encode(to:configuration:)`.
    /// - Returns: The JSON text as UTF-8 bytes.
    /// - Throws: As ``encode(_:)``.
    public func encode<T, C>(_ value: T, configuration provider: C.Type) throws -> Data
    where T: EncodableWithConfiguration, C: EncodingConfigurationProviding, T.EncodingConfiguration == C.EncodingConfiguration {
        try encode(value, configuration: C.encodingConfiguration)
    }
}

extension BridgeEncoder {
    /// How coding keys become JSON keys. Defaults to `.useDefaultKeys`.
    public struct KeyEncodingStrategy: Sendable {
        enum Base: Sendable {
            case useDefaultKeys
            case convertToSnakeCase
            case custom(@Sendable ([any CodingKey]) -> any CodingKey)
        }
        let base: Base

        /// Each coding key's `stringValue` as is. The default.
        public static let useDefaultKeys = KeyEncodingStrategy(base: .useDefaultKeys)
        /// `firstName` → `first_name`, `myURLProperty` → `my_url_property`: `JSONEncoder`'s
        /// algorithm, step for step.
        public static let convertToSnakeCase = KeyEncodingStrategy(base: .convertToSnakeCase)
        /// Your conversion: given the coding path ending with the key, return the key to write.
        ///
        /// ```swift
        /// encoder.keyEncodingStrategy = .custom { path in MyKey(path.last!.stringValue.uppercased()) }
        /// ```
        ///
        /// - Parameter convert: Called for every key written, with the full coding path.
        public static func custom(_ convert: @escaping @Sendable ([any CodingKey]) -> any CodingKey) -> KeyEncodingStrategy {
            KeyEncodingStrategy(base: .custom(convert))
        }
    }

    /// How dates are written. Defaults to `.iso8601`.
    public struct DateEncodingStrategy: Sendable {
        enum Base: Sendable {
            case deferredToDate
            case secondsSince1970
            case millisecondsSince1970
            case iso8601
            case iso8601WholeSeconds
            case formatted(DateFormatter)
            case custom(@Sendable (Date, any Encoder) throws -> Void)
        }
        let base: Base

        /// `Date`'s own `Encodable` (seconds since 2001), as `JSONEncoder`'s default.
        public static let deferredToDate = DateEncodingStrategy(base: .deferredToDate)
        /// Seconds since 1970-01-01 UTC as a number (`1714564800`, `1714564800.5`), with the
        /// fraction, as `JSONEncoder` writes it. The number is one that the `.secondsSince1970`
        /// decoding strategy (and `JSONDecoder`'s) reads back as the identical `Date` — exactly
        /// for every date read from a number; a `Date` finer than a `Double` of seconds since 1970
        /// resolves (0.24 µs for 2024) is written as the nearest such reading.
        public static let secondsSince1970 = DateEncodingStrategy(base: .secondsSince1970)
        /// Milliseconds since 1970-01-01 UTC as a number (`1714564800500`, `17145648.0123`), with
        /// the fraction, as `JSONEncoder` writes it; read back by the `.millisecondsSince1970`
        /// decoding strategy as `.secondsSince1970` is.
        public static let millisecondsSince1970 = DateEncodingStrategy(base: .millisecondsSince1970)
        /// ISO 8601 in UTC: `2024-05-01T12:00:00Z` for a whole second, exactly as `JSONEncoder`'s
        /// `.iso8601`, and `2024-05-01T12:00:00.25Z` for a date with a fraction of a second. The
        /// default.
        ///
        /// The fraction is the shortest (1 to 9 digits) that the default `BridgeDecoder`
        /// (`.flexible`) reads back as the identical `Date`, so decode → encode → decode keeps
        /// every date. (Within 97 days of 2001-01-01, where a `Date` resolves less than a
        /// nanosecond, a finer part is rounded to the nanosecond.) Years beyond 9999 and before 1
        /// are written with five digits or a sign (`10000-01-01T00:00:00Z`,
        /// `-0001-12-31T00:00:00Z`), which `.flexible` reads too; dates beyond the years
        /// -99999…99999 throw `EncodingError.invalidValue`.
        ///
        /// This differs from `JSONEncoder`'s `.iso8601` only for dates with a fraction, which
        /// `JSONEncoder` drops. Use ``iso8601WholeSeconds`` for its text exactly, when the reader is
        /// `JSONDecoder`'s `.iso8601` (which rejects a fraction) or another ISO 8601 reader
        /// without fractions.
        ///
        /// ```swift
        /// try BridgeEncoder().encode([Date(timeIntervalSince1970: 1_714_564_800.25)])
        /// // ["2024-05-01T12:00:00.25Z"]
        /// ```
        public static let iso8601 = DateEncodingStrategy(base: .iso8601)
        /// `JSONEncoder`'s `.iso8601` text exactly: `2024-05-01T12:00:00Z`, in UTC, the fraction of
        /// a second dropped (rounding toward the past, so `-0.5` s is `23:59:59` of the day before).
        ///
        /// ```swift
        /// var encoder = BridgeEncoder()
        /// encoder.dateEncodingStrategy = .iso8601WholeSeconds
        /// try encoder.encode([Date(timeIntervalSince1970: 1_714_564_800.25)])   // ["2024-05-01T12:00:00Z"]
        /// ```
        public static let iso8601WholeSeconds = DateEncodingStrategy(base: .iso8601WholeSeconds)
        /// The string `formatter` makes of the date.
        ///
        /// - Parameter formatter: Used as is; set its locale and time zone.
        public static func formatted(_ formatter: DateFormatter) -> DateEncodingStrategy {
            DateEncodingStrategy(base: .formatted(formatter))
        }
        /// Your encoding: `write` encodes the date through the encoder it is given. Writing
        /// nothing leaves `{}`, as `JSONEncoder`.
        ///
        /// - Parameter write: Called for every date, with an encoder at the date's position.
        public static func custom(_ write: @escaping @Sendable (Date, any Encoder) throws -> Void) -> DateEncodingStrategy {
            DateEncodingStrategy(base: .custom(write))
        }
    }

    /// How `Data` is written. Defaults to `.base64`.
    public struct DataEncodingStrategy: Sendable {
        enum Base: Sendable {
            case base64
            case deferredToData
            case custom(@Sendable (Data, any Encoder) throws -> Void)
        }
        let base: Base

        /// A Base64 string (`"AQID+g=="`). The default.
        public static let base64 = DataEncodingStrategy(base: .base64)
        /// `Data`'s own `Encodable` (an array of bytes).
        public static let deferredToData = DataEncodingStrategy(base: .deferredToData)
        /// Your encoding: `write` encodes the data through the encoder it is given. Writing
        /// nothing leaves `{}`, as `JSONEncoder`.
        ///
        /// - Parameter write: Called for every `Data`, with an encoder at its position.
        public static func custom(_ write: @escaping @Sendable (Data, any Encoder) throws -> Void) -> DataEncodingStrategy {
            DataEncodingStrategy(base: .custom(write))
        }
    }

    /// How `nil` optionals are written. Defaults to `.omit`.
    public struct NilEncodingStrategy: Sendable, Hashable {
        enum Base: Sendable, Hashable { case omit, null }
        let base: Base

        /// The key is left out (as `JSONEncoder` with synthesized `Encodable`).
        public static let omit = NilEncodingStrategy(base: .omit)
        /// The key is written with `null`.
        public static let null = NilEncodingStrategy(base: .null)
    }

    /// How NaN and infinity are written. Defaults to `.throw`.
    public struct NonConformingFloatEncodingStrategy: Sendable, Hashable {
        enum Base: Sendable, Hashable {
            case `throw`
            case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
        }
        let base: Base

        /// `EncodingError.invalidValue` with the value's coding path. The default.
        public static let `throw` = NonConformingFloatEncodingStrategy(base: .throw)
        /// Writes NaN and the infinities as the given strings (`"NaN"`, `"+Infinity"` …).
        ///
        /// - Parameters:
        ///   - positiveInfinity: The string for `+infinity`.
        ///   - negativeInfinity: The string for `-infinity`.
        ///   - nan: The string for NaN (also used for a NaN `Decimal`).
        public static func convertToString(positiveInfinity: String, negativeInfinity: String, nan: String) -> NonConformingFloatEncodingStrategy {
            NonConformingFloatEncodingStrategy(base: .convertToString(positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan))
        }
    }
}

/// ``BridgeEncoder/KeyEncodingStrategy``, for short.
public typealias KeyEncodingStrategy = BridgeEncoder.KeyEncodingStrategy
/// ``BridgeEncoder/DateEncodingStrategy``, for short.
public typealias DateEncodingStrategy = BridgeEncoder.DateEncodingStrategy
/// ``BridgeEncoder/DataEncodingStrategy``, for short.
public typealias DataEncodingStrategy = BridgeEncoder.DataEncodingStrategy
/// ``BridgeEncoder/NilEncodingStrategy``, for short.
public typealias NilEncodingStrategy = BridgeEncoder.NilEncodingStrategy
