import Foundation
import Testing
@testable import CodableBridge

// Decoding parity: the same bytes through Foundation's `JSONDecoder` and
// `BridgeDecoder.foundationCompatible` (each case's options applied to both).
//
//     expectParity(Int8.self, json: "128", expected: .error(.dataCorrupted))
//     expectParity(Users.self, json: doc, expected: .error(.typeMismatch, at: "users[2].address.zip"))
//     expectParity(Date.self, json: "1.5") { $0.dates = .secondsSince1970 }
//
// Options are described once (`DecodingParityOptions`) and applied to both decoders, so a case can
// never configure one side and forget the other.

/// `BridgeDecoder.foundationCompatible`, under the name earlier parity tests use.
func strictBridgeDecoder() -> BridgeDecoder {
    .foundationCompatible
}

/// The options a decoding parity case may set, applied identically to both decoders.
struct DecodingParityOptions {
    enum Keys {
        case useDefaultKeys
        case convertFromSnakeCase
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    enum Dates {
        case deferredToDate
        case secondsSince1970
        case millisecondsSince1970
        case iso8601
        case formatted(DateFormatter)
        case custom(@Sendable (any Decoder) throws -> Date)
    }

    enum Datas {
        case base64
        case deferredToData
        case custom(@Sendable (any Decoder) throws -> Data)
    }

    var keys: Keys = .useDefaultKeys
    var dates: Dates = .deferredToDate
    var data: Datas = .base64
    /// `convertFromString` with these spellings; `nil` is `.throw`.
    var nonConformingFloats: (positiveInfinity: String, negativeInfinity: String, nan: String)?
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// `allowsJSON5` on both decoders.
    var json5 = false
    /// `assumesTopLevelDictionary` on both decoders.
    var assumesTopLevelDictionary = false

    func foundationDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch keys {
        case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
        case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let f): decoder.keyDecodingStrategy = .custom(f)
        }
        switch dates {
        case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .formatted(let f): decoder.dateDecodingStrategy = .formatted(f)
        case .custom(let f): decoder.dateDecodingStrategy = .custom(f)
        }
        switch data {
        case .base64: decoder.dataDecodingStrategy = .base64
        case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
        case .custom(let f): decoder.dataDecodingStrategy = .custom(f)
        }
        if let n = nonConformingFloats {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: n.positiveInfinity, negativeInfinity: n.negativeInfinity, nan: n.nan)
        }
        decoder.userInfo = userInfo
        decoder.allowsJSON5 = json5
        decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
        return decoder
    }

    func bridgeDecoder() -> BridgeDecoder {
        var decoder = BridgeDecoder.foundationCompatible
        switch keys {
        case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
        case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let f): decoder.keyDecodingStrategy = .custom(f)
        }
        switch dates {
        case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .formatted(let f): decoder.dateDecodingStrategy = .formatted(f)
        case .custom(let f): decoder.dateDecodingStrategy = .custom(f)
        }
        switch data {
        case .base64: decoder.dataDecodingStrategy = .base64
        case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
        case .custom(let f): decoder.dataDecodingStrategy = .custom(f)
        }
        if let n = nonConformingFloats {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: n.positiveInfinity, negativeInfinity: n.negativeInfinity, nan: n.nan)
        }
        decoder.userInfo = userInfo
        decoder.allowsJSON5 = json5
        decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
        return decoder
    }
}

/// Which `BridgeDecoder` entry point a parity case goes through. Foundation always gets the bytes.
enum BridgeEntry: String, Sendable, CustomStringConvertible {
    /// `decode(_:from: Data)`.
    case data
    /// `decode(_:from: String)`.
    case string
    /// `decode(_:from: JSONValue)` with the tree from `JSONValue(parsing:)`.
    case jsonValue
    /// `decode(_:fromJSONObject:)` with the output of `JSONSerialization.jsonObject(with:)`.
    case jsonObject

    var description: String { rawValue }

