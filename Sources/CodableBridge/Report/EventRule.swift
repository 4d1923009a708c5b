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
// events cost a few comparisons and no hash. A tally key holds types, not their names: names are spelt
// once per row by `snapshot()`. No value reaches a key: rules are constants, models are type
// names, and paths are keys with `[]` for every index.

/// A type, hashable by identity.
struct TypeID: Hashable {
    let type: Any.Type

    init(_ type: Any.Type) {
        self.type = type
    }

    static func == (lhs: TypeID, rhs: TypeID) -> Bool {
        ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
    }
}

/// The repair an event names, as ``DecodingTelemetry`` counts it: a constant, never a value.
enum EventRule: Hashable {
    /// A rule named by a constant: `"missing → zero value"`, a coercion rule's name
    /// (`"number → Bool"`).
    case named(String)
    /// The decoder's own numeric-string rule: a string read as a number of `type`.
    case numericString(TypeID, yyModel: Bool)
    /// An event that came spelt into a report (merged reports, JSON Lines prefixes): not counted.
    case spelt

    /// The rule's name: `"string → Int"`.
    var name: String {
        switch self {
        case .named(let name): name
        case .numericString(let type, let yyModel): "string → \(type.type)\(yyModel ? " (YYModel)" : "")"
        case .spelt: ""
        }
    }
}

/// Which model an event is about, as a tally key holds it.
enum ModelReference: Hashable {
    /// The type that declares `key`'s coding key type (`Status` for `Status.CodingKeys`); `root`
    /// when the key type is not nested in a type.
    case keyOwner(TypeID, root: TypeID)
    /// The decode's top-level type (an event with no property on its path).
    case root(TypeID)
    /// A type's name as the recording layer spelt it (`MyApp.User`).
    case name(String)

    /// The model's name, without its module: `Status`.
    var name: String {
        switch self {
        case .keyOwner(let key, let root): enclosingTypeName(String(reflecting: key.type)) ?? String(describing: root.type)
        case .root(let root): String(describing: root.type)
        case .name(let name): shortTypeName(name)
        }
    }
}

/// One row of a telemetry table before names are spelt.
struct TallyKey: Hashable {
    let model: ModelReference
    let path: PathPattern
    let kind: DecodingEvent.Kind
    let rule: EventRule
}

/// A path with every array index replaced by `[]`, as a tally key holds it: its steps (spelt by
/// ``DecodingTelemetry/snapshot()``), or already spelt (events that came spelt).
enum PathPattern: Hashable {
    case steps([StepPattern])
    case spelt(String)

