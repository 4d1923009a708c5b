import Foundation
import Testing

/// The folders of `Sources/` depend on each other only along the arrows in Docs/Design.md
/// ("Arrows between folders"). A folder depends on another when its code (comments and string
/// literals left out) names a type declared at file scope in the other folder.
@Suite("Dependency arrows")
struct DependencyArrowTests {
    /// Folder → the folders its code may name types of. Everything else is a forbidden arrow.
    static let allowed: [String: Set<String>] = [
        "CodableBridge/Runtime": [],
        "CodableBridge/Support": ["CodableBridge/Runtime"],
        "CodableBridgeCoercion": [],
        "CodableBridge/JSON": ["CodableBridge/Support", "CodableBridge/Runtime"],
        "CodableBridge/Report": ["CodableBridge/Support", "CodableBridge/Runtime"],
        "CodableBridge/Mapping": ["CodableBridge/JSON", "CodableBridge/Support", "CodableBridge/Runtime"],
        "CodableBridge/Encoding": [
            "CodableBridge/Mapping", "CodableBridge/JSON", "CodableBridge/Support", "CodableBridge/Runtime", "CodableBridgeCoercion",
        ],
        "CodableBridge/Decoding": [
            "CodableBridge/Encoding", "CodableBridge/Mapping", "CodableBridge/Report", "CodableBridge/JSON",
            "CodableBridge/Support", "CodableBridge/Runtime", "CodableBridgeCoercion",
        ],
        "CodableBridge/Schema": [
            "CodableBridge/Decoding", "CodableBridge/Encoding", "CodableBridge/Mapping", "CodableBridge/Report",
            "CodableBridge/JSON", "CodableBridge/Support", "CodableBridge/Runtime", "CodableBridgeCoercion",
        ],
        "CodableBridge/Streaming": [
            "CodableBridge/Decoding", "CodableBridge/Encoding", "CodableBridge/Mapping", "CodableBridge/Report",
            "CodableBridge/JSON", "CodableBridge/Support", "CodableBridge/Runtime", "CodableBridgeCoercion",
        ],
        "CodableBridge/Models": [
            "CodableBridge/Decoding", "CodableBridge/Encoding", "CodableBridge/Mapping", "CodableBridge/Report",
            "CodableBridge/JSON", "CodableBridge/Support", "CodableBridge/Runtime",
        ],
    ]

    @Test func everyFolderHasARule() throws {
        let folders = Set(SourceTree.files.map(\.folder))
        try #require(!folders.isEmpty, "Sources/ not found at \(SourceTree.sourcesURL.path)")
        #expect(folders.subtracting(Self.allowed.keys).isEmpty, "folders without arrows: \(folders.subtracting(Self.allowed.keys).sorted())")
    }

    @Test func sourcesFollowTheArrows() throws {
        let files = SourceTree.files.map { (folder: $0.folder, path: $0.path, text: $0.text) }
        try #require(files.count > 20, "Sources/ not found at \(SourceTree.sourcesURL.path)")
        let found = Self.violations(files, allowed: Self.allowed)
        #expect(found.isEmpty, "forbidden arrows:\n\(found.joined(separator: "\n"))")
    }

    /// The check itself can fail: a synthetic tree where `Low` names a type of `High`.
    @Test func aForbiddenArrowIsFound() {
        let files = [
            (folder: "High", path: "High/Top.swift", text: "final class Top {}\nlet mention = \"Bottom in a string\"\n"),
            (folder: "Low", path: "Low/Bottom.swift", text: "struct Bottom {\n    // Top in a comment is fine\n    let top: Top\n}\n"),
        ]
        let found = Self.violations(files, allowed: ["High": ["Low"], "Low": []])
        #expect(found == ["Low/Bottom.swift:3 names Top (CodableBridge folder High)".replacingOccurrences(of: "CodableBridge folder ", with: "")])
        #expect(Self.violations(files, allowed: ["High": ["Low"], "Low": ["High"]]).isEmpty)
    }

    /// The types declared at file scope in each folder; a name declared in two folders belongs
    /// to neither (it cannot tell an arrow).
    static func ownedTypes(_ files: [(folder: String, path: String, text: String)]) -> [String: String] {
        let declaration = #/^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|class|enum|protocol|typealias|actor)\s+(\w+)/#
            .anchorsMatchLineEndings()
        var owner: [String: String] = [:]
        var ambiguous: Set<String> = []
        for file in files {
            for match in SourceTree.code(file.text).matches(of: declaration) {
                let name = String(match.output.1)
                if let existing = owner[name], existing != file.folder { ambiguous.insert(name) }
                owner[name] = file.folder
            }
        }
        for name in ambiguous { owner[name] = nil }
        return owner
    }

    /// `path:line names Type (folder)` for every mention of a type owned by a folder the file's
    /// folder may not depend on.
    static func violations(_ files: [(folder: String, path: String, text: String)], allowed: [String: Set<String>]) -> [String] {
        let owner = ownedTypes(files)
        var found: [String] = []
        for file in files {
            let permitted = allowed[file.folder] ?? []
            let lines = SourceTree.code(file.text).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                for word in line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                    let name = String(word)
                    guard let folder = owner[name], folder != file.folder, !permitted.contains(folder) else { continue }
                    let entry = "\(file.path):\(number + 1) names \(name) (\(folder))"
                    if found.last != entry { found.append(entry) }
                }
            }
        }
        return found
    }
}
