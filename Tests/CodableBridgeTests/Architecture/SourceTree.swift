import Foundation

/// The library's source files, read from the checkout (located through `#filePath`), for the
/// architecture tests that check the code's shape rather than its behaviour.
enum SourceTree {
    /// One Swift file of `Sources/`.
    struct File {
        /// The path below `Sources/`, e.g. `CodableBridge/Decoding/DecoderImpl.swift`.
        let path: String
        let text: String

        /// The folder a file belongs to for the dependency arrows: `CodableBridge/Decoding`,
        /// `CodableBridgeCoercion` (the coercion module counts as one folder).
        var folder: String {
            let parts = path.split(separator: "/").map(String.init)
            if parts[0] == "CodableBridgeCoercion" { return "CodableBridgeCoercion" }
            return parts.count > 2 ? parts[0] + "/" + parts[1] : parts[0]
        }
    }

    /// `Sources/`, found from this file's path (`Tests/CodableBridgeTests/Architecture/…`).
    static let sourcesURL: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every `.swift` file under `Sources/`, sorted by path.
    static let files: [File] = {
        let root = sourcesURL.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [File] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            guard let text = try? String(contentsOfFile: root + "/" + relative, encoding: .utf8) else { continue }
            files.append(File(path: relative, text: text))
        }
        return files.sorted { $0.path < $1.path }
    }()

    /// `text` without comments and string literals' contents (a pragmatic scanner: `//` line
    /// comments, `/* */` blocks, and the text between double quotes on one line; multi-line
    /// string literals are blanked too). Line structure is kept, so line numbers still match.
    static func code(_ text: String) -> String {
        var result = ""
        var inBlock = false
        var inMultiline = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var out = ""
            var inString = false
            var chars = Array(line)
            var i = 0
            if inMultiline {
                if let end = line.range(of: "\"\"\"") {
                    inMultiline = false
                    chars = Array(line[end.upperBound...])
                } else {
                    result += "\n"
                    continue
                }
            }
            while i < chars.count {
                let c = chars[i]
                let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
                if inBlock {
                    if c == "*", next == "/" { inBlock = false; i += 2 } else { i += 1 }
                    continue
                }
                if inString {
                    if c == "\\" { i += 2; continue }
                    if c == "\"" { inString = false; out.append(c) }
                    i += 1
                    continue
                }
                if c == "/", next == "/" { break }
                if c == "/", next == "*" { inBlock = true; i += 2; continue }
                if c == "\"" {
                    if i + 2 < chars.count, chars[i + 1] == "\"", chars[i + 2] == "\"" {
                        inMultiline = true
                        out += "\"\"\""
                        break
                    }
                    inString = true
                }
                out.append(c)
                i += 1
            }
            result += out + "\n"
        }
        return result
    }
}
