import Foundation
import Testing
@testable import CodableBridge

/// `JSONTape.parsingElements`: some elements of a top-level array parsed in place, as decoding on
/// several cores parses each part. A part parses only when its text is values separated by commas
/// and its last value ends exactly where the part does; a value that runs past the end (a cut
/// inside a string, a number or a container) is no tape.
@Suite struct ArrayPartsParsingTests {
    /// A document, the part (the offset of its first byte and one past its last), and the
    /// part's elements (`nil`: it does not parse).
    static let rows: [(document: String, from: Int, to: Int, elements: JSONValue?)] = [
        // document                                  from  to   elements
        ("[1,2,3]",                                  1,    2,   [1]),
        ("[1,2,3]",                                  3,    6,   [2, 3]),
        ("[1,2,3]",                                  1,    6,   [1, 2, 3]),
        ("[  1 ,2]",                                 1,    4,   [1]),
        ("[true,false,null]",                        6,    11,  [false]),
        ("[true,false,null]",                        12,   16,  [.null]),
        (#"[{"a": "x,y"} , {"b": [1, 2]}]"#,         1,    13,  [["a": "x,y"]]),
        (#"[{"a": "x,y"} , {"b": [1, 2]}]"#,         15,   29,  [["b": [1, 2]]]),
        (#"["a\"b", "c"]"#,                          1,    7,   ["a\"b"]),
        (#"[[1, [2]], [3]]"#,                        1,    9,   [[1, [2]]]),
        // The part ends inside a value: the value runs past its end.
        (#"["a,b","c"]"#,                            1,    3,   nil),
        ("[12,34]",                                  1,    2,   nil),
        ("[[1,2],[3]]",                              1,    3,   nil),
        (#"[{"a":1,"b":2}]"#,                        1,    6,   nil),
        // The part closes the array itself (a document whose array ends before a comma).
        ("[[1]],[2]]",                               1,    5,   nil),
        ("[1]]",                                     1,    3,   nil),
        // Not values separated by commas.
        ("[1 2,3]",                                  1,    3,   nil),
        ("[1,,2]",                                   1,    4,   nil),
        ("[1,]",                                     1,    3,   nil),
        (#"[{"a":1},x]"#,                            1,    9,   nil),
    ]

    @Test(arguments: rows)
    func parts(document: String, from: Int, to: Int, elements: JSONValue?) {
        let bytes = Array(document.utf8)
        let tape = bytes.withUnsafeBytes { text in
            JSONTape.parsingElements(of: text, in: from ..< to, borrowingFrom: bytes, maxDepth: 512, rules: .none)
        }
        #expect(tape.map { $0.value(at: 0) } == elements, "\(document)[\(from)..<\(to)]")
    }

    /// Every part of every array document here and in JSONTestSuite (valid and invalid) that
    /// starts after a `[` or `,` and ends at a byte that is not whitespace, before a `,` or `]`
    /// (whitespace aside): parsed in place, it gives what its text parsed as a document between
    /// brackets gives — the same elements, or no tape where that parse fails. That covers every
    /// cut the parallel decoder can make, right or wrong.
    @Test func inPlaceAgreesWithACopyBetweenBrackets() throws {
        var documents = [
            #"[1, "a,b", {"c": [2, {"d": "}, {"}]}, true, null, -1.5e3, "\"", [], {}]"#,
            #"[{"a":1},{"a":[1,2,{"b":","}]},{"a":"\\"}, "x" ,  7]"#,
            "[[1,2],[3,[4,5]],6]",
        ]
        for name in JSONTestSuiteTests.files("y_") + JSONTestSuiteTests.files("n_") {
            let data = try JSONTestSuiteTests.data(name)
            guard data.count <= 300, data.first == UInt8(ascii: "["), data.last == UInt8(ascii: "]") else { continue }
            documents.append(String(decoding: data, as: UTF8.self))
        }
        var compared = 0
        for document in documents {
            let bytes = Array(document.utf8)
            let isWhitespace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            for start in 1 ..< bytes.count where bytes[start - 1] == UInt8(ascii: "[") || bytes[start - 1] == UInt8(ascii: ",") {
                for end in start + 1 ..< bytes.count where !isWhitespace(bytes[end - 1]) {
                    var next = end
                    while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
                    guard next < bytes.count, bytes[next] == UInt8(ascii: ",") || bytes[next] == UInt8(ascii: "]") else { continue }
                    let inPlace = bytes.withUnsafeBytes { text in
                        JSONTape.parsingElements(of: text, in: start ..< end, borrowingFrom: bytes, maxDepth: 512, rules: .none)
                    }
                    let copy = try? JSONTape(parsing: [UInt8]("[".utf8) + bytes[start ..< end] + [UInt8]("]".utf8), maxDepth: 512)
                    #expect(inPlace.map { $0.value(at: 0) } == copy.map { $0.value(at: 0) },
                            "\(document) [\(start)..<\(end)]: \(String(decoding: bytes[start ..< end], as: UTF8.self))")
                    compared += 1
                }
            }
        }
        #expect(compared > 400)
    }

    @Test("The tape's offsets count from the document's start, which it keeps")
    func offsetsInTheDocument() throws {
        var bytes = Array(#"[{"name": "first"}, {"name": "second"}]"#.utf8)
        let tape = try #require(bytes.withUnsafeBytes { text in
            JSONTape.parsingElements(of: text, in: 20 ..< 38, borrowingFrom: bytes, maxDepth: 512, rules: .none)
        })
        bytes[0] = UInt8(ascii: " ")  // the caller's copy changes; the tape's owner does not
        #expect(tape.value(at: 0) == [["name": "second"]])
        #expect(tape.text.count == 39)
    }

    @Test("Limits and depth apply to the part", arguments: [(1, true), (2, false)])
    func depth(maxDepth: Int, rejected: Bool) {
        let bytes = Array("[[1],[2]]".utf8)
        let tape = bytes.withUnsafeBytes { text in
            JSONTape.parsingElements(of: text, in: 5 ..< 8, borrowingFrom: bytes, maxDepth: maxDepth, rules: .none)
        }
        #expect((tape == nil) == rejected)
    }

    @Test("A document that does not end with its array's bracket, or an empty part, is refused")
    func refusedInputs() {
        for (document, range) in [("[1,2] ", 1 ..< 2), ("[1,2]", 1 ..< 1), ("[1,2]", 0 ..< 2), ("[1,2]", 3 ..< 5)] {
            let bytes = Array(document.utf8)
            let tape = bytes.withUnsafeBytes { text in
                JSONTape.parsingElements(of: text, in: range, borrowingFrom: bytes, maxDepth: 512, rules: .none)
            }
            #expect(tape == nil, "\(document) \(range)")
        }
    }
}
