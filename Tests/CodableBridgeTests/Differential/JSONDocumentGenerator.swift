import Foundation

// Random JSON text for the differential and property tests. Each document is built from one seed
// (SplitMix64) and mixes what parsers get wrong: deep nesting, every escape (`\"` `\\` `\/` `\b`
// `\f` `\n` `\r` `\t` `\uXXXX`), surrogate pairs as escapes and as raw 4-byte UTF-8, multi-byte
// text, numbers at the edges of Int64 / UInt64 / Double (and just past them), exponents, `-0`,
// repeated keys, and all four kinds of whitespace.
//
// The generator also notes which documented difference from Foundation a document contains
// (`KnownDifference`), so a test can exclude exactly those — by name, in one place.
//
// With `json5` set it writes JSON5 as well, as JSONDecoder's `allowsJSON5` reads it: comments and
// vertical tab / form feed as whitespace, unquoted and single-quoted keys, single-quoted strings,
// the escapes `\'` and `\xXX` and line continuations, hexadecimal numbers, a leading `+`, leading
// and trailing decimal points, `Infinity` and `-Infinity` (never NaN, which is not equal to itself),
// and trailing commas.

/// One generated document: its text and the documented differences it contains.
struct GeneratedDocument {
    var text: String
    var differences: Set<KnownDifference>
    var data: Data { Data(text.utf8) }
}

/// Builds random JSON documents.
struct JSONDocumentGenerator {
    var random: SplitMix64
    /// The deepest nesting a document may reach.
    var maxDepth = 40
    /// Whether an object may repeat a key (with a different value).
    var allowsRepeatedKeys = true
    /// Whether documents use JSON5's syntax too (see the comment at the top of this file).
    var json5 = false
    private(set) var differences: Set<KnownDifference> = []

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A complete document: usually a container, sometimes a bare scalar.
    mutating func document() -> GeneratedDocument {
        differences = []
        var text = whitespace()
        if random.oneIn(8) {
            text += scalar()
        } else if random.oneIn(20) {
            text += deepNest(depth: Int.random(in: 50...maxDeepNest, using: &random))
        } else {
            text += container(depth: 0)
        }
        text += whitespace()
        return GeneratedDocument(text: text, differences: differences)
    }

    private let maxDeepNest = 400

    mutating func value(depth: Int) -> String {
        if depth < maxDepth && random.oneIn(depth < 3 ? 2 : 4) { return container(depth: depth) }
        return scalar()
    }

    mutating func container(depth: Int) -> String {
        random.oneIn(2) ? array(depth: depth + 1) : object(depth: depth + 1)
    }

    mutating func array(depth: Int) -> String {
        let count = Int.random(in: 0...4, using: &random)
        let elements = (0..<count).map { _ in whitespace() + value(depth: depth) + whitespace() }
        return "[" + (count == 0 ? whitespace() : elements.joined(separator: ",") + trailingComma()) + "]"
    }

    mutating func object(depth: Int) -> String {
        let count = Int.random(in: 0...4, using: &random)
        var keys: [String] = []
        var members: [String] = []
        for _ in 0..<count {
            // A random text plus the member's position, so keys repeat only on purpose.
            var key = String(string(maxLength: 8, singleQuotes: false).dropLast()) + "\(keys.count)\""
            if json5, random.oneIn(3) {
                key = identifierKey(keys.count)
            }
            if allowsRepeatedKeys, !keys.isEmpty, random.oneIn(40) {
                key = random.pick(keys)
                differences.insert(.repeatedKeys)
            }
            keys.append(key)
            members.append(whitespace() + key + whitespace() + ":" + whitespace() + value(depth: depth) + whitespace())
        }
        return "{" + (count == 0 ? whitespace() : members.joined(separator: ",") + trailingComma()) + "}"
    }

    /// An unquoted JSON5 key ending in `n`, so keys repeat only on purpose.
    mutating func identifierKey(_ n: Int) -> String {
        random.pick(["k", "$k", "_k", "é", "ǅx", "a\u{301}", "Ⅻ"]) + random.pick(["", "_", "a1", "٣"]) + "\(n)"
    }

