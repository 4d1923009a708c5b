import CodableBridge
import Foundation

extension FuzzTarget {
    /// `BridgeDecoder` under `.strict`, `.lenient` and `.yyModel` (and strict with `.throw`), with a
    /// report, into the fixed models of FuzzModels.swift: every input decodes or throws a
    /// `DecodingError` — never another error, never a crash. A plain model decodes to the same
    /// value with a report and without one (members it does not get take their zero values either
    /// way), or throws either way.
    static let decode = FuzzTarget(
        name: "decode",
        summary: "BridgeDecoder (.strict, .lenient, .yyModel) with a report into models using every mapping feature; a plain model with and without a report"
    ) { data in
        for decoder in fuzzDecoders {
            expectDecodingErrorOnly(data) {
                var report = DecodingReport()
                _ = try decoder.decode(FuzzRoot.self, from: data, report: &report)
            }
            expectDecodingErrorOnly(data) {
                var report = DecodingReport()
                _ = try decoder.decode([String: FuzzItem].self, from: data, report: &report)
            }
            expectDecodingErrorOnly(data) {
                _ = try decoder.decode(FuzzKennel.self, from: data)
            }
            expectSameWithAndWithoutReport(data, decoder, FuzzPlain.self)
        }
    }
}

/// Decodes `T` from `input` with a report and without one: the same value, or a `DecodingError`
/// both times.
func expectSameWithAndWithoutReport<T: Decodable & Equatable>(_ input: Data, _ decoder: BridgeDecoder, _ type: T.Type) {
    var report = DecodingReport()
    let reported = Result { try decoder.decode(T.self, from: input, report: &report) }
    let quiet = Result { try decoder.decode(T.self, from: input) }
    switch (reported, quiet) {
    case (.success(let withReport), .success(let without)):
        if withReport != without { fuzzFailure("with a report: \(withReport); without: \(without)", input: input) }
    case (.failure(let withReport), .failure(let without)):
        if !(withReport is DecodingError) || !(without is DecodingError) {
            fuzzFailure("threw \(withReport) with a report and \(without) without, not DecodingErrors", input: input)
        }
    case (.success, .failure(let error)):
        fuzzFailure("decoded with a report, threw without one: \(error)", input: input)
    case (.failure(let error), .success):
        fuzzFailure("threw with a report: \(error); decoded without one", input: input)
    }
}

/// Runs `body`; any error other than `DecodingError` (or a hook's own error, which the decoder
/// passes through as `JSONDecoder` does) is a finding.
func expectDecodingErrorOnly(_ input: Data, _ body: () throws -> Void) {
    do {
        try body()
    } catch is DecodingError {
    } catch is FuzzRoot.Rejected {
    } catch {
        fuzzFailure("threw \(type(of: error)), not DecodingError: \(error)", input: input)
    }
}
