import CodableBridge
import Foundation

extension FuzzTarget {
    /// Floating-point numbers both ways. When the input is the text of a JSON number, a strict
    /// `BridgeDecoder` reads `[<text>]` as `[Double]` to the double `Double(String)` gives, bit
    /// for bit (or refuses it when that double is infinite, or zero from non-zero digits, as
    /// `JSONDecoder` does). The input's first eight bytes as a `Double`'s bit pattern, its first
    /// four as a `Float`'s, and the number the text reads as: `BridgeEncoder` writes each finite
    /// one as its `description` without a trailing ".0" (`JSONEncoder`'s text), and that text
    /// decodes to the same bits.
    static let floats = FuzzTarget(
        name: "floats",
        summary: "JSON number text → Double equals Double(String) bit for bit; Double and Float bit patterns → text equals description without \".0\" and reads back"
    ) { data in
        var doubles: [Double] = []
        var floats: [Float] = []
        if isJSONNumber(data) {
            let text = String(decoding: data, as: UTF8.self)
            // safe: the strict grammar is a subset of what `Double(String)` reads
            let expected = Double(text)!
            checkReading(text, expected: expected, input: data)
            doubles.append(expected)
            if let float = Float(text) { floats.append(float) }
        }
        var bits: UInt64 = 0
        for (index, byte) in data.prefix(8).enumerated() { bits |= UInt64(byte) << (8 * UInt64(index)) }
        doubles.append(Double(bitPattern: bits))
        floats.append(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
        for value in doubles where value.isFinite { checkWriting(value, input: data) }
        for value in floats where value.isFinite { checkWriting(value, input: data) }
    }
}

private let strictDecoder: BridgeDecoder = {
    var decoder = BridgeDecoder()
    decoder.coercion = .strict
    return decoder
}()

/// Whether `data` is exactly one number of JSON's grammar: `-`? (`0` | [1-9][0-9]*)
/// (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?
private func isJSONNumber(_ data: Data) -> Bool {
    let bytes = [UInt8](data)
    var i = 0
    func digits() -> Int {
        let start = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        return i - start
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
    guard i < bytes.count else { return false }
    if bytes[i] == UInt8(ascii: "0") {
        i += 1
    } else if digits() == 0 {
        return false
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
        i += 1
        guard digits() > 0 else { return false }
    }
    if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
        i += 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { return false }
    }
    return i == bytes.count
}

/// The decoder reads `text` as `expected`, bit for bit, or refuses it when `expected` is not a
/// number it keeps (infinite, or zero from digits that are not all zeros).
private func checkReading(_ text: String, expected: Double, input: Data) {
    let mantissa = text.prefix { $0 != "e" && $0 != "E" }
    let representable = expected.isFinite && (expected != 0 || !mantissa.contains { ("1" ... "9").contains($0) })
    do {
        let read = try strictDecoder.decode([Double].self, from: Data("[\(text)]".utf8))
        guard representable, read.count == 1, read[0].bitPattern == expected.bitPattern else {
            fuzzFailure("\(text) read as \(read), Double(String) gives \(expected) (\(expected.bitPattern))", input: input)
        }
    } catch is DecodingError {
        guard !representable else {
            fuzzFailure("\(text) was refused, Double(String) gives \(expected)", input: input)
        }
    } catch {
        fuzzFailure("reading \(text) threw \(type(of: error)), not DecodingError: \(error)", input: input)
    }
}

/// `[value]` is written as `[` + `value.description` without ".0" + `]`, and reads back to `value`.
private func checkWriting<F: BinaryFloatingPoint & Codable & CustomStringConvertible>(_ value: F, input: Data) {
    var expected = value.description
    if expected.hasSuffix(".0") { expected.removeLast(2) }
    let written: Data
    do {
        written = try BridgeEncoder().encode([value])
    } catch {
        fuzzFailure("writing \(value) threw \(error)", input: input)
    }
    let text = String(decoding: written, as: UTF8.self)
    guard text == "[\(expected)]" else {
        fuzzFailure("\(F.self) \(value) written as \(text), description gives \(expected)", input: input)
    }
    do {
        let read = try strictDecoder.decode([F].self, from: written)
        guard read.count == 1, read[0] == value, read[0].sign == value.sign else {
            fuzzFailure("\(F.self) \(value) written as \(text) reads back as \(read)", input: input)
        }
    } catch {
        fuzzFailure("\(F.self) \(value) written as \(text) does not read back: \(error)", input: input)
    }
}
