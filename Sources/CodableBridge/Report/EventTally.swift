// MARK: - Design
//
// Telemetry counts the events a report would hold, read from the same `ReportCollector`: every
// event is recorded once, with a rule beside its detail, and a decoder with a telemetry makes a
// collector without details when the caller asked for no report. When the decode ends its events
// are tallied into a local table, then merged into the telemetry's under one lock.
//
//     Status.id = "12" (Int)   recorded: coerced, node of [statuses, [3]] + key id, rule numericString(Int)
//     tally key:               model keyOwner(Status.CodingKeys), path "statuses[].id", coerced, rule
//     snapshot:                Count(model: "Status", path: "statuses[].id", kind: .coerced,
//                                    rule: "string → Int", count: 1)
//
// A decode's events are first counted by pattern slot (looked up once per node of the decoder's
// coding paths, every index equal to every other) and last step, without spelling anything;
// each pattern is spelt once. The elements of a document repeat their events in the same
// order, so each row remembers the row that followed it, and that row is tried first: most
// events cost a few comparisons and no hash. An event whose last step and rule hold no text or
// object (a synthesized coding key or an index; the numeric-string rule) is compared as numbers.
// A tally key holds types, not their names: names are spelt once per row by `snapshot()`. No
// value reaches a key: rules are constants, models are type names, and paths are keys with `[]`
// for every index.

// MARK: Tally

extension ReportCollector {
    /// The events recorded, counted by model, path pattern, kind and rule; `root` is the decode's
    /// top-level type.
    ///
    /// Events are first counted by the pattern of their path (a slot per distinct pattern, found
    /// once per path node: ``PatternSlots``) and their last step, so that names and patterns are
    /// spelt once per row, not per event. A key may come more than once (a pattern both
    /// spelt and met as nodes).
    func tally(root: Any.Type) -> [(TallyKey, Int)] {
        let rootID = TypeID(root)
        var slots = PatternSlots(root: rootID, tables: pathTables)
        var rows = TallyRows()
        var spelt: [TallyKey: Int] = [:]
        forEachRecorded { event in
            if case .spelt = event.pointee.rule { return }
            switch event.pointee.location {
            case .spelt(let path, let model):
                let key = TallyKey(model: model.map(ModelReference.name) ?? .root(rootID), path: .spelt(pathPattern(path)),
                                   kind: event.pointee.kind, rule: event.pointee.rule)
                spelt[key, default: 0] += 1
            case .node(let table, let node):
                rows.count(event, slot: slots.slot(of: node, in: table), slots: &slots)
            }
        }
        // Each row is its own key: its slot and last step are its whole pattern.
        var table = spelt.map { ($0.key, $0.value) }
        table.reserveCapacity(spelt.count + rows.keys.count)
        for (key, count) in zip(rows.keys, rows.counts) {
            let (steps, model) = slots.steps(key.prefix, then: key.last)
            table.append((TallyKey(model: model, path: .steps(steps), kind: key.kind, rule: key.rule), count))
        }
        return table
    }
}

/// The path patterns of a tally and its rows by pattern.
///
/// A node's pattern is its parent's plus one step, found once per node when the tally starts: an
/// index step through the parent's one index child, a key among the parent's few children (a
/// hashed table once a pattern has many). A slot's rows are listed with their last step's bits,
/// compared first. A pattern is spelt only for the rows that end up in the table.
private struct PatternSlots {
    private struct Slot {
        let parent: Int
        let step: StepPattern?
        /// The slot one index below (-1: none yet), and those one key below (the first few).
        var indexChild = -1
        var keyChildren: [(key: PathComponentKey, plain: PlainKey?, slot: Int)] = []
        /// The tally rows whose pattern this is (the first few), with their last step's bits
        /// (compared first).
        var rows: [(bits: UInt64, row: Int)] = []
    }

    /// How many children or rows a slot lists before lookups go through the hashed tables (a
    /// model's properties each have a row or two).
    private static var listed: Int { 16 }

    /// The patterns met; slot 0 is the empty path.
    private var slots = [Slot(parent: -1, step: nil)]
    private var keyChildren: [Child: Int] = [:]
    private var rowsByKey: [LocalKey: Int] = [:]
    /// Per table, the slot of each node; and of its starting path.
    private var nodeSlots: [[Int]]
    private var prefixSlots: [Int]
    private let root: TypeID

    private struct Child: Hashable {
        let parent: Int
        let key: PathComponentKey
    }