    func decode<T: Decodable>(_ type: T.Type, json: String, with decoder: BridgeDecoder) throws -> T {
        switch self {
        case .data:
            return try decoder.decode(type, from: Data(json.utf8))
        case .string:
            return try decoder.decode(type, from: json)
        case .jsonValue:
            return try decoder.decode(type, from: try JSONValue(parsing: json))
        case .jsonObject:
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
            return try decoder.decode(type, fromJSONObject: object)
        }
    }
}

/// Decodes `json` as `type` with Foundation's `JSONDecoder` and with `BridgeDecoder.foundationCompatible`
/// (both configured by `configure`) and records an issue unless they agree.
///
/// - Parameters:
///   - expected: Foundation's behaviour as the test table states it; checked against Foundation
///     first, so a table that misstates Foundation fails with "the table disagrees with Foundation".
///     `nil` compares the two decoders only.
///   - bridgePath: Where Foundation's error loses its coding path (swift-foundation wraps number
///     overflow and ISO 8601 failures without the full path — see ParityQuirks), the path
///     `BridgeDecoder` must report instead: the true one. The error case must still match.
///   - entry: The `BridgeDecoder` entry point. Defaults to `decode(_:from: Data)`.
///   - equals: Value comparison; defaults to `==` (pass a bit-pattern comparison for `-0.0`).
func expectParity<T: Decodable>(
    _ type: T.Type,
    json: String,
    expected: ExpectedDecoding<T>? = nil,
    bridgePath: String? = nil,
    entry: BridgeEntry = .data,
    equals: (T, T) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation,
    configure: (inout DecodingParityOptions) -> Void = { _ in }
) {
    var options = DecodingParityOptions()
    configure(&options)
    let foundation = DecodingOutcome { try options.foundationDecoder().decode(type, from: Data(json.utf8)) }
    let bridge = DecodingOutcome { try entry.decode(type, json: json, with: options.bridgeDecoder()) }
    let label = "\(T.self) ← \(json)\(entry == .data ? "" : " [via \(entry)]")"

    if let expected {
        if let problem = mismatch(foundation, expected, equals: equals) {
            Issue.record("The table disagrees with Foundation for \(label): \(problem)", sourceLocation: sourceLocation)
        }
    }
    if let problem = parityMismatch(foundation: foundation, bridge: bridge, bridgePath: bridgePath, equals: equals) {
        Issue.record("Parity broken for \(label): \(problem)", sourceLocation: sourceLocation)
    }
}

/// ``expectParity(_:json:expected:bridgePath:entry:equals:sourceLocation:configure:)`` for
/// `Equatable` values.
func expectParity<T: Decodable & Equatable>(
    _ type: T.Type,
    json: String,
    expected: ExpectedDecoding<T>? = nil,
    bridgePath: String? = nil,
    entry: BridgeEntry = .data,
    sourceLocation: SourceLocation = #_sourceLocation,
    configure: (inout DecodingParityOptions) -> Void = { _ in }
) {
    expectParity(type, json: json, expected: expected, bridgePath: bridgePath, entry: entry,
                 equals: ==, sourceLocation: sourceLocation, configure: configure)
}

private func mismatch<T>(_ outcome: DecodingOutcome<T>, _ expected: ExpectedDecoding<T>, equals: (T, T) -> Bool) -> String? {
    switch (outcome, expected) {
    case (.value(let got), .value(let want)):
        return equals(got, want) ? nil : "expected value \(String(reflecting: want)), Foundation gave \(String(reflecting: got))"
    case (.failure(let e), .error(let kind, let path)):
        if e.kind == kind && renderPath(e.path) == normalizedPath(path) { return nil }
        return "expected \(kind) at \(normalizedPath(path)), Foundation gave \(e)"
    case (.failure(let e), .missingKey(let key, let path)):
        if e.kind == .keyNotFound && e.missingKey?.stringValue == key && renderPath(e.path) == normalizedPath(path) { return nil }
        return "expected keyNotFound \"\(key)\" at \(normalizedPath(path)), Foundation gave \(e)"
    case (.value, _), (.failure, .value):
        return "Foundation gave \(outcome.describe)"
    }
}

