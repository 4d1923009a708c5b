import Foundation
import Testing
@testable import CodableBridge

/// `ArrayStorage` (Runtime/ArrayStorage.swift): arrays allocated for an element type known only at
/// run time without the runtime's metadata lookup, as the decoder's element loop makes them.
@Suite("ArrayStorage")
struct ArrayStorageTests {
    /// A model whose instances tell a `Tracker` (in the decoder's `userInfo`) that they exist, and
    /// which throws for a negative number.
    final class Tracked: Decodable {
        static let trackerKey = CodingUserInfoKey(rawValue: "tracker")!
        let number: Int

        init(from decoder: any Decoder) throws {
            number = try decoder.singleValueContainer().decode(Int.self)
            if number < 0 {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "negative"))
            }
            (decoder.userInfo[Self.trackerKey] as? Tracker)?.made.append(Weak(object: self))
        }
    }

    struct Weak { weak var object: Tracked? }

    final class Tracker: @unchecked Sendable {  // used by one test at a time
        var made: [Weak] = []
    }

    struct Wide: Equatable {
        var vector: SIMD4<Float>
        var tag: UInt8
    }

    #if !CODABLEBRIDGE_PORTABLE
    @Test("Its self-check passes on this toolchain, and every element type tried has a layout (a toolchain that changes the layout fails here)")
    func selfCheckPasses() {
        #expect(ArrayStorage.layoutHolds)
        #expect(ArrayStorage.layout(of: String.self) != nil)
        #expect(ArrayStorage.layout(of: UInt8.self) != nil)
        #expect(ArrayStorage.layout(of: Wide.self) != nil)
        #expect(ArrayStorage.layout(of: Tracked.self) != nil)
        #expect(ArrayStorage.layout(of: [String: Int].self) != nil)
    }

    /// `values` written into an array of capacity `capacity` made here.
    private func made<E>(_ values: [E], capacity: Int) throws -> [E] {
        let layout = try #require(ArrayStorage.layout(of: E.self))
        return ArrayStorage.makeArray(E.self, capacity: capacity, layout: layout) { base, count in
            for value in values {
                (base + count).initialize(to: value)
                count += 1
            }
        }
    }

    @Test("An array made here equals the standard library's, with its count and capacity, for elements of every size and alignment")
    func equalsStandardLibrarys() throws {
        let strings = ["a", String(repeating: "long enough to be stored out of line ", count: 3), "é"]
        #expect(try made(strings, capacity: 3) == strings)
        let bytes: [UInt8] = [1, 2, 3, 4, 5]
        #expect(try made(bytes, capacity: 5) == bytes)
        let wide = [Wide(vector: [1, 2, 3, 4], tag: 7), Wide(vector: [5, 6, 7, 8], tag: 9)]
        let madeWide = try made(wide, capacity: 2)
        #expect(madeWide == wide)
        madeWide.withUnsafeBufferPointer { buffer in
            #expect(Int(bitPattern: buffer.baseAddress) % MemoryLayout<Wide>.alignment == 0)
        }
        let dictionaries: [[String: Int]] = [["a": 1], [:], ["b": 2, "c": 3]]
        let madeDictionaries = try made(dictionaries, capacity: 3)
        #expect(madeDictionaries == dictionaries)
        #expect(madeDictionaries.count == 3 && madeDictionaries.capacity == 3)
    }

    @Test("An array with fewer elements than its capacity (dropped ones) counts only those, and grows and copies as any array")
    func fewerThanCapacity() throws {
        var array = try made(["x", "y"], capacity: 5)
        #expect(array.count == 2)
        #expect(array.capacity == 5)
        let copy = array
        array.append(contentsOf: ["z", "w", "v", "u"])
        #expect(array == ["x", "y", "z", "w", "v", "u"])
        #expect(copy == ["x", "y"])
        array.removeFirst()
        #expect(array == ["y", "z", "w", "v", "u"])
    }

    @Test("When the fill throws, the elements it wrote are released, and none is kept")
    func throwingFillReleases() throws {
        struct Stop: Error {}
        let layout = try #require(ArrayStorage.layout(of: Tracked.self))
        let tracker = Tracker()
        var decoder = BridgeDecoder()
        decoder.userInfo[Tracked.trackerKey] = tracker
        #expect(throws: Stop.self) {
            _ = try ArrayStorage.makeArray(Tracked.self, capacity: 3, layout: layout) { base, count in
                for number in [1, 2] {
                    (base + count).initialize(to: try decoder.decode(Tracked.self, from: Data("\(number)".utf8)))
                    count += 1
                }
                throw Stop()
            }
        }
        #expect(tracker.made.count == 2)
        #expect(tracker.made.allSatisfy { $0.object == nil })
    }
    #else
    @Test("Portable mode has no layout: arrays come from the standard library")
    func portableHasNoLayout() {
        #expect(ArrayStorage.layout(of: String.self) == nil)
    }
    #endif

    @Test("The decoder's arrays of models: equal to JSONDecoder's, a dropped element not counted, and the elements decoded before an error released")
    func decoderArrays() throws {
        struct Point: Codable, Equatable {
            var x: Int
            var y: Int
        }
        let text = Data(#"[{"x":1,"y":2},{"x":3,"y":4},{"x":5,"y":6}]"#.utf8)
        var strict = BridgeDecoder()
        strict.coercion = .strict
        var decoded = try strict.decode([Point].self, from: text)
        #expect(decoded == (try JSONDecoder().decode([Point].self, from: text)))
        decoded.append(Point(x: 7, y: 8))
        #expect(decoded.map(\.x) == [1, 3, 5, 7])

        // Lenient: the element that does not decode is dropped, so the array holds fewer
        // elements than the text.
        let lenientTracker = Tracker()
        var lenient = BridgeDecoder()
        lenient.userInfo[Tracked.trackerKey] = lenientTracker
        var kept = try lenient.decode([Tracked].self, from: Data("[1, 2, -1, 3]".utf8))
        #expect(kept.map(\.number) == [1, 2, 3])
        kept.append(kept[0])
        #expect(kept.map(\.number) == [1, 2, 3, 1])
        kept = []
        #expect(lenientTracker.made.allSatisfy { $0.object == nil })

        // Strict: the error ends the array, and the elements decoded before it are released.
        let tracker = Tracker()
        var tracking = BridgeDecoder()
        tracking.coercion = .strict
        tracking.userInfo[Tracked.trackerKey] = tracker
        #expect(throws: DecodingError.self) { try tracking.decode([Tracked].self, from: Data("[1, 2, 3, -1, 5]".utf8)) }
        #expect(tracker.made.count == 3)
        #expect(tracker.made.allSatisfy { $0.object == nil })
    }
}