    init(root: TypeID, tables: [EventPathTable]) {
        self.root = root
        nodeSlots = []
        prefixSlots = []
        // A node comes after its parent in its table: one pass finds every node's slot.
        for table in tables {
            let prefix = table.prefix.reduce(0) { child(of: $0, $1) }
            var slots = [Int](repeating: 0, count: table.parents.count)
            for node in slots.indices {
                let parent = table.parents[node]
                slots[node] = child(of: parent == PathNode.root ? prefix : slots[parent], table.components[node])
            }
            prefixSlots.append(prefix)
            nodeSlots.append(slots)
        }
    }

    /// The slot of the pattern of `node`'s path in path table `table`.
    @inline(__always)
    func slot(of node: Int, in table: Int) -> Int {
        node == PathNode.root ? prefixSlots[table] : nodeSlots[table][node]
    }

    /// The slot one `component` below `parent`.
    private mutating func child(of parent: Int, _ component: PathComponent) -> Int {
        if case .index = component {
            if slots[parent].indexChild < 0 {
                slots.append(Slot(parent: parent, step: .index))
                slots[parent].indexChild = slots.count - 1
            }
            return slots[parent].indexChild
        }
        let key = PathComponentKey(component)
        if slots[parent].keyChildren.count < PatternSlots.listed {
            // Plain keys compared as numbers (a plain key equals no other kind of key).
            let plain = PlainKey(component)
            for index in slots[parent].keyChildren.indices {
                let listed = slots[parent].keyChildren[index]
                if plain != nil ? listed.plain == plain : listed.key == key { return listed.slot }
            }
        } else if let found = keyChildren[Child(parent: parent, key: key)] {
            return found
        }
        slots.append(Slot(parent: parent, step: .property(key)))
        let slot = slots.count - 1
        if slots[parent].keyChildren.count < PatternSlots.listed {
            slots[parent].keyChildren.append((key, PlainKey(component), slot))
            if slots[parent].keyChildren.count == PatternSlots.listed {
                for listed in slots[parent].keyChildren { keyChildren[Child(parent: parent, key: listed.key)] = listed.slot }
            }
        } else {
            keyChildren[Child(parent: parent, key: key)] = slot
        }
        return slot
    }

    /// The row whose key is `key`, or -1; `keys` are the tally's row keys. (Mutating: a
    /// non-mutating call through the tally's closure would copy the whole struct.)
    mutating func row(of key: LocalKey, keys: [LocalKey]) -> Int {
        guard slots[key.prefix].rows.count < PatternSlots.listed else { return rowsByKey[key] ?? -1 }
        let bits = key.stepBits
        for entry in slots[key.prefix].rows where entry.bits == bits && keys[entry.row] == key { return entry.row }
        return -1
    }

    /// Adds a new tally row: listed under its slot, hashed once the slot has many.
    mutating func add(row: Int, key: LocalKey, keys: [LocalKey]) {
        if slots[key.prefix].rows.count < PatternSlots.listed {
            slots[key.prefix].rows.append((key.stepBits, row))
            guard slots[key.prefix].rows.count == PatternSlots.listed else { return }
            for listed in slots[key.prefix].rows { rowsByKey[keys[listed.row]] = listed.row }
        } else {
            rowsByKey[key] = row
        }
    }

    /// The steps of `slot`'s pattern followed by `last`, and the model of its last property.
    func steps(_ slot: Int, then last: PathComponent?) -> (steps: [StepPattern], model: ModelReference) {
        var reversed: [StepPattern] = []
        var model: ModelReference?
        if let last {
            reversed.append(StepPattern(last))
            if let owner = last.keyType { model = .keyOwner(TypeID(owner), root: root) }
        }
        var current = slot
        while current > 0, let step = slots[current].step {
            reversed.append(step)
            if model == nil, case .property(let key) = step, let owner = key.component.keyType {
                model = .keyOwner(TypeID(owner), root: root)
            }
            current = slots[current].parent
        }
        return (reversed.reversed(), model ?? .root(root))
    }
}

/// The rows of a tally: each one's key, plain facts (when it has them), count, and the row of the
/// event that followed it last (-1: none yet).
private struct TallyRows {
    private(set) var keys: [LocalKey] = []
    private var facts: [PlainFacts?] = []
    private(set) var counts: [Int] = []
    private var nexts: [Int] = []
    private var previous = -1

