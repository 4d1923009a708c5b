// The types a telemetry row is made of (the tally itself, and its design: EventTally.swift).

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
        case .plainKey(let bits, let type): bits ^ (UInt64(UInt(bitPattern: ObjectIdentifier(type))) &* 0x9E37_79B9_7F4A_7C15)
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
