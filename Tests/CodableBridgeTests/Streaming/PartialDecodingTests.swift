import CodableBridge
import Foundation
import Testing

/// A model with nested objects, arrays, strings, numbers, booleans and optionals.
struct PartialArticle: Codable, Equatable {
    var title: String
    var views: Int
    var rating: Double
    var published: Bool
    var subtitle: String?
    var tags: [String]
    var author: PartialAuthor
    var sections: [PartialSection]
}

struct PartialAuthor: Codable, Equatable {
    var name: String
    var id: Int
}

struct PartialSection: Codable, Equatable {
    var heading: String
    var words: Int
    var notes: [String]?
}

enum PartialFixtures {
    /// Escapes (simple, `\u`, a surrogate pair), non-ASCII UTF-8 of two, three and four bytes,
    /// negative and exponent numbers, every literal.
    static let article = #"""
    {"title": "Caf\u00e9 \"noir\" \ud83c\udf89 naïve", "views": 12345, "rating": -4.5e1,
     "published": true, "subtitle": null,
     "tags": ["a\nb", "日本", "🎉x"],
     "author": {"name": "Zoë", "id": 7},
     "sections": [{"heading": "One", "words": 120, "notes": ["n1", "n2"]},
                  {"heading": "Two\t2", "words": 0},
                  {"heading": "", "words": 98765, "notes": []}]}
    """#

    static var articleBytes: [UInt8] { Array(article.utf8) }

    /// Whether `partial`'s UTF-8 is a prefix of `whole`'s.
    static func isPrefix(_ partial: String, of whole: String) -> Bool {
        Array(whole.utf8).starts(with: Array(partial.utf8))
    }

    /// Checks that `partial` is a partial model of `final`: strings are prefixes, numbers are
    /// their final value or the default (never a cut value), arrays are prefixes whose last
    /// element may be partial. Returns the problems.
    static func problems(_ partial: PartialArticle, of final: PartialArticle) -> [String] {
        var found: [String] = []
        if !isPrefix(partial.title, of: final.title) { found.append("title \(partial.title)") }
        if partial.views != 0, partial.views != final.views { found.append("views \(partial.views)") }
        if partial.rating != 0, partial.rating != final.rating { found.append("rating \(partial.rating)") }
        if partial.published, !final.published { found.append("published") }
        if partial.subtitle != nil { found.append("subtitle") }
        found += arrayProblems(partial.tags, final.tags, "tags") { isPrefix($0, of: $1) ? [] : ["\($0)"] }
        if !isPrefix(partial.author.name, of: final.author.name) { found.append("author.name \(partial.author.name)") }
        if partial.author.id != 0, partial.author.id != final.author.id { found.append("author.id \(partial.author.id)") }
        found += arrayProblems(partial.sections, final.sections, "sections") { part, whole in
            var problems: [String] = []
            if !isPrefix(part.heading, of: whole.heading) { problems.append("heading \(part.heading)") }
            if part.words != 0, part.words != whole.words { problems.append("words \(part.words)") }
            if let notes = part.notes {
                problems += arrayProblems(notes, whole.notes ?? [], "notes") { isPrefix($0, of: $1) ? [] : ["\($0)"] }
            }
            return problems
        }
        return found
    }

    static func arrayProblems<E: Equatable>(_ partial: [E], _ final: [E], _ name: String, last: (E, E) -> [String]) -> [String] {
        guard partial.count <= final.count else { return ["\(name) has \(partial.count) elements"] }
        var found: [String] = []
        for (i, element) in partial.enumerated() {
            if i < partial.count - 1 {
                if element != final[i] { found.append("\(name)[\(i)] differs") }
            } else {
                found += last(element, final[i]).map { "\(name)[\(i)] \($0)" }
            }
        }
        return found
    }
}

@Suite("Partial documents: decodePartial")
struct PartialDecodingTests {
    let decoder = BridgeDecoder()

    func partial<T: Decodable>(_ type: T.Type, _ text: some Sequence<UInt8>, decoder: BridgeDecoder = BridgeDecoder()) throws
        -> (value: T, report: DecodingReport)
    {
        var report = DecodingReport()
        let value = try decoder.decodePartial(type, from: Data(text), report: &report)
        return (value, report)
    }

    func incompletePaths(_ report: DecodingReport) -> [String] {
        report.events.filter { $0.kind == .incomplete }.map(\.path)
    }

    @Test func everyPrefixIsAPartialModel() throws {
        let bytes = PartialFixtures.articleBytes
        var finalReport = DecodingReport()
        let final = try decoder.decode(PartialArticle.self, from: Data(bytes), report: &finalReport)
        for cut in 0 ... bytes.count {
            let prefix = bytes[..<cut]
            if cut == 0 {
                #expect(throws: DecodingError.self) { try partial(PartialArticle.self, prefix) }
                continue
            }
            let (value, report) = try partial(PartialArticle.self, prefix)
            let problems = PartialFixtures.problems(value, of: final)
            #expect(problems.isEmpty, "cut at \(cut): \(problems) in \(String(decoding: prefix, as: UTF8.self))")
            let paths = incompletePaths(report)
            if cut == bytes.count {
                #expect(value == final)
                #expect(report == finalReport)
                #expect(paths.isEmpty)
            } else {
                #expect(paths.first == "", "cut at \(cut): \(paths)")
                #expect(Set(paths).count == paths.count, "cut at \(cut): a path twice in \(paths)")
            }
        }
    }

    /// The paths of the `.incomplete` events, and what is kept, for cuts of each kind.
    @Test(arguments: [
        (#"{"a": 1, "b": [1, 2, 3"#, ["", "b", "b[2]"], #"{"a":1,"b":[1,2]}"#),
        (#"{"a": 1, "b": [1, 2, 3]"#, [""], #"{"a":1,"b":[1,2,3]}"#),
        (#"{"a": 1, "b""#, ["", "b"], #"{"a":1}"#),
        (#"{"a": 1, "b":"#, ["", "b"], #"{"a":1}"#),
        (#"{"a": 1, "b"#, [""], #"{"a":1}"#),
        (#"{"a": 1,"#, [""], #"{"a":1}"#),
        (#"{"a": tr"#, ["", "a"], #"{}"#),
        (#"{"a": -"#, ["", "a"], #"{}"#),
        (#"{"a": 1."#, ["", "a"], #"{}"#),
        (#"{"a": 1e"#, ["", "a"], #"{}"#),
        (#"{"a": "x\u00"#, ["", "a"], #"{"a":"x"}"#),
        (#"{"a": "x\"#, ["", "a"], #"{"a":"x"}"#),
        (#"{"a": "x\ud83c\udf"#, ["", "a"], #"{"a":"x"}"#),
        (#"{"a": [[1], [2, "#, ["", "a", "a[1]", "a[1][1]"], #"{"a":[[1],[2]]}"#),
        (#"{"a": {"b": {"c": "hi"#, ["", "a", "a.b", "a.b.c"], #"{"a":{"b":{"c":"hi"}}}"#),
        (#"{"a\"b": ["#, ["", "a\"b"], #"{"a\"b":[]}"#),
        (#"["#, [""], #"[]"#),
        (#"[1, "#, ["", "[1]"], #"[1]"#),
        (#""abc"#, [""], #""abc""#),
    ])
    func incompleteEventsAndKeptText(text: String, paths: [String], equivalent: String) throws {
        let (value, report) = try partial(JSONValue.self, Array(text.utf8))
        #expect(incompletePaths(report) == paths, "\(text)")
        #expect(value == (try decoder.decode(JSONValue.self, from: equivalent)), "\(text)")
    }

    @Test func aCutUTF8SequenceIsLeftOut() throws {
        let text = Array(#"{"a": "caf"#.utf8) + [0xC3]
        let (value, _) = try partial(JSONValue.self, text)
        #expect(value == ["a": "caf"])
        let emoji = Array(#"["x🎉"#.utf8).dropLast(2)
        #expect(try partial(JSONValue.self, emoji).value == ["x"])
    }

    @Test func nothingArrivedIsAnError() {
        for text in ["", "   \n", "-", "tr", "1."] {
            #expect(throws: DecodingError.self, "\(text)") { try partial(JSONValue.self, Array(text.utf8)) }
        }
    }

    @Test func aTopLevelNumberAtTheEndIsComplete() throws {
        #expect(try partial(Int.self, Array("12".utf8)).value == 12)
    }

    @Test func strictMissingValuesThrowLenientOnesDefault() throws {
        let text = Array(#"{"title": "Hi", "views": 3, "tags": ["a"#.utf8)
        var strict = BridgeDecoder()
        strict.missingValueStrategy = .throw
        #expect {
            try partial(PartialArticle.self, text, decoder: strict)
        } throws: { error in
            guard case DecodingError.keyNotFound = error else { return false }
            return true
        }
        let (value, report) = try partial(PartialArticle.self, text)
        #expect(value.title == "Hi" && value.views == 3 && value.tags == ["a"] && value.sections.isEmpty)
        #expect(report.events.contains { $0.kind == .defaulted && $0.path == "rating" })
        #expect(incompletePaths(report) == ["", "tags", "tags[0]"])
    }

    @Test(arguments: [#"{"a": 1x"#, #"{"a": [1, 2]]"#, #"{"a": tx"#, "[1, 01", #"{"a" 1"#, "[\"\u{01}", #"{"a": "\q"#, "{} x"])
    func malformedTextIsTheParseError(text: String) throws {
        let bytes = Array(text.utf8)
        var report = DecodingReport()
        let expected = try #require(throws: DecodingError.self) { try decoder.decode(JSONValue.self, from: Data(bytes)) }
        let error = try #require(throws: DecodingError.self) { try decoder.decodePartial(JSONValue.self, from: Data(bytes), report: &report) }
        #expect("\(error)" == "\(expected)")
        #expect("\(error)".contains("line 1, column"))
    }

    @Test func deepNestingIsAClearError() throws {
        let text = Array(repeating: UInt8(ascii: "["), count: 100_000)
        let error = try #require(throws: DecodingError.self) { try partial(JSONValue.self, text) }
        #expect("\(error)".contains("maxDepth"))
    }

    @Test func anUnclosedLongStringMeetsTheLimit() throws {
        var limited = BridgeDecoder()
        limited.limits.maxStringBytes = 1000
        let text = Array(#"{"a": ""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: 5000)
        let error = try #require(throws: DecodingError.self) { try partial(JSONValue.self, text, decoder: limited) }
        #expect("\(error)".contains("maxStringBytes"))
        #expect(try partial(JSONValue.self, text.prefix(900), decoder: limited).value == ["a": .string(String(repeating: "a", count: 893))])
    }
}

/// The example of Docs/Streaming.md, "Partial documents".
@Suite("Partial documents: the documented example")
struct PartialDocumentationExampleTests {
    struct Step: Codable, Equatable {
        var title: String
        var minutes: Int
    }

    struct Recipe: Codable, Equatable {
        var name: String
        var servings: Int
        var steps: [Step]
        var vegetarian: Bool
    }

    @Test func theRecipeSoFar() throws {
        let arrived = Data(#"{"name": "Pancakes", "servings": 4, "steps": [{"title": "Whisk the eggs", "minutes": 2}, {"title": "Hea"#.utf8)
        var report = DecodingReport()
        let draft = try BridgeDecoder().decodePartial(Recipe.self, from: arrived, report: &report)
        #expect(draft == Recipe(name: "Pancakes", servings: 4,
                                steps: [Step(title: "Whisk the eggs", minutes: 2), Step(title: "Hea", minutes: 0)], vegetarian: false))
        #expect(report.events.filter { $0.kind == .incomplete }.map(\.path) == ["", "steps", "steps[1]", "steps[1].title"])
    }
}
