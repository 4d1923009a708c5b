import CodableBridge
import Foundation

extension FuzzTarget {
    /// `JSONValue(parsing:)` on arbitrary bytes: it parses or throws `JSONParseError`; a document
    /// that parses writes back (compact and pretty, sorted) to text that parses to an equal value.
    static let parse = FuzzTarget(
        name: "parse",
        summary: "JSONValue(parsing:) on arbitrary bytes; parse → write → parse gives an equal value"
    ) { data in
        let value: JSONValue
        do {
            value = try JSONValue(parsing: data)
        } catch is JSONParseError {
            return
        } catch {
            fuzzFailure("JSONValue(parsing:) threw \(type(of: error)), not JSONParseError: \(error)", input: data)
        }
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