    /// The pattern spelt: `statuses[].user.id`.
    var spelt: String {
        switch self {
        case .spelt(let text):
            return text
        case .steps(let steps):
            var text = ""
            for step in steps { step.append(to: &text) }
            return text
        }
    }
}

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
        // Rows: key, count, and the row of the event that followed it last (-1: none yet).
        var keys: [LocalKey] = []
        var counts: [Int] = []
        var nexts: [Int] = []
        var previous = -1
        var spelt: [TallyKey: Int] = [:]
        forEachRecorded { event in
            if case .spelt = event.pointee.rule { return }
            switch event.pointee.location {
            case .spelt(let path, let model):
                let key = TallyKey(model: model.map(ModelReference.name) ?? .root(rootID), path: .spelt(pathPattern(path)),
                                   kind: event.pointee.kind, rule: event.pointee.rule)
                spelt[key, default: 0] += 1
            case .node(let table, let node):
                let slot = slots.slot(of: node, in: table)
                // A document's elements repeat their events in the same order: the row that came
                // after the previous event's row last time is tried first, then that row again
                // (the elements of an array of scalars); a repeat does not replace the successor.
                var row = previous >= 0 ? nexts[previous] : -1
                if row < 0 || !keys[row].matches(slot, event.pointee.key, event.pointee.kind, event.pointee.rule) {
                    if previous >= 0, keys[previous].matches(slot, event.pointee.key, event.pointee.kind, event.pointee.rule) {
                        row = previous
                    } else {
                        let key = LocalKey(prefix: slot, last: event.pointee.key, kind: event.pointee.kind, rule: event.pointee.rule)
                        row = slots.row(of: key, keys: keys)
                        if row < 0 {
                            row = keys.count
                            keys.append(key)
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
        }
        // Each row is its own key: its slot and last step are its whole pattern.
        var table = spelt.map { ($0.key, $0.value) }
        var patterns: [Int: (steps: [StepPattern], model: ModelReference)] = [:]
        table.reserveCapacity(spelt.count + keys.count)
        for (key, count) in zip(keys, counts) {
            var (steps, model) = slots.steps(key.prefix, memo: &patterns)
            if let last = key.last {
                steps.append(StepPattern(last))
                if let owner = last.keyType { model = .keyOwner(TypeID(owner), root: rootID) }
            }
            table.append((TallyKey(model: model, path: .steps(steps), kind: key.kind, rule: key.rule), count))
        }
        return table
    }
}

/// The path patterns of a tally and its rows by pattern.
///
/// A node's pattern is its parent's plus one step, found once per node when the tally starts: an index
/// step through the parent's one index child, a key among the parent's few children, compared
/// by bits (a hashed table once a pattern has many). A pattern is spelt only for the rows that
/// end up in the table.
private struct PatternSlots {
    private struct Slot {
        let parent: Int
        let step: StepPattern?
        /// The slot one index below (-1: none yet), and those one key below (the first few).
        var indexChild = -1
        var keyChildren: [(key: PathComponentKey, slot: Int)] = []
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
            for index in slots[parent].keyChildren.indices where slots[parent].keyChildren[index].key == key {
                return slots[parent].keyChildren[index].slot
            }
        } else if let found = keyChildren[Child(parent: parent, key: key)] {
            return found
        }
        slots.append(Slot(parent: parent, step: .property(key)))
        let slot = slots.count - 1
        if slots[parent].keyChildren.count < PatternSlots.listed {
            slots[parent].keyChildren.append((key, slot))
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

    /// The steps of `slot`'s pattern, and the model of its last property; `memo` keeps those
    /// already found.
    func steps(_ slot: Int, memo: inout [Int: (steps: [StepPattern], model: ModelReference)]) -> (steps: [StepPattern], model: ModelReference) {
        guard slot > 0, let step = slots[slot].step else { return ([], .root(root)) }
        if let known = memo[slot] { return known }
        var (steps, model) = self.steps(slots[slot].parent, memo: &memo)
        steps.append(step)
        if case .property(let key) = step, let owner = key.component.keyType { model = .keyOwner(TypeID(owner), root: root) }
        memo[slot] = (steps, model)
        return (steps, model)
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

/// One step of a path pattern: any index, or a key.
enum StepPattern: Hashable {
    case index
    /// A property, dictionary member or key path segment, compared by its key.
    case property(PathComponentKey)

    init(_ component: PathComponent) {
        if case .index = component { self = .index } else { self = .property(PathComponentKey(component)) }
    }

    /// Appends the step: `[]` for an index, else the key.
    func append(to pattern: inout String) {
        switch self {
        case .index:
            pattern += "[]"
        case .property(let key):
            switch PathStep(key.component) {
            case .index:
                pattern += "[]"
            case .key(let string, let int):
                if let int, string == "Index \(int)" {
                    pattern += "[]"
                } else {
                    if !pattern.isEmpty { pattern += "." }
                    pattern += string
                }
            }
        }
    }
}

/// A path component that is not an index, hashable by its key without spelling it.
struct PathComponentKey: Hashable {
    let component: PathComponent

    init(_ component: PathComponent) {
        self.component = component
    }

    @inline(__always)
    static func == (lhs: PathComponentKey, rhs: PathComponentKey) -> Bool {
        switch (lhs.component, rhs.component) {
        case (.plainKey(let a, let aType), .plainKey(let b, let bType)): a == b && ObjectIdentifier(aType) == ObjectIdentifier(bType)
        case (.boxedKey(let a), .boxedKey(let b)): a === b || (a.key.stringValue == b.key.stringValue && a.key.intValue == b.key.intValue)
        case (.name(let a), .name(let b)): a == b
        case (.intKey(let a), .intKey(let b)): a == b
        case (.index(let a), .index(let b)): a == b
        default: false
        }
    }

    /// A number equal for equal keys, seldom for others (one `Hasher` call for a whole row key).
    var bits: UInt64 {
        switch component {
        case .plainKey(let bits, let type): bits ^ UInt64(UInt(bitPattern: ObjectIdentifier(type).hashValue))
        case .boxedKey(let box): UInt64(UInt(bitPattern: box.key.stringValue.hashValue))
        case .name(let name): UInt64(UInt(bitPattern: name.hashValue))
        case .intKey(let int): UInt64(UInt(bitPattern: int)) ^ 0x5555_5555_5555_5555
        case .index(let index): UInt64(UInt(bitPattern: index))
        }
    }

    func hash(into hasher: inout Hasher) {
        switch component {
        case .plainKey(let bits, let type):
            hasher.combine(bits)
            hasher.combine(ObjectIdentifier(type))
        case .boxedKey(let box): hasher.combine(box.key.stringValue)
        case .name(let name): hasher.combine(name)
        case .intKey(let int): hasher.combine(int)
        case .index(let index): hasher.combine(index)
        }
    }
}

extension PathComponent {
    /// The coding key type of a property step; `nil` for elements and dictionary members.
    var keyType: (any CodingKey.Type)? {
        switch self {
        case .plainKey(_, let type): type
        case .boxedKey(let box): Swift.type(of: box.key)
        case .index, .name, .intKey: nil
        }
    }
}

/// A spelt path with every array index replaced by `[]`: `statuses[3].id` → `statuses[].id`.
func pathPattern(_ path: String) -> String {
    var result = ""
    var inIndex = false
    for character in path {
        if inIndex {
            if character == "]" {
                inIndex = false
                result += "[]"
            }
            continue
        }
        if character == "[" {
            inIndex = true
        } else {
            result.append(character)
        }
    }
    return result
}

/// The name of the type that declares the type named `name` (`Status` for
/// `MyApp.Status.CodingKeys`); `nil` when it is declared at the top level of its module.
func enclosingTypeName(_ name: String) -> String? {
    let parts = topLevelParts(name)
    guard parts.count >= 3 else { return nil }
    return String(parts[parts.count - 2])
}

/// A type's name without its module and enclosing types: `MyApp.Feed.Status` → `Status`
/// (generic arguments kept as spelt).
func shortTypeName(_ name: String) -> String {
    topLevelParts(name).last.map(String.init) ?? name
}

/// `name` split at the dots outside generic arguments and parentheses, without the parts that
/// name no type: a private type's context (`(unknown context at $10a4)`, as in
/// `App.Status.(unknown context at $10a4).CodingKeys`, the synthesized keys).
private func topLevelParts(_ name: String) -> [Substring] {
    splitAtTopLevelDots(name).filter { !$0.hasPrefix("(") }
}

private func splitAtTopLevelDots(_ name: String) -> [Substring] {
    var parts: [Substring] = []
    var depth = 0
    var start = name.startIndex
    var index = name.startIndex
    while index < name.endIndex {
        switch name[index] {
        case "<", "(": depth += 1
        case ">", ")": depth -= 1
        case "." where depth == 0:
            parts.append(name[start ..< index])
            start = name.index(after: index)
        default: break
        }
        index = name.index(after: index)
    }
    parts.append(name[start...])
    return parts
}
