import CodableBridge
import Foundation

extension FuzzTarget {
    /// Decode → encode → decode under each preset: when the first decode succeeds, the encoded
    /// value decodes again to an equal value (dates travel as `.deferredToDate`, so exactly;
    /// under `.yyModel`, Data as UTF-8 text, the form that preset reads).
    static let roundTrip = FuzzTarget(
        name: "roundtrip",
        summary: "decode → encode → decode under each preset; both decoded values are equal"
    ) { data in
        for var decoder in fuzzDecoders {
            decoder.dateDecodingStrategy = .deferredToDate
            var encoder = BridgeEncoder()
            encoder.dateEncodingStrategy = .deferredToDate
            if decoder.coercion.readsStringsAsUTF8Data {
                // `.yyModel` reads a string as its UTF-8 bytes, never as base64 (as YYModel), so
                // write Data back as that text (it always is valid UTF-8: it came from a string).
                encoder.dataEncodingStrategy = .custom { data, encoder in
                    var container = encoder.singleValueContainer()
                    try container.encode(String(decoding: data, as: UTF8.self))
                }
            }
            guard let first = try? decoder.decode(FuzzRoot.self, from: data) else { continue }
            let encoded: Data
            do {
                encoded = try encoder.encode(first)
            } catch {
                fuzzFailure("a decoded value does not encode: \(error)", input: data)
            }
            do {
                let second = try decoder.decode(FuzzRoot.self, from: encoded)
                guard second == first else {
                    fuzzFailure("decode → encode → decode changed the value under \(decoder.coercion)\nencoded: \(String(decoding: encoded, as: UTF8.self))\nfirst:  \(first)\nsecond: \(second)", input: data)
                }
            } catch {
                fuzzFailure("the encoded value does not decode under \(decoder.coercion): \(error)\nencoded: \(String(decoding: encoded, as: UTF8.self))", input: data)
            }
        }
    }
}
