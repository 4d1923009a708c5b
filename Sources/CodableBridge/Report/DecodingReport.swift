import Foundation

/// Everything the decoder changed: each coercion, default, dropped element and rejected model,
/// and (under `unknownKeyStrategy = .report`) each unknown key.
///
/// ```swift
/// var report = DecodingReport()
/// let feed = try BridgeDecoder().decode(Feed.self, from: data, report: &report)
/// for event in report.events where event.kind == .dropped { log(event) }
/// print(report)   // grouped by path
/// ```
///
/// A report is complete when the decode returns. A container that a model keeps and reads after
/// that records nothing: what it does later is not part of the decode.
public struct DecodingReport: Sendable, Hashable, CustomStringConvertible {
    /// The events in the order they happened.
    ///
    /// A decode records facts (where, what, which values); their paths and details are spelt the
    /// first time this property is read, so asking for a report costs little until it is looked at.
    public var events: [DecodingEvent] {
        get { recorded.reduce(into: spelt) { $0 += $1.events } }
        set {
            spelt = newValue
            recorded = []
        }
    }

    /// Events already spelt out (or set by the caller), before `recorded`.
    private var spelt: [DecodingEvent]
    /// What each decode into this report recorded, in order.
    private var recorded: [ReportCollector]

    /// Creates an empty report.
    public init() {
        spelt = []
        recorded = []
    }

    /// Adds what a decode recorded.
    mutating func append(_ collector: ReportCollector) {
        if !collector.isEmpty { recorded.append(collector) }
    }

    /// Adds the events of `other`, after every event already in the report.
    mutating func append(contentsOf other: DecodingReport) {
        if recorded.isEmpty {
            spelt += other.spelt
        } else if !other.spelt.isEmpty {
            let collector = ReportCollector()
            for event in other.spelt { collector.append(spelt: event) }
            recorded.append(collector)
        }
        recorded += other.recorded
    }

    /// Adds one event, after every event already in the report.
    mutating func append(event: DecodingEvent) {
        if recorded.isEmpty {
            spelt.append(event)
        } else {
            let collector = ReportCollector()
            collector.append(spelt: event)
            recorded.append(collector)
        }
    }

    /// Whether two reports hold the same events, in the same order (however they were recorded).
    public static func == (lhs: DecodingReport, rhs: DecodingReport) -> Bool {
        lhs.events == rhs.events
    }

    /// Hashes the events, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(events)
    }

    /// Whether nothing was changed.
    public var isEmpty: Bool { spelt.isEmpty && recorded.isEmpty }

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
        enum Base: String, Sendable, Hashable { case coerced, defaulted, dropped, rejected, unknownKey, incomplete }
        let base: Base

        /// A value of another JSON type was converted (`"12"` → `12`).
        public static let coerced = Kind(base: .coerced)
        /// A missing, null or unconvertible value was replaced by a default (under
        /// `update(_:from:)`: a present value that was not converted kept the current value).
        public static let defaulted = Kind(base: .defaulted)
        /// A container element that could not be decoded was left out.
        public static let dropped = Kind(base: .dropped)
        /// A model's hook threw, rejecting it.
        public static let rejected = Kind(base: .rejected)
        /// An object member no model reads (reported under `unknownKeyStrategy = .report`); the
        /// path ends in the key.
        public static let unknownKey = Kind(base: .unknownKey)
        /// A value the text ended inside or before, in a partial document
        /// (`BridgeDecoder.decodePartial(_:from:report:)`, `partialValues(of:from:)`): an open
        /// container closed where the text ends, a string kept as far as it arrived, or a value
        /// left out because it had not arrived (or was cut mid-number). Never recorded for a
        /// complete document.
        public static let incomplete = Kind(base: .incomplete)

        /// The kind's name: `coerced`, `defaulted`, `dropped`, `rejected`, `unknownKey` or `incomplete`.
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

