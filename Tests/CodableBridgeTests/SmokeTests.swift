import Testing
@testable import CodableBridge

@Suite struct SmokeTests {
    @Test func literalTree() {
        let value: JSONValue = ["a": [1, 2], "b": nil]
        #expect(value["a"]?[1] == 2)
    }
}
