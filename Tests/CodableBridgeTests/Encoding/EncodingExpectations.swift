import Foundation
import Testing
@testable import CodableBridge

// Helpers for encoder tests: the text of both encoders for one value.

/// `BridgeEncoder`'s text for `value`.
func bridgeText<T: Encodable>(_ value: T, _ configure: (inout BridgeEncoder) -> Void = { _ in }) throws -> String {
    var encoder = BridgeEncoder()
    configure(&encoder)
    return try encoder.encodeToString(value)
}

/// Foundation's `JSONEncoder` text for `value`.
func foundationText<T: Encodable>(_ value: T, _ configure: (JSONEncoder) -> Void = { _ in }) throws -> String {
    let encoder = JSONEncoder()
    configure(encoder)
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// One value encoded by both encoders with the same layout. Dates use `.iso8601` on both sides
/// (`BridgeEncoder`'s default); everything else keeps both encoders' defaults.
struct EncoderParityCase: Sendable, CustomTestStringConvertible {
    let name: String
    let texts: @Sendable (_ formatting: OutputFormatting) throws -> (bridge: String, foundation: String)

    init(_ name: String, _ makeValue: @autoclosure @escaping @Sendable () -> any Encodable) {
        self.name = name
        texts = { formatting in
            let value = makeValue()
            let bridge = try bridgeText(value) { $0.outputFormatting = formatting }
            let foundation = try foundationText(value) { encoder in
                encoder.dateEncodingStrategy = .iso8601
                encoder.outputFormatting = JSONEncoder.OutputFormatting(rawValue: 0)
                if formatting.contains(.prettyPrinted) { encoder.outputFormatting.insert(.prettyPrinted) }
                if formatting.contains(.sortedKeys) { encoder.outputFormatting.insert(.sortedKeys) }
                if formatting.contains(.withoutEscapingSlashes) { encoder.outputFormatting.insert(.withoutEscapingSlashes) }
            }
            return (bridge, foundation)
        }
    }

    var testDescription: String { name }
}

/// The `EncodingError.Context` of `error`, or `nil` when it is not an `EncodingError`.
func encodingContext(_ error: any Error) -> EncodingError.Context? {
    guard case EncodingError.invalidValue(_, let context)? = error as? EncodingError else { return nil }
    return context
}

/// The coding path of an `EncodingError` as `a.b[0].c`.
func pathText(_ error: any Error) -> String? {
    encodingContext(error).map { EncodingError.place($0.codingPath) }
}

extension Person {
    static let sample = Person(
        name: "Ada", age: 36, email: nil, tags: ["math", "a/b"],
        address: Address(street: "1 Loop", zip: "W1", geo: [51.5, -0.12]),
        scores: ["x": 1, "y": 2],
        friends: [Person(name: "Charles", age: 45, email: "c@b.org", tags: [], address: Address(street: "2", zip: nil, geo: []), scores: [:], friends: [])])
}
