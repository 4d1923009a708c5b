import Foundation

/// Which mismatched JSON scalars are converted to the requested Swift type, and how.
///
/// A policy is a set of rule families — one setting per kind of mismatch (string → integer,
/// number → Bool, string → Date …) — plus any rules you register for your own types. The decoder
/// asks the policy only after a strict mismatch: a JSON string where an `Int` was expected, a
/// number that does not fit `UInt8`. Start from a preset and change what you need:
///
/// | preset | meaning |
/// |---|---|
/// | ``strict`` | nothing is converted: mismatches are errors, as in Foundation's `JSONDecoder` |
/// | ``lenient`` | converts whenever no information is lost and the meaning is unambiguous |
/// | ``yyModel`` | YYModel's exact table, for teams porting Objective-C models |
///
/// ```swift
/// var policy = CoercionPolicy.lenient
/// policy.stringToBool = .off                           // "yes" stays a mismatch
/// policy = policy.addingRule(for: Money.self) { scalar in
///     if case .string(let text) = scalar { return Money(text) }
///     return nil
/// }
/// decoder.coercion = policy
/// ```
///
/// Defaults to `.lenient` on `BridgeDecoder`. Docs/Coercion.md has the complete table.
public struct CoercionPolicy: Sendable {
    /// Whether a mismatch the policy does not convert is an error (`.strict`, as in `JSONDecoder`)
    /// rather than a missing value handed to the decoder's `missingValueStrategy`.
    public var mismatchIsError: Bool

    /// Whether a string holding a JSON object or array may be parsed and decoded as a model or
    /// container (`.lenient` only).
    public var parsesEmbeddedJSON: Bool

    /// Whether alternate keys stop at the first *present* key even when it holds null (YYModel).
    public var firstPresentAlternates: Bool

    /// Whether numbers may be read as dates (seconds since 1970) by the flexible date strategy.
    public var numbersAsDates: Bool

    /// Strings where an integer is expected (`" 12 "` → 12). See ``StringToInteger``.
    public var stringToInteger: StringToInteger.Rule
    /// Numbers that do not fit the number type exactly (`12.5` → `Int`, `-1` → `UInt8`).
    /// See ``NumberFitting``.
    public var numberFitting: NumberFitting.Rule
    /// Booleans where a number is expected (`true` → 1). See ``BoolToNumber``.
    public var boolToNumber: BoolToNumber.Rule
    /// Strings where a `Double`/`Float` is expected (`"1.5"` → 1.5). See ``StringToFloatingPoint``.
    public var stringToFloatingPoint: StringToFloatingPoint.Rule
    /// Strings where a `Decimal` is expected (`"12.30"` → 12.3). See ``StringToDecimal``.
    public var stringToDecimal: StringToDecimal.Rule
    /// Strings where a `Bool` is expected (`"yes"` → true). See ``StringToBool``.
    public var stringToBool: StringToBool.Rule
    /// Numbers where a `Bool` is expected (`1` → true). See ``NumberToBool``.
    public var numberToBool: NumberToBool.Rule
    /// Numbers and Booleans where a `String` is expected (`123` → `"123"`). See ``ScalarToString``.
    public var scalarToString: ScalarToString.Rule
    /// How strings become URLs (`" https://x.y "`). See ``StringToURL``.
    public var stringToURL: StringToURL.Rule
    /// Which date formats the `.flexible` date strategy reads. See ``StringToDate``.
    public var stringToDate: StringToDate.Rule
    /// How strings become `Data` (base64 or UTF-8). See ``StringToData``.
    public var stringToData: StringToData.Rule
    /// Which strings stand for null (`"<null>"`). See ``NullWords``.
    public var nullWords: NullWords.Rule

    /// Rules registered for users' own types, by type.
    var customRules: [ObjectIdentifier: CustomRule] = [:]

