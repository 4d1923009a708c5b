import Foundation

// Numbers and the literals `true`, `false`, `null`.
//
// A number is checked against RFC 8259's grammar and kept as text; nothing is converted here:
//
//     number = [ "-" ] ( "0" / 1-9 *DIGIT ) [ "." 1*DIGIT ] [ ( "e" / "E" ) [ "+" / "-" ] 1*DIGIT ]
//
//     "-12"     → length 3, flags integer | negative
//     "1E+2"    → length 4, flags 0 (an exponent makes it non-integer text, whatever its value)
//     "012", "1.", ".5", "+1", "-", "1e" → errors naming the offending byte

extension JSONParser {
    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    /// Scans the number starting at `start` (a digit or `-`), appends its node and returns the
    /// index after it.
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
                throw Failure(offset: i - 1, reason: "numbers must not have leading zeros ('\(snippet(at: start, length: 24))')")
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
        let length = i - start
        guard length <= Int(UInt32.max) else {
            throw Failure(offset: start, reason: "number longer than 4 GiB; not supported")
        }
        nodes.append(JSONTape.Node(kind: .number, payload: start, length: UInt32(truncatingIfNeeded: length), flags: flags))
        return i
    }

    func numberFailure(at i: Int, expected: String) -> Failure {
        Failure(offset: i, reason: "invalid number: expected \(expected), found \(describe(at: i))")
    }

    /// Matches `true`, `false` or `null` at `i` (whose first byte is already known), appends its
    /// node and returns the index after it.
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
            let word = kind == .true ? "true" : kind == .false ? "false" : "null"
            let found = snippet(at: i, length: length)
            let prefix = i + found.utf8.count == count && word.hasPrefix(found) ? "unexpected end of input: " : ""
            throw Failure(offset: i, reason: "\(prefix)expected '\(word)', found '\(found)'")
        }
        nodes.append(JSONTape.Node(kind: kind))
        return i + length
    }
}

// MARK: - Duplicate keys

/// Finds a repeated key among an object's keys without allocating per object.
///
/// Up to ``pairwiseLimit`` keys are compared pairwise (length first, then bytes). Larger objects
/// go through one open-addressing table shared by all objects of the parse: each slot is stamped
/// with the object's node index, so slots left by earlier objects read as empty and the table is
/// never cleared — only grown, when an object has more keys than any before it.
struct DuplicateKeyDetector: ~Copyable {
    struct Slot {
        /// The owning object's node index + 1; anything else means empty.
        var stamp: Int
        var hash: UInt64
        var offset: Int
        var length: Int
    }

    static let pairwiseLimit = 8

    private var slots: UnsafeMutablePointer<Slot>?
    private var capacity = 0

    init() {}

    deinit { slots?.deallocate() }

    /// Whether two of the `count` keys at `keys` (spans of `bytes`) are equal.
    mutating func containsRepeat(_ keys: UnsafeMutablePointer<JSONParser.KeySpan>, count: Int,
                                 in bytes: UnsafeMutablePointer<UInt8>, object: Int) -> Bool {
        if count <= DuplicateKeyDetector.pairwiseLimit {
            for a in 0 ..< count - 1 {
                let key = keys[a]
                for b in a + 1 ..< count where keys[b].length == key.length {
                    if memcmp(bytes + key.offset, bytes + keys[b].offset, key.length) == 0 { return true }
                }
            }
            return false
        }
        return containsRepeatHashed(keys, count: count, in: bytes, stamp: object + 1)
    }

    private mutating func containsRepeatHashed(_ keys: UnsafeMutablePointer<JSONParser.KeySpan>, count: Int,
                                               in bytes: UnsafeMutablePointer<UInt8>, stamp: Int) -> Bool {
        // At most half full: a power of two at least twice the key count.
        var size = 32
        while size < count * 2 { size <<= 1 }
        if size > capacity {
            slots?.deallocate()
            let table = UnsafeMutablePointer<Slot>.allocate(capacity: size)
            table.initialize(repeating: Slot(stamp: 0, hash: 0, offset: 0, length: 0), count: size)
            slots = table
            capacity = size
        }
        guard let slots else { return false }
        let mask = size - 1
        for k in 0 ..< count {
            let key = keys[k]
            let hash = DuplicateKeyDetector.hash(bytes + key.offset, count: key.length)
            var i = Int(truncatingIfNeeded: hash) & mask
            while slots[i].stamp == stamp {
                let slot = slots[i]
                if slot.hash == hash, slot.length == key.length,
                   memcmp(bytes + slot.offset, bytes + key.offset, key.length) == 0 {
                    return true
                }
                i = (i + 1) & mask
            }
            slots[i] = Slot(stamp: stamp, hash: hash, offset: key.offset, length: key.length)
        }
        return false
    }

    /// A fast non-cryptographic hash of `count` bytes (eight at a time, then the tail).
    @inline(__always)
    static func hash(_ start: UnsafeMutablePointer<UInt8>, count: Int) -> UInt64 {
        var h = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 8 <= count {
            let word = UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)
            h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < count {
            tail |= UInt64(start[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 32)
    }
}
