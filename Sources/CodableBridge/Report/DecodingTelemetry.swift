import Foundation

/// Counts of every repair the decoder makes, across every decode that uses it, safe to export
/// from production: they name models, paths and rules, never an input value.
///
/// Set one on a decoder shared by the whole process, then read ``snapshot()`` periodically (a log
/// line, a metrics counter). Every entry point counts — `decode`, `decode(_:from:at:)`,
/// `update(_:from:)`, the model helpers, JSON Lines — with or without a `report:` argument, from
/// any thread.
///
/// ```swift
/// let telemetry = DecodingTelemetry()
/// var decoder = BridgeDecoder()
/// decoder.telemetry = telemetry
/// let feed = try decoder.decode(Feed.self, from: data)
/// for count in telemetry.snapshot() {
///     print(count.model, count.path, count.kind, count.rule, count.count)
///     // Status statuses[].id coerced string → Int 20
/// }
/// ```
///
/// A count is keyed by:
/// - `model`: the type that declares the property the event is about — the type whose coding
///   keys name the last property on the event's path (`User` for `statuses[].user.id`); the
///   top-level type when the path has no property (an element dropped from a top-level array)
///   or the key type is not nested in a type.
/// - `path`: the event's path with every array index replaced by `[]` (`statuses[].user.id`).
///   Dictionary keys and unknown keys stay as they are: they are keys of the document, so a
///   dictionary keyed by identifiers makes one row per identifier.
/// - `kind` and `rule`: the kind of change and a constant naming the repair (`"string → Int"`,
///   `"missing → zero value"`, `"unknown key"`, `"dropped element (null)"`).
///
/// Counts are the events a ``DecodingReport`` of the same decode would hold, including those of a
/// decode that then throws; a JSON Lines line that does not decode counts its repairs too, and
/// under `decodeJSONLines(_:from:skippingBadLines:)` a `"skipped line"` drop at path `""`.
///
/// A document with nothing to repair costs nothing extra. With events, each decode records them
/// as a report does, without their details, counts them locally and merges the counts under one
/// lock when it ends.
public final class DecodingTelemetry: @unchecked Sendable {  // all state under `lock`
    /// How many times one repair happened at one place of one model.
    public struct Count: Sendable, Hashable {
        /// The name of the model type the event is about (`Status`), without its module.
        public var model: String
        /// The event's path with array indices replaced by `[]`: `"statuses[].user.id"`.
        public var path: String
        /// What kind of change.
        public var kind: DecodingEvent.Kind
        /// The repair: `"string → Int"`, `"missing → zero value"`, `"unknown key"` … never a value.
        public var rule: String
        /// How many times it happened since the telemetry was made or last reset.
        public var count: Int

        /// Creates a count, for tests and for tools that merge snapshots.
        ///
        /// - Parameters:
        ///   - model: The model type's name.
        ///   - path: The path pattern (`[]` for indices).
        ///   - kind: What kind of change.
        ///   - rule: The repair's name.
        ///   - count: How many times.
        public init(model: String, path: String, kind: DecodingEvent.Kind, rule: String, count: Int) {
            self.model = model
            self.path = path
            self.kind = kind
            self.rule = rule
            self.count = count
        }
    }

    private let lock = NSLock()
    private var table: [TallyKey: Int] = [:]

    /// Creates an empty telemetry.
    public init() {}

    /// The counts so far, the most frequent first (ties in order of model, path, kind and rule).
    ///
    /// - Returns: One count per model, path pattern, kind and rule seen.
    public func snapshot() -> [Count] {
        let rows = lock.withLock { table }
        var merged: [Count: Int] = [:]
        for (key, count) in rows {
            let row = Count(model: key.model.name, path: key.path.spelt, kind: key.kind, rule: key.rule.name, count: 0)
            merged[row, default: 0] += count
        }
        return merged.map { row, count in
            var row = row
            row.count = count
            return row
        }
        .sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            if a.model != b.model { return a.model < b.model }
            if a.path != b.path { return a.path < b.path }
            if a.kind.description != b.kind.description { return a.kind.description < b.kind.description }
            return a.rule < b.rule
        }
    }

    /// Forgets every count.
    public func reset() {
        lock.withLock { table = [:] }
    }

    /// Adds the events one decode recorded; `root` is its top-level type.
    func add(_ collector: ReportCollector, root: Any.Type) {
        guard !collector.isEmpty else { return }
        add(collector.tally(root: root))
        for part in collector.parts { add(part, root: root) }
    }

    /// Adds counts (a key may come more than once).
    func add(_ counts: [(TallyKey, Int)]) {
        guard !counts.isEmpty else { return }
        lock.withLock {
            for (key, count) in counts { table[key, default: 0] += count }
        }
    }
}
