/// An enum with a case that stands for every raw value it does not know.
///
/// A raw value that matches no case decodes as ``unknownCase`` — under every coercion policy,
/// `.strict` included — and is reported as `.defaulted` with the raw value in the detail, whether
/// the enum is a property or a container element. Encoding writes `unknownCase`'s own raw value;
/// to keep the unknown raw value itself, use ``OpenEnum``.
///
/// ```swift
/// enum Status: String, Codable, UnknownCaseRepresentable {
///     case active, suspended, unknown
///     static var unknownCase: Status { .unknown }
/// }
/// // {"status": "archived"} → .unknown
/// // report: status: defaulted: raw value "archived" is no case of Status; used Status.unknown
/// ```
///
/// The decoder reads the raw value and calls `init(rawValue:)`; a custom `init(from:)` of the enum
/// is not called. Only enums are treated this way: a struct adopting the protocol decodes through
/// its own `init(from:)`.
public protocol UnknownCaseRepresentable: RawRepresentable {
    /// The case for raw values that match no case.
    static var unknownCase: Self { get }
}
