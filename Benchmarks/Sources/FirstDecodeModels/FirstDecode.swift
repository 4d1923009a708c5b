// The first decode of many distinct model types (an app with thousands of models decodes most of
// them once or twice). 1 000 generated types (Generated/, see Scripts/generate_first_decode_models.py),
// each decoded once from a four-member object:
//
// - `foundation`: `JSONDecoder` on the plain `Codable` types `P0000` … `P0999`;
// - `plain`: `BridgeDecoder()` on the same plain types;
// - `mapped`: `BridgeDecoder()` on `M0000` … `M0999`, `MappableCodable` with a one-entry `keyMapping`.
//
// A first pass only means something in a process that has not decoded these types yet: run each
// variant in its own process (the `first-decode` executable and the benchmark suite both do).

import CodableBridge
import Foundation

public enum FirstDecode {
    /// Who decodes which types.
    public enum Variant: String, CaseIterable, Sendable {
        case foundation, plain, mapped

        /// What the variant is, for tables.
        public var label: String {
            switch self {
            case .foundation: "JSONDecoder (plain Codable)"
            case .plain: "BridgeDecoder (plain Codable)"
            case .mapped: "BridgeDecoder (MappableCodable, one keyMapping entry)"
            }
        }
    }

    /// The number of types decoded by one pass.
    public static var typeCount: Int { plainTypes.count }

    static let plainJSON = Data(#"{"id":1,"name":"x","score":1.5,"flag":true}"#.utf8)
    static let mappedJSON = Data(#"{"id":1,"n":"x","score":1.5,"flag":true}"#.utf8)

    /// Decodes every type of `variant` once.
    ///
    /// - Throws: The first decoding error (a generated model that does not fit its JSON).
    public static func pass(_ variant: Variant) throws {
        switch variant {
        case .foundation:
            for type in plainTypes { _ = try JSONDecoder().decode(type, from: plainJSON) }
        case .plain:
            for type in plainTypes { _ = try BridgeDecoder().decode(type, from: plainJSON) }
        case .mapped:
            for type in mappedTypes { _ = try BridgeDecoder().decode(type, from: mappedJSON) }
        }
    }

    /// The time `body` takes, in seconds.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
