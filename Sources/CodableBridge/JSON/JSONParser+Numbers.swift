// Numbers and the literals `true`, `false`, `null`.
//
// A number is checked against RFC 8259's grammar and kept as text; nothing is converted here:
//
//     number = [ "-" ] ( "0" / 1-9 *DIGIT ) [ "." 1*DIGIT ] [ ( "e" / "E" ) [ "+" / "-" ] 1*DIGIT ]
//
//     "-12"     → length 3, flags integer | negative
//     "1E+2"    → length 4, flags 0 (an exponent makes it non-integer text, whatever its value)
//     "012", "1.", ".5", "+1", "-", "1e" → errors naming the offending byte

extension JSONParser where Output: ~Copyable {
    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    /// Space, tab, LF or CR.
    @inline(__always)
    static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Scans the number starting at `start` (a digit or `-`), gives its node to the output and
    /// returns the index after it.
    mutating func scanNumber(at start: Int) throws(Failure) -> Int {
        var i = start
        var flags = JSONTape.Flags.integer
        if p[i] == UInt8(ascii: "-") {
            flags |= JSONTape.Flags.negative
            i += 1
        }
        let first = p[i]
        if first == UInt8(ascii: "0") {
            i += 1
            if JSONParser.isDigit(p[i]) {
                var end = i
                while JSONParser.isDigit(p[end]) || p[end] == UInt8(ascii: ".") { end += 1 }
                throw Failure(offset: i - 1, reason: "numbers must not have leading zeros ('\(snippet(at: start, length: min(end - start, 40)))')")
            }
        } else if JSONParser.isDigit(first) {
            i += 1
            while JSONParser.isDigit(p[i]) { i += 1 }
        } else {
            throw numberFailure(at: i, expected: "a digit after '-'")
        }
        if p[i] == UInt8(ascii: ".") {
            flags = JSONTape.Flags.negative & flags
            i += 1
            guard JSONParser.isDigit(p[i]) else { throw numberFailure(at: i, expected: "a digit after the decimal point") }
            i += 1
            while JSONParser.isDigit(p[i]) { i += 1 }
        }
        if p[i] | 0x20 == UInt8(ascii: "e") {
            flags = JSONTape.Flags.negative & flags
            i += 1
            if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
            guard JSONParser.isDigit(p[i]) else { throw numberFailure(at: i, expected: "a digit in the exponent") }
            i += 1
            while JSONParser.isDigit(p[i]) { i += 1 }
        }
        let length = i - start  // under 4 GiB: so is the whole document
        try checkNumberLength(from: start, to: i)
        output.scalar(JSONTape.Node(kind: .number, payload: start, length: UInt32(truncatingIfNeeded: length), flags: flags), in: bytes)
        return i
    }

    func numberFailure(at i: Int, expected: String) -> Failure {
        Failure(offset: i, reason: "invalid number: expected \(expected), found \(describe(at: i))")
    }

    /// Matches `true`, `false` or `null` at `i` (whose first byte is already known), gives its node
    /// to the output and returns the index after it.
    @inline(__always)
    mutating func scanLiteral(at i: Int, _ kind: JSONTape.Kind) throws(Failure) -> Int {
        // The last four bytes of each literal, little-endian.
        let (length, tail): (Int, UInt32) = switch kind {
        case .true: (4, 0x6575_7274)   // "true"
        case .false: (5, 0x6573_6C61)  // "alse"
        default: (4, 0x6C6C_756E)      // "null"
        }
        guard i + length <= count,
              UInt32(littleEndian: UnsafeRawPointer(p + i + length - 4).loadUnaligned(as: UInt32.self)) == tail
        else {
            throw literalFailure(at: i, kind == .true ? "true" : kind == .false ? "false" : "null")
        }
        output.scalar(JSONTape.Node(kind: kind), in: bytes)
        return i + length
    }
}
