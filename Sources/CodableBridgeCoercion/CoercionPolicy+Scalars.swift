// The interface the decoder calls after a strict mismatch, one method per target type. Each
// dispatches on the JSON scalar it was given to the rule family that owns that pair:
//
//     target ↓ / found →   string                   number                  Boolean
//     integer              stringToInteger          numberFitting           boolToNumber
//     Double, Float        stringToFloatingPoint    numberFitting           boolToNumber
//     Decimal              stringToDecimal          (exact text)            boolToNumber
//     Bool                 stringToBool             numberToBool            —
//     String               —                        scalarToString          scalarToString
//     URL                  stringToURL              —                       —
//     Date                 stringToDate             numbersAsDates          —
//     Data                 stringToData             —                       —
//
// null is the decoder's business (except for null *words*, ``CoercionPolicy/isNullWord(_:)``).

import Foundation

extension CoercionPolicy {
    /// Converts `scalar` (which is not a JSON integer that fits `T`) to an integer of type `T`.
    ///
    /// ```swift
    /// CoercionPolicy.lenient.integer(Int.self, from: .string(" 12 "))   // .converted(12, rule: "string → Int")
    /// CoercionPolicy.yyModel.integer(UInt8.self, from: .number("-1"))   // .converted(255, …)
    /// CoercionPolicy.strict.integer(Int.self, from: .number("12.0"))    // .converted(12, …), as Foundation
    /// ```
    ///
    /// - Parameters:
    ///   - type: The integer type expected.
    ///   - scalar: The JSON value found.
    /// - Returns: The integer and the rule's name, or why it was not converted.
    public func integer<T: FixedWidthInteger>(_ type: T.Type, from scalar: CoercionScalar) -> CoercionResult<T> {
        switch scalar {
        case .number(let text): NumberFitting.integer(numberFitting, text, as: type)
        case .string(let string): StringToInteger.apply(stringToInteger, to: string, as: type)
        case .bool(let value): BoolToNumber.apply(boolToNumber, value, as: type) { $0 ? 1 : 0 }
        case .null: .notConverted(reason: "found null where \(type) was expected")
        }
    }

