import Foundation
import Testing
@testable import CodableBridge

/// What a decode knows about a model type (`DecoderImpl.ModelState`): once a type's checks are
/// done on a thread, its decodes share one state that is never written. Hooks, checks and
/// rejections must behave on every decode exactly as on the first.
@Suite("Model state across decodes")
struct ModelStateTests {
    /// A model with a renamed key whose `didDecode` labels the value and rejects a negative one.
    struct Labelled: MappableCodable, Equatable {
        var id: Int
        var label = ""
        static var keyMapping: KeyMapping { ["id": "ident"] }
        mutating func didDecode(from json: JSONValue) throws {
            if id < 0 { throw Rejected() }
            label = "seen \(id)"
        }
        struct Rejected: Error {}
    }

    /// A model without hooks, met beside `Labelled` in one decode.
    struct Plain: MappableCodable, Equatable {
        var name: String
        static var keyMapping: KeyMapping { ["name": "title"] }
    }

    struct Both: Codable, Equatable {
        var labelled: [Labelled]
        var plain: Plain
        var more: [Labelled]
    }

    @Test("Every decode on one thread runs the hook and its rejection, as the first one did")
    func hooksOnEveryDecode() throws {
        let decoder = BridgeDecoder()
        for round in 0 ..< 5 {
            let value = try decoder.decode(Labelled.self, from: #"{"ident": \#(round)}"#)
            #expect(value == Labelled(id: round, label: "seen \(round)"))
            #expect(throws: DecodingError.self) { try decoder.decode(Labelled.self, from: #"{"ident": -1}"#) }
            var report = DecodingReport()
            let list = try decoder.decode([Labelled].self, from: #"[{"ident": 1}, {"ident": -2}, {"ident": 3}]"#, report: &report)
            #expect(list.map(\.label) == ["seen 1", "seen 3"])
            #expect(report.events.contains { $0.kind == .rejected })
        }
    }

    @Test("Several model types in one decode keep their own states")
    func severalTypes() throws {
        let json = #"{"labelled": [{"ident": 1}], "plain": {"title": "t"}, "more": [{"ident": 2}, {"ident": 4}]}"#
        for _ in 0 ..< 3 {
            let value = try BridgeDecoder().decode(Both.self, from: json)
            #expect(value == Both(labelled: [Labelled(id: 1, label: "seen 1")], plain: Plain(name: "t"),
                                  more: [Labelled(id: 2, label: "seen 2"), Labelled(id: 4, label: "seen 4")]))
        }
    }

    @Test("Threads decoding the same types at once agree")
    func threads() throws {
        let json = Data(#"{"labelled": [{"ident": 1}], "plain": {"title": "t"}, "more": [{"ident": 2}]}"#.utf8)
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0 ..< 200 {
                let value = try? BridgeDecoder().decode(Both.self, from: json)
                if value?.more.first?.label != "seen 2" || value?.plain.name != "t" { failures.add() }
            }
        }
        #expect(failures.count == 0)
    }

    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }
}
