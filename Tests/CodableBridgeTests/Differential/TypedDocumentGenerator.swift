import Foundation

// Documents shaped like a `DiffSchema`, with mutations: a member left out, a null, a value of the
// wrong type, a number that does not fit, an unknown enum case, an extra member. Most documents
// are nearly right, so the coders get deep before they fail — where coding paths matter. With
// `base.json5` set they are written in JSON5 (JSONDocumentGenerator.swift): unquoted and
// single-quoted keys, comments, hexadecimal and other JSON5 numbers, trailing commas.

struct TypedDocumentGenerator {
    var base: JSONDocumentGenerator
    /// One member in `mutationOdds` is mutated.
    var mutationOdds = 25

    init(seed: UInt64) { base = JSONDocumentGenerator(seed: seed) }

    mutating func document(_ schema: DiffSchema) -> GeneratedDocument {
        let text = value(schema, depth: 0)
        return GeneratedDocument(text: text, differences: base.differences)
    }

    mutating func value(_ schema: DiffSchema, depth: Int) -> String {
        if base.random.oneIn(mutationOdds) { return mutation(schema, depth: depth) }
        switch schema {
        case .int(let range):
            if base.random.oneIn(40) { return integerEdge(range) }
            let low = max(range.lowerBound, -1e15), high = min(range.upperBound, 1e15)
            let value = Int64(Double.random(in: low...high, using: &base.random))
            if base.json5, base.random.oneIn(5) {
                return (value < 0 ? "-" : base.random.pick(["", "+"])) + "0x" + String(value.magnitude, radix: 16)
            }
            return String(value)
        case .double:
            return base.number()
        case .float:
            return base.random.oneIn(3) ? base.number() : "\(Float.random(in: -1e6...1e6, using: &base.random))"
        case .string:
            return base.string(maxLength: 12)
        case .bool:
            return base.random.oneIn(2) ? "true" : "false"
        case .decimal:
            if base.json5, base.random.oneIn(3) { return base.random.pick([".5", "+5", "5.", "0x1F", "-0x10", "+.25e2"]) }
            return base.random.pick(["0", "1.5", "-12.25", "3.14159265358979323846", "1e10", "123456789012345678901234567890"])
        case .kind:
            return "\"\(base.random.pick(DiffKind.allCases).rawValue)\""
        case .optional(let wrapped):
            return base.random.oneIn(4) ? "null" : value(wrapped, depth: depth)
        case .array(let element):
            let count = Int.random(in: 0...4, using: &base.random)
            return "[" + (0..<count).map { _ in value(element, depth: depth + 1) }.joined(separator: ",")
                + (count > 0 ? base.trailingComma() : "") + "]"
        case .dictionary(let element):
            let count = Int.random(in: 0...3, using: &base.random)
            return "{" + (0..<count).map { i in base.key("k\(i)") + ":" + value(element, depth: depth + 1) }.joined(separator: ",")
                + (base.json5 && count > 0 ? base.trailingComma() : "") + "}"
        case .object(let members):
            var parts: [String] = []
            for (key, member) in members {
                if base.random.oneIn(mutationOdds * 2) { continue }  // left out
                let space = base.json5 ? base.whitespace() : ""
                parts.append(space + base.key(key) + ":" + value(member, depth: depth + 1))
            }
            if base.random.oneIn(8) { parts.insert("\"extra\":" + base.value(depth: depth + 1), at: Int.random(in: 0...parts.count, using: &base.random)) }
            return "{" + parts.joined(separator: ",") + (parts.isEmpty ? "" : base.trailingComma()) + "}"
        }
    }

    /// Something that is not quite `schema`.
    mutating func mutation(_ schema: DiffSchema, depth: Int) -> String {
        switch Int.random(in: 0..<4, using: &base.random) {
        case 0: return "null"
        case 1:
            if case .int(let range) = schema, base.random.oneIn(2) { return integerEdge(range) }
            if case .kind = schema { return base.random.pick(["\"delta\"", "\"ALPHA\"", "0"]) }
            // What messy servers send: numbers and Booleans as strings, and the reverse.
            return base.random.pick([#""42""#, #""-7""#, #""1.5""#, #"" 12 ""#, #""1e3""#, #""true""#, #""yes""#,
                                     #""0""#, #""""#, "1", "0", "2", "1.0", #""null""#, #""[1,2]""#, #""{\"id\":1}""#])
        case 2: return base.value(depth: depth + 1)
        default: return base.scalar()
        }
    }

    /// A number at or just past the edge of an integer type, or a non-integer.
    mutating func integerEdge(_ range: ClosedRange<Double>) -> String {
        let edges: [String]
        switch range.upperBound {
        case 127: edges = ["127", "128", "-128", "-129", "1.0", "1.5", "1e2", "-0"]
        case 32767: edges = ["32767", "32768", "-32768", "-32769", "1E1", "2.5"]
        case 4_294_967_295: edges = ["4294967295", "4294967296", "-1", "0", "1e9", "4.2e9"]
        case Double(UInt64.max): edges = ["18446744073709551615", "18446744073709551616", "-1", "9223372036854775808", "1e19", "1.8e19"]
        default: edges = ["9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "1e18", "1.5", "-0.0", "12.000"]
        }
        return base.random.pick(edges)
    }
}
