import Foundation
import Testing
@testable import CodableBridge

// Encoding parity: the same value through Foundation's `JSONEncoder` and a `BridgeEncoder` set to
// Foundation's defaults, both with `.sortedKeys` (key order is otherwise unspecified in
// `JSONEncoder`).
//
// Comparison decision: **bytes**, always. `JSONEncoder`'s number spelling (`1e+20`, `-0`,
// `0.1` for `Float(0.1)`), its escaping (`\/`) and its pretty-printing layout (`"key" : value`,
// empty containers as `[\n\n]`) are observable output that `.strict` users diff and sign; a
// "same JSON, different bytes" result is therefore a failure. To make such a failure quick to
// diagnose, when the bytes differ the helper also parses both documents with `JSONSerialization`
// and says whether they are at least equal as JSON objects (then only number formatting,
// escaping or whitespace differ). `EncodingComparison.jsonObjects` exists for a case that wants
// to compare structure only; no parity case uses it.

/// A `BridgeEncoder` configured as Foundation's `JSONEncoder` defaults plus `.sortedKeys`:
/// `.deferredToDate` dates (the bridge's own default is `.iso8601`), `.base64` data, nil
/// optionals omitted (as synthesized `Encodable` does), `.throw` for NaN/infinity.
func strictBridgeEncoder() -> BridgeEncoder {
    var encoder = BridgeEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.keyEncodingStrategy = .useDefaultKeys
    encoder.dateEncodingStrategy = .deferredToDate
    encoder.dataEncodingStrategy = .base64
    encoder.nilEncodingStrategy = .omit
    encoder.nonConformingFloatEncodingStrategy = .throw
    return encoder
}

/// The options an encoding parity case may set, applied identically to both encoders.
struct EncodingParityOptions {
    enum Keys {
        case useDefaultKeys
        case convertToSnakeCase
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    enum Dates {
        case deferredToDate
        case secondsSince1970
        case millisecondsSince1970
        case iso8601
        /// `JSONEncoder`'s `.iso8601`, against the bridge's `.iso8601WholeSeconds` (its `.iso8601`
        /// also writes a fraction, which `JSONEncoder` drops).
        case iso8601WholeSeconds
        case formatted(DateFormatter)
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    enum Datas {
        case base64
        case deferredToData
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// `.sortedKeys` is always added; set `.prettyPrinted` / `.withoutEscapingSlashes` here.
    var formatting: OutputFormatting = [.sortedKeys]
    var keys: Keys = .useDefaultKeys
    var dates: Dates = .deferredToDate
    var data: Datas = .base64
    /// `convertToString` with these spellings; `nil` is `.throw`.
    var nonConformingFloats: (positiveInfinity: String, negativeInfinity: String, nan: String)?
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    func foundationEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
        if self.formatting.contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
        if self.formatting.contains(.withoutEscapingSlashes) { formatting.insert(.withoutEscapingSlashes) }
        encoder.outputFormatting = formatting
        switch keys {
        case .useDefaultKeys: encoder.keyEncodingStrategy = .useDefaultKeys
        case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
        case .custom(let f): encoder.keyEncodingStrategy = .custom(f)
        }
        switch dates {
        case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .iso8601, .iso8601WholeSeconds: encoder.dateEncodingStrategy = .iso8601
        case .formatted(let f): encoder.dateEncodingStrategy = .formatted(f)
        case .custom(let f): encoder.dateEncodingStrategy = .custom(f)
        }
        switch data {
        case .base64: encoder.dataEncodingStrategy = .base64
        case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
        case .custom(let f): encoder.dataEncodingStrategy = .custom(f)
        }
        if let n = nonConformingFloats {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: n.positiveInfinity, negativeInfinity: n.negativeInfinity, nan: n.nan)
        }
        encoder.userInfo = userInfo
        return encoder
    }

    func bridgeEncoder() -> BridgeEncoder {
        var encoder = strictBridgeEncoder()
        encoder.outputFormatting = formatting.union(.sortedKeys)
        switch keys {
        case .useDefaultKeys: encoder.keyEncodingStrategy = .useDefaultKeys
        case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
        case .custom(let f): encoder.keyEncodingStrategy = .custom(f)
        }
        switch dates {
        case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .iso8601: encoder.dateEncodingStrategy = .iso8601
        case .iso8601WholeSeconds: encoder.dateEncodingStrategy = .iso8601WholeSeconds
        case .formatted(let f): encoder.dateEncodingStrategy = .formatted(f)
        case .custom(let f): encoder.dateEncodingStrategy = .custom(f)
        }
        switch data {
        case .base64: encoder.dataEncodingStrategy = .base64
        case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
        case .custom(let f): encoder.dataEncodingStrategy = .custom(f)
        }
        if let n = nonConformingFloats {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: n.positiveInfinity, negativeInfinity: n.negativeInfinity, nan: n.nan)
        }
        encoder.userInfo = userInfo
        return encoder
    }
}

/// How two encoded documents are compared. See the file comment: parity cases use `.bytes`.
enum EncodingComparison: Sendable {
    case bytes
    case jsonObjects
}

