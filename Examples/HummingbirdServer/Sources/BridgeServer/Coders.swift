import CodableBridge
import Foundation
import Hummingbird

/// Decodes request bodies with a `BridgeDecoder`. A body that is not the JSON the model needs is
/// a 400 whose message says where (the parse error's line and column, or the coding path) and
/// what was wrong.
public struct BridgeRequestDecoder: RequestDecoder {
    public var decoder: BridgeDecoder

    public init(decoder: BridgeDecoder) {
        self.decoder = decoder
    }

    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        do {
            return try buffer.withUnsafeReadableBytes { try decoder.decode(T.self, from: $0) }
        } catch let error as DecodingError {
            throw BadRequest.httpError(for: error)
        }
    }
}

/// Writes responses with a `BridgeEncoder`.
public struct BridgeResponseEncoder: ResponseEncoder {
    public var encoder = BridgeEncoder()

    public init() {}

    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        let buffer = ByteBuffer(bytes: try encoder.encode(value))
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: "\(buffer.readableBytes)"],
            body: .init(byteBuffer: buffer))
    }
}

/// The answer to a body that did not decode: 413 for a body over one of the decoder's limits,
/// else 400; the message says where and what was wrong.
enum BadRequest {
    static func httpError(for error: DecodingError) -> HTTPError {
        if case .dataCorrupted(let context) = error, (context.underlyingError as? JSONParseError)?.exceededLimit != nil {
            return HTTPError(.contentTooLarge, message: message(for: error))
        }
        return HTTPError(.badRequest, message: message(for: error))
    }

    static func message(for error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            if let parse = context.underlyingError as? JSONParseError {
                let what = parse.exceededLimit != nil ? "over a limit" : parse.duplicateKey != nil ? "repeated key" : "malformed JSON"
                return "\(what) at line \(parse.line), column \(parse.column): \(parse.reason)"
            }
            return at(context) + context.debugDescription
        case .keyNotFound(let key, let context):
            return at(context) + "missing key \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return at(context) + context.debugDescription
        @unknown default:
            return String(describing: error)
        }
    }

    private static func at(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "" : "at \(path(context.codingPath)): "
    }

    /// `items[2].price`, as the decoding report spells paths.
    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
