import Foundation
import Testing
@testable import CodableBridge

// The coercion policy table (README.md, Docs/Coercion.md), row by row, through `BridgeDecoder` — not through the
// rule functions (Coercion/ tests those): `{"v": <JSON>}` is decoded into `struct { var v: T }`
// under each preset, and each cell states the value, what the report says, or the error.
//
//     "12"  → Int     strict: typeMismatch at v   lenient: 12, coerced   yyModel: 12, coerced
//
// "Not converted" cells take the missing-value path: the zero value (`missingValueStrategy`
// defaults to `.useDefault`) and one `.defaulted` event. Strict cells are also run through
// Foundation's `JSONDecoder`, which must agree (value, or error case and path).

/// The one-property model every row decodes into.
struct TableBox<T: Codable & Equatable>: Codable, Equatable {
    var v: T
}

extension TableBox: Sendable where T: Sendable {}

/// The model a string holding a JSON object decodes into.
struct TableInner: Codable, Equatable, Sendable {
    var a: Int
}

/// What one preset does with one row.
enum TableOutcome<T: Sendable>: Sendable {
    /// Decoded as is; nothing reported (no mismatch, or the date/data strategy reads it).
    case value(T)
    /// Converted; one `.coerced` event at `v` whose detail contains `detail`, by default
    /// `(<JSON>) → <T>` (the original value, then the target type).
    case coerced(T, detail: String? = nil)
    /// Not converted (or null): the zero value, and one `.defaulted` event at `v` whose detail
    /// contains `detail`, by default `(<JSON>) not converted`.
    case defaulted(T, detail: String? = nil)
    /// A `DecodingError` of this case at the coding path `v`.
    case error(DecodingErrorKind)
    /// `dataCorrupted` at `v` ("number does not fit"); Foundation reports it at the root.
    case doesNotFit
}

/// One row: the JSON value and the outcome under each preset.
struct TableRow<T: Codable & Equatable & Sendable>: Sendable, CustomTestStringConvertible {
    let json: String
    let strict: TableOutcome<T>
    let lenient: TableOutcome<T>
    let yyModel: TableOutcome<T>

    init(_ json: String, strict: TableOutcome<T>, lenient: TableOutcome<T>, yyModel: TableOutcome<T>) {
        self.json = json
        self.strict = strict
        self.lenient = lenient
        self.yyModel = yyModel
    }

    /// The same outcome under every preset.
    init(_ json: String, all: TableOutcome<T>) {
        self.init(json, strict: all, lenient: all, yyModel: all)
    }

    func outcome(_ preset: ReportPreset) -> TableOutcome<T> {
        switch preset {
        case .strict: strict
        case .lenient: lenient
        case .yyModel: yyModel
        }
    }

    var testDescription: String { "\(json) → \(T.self)" }
}

/// The decoded value and report, or `nil` after recording the error as an issue.
private func decoded<T>(_ decode: () throws -> (TableBox<T>, DecodingReport), _ json: String, _ preset: ReportPreset,
                        _ sourceLocation: SourceLocation) -> (TableBox<T>, DecodingReport)? {
    do {
        return try decode()
    } catch {
        Issue.record("\(preset) failed to decode \(json): \(ObservedError(error))", sourceLocation: sourceLocation)
        return nil
    }
}