private func parityMismatch<T>(
    foundation: DecodingOutcome<T>, bridge: DecodingOutcome<T>, bridgePath: String?, equals: (T, T) -> Bool
) -> String? {
    switch (foundation, bridge) {
    case (.value(let f), .value(let b)):
        return equals(f, b) ? nil : "Foundation decoded \(String(reflecting: f)), BridgeDecoder decoded \(String(reflecting: b))"
    case (.value, .failure(let b)):
        return "Foundation decoded \(foundation.describe), BridgeDecoder threw \(b)"
    case (.failure(let f), .value):
        return "Foundation threw \(f), BridgeDecoder decoded \(bridge.describe)"
    case (.failure(let f), .failure(let b)):
        var problems: [String] = []
        if f.kind != b.kind {
            problems.append("error case \(b.kind?.rawValue ?? "non-DecodingError"), expected \(f.kind?.rawValue ?? "non-DecodingError")")
        }
        if let bridgePath {
            if renderPath(b.path) != normalizedPath(bridgePath) {
                problems.append("coding path \(renderPath(b.path)), expected the true path \(normalizedPath(bridgePath)) (Foundation reports \(renderPath(f.path)))")
            }
        } else if f.path != b.path {
            if renderPath(f.path) == renderPath(b.path) {
                problems.append("coding path keys differ in spelling: \(b.path) vs Foundation's \(f.path)")
            } else {
                problems.append("coding path \(renderPath(b.path)), expected \(renderPath(f.path))")
            }
        }
        if f.missingKey?.stringValue != b.missingKey?.stringValue || f.missingKey?.intValue != b.missingKey?.intValue {
            problems.append("missing key \(b.missingKey.map(String.init(describing:)) ?? "nil"), expected \(f.missingKey.map(String.init(describing:)) ?? "nil")")
        }
        if problems.isEmpty { return nil }
        return problems.joined(separator: "; ") + "\n  Foundation: \(f)\n  Bridge:     \(b)"
    }
}

/// Runs `body` and records an issue unless it throws a `DecodingError` of `kind` at `codingPath`
/// (spelled `users[2].address.zip`; `""` is the root) — and, for `keyNotFound`, for `key`.
func expectDecodingError<T>(
    _ kind: DecodingErrorKind,
    codingPath: String,
    key: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
) {
    do {
        let value = try body()
        Issue.record("Expected \(kind) at \(normalizedPath(codingPath)), got value \(String(reflecting: value))", sourceLocation: sourceLocation)
    } catch {
        let e = ObservedError(error)
        var ok = e.kind == kind && renderPath(e.path) == normalizedPath(codingPath)
        if let key { ok = ok && e.missingKey?.stringValue == key }
        if !ok {
            let keyText = key.map { " key \"\($0)\"" } ?? ""
            Issue.record("Expected \(kind)\(keyText) at \(normalizedPath(codingPath)), got \(e)", sourceLocation: sourceLocation)
        }
    }
}

/// One row of a table of decoding parity cases; `@Test(arguments:)` runs ``run()``.
struct ParityCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    private let body: @Sendable () -> Void

    func run() { body() }

    /// `json` decoded as `type` must give the same outcome through both decoders, and Foundation's
    /// outcome must be `expected`.
    static func decode<T: Decodable & Equatable & Sendable>(
        _ type: T.Type,
        _ json: String,
        _ expected: ExpectedDecoding<T>,
        bridgePath: String? = nil,
        entry: BridgeEntry = .data,
        sourceLocation: SourceLocation = #_sourceLocation,
        configure: @escaping @Sendable (inout DecodingParityOptions) -> Void = { _ in }
    ) -> ParityCase {
        ParityCase(testDescription: "\(T.self) ← \(json)") {
            expectParity(type, json: json, expected: expected, bridgePath: bridgePath, entry: entry,
                         sourceLocation: sourceLocation, configure: configure)
        }
    }

    /// A case with its own checks.
    static func custom(_ description: String, _ body: @escaping @Sendable () -> Void) -> ParityCase {
        ParityCase(testDescription: description, body: body)
    }
}
