import Foundation

// STUB — the decoder.
final class DecoderImpl {
    static func decode<T: Decodable>(_ type: T.Type, tape: JSONTape, options: BridgeDecoder, report: ReportCollector?, keyPath: String?) throws -> T {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not implemented"))
    }
}