/// Checks one cell. `foundation`: compare the strict cell with `JSONDecoder` too.
private func check<T: Codable & Equatable & Sendable>(
    _ row: TableRow<T>, _ preset: ReportPreset, foundation: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let json = #"{"v": \#(row.json)}"#
    let decode = { try decodeReporting(TableBox<T>.self, json, preset: preset) }
    switch row.outcome(preset) {
    case .value(let want):
        guard case let (box, report)? = decoded(decode, json, preset, sourceLocation) else { return }
        #expect(box.v == want, sourceLocation: sourceLocation)
        expectEvents(report, [], sourceLocation: sourceLocation)
    case .coerced(let want, let detail):
        guard case let (box, report)? = decoded(decode, json, preset, sourceLocation) else { return }
        #expect(box.v == want, sourceLocation: sourceLocation)
        expectEvents(report, [.coerced("v", detail ?? "(\(row.json)) → \(T.self)")], sourceLocation: sourceLocation)
    case .defaulted(let want, let detail):
        guard case let (box, report)? = decoded(decode, json, preset, sourceLocation) else { return }
        #expect(box.v == want, sourceLocation: sourceLocation)
        expectEvents(report, [.defaulted("v", detail ?? "(\(row.json)) not converted")], sourceLocation: sourceLocation)
    case .error(let kind):
        expectDecodingError(kind, codingPath: "v", sourceLocation: sourceLocation) { try decode().0 }
    case .doesNotFit:
        expectDecodingError(.dataCorrupted, codingPath: "v", sourceLocation: sourceLocation) { try decode().0 }
    }
    if preset == .strict, foundation {
        let expected: ExpectedDecoding<TableBox<T>>? = switch row.strict {
        case .value(let v): .value(TableBox(v: v))
        case .error(let kind): .error(kind, at: "v")
        case .doesNotFit: .error(.dataCorrupted, at: "")
        case .coerced, .defaulted: nil
        }
        // Foundation must match the table; the parity helper also runs BridgeDecoder with `.strict`
        // and `.throw`, which must agree with it (and keep the true path where Foundation loses it).
        if case .doesNotFit = row.strict {
            expectParity(TableBox<T>.self, json: json, expected: expected, bridgePath: "v", sourceLocation: sourceLocation)
        } else {
            expectParity(TableBox<T>.self, json: json, expected: expected, sourceLocation: sourceLocation)
        }
    }
}

@Suite("The coercion policy table through BridgeDecoder")
struct DecoderCoercionTableTests {
    // MARK: → Int

