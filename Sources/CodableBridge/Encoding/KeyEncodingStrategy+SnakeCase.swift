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
    static func snakeCased(_ key: String) -> String {
        guard !key.isEmpty else { return key }
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
            let afterCapital = key.index(after: upper)
            if lower == afterCapital {
                // A capital followed by a lowercase letter starts a word.
                wordStart = upper
            } else {
                // Several capitals: one word, up to the capital before the lowercase letter.
                let beforeLower = key.index(before: lower)
                words.append(upper..<beforeLower)
                wordStart = beforeLower
            }
            searchRange = key.unicodeScalars.index(after: lower)..<searchRange.upperBound
        }
        words.append(wordStart..<searchRange.upperBound)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    /// The index of the first Unicode scalar in `range` satisfying `predicate`.
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
