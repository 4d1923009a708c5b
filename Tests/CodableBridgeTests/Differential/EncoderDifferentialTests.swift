import Foundation
import Testing
@testable import CodableBridge

// BridgeEncoder (set to JSONEncoder's defaults) against Foundation's JSONEncoder on generated
// values of the GeneratedModels types: both documents parse (with JSONSerialization) to equal
// objects. Byte-for-byte parity is the job of Parity/EncodingParityTests; this test looks for
// values that change.

@Suite("Differential: BridgeEncoder vs JSONEncoder")
struct EncoderDifferentialTests {
    static let valueCount = 10_000

    @Test("generated values encode to the same JSON as JSONEncoder")
    func encodeMatchesJSONEncoder() throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        let bridge = strictBridgeEncoder()
        for seed in generatedSeeds(Self.valueCount, base: 0xE4C0_0000) {
            var values = RandomValues(seed: seed)
            let record = values.record()
            let theirs = try foundation.encode(record)
            let ours = try bridge.encode(record)
            if !jsonObjectsEqual(theirs, ours) {
                Issue.record("""
                    seed \(seed): encodings differ
                      JSONEncoder:   \(String(decoding: theirs, as: UTF8.self))
                      BridgeEncoder: \(String(decoding: ours, as: UTF8.self))
                    """)
                return
            }
        }
    }
}

/// Random values of the GeneratedModels types, edges included.
struct RandomValues {
    var random: SplitMix64
    private var text: JSONDocumentGenerator

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        text = JSONDocumentGenerator(seed: seed ^ 0xA5A5_A5A5)
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T {
        random.oneIn(4) ? random.pick([T.min, T.max, 0, T.min + 1, T.max - 1]) : T.random(in: .min ... .max, using: &random)
    }

    mutating func double() -> Double {
        if random.oneIn(4) {
            return random.pick([0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                .leastNormalMagnitude, 0.1, 1e22, 1e23, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e-7, 123_456.789])
        }
        var d: Double
        repeat { d = Double(bitPattern: random.next()) } while !d.isFinite
        return d
    }

    mutating func float() -> Float {
        if random.oneIn(4) {
            return random.pick([0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude, 0.1, 16_777_216, 16_777_218, 1e-7])
        }
        var f: Float
        repeat { f = Float(bitPattern: UInt32(truncatingIfNeeded: random.next())) } while !f.isFinite
        return f
    }

    /// A string with escapes, controls, surrogate-pair scalars and combining marks.
    mutating func string() -> String {
        let pieces = ["a", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "😀", "\u{2028}", "\u{FEFF}", " ", "日本"]
        return String((0..<Int.random(in: 0...8, using: &random)).map { _ in random.pick(pieces) }.joined())
    }

    mutating func decimal() -> Decimal {
        random.pick([Decimal(0), Decimal(string: "1.5")!, Decimal(string: "-12.25")!, Decimal(string: "3.14159265358979323846")!,
                     Decimal(string: "123456789012345678901234567890")!, Decimal(integer(Int64.self)), Decimal(string: "0.000001")!])
    }

    mutating func child() -> DiffChild {
        DiffChild(id: integer(Int.self), label: random.oneIn(3) ? nil : string(), ok: random.oneIn(2), weight: float())
    }

    mutating func list<T>(_ make: (inout RandomValues) -> T) -> [T] {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in make(&self) }
    }

    mutating func record() -> DiffRecord {
        DiffRecord(
            id: integer(Int.self), small: integer(Int8.self), unsigned: integer(UInt32.self), big: integer(UInt64.self),
            wide: integer(Int64.self), ratio: double(), single: float(), name: string(), flag: random.oneIn(2),
            note: random.oneIn(3) ? nil : string(), score: random.oneIn(3) ? nil : double(),
            tags: list { $0.string() }, values: list { $0.integer(Int.self) },
            table: Dictionary(list { ($0.string(), $0.double()) }, uniquingKeysWith: { a, _ in a }),
            child: random.oneIn(2) ? nil : child(), children: list { $0.child() },
            matrix: list { $0.list { $0.integer(Int16.self) } }, kind: random.pick(DiffKind.allCases),
            price: decimal(), maybeKinds: list { $0.random.oneIn(3) ? nil : $0.random.pick(DiffKind.allCases) })
    }
}