/// The details of frequent events, kept as facts — unboxed, in one array per decode — by the layer
/// that records them, and spelt only when the report is read. An event refers to its facts by
/// index, so recording one allocates nothing (the decoder's message file provides the store).
protocol EventDetailStore: AnyObject {
    /// The detail for people of the facts at `index`, as ``DecodingEvent/detail``.
    func spelt(at index: Int) -> String
}

/// Collects events during one decode; exists when the caller asked for a report or the decoder
/// has a ``DecodingTelemetry`` (which counts the events when the decode ends).
///
/// An event is recorded as facts: its kind; its rule (``EventRule``, what telemetry counts);
/// where it happened — a node of the recording decoder's coding paths (``EventPathTable``) plus
/// the key; and its detail, either already a string or an index into ``detailStore`` — or
/// nothing, when only telemetry reads the collector (``keepsDetails``). The report spells the
/// events the first time they are read (under `lock`, since a finished report is `Sendable`).
final class ReportCollector: @unchecked Sendable {  // written by one decode; after it (closed), read-only except `cache`, under `lock`
    /// One event as recorded.
    struct Recorded {
        let kind: DecodingEvent.Kind
        let location: Location
        /// The key below the location's node (`nil` for spelt events and events at the node itself).
        let key: PathComponent?
        let rule: EventRule
        let detail: Detail
    }

    /// Where an event happened.
    enum Location {
        /// The event came already spelt (`append(spelt:)`), with the name of the model it is
        /// about when the recording layer knows it.
        case spelt(String, model: String?)
        /// A node of path table `table` (``pathTables``); the event's ``Recorded/key`` is below it.
        case node(table: Int, node: Int)
    }

    enum Detail {
        case text(String)
        /// An index into ``detailStore``.
        case stored(Int)
        /// Not kept: only telemetry reads this collector.
        case omitted
    }

    /// Whether events keep their details: false when no report reads this collector, only a
    /// ``DecodingTelemetry``, which counts rules and never looks at details.
    let keepsDetails: Bool

    /// Creates a collector; `keepsDetails: false` for one that only telemetry reads.
    init(keepsDetails: Bool = true) {
        self.keepsDetails = keepsDetails
    }

    /// Where `.stored` details are kept; set by the recording layer before its first such event.
    @exclusivity(unchecked) var detailStore: (any EventDetailStore)?

    // One decode on one thread writes these; afterwards only `events` reads them, under `lock`.
    // So the runtime's exclusivity checks (a thread-local lookup per access) are switched off.
    @exclusivity(unchecked) private var recorded = ChunkedList<Recorded>()
    /// The coding paths of the decoders that recorded events here, one table per decoder.
    @exclusivity(unchecked) private(set) var pathTables: [EventPathTable] = []
    private let lock = NSLock()
    @exclusivity(unchecked) private var cache: [DecodingEvent]?

    /// False once the decode this collector belongs to has returned (``close()``). A container
    /// that a model kept and uses afterwards records nothing: the report a decode hands back is
    /// complete, never written to again (so never by two threads).
    @exclusivity(unchecked) private(set) var isOpen = true

    /// The collectors of the parts of this decode that ran on other threads (an array or JSON
    /// Lines split between threads: BridgeDecoder+Parallel.swift), in document order; their events
    /// follow this collector's own. Added once those parts have ended.
    @exclusivity(unchecked) private(set) var parts: [ReportCollector] = []

    var isEmpty: Bool { recorded.isEmpty && parts.allSatisfy(\.isEmpty) }

    /// Adds the collector of a part of this decode that ran on another thread and has ended.
    func appendPart(_ part: ReportCollector) {
        parts.append(part)
        cache = nil
    }

    /// Ends recording: the decode has returned. The recording layer checks ``isOpen``.
    func close() {
        isOpen = false
    }

    /// The number of events recorded so far by this collector's own decode (its ``parts`` aside).
    var count: Int { recorded.count }