    static let intRows: [TableRow<Int>] = [
        TableRow("12", all: .value(12)),
        TableRow(#""12""#, strict: .error(.typeMismatch), lenient: .coerced(12), yyModel: .coerced(12)),
        TableRow(#"" 12 ""#, strict: .error(.typeMismatch), lenient: .coerced(12), yyModel: .coerced(12)),
        TableRow(#""12abc""#, strict: .error(.typeMismatch), lenient: .defaulted(0), yyModel: .coerced(12)),
        TableRow(#""abc""#, strict: .error(.typeMismatch), lenient: .defaulted(0), yyModel: .coerced(0)),
        TableRow("12.0", all: .value(12)),
        TableRow("12.5", strict: .doesNotFit, lenient: .defaulted(0), yyModel: .coerced(12, detail: "(12.5) → Int 12 (number → Int (YYModel: truncated")),
        TableRow("true", strict: .error(.typeMismatch), lenient: .coerced(1), yyModel: .coerced(1)),
        // YYModel reads a string without a "." with atoll: it stops at the first non-digit.
        TableRow(#""1e5""#, strict: .error(.typeMismatch), lenient: .coerced(100_000), yyModel: .coerced(1)),
        TableRow(#"" 12abc""#, strict: .error(.typeMismatch), lenient: .defaulted(0), yyModel: .coerced(12)),
        TableRow(#""1.5e3""#, strict: .error(.typeMismatch), lenient: .coerced(1500), yyModel: .coerced(1500)),   // atof
        TableRow(#""null""#, strict: .error(.typeMismatch), lenient: .defaulted(0), yyModel: .defaulted(0)),
        TableRow("null", strict: .error(.valueNotFound), lenient: .defaulted(0, detail: "null; used Int 0"), yyModel: .defaulted(0, detail: "null; used Int 0")),
    ]

    @Test("→ Int", arguments: intRows, ReportPreset.allCases)
    func int(row: TableRow<Int>, preset: ReportPreset) { check(row, preset) }

    static let uint8Rows: [TableRow<UInt8>] = [
        TableRow("-1", strict: .doesNotFit, lenient: .defaulted(0), yyModel: .coerced(255, detail: "(-1) → UInt8 255 (number → UInt8 (YYModel: wrapped))")),
        TableRow("255", all: .value(255)),
    ]

    @Test("→ UInt8", arguments: uint8Rows, ReportPreset.allCases)
    func uint8(row: TableRow<UInt8>, preset: ReportPreset) { check(row, preset) }

    // MARK: → Double

    static let doubleRows: [TableRow<Double>] = [
        TableRow(#""1.5""#, strict: .error(.typeMismatch), lenient: .coerced(1.5), yyModel: .coerced(1.5)),
        TableRow(#""1e5""#, strict: .error(.typeMismatch), lenient: .coerced(100_000), yyModel: .coerced(1)),   // atoll
        TableRow(#""1.5e3""#, strict: .error(.typeMismatch), lenient: .coerced(1500), yyModel: .coerced(1500)),   // atof
        TableRow(#""-0""#, strict: .error(.typeMismatch), lenient: .coerced(-0.0), yyModel: .coerced(0)),
        TableRow("1.5", all: .value(1.5)),
        TableRow("true", strict: .error(.typeMismatch), lenient: .coerced(1), yyModel: .coerced(1)),
    ]

    @Test("→ Double", arguments: doubleRows, ReportPreset.allCases)
    func double(row: TableRow<Double>, preset: ReportPreset) { check(row, preset) }

    @Test("→ Double under .yyModel: a string without a \".\" is read with atoll, so \"-0\" is +0 and \"1e5\" is 1")
    func yyModelAtollSign() throws {
        let (negativeZero, _) = try decodeReporting(TableBox<Double>.self, #"{"v": "-0"}"#, preset: .yyModel)
        #expect(negativeZero.v.sign == .plus)
        let (lenientZero, _) = try decodeReporting(TableBox<Double>.self, #"{"v": "-0"}"#, preset: .lenient)
        #expect(lenientZero.v.sign == .minus)
        let (float, _) = try decodeReporting(TableBox<Float>.self, #"{"v": "2e3"}"#, preset: .yyModel)
        #expect(float.v == 2)
    }

    // MARK: → Bool

    static let boolRows: [TableRow<Bool>] = [
        TableRow(#""true""#, strict: .error(.typeMismatch), lenient: .coerced(true), yyModel: .coerced(true)),
        TableRow(#""yes""#, strict: .error(.typeMismatch), lenient: .coerced(true), yyModel: .coerced(true)),
        TableRow(#""1""#, strict: .error(.typeMismatch), lenient: .coerced(true), yyModel: .coerced(true)),
        TableRow(#""YES""#, strict: .error(.typeMismatch), lenient: .coerced(true), yyModel: .coerced(true)),
        TableRow(#""True""#, strict: .error(.typeMismatch), lenient: .coerced(true), yyModel: .coerced(true)),
        // "any case" (lenient) against "exact spellings of YYModel's table" (atoll → 0 → false).
        TableRow(#""tRuE""#, strict: .error(.typeMismatch), lenient: .coerced(true), yyModel: .coerced(false)),
        TableRow(#""no""#, strict: .error(.typeMismatch), lenient: .coerced(false), yyModel: .coerced(false)),
        TableRow("1", strict: .error(.typeMismatch), lenient: .coerced(true), yyModel: .coerced(true)),
        TableRow("0", strict: .error(.typeMismatch), lenient: .coerced(false), yyModel: .coerced(false)),
        TableRow("2", strict: .error(.typeMismatch), lenient: .defaulted(false), yyModel: .coerced(true, detail: "(2) → Bool true (number → Bool (non-zero is true))")),
        // Foundation reports a null Bool as a type mismatch, not valueNotFound.
        TableRow("null", strict: .error(.typeMismatch), lenient: .defaulted(false, detail: "null; used Bool false"), yyModel: .defaulted(false, detail: "null; used Bool false")),
    ]

    @Test("→ Bool", arguments: boolRows, ReportPreset.allCases)
    func bool(row: TableRow<Bool>, preset: ReportPreset) { check(row, preset) }

    // MARK: → String

    static let stringRows: [TableRow<String>] = [
        TableRow("123", strict: .error(.typeMismatch), lenient: .coerced("123", detail: #"(123) → String "123""#), yyModel: .coerced("123")),
        // The original number text, not a reformatted Double.
        TableRow("1.50", strict: .error(.typeMismatch), lenient: .coerced("1.50", detail: #"(1.50) → String "1.50""#), yyModel: .coerced("1.5", detail: #"(1.50) → String "1.5""#)),
        TableRow("true", strict: .error(.typeMismatch), lenient: .coerced("true", detail: #"(true) → String "true""#), yyModel: .coerced("1", detail: #"(true) → String "1""#)),
        TableRow(#""null""#, all: .value("null")),
        TableRow("null", strict: .error(.valueNotFound), lenient: .defaulted("", detail: #"null; used String "#), yyModel: .defaulted("", detail: "null; used String")),
        // .yyModel: NSNumber.stringValue of what NSJSONSerialization made of the number.
        TableRow("1.0", strict: .error(.typeMismatch), lenient: .coerced("1.0", detail: #"(1.0) → String "1.0""#), yyModel: .coerced("1", detail: #"(1.0) → String "1""#)),
        TableRow("1e21", strict: .error(.typeMismatch), lenient: .coerced("1e21", detail: #"(1e21) → String "1e21""#), yyModel: .coerced("1e+21", detail: #"(1e21) → String "1e+21""#)),
        TableRow("0.1", strict: .error(.typeMismatch), lenient: .coerced("0.1", detail: #"(0.1) → String "0.1""#), yyModel: .coerced("0.1", detail: #"(0.1) → String "0.1""#)),
        TableRow("1e-7", strict: .error(.typeMismatch), lenient: .coerced("1e-7", detail: #"(1e-7) → String "1e-7""#), yyModel: .coerced("1e-07", detail: #"(1e-7) → String "1e-07""#)),
        TableRow("123456789012345678.0", strict: .error(.typeMismatch), lenient: .coerced("123456789012345678.0", detail: #"(123456789012345678.0) → String "123456789012345678.0""#), yyModel: .coerced("1.234567890123457e+17", detail: #"(123456789012345678.0) → String "1.234567890123457e+17""#)),
        TableRow("3.141592653589793", strict: .error(.typeMismatch), lenient: .coerced("3.141592653589793", detail: #"(3.141592653589793) → String "3.141592653589793""#), yyModel: .coerced("3.141592653589793", detail: #"(3.141592653589793) → String "3.141592653589793""#)),
        TableRow("-1e5", strict: .error(.typeMismatch), lenient: .coerced("-1e5", detail: #"(-1e5) → String "-1e5""#), yyModel: .coerced("-100000", detail: #"(-1e5) → String "-100000""#)),
        TableRow("-0", strict: .error(.typeMismatch), lenient: .coerced("-0", detail: #"(-0) → String "-0""#), yyModel: .coerced("0", detail: #"(-0) → String "0""#)),
        TableRow("18446744073709551615", strict: .error(.typeMismatch), lenient: .coerced("18446744073709551615", detail: #"(18446744073709551615) → String "18446744073709551615""#), yyModel: .coerced("18446744073709551615", detail: #"(18446744073709551615) → String "18446744073709551615""#)),
        TableRow("12345678901234567890123", strict: .error(.typeMismatch), lenient: .coerced("12345678901234567890123", detail: #"(12345678901234567890123) → String "12345678901234567890123""#), yyModel: .coerced("12345678901234567890123", detail: #"(12345678901234567890123) → String "12345678901234567890123""#)),
    ]

    @Test("→ String", arguments: stringRows, ReportPreset.allCases)
    func string(row: TableRow<String>, preset: ReportPreset) { check(row, preset) }

    // MARK: → URL, Date, Data

    static let urlRows: [TableRow<URL>] = [
        TableRow(#""https://x.y""#, all: .value(URL(string: "https://x.y")!)),
        TableRow(#"" https://x.y ""#, strict: .error(.dataCorrupted), lenient: .coerced(URL(string: "https://x.y")!, detail: "(\" https://x.y \") → URL https://x.y (string → URL (trimmed))"),
                 yyModel: .coerced(URL(string: "https://x.y")!)),
        // URL has no zero value: not converted means no default, so an error at v.
        TableRow("12", strict: .error(.typeMismatch), lenient: .error(.typeMismatch), yyModel: .error(.typeMismatch)),
    ]

    @Test("→ URL", arguments: urlRows, ReportPreset.allCases)
    func url(row: TableRow<URL>, preset: ReportPreset) { check(row, preset) }

    static let dateRows: [TableRow<Date>] = [
        TableRow(#""2014-01-20 12:24:48""#, all: .value(Date(timeIntervalSince1970: 1_390_220_688))),
        TableRow(#""2014-01-20T12:24:48.5Z""#, strict: .value(Date(timeIntervalSince1970: 1_390_220_688.5)),
                 lenient: .value(Date(timeIntervalSince1970: 1_390_220_688.5)),
                 // Length 22 is not in YYModel's table: not converted, and Date has no default.
                 yyModel: .error(.typeMismatch)),
        TableRow("1445534567", strict: .value(Date(timeIntervalSince1970: 1_445_534_567)),
                 lenient: .value(Date(timeIntervalSince1970: 1_445_534_567)), yyModel: .error(.typeMismatch)),
    ]

    // The `.flexible` date strategy is not Foundation's, so no JSONDecoder comparison.
    @Test("→ Date (.flexible strategy)", arguments: dateRows, ReportPreset.allCases)
    func date(row: TableRow<Date>, preset: ReportPreset) { check(row, preset, foundation: false) }

    static let dataRows: [TableRow<Data>] = [
        TableRow(#""aGVsbG8=""#, strict: .value(Data("hello".utf8)), lenient: .value(Data("hello".utf8)),
                 yyModel: .coerced(Data("aGVsbG8=".utf8), detail: #"("aGVsbG8=") → Data 8 bytes (string → Data (UTF-8 bytes, YYModel))"#)),
        TableRow(#""hello""#, strict: .error(.dataCorrupted), lenient: .defaulted(Data()),
                 yyModel: .coerced(Data("hello".utf8))),
    ]

    @Test("→ Data", arguments: dataRows, ReportPreset.allCases)
    func data(row: TableRow<Data>, preset: ReportPreset) { check(row, preset) }

    // MARK: Null words, embedded JSON

    static let nullWordRows: [TableRow<Int?>] = [
        TableRow(#""null""#, strict: .error(.typeMismatch), lenient: .defaulted(nil, detail: #"a string ("null") not converted to Int"#),
                 yyModel: .coerced(nil, detail: #"string "null" → nil"#)),
        TableRow(#""<null>""#, strict: .error(.typeMismatch), lenient: .defaulted(nil, detail: #"a string ("<null>") not converted to Int"#),
                 yyModel: .coerced(nil, detail: #"string "<null>" → nil"#)),
        TableRow("null", all: .value(nil)),
    ]

    @Test("null words → Int?", arguments: nullWordRows, ReportPreset.allCases)
    func nullWords(row: TableRow<Int?>, preset: ReportPreset) { check(row, preset) }

    static let embeddedModelRows: [TableRow<TableInner>] = [
        TableRow(#""{\"a\": 1}""#, strict: .error(.typeMismatch),
                 lenient: .coerced(TableInner(a: 1), detail: #"a string ("{"a": 1}") holding JSON → TableInner"#),
                 yyModel: .defaulted(TableInner(a: 0), detail: #"a string ("{"a": 1}") not converted"#)),
        TableRow("null", strict: .error(.valueNotFound), lenient: .defaulted(TableInner(a: 0), detail: "null; used TableInner"),
                 yyModel: .defaulted(TableInner(a: 0), detail: "null; used TableInner")),
    ]

    @Test("string holding a JSON object → model", arguments: embeddedModelRows, ReportPreset.allCases)
    func embeddedModel(row: TableRow<TableInner>, preset: ReportPreset) { check(row, preset) }

    static let embeddedArrayRows: [TableRow<[Int]>] = [
        TableRow(#""[1, 2]""#, strict: .error(.typeMismatch),
                 lenient: .coerced([1, 2], detail: #"a string ("[1, 2]") holding JSON → Array<Int>"#),
                 yyModel: .defaulted([], detail: #"a string ("[1, 2]") not converted"#)),
    ]

    @Test("string holding a JSON array → array", arguments: embeddedArrayRows, ReportPreset.allCases)
    func embeddedArray(row: TableRow<[Int]>, preset: ReportPreset) { check(row, preset) }
}
