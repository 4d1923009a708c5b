import Foundation
import Testing
@testable import CodableBridge

/// One JSON Lines record.
struct LineRow: Codable, Equatable, Sendable {
    var id: Int
    var tag: String?
}

@Suite("JSON Lines")
struct JSONLinesTests {
    /// A decoder that converts nothing and defaults nothing, so bad lines fail.
    static var strict: BridgeDecoder {
        var decoder = BridgeDecoder()
        decoder.coercion = .strict
        decoder.missingValueStrategy = .throw
        return decoder
    }

    @Test("Line splitting", arguments: [
        // input                                                  ids
        ("",                                                      []),
        ("\n\n  \r\n\t\n",                                        []),
        (#"{"id":1}"#,                                            [1]),
        ("{\"id\":1}\n{\"id\":2}\n",                              [1, 2]),
        ("{\"id\":1}\r\n{\"id\":2}\r\n",                          [1, 2]),
        ("{\"id\":1}\n\n\n{\"id\":2}",                            [1, 2]),
        ("  {\"id\":1}  \r\n \t \r\n{\"id\":3}\r",                [1, 3]),
        ("{\"id\":1,\r\"tag\":\"a\"}\n",                          [1]),     // lone CR is whitespace
        ("{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n{\"id\":4}",        [1, 2, 3, 4]),
    ] as [(String, [Int])])
    func splitting(input: String, ids: [Int]) throws {
        let rows = try Self.strict.decodeJSONLines(LineRow.self, from: Data(input.utf8))
        #expect(rows.map(\.id) == ids)
    }

    @Test("Errors carry the line (and the column for malformed JSON)", arguments: [
        // input                                                  line  column  parse error
        ("{\"id\":1}\n{\"id\":\n",                                2,    7,      true),
        ("{\"id\":1}\r\n[1,]\r\n",                                2,    3,      true),    // the trailing comma
        ("\n\n{\"id\": \"x\"}",                                   3,    nil,    false),
        ("{\"id\":1}\n\n{\"tag\":\"a\"}\n{\"id\":2}",             3,    nil,    false),
        ("{\"id\":1}\n{\"id\":2} {\"id\":3}",                     2,    10,     true),
    ] as [(String, Int, Int?, Bool)])
    func errorLines(input: String, line: Int, column: Int?, parseError: Bool) {
        do {
            _ = try Self.strict.decodeJSONLines(LineRow.self, from: Data(input.utf8))
            Issue.record("expected an error")
        } catch let error as JSONLinesError {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect((error.underlyingError is JSONParseError) == parseError)
            #expect((error.underlyingError is DecodingError) == !parseError)
            #expect("\(error)".hasPrefix(column.map { "line \(line), column \($0): " } ?? "line \(line): "))
            if let parse = error.underlyingError as? JSONParseError {
                #expect(parse.line == line)   // the line in the whole input, not 1
            }
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("A parse error names the line an unclosed container started on")
    func openedAtLine() {
        let input = "{\"id\":1}\n\n[1, 2"
        #expect {
            try Self.strict.decodeJSONLines(LineRow.self, from: Data(input.utf8))
        } throws: { error in
            "\(error)".contains("started at line 3, column 1")
        }
    }

    @Test("A decoding error keeps the coding path inside the line")
    func decodingErrorPath() throws {
        let input = "[{\"id\":1}]\n[{\"id\":2}, {\"id\":\"x\"}]"
        #expect {
            try Self.strict.decodeJSONLines([LineRow].self, from: Data(input.utf8))
        } throws: { error in
            guard let error = error as? JSONLinesError, case .typeMismatch(_, let context)? = error.underlyingError as? DecodingError else { return false }
            return error.line == 2 && context.codingPath.map(\.intValue) == [1, nil] && "\(error)".contains("typeMismatch at [1].id")
        }
    }

    @Test("Skipping bad lines records each one")
    func skipping() {
        let input = """
            {"id": 1}
            {"id":
            {"id": "2"}

            {"tag": "no id"}
            {"id": 5}
            """
        var report = DecodingReport()
        let rows = Self.strict.decodeJSONLines(LineRow.self, from: Data(input.utf8), skippingBadLines: &report)
        #expect(rows.map(\.id) == [1, 5])
        #expect(report.events.map(\.path) == ["line 2", "line 3", "line 5"])
        #expect(report.events.allSatisfy { $0.kind == .dropped })
        #expect(report.events[0].detail.hasPrefix("skipped the line: line 2, column 7: "))
        #expect(report.events[1].detail.hasPrefix("skipped the line: line 3: typeMismatch at id: "))
        #expect(report.events[2].detail.hasPrefix("skipped the line: line 5: keyNotFound"))
    }

    @Test("The lenient default reports coercions with the line in the path")
    func reportPaths() throws {
        var report = DecodingReport()
        let rows = try BridgeDecoder().decodeJSONLines(LineRow.self, from: Data("{\"id\":1}\n{\"id\":\"2\"}".utf8), report: &report)
        #expect(rows.map(\.id) == [1, 2])
        #expect(report.events.map(\.path) == ["line 2: id"])
        #expect(report.events.map(\.kind) == [.coerced])

        var skipReport = DecodingReport()
        _ = BridgeDecoder().decodeJSONLines(LineRow.self, from: Data("{\"id\":\"2\"}\n[".utf8), skippingBadLines: &skipReport)
        #expect(skipReport.events.map(\.path) == ["line 1: id", "line 2"])
    }
}
