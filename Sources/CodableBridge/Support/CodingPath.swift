/// One step of a coding path, stored without allocation while decoding.
///
/// The decoder keeps a stack of these and turns it into `[any CodingKey]` (or the
/// `users[2].address.zip` spelling) only when someone reads `codingPath`, or an error or report
/// event needs it.
enum PathComponent {
    /// A property, through the model's own `CodingKey`.
    case key(any CodingKey)
    /// A property whose `CodingKey` is plain bits of at most eight bytes (every synthesized
    /// `CodingKeys` enum), kept as those bits and the key's type: see ``property(_:)``.
    case plainKey(UInt64, any CodingKey.Type)
    /// An array element.
    case index(Int)
    /// A dictionary member with a string key, or a segment of a key path.
    case name(String)
    /// A dictionary member with an `Int` key.
    case intKey(Int)

    /// The component for a property. The decoder makes one for every property it reads, so a
    /// key that is plain bits of at most eight bytes (every synthesized `CodingKeys` enum) is
    /// stored as those bits: ``plainKey(_:_:)`` is made and copied without the existential's
    /// witness calls.
    @inline(__always)
    static func property<K: CodingKey>(_ key: K) -> PathComponent {
        guard _isPOD(K.self), MemoryLayout<K>.size <= MemoryLayout<UInt64>.size else { return .key(key) }
        var bits: UInt64 = 0
        withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: key, as: K.self) }
        return .plainKey(bits, K.self)
    }

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .plainKey(let bits, let type): PathComponent.load(type, from: bits)
        case .index(let i): AnyCodingKey(index: i)
        case .name(let name): AnyCodingKey(name)
        case .intKey(let i): AnyCodingKey(index: i).with(stringValue: String(i))
        }
    }

    /// The key stored by ``plainKey(_:_:)``: eight bytes hold any key of at most eight bytes, at
    /// an alignment that suits it.
    private static func load<K: CodingKey>(_ type: K.Type, from bits: UInt64) -> any CodingKey {
        withUnsafeBytes(of: bits) { $0.load(as: K.self) }
    }
}

/// Spells a coding path the way reports and messages show it: `users[2].address.zip`.
func pathString(_ keys: [any CodingKey]) -> String {
    var result = ""
    for key in keys { appendStep(key.stringValue, key.intValue, to: &result) }
    return result
}

/// One path component reduced to what a report's path spelling needs: a coding key's two
/// spellings, or an array index (made when the report is read).
enum PathStep {
    case index(Int)
    case key(String, Int?)

    init(_ component: PathComponent) {
        switch component {
        case .index(let i): self = .index(i)
        case .name(let name): self = .key(name, nil)
        case .key(let key): self = .key(key.stringValue, key.intValue)
        case .plainKey: self = PathStep(.key(component.codingKey))
        case .intKey(let i): self = .key(String(i), i)
        }
    }
}

/// Spells recorded steps exactly as ``pathString(_:)-swift.func`` spells the coding keys they came from.
func pathString(_ steps: ArraySlice<PathStep>) -> String {
    var result = ""
    for step in steps {
        switch step {
        case .index(let i): result += "[\(i)]"
        case .key(let string, let int): appendStep(string, int, to: &result)
        }
    }
    return result
}

private func appendStep(_ string: String, _ int: Int?, to result: inout String) {
    if let index = int, string == "Index \(index)" {
        result += "[\(index)]"
    } else {
        if !result.isEmpty { result += "." }
        result += string
    }
}
