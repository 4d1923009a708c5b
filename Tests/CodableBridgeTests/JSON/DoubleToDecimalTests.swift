import Foundation
import Testing
@testable import CodableBridge

/// `Double` and `Float` are written as `JSONEncoder` writes them — their `description` without a
/// trailing ".0" — byte for byte, by `DoubleToDecimal` straight into the writer's buffer: on the
/// values where the layout or the digit search changes course, on every power of two and ten with
/// its neighbours, on random bit patterns, and through `BridgeEncoder` against `JSONEncoder`.
@Suite("Double and Float to JSON number text")
struct DoubleToDecimalTests {
    /// What `JSONEncoder` writes: the `description`, without ".0".
    static func expected<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// The text `DoubleToDecimal` stores for `value`.
    static func written(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(byteCount: DoubleToDecimal.storedBytes, alignment: 8) { buffer in
            let count = DoubleToDecimal.write(value, to: buffer.baseAddress!)
            return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// The text `DoubleToDecimal` stores for `value`.
    static func written(_ value: Float) -> String {
        withUnsafeTemporaryAllocation(byteCount: DoubleToDecimal.storedBytes, alignment: 8) { buffer in
            let count = DoubleToDecimal.write(value, to: buffer.baseAddress!)
            return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// The text a writer appends for `value`.
    static func writerText(_ value: Double) -> String {
        var writer = JSONWriter(options: [])
        writer.writeDouble(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static let specialDoubles: [Double] = [
        // zeros, integers, the integer fast path's ends
        0, -0.0, 1, -1, 7, 10, 100, 1_000_000, 123_456_789, 4_503_599_627_370_496, 4_503_599_627_370_497,
        9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_994, 18_014_398_509_481_984,
        // around 2^53 and 10^16, where `description` switches to an exponent
        1e15, 1e16, 1e17, 9_999_999_999_999_998, 12_345_678_901_234_568,
        Double(sign: .plus, exponent: 53, significand: 1).nextDown, Double(sign: .plus, exponent: 53, significand: 1).nextUp,
        // around 10^-4 and 10^-5
        0.0001, 0.0001.nextDown, 0.0001.nextUp, 0.00012345, 0.00009999999999999999, 0.00001, 0.00001.nextUp, 1e-7,
        // decimal fractions, shortest digits, ties
        0.1, 0.2, 0.3, 0.1 + 0.2, 1.5, 2.5, 123.456, -65.61361699999998, 43.42027300000001, 1.0 / 3, .pi, -.pi,
        1e22, 1e23, 8.41e21, 5.0e-5,
        // the ends of the range
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNonzeroMagnitude * 2, .leastNonzeroMagnitude * 3, .leastNonzeroMagnitude * 10,
        .leastNormalMagnitude, .leastNormalMagnitude.nextDown, .leastNormalMagnitude.nextUp,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .greatestFiniteMagnitude.nextDown, .ulpOfOne,
    ]

    @Test("Special values: zeros, integers, 2^53, 10^16, 10^-4 and 10^-5, subnormals, the ends of the range", arguments: specialDoubles)
    func specialDouble(_ value: Double) {
        #expect(Self.written(value) == Self.expected(value), "\(value.bitPattern)")
        #expect(Self.writerText(value) == Self.expected(value), "\(value.bitPattern)")
    }

    static let specialFloats: [Float] = [
        0, -0.0, 1, -1, 10, 100, 8_388_608, 16_777_215, 16_777_216, 16_777_218, 33_554_432, 1e7, 1e8, 1e10,
        0.0001, Float(0.0001).nextDown, Float(0.0001).nextUp, 0.00001, 1e-7, 0.1, 0.2, 0.3, 1.5, 123.456, -7.25, .pi,
        .leastNonzeroMagnitude, .leastNonzeroMagnitude * 2, .leastNormalMagnitude, .leastNormalMagnitude.nextDown,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne,
    ]

    @Test("Special Float values: its own shortest digits (0.1, not 0.10000000149011612), 2^24", arguments: specialFloats)
    func specialFloat(_ value: Float) {
        #expect(Self.written(value) == Self.expected(value), "\(value.bitPattern)")
        var writer = JSONWriter(options: [])
        writer.writeFloat(value)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == Self.expected(value), "\(value.bitPattern)")
    }

    @Test("Every power of two and of ten, and the values next to them")
    func powersAndNeighbours() {
        var doubles: [Double] = []
        for exponent in -1074 ... 1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            doubles += [power, power.nextUp, power.nextDown, -power]
        }
        for exponent in -324 ... 308 {
            guard let power = Double("1e\(exponent)"), power != 0 else { continue }
            doubles += [power, power.nextUp, power.nextDown]
        }
        for value in doubles where value.isFinite {
            #expect(Self.written(value) == Self.expected(value), "\(value.bitPattern)")
        }
        var floats: [Float] = []
        for exponent in -149 ... 127 {
            let power = Float(sign: .plus, exponent: exponent, significand: 1)
            floats += [power, power.nextUp, power.nextDown]
        }
        for exponent in -45 ... 38 {
            guard let power = Float("1e\(exponent)"), power != 0 else { continue }
            floats += [power, power.nextUp, power.nextDown]
        }
        for value in floats where value.isFinite {
            #expect(Self.written(value) == Self.expected(value), "\(value.bitPattern)")
        }
    }

    @Test("200 000 random Double bit patterns")
    func randomDoubles() {
        var random = SplitMix64(seed: 0xD0B1_E5)
        var checked = 0
        while checked < 200_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            checked += 1
            let text = Self.written(value)
            guard text == Self.expected(value) else {
                Issue.record("\(value.bitPattern): \(text) against \(Self.expected(value))")
                return
            }
        }
    }

    @Test("200 000 random Float bit patterns")
    func randomFloats() {
        var random = SplitMix64(seed: 0xF1_0A75)
        var checked = 0
        while checked < 200_000 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            guard value.isFinite else { continue }
            checked += 1
            let text = Self.written(value)
            guard text == Self.expected(value) else {
                Issue.record("\(value.bitPattern): \(text) against \(Self.expected(value))")
                return
            }
        }
    }

    @Test("Short decimals as documents hold them: coordinates, prices, measurements")
    func typicalDecimals() {
        var random = SplitMix64(seed: 0xC0_0D)
        for _ in 0 ..< 50_000 {
            let digits = Int(random.next() % 9)
            let text = String(format: "%.*f", digits, Double(random.next() % 2_000_000_000) / 1_000 - 1_000_000)
            let value = Double(text)!
            #expect(Self.written(value) == Self.expected(value), "\(text)")
        }
    }

    @Test("The self-check passes: the writer uses this text, not description")
    func selfCheckPasses() {
        #expect(DoubleToDecimal.isAvailable)
        let writer = JSONWriter(options: [])
        let direct = writer.directNumbers
        #expect(direct)
    }

    struct Measurements: Codable, Equatable {
        var name: String
        var values: [Double]
        var floats: [Float]
        var single: Double
        var optional: Double?
    }

    @Test("BridgeEncoder writes the bytes JSONEncoder writes for doubles and floats")
    func encoderMatchesFoundation() throws {
        var random = SplitMix64(seed: 0xE1C0_DE)
        var values = Self.specialDoubles
        var floats = Self.specialFloats
        while values.count < 2_000 {
            let value = Double(bitPattern: random.next())
            if value.isFinite { values.append(value) }
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            if float.isFinite { floats.append(float) }
        }
        let model = Measurements(name: "m", values: values, floats: floats, single: -0.0, optional: 1e-7)
        var bridge = BridgeEncoder()
        bridge.outputFormatting = [.sortedKeys]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        let ours = try bridge.encode(model)
        #expect(ours == (try foundation.encode(model)))
        let decoded = try JSONDecoder().decode(Measurements.self, from: ours)
        #expect(decoded.values.map(\.bitPattern) == values.map(\.bitPattern))
    }
}
