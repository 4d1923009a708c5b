import Foundation
import Testing
@testable import CodableBridge

@Suite struct OutputFormattingTests {
    /// The raw values are `JSONEncoder.OutputFormatting`'s, so a raw value means the same in both.
    @Test(arguments: [
        (OutputFormatting.prettyPrinted, JSONEncoder.OutputFormatting.prettyPrinted, UInt(1)),
        (.sortedKeys, .sortedKeys, 2),
        (.withoutEscapingSlashes, .withoutEscapingSlashes, 8),
    ] as [(OutputFormatting, JSONEncoder.OutputFormatting, UInt)])
    func rawValuesAreFoundations(ours: OutputFormatting, foundation: JSONEncoder.OutputFormatting, rawValue: UInt) {
        #expect(ours.rawValue == foundation.rawValue)
        #expect(ours.rawValue == rawValue)
        #expect(OutputFormatting(rawValue: foundation.rawValue) == ours)
    }

    @Test func aSetBuiltFromFoundationsRawValueWritesTheSameText() throws {
        let foundation: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var encoder = BridgeEncoder()
        encoder.outputFormatting = OutputFormatting(rawValue: foundation.rawValue)
        #expect(encoder.outputFormatting == [.sortedKeys, .withoutEscapingSlashes])
        let value = ["b": "a/b", "a": "c"]
        #expect(try encoder.encodeToString(value) == (try foundationText(value) { $0.outputFormatting = foundation }))
    }
}
