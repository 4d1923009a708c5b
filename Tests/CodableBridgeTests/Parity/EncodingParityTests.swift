import Foundation
import Testing
@testable import CodableBridge

/// `JSONEncoder` vs `BridgeEncoder`, both `.sortedKeys`, compared byte for byte (see
/// Support/EncodingParity.swift for why bytes). Each row also pins `JSONEncoder`'s exact output.
@Suite struct EncodingParityTests {

    // MARK: Scalars and number formatting

    static let scalarCases: [EncodingParityCase] = [
        .encode(1, .json("1")),
        .encode(Int8(-5), .json("-5")),
        .encode(UInt64.max, .json("18446744073709551615")),
        .encode(Int64.min, .json("-9223372036854775808")),
        .encode(true, .json("true")),
        .encode(Optional<Int>.none, .json("null")),
        .encode("plain", .json(#""plain""#)),
        .encode("s/\u{1}é\"\\\n\t\r", .json(#""s\/\u0001é\"\\\n\t\r""#), "string escaping"),
        .encode("\u{1F600}\u{7F}\u{1F}", .json("\"\u{1F600}\u{7F}\\u001f\""), "non-ASCII stays raw, controls escaped"),
        .encode(0.1, .json("0.1")),
        .encode(100.0, .json("100")),
        .encode(-0.0, .json("-0")),
        .encode(1e20, .json("1e+20")),
        .encode(1e16, .json("1e+16")),
        .encode(1e-7, .json("1e-07")),
        .encode(2.5e-5, .json("2.5e-05")),
        .encode(1e15 + 0.3, .json("1000000000000000.2")),
        .encode(123456789.123, .json("123456789.123")),
        .encode(Double.leastNonzeroMagnitude, .json("5e-324")),
        .encode(Double.greatestFiniteMagnitude, .json("1.7976931348623157e+308")),
        .encode(Double(Int64.max), .json("9.223372036854776e+18")),
        .encode(Float(0.1), .json("0.1")),                         // Float's shortest text, not Double(0.1f)
        .encode(Float(1.1), .json("1.1")),
        .encode(Float(16_777_216), .json("16777216")),
        .encode(Float(1e20), .json("1e+20")),
        .encode(Float.greatestFiniteMagnitude, .json("3.4028235e+38")),
        .encode(Decimal(string: "12345678901234567890.123456789")!, .json("12345678901234567890.123456789")),
        .encode(Decimal(string: "-0.5")!, .json("-0.5")),
        .encode(URL(string: "http://x.y/a?b=c")!, .json(#""http:\/\/x.y\/a?b=c""#)),
        .encode([URL(string: "http://x.y/")!], .json(#"["http:\/\/x.y\/"]"#)),
        .encode("a/b", .json(#""a/b""#), "withoutEscapingSlashes") { $0.formatting = [.withoutEscapingSlashes] },
    ]

    @Test(arguments: scalarCases)
    func scalars(_ row: EncodingParityCase) { row.run() }

    /// Where `JSONEncoder` switches between fixed and exponent notation, and what it escapes.
    static let formattingCases: [EncodingParityCase] = [
        .encode(1e15, .json("1000000000000000")),
        .encode(1e17, .json("1e+17")),
        .encode(0.0001, .json("0.0001")),
        .encode(0.00001, .json("1e-05")),
        .encode(123456789012345680000.0, .json("1.2345678901234568e+20")),
        .encode(1.5e300, .json("1.5e+300")),
        .encode(-1.25e-10, .json("-1.25e-10")),
        .encode(2.0 / 3, .json("0.6666666666666666")),
        .encode(0.1 + 0.2, .json("0.30000000000000004")),
        .encode(4294967296.0, .json("4294967296")),
        .encode(Float(1e-7), .json("1e-07")),
        .encode(Float(2.0 / 3), .json("0.6666667")),
        .encode(Float(1e10), .json("1e+10")),
        .encode(Float(123456.79), .json("123456.79")),
        .encode(["a": 1.0, "b": 2.5], .json(#"{"a":1,"b":2.5}"#)),
        .encode(["\u{8}\u{C}\u{0}"], .json(#"["\b\f\u0000"]"#), "short escapes and NUL"),
        .encode(["\u{2028}\u{2029}"], .json("[\"\u{2028}\u{2029}\"]"), "line separators stay raw"),
    ]

    @Test(arguments: formattingCases)
    func numberAndStringFormatting(_ row: EncodingParityCase) { row.run() }

    // MARK: Collections, models, nil handling

    static let everything = PF.Everything(
        int: -1, int8: 8, uint64: .max, double: 0.5, float: 1.25, bool: true, string: "s", optional: nil,
        list: [1, 2], nested: [["a"], []], map: ["k": 1, "a": 2], intMap: [7: "seven", 10: "ten"], set: [3],
        child: PF.Zip(zip: 9))

    struct OptionalPair: Codable, Equatable, Sendable { var a: Int?; var b: String? }

    /// Writes `null` explicitly with `encodeNil(forKey:)`; `JSONEncoder` keeps it.
    struct ExplicitNil: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: PF.DynamicKey.self)
            try c.encodeNil(forKey: PF.DynamicKey("n"))
            try c.encodeIfPresent(Optional<Int>.none, forKey: PF.DynamicKey("skipped"))
            try c.encode(1, forKey: PF.DynamicKey("v"))
        }
    }

    static let collectionCases: [EncodingParityCase] = [
        .encode([1, 2], .json("[1,2]")),
        .encode([Int](), .json("[]")),
        .encode([String: Int](), .json("{}")),
        .encode(["b": 1, "a": 2, "B": 3, "_": 4, "ä": 5, "a1": 6], .json(#"{"B":3,"_":4,"a":2,"a1":6,"b":1,"ä":5}"#)),
        .encode([1: "a", 2: "b", 10: "c"], .json(#"{"1":"a","10":"c","2":"b"}"#)),        // Int keys → strings
        .encode(Set([3]), .json("[3]")),
        .encode([[1], [], [2, 3]], .json("[[1],[],[2,3]]")),
        .encode([Int?.none, 1], .json("[null,1]")),                                        // nil in arrays stays
        .encode(["k": Int?.none], .json(#"{"k":null}"#)),                                  // … and in dictionaries
        .encode(OptionalPair(a: nil, b: "x"), .json(#"{"b":"x"}"#)),                        // nil optionals omitted
        .encode([OptionalPair(a: nil, b: nil)], .json("[{}]")),
        .encode(everything, .json(#"{"bool":true,"child":{"zip":9},"double":0.5,"float":1.25,"int":-1,"int8":8,"intMap":{"10":"ten","7":"seven"},"list":[1,2],"map":{"a":2,"k":1},"nested":[["a"],[]],"set":[3],"string":"s","uint64":18446744073709551615}"#)),
        .encode(PF.Directory(users: [PF.Person(name: "a", address: PF.Zip(zip: 1))]), .json(#"{"users":[{"address":{"zip":1},"name":"a"}]}"#)),
        .encode(PF.Paint(color: .blue, level: .high), .json(#"{"color":"blue","level":2}"#)),
        .encode([PF.Shape.circle(2), .rect(w: 1, h: 2.5), .labeled("x", count: 3), .none],
                .json(#"[{"circle":{"_0":2}},{"rect":{"h":2.5,"w":1}},{"labeled":{"_0":"x","count":3}},{"none":{}}]"#)),
    ]

    @Test(arguments: collectionCases)
    func collections(_ row: EncodingParityCase) { row.run() }

    @Test func explicitEncodeNilWritesNull() {
        expectEncodingParity(ExplicitNil(), expected: .json(#"{"n":null,"v":1}"#))
    }

    // MARK: Pretty printing, byte-exact

    struct Layout: Codable, Sendable {
        var name = "x"
        var tags = ["a", "b"]
        var inner = ["z": 1, "y": 2]
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nest: [[Int]] = [[1], []]
        var missing: Int? = nil
    }

    @Test func prettyPrintedIsByteExact() {
        // swift-foundation writes `"key" : value`, two-space indents and empty containers as
        // an opening bracket, a blank line, and the closing bracket at the parent's indent.
        let expected = """
            {
              "empty" : [

              ],
              "emptyObject" : {

              },
              "inner" : {
                "y" : 2,
                "z" : 1
              },
              "name" : "x",
              "nest" : [
                [
                  1
                ],
                [

                ]
              ],
              "tags" : [
                "a",
                "b"
              ]
            }
            """
        expectEncodingParity(Layout(), expected: .json(expected)) { $0.formatting = [.prettyPrinted] }
        expectEncodingParity([Layout()], expected: nil) { $0.formatting = [.prettyPrinted] }
        expectEncodingParity([Int](), expected: .json("[\n\n]")) { $0.formatting = [.prettyPrinted] }
        expectEncodingParity(42, expected: .json("42")) { $0.formatting = [.prettyPrinted] }
        expectEncodingParity(["a/b": "c/d"], expected: .json("{\n  \"a/b\" : \"c/d\"\n}")) {
            $0.formatting = [.prettyPrinted, .withoutEscapingSlashes]
        }
    }

    // MARK: Key strategies

    struct SnakeSource: Codable, Sendable {
        var firstName = "a"
        var urlValue = 1
        var myURLValue = 2
        var _leading = 3
        var trailing_ = 4
        var aB = 5
        var already_snake = 6
        var x1Y = 7
        var ALLCAPS = 8
    }

    @Test func convertToSnakeCase() {
        expectEncodingParity(SnakeSource(), expected: .json(
            #"{"_leading":3,"a_b":5,"a_llcaps":8,"already_snake":6,"first_name":"a","my_url_value":2,"trailing_":4,"url_value":1,"x1_y":7}"#
        )) { $0.keys = .convertToSnakeCase }
        // Dictionary keys are not converted.
        expectEncodingParity(["someKey": 1], expected: .json(#"{"someKey":1}"#)) { $0.keys = .convertToSnakeCase }
        expectEncodingParity(PF.TwoFields(a: 1, b: "x"), expected: .json(#"{"A":1,"B":"x"}"#)) {
            $0.keys = .custom { path in PF.DynamicKey(path.last!.stringValue.uppercased()) }
        }
    }

    // MARK: Date and Data strategies

    static let instant = Date(timeIntervalSince1970: 1_700_000_000.25)
    static let wholeSecond = Date(timeIntervalSince1970: 1_700_000_000)

    static let minuteFormatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd HH:mm"
        return f
    }()

    static let strategyCases: [EncodingParityCase] = [
        .encode(instant, .json("721692800.25"), "date deferredToDate"),
        .encode(instant, .json("1700000000.25"), "date secondsSince1970") { $0.dates = .secondsSince1970 },
        .encode(instant, .json("1700000000250"), "date millisecondsSince1970") { $0.dates = .millisecondsSince1970 },
        // `.iso8601` is `JSONEncoder`'s text for whole seconds; with a fraction, `.iso8601WholeSeconds` is.
        .encode(wholeSecond, .json(#""2023-11-14T22:13:20Z""#), "date iso8601") { $0.dates = .iso8601 },
        .encode(PF.DateField(d: wholeSecond), .json(#"{"d":"2023-11-14T22:13:20Z"}"#), "date iso8601 in a model") { $0.dates = .iso8601 },
        .encode(instant, .json(#""2023-11-14T22:13:20Z""#), "date iso8601WholeSeconds") { $0.dates = .iso8601WholeSeconds },
        .encode(PF.DateField(d: instant), .json(#"{"d":"2023-11-14T22:13:20Z"}"#), "date iso8601WholeSeconds in a model") {
            $0.dates = .iso8601WholeSeconds
        },
        .encode([instant], .json(#"["2023-11-14 22:13"]"#), "date formatted") { $0.dates = .formatted(minuteFormatter) },
        .encode(instant, .json(#""T1700000000""#), "date custom") {
            $0.dates = .custom { date, encoder in
                var c = encoder.singleValueContainer()
                try c.encode("T\(Int(date.timeIntervalSince1970))")
            }
        },
        .encode([instant], .json("[{}]"), "date custom writing nothing") { $0.dates = .custom { _, _ in } },
        .encode(instant, .json("{}"), "date custom writing nothing at top level") { $0.dates = .custom { _, _ in } },
        .encode(Data([1, 2, 3, 250]), .json(#""AQID+g==""#), "data base64"),
        .encode(PF.DataField(d: Data()), .json(#"{"d":""}"#), "empty data base64"),
        .encode(Data([1, 2, 3]), .json("[1,2,3]"), "data deferredToData") { $0.data = .deferredToData },
        .encode(Data([1, 2, 3]), .json("[3]"), "data custom") {
            $0.data = .custom { data, encoder in
                var c = encoder.unkeyedContainer()
                try c.encode(data.count)
            }
        },
        .encode(Data(), .json("{}"), "data custom writing nothing at top level") { $0.data = .custom { _, _ in } },
        .encode(PF.DataField(d: Data([1])), .json(#"{"d":{}}"#), "data custom writing nothing in a model") { $0.data = .custom { _, _ in } },
    ]

    @Test(arguments: strategyCases)
    func strategies(_ row: EncodingParityCase) { row.run() }

    // MARK: Nested containers and super encoders

    struct NestedWriter: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: PF.DynamicKey.self)
            var outer = root.nestedContainer(keyedBy: PF.DynamicKey.self, forKey: PF.DynamicKey("o"))
            try outer.encode(1, forKey: PF.DynamicKey("x"))
            var list = outer.nestedUnkeyedContainer(forKey: PF.DynamicKey("l"))
            try list.encode("a")
            var inner = list.nestedUnkeyedContainer()
            try inner.encodeNil()
            var keyed = list.nestedContainer(keyedBy: PF.DynamicKey.self)
            try keyed.encode(true, forKey: PF.DynamicKey("t"))
        }
    }

    /// `superEncoder()` of an unkeyed container: the parent is the next element.
    final class UnkeyedDog: PF.Animal, @unchecked Sendable {
        override func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(9)
            try super.encode(to: c.superEncoder())
        }
    }

    /// Container reuse: a key written twice (last wins), `encode(nil as Int?)` (an explicit
    /// null, not omitted), a second `container(keyedBy:)` on the same encoder and a nested
    /// container requested twice for one key (both merge).
    struct Rewrites: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: PF.DynamicKey.self)
            try c.encode(1, forKey: PF.DynamicKey("a"))
            try c.encode(2, forKey: PF.DynamicKey("a"))
            try c.encode(Int?.none, forKey: PF.DynamicKey("n"))
            var first = c.nestedContainer(keyedBy: PF.DynamicKey.self, forKey: PF.DynamicKey("o"))
            try first.encode(1, forKey: PF.DynamicKey("x"))
            var second = c.nestedContainer(keyedBy: PF.DynamicKey.self, forKey: PF.DynamicKey("o"))
            try second.encode(2, forKey: PF.DynamicKey("y"))
            var again = encoder.container(keyedBy: PF.DynamicKey.self)
            try again.encode(3, forKey: PF.DynamicKey("b"))
        }
    }

    struct SnakeNesting: Encodable, Sendable {
        var someValue = 1
        var innerMap = ["innerKey": 2]
        var child = Child()
        struct Child: Encodable, Sendable { var childKey = 3 }
    }

    static let containerCases: [EncodingParityCase] = [
        .encode(NestedWriter(), .json(#"{"o":{"l":["a",[null],{"t":true}],"x":1}}"#)),
        .encode(PF.FlatDog(id: 1, name: "n"), .json(#"{"id":1,"name":"n"}"#), "super.encode(to: encoder)"),
        .encode(PF.NestedDog(id: 1, name: "n"), .json(#"{"name":"n","super":{"id":1}}"#), "superEncoder()"),
        .encode(PF.KeyedDog(id: 1, name: "n"), .json(#"{"name":"n","parent":{"id":1}}"#), "superEncoder(forKey:)"),
        .encode(UnkeyedDog(id: 1), .json(#"[9,{"id":1}]"#), "unkeyed superEncoder()"),
        .encode(Rewrites(), .json(#"{"a":2,"b":3,"n":null,"o":{"x":1,"y":2}}"#), "rewrites and reused containers"),
        .encode(SnakeNesting(), .json(#"{"child":{"child_key":3},"inner_map":{"innerKey":2},"some_value":1}"#),
                "snake case reaches nested models, not dictionary keys") { $0.keys = .convertToSnakeCase },
    ]

    @Test(arguments: containerCases)
    func containers(_ row: EncodingParityCase) { row.run() }

    // MARK: Errors and non-conforming floats

    struct EncodesNothing: Encodable, Sendable { func encode(to encoder: any Encoder) throws {} }
    struct FloatBox: Encodable, Sendable { var x: Double }

    static let convertStrings = (positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")

    static let errorCases: [EncodingParityCase] = [
        .encode(EncodesNothing(), .invalidValue(at: ""), "top level encodes nothing"),
        .encode([EncodesNothing()], .json("[{}]"), "nested value encodes nothing"),
        .encode(Double.nan, .invalidValue(at: ""), "NaN throws"),
        .encode([Double.infinity], .invalidValue(at: "[0]"), "infinity in array throws"),
        .encode([FloatBox(x: .nan)], .invalidValue(at: "[0].x"), "NaN in model throws"),
        .encode(["k": [FloatBox(x: 1), FloatBox(x: -.infinity)]], .invalidValue(at: "k[1].x"), "path through dictionary"),
        .encode([Double.nan, .infinity, -.infinity, 1.5], .json(#"["NaN","+Inf","-Inf",1.5]"#), "convertToString") {
            $0.nonConformingFloats = convertStrings
        },
        .encode([Float.nan, -.infinity], .json(#"["NaN","-Inf"]"#), "convertToString Float") {
            $0.nonConformingFloats = convertStrings
        },
    ]

    @Test(arguments: errorCases)
    func errors(_ row: EncodingParityCase) { row.run() }

    // MARK: userInfo

    struct UserInfoWriter: Encodable, Sendable {
        static let key = CodingUserInfoKey(rawValue: "parity.suffix")!
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode("v" + (encoder.userInfo[Self.key] as? String ?? "<none>"))
        }
    }

    @Test func userInfoIsVisibleInEncodeTo() {
        expectEncodingParity([UserInfoWriter()], expected: .json(#"["v!"]"#)) { $0.userInfo = [UserInfoWriter.key: "!"] }
        expectEncodingParity([UserInfoWriter()], expected: .json(#"["v<none>"]"#))
    }

    // MARK: Round trip through both

    /// What `BridgeEncoder` writes, `JSONDecoder` reads back to the same value.
    @Test func bridgeOutputDecodesWithFoundation() throws {
        let data = try strictBridgeEncoder().encode(Self.everything)
        #expect(try JSONDecoder().decode(PF.Everything.self, from: data) == Self.everything)
        let shapes: [PF.Shape] = [.circle(1), .rect(w: 2, h: 3), .none]
        #expect(try JSONDecoder().decode([PF.Shape].self, from: strictBridgeEncoder().encode(shapes)) == shapes)
    }
}
