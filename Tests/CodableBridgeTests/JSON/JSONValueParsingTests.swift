import Foundation
import Testing
@testable import CodableBridge

/// `JSONValue(parsing:maxDepth:)`: the limit is the user's, errors point at the offending byte.
@Suite struct JSONValueParsingTests {
    static func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    @Test(arguments: [0, 1, 3, 64])
    func exactlyMaxDepthParsesOneMoreFails(_ maxDepth: Int) throws {
        if maxDepth > 0 {
            let value = try JSONValue(parsing: Self.nested(maxDepth), maxDepth: maxDepth)
            #expect(value.arrayValue != nil)
        } else {
            #expect(try JSONValue(parsing: "7", maxDepth: 0) == 7)
        }
        let error = try #require(throws: JSONParseError.self) {
            try JSONValue(parsing: Data(Self.nested(maxDepth + 1).utf8), maxDepth: maxDepth)
        }
        #expect(error.reason == "nesting deeper than \(maxDepth) levels (the limit is set by maxDepth)")
        #expect(error.line == 1 && error.column == maxDepth + 1)
    }

    @Test func defaultIs512() throws {
        _ = try JSONValue(parsing: Self.nested(512))
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: Self.nested(513)) }
        #expect(error.reason.contains("deeper than 512 levels"))
    }

    /// Hostile depth far beyond the limit is an error, not a stack overflow; the line and column
    /// point into the second line here.
    @Test func hostileDepthIsAnErrorWithLineAndColumn() throws {
        let json = "{\"a\":\n" + String(repeating: #"{"b":"#, count: 200_000)
        let error = try #require(throws: JSONParseError.self) { try JSONValue(parsing: json, maxDepth: 10) }
        #expect(error.line == 2)
        #expect(error.column == 9 * 5 + 1)
    }

    /// A raised limit works (the parser and the tree builder use explicit stacks).
    @Test func raisedLimit() throws {
        let value = try JSONValue(parsing: Self.nested(2_000), maxDepth: 2_000)
        var depth = 0
        var current: JSONValue? = value
        while let array = current?.arrayValue {
            depth += 1
            current = array.first
        }
        #expect(depth == 2_000)
    }
}
