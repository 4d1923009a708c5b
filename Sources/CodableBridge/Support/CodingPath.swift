/// One step of a coding path, stored without allocation while decoding.
///
/// The decoder keeps a stack of these and turns it into `[any CodingKey]` (or the
/// `users[2].address.zip` spelling) only when someone reads `codingPath`, or an error or report
/// event needs it.
///
/// No case holds an `any CodingKey`: an opaque existential would make the whole enum
/// address-only, so that every copy and destroy — the decoder makes one component per property
/// it reads — went through the runtime's value witnesses.
/// A property's key is kept as its bits when it is plain data (``plainKey(_:_:)``,
/// Runtime/PlainData.swift), else boxed.
enum PathComponent {
    /// A property whose `CodingKey` is plain bits of at most eight bytes (every synthesized
    /// `CodingKeys` enum), kept as those bits and the key's type.
    case plainKey(UInt64, any CodingKey.Type)
    /// A property whose `CodingKey` is any other type.
    case boxedKey(CodingKeyBox)
    /// An array element.
    case index(Int)
    /// A dictionary member with a string key, or a segment of a key path.
    case name(String)
    /// A dictionary member with an `Int` key.
    case intKey(Int)

    /// A property, through the model's own `CodingKey`.
    @inline(__always)
    static func key<K: CodingKey>(_ key: K) -> PathComponent {
        guard PlainData.fitsInBits(K.self) else { return .boxedKey(CodingKeyBox(key)) }
        return .plainKey(PlainData.bits(of: key), K.self)
    }

    /// Whether this step is a property (as opposed to an element or a dictionary member).
    var isProperty: Bool {
        switch self {
        case .plainKey, .boxedKey: true
        case .index, .name, .intKey: false
        }
    }

    var codingKey: any CodingKey {
        switch self {
        case .plainKey(let bits, let type): PathComponent.load(type, from: bits)
        case .boxedKey(let box): box.key
        case .index(let i): AnyCodingKey(index: i)
        case .name(let name): AnyCodingKey(name)
        case .intKey(let i): AnyCodingKey(index: i).with(stringValue: String(i))
        }
    }

    /// The key stored by ``key(_:)`` as bits: eight bytes hold any key of at most eight bytes,
    /// at an alignment that suits it.
    private static func load<K: CodingKey>(_ type: K.Type, from bits: UInt64) -> any CodingKey {
        PlainData.value(K.self, from: bits)
    }
}

/// A `CodingKey` that is not plain bits, in a box that keeps ``PathComponent`` loadable.
final class CodingKeyBox: Sendable {
    let key: any CodingKey

    init(_ key: any CodingKey) {
        self.key = key
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
        case .plainKey, .boxedKey:
            let key = component.codingKey
            self = .key(key.stringValue, key.intValue)
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

/// One node of the coding paths of a decode's containers (`DecoderImpl.pathNodes`).
///
/// A decode keeps its containers' paths as nodes in one append-only list, each node a component
/// and the index of its parent; a container holds the index of its node, which never changes, so
/// a container kept past the `init(from:)` that opened it still knows where it is, and the path is
/// spelt out only when somebody reads it. A level's node is made when a container of the level
/// first needs its path (and shared by the others of that level): when it opens, or, for a kept
/// container handed out again, when an error, an event or a nested container needs it or the
/// level ends while a model holds the container (see the design note in DecoderImpl.swift); a
/// nested container (`nestedContainer(forKey:)`) gets a node one component below its parent's.
/// Index `PathNode.root` (-1) is the decode's starting path.
///
///     index  parent  component       the list after decoding {"statuses": [{"user": {…}}, …]}
///       0     root   statuses        (made for the first Status's container, as its parent)
///       1      0     [0]             the first Status's container
///       2      1     user            its User's container
///       3      0     [1]             the second Status's container
///
/// The list grows with the containers a decode opens and goes away with the decoder; the nodes
/// refer to one another by index, so making one is an append and a container keeps an integer.
/// When the list grows its nodes are moved by their bytes (`BitwiseMovable`).
struct PathNode: BitwiseMovable {
    /// The node of the decode's starting path (`[]`, a key path's segments, a child decoder's path).
    static let root = -1

    let parent: Int
    /// The number of components from the root of the coding path to this node.
    let depth: Int
    let component: PathComponent
}
