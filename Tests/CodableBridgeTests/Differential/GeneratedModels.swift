import Foundation

// The Codable types the decoder and encoder differential tests generate documents and values for.
// Their synthesized `init(from:)` / `encode(to:)` are the same code under both coders, so any
// difference in value, error case or coding path comes from the coders.

enum DiffKind: String, Codable, CaseIterable, Sendable {
    case alpha, beta, gamma
}

struct DiffChild: Codable, Equatable, Sendable {
    var id: Int
    var label: String?
    var ok: Bool
    var weight: Float
}

struct DiffRecord: Codable, Equatable, Sendable {
    var id: Int
    var small: Int8
    var unsigned: UInt32
    var big: UInt64
    var wide: Int64
    var ratio: Double
    var single: Float
    var name: String
    var flag: Bool
    var note: String?
    var score: Double?
    var tags: [String]
    var values: [Int]
    var table: [String: Double]
    var child: DiffChild?
    var children: [DiffChild]
    var matrix: [[Int16]]
    var kind: DiffKind
    var price: Decimal
    var maybeKinds: [DiffKind?]
}

/// The schema of a generated document: what each member should hold (before mutations).
indirect enum DiffSchema: Sendable {
    case int(ClosedRange<Double>)  // the range of the integer type
    case double, float, string, bool, decimal
    case kind
    case optional(DiffSchema)
    case array(DiffSchema)
    case dictionary(DiffSchema)
    case object([(String, DiffSchema)])

    static let child: DiffSchema = .object([
        ("id", .int(Double(Int.min)...Double(Int.max))), ("label", .optional(.string)), ("ok", .bool), ("weight", .float),
    ])

    static let record: DiffSchema = .object([
        ("id", .int(Double(Int.min)...Double(Int.max))), ("small", .int(-128...127)), ("unsigned", .int(0...4_294_967_295)),
        ("big", .int(0...Double(UInt64.max))), ("wide", .int(Double(Int64.min)...Double(Int64.max))),
        ("ratio", .double), ("single", .float), ("name", .string), ("flag", .bool),
        ("note", .optional(.string)), ("score", .optional(.double)), ("tags", .array(.string)),
        ("values", .array(.int(Double(Int.min)...Double(Int.max)))), ("table", .dictionary(.double)),
        ("child", .optional(child)), ("children", .array(child)), ("matrix", .array(.array(.int(-32768...32767)))),
        ("kind", .kind), ("price", .decimal), ("maybeKinds", .array(.optional(.kind))),
    ])
}