    /// Forgets the events recorded from position `index` on (a decode that turned out not to apply).
    func removeEvents(from index: Int) {
        guard index < recorded.count else { return }
        recorded.removeLast(from: index)
        cache = nil
    }

    /// Forgets the last events recorded at `path` (spelt) or below it: a value that was thrown
    /// away whole, whose repairs were never applied. Walks back from the newest event and stops
    /// at the first one elsewhere, so only the value's own events go.
    func removeTrailingEvents(under path: String) {
        var index = recorded.count
        while index > 0, isAt(recorded[index - 1], orBelow: path) { index -= 1 }
        removeEvents(from: index)
    }

    private func isAt(_ event: Recorded, orBelow path: String) -> Bool {
        let text: String
        switch event.location {
        case .spelt(let spelt, _):
            text = spelt
        case .node(let table, let node):
            text = spell(table: table, node: node, key: event.key)
        }
        guard text.hasPrefix(path) else { return false }
        guard !path.isEmpty, let next = text.dropFirst(path.count).first else { return true }
        return next == "." || next == "["
    }

    /// Records an event that is already spelt (telemetry does not count it: see ``EventRule/spelt``).
    func append(spelt event: DecodingEvent) {
        recorded.append(Recorded(kind: event.kind, location: .spelt(event.path, model: nil), key: nil, rule: .spelt, detail: .text(event.detail)))
        cache = nil
    }

    /// Records an event at the spelt `path`, about the model named `model`.
    func record(_ kind: DecodingEvent.Kind, spelt path: String, model: String, rule: EventRule, _ detail: Detail) {
        recorded.append(Recorded(kind: kind, location: .spelt(path, model: model), key: nil, rule: rule, detail: detail))
        cache = nil
    }

    /// Adds the path table of a decoder that records its first event here; returns its index.
    func addPathTable(prefix: [PathComponent]) -> Int {
        pathTables.append(EventPathTable(prefix: prefix))
        return pathTables.count - 1
    }

    /// Records an event at `node` of path table `table` plus `key`; `nodes` is the recording
    /// decoder's whole node list (the table copies the nodes it does not have yet).
    @inline(__always)
    func record(_ kind: DecodingEvent.Kind, table: Int, node: Int, nodes: UnsafeBufferPointer<PathNode>, key: PathComponent?,
                rule: EventRule, _ detail: Detail)
    {
        pathTables[table].mirror(nodes)
        recorded.append(Recorded(kind: kind, location: .node(table: table, node: node), key: key, rule: rule, detail: detail))
        cache = nil
    }

    /// The spelt path of an event at `node` of path table `table` plus `key`.
    private func spell(table: Int, node: Int, key: PathComponent?) -> String {
        var steps = pathTables[table].components(of: node).map(PathStep.init)
        if let key { steps.append(PathStep(key)) }
        return pathString(steps[...])
    }

    /// Visits each recorded event in order, in place (what telemetry counts).
    func forEachRecorded(_ body: (UnsafePointer<Recorded>) -> Void) {
        recorded.forEachInPlace(body)
    }

    /// The recorded events, spelt (once).
    var events: [DecodingEvent] {
        lock.withLock {
            if let cache { return cache }
            let spelt = recorded.map { event in
                let detail: String
                switch event.detail {
                case .text(let text): detail = text
                // safe: a `.stored` detail is recorded only after the store is set
                case .stored(let index): detail = detailStore!.spelt(at: index)
                case .omitted: detail = ""
                }
                let path: String
                switch event.location {
                case .spelt(let text, _):
                    path = text
                case .node(let table, let node):
                    path = spell(table: table, node: node, key: event.key)
                }
                return DecodingEvent(path: path, kind: event.kind, detail: detail)
            }
            let all = parts.isEmpty ? spelt : parts.reduce(into: spelt) { $0 += $1.events }
            cache = all
            return all
        }
    }
}