    /// A key as JSON5 may write it: unquoted, single-quoted or double-quoted (`name` is an
    /// identifier).
    mutating func key(_ name: String) -> String {
        guard json5 else { return "\"\(name)\"" }
        return random.pick([name, "'\(name)'", "\"\(name)\""])
    }

    /// Rarely, a trailing comma (a documented difference of `JSONValue(parsing:)`; JSON5 and
    /// `foundationCompatible` read it as JSONDecoder does). Often in JSON5.
    mutating func trailingComma() -> String {
        if json5 { return random.oneIn(4) ? "," : "" }
        guard random.oneIn(300) else { return "" }
        differences.insert(.trailingComma)
        return ","
    }

    /// `depth` levels of arrays and objects wrapping one scalar.
    mutating func deepNest(depth: Int) -> String {
        var open = "", close = ""
        for _ in 0..<depth {
            if random.oneIn(2) {
                open += "["
                close = "]" + close
            } else {
                open += #"{"k":"#
                close = "}" + close
            }
        }
        return open + scalar() + close
    }

    mutating func scalar() -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0: "null"
        case 1: random.oneIn(2) ? "true" : "false"
        case 2, 3, 4: number()
        default: string(maxLength: 16)
        }
    }

    // MARK: Numbers

    private static let edgeIntegers = [
        "0", "-0", "1", "-1", "9007199254740992", "9007199254740993", "-9007199254740993",
        "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296",
        "9223372036854775806", "9223372036854775807", "9223372036854775808",
        "-9223372036854775807", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551614", "18446744073709551615", "18446744073709551616",
        "123456789012345678901234567890",
    ]

    private static let edgeDoubles = [
        "1.7976931348623157e308", "-1.7976931348623157e308", "2.2250738585072014e-308",
        "4.9e-324", "5e-324", "2.225073858507201e-308", "0.1", "0.30000000000000004",
        "1e22", "1e23", "-0.0", "0.0", "1.0", "1E2", "1e+2", "1E-2", "123.456e-7", "9007199254740993.0",
        "1.00000000000000011102230246251565404236316680908203125",
    ]

    mutating func number() -> String {
        if json5, random.oneIn(4) { return json5Number() }
        let text = anyNumber()
        if let exponent = text.firstIndex(where: { $0 == "e" || $0 == "E" }), text[..<exponent] == "0",
           text.index(after: exponent) < text.endIndex, text[text.index(after: exponent)...].count == 1,
           text.last != "0" {
            differences.insert(.decoderRejectsZeroWithExponent)
        }
        return text
    }

    /// A number only JSON5 writes, whose value every type that reads it gets exactly (hexadecimal
    /// numbers stay below 2^24, where `Float` and `Double` hold them exactly).
    mutating func json5Number() -> String {
        let digits = String(Int.random(in: 0...99_999, using: &random))
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return random.pick(["", "+", "-"]) + "0x" + String(Int.random(in: 0...0xFF_FFFF, using: &random), radix: 16, uppercase: random.oneIn(2))
        case 1: return "+" + digits
        case 2: return random.pick(["", "+", "-"]) + "." + digits
        case 3: return digits + "."
        case 4: return digits + "." + random.pick(["e2", "E-1", "e+3"])
        case 5: return random.pick(["Infinity", "-Infinity", "+Infinity"])
        default: return random.pick(["0X1F", "-0x0", "+.5e1", "0.", "-0."])
        }
    }

    private mutating func anyNumber() -> String {
        if random.oneIn(200) {
            differences.insert(.numberBeyondDouble)
            return random.pick(["1e400", "-2.5E+309", "1e999999999"])
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return random.pick(Self.edgeIntegers)
        case 1: return random.pick(Self.edgeDoubles)
        case 2: return String(Int64.random(in: .min ... .max, using: &random))
        case 3: return String(UInt64.random(in: 0 ... .max, using: &random))
        case 4:
            // A finite random double, printed the shortest way (`1.5e-07`, `12345.678`).
            var d: Double
            repeat { d = Double(bitPattern: random.next()) } while !d.isFinite
            return "\(d)".replacingOccurrences(of: "e+", with: "e")
        default:
            // Hand-built: sign, integer part, fraction, exponent (kept well inside Double's range).
            var text = random.oneIn(3) ? "-" : ""
            text += random.oneIn(4) ? "0" : String(Int.random(in: 1...999_999, using: &random))
            if random.oneIn(2) { text += "." + String(Int.random(in: 0...999_999, using: &random)) }
            if random.oneIn(3) {
                text += random.pick(["e", "E", "e+", "E-", "e-"]) + String(Int.random(in: 0...300, using: &random))
            }
            return text
        }
    }

    // MARK: Strings

    private static let escapes = [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#]
    private static let pieces = ["a", "Z", "0", " ", "é", "ß", "日本", "\u{7F}", "😀", "👩‍👩‍👧", "e\u{301}", "\u{2028}"]

    /// A string of up to `maxLength` pieces; in JSON5 sometimes in single quotes, unless
    /// `singleQuotes` is false.
    mutating func string(maxLength: Int, singleQuotes: Bool = true) -> String {
        var text = "\""
        for _ in 0..<Int.random(in: 0...maxLength, using: &random) {
            if json5, random.oneIn(6) {
                text += random.pick([#"\'"#, #"\x41"#, #"\xe9"#, #"\x7F"#, "\\\n", "\\\r\n", "'"])
                continue
            }
            switch Int.random(in: 0..<8, using: &random) {
            case 0: text += random.pick(Self.escapes)
            case 1: text += unicodeEscape()
            case 2:
                // A surrogate pair for a scalar above U+FFFF.
                let scalar = UInt32.random(in: 0x1_0000...0x10_FFFF, using: &random) - 0x1_0000
                text += #"\u"# + hex(0xD800 + (scalar >> 10), uppercase: true) + #"\u"# + hex(0xDC00 + (scalar & 0x3FF), uppercase: false)
            case 3:
                if random.oneIn(200) {
                    differences.insert(.serializationDropsInnerByteOrderMark)
                    text += "\u{FEFF}"
                } else {
                    text += random.pick(Self.pieces)
                }
            default:
                text += String(UnicodeScalar(UInt8.random(in: 0x20...0x7E, using: &random)))
                    .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            }
        }
        text += "\""
        guard json5, singleQuotes, random.oneIn(2) else { return text }
        // Single quotes: a quote inside needs a backslash; escapes are copied as they are.
        var quoted = "'"
        var scalars = text.unicodeScalars.dropFirst().dropLast().makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\\" {
                quoted.unicodeScalars.append(scalar)
                if let escaped = scalars.next() { quoted.unicodeScalars.append(escaped) }
            } else {
                quoted += scalar == "'" ? #"\'"# : String(scalar)
            }
        }
        return quoted + "'"
    }

    /// `\uXXXX` for a random scalar of the BMP (not a surrogate), sometimes a control character.
    mutating func unicodeEscape() -> String {
        var value: UInt32
        repeat {
            value = random.oneIn(3) ? UInt32.random(in: 0...0x1F, using: &random) : UInt32.random(in: 0...0xFFFF, using: &random)
        } while (0xD800...0xDFFF).contains(value) || (json5 && value == 0)  // JSON5 rejects \u0000
        return #"\u"# + hex(value, uppercase: random.oneIn(2))
    }

    /// Four hex digits.
    func hex(_ value: UInt32, uppercase: Bool) -> String {
        let digits = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    mutating func whitespace() -> String {
        if json5, random.oneIn(6) {
            return random.pick(["/* c */", "/**/", " // c\n", "\u{0B}", "\u{0C}", "/* * / */ ", "//\r"])
        }
        guard random.oneIn(3) else { return "" }
        return String((0..<Int.random(in: 1...3, using: &random)).map { _ in random.pick([" ", "\t", "\n", "\r"] as [Character]) })
    }
}
