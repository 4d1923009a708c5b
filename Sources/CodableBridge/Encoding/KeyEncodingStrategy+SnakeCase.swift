import Foundation

// `.convertToSnakeCase`, the algorithm of Foundation's `JSONEncoder` step for step, so that keys
// come out identical — including its treatment of acronyms:
//
//   myProperty     → my_property        myURLProperty → my_url_property
//   url2Path       → url2_path          HTTPServer    → h_ttp_server   (as JSONEncoder)
//   _leading       → _leading           ABC           → a_bc
//
// Words split before an uppercase letter (Unicode categories Lu and Lt) that follows the word's
// start, and a run of uppercase letters followed by a lowercase one (Ll) becomes its own word,
// ending before the last capital. Each word is lowercased, and words are joined with `_`.

extension KeyEncodingStrategy {
    /// `key` in snake case, exactly as `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`.
    /// The word split is `KeyStyle`'s (the same algorithm serves the per-type `.snakeCase` style).
    static func snakeCased(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        return KeyStyle.foundationWords(key).map { $0.lowercased() }.joined(separator: "_")
    }
}
