import Foundation

// SKELETON — the coercion work fills in the rule families and presets.

/// Which mismatched JSON scalars are converted to the requested Swift type, and how.
///
/// Defaults to `.lenient` on `BridgeDecoder`.
public struct CoercionPolicy: Sendable {
    /// Whether a mismatch the policy does not convert is an error (`.strict`, like `JSONDecoder`)
    /// rather than a missing value handed to the decoder's `missingValueStrategy`.
    public var mismatchIsError: Bool

    /// Whether a string holding a JSON object or array may be parsed and decoded as a model or
    /// container (`.lenient` only).
    public var parsesEmbeddedJSON: Bool

    /// Whether alternate keys stop at the first *present* key even when it holds null (YYModel).
    public var firstPresentAlternates: Bool

    /// Whether numbers may be read as dates (seconds since 1970) by the flexible date strategy.
    public var numbersAsDates: Bool

    package init(mismatchIsError: Bool, parsesEmbeddedJSON: Bool, firstPresentAlternates: Bool, numbersAsDates: Bool) {
        self.mismatchIsError = mismatchIsError
        self.parsesEmbeddedJSON = parsesEmbeddedJSON
        self.firstPresentAlternates = firstPresentAlternates
        self.numbersAsDates = numbersAsDates
    }

    /// Nothing is converted: exactly Foundation's `JSONDecoder`.
    public static let strict = CoercionPolicy(mismatchIsError: true, parsesEmbeddedJSON: false, firstPresentAlternates: false, numbersAsDates: true)
    /// Converts whenever no information is lost and the meaning is unambiguous.
    public static let lenient = CoercionPolicy(mismatchIsError: false, parsesEmbeddedJSON: true, firstPresentAlternates: false, numbersAsDates: true)
    /// YYModel's exact conversion table.
    public static let yyModel = CoercionPolicy(mismatchIsError: false, parsesEmbeddedJSON: false, firstPresentAlternates: true, numbersAsDates: false)

    /// Converts `scalar` (which is not a JSON integer that fits `T`) to an integer of type `T`.
    public func integer<T: FixedWidthInteger>(_ type: T.Type, from scalar: Scalar) -> Coercion<T> {
        .notConverted(reason: "not implemented")
    }

    /// Converts `scalar` (which is not a JSON number) to a floating-point value.
    public func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type, from scalar: Scalar) -> Coercion<T> {
        .notConverted(reason: "not implemented")
    }

    /// Converts `scalar` (which is not a JSON Boolean) to `Bool`.
    public func bool(from scalar: Scalar) -> Coercion<Bool> {
        .notConverted(reason: "not implemented")
    }

    /// Converts `scalar` (which is not a JSON string) to `String`.
    public func string(from scalar: Scalar) -> Coercion<String> {
        .notConverted(reason: "not implemented")
    }

    /// Converts `scalar` (which is not a JSON number) to `Decimal`.
    public func decimal(from scalar: Scalar) -> Coercion<Decimal> {
        .notConverted(reason: "not implemented")
    }

    /// Converts `scalar` to `URL`; under `.strict` only an exact, valid URL string converts.
    public func url(from scalar: Scalar) -> Coercion<URL> {
        .notConverted(reason: "not implemented")
    }

    /// Reads `scalar` as a date the flexible way (the policy's date formats; numbers as seconds
    /// since 1970 when ``numbersAsDates``).
    public func date(from scalar: Scalar) -> Coercion<Date> {
        .notConverted(reason: "not implemented")
    }

    /// Converts a string to `Data` when the input is not valid base64 (`.yyModel`: UTF-8 bytes).
    public func data(from scalar: Scalar) -> Coercion<Data> {
        .notConverted(reason: "not implemented")
    }

    /// Whether a string stands for null for an Optional (`.yyModel`: `"null"`, `"<null>"`, …).
    public func isNullWord(_ string: String) -> Bool {
        false
    }

    /// A user rule registered for `type`, applied before the built-in ones; `nil` when none.
    public func customRule<T>(for type: T.Type, from scalar: Scalar) -> Coercion<T>? {
        nil
    }
}
