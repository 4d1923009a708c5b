/// One step of a coding path, stored without allocation while decoding.
///
/// The decoder keeps a stack of these and turns it into `[any CodingKey]` (or the
/// `users[2].address.zip` spelling) only when someone reads `codingPath`, or an error or report
/// event needs it.
enum PathComponent {
    /// A property, through the model's own `CodingKey`.
    case key(any CodingKey)
    /// An array element.
    case index(Int)
    /// A dictionary member with a string key, or a segment of a key path.
    case name(String)
    /// A dictionary member with an `Int` key.
    case intKey(Int)

    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .index(let i): AnyCodingKey(index: i)
        case .name(let name): AnyCodingKey(name)
        case .intKey(let i): AnyCodingKey(index: i).with(stringValue: String(i))
        }
    }
}

/// Spells a coding path the way reports and messages show it: `users[2].address.zip`.
func pathString(_ keys: [any CodingKey]) -> String {
    var result = ""
    for key in keys {
        if let index = key.intValue, key.stringValue == "Index \(index)" {
            result += "[\(index)]"
        } else {
            if !result.isEmpty { result += "." }
            result += key.stringValue
        }
    }
    return result
}
