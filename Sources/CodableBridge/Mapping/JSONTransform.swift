import Foundation

/// A per-property conversion between a JSON value and a property's value, both directions.
///
/// Listed in a model's ``MappableCodable/valueTransforms`` by property name; it replaces the usual
/// decoding and encoding of that property:
///
/// ```swift
/// struct Event: MappableCodable {
///     var day: Date          // "2024-05-01"
///     var updated: Date      // 1714564800123 (epoch milliseconds)
///     var color: Int         // "#ff8800"
///     static var valueTransforms: [String: JSONTransform] {
///         ["day": .dateFormat("yyyy-MM-dd"),
///          "updated": .millisecondsSince1970,
///          "color": .custom(Int.self,
///                           decode: { json in
///                               guard case .string(let s) = json, s.first == "#", let v = Int(s.dropFirst(), radix: 16)
///                               else { throw JSONTransformError(message: "not a #rrggbb colour") }
///                               return v
///                           },
///                           encode: { .string("#" + String($0, radix: 16)) })]
///     }
/// }
/// ```
///
/// The transform's value type must be the property's type (`Date` for `var day: Date` and for
/// `var day: Date?`); otherwise the table is invalid. A transform that throws while decoding is a
/// not-converted value: the coercion policy, the missing-value strategy and the report apply, as
/// for any value that could not be converted. A missing key or a `null` for an optional property
/// does not reach the transform.
public struct JSONTransform: @unchecked Sendable {  // immutable; metatypes are safe to share
    /// The property type the transform produces and consumes.
    let valueType: Any.Type
    /// The transform's name for messages (`dateFormat("yyyy-MM-dd")`).
    let name: String
    /// Why the transform itself is invalid (an unsupported date pattern), reported as a table error.
    let problem: String?
    let decodeValue: @Sendable (JSONValue) throws -> Any
    /// `nil` when the value is not of `valueType`.
    let encodeValue: @Sendable (Any) throws -> JSONValue?

    /// A transform written as two functions.
    ///
    /// - Parameters:
    ///   - type: The property's type.
    ///   - decode: Makes the property's value from the JSON value found; throw when it cannot.
    ///   - encode: Makes the JSON value written for the property.
    public static func custom<V>(_ type: V.Type, decode: @escaping @Sendable (JSONValue) throws -> V,
                                 encode: @escaping @Sendable (V) throws -> JSONValue) -> JSONTransform
    {
        JSONTransform(valueType: V.self, name: "custom(\(V.self))", problem: nil, decodeValue: { try decode($0) },
                      encodeValue: { value in
                          guard let typed = value as? V else { return nil }
                          return try encode(typed)
                      })
    }

    /// A `Date` written as text in a fixed pattern, read and written by hand in UTC with the POSIX
    /// calendar (no `DateFormatter`).
    ///
    /// Supported: `yyyy`, `MM`/`M`, `dd`/`d`, `HH`/`H`, `mm`/`m`, `ss`/`s`, `S`…`SSSSSSSSS`
    /// (fraction digits), `Z` (`+hhmm`; `Z` accepted when reading; `+0000` written), `XXX` (`Z` or
    /// `±hh:mm` when reading; `Z` written), text in single quotes (`'T'`) and any character that
    /// is not a letter. Other letters (`EEE`, `a`, `yy`, …) make the table invalid.
    ///
    /// ```swift
    /// ["birthday": .dateFormat("yyyy-MM-dd"), "seen": .dateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSXXX")]
    /// ```
    public static func dateFormat(_ format: String) -> JSONTransform {
        let name = "dateFormat(\"\(format)\")"
        let pattern: DatePattern
        do {
            pattern = try DatePattern(format)
        } catch {
            return JSONTransform(valueType: Date.self, name: name, problem: error.problem, decodeValue: { _ in
                throw JSONTransformError.invalidPattern(format)
            }, encodeValue: { _ in throw JSONTransformError.invalidPattern(format) })
        }
        return JSONTransform(valueType: Date.self, name: name, problem: nil, decodeValue: { json in
            guard case .string(let text) = json else { throw JSONTransformError.expectedString(json) }
            guard let date = pattern.date(from: text) else { throw JSONTransformError.notInPattern(text, pattern: format) }
            return date
        }, encodeValue: { value in
            guard let date = value as? Date else { return nil }
            return .string(pattern.string(from: date))
        })
    }

    /// A `Date` written as a number of milliseconds since 1970 (`1714564800123`, and
    /// `17145648.0123` for a date with a fraction of a millisecond). A string holding such a
    /// number is read too.
    ///
    /// The number written is one this transform reads back as the identical `Date` (see the
    /// `.millisecondsSince1970` date strategy, which reads and writes the same numbers): every
    /// date read from a number round-trips exactly. Encoding a date beyond ±1.8e305 seconds
    /// throws.
    public static var millisecondsSince1970: JSONTransform {
        JSONTransform(valueType: Date.self, name: "millisecondsSince1970", problem: nil, decodeValue: { json in
            if let whole = JSONTransform.integer(json) { return Date(timeIntervalSince1970: Double(whole) / 1000) }
            guard let number = JSONTransform.number(json), number.isFinite else { throw JSONTransformError.expectedNumber(json) }
            return Date(timeIntervalSince1970: number / 1000)
        }, encodeValue: { value in
            guard let date = value as? Date else { return nil }
            return try JSONTransform.epochNumber(EpochNumber.milliseconds(of: date), date: date)
        })
    }

    /// A `Date` written as a number of seconds since 1970 (`1714564800`, `1714564800.5`).
    /// A string holding such a number is read too.
    ///
    /// The number written is one this transform reads back as the identical `Date` (see the
    /// `.secondsSince1970` date strategy, which reads and writes the same numbers).
    public static var secondsSince1970: JSONTransform {
        JSONTransform(valueType: Date.self, name: "secondsSince1970", problem: nil, decodeValue: { json in
            if let whole = JSONTransform.integer(json) { return Date(timeIntervalSince1970: Double(whole)) }
            guard let number = JSONTransform.number(json), number.isFinite else { throw JSONTransformError.expectedNumber(json) }
            return Date(timeIntervalSince1970: number)
        }, encodeValue: { value in
            guard let date = value as? Date else { return nil }
            return try JSONTransform.epochNumber(EpochNumber.seconds(of: date), date: date)
        })
    }

    /// An epoch number as JSON: integer text when it is whole (and fits `Int64`), else the
    /// shortest text of the `Double`, which reads back as the same `Double`.
    private static func epochNumber(_ number: Double, date: Date) throws -> JSONValue {
        guard number.isFinite else { throw JSONTransformError.outOfRange(secondsSince1970: date.timeIntervalSince1970) }
        if let whole = Int64(exactly: number) { return .number(JSONNumber(whole)) }
        return .number(JSONNumber(number))
    }

    private static func integer(_ json: JSONValue) -> Int64? {
        switch json {
        case .number(let number): Int64(number.text)
        case .string(let text): Int64(text)
        default: nil
        }
    }

    private static func number(_ json: JSONValue) -> Double? {
        switch json {
        case .number(let number): number.doubleValue
        case .string(let text): JSONNumber(text: text)?.doubleValue
        default: nil
        }
    }
}
