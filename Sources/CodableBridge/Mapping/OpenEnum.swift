/// An enum value that keeps raw values its enum does not know, and writes them back unchanged.
///
/// Decodes the raw value (a `String` or `Int`, or any `Codable` raw type): a case of `Known`
/// becomes `.known(case)`, anything else `.unknown(rawValue)`. Encoding writes the raw value either
/// way, so decoding then encoding loses nothing. No report event: nothing was replaced.
///
/// ```swift
/// enum Status: String, Codable { case active, suspended }
/// struct Account: Codable { var status: OpenEnum<Status> }
/// // {"status": "archived"} → .unknown("archived") → encodes {"status": "archived"}
/// if case .known(.active) = account.status { … }
/// ```
public enum OpenEnum<Known: RawRepresentable & Codable> {
    /// A raw value that is a case of `Known`.
    case known(Known)
    /// A raw value that is no case of `Known`, kept as is.
    case unknown(Known.RawValue)

    /// The raw value, known or not.
    public var rawValue: Known.RawValue {
        switch self {
        case .known(let value): value.rawValue
        case .unknown(let raw): raw
        }
    }

    /// The case for `rawValue`: `.known` when `Known` has it, else `.unknown`.
    public init(rawValue: Known.RawValue) {
        if let known = Known(rawValue: rawValue) {
            self = .known(known)
        } else {
            self = .unknown(rawValue)
        }
    }
}

extension OpenEnum: Codable where Known.RawValue: Codable {
    /// Decodes the raw value; see ``OpenEnum``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(Known.RawValue.self))
    }

    /// Encodes the raw value, known or not.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension OpenEnum: Equatable where Known.RawValue: Equatable {
    /// Equal when the raw values are equal.
    public static func == (lhs: OpenEnum, rhs: OpenEnum) -> Bool { lhs.rawValue == rhs.rawValue }
}

extension OpenEnum: Hashable where Known.RawValue: Hashable {
    /// Hashes the raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension OpenEnum: Sendable where Known: Sendable, Known.RawValue: Sendable {}
