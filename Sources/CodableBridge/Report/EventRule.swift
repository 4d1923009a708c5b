// MARK: - Design
//
// Telemetry counts the events a report would hold, read from the same `ReportCollector`: every
// event is recorded once, with a rule beside its detail, and a decoder with a telemetry makes a
// collector without details when the caller asked for no report. When the decode ends its events
// are tallied into a local table, then merged into the telemetry's under one lock.
//
//     Status.id = "12" (Int)   recorded: coerced, path [statuses, [3]] + key id, rule numericString(Int)
//     tally key:               model keyOwner(Status.CodingKeys), path "statuses[].id", coerced, rule
//     snapshot:                Count(model: "Status", path: "statuses[].id", kind: .coerced,
//                                    rule: "string → Int", count: 1)
//
// A decode's events are first counted by pattern slot (the decoder's path compared component by
// component, every index equal to every other) and last step, without spelling anything; each
// row's pattern is then spelt once. The elements of a document repeat their events in the same
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
    let path: String
    let kind: DecodingEvent.Kind
    let rule: EventRule
}

// MARK: Tally

extension ReportCollector {
    /// The events recorded, counted by model, path pattern, kind and rule; `root` is the decode's
    /// top-level type.
    ///
    /// Events are first counted by the pattern of their path (a slot per distinct pattern, found
    /// by comparing components, indices all equal) and their last step, so that names and
    /// patterns are spelt once per row, not per event.
    func tally(root: Any.Type) -> [TallyKey: Int] {
        let rootID = TypeID(root)
        var prefixes: [PrefixSlot] = []
        // Rows: key, count, and the row of the event that followed it last (-1: none yet).
        var keys: [LocalKey] = []
        var counts: [Int] = []
        var nexts: [Int] = []
        var rowIndex: [LocalKey: Int] = [:]
        var slotsByFingerprint: [UInt64: [Int]] = [:]
        var previous = -1
        var spelt: [TallyKey: Int] = [:]
        forEachRecorded { kind, location, rule in
            switch (location, rule) {
            case (_, .spelt):
                return
            case (.spelt(let path, let model), _):
                let key = TallyKey(model: model.map(ModelReference.name) ?? .root(rootID), path: pathPattern(path), kind: kind, rule: rule)
                spelt[key, default: 0] += 1
            case (.components(let path, let last), _):
                let step = last.map(StepPattern.init)
                // A document's elements repeat their events in the same order: the row that came
                // after the previous event's row last time is tried first, without hashing.
                if previous >= 0, case let next = nexts[previous], next >= 0, keys[next].matches(step, kind, rule),
                   prefixes[keys[next].prefix].matches(path) {
                    counts[next] += 1
                    previous = next
                    return
                }
                let slot: Int
                if previous >= 0, prefixes[keys[previous].prefix].matches(path) {
                    slot = keys[previous].prefix
                } else {
                    let fingerprint = PrefixSlot.fingerprint(path)
                    if let found = slotsByFingerprint[fingerprint]?.first(where: { prefixes[$0].matches(path) }) {
                        slot = found
                    } else {
                        prefixes.append(PrefixSlot(path, root: rootID))
                        slot = prefixes.count - 1
                        slotsByFingerprint[fingerprint, default: []].append(slot)
                    }
                }
                let key = LocalKey(prefix: slot, last: step, kind: kind, rule: rule)
                let row: Int
                if let found = rowIndex[key] {
                    row = found
                    counts[row] += 1
                } else {
                    row = keys.count
                    keys.append(key)
                    counts.append(1)
                    nexts.append(-1)
                    rowIndex[key] = row
                }
                if previous >= 0 { nexts[previous] = row }
                previous = row
            }
        }
        var table = spelt
        for (key, count) in zip(keys, counts) {
            let prefix = prefixes[key.prefix]
            var pattern = prefix.pattern
            var model = prefix.model
            if let last = key.last {
                last.append(to: &pattern)
                if case .property(let step) = last, let owner = step.component.keyType { model = .keyOwner(TypeID(owner), root: rootID) }
            }
            table[TallyKey(model: model, path: pattern, kind: key.kind, rule: key.rule), default: 0] += count
        }
        return table
    }
}

/// A path pattern met during a tally: a path that has it, the pattern spelt, and the model of its
/// last property.
private struct PrefixSlot {
    let path: [PathComponent]
    let pattern: String
    let model: ModelReference

    init(_ path: [PathComponent], root: TypeID) {
        self.path = path
        var pattern = ""
        var model = ModelReference.root(root)
        for component in path {
            StepPattern(component).append(to: &pattern)
            if let owner = component.keyType { model = .keyOwner(TypeID(owner), root: root) }
        }
        self.pattern = pattern
        self.model = model
    }

    /// A number equal for paths of one pattern (indices may differ), seldom for others.
    static func fingerprint(_ path: [PathComponent]) -> UInt64 {
        var result = UInt64(path.count)
        for component in path {
            let step: UInt64 = switch component {
            case .index: 0x9E37_79B9_7F4A_7C15
            case .plainKey(let bits, let type): bits ^ UInt64(UInt(bitPattern: ObjectIdentifier(type).hashValue))
            case .intKey(let int): UInt64(bitPattern: Int64(int))
            case .name(let name): UInt64(bitPattern: Int64(name.hashValue))
            case .boxedKey(let box): UInt64(bitPattern: Int64(box.key.stringValue.hashValue))
            }
            result = (result &* 0x100_0000_01B3) ^ step
        }
        return result
    }

    /// Whether `other` has this slot's pattern (indices may differ).
    func matches(_ other: [PathComponent]) -> Bool {
        guard other.count == path.count else { return false }
        for index in path.indices where !StepPattern.same(path[index], other[index]) { return false }
        return true
    }
}

/// A tally row before its strings are spelt.
private struct LocalKey: Hashable {
    let prefix: Int
    let last: StepPattern?
    let kind: DecodingEvent.Kind
    let rule: EventRule

    /// Hashes the place only (the rule is a string, the kind's hash its name): the few kinds and
    /// rules of one place share a hash and are told apart by `==`.
    func hash(into hasher: inout Hasher) {
        hasher.combine(prefix)
        hasher.combine(last)
    }

    /// Whether this key has `last`, `kind` and `rule` (its prefix is checked by the caller).
    func matches(_ last: StepPattern?, _ kind: DecodingEvent.Kind, _ rule: EventRule) -> Bool {
        self.kind == kind && self.last == last && self.rule == rule
    }
}

/// One step of a path pattern: any index, or a key.
private enum StepPattern: Hashable {
    case index
    /// A property, dictionary member or key path segment, compared by its key.
    case property(PathComponentKey)

    init(_ component: PathComponent) {
        if case .index = component { self = .index } else { self = .property(PathComponentKey(component)) }
    }

    /// Whether two components are the same pattern step, without spelling either.
    static func same(_ a: PathComponent, _ b: PathComponent) -> Bool {
        switch (a, b) {
        case (.index, .index): true
        default: PathComponentKey(a) == PathComponentKey(b)
        }
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
private struct PathComponentKey: Hashable {
    let component: PathComponent

    init(_ component: PathComponent) {
        self.component = component
    }

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
