import CodableBridge
import Foundation

extension FuzzTarget {
    /// `JSONValue(parsing:)` on arbitrary bytes: it parses or throws `JSONParseError`; a document
    /// that parses writes back (compact and pretty, sorted) to text that parses to an equal value.
    /// The input is also decoded as a `JSONValue` where it lies (a byte array long enough to be
    /// borrowed, see JSONTape.swift), which builds the tree from a tape: it agrees with the tree
    /// `JSONValue(parsing:)` builds straight from the parser.
    static let parse = FuzzTarget(
        name: "parse",
        summary: "JSONValue(parsing:) on arbitrary bytes; parse → write → parse gives an equal value; the tree from a tape (borrowed) and straight from the parser agree"
    ) { data in
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch is JSONParseError {
            checkBorrowedParseAgrees(data, expected: nil)
            return
        } catch {
            fuzzFailure("JSONValue(parsing:) threw \(type(of: error)), not JSONParseError: \(error)", input: data)
        }
        checkBorrowedParseAgrees(data, expected: value)
        for formatting in [OutputFormatting(), [.prettyPrinted, .sortedKeys]] {
            var encoder = BridgeEncoder()
            encoder.outputFormatting = formatting
            let written: Data
            do {
                written = try encoder.encode(value)
            } catch {
                fuzzFailure("writing a parsed document failed: \(error)", input: data)
            }
            let reparsed: JSONValue
            do {
                reparsed = try JSONValue(parsing: written)
            } catch {
                fuzzFailure("the written document does not parse: \(error)\nwritten: \(String(decoding: written, as: UTF8.self))", input: data)
            }
            guard reparsed == value else {  // object equality ignores member order
                fuzzFailure("parse → write → parse changed the value\nwritten: \(String(decoding: written, as: UTF8.self))", input: data)
            }
        }
    }
}

/// Decodes `data` after 64 spaces as a `JSONValue`, from a byte array (borrowed when it ends in a
/// bracket: every scanning loop must stop without a NUL after the text), through a tape, and
/// checks the outcome is `expected`, `JSONValue(parsing:)`'s tree (`nil`: a `JSONParseError`).
private func checkBorrowedParseAgrees(_ data: Data, expected: JSONValue?) {
    // A byte order mark is skipped only at the very start, so after the spaces it is an error.
    if data.starts(with: [0xEF, 0xBB, 0xBF]) { return }
    let padded = [UInt8](repeating: UInt8(ascii: " "), count: 64) + [UInt8](data)
    let borrowed: JSONValue?
    do {
        borrowed = try BridgeDecoder().decode(JSONValue.self, from: padded)
    } catch let error as DecodingError {
        guard case .dataCorrupted = error else {
            fuzzFailure("decoding a JSONValue from bytes threw \(error)", input: data)
        }
        borrowed = nil
    } catch {
        fuzzFailure("decoding a JSONValue from bytes threw \(type(of: error)), not DecodingError: \(error)", input: data)
    }
    guard borrowed == expected else {
        fuzzFailure("the borrowed parse (a byte array) and the copying parse disagree: \(String(describing: borrowed)) vs \(String(describing: expected))", input: data)
    }
}
