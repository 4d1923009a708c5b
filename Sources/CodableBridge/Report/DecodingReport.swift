/// Everything the decoder changed: each coercion, default, dropped element and rejected model,
/// and (under `unknownKeyStrategy = .report`) each unknown key.
///
/// ```swift
/// var report = DecodingReport()
/// let feed = try BridgeDecoder().decode(Feed.self, from: data, report: &report)
/// for event in report.events where event.kind == .dropped { log(event) }
/// print(report)   // grouped by path
/// ```
public struct DecodingReport: Sendable, Hashable, CustomStringConvertible {
    /// The events in the order they happened.
    public var events: [DecodingEvent]

    /// Creates an empty report.
    public init() {
        events = []
    }

    /// Whether nothing was changed.
    public var isEmpty: Bool { events.isEmpty }

    /// The events at `path` (e.g. `"statuses[3].user.id"`).
    public func events(at path: String) -> [DecodingEvent] {
        events.filter { $0.path == path }
    }

    /// One line per event, grouped by path in first-seen order.
    public var description: String {
        if events.isEmpty { return "DecodingReport: nothing coerced, defaulted or dropped" }
        var order: [String] = []
        var byPath: [String: [DecodingEvent]] = [:]
        for event in events {
            if byPath[event.path] == nil { order.append(event.path) }
            byPath[event.path, default: []].append(event)
        }
        var lines = ["DecodingReport: \(events.count) event\(events.count == 1 ? "" : "s")"]
        for path in order {
            lines.append("  \(path.isEmpty ? "<root>" : path)")
            // safe: every path in `order` was added to byPath in the loop above
            for event in byPath[path]! {
                lines.append("    \(event.kind): \(event.detail)")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// One change the decoder made.
public struct DecodingEvent: Sendable, Hashable, CustomStringConvertible {
    /// What kind of change.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable { case coerced, defaulted, dropped, rejected, unknownKey }
        let base: Base

        /// A value of another JSON type was converted (`"12"` → `12`).
        public static let coerced = Kind(base: .coerced)
        /// A missing, null or unconvertible value was replaced by a default.
        public static let defaulted = Kind(base: .defaulted)
        /// A container element that could not be decoded was left out.
        public static let dropped = Kind(base: .dropped)
        /// A model's hook threw, rejecting it.
        public static let rejected = Kind(base: .rejected)
        /// An object member no model reads (reported under `unknownKeyStrategy = .report`); the
        /// path ends in the key.
        public static let unknownKey = Kind(base: .unknownKey)

        /// The kind's name: `coerced`, `defaulted`, `dropped` or `rejected`.
        public var description: String { base.rawValue }
    }

    /// Where: the coding path spelled `users[2].address.zip`.
    public let path: String
    /// What kind of change.
    public let kind: Kind
    /// What happened, for people: `string "12" → Int 12`.
    public let detail: String

    /// Creates an event, for tests and for tools that merge reports.
    ///
    /// - Parameters:
    ///   - path: The coding path, spelled `users[2].address.zip` (empty for the top level).
    ///   - kind: What kind of change.
    ///   - detail: What happened, for people.
    public init(path: String, kind: Kind, detail: String) {
        self.path = path
        self.kind = kind
        self.detail = detail
    }

    /// `path: kind: detail`, with `<root>` for the top level.
    public var description: String {
        "\(path.isEmpty ? "<root>" : path): \(kind): \(detail)"
    }
}

/// Collects events during one decode; exists only when the caller asked for a report.
final class ReportCollector {
    var events: [DecodingEvent] = []
}
