import Foundation
import Testing
@testable import CodableBridge

private class FieldSchemaPet: BridgeObject, @unchecked Sendable {
    var name = ""
    var age = 0
    var nick: String?
    var cache = ""

    override class var fields: [BridgeField] { [.field("name", \FieldSchemaPet.name), .field("age", \FieldSchemaPet.age), .field("nick", \FieldSchemaPet.nick)] }
    override class var keyMapping: KeyMapping { ["name": "n", "age": "years"] }
    override class var ignoredProperties: Set<String> { ["cache"] }
}

private final class FieldSchemaParrot: FieldSchemaPet, @unchecked Sendable {
    var words: [String] = []

    override class var fields: [BridgeField] { super.fields + [.field("words", \FieldSchemaParrot.words)] }
}

/// `jsonSchema(for:)` of `BridgeObject` classes that list `fields`: learnt from the `init(from:)`
/// that decodes them, with every table applied.
@Suite("JSON Schema of class models with fields")
struct JSONSchemaFieldTests {
    @Test("a class with fields lists every field of its chain under its JSON key; required follows the missing-value strategy")
    func properties() throws {
        let strict = try JSONSchemaTests.decoder(.throw).jsonSchema(for: FieldSchemaParrot.self)
        #expect(JSONSchemaTests.propertyNames(strict).sorted() == ["n", "nick", "words", "years"], "\(strict)")
        #expect(strict["properties"]?["years"]?["type"] == "integer")
        #expect(strict["properties"]?["words"]?["type"] == "array")
        #expect(JSONSchemaTests.requiredNames(strict) == ["n", "years", "words"])
        let lenient = try JSONSchemaTests.decoder(.useDefault).jsonSchema(for: FieldSchemaParrot.self)
        #expect(JSONSchemaTests.requiredNames(lenient).isEmpty)
    }

    @Test("documents a decoder accepts validate against the schema, and under .throw the refused ones do not",
          arguments: [MissingValueStrategy.throw, .useDefault])
    func agreesWithTheDecoder(_ missing: MissingValueStrategy) throws {
        let documents = [
            #"{"n": "Polly", "years": 3, "nick": "P", "words": ["hi"]}"#,
            #"{"n": "Polly", "years": 3, "nick": null, "words": []}"#,
            #"{"n": "Polly", "words": []}"#,
            #"{"n": 5, "years": 3, "words": []}"#,
            #"{"years": "old", "words": [1]}"#,
            #"{}"#,
        ]
        let counts = try JSONSchemaTests.expectAgreement(FieldSchemaParrot.self, JSONSchemaTests.decoder(missing), documents)
        #expect(counts.accepted > 0)
        if missing == .throw { #expect(counts.refused > 0) }
    }
}
