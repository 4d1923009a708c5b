/// Key conversions exactly as Foundation's `JSONDecoder` / `JSONEncoder` perform them.
package enum KeyConversion {
    /// `first_name` → `firstName`; leading and trailing underscores kept; no inner `_` → unchanged.
    package static func fromSnakeCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        guard let firstNonUnderscore = key.firstIndex(where: { $0 != "_" }) else { return key }
        var lastNonUnderscore = key.index(before: key.endIndex)
        while lastNonUnderscore > firstNonUnderscore, key[lastNonUnderscore] == "_" {
            key.formIndex(before: &lastNonUnderscore)
        }
        let keyRange = firstNonUnderscore ... lastNonUnderscore
        let leading = key[key.startIndex ..< firstNonUnderscore]
        let trailing = key[key.index(after: lastNonUnderscore)...]
        let components = key[keyRange].split(separator: "_")
        let joined: String
        if components.count == 1 {
            joined = String(key[keyRange])
        } else {
            joined = ([components[0].lowercased()] + components[1...].map { $0.capitalized }).joined()
        }
        return String(leading) + joined + String(trailing)
    }
}
