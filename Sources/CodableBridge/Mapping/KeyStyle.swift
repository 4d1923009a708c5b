// KeyStyle — how one model type spells the JSON keys of the properties its `keyMapping` does not
// name, in both directions, instead of the coder's key strategy.
//
// `.snakeCase` splits a property name into words exactly as Foundation's
// `JSONEncoder.convertToSnakeCase` does (quirks included: `HTTPServer` → `h_ttp_server`). The
// other styles split at a capital after a lowercase letter or digit, before the last capital of a
// run followed by a lowercase letter, and at `_` and `-`. Then:
//
//   property      .snakeCase      .kebabCase      .screamingSnakeCase  .camelCase    .pascalCase
//   avatarURL     avatar_url      avatar-url      AVATAR_URL           avatarURL     AvatarURL
//   myURLString   my_url_string   my-url-string   MY_URL_STRING        myURLString   MyURLString
//   user_name     user_name       user-name       USER_NAME            userName      UserName
//   URLString     u_rl_string     url-string      URL_STRING           urlString     URLString
//
// `.snakeCase` is exactly `convertToSnakeCase` (the tests compare it with `JSONEncoder`'s output).
// `.camelCase` / `.pascalCase` only change the case of each word's first letter (the first word is
// lowercased whole in camel case), so acronyms inside a name survive.

/// The key spelling of one model type: the JSON key of every property not in `keyMapping`.
///
/// Set it through ``MappableCodable/keyStyle``. It applies to that type only (not to the models
/// nested in it) and overrides the coder's `keyDecodingStrategy` / `keyEncodingStrategy` for its
/// properties, in both directions.
///
/// ```swift
/// struct Profile: MappableCodable {
///     var avatarURL: URL          // "avatar_url"
///     var displayName: String     // "display_name"
///     static var keyStyle: KeyStyle? { .snakeCase }
/// }
/// ```
///
/// A struct with static members rather than an enum, so new styles can be added without breaking
/// a `switch` in your code.
public struct KeyStyle: Sendable, Hashable, CustomStringConvertible {
    enum Base: Sendable, Hashable {
        case snakeCase, kebabCase, camelCase, pascalCase, screamingSnakeCase
    }

    let base: Base

    /// `avatarURL` → `avatar_url`, exactly as Foundation's `.convertToSnakeCase`.
    public static let snakeCase = KeyStyle(base: .snakeCase)
    /// `avatarURL` → `avatar-url`.
    public static let kebabCase = KeyStyle(base: .kebabCase)
    /// `avatar_url` → `avatarUrl`, `avatarURL` → `avatarURL` (first word lowercased, later words capitalised).
    public static let camelCase = KeyStyle(base: .camelCase)
    /// `avatarURL` → `AvatarURL` (every word capitalised).
    public static let pascalCase = KeyStyle(base: .pascalCase)
    /// `avatarURL` → `AVATAR_URL`.
    public static let screamingSnakeCase = KeyStyle(base: .screamingSnakeCase)

    /// The style as written in Swift: `.snakeCase`, …
    public var description: String {
        switch base {
        case .snakeCase: ".snakeCase"
        case .kebabCase: ".kebabCase"
        case .camelCase: ".camelCase"
        case .pascalCase: ".pascalCase"
        case .screamingSnakeCase: ".screamingSnakeCase"
        }
    }

    /// The JSON key this style gives the property with coding key `property`.
    ///
    /// ```swift
    /// KeyStyle.kebabCase.jsonKey(for: "myURLString")   // "my-url-string"
    /// ```
    public func jsonKey(for property: String) -> String {
        guard !property.isEmpty else { return property }
        switch base {
        case .snakeCase:
            return KeyStyle.foundationWords(property).map { $0.lowercased() }.joined(separator: "_")
        case .kebabCase:
            return KeyStyle.words(property).map { $0.lowercased() }.joined(separator: "-")
        case .screamingSnakeCase:
            return KeyStyle.words(property).map { $0.uppercased() }.joined(separator: "_")
        case .camelCase:
            let words = KeyStyle.words(property)
            guard let first = words.first else { return property }
            return first.lowercased() + words.dropFirst().map(KeyStyle.capitalisedFirst).joined()
        case .pascalCase:
            let words = KeyStyle.words(property)
            return words.isEmpty ? property : words.map(KeyStyle.capitalisedFirst).joined()
        }
    }

    /// The words of `key` for the styles other than snake case: a word starts at a capital after
    /// a lowercase letter or digit, and at the last capital of a run followed by a lowercase letter
    /// (`URLString` → `URL`, `String`); `_` and `-` separate words and are dropped.
    private static func words(_ key: String) -> [Substring] {
        var words: [Substring] = []
        let scalars = Array(key.unicodeScalars)
        var indices = Array(key.unicodeScalars.indices)
        indices.append(key.endIndex)
        var start: Int?
        for i in scalars.indices {
            let scalar = scalars[i]
            if scalar == "_" || scalar == "-" {
                if let begin = start { words.append(key[indices[begin]..<indices[i]]) }
                start = nil
                continue
            }
            if let begin = start, i > begin, isUppercase(scalar) {
                let previous = scalars[i - 1]
                let nextIsLower = i + 1 < scalars.count && isLowercase(scalars[i + 1])
                if isLowercase(previous) || previous.properties.numericType != nil || (isUppercase(previous) && nextIsLower) {
                    words.append(key[indices[begin]..<indices[i]])
                    start = i
                }
            }
            if start == nil { start = i }
        }
        if let begin = start { words.append(key[indices[begin]..<indices[scalars.count]]) }
        return words
    }

    private static func capitalisedFirst(_ word: Substring) -> String {
        guard let first = word.first else { return "" }
        return first.uppercased() + word.dropFirst()
    }

    /// The words of `key` as `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase` finds them,
    /// step for step.
    /// `key` must not be empty. `KeyEncodingStrategy.snakeCased` uses it too.
    static func foundationWords(_ key: String) -> [Substring] {
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchRange = key.index(after: wordStart)..<key.endIndex
        while let upper = firstScalar(in: key, searchRange, where: isUppercase) {
            words.append(wordStart..<upper)
            searchRange = upper..<searchRange.upperBound
            guard let lower = firstScalar(in: key, searchRange, where: isLowercase) else {
                wordStart = searchRange.lowerBound
                break
            }
            if lower == key.index(after: upper) {
                wordStart = upper  // a capital followed by a lowercase letter starts a word
            } else {
                let beforeLower = key.index(before: lower)  // several capitals: one word
                words.append(upper..<beforeLower)
                wordStart = beforeLower
            }
            searchRange = key.unicodeScalars.index(after: lower)..<searchRange.upperBound
        }
        words.append(wordStart..<searchRange.upperBound)
        return words.map { key[$0] }
    }

    private static func firstScalar(in key: String, _ range: Range<String.Index>, where predicate: (Unicode.Scalar) -> Bool) -> String.Index? {
        let scalars = key.unicodeScalars
        var i = range.lowerBound
        while i < range.upperBound {
            if predicate(scalars[i]) { return i }
            i = scalars.index(after: i)
        }
        return nil
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x41 && scalar.value <= 0x5A }
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x61 && scalar.value <= 0x7A }
        return scalar.properties.generalCategory == .lowercaseLetter
    }
}
