import Foundation
import Testing
import CodableBridgeCoercion

extension CoercionTests {
    /// Rule family: JSON string → URL (``StringToURL``).
    @Suite("String → URL")
    struct StringToURLTests {
        @Test("→ URL under lenient and yyModel", arguments: [
            // input                           lenient               yyModel
            (CoercionScalar.string("https://x.y"),     "https://x.y",        "https://x.y"),
            (.string(" https://x.y "),         "https://x.y",        "https://x.y"),
            (.string("\nhttps://x.y/a?b=c\t"), "https://x.y/a?b=c",  "https://x.y/a?b=c"),
            (.string(" github.com"),           "github.com",         "github.com"),   // YYTestAutoTypeConvert
            (.string(" "),                     nil,                  nil),            // YYTestAutoTypeConvert
            (.string(""),                      nil,                  nil),
            (.number("12"),                    nil,                  nil),
            (.bool(true),                      nil,                  nil),
        ] as [(CoercionScalar, String?, String?)])
        func toURL(input: CoercionScalar, lenient: String?, yyModel: String?) {
            #expect(CoercionPolicy.lenient.url(from: input).value?.absoluteString == lenient)
            #expect(CoercionPolicy.yyModel.url(from: input).value?.absoluteString == yyModel)
        }

        @Test("→ URL under strict: only the exact string", arguments: [
            (CoercionScalar.string("https://x.y"),     "https://x.y"),
            (.string("https://x.y/a?b=c"),     "https://x.y/a?b=c"),
            (.string(" https://x.y "),         nil),     // Foundation rejects the leading space
            (.number("12"),                    nil),
            (.bool(true),                      nil),
        ] as [(CoercionScalar, String?)])
        func toURLStrict(input: CoercionScalar, strict: String?) {
            #expect(CoercionPolicy.strict.url(from: input).value?.absoluteString == strict)
        }

        @Test func strictIsFoundationsOwnURLReading() {
            for text in ["https://x.y", "mailto:a@b.c", "relative/path", " https://x.y ", " github.com", " "] {
                #expect(CoercionPolicy.strict.url(from: .string(text)).value == URL(string: text))
            }
        }

        @Test func rulesAreUsableOnTheirOwn() {
            #expect(StringToURL.exact(" https://x.y ") == nil)
            #expect(StringToURL.trimmed(" https://x.y ") == URL(string: "https://x.y"))
            #expect(StringToURL.trimmed("\u{00A0}https://x.y\u{2003}") == URL(string: "https://x.y"))  // Unicode spaces
        }

        @Test func namesAndReasons() {
            #expect(CoercionPolicy.lenient.url(from: .string(" https://x.y ")).rule == "string → URL (trimmed)")
            #expect(CoercionPolicy.lenient.url(from: .string("https://x.y")).rule == "string → URL")
            #expect(CoercionPolicy.lenient.url(from: .number("1")).reason == "found number 1 where a URL string was expected")
        }
    }
}