    /// Converts `scalar` (which is not a JSON number) to a floating-point value.
    ///
    /// ```swift
    /// CoercionPolicy.lenient.floatingPoint(Double.self, from: .string("1.5"))   // .converted(1.5, …)
    /// CoercionPolicy.yyModel.floatingPoint(Double.self, from: .string("1e5"))   // .converted(1.0, …)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The floating-point type expected.
    ///   - scalar: The JSON value found.
    /// - Returns: The value and the rule's name, or why it was not converted.
    public func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type, from scalar: CoercionScalar) -> CoercionResult<T> {
        switch scalar {
        case .number(let text): NumberFitting.floatingPoint(numberFitting, text, as: type)
        case .string(let string): StringToFloatingPoint.apply(stringToFloatingPoint, to: string, as: type)
        case .bool(let value): BoolToNumber.apply(boolToNumber, value, as: type) { $0 ? 1 : 0 }
        case .null: .notConverted(reason: "found null where \(type) was expected")
        }
    }

    /// Converts `scalar` to `Bool`.
    ///
    /// ```swift
    /// CoercionPolicy.lenient.bool(from: .string("Yes"))   // .converted(true, …)
    /// CoercionPolicy.lenient.bool(from: .number("2"))     // .notConverted(…)
    /// CoercionPolicy.yyModel.bool(from: .number("2"))     // .converted(true, …)
    /// ```
    ///
    /// - Parameter scalar: The JSON value found.
    /// - Returns: The Boolean and the rule's name, or why it was not converted.
    public func bool(from scalar: CoercionScalar) -> CoercionResult<Bool> {
        switch scalar {
        case .number(let text): NumberToBool.apply(numberToBool, to: text)
        case .string(let string): StringToBool.apply(stringToBool, to: string)
        case .bool(let value): .converted(value, rule: "Boolean")
        case .null: .notConverted(reason: "found null where Bool was expected")
        }
    }

    /// Converts `scalar` (which is not a JSON string) to `String`.
    ///
    /// ```swift
    /// CoercionPolicy.lenient.string(from: .number("1.50"))   // .converted("1.50", …)
    /// CoercionPolicy.yyModel.string(from: .bool(true))       // .converted("1", …)
    /// ```
    ///
    /// - Parameter scalar: The JSON value found.
    /// - Returns: The text and the rule's name, or why it was not converted.
    public func string(from scalar: CoercionScalar) -> CoercionResult<String> {
        ScalarToString.apply(scalarToString, to: scalar)
    }

    /// Converts `scalar` to `Decimal`; JSON number text converts exactly under every policy, as
    /// in Foundation.
    ///
    /// ```swift
    /// CoercionPolicy.lenient.decimal(from: .string("12.30"))   // .converted(12.3, …)
    /// ```
    ///
    /// - Parameter scalar: The JSON value found.
    /// - Returns: The decimal and the rule's name, or why it was not converted.
    public func decimal(from scalar: CoercionScalar) -> CoercionResult<Decimal> {
        switch scalar {
        case .number(let text):
            if let value = StringToDecimal.decimal(fromValidated: text) { return .converted(value, rule: "number → Decimal") }
            return .notConverted(reason: "found \(scalar.found); Decimal cannot hold it")
        case .string(let string):
            return StringToDecimal.apply(stringToDecimal, to: string)
        case .bool(let value):
            return BoolToNumber.apply(boolToNumber, value, as: Decimal.self) { $0 ? 1 : 0 }
        case .null:
            return .notConverted(reason: "found null where Decimal was expected")
        }
    }

    /// Converts `scalar` to `URL`; under `.strict` only an exact, valid URL string converts.
    ///
    /// ```swift
    /// CoercionPolicy.lenient.url(from: .string(" https://x.y "))   // .converted(https://x.y, …)
    /// CoercionPolicy.strict.url(from: .string(" https://x.y "))    // .notConverted(…)
    /// ```
    ///
    /// - Parameter scalar: The JSON value found.
    /// - Returns: The URL and the rule's name, or why it was not converted.
    public func url(from scalar: CoercionScalar) -> CoercionResult<URL> {
        StringToURL.apply(stringToURL, to: scalar)
    }

    /// Reads `scalar` as a date the flexible way (the policy's date formats; numbers as seconds
    /// since 1970 when ``numbersAsDates``).
    ///
    /// ```swift
    /// CoercionPolicy.lenient.date(from: .string("2014-01-20T12:24:48Z"))   // .converted(…)
    /// CoercionPolicy.lenient.date(from: .number("1445534567"))             // .converted(…)
    /// CoercionPolicy.yyModel.date(from: .number("1445534567"))             // .notConverted(…)
    /// ```
    ///
    /// - Parameter scalar: The JSON value found.
    /// - Returns: The date and the rule's name, or why it was not converted.
    public func date(from scalar: CoercionScalar) -> CoercionResult<Date> {
        StringToDate.apply(stringToDate, numbersAsDates: numbersAsDates, to: scalar)
    }

    /// Converts a string to `Data`: base64 under `.strict` and `.lenient` (invalid base64 is not
    /// converted), the string's UTF-8 bytes under `.yyModel` (see ``readsStringsAsUTF8Data``).
    ///
    /// ```swift
    /// CoercionPolicy.lenient.data(from: .string("aGk="))   // .converted(2 bytes "hi", …)
    /// CoercionPolicy.yyModel.data(from: .string("aGk="))   // .converted(4 bytes "aGk=", …)
    /// ```
    ///
    /// - Parameter scalar: The JSON value found.
    /// - Returns: The bytes and the rule's name, or why it was not converted.
    public func data(from scalar: CoercionScalar) -> CoercionResult<Data> {
        StringToData.apply(stringToData, to: scalar)
    }

    /// Whether a string stands for null for an Optional (`.yyModel`: `"null"`, `"<null>"`, …).
    ///
    /// YYModel applies its null words only where it reads a number, so ask this for number and
    /// `Bool` targets (and their Optionals); a `String` keeps `"null"` as text. Always `false`
    /// under `.strict` and `.lenient`.
    ///
    /// ```swift
    /// CoercionPolicy.yyModel.isNullWord("<null>")   // true
    /// CoercionPolicy.lenient.isNullWord("null")     // false
    /// ```
    ///
    /// - Parameter string: The JSON string found.
    /// - Returns: Whether the decoder should treat it as null.
    public func isNullWord(_ string: String) -> Bool {
        NullWords.apply(nullWords, to: string)
    }
}
