import Testing
@testable import CodableBridge

@Suite struct ChunkedListTests {
    /// Sizes around the chunk boundaries (16, 48, 112, …).
    static let sizes = [0, 1, 15, 16, 17, 47, 48, 49, 111, 112, 113, 1_000, 5_000]

    @Test(arguments: sizes)
    func holdsWhatAnArrayHolds(size: Int) {
        var list = ChunkedList<String>()
        var array: [String] = []
        for i in 0 ..< size {
            list.append("e\(i)")
            array.append("e\(i)")
        }
        #expect(list.count == size)
        #expect(list.isEmpty == (size == 0))
        #expect(list.map { $0 } == array)
        for i in 0 ..< size { #expect(list[i] == array[i]) }
        var visited: [String] = []
        list.forEachInPlace { visited.append($0.pointee) }
        #expect(visited == array)
    }

    @Test(arguments: [(20, 0), (20, 16), (200, 48), (200, 113), (200, 199), (200, 200), (200, 500)])
    func removingTheTailThenAppendingAgain(size: Int, cut: Int) {
        var list = ChunkedList<Int>()
        for i in 0 ..< size { list.append(i) }
        list.removeLast(from: cut)
        let kept = min(cut, size)
        #expect(list.count == kept)
        #expect(list.map { $0 } == Array(0 ..< kept))
        for i in 0 ..< 100 { list.append(-i) }
        #expect(list.map { $0 } == Array(0 ..< kept) + (0 ..< 100).map { -$0 })
        #expect(list[kept] == 0)
        #expect(list[kept + 99] == -99)
    }
}