/// Foundation's output as a test table states it.
enum ExpectedEncoding: Sendable {
    /// The exact text `JSONEncoder` writes.
    case json(String)
    /// `EncodingError.invalidValue` at this coding path (`""` is the root).
    case invalidValue(at: String)
}

/// The result of one encode.
enum EncodingOutcome: CustomStringConvertible {
    case json(Data)
    /// `path` is `nil` for an error that is not an `EncodingError`.
    case failure(path: [ObservedKey]?, message: String)

    init(_ body: () throws -> Data) {
        do {
            self = .json(try body())
        } catch let EncodingError.invalidValue(_, context) {
            self = .failure(path: context.codingPath.map(ObservedKey.init), message: context.debugDescription)
        } catch {
            self = .failure(path: nil, message: "\(type(of: error)): \(error)")
        }
    }

    var description: String {
        switch self {
        case .json(let data): "JSON \(String(decoding: data, as: UTF8.self))"
        case .failure(let path?, let message): "invalidValue at \(renderPath(path)) — \(message)"
        case .failure(nil, let message): "non-EncodingError \(message)"
        }
    }
}

/// Encodes `value` with Foundation's `JSONEncoder` and with a `BridgeEncoder` (both configured by
/// `configure`, both `.sortedKeys`) and records an issue unless the outputs are byte-identical —
/// or, when both throw, unless both throw `EncodingError.invalidValue` at the same coding path.
///
/// - Parameter expected: Foundation's output as the table states it; checked against Foundation.
func expectEncodingParity<T: Encodable>(
    _ value: T,
    expected: ExpectedEncoding? = nil,
    comparison: EncodingComparison = .bytes,
    sourceLocation: SourceLocation = #_sourceLocation,
    configure: (inout EncodingParityOptions) -> Void = { _ in }
) {
    var options = EncodingParityOptions()
    configure(&options)
    let foundation = EncodingOutcome { try options.foundationEncoder().encode(value) }
    let bridge = EncodingOutcome { try options.bridgeEncoder().encode(value) }
    let label = "encoding \(T.self) \(String(reflecting: value).prefix(120))"

    if let expected {
        switch (foundation, expected) {
        case (.json(let data), .json(let text)) where data == Data(text.utf8):
            break
        case (.failure(let path?, _), .invalidValue(let at)) where renderPath(path) == normalizedPath(at):
            break
        default:
            Issue.record("The table disagrees with Foundation for \(label): Foundation gave \(foundation)", sourceLocation: sourceLocation)
        }
    }

    switch (foundation, bridge) {
    case (.json(let f), .json(let b)):
        if f == b { return }
        let sameJSON = jsonObjectsEqual(f, b)
        if comparison == .jsonObjects && sameJSON { return }
        let note = sameJSON
            ? "the documents are equal as JSON objects: only number formatting, escaping or whitespace differ"
            : "the documents differ as JSON too"
        Issue.record("""
            Encoding parity broken for \(label) (\(note))
              JSONEncoder:   \(String(decoding: f, as: UTF8.self))
              BridgeEncoder: \(String(decoding: b, as: UTF8.self))
            """, sourceLocation: sourceLocation)
    case (.failure(let fp, _), .failure(let bp, _)) where fp != nil && fp == bp:
        return
    default:
        Issue.record("""
            Encoding parity broken for \(label)
              JSONEncoder:   \(foundation)
              BridgeEncoder: \(bridge)
            """, sourceLocation: sourceLocation)
    }
}

/// Whether two JSON documents parse to equal Foundation objects.
func jsonObjectsEqual(_ a: Data, _ b: Data) -> Bool {
    guard let x = try? JSONSerialization.jsonObject(with: a, options: .fragmentsAllowed),
          let y = try? JSONSerialization.jsonObject(with: b, options: .fragmentsAllowed)
    else { return false }
    return foundationObjectsEqual(x, y)
}

/// Deep equality of `JSONSerialization` output (on Linux these are Swift dictionaries, arrays and
/// strings plus `NSNumber` / `NSNull`, so `NSObject.isEqual` alone does not do).
func foundationObjectsEqual(_ x: Any, _ y: Any) -> Bool {
    switch (x, y) {
    case (let x as [String: Any], let y as [String: Any]):
        guard x.count == y.count else { return false }
        return x.allSatisfy { key, value in y[key].map { foundationObjectsEqual(value, $0) } ?? false }
    case (let x as [Any], let y as [Any]):
        return x.count == y.count && zip(x, y).allSatisfy(foundationObjectsEqual)
    case (let x as String, let y as String):
        return x == y
    case (is NSNull, is NSNull):
        return true
    case (let x as NSNumber, let y as NSNumber):
        return x.isEqual(y)
    default:
        return false
    }
}

/// One row of a table of encoding parity cases.
struct EncodingParityCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    private let body: @Sendable () -> Void

    func run() { body() }

    static func encode<T: Encodable & Sendable>(
        _ value: T,
        _ expected: ExpectedEncoding,
        _ description: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        configure: @escaping @Sendable (inout EncodingParityOptions) -> Void = { _ in }
    ) -> EncodingParityCase {
        EncodingParityCase(testDescription: description ?? "\(T.self) \(String(reflecting: value).prefix(80))") {
            expectEncodingParity(value, expected: expected, sourceLocation: sourceLocation, configure: configure)
        }
    }
}
