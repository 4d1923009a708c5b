import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON string → Data (``StringToData``).
    @Suite("String → Data")
    struct StringToDataTests {
        @Test("→ Data under each preset", arguments: [
            // input                        strict / lenient       yyModel
            (CoercionScalar.string("aGVsbG8="),     Array("hello".utf8),   Array("aGVsbG8=".utf8)),
            (.string("AAE="),               [0x00, 0x01],          Array("AAE=".utf8)),
            (.string("hello"),              nil,                   Array("hello".utf8)),
            (.string("é"),                  nil,                   [0xC3, 0xA9]),
            (.string(""),                   [],                    []),
            (.string("aGk"),                nil,                   Array("aGk".utf8)),     // unpadded
            (.string("aGVs\nbG8="),        nil,                   Array("aGVs\nbG8=".utf8)),
            (.string(" aGk= "),             nil,                   Array(" aGk= ".utf8)),
            (.string("_-8="),               nil,                   Array("_-8=".utf8)),    // base64url alphabet
            (.string("😀"),                 nil,                   [0xF0, 0x9F, 0x98, 0x80]),
            (.number("12"),                 nil,                   nil),
            (.bool(true),                   nil,                   nil),
        ] as [(CoercionScalar, [UInt8]?, [UInt8]?)])
        func toData(input: CoercionScalar, base64: [UInt8]?, yyModel: [UInt8]?) {
            #expect(CoercionPolicy.strict.data(from: input).value.map(Array.init) == base64)
            #expect(CoercionPolicy.lenient.data(from: input).value.map(Array.init) == base64)
            #expect(CoercionPolicy.yyModel.data(from: input).value.map(Array.init) == yyModel)
        }

        @Test func decoderIsToldWhenStringsAreUTF8() {
            #expect(CoercionPolicy.yyModel.readsStringsAsUTF8Data)
            #expect(!CoercionPolicy.lenient.readsStringsAsUTF8Data)
            #expect(!CoercionPolicy.strict.readsStringsAsUTF8Data)
        }

        @Test func rulesAreUsableOnTheirOwn() {
            #expect(StringToData.base64("aGk=") == Data("hi".utf8))
            #expect(StringToData.base64("aGk") == nil)
            #expect(StringToData.utf8("hi") == Data([0x68, 0x69]))
            #expect(CoercionPolicy.lenient.data(from: .string("hi")).reason == "found string \"hi\"; it is not valid base64")
            #expect(CoercionPolicy.yyModel.data(from: .string("hi")).rule == "string → Data (UTF-8 bytes, YYModel)")
        }
    }
}