    /// A policy with every rule family set explicitly.
    ///
    /// Prefer starting from a preset (``strict``, ``lenient``, ``yyModel``) and changing single
    /// properties; this initializer spells out a policy completely. Every parameter defaults to
    /// the ``lenient`` setting.
    ///
    /// ```swift
    /// let policy = CoercionPolicy(stringToBool: .off, numberToBool: .off)   // lenient, no Bools
    /// ```
    public init(
        mismatchIsError: Bool = false,
        parsesEmbeddedJSON: Bool = true,
        firstPresentAlternates: Bool = false,
        numbersAsDates: Bool = true,
        stringToInteger: StringToInteger.Rule = .exact,
        numberFitting: NumberFitting.Rule = .exact,
        boolToNumber: BoolToNumber.Rule = .oneAndZero,
        stringToFloatingPoint: StringToFloatingPoint.Rule = .decimalText,
        stringToDecimal: StringToDecimal.Rule = .exact,
        stringToBool: StringToBool.Rule = .words,
        numberToBool: NumberToBool.Rule = .zeroOrOne,
        scalarToString: ScalarToString.Rule = .jsonText,
        stringToURL: StringToURL.Rule = .trimmed,
        stringToDate: StringToDate.Rule = .flexible,
        stringToData: StringToData.Rule = .base64,
        nullWords: NullWords.Rule = .off
    ) {
        self.mismatchIsError = mismatchIsError
        self.parsesEmbeddedJSON = parsesEmbeddedJSON
        self.firstPresentAlternates = firstPresentAlternates
        self.numbersAsDates = numbersAsDates
        self.stringToInteger = stringToInteger
        self.numberFitting = numberFitting
        self.boolToNumber = boolToNumber
        self.stringToFloatingPoint = stringToFloatingPoint
        self.stringToDecimal = stringToDecimal
        self.stringToBool = stringToBool
        self.numberToBool = numberToBool
        self.scalarToString = scalarToString
        self.stringToURL = stringToURL
        self.stringToDate = stringToDate
        self.stringToData = stringToData
        self.nullWords = nullWords
    }

    /// The four decoder-level switches, every rule family as in ``strict`` (nothing converted).
    package init(mismatchIsError: Bool, parsesEmbeddedJSON: Bool, firstPresentAlternates: Bool, numbersAsDates: Bool) {
        self.init(mismatchIsError: mismatchIsError, parsesEmbeddedJSON: parsesEmbeddedJSON,
                  firstPresentAlternates: firstPresentAlternates, numbersAsDates: numbersAsDates,
                  stringToInteger: .off, numberFitting: .exact, boolToNumber: .off,
                  stringToFloatingPoint: .off, stringToDecimal: .off, stringToBool: .off,
                  numberToBool: .off, scalarToString: .off, stringToURL: .exact,
                  stringToDate: .flexible, stringToData: .base64, nullWords: .off)
    }

    /// Nothing is converted: a mismatch is an error, as in Foundation's `JSONDecoder`.
    ///
    /// Only what Foundation itself accepts passes: a number with a zero fraction for an integer
    /// (`12.0` → 12), a valid URL string, base64 for `Data`. The policy covers conversions only:
    /// the decoder's other options keep their values, so with `BridgeDecoder`'s default
    /// `.flexible` date strategy a number is still seconds since 1970 and ISO 8601 strings are
    /// still read, and a missing key still takes a default under `.useDefault`. For a decoder
    /// that decodes exactly as `JSONDecoder()`, use `BridgeDecoder.foundationCompatible` (which
    /// also sets `.throw`, `.deferredToDate` and `.base64`).
    public static let strict = CoercionPolicy(mismatchIsError: true, parsesEmbeddedJSON: false,
                                              firstPresentAlternates: false, numbersAsDates: true)

    /// Converts whenever no information is lost and the meaning is unambiguous.
    ///
    /// `" 12 "` → 12, `"1.5"` → 1.5, `"yes"` → true, `1` → true, `true` → 1, `123` → `"123"`,
    /// `" https://x.y "` → URL; `"12abc"`, `12.5` → `Int`, `2` → `Bool` are not converted and go
    /// to the decoder's `missingValueStrategy`.
    public static let lenient = CoercionPolicy()

    /// YYModel's exact conversion table.
    ///
    /// C's `atoll`/`atof` for strings (`"12abc"` → 12), truncation and wrapping (`-1` → `UInt8`
    /// 255), non-zero → true, `true` → `"1"`, strings as UTF-8 `Data`, YYModel's null words and
    /// date formats, first-present alternate keys.
    public static let yyModel = CoercionPolicy(
        mismatchIsError: false, parsesEmbeddedJSON: false, firstPresentAlternates: true, numbersAsDates: false,
        stringToInteger: .yyModel, numberFitting: .yyModel, boolToNumber: .oneAndZero,
        stringToFloatingPoint: .yyModel, stringToDecimal: .yyModel, stringToBool: .yyModel,
        numberToBool: .nonZero, scalarToString: .yyModel, stringToURL: .trimmed,
        stringToDate: .yyModel, stringToData: .utf8, nullWords: .yyModel
    )

    /// Whether strings bound for `Data` are UTF-8 bytes rather than base64 (`.yyModel`); the
    /// decoder then calls ``data(from:)`` before any base64 decoding of its own.
    public var readsStringsAsUTF8Data: Bool {
        stringToData == .utf8
    }
}
