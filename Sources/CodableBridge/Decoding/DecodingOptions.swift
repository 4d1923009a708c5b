import Foundation

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
