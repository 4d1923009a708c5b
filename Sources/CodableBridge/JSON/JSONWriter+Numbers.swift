// Number text, exactly as Foundation's `JSONEncoder`:
//
//   integers   decimal digits, `-` for negatives:               -128, 18446744073709551615
//   Double     Swift's shortest round-tripping `description`,
//              without a trailing ".0":                          1, 0.1, 1e-07, 1e+16, -0
//   Float      the same, from `Float`'s own description:          0.1 (not 0.10000000149011612)
//
// Both are written by `DoubleToDecimal` (DoubleToDecimal.swift) straight into the buffer, the
// same text without making a `String`; `description` itself only if its self-check failed.
//   text       a `JSONNumber` or `Decimal` is written from its text, unchanged.
//
// Non-finite numbers never get here from `BridgeEncoder` (it throws, or writes the strings of
// `.convertToString`). A `JSONNumber` made from a non-finite `Double` holds `"nan"`/`"inf"`,
// which is not JSON; the writer writes `null` for it rather than produce invalid text.

extension JSONWriter {
    /// Pairs of decimal digits "00"…"99", for writing integers two digits at a time.
    private static let digitPairs: [UInt8] = {
        var pairs = [UInt8]()
        pairs.reserveCapacity(200)
        for n in 0..<100 {
            pairs.append(UInt8(ascii: "0") + UInt8(n / 10))
            pairs.append(UInt8(ascii: "0") + UInt8(n % 10))
        }
        return pairs
    }()

    /// Appends a signed integer.
    package mutating func writeInteger(_ value: Int64) {
        if value < 0 {
            appendByte(UInt8(ascii: "-"))
        }
        writeUnsigned(value.magnitude)
    }

    /// Appends an unsigned integer.
    package mutating func writeUnsigned(_ value: UInt64) {
        if value < 10 {
            appendByte(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            JSONWriter.digitPairs.withUnsafeBufferPointer { pairs in
                var n = value
                var position = 20
                while n >= 100 {
                    let pair = Int(n % 100) &* 2
                    n /= 100
                    position &-= 2
                    buffer[position] = pairs[pair]
                    buffer[position &+ 1] = pairs[pair &+ 1]
                }
                if n >= 10 {
                    let pair = Int(n) &* 2
                    position &-= 2
                    buffer[position] = pairs[pair]
                    buffer[position &+ 1] = pairs[pair &+ 1]
                } else {
                    position &-= 1
                    buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n)
                }
                appendBytes(UnsafeBufferPointer(rebasing: buffer[position..<20]))
            }
        }
    }

    /// Appends a finite `Double` as `JSONEncoder` does: its `description` without a trailing ".0"
    /// (written by `DoubleToDecimal`, without making the `String`).
    package mutating func writeDouble(_ value: Double) {
        guard directNumbers else { return appendNumberDescription(value.description) }
        appendStored(upTo: DoubleToDecimal.storedBytes) { DoubleToDecimal.write(value, to: $0) }
    }

    /// Appends a finite `Float` as `JSONEncoder` does: its `description` without a trailing ".0"
    /// (written by `DoubleToDecimal`, without making the `String`).
    package mutating func writeFloat(_ value: Float) {
        guard directNumbers else { return appendNumberDescription(value.description) }
        appendStored(upTo: DoubleToDecimal.storedBytes) { DoubleToDecimal.write(value, to: $0) }
    }

    /// The text `JSONEncoder` writes for a finite binary floating-point value.
    package static func numberText<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    private mutating func appendNumberDescription(_ description: String) {
        var text = description
        text.withUTF8 { utf8 in
            var count = utf8.count
            if count > 2, utf8[count - 2] == UInt8(ascii: "."), utf8[count - 1] == UInt8(ascii: "0") {
                count -= 2
            }
            appendBytes(UnsafeBufferPointer(rebasing: utf8[0..<count]))
        }
    }

    /// Appends number text as is, or `null` when it is a non-finite marker (`nan`, `inf`, `-inf`,
    /// `NaN`) rather than a JSON number.
    package mutating func writeNumberText(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            if JSONWriter.startsLikeNumber(utf8) {
                appendBytes(utf8)
            } else {
                writeNull()
            }
        }
    }

    /// Whether number text begins as a JSON number does: a digit, or `-` then a digit.
    package static func startsLikeNumber<C: Collection>(_ utf8: C) -> Bool where C.Element == UInt8 {
        var bytes = utf8.makeIterator()
        guard var first = bytes.next() else { return false }
        if first == UInt8(ascii: "-") {
            guard let second = bytes.next() else { return false }
            first = second
        }
        return first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
    }
}