    /// Counts `event`, whose node's pattern is `slot`.
    mutating func count(_ event: UnsafePointer<ReportCollector.Recorded>, slot: Int, slots: inout PatternSlots) {
        let plain = PlainFacts(event, slot: slot)
        // A document's elements repeat their events in the same order: the row that came after
        // the previous event's row last time is tried first, then that row again (the elements
        // of an array of scalars); a repeat does not replace the successor.
        var row = previous >= 0 ? nexts[previous] : -1
        if row < 0 || !isRow(row, event, slot, plain) {
            if previous >= 0, isRow(previous, event, slot, plain) {
                row = previous
            } else {
                let key = LocalKey(prefix: slot, last: event.pointee.key, kind: event.pointee.kind, rule: event.pointee.rule)
                row = slots.row(of: key, keys: keys)
                if row < 0 {
                    row = keys.count
                    keys.append(key)
                    facts.append(plain)
                    counts.append(0)
                    nexts.append(-1)
                    slots.add(row: row, key: key, keys: keys)
                }
                if previous >= 0, row != previous { nexts[previous] = row }
            }
        }
        counts[row] += 1
        previous = row
    }

    /// Whether `event` (at `slot`, with `plain` facts) belongs in `row`: compared as numbers when
    /// it has plain facts (a row without them is another row then), else as keys.
    @inline(__always)
    private func isRow(_ row: Int, _ event: UnsafePointer<ReportCollector.Recorded>, _ slot: Int, _ plain: PlainFacts?) -> Bool {
        if let plain { return facts[row] == plain }
        return keys[row].matches(slot, event.pointee.key, event.pointee.kind, event.pointee.rule)
    }
}

/// An event's row as plain numbers, when its last step and rule hold no text or object (a
/// synthesized coding key, an index or none; the numeric-string rule): two events with plain
/// facts are in the same row exactly when their facts are equal.
private struct PlainFacts: Equatable {
    let slot: Int
    let kind: DecodingEvent.Kind
    /// The key's type (1: an index, 2: no key) and its bits.
    let keyType: UInt
    let keyBits: UInt64
    /// The rule's number type, with the low bit set for YYModel's variant.
    let rule: UInt

    /// The facts of `event` at pattern slot `slot`, or `nil` when its step or rule is not plain.
    @inline(__always)
    init?(_ event: UnsafePointer<ReportCollector.Recorded>, slot: Int) {
        guard case .numericString(let type, let yyModel) = event.pointee.rule else { return nil }
        switch event.pointee.key {
        case .plainKey(let bits, let type)?: (keyType, keyBits) = PlainKey.numbers(bits, type)
        case .index?: (keyType, keyBits) = (1, 0)
        case nil: (keyType, keyBits) = (2, 0)
        default: return nil
        }
        // A type's metadata is aligned: its low bit is free.
        rule = UInt(bitPattern: ObjectIdentifier(type.type)) | (yyModel ? 1 : 0)
        self.slot = slot
        kind = event.pointee.kind
    }
}

/// A synthesized coding key (``PathComponent/plainKey(_:_:)``) as two numbers: its type and bits.
private struct PlainKey: Equatable {
    let type: UInt
    let bits: UInt64

    @inline(__always)
    init?(_ component: PathComponent) {
        guard case .plainKey(let bits, let type) = component else { return nil }
        (self.type, self.bits) = PlainKey.numbers(bits, type)
    }

    @inline(__always)
    static func numbers(_ bits: UInt64, _ type: any CodingKey.Type) -> (UInt, UInt64) {
        (UInt(bitPattern: ObjectIdentifier(type)), bits)
    }
}

/// A tally row: a pattern slot, the last step (any index is every index) and what happened.
private struct LocalKey: Hashable {
    let prefix: Int
    let last: PathComponent?
    let kind: DecodingEvent.Kind
    let rule: EventRule

    /// Whether this is the row of an event at `last` below a path of pattern `prefix`.
    @inline(__always)
    func matches(_ prefix: Int, _ last: PathComponent?, _ kind: DecodingEvent.Kind, _ rule: EventRule) -> Bool {
        guard self.prefix == prefix, self.kind == kind, self.rule == rule else { return false }
        switch (self.last, last) {
        case (nil, nil), (.index, .index): return true
        case (let a?, let b?): return PathComponentKey(a) == PathComponentKey(b)
        default: return false
        }
    }

    static func == (lhs: LocalKey, rhs: LocalKey) -> Bool {
        lhs.matches(rhs.prefix, rhs.last, rhs.kind, rhs.rule)
    }

    /// Hashes the place only (the rule is a string, the kind's hash its name): the few kinds and
    /// rules of one place share a hash and are told apart by `==`.
    func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(UInt(bitPattern: prefix)) &* 0x9E37_79B9_7F4A_7C15 ^ stepBits)
    }

    /// A number equal for equal last steps (every index the same), seldom for others.
    var stepBits: UInt64 {
        switch last {
        case nil: 0
        case .index: 1
        case let last?: PathComponentKey(last).bits
        }
    }
}
