import Foundation
import Testing

/// Files a newcomer can read: no source file over 500 lines, and the decoder's folder split by
/// concept into at most fifteen files (Docs/Design.md, "Rules of the house").
@Suite("Source sizes")
struct SourceSizeTests {
    static let maxLines = 500
    static let maxDecodingFiles = 15

    @Test func noFileIsOverTheLineLimit() throws {
        try #require(SourceTree.files.count > 20, "Sources/ not found at \(SourceTree.sourcesURL.path)")
        let long = SourceTree.files.compactMap { file -> String? in
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - (file.text.hasSuffix("\n") ? 1 : 0)
            return lines > Self.maxLines ? "\(file.path): \(lines) lines" : nil
        }
        #expect(long.isEmpty, "over \(Self.maxLines) lines:\n\(long.joined(separator: "\n"))")
    }

    @Test func theDecodingFolderStaysSmall() throws {
        let decoding = SourceTree.files.filter { $0.folder == "CodableBridge/Decoding" }
        try #require(!decoding.isEmpty)
        #expect(decoding.count <= Self.maxDecodingFiles, "\(decoding.map(\.path))")
    }
}
