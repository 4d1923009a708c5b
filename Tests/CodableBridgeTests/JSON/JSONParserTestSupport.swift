import Foundation
import Testing
@testable import CodableBridge

/// Shared helpers for the parser suites: they feed bytes, never `JSONValue` literals, so a parser
/// bug fails here and not in the decoder's tests.
enum ParserHarness {
    /// The error `JSONTape(parsing:maxDepth:)` throws for `bytes`, or `nil` when it parses.
    /// Records an issue when something other than a ``JSONParseError`` is thrown.
    static func error(_ bytes: [UInt8], maxDepth: Int = JSONTape.defaultMaxDepth) -> JSONParseError? {
        do {
            _ = try JSONTape(parsing: Data(bytes), maxDepth: maxDepth)
            return nil
        } catch let error as JSONParseError {
            return error
        } catch {
            Issue.record("expected a JSONParseError, got \(type(of: error)): \(error)")
            return nil
        }
    }

    /// ``error(_:maxDepth:)`` for text.
    static func error(_ text: String, maxDepth: Int = JSONTape.defaultMaxDepth) -> JSONParseError? {
        error(Array(text.utf8), maxDepth: maxDepth)
    }

    /// A number value with exactly this text.
    static func number(_ text: String) -> JSONValue {
        .number(JSONNumber(uncheckedText: text))
    }

    /// The test resources folder (`Tests/CodableBridgeTests/Resources`).
    static var resources: URL {
        Bundle.module.url(forResource: "Resources", withExtension: nil)!
    }

    /// Whether two trees hold the same JSON, comparing numbers by value (`1E2` equals `100.0`)
    /// rather than by text: what is comparable with `JSONSerialization`'s output.
    static func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            if x.text == y.text { return true }
            if let i = x.int64Value, let j = y.int64Value { return i == j }
            if let i = x.uint64Value, let j = y.uint64Value { return i == j }
            return x.doubleValue == y.doubleValue
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            return x.allSatisfy { key, value in y[key].map { sameJSON(value, $0) } ?? false }
        default:
            return a == b
        }
    }
}
