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
// A tally key holds types, not their names: names are spelt once per key by `snapshot()`. The
// path pattern is spelt once per distinct path array of the decode (the events of one container
// share the decoder's path array), plus the key. No value reaches a key: rules are constants,
// models are type names, and paths are keys with `[]` for every index.

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
        case .keyOwner(let key, let root): enclosingTypeName(String(reflecting: key.type)) ?? shortTypeName(String(reflecting: root.type))
        case .root(let root): shortTypeName(String(reflecting: root.type))
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
    func tally(root: Any.Type) -> [TallyKey: Int] {
        var table: [TallyKey: Int] = [:]
        let rootID = TypeID(root)
        // The events of one container share the decoder's path array: its pattern and model are
        // worked out once.
        var lastPath: (base: UnsafeRawPointer?, count: Int) = (nil, -1)
        var prefix = ""
        var prefixModel = ModelReference.root(rootID)
        forEachRecorded { kind, location, rule in
            let key: TallyKey
            switch (location, rule) {
            case (_, .spelt):
                return
            case (.spelt(let path, let model), _):
                key = TallyKey(model: model.map(ModelReference.name) ?? .root(rootID), path: pathPattern(path), kind: kind, rule: rule)
            case (.components(let path, let last), _):
                let identity = path.withUnsafeBufferPointer { (UnsafeRawPointer($0.baseAddress), $0.count) }
                if identity != lastPath {
                    lastPath = identity
                    prefix = ""
                    prefixModel = .root(rootID)
                    for component in path {
                        appendPattern(component, to: &prefix)
                        if let owner = component.keyType { prefixModel = .keyOwner(TypeID(owner), root: rootID) }
                    }
                }
                var pattern = prefix
                var model = prefixModel
                if let last {
                    appendPattern(last, to: &pattern)
                    if let owner = last.keyType { model = .keyOwner(TypeID(owner), root: rootID) }
                }
                key = TallyKey(model: model, path: pattern, kind: kind, rule: rule)
            }
            table[key, default: 0] += 1
        }
        return table
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

/// Appends `component` as a path pattern step: an index is `[]`, a key its name.
private func appendPattern(_ component: PathComponent, to pattern: inout String) {
    switch PathStep(component) {
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

/// `name` split at the dots outside generic arguments and parentheses.
private func topLevelParts(_ name: String) -> [Substring] {
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
