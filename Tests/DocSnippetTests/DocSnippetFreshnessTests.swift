import Foundation
import Testing

/// One swift block of the documentation, as recorded by Scripts/extract-doc-snippets.py.
struct SnippetManifestEntry: Equatable, CustomStringConvertible {
    /// The Markdown file, relative to the package root (`Docs/Coercion.md`).
    var document: String
    /// 1-based position among the document's swift blocks.
    var block: Int
    /// `compile`, or `illustration` for a block marked `<!-- snippet: illustration -->`.
    var kind: String
    /// 64-bit FNV-1a of the kind, the prelude and the code.
    var fingerprint: UInt64

    var description: String { "\(document) swift block \(block) (\(kind))" }
}

/// The generated snippet files compile with the suite; this test makes sure they are the ones
/// the Markdown gives today. It re-reads README.md and Docs/*.md with the same block rules as the
/// script (see its docstring) and compares each block's fingerprint with the manifest.
@Suite("Documentation snippets")
struct DocSnippetFreshnessTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("The generated snippet files match README.md and Docs/*.md")
    func generatedFilesAreFresh() throws {
        let current = try Self.currentBlocks()
        let stale = current.count != snippetManifest.count
            || zip(current, snippetManifest).contains { $0 != $1 }
        if stale {
            let changed = Set(current.map(\.description)).symmetricDifference(snippetManifest.map(\.description))
            let differing = zip(current, snippetManifest).filter { $0 != $1 }.map { "\($0.0)" }
            Issue.record("""
                The documentation's Swift examples changed since Tests/DocSnippetTests/Generated/ was \
                generated (\((differing + changed.sorted()).prefix(8).joined(separator: "; "))). \
                Regenerate with:  python3 Scripts/extract-doc-snippets.py
                """)
        }
    }

    /// The swift blocks of README.md and Docs/*.md (sorted by name), in order.
    static func currentBlocks() throws -> [SnippetManifestEntry] {
        let docs = root.appendingPathComponent("Docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path)
            .filter { $0.hasSuffix(".md") }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var entries: [SnippetManifestEntry] = []
        for relative in ["README.md"] + names.map({ "Docs/\($0)" }) {
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            entries += blocks(in: text, document: relative)
        }
        return entries
    }

    static func blocks(in text: String, document: String) -> [SnippetManifestEntry] {
        let lines = text.components(separatedBy: "\n")
        func trimmed(_ line: String) -> String { line.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r")) }
        var entries: [SnippetManifestEntry] = []
        var i = 0
        while i < lines.count {
            guard trimmed(lines[i]) == "```swift" else {
                i += 1
                continue
            }
            let start = i
            var end = i + 1
            while end < lines.count, trimmed(lines[end]) != "```" { end += 1 }
            let code = Array(lines[(start + 1) ..< min(end, lines.count)])
            var kind = "compile"
            var prelude: [String] = []
            let before = start > 0 ? trimmed(lines[start - 1]) : ""
            if before == "<!-- snippet: illustration -->" {
                kind = "illustration"
            } else if before == "-->" {
                var k = start - 2
                while k >= 0, trimmed(lines[k]) != "<!-- snippet: prelude" { k -= 1 }
                if k >= 0 { prelude = Array(lines[(k + 1) ..< (start - 1)]) }
            }
            let hashed = kind + "\n" + prelude.joined(separator: "\n") + "\n\u{0}\n" + code.joined(separator: "\n")
            entries.append(SnippetManifestEntry(document: document, block: entries.count + 1, kind: kind, fingerprint: fnv1a(hashed)))
            i = end + 1
        }
        return entries
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
