import Testing

/// Every force unwrap (`x!`), forced cast (`as!`) and `try!` in `Sources/` states why it cannot
/// fail, in a `// safe: …` comment on the same or the previous line.
@Suite("Force unwraps")
struct ForceUnwrapTests {
    @Test func everyForceUnwrapSaysWhyItIsSafe() throws {
        let files = SourceTree.files
        try #require(!files.isEmpty, "Sources/ not found at \(SourceTree.sourcesURL.path)")
        let unjustified = files.flatMap { file in Self.unjustified(in: file.text).map { line in "\(file.path):\(line)" } }
        #expect(unjustified.isEmpty, "force unwraps without a `// safe:` reason:\n\(unjustified.joined(separator: "\n"))")
    }

    @Test func theCheckFindsAnUnjustifiedUnwrap() {
        let text = """
            let a = b!
            // safe: checked above
            let c = d as! Int
            let e = f != g && !h
            let s = "not! code" // nor this!
            let k = l[0]!.m
            let i = try! j()  // safe: j never throws for a literal
            """
        #expect(Self.unjustified(in: text) == [1, 6])
    }

    /// The 1-based lines with a force unwrap, `as!` or `try!` (not `!=`, not prefix `!`) and no
    /// `// safe:` comment on that line or the one before.
    static func unjustified(in text: String) -> [Int] {
        let raw = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let code = SourceTree.code(text).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let forced = #/[\w)\]]!(?!=)/#
        var lines: [Int] = []
        for (index, line) in code.enumerated() where line.contains(forced) {
            let justified = raw[index].contains("// safe:") || (index > 0 && raw[index - 1].contains("// safe:"))
            if !justified { lines.append(index + 1) }
        }
        return lines
    }
}
