// ConformanceIndex — `as?` to `MappableCodable` and `UnknownCaseRepresentable` without the
// runtime's first-time scan of every conformance record. The index itself, which reads the
// runtime's metadata sections, lives in Runtime/ConformanceRecords.swift (with its self-check and
// its portable replacement, the plain `as?`); this file names the two protocols it reads.

/// The protocols ``ConformanceIndex`` answers for.
enum IndexedProtocol: UInt {
    case mappableCodable = 1
    case unknownCaseRepresentable = 2

    var bit: UInt {
        switch self {
        case .mappableCodable: ConformanceRecords.firstBit
        case .unknownCaseRepresentable: ConformanceRecords.secondBit
        }
    }
}

/// Whether a type may conform to one of our protocols, answered from the process's conformance
/// records read once (Runtime/ConformanceRecords.swift).
enum ConformanceIndex {
    /// Whether `type` may conform to `indexed`. `false` means it certainly does not; `true` means
    /// the runtime must be asked (`as?`).
    @inline(__always)
    static func mayConform(_ type: Any.Type, to indexed: IndexedProtocol) -> Bool {
        ConformanceRecords.mayConform(type, bit: indexed.bit, LibraryProtocols.self)
    }

    /// `type as? any MappableCodable.Type`, without the runtime's first-time scan when the index
    /// knows the answer: "no" for a type no record names, and for a non-generic model its
    /// conformance's witness table, from the record itself.
    @inline(__always)
    static func model(_ type: Any.Type) -> (any MappableCodable.Type)? {
        ConformanceRecords.first(type, LibraryProtocols.self)
    }

    /// `type as? any UnknownCaseRepresentable.Type`, asked of the runtime only when the index
    /// cannot rule it out.
    static func unknownCaseType(_ type: Any.Type) -> (any UnknownCaseRepresentable.Type)? {
        guard mayConform(type, to: .unknownCaseRepresentable) else { return nil }
        return type as? any UnknownCaseRepresentable.Type
    }

    /// Whether the index is built and passed its self-check (always `false` off Linux and in
    /// portable mode).
    static var isActive: Bool {
        ConformanceRecords.isActive(LibraryProtocols.self)
    }
}

/// The two protocols the conformance index reads the records of, and its probes.
enum LibraryProtocols: IndexedProtocols {
    typealias FirstMetatype = any MappableCodable.Type
    static var first: Any.Type { (any MappableCodable).self }
    static var second: Any.Type { (any UnknownCaseRepresentable).self }
    static var firstProbe: Any.Type { ConformanceIndexProbeModel.self }
    static var secondProbe: Any.Type { ConformanceIndexProbeEnum.self }

    @inline(__always)
    static func castToFirst(_ type: Any.Type) -> (any MappableCodable.Type)? {
        type as? any MappableCodable.Type
    }
}

/// Types the index must find when it checks itself.
struct ConformanceIndexProbeModel: MappableCodable {}

enum ConformanceIndexProbeEnum: String, Codable, UnknownCaseRepresentable {
    case unknown
    static var unknownCase: Self { .unknown }
}
