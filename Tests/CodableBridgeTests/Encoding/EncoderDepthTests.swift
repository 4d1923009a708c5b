import CodableBridge
import Foundation
import Testing

/// `depth + 1` nested arrays, made on demand (no allocation per level): `Nest(depth: 2)` is `[[[]]]`.
private struct Nest: Encodable {
    let depth: Int
    /// Wraps each inner level in an `Optional`, which is not a level of its own.
    var optional = false

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        guard depth > 0 else { return }
        let inner = Nest(depth: depth - 1, optional: optional)
        if optional { try container.encode(Optional(inner)) } else { try container.encode(inner) }
    }
}

/// A linked list of class instances: a cycle when the last links back.
private final class Link: Encodable {
    var next: Link?
    init(next: Link? = nil) { self.next = next }

    /// A chain of `count` links (`count` nested objects).
    static func chain(_ count: Int) -> Link {
        let head = Link()
        var tail = head
        for _ in 1 ..< count {
            let link = Link()
            tail.next = link
            tail = link
        }
        return head
    }

    /// Unlinks iteratively, so releasing a long chain does not recurse.
    static func dismantle(_ head: Link) {
        var current = head.next
        head.next = nil
        while let link = current {
            current = link.next
            link.next = nil
        }
    }
}

/// A model whose didEncode edits every level: the edited object is the model's own level.
private final class Chapter: BridgeObject, @unchecked Sendable {
    var next: Chapter?

    override init() { super.init() }

    private enum CodingKeys: String, CodingKey { case next }

    required init(from decoder: any Decoder) throws {
        next = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Chapter.self, forKey: .next)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(next, forKey: .next)
        try super.encode(to: encoder)
    }

    override func didEncode(into json: inout JSONObject) throws {
        json["seen"] = true
    }

    static func chain(_ count: Int) -> Chapter {
        let head = Chapter()
        var tail = head
        for _ in 1 ..< count {
            let chapter = Chapter()
            tail.next = chapter
            tail = chapter
        }
        return head
    }
}

@Suite("BridgeEncoder.maxDepth")
struct EncoderDepthTests {
    /// Runs `encode` and returns the `EncodingError.invalidValue` context it must throw.
    private func tooDeep(_ encode: () throws -> Void) -> EncodingError.Context? {
        do {
            try encode()
            Issue.record("expected EncodingError.invalidValue")
        } catch EncodingError.invalidValue(_, let context) {
            return context
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return nil
    }

    @Test("the default is 512: 512 nested arrays encode, 513 throw at the 513th")
    func defaultLimit() throws {
        #expect(BridgeEncoder().maxDepth == 512)
        let text = try BridgeEncoder().encodeToString(Nest(depth: 511))
        #expect(text == String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        let context = tooDeep { _ = try BridgeEncoder().encode(Nest(depth: 512)) }
        #expect(context?.codingPath.count == 512)
        #expect(context?.codingPath.allSatisfy { $0.intValue == 0 } == true)
        #expect(context?.debugDescription.contains("nested deeper than maxDepth (512)") == true)
    }

    @Test("a 100,000-deep value throws instead of overflowing the stack")
    func veryDeepValue() throws {
        let context = tooDeep { _ = try BridgeEncoder().encode(Nest(depth: 100_000)) }
        #expect(context?.codingPath.count == 512)

        let chain = Link.chain(100_000)
        defer { Link.dismantle(chain) }
        let chained = tooDeep { _ = try BridgeEncoder().encodeToJSONValue(chain) }
        #expect(chained?.codingPath.count == 512)
        #expect(chained?.codingPath.allSatisfy { $0.stringValue == "next" } == true)
    }

    @Test("a cyclic object graph throws at the path where the limit was passed", arguments: [512, 10])
    func cycle(limit: Int) throws {
        let a = Link()
        let b = Link(next: a)
        a.next = b
        defer { a.next = nil }
        var encoder = BridgeEncoder()
        encoder.maxDepth = limit
        let context = tooDeep { _ = try encoder.encode(a) }
        #expect(context?.codingPath.map(\.stringValue) == Array(repeating: "next", count: limit))
        #expect(context?.debugDescription.contains("cycle") == true)

        let first = Chapter()
        let second = Chapter()
        first.next = second
        second.next = first
        defer { first.next = nil }
        #expect(tooDeep { _ = try encoder.encode(first) }?.codingPath.count == limit)
    }

    @Test("exactly at the limit encodes, one more level throws: arrays, objects, models with didEncode, optionals", arguments: [1, 3, 512])
    func exactlyAtLimit(limit: Int) throws {
        var encoder = BridgeEncoder()
        encoder.maxDepth = limit
        #expect(throws: Never.self) { try encoder.encode(Nest(depth: limit - 1)) }
        #expect(tooDeep { _ = try encoder.encode(Nest(depth: limit)) } != nil)

        // Optionals are not a level.
        #expect(throws: Never.self) { try encoder.encode(Nest(depth: limit - 1, optional: true)) }
        #expect(tooDeep { _ = try encoder.encode(Nest(depth: limit, optional: true)) } != nil)

        let links = Link.chain(limit)
        defer { Link.dismantle(links) }
        #expect(throws: Never.self) { try encoder.encode(links) }
        let over = Link(next: links)
        defer { over.next = nil }
        #expect(tooDeep { _ = try encoder.encode(over) } != nil)

        let chapters = Chapter.chain(limit)
        #expect(try encoder.encodeToJSONValue(chapters)["seen"] == true)
        #expect(tooDeep { _ = try encoder.encode(Chapter.chain(limit + 1)) } != nil)
    }

    @Test("a JSONValue counts its own arrays and objects, below the value that holds it")
    func jsonValueDepth() throws {
        var encoder = BridgeEncoder()
        encoder.maxDepth = 3
        let three: JSONValue = [[["a": 1]]]
        let four: JSONValue = [[[["a": 1]]]]
        #expect(try encoder.encodeToString(three) == #"[[{"a":1}]]"#)
        #expect(tooDeep { _ = try encoder.encode(four) } != nil)
        // Inside an array of the model: one level used above it.
        #expect(throws: Never.self) { try encoder.encode([[["a": 1]] as JSONValue]) }
        let context = tooDeep { _ = try encoder.encode(["x": three]) }
        #expect(context?.codingPath.map(\.stringValue) == ["x"])
        // Scalars are no level.
        encoder.maxDepth = 0
        #expect(try encoder.encodeToString(42) == "42")
        #expect(tooDeep { _ = try encoder.encode([1]) } != nil)
    }
}
