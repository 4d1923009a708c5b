import CodableBridge
import Foundation
import Hummingbird

/// An order as clients send it.
public struct Order: Codable, Equatable, Sendable {
    public var id: Int
    public var customer: String
    public var items: [Item]
    public var express: Bool

    public init(id: Int, customer: String, items: [Item], express: Bool) {
        (self.id, self.customer, self.items, self.express) = (id, customer, items, express)
    }

    public struct Item: Codable, Equatable, Sendable {
        public var sku: String
        public var quantity: Int
        public var price: Double

        public init(sku: String, quantity: Int, price: Double) {
            (self.sku, self.quantity, self.price) = (sku, quantity, price)
        }
    }
}

/// What the lenient endpoint answers: the order as it was understood, and every repair.
public struct NormalisedOrder: Codable, Sendable {
    public var order: Order
    public var repairs: [Repair]

    public struct Repair: Codable, Sendable {
        public var path: String
        public var kind: String
        public var detail: String
    }
}

/// The request context: request bodies are decoded by the endpoint's own decoder, so the context's
/// decoder is the strict one.
public struct BridgeRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: Source) {
        coreContext = .init(source: source)
    }

    public var requestDecoder: BridgeRequestDecoder { BridgeRequestDecoder(decoder: Endpoints.strict) }
    public var responseEncoder: BridgeResponseEncoder { BridgeResponseEncoder() }
    /// Bodies larger than this are refused with 413 before they are read.
    public var maxUploadSize: Int { Endpoints.maxBodyBytes }
}

/// The decoders of the two endpoints.
public enum Endpoints {
    /// Refuse what `JSONDecoder` refuses, and what a public endpoint should not accept: objects
    /// that repeat a key (two components could read different values), and strings, numbers and
    /// objects larger than an order needs, refused while parsing.
    public static var strict: BridgeDecoder {
        var decoder = BridgeDecoder.foundationCompatible
        decoder.maxDepth = 32
        decoder.duplicateKeyStrategy = .throw
        decoder.limits = limits
        return decoder
    }

    /// The strict endpoint's limits.
    public static let limits = DecodingLimits(maxDocumentBytes: maxBodyBytes, maxStringBytes: 4096, maxNumberDigits: 40,
                                              maxObjectMembers: 100)

    /// Accept what can be repaired, and say what was.
    public static var lenient: BridgeDecoder { BridgeDecoder() }

    /// The largest body either endpoint reads.
    public static let maxBodyBytes = 64 * 1024
}

/// The server: `POST /orders` (strict) and `POST /orders/normalise` (lenient, with the repairs).
public func buildApplication(host: String = "127.0.0.1", port: Int = 8080) -> some ApplicationProtocol {
    let router = Router(context: BridgeRequestContext.self)
    router.post("/orders") { request, context -> Order in
        try await request.decode(as: Order.self, context: context)
    }
    router.post("/orders/normalise") { request, context -> NormalisedOrder in
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        var report = DecodingReport()
        do {
            let order = try buffer.withUnsafeReadableBytes { try Endpoints.lenient.decode(Order.self, from: $0, report: &report) }
            let repairs = report.events.map { NormalisedOrder.Repair(path: $0.path, kind: "\($0.kind)", detail: $0.detail) }
            return NormalisedOrder(order: order, repairs: repairs)
        } catch let error as DecodingError {
            throw HTTPError(.badRequest, message: BadRequest.message(for: error))
        }
    }
    return Application(router: router, configuration: .init(address: .hostname(host, port: port)))
}

extension Order: ResponseEncodable {}
extension NormalisedOrder: ResponseEncodable {}
