import Foundation
import Synchronization
import Testing
@testable import CodableBridge

// The decoder writes an array's elements straight into the new array's buffer
// (`DecoderImpl.decodeArray`). These tests count the live elements to check the buffer's
// bookkeeping: every decoded element ends up in the array exactly once, dropped elements leave no
// gap, and when an element throws, the ones already decoded are released (no leak, no double
// release: AddressSanitizer runs this suite in CI).

/// An element that counts its live instances.
private final class TrackedElement: Decodable, Sendable {
    static let live = Atomic<Int>(0)

    let value: Int

    private enum CodingKeys: String, CodingKey { case value = "v" }

    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
        TrackedElement.live.add(1, ordering: .relaxed)
    }

    deinit {
        TrackedElement.live.add(-1, ordering: .relaxed)
    }
}

private struct TrackedBox: Decodable {
    var items: [TrackedElement]
}

private struct NestedTrackedBox: Decodable {
    var items: [[TrackedElement]]
}

private func liveElements() -> Int {
    TrackedElement.live.load(ordering: .relaxed)
}

private func decoder(_ coercion: CoercionPolicy) -> BridgeDecoder {
    var decoder = BridgeDecoder()
    decoder.coercion = coercion
    return decoder
}

@Suite("Array elements: each decoded element is kept once or released", .serialized)
struct ArrayElementLifetimeTests {
    @Test("a clean array keeps every element, in order")
    func cleanArray() throws {
        do {
            let box = try decoder(.strict).decode(TrackedBox.self, from: #"{"items": [{"v": 1}, {"v": 2}, {"v": 3}]}"#)
            #expect(box.items.map(\.value) == [1, 2, 3])
            #expect(liveElements() == 3)
        }
        #expect(liveElements() == 0)
    }

    @Test("an empty array")
    func emptyArray() throws {
        let box = try decoder(.strict).decode(TrackedBox.self, from: #"{"items": []}"#)
        #expect(box.items.isEmpty)
        #expect(liveElements() == 0)
    }

    // Under `.lenient` an element that is not an object is dropped; an object whose `v` is bad
    // is kept with `v` defaulted (its own event), so these drops use non-objects.
    @Test("lenient: a dropped element leaves no gap", arguments: [
        (#"[7, {"v": 2}, {"v": 3}]"#, [2, 3]),
        (#"[{"v": 1}, null, {"v": 3}]"#, [1, 3]),
        (#"[{"v": 1}, {"v": 2}, "x"]"#, [1, 2]),
        (#"[7, [], "x"]"#, []),
    ])
    func lenientDrops(items: String, expected: [Int]) throws {
        do {
            let (box, report) = try decodeReporting(TrackedBox.self, #"{"items": \#(items)}"#, preset: .lenient)
            #expect(box.items.map(\.value) == expected)
            #expect(liveElements() == expected.count)
            #expect(report.events.filter { $0.kind == .dropped }.count == 3 - expected.count)
        }
        #expect(liveElements() == 0)
    }

    @Test("strict: an element that throws releases the ones decoded before it", arguments: [
        (#"[{"v": 1}, {"v": 2}, {"v": "x"}, {"v": 4}]"#, "items[2].v"),
        (#"[{"v": "x"}]"#, "items[0].v"),
        (#"[{"v": 1}, null]"#, "items[1]"),
    ])
    func strictThrow(items: String, path: String) throws {
        let error = #expect(throws: DecodingError.self) {
            try decoder(.strict).decode(TrackedBox.self, from: #"{"items": \#(items)}"#)
        }
        #expect(error.map(codingPathString(of:)) == path)
        #expect(liveElements() == 0)
    }

    @Test("strict: a throw in an inner array releases the outer array's finished elements too")
    func nestedThrow() throws {
        let json = #"{"items": [[{"v": 1}, {"v": 2}], [{"v": 3}, 5]]}"#
        #expect(throws: DecodingError.self) { try decoder(.strict).decode(NestedTrackedBox.self, from: json) }
        #expect(liveElements() == 0)
        do {
            let (box, _) = try decodeReporting(NestedTrackedBox.self, json, preset: .lenient)
            #expect(box.items.map { $0.map(\.value) } == [[1, 2], [3]])
            #expect(liveElements() == 3)
        }
        #expect(liveElements() == 0)
    }
}

/// `items[2].v`: the error's coding path, dotted, with indices in brackets.
private func codingPathString(of error: DecodingError) -> String {
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
    @unknown default: return ""
    }
    var text = ""
    for key in context.codingPath {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : "." + key.stringValue
        }
    }
    return text
}
