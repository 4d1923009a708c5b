import CodableBridge
import Foundation

extension FuzzTarget {
    /// `BridgeDecoder` under `.strict`, `.lenient` and `.yyModel` (and strict with `.throw`), with a
    /// report, into the fixed models of FuzzModels.swift: every input decodes or throws a
    /// `DecodingError` — never another error, never a crash.
    static let decode = FuzzTarget(
        name: "decode",
        summary: "BridgeDecoder (.strict, .lenient, .yyModel) with a report into models using every mapping feature"
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
        }
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
