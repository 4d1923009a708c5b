// Where the parser's values go. `JSONParser` reports each value as it reads it — a string,
// number or literal, or a key, as its tape node; a container when it opens and when it closes —
// to an output:
//
//     {"a": [1, true]}    open(object) · key "a" · open(array) · scalar 1 · scalar true ·
//                         close(array, 2 elements) · close(object, 1 member)
//
// - `TapeOutput` (below) appends the nodes: the tape the decoder walks.
// - `TreeBuilder` (JSONTape+Tree.swift) builds the `JSONValue` tree, so `JSONValue(parsing:)`
//   makes no tape; `JSONTape.value(at:)` gives it the nodes of a tape in the same order.
//
// The parser is generic over its output and specialized for each, so a call costs nothing.

/// What receives the values a parse reads, in document order. See the comment at the top of
/// this file.
protocol JSONParserOutput: ~Copyable {
    /// An array or object opens. What this returns is given back to ``close(_:_:)``.
    mutating func open(_ kind: JSONTape.Kind) -> Int

    /// The innermost open container closes: `token` is what its ``open(_:)`` returned; `node`
    /// has its kind, its element (or member) count as `length` and its flags
    /// (``JSONTape/Flags/duplicateKeys`` when an object repeats a key byte for byte). Its
    /// `payload` is 0.
    mutating func close(_ token: Int, _ node: JSONTape.Node)

    /// A string, number, `true`, `false` or `null`: its node, whose bytes are in `bytes`.
    mutating func scalar(_ node: JSONTape.Node, in bytes: JSONTape.Bytes)

    /// An object's key (a string node), before its value.
    mutating func key(_ node: JSONTape.Node, in bytes: JSONTape.Bytes)
}

/// The tape's nodes, appended as the parser reads them (see the design comment in JSONTape.swift).
struct TapeOutput: JSONParserOutput, ~Copyable {
    /// The nodes so far (handed over to the tape with `takeAll()`).
    var nodes: ScratchBuffer<JSONTape.Node>

    init(textCount: Int) {
        nodes = ScratchBuffer(capacity: Self.nodeCapacity(textCount: textCount))
    }

    /// Room for the nodes of a text of `textCount` bytes. Typical documents have one node per
    /// 13–27 bytes, minified ones one per 6–13 (compact citm_catalog.json: 7.9); minified arrays
    /// of small numbers can have one per 2, and then the buffer grows.
    ///
    /// A block large enough for the huge-page advice (``MallocMemory/hugePageMinimum``) reserves
    /// for minified documents, one node per 6 bytes: growing it costs a page fault per 4 KiB
    /// (`realloc` moves it to an address that is not aligned to its huge pages, and the kernel
    /// splits them), about 25 600 for a 100 MB block, while the pages a parse never writes cost
    /// only address space. Smaller blocks are not advised, and `realloc` moves their 4 KiB pages
    /// without a fault (or grows them in the heap): they keep the typical estimate.
    static func nodeCapacity(textCount: Int) -> Int {
        let typical = textCount / 12 + 8
        guard typical * MemoryLayout<JSONTape.Node>.stride >= MallocMemory.hugePageMinimum else { return typical }
        return textCount / 6 + 8
    }

    /// Appends the container's node; `close` fills in its end, count and flags.
    @inline(__always)
    mutating func open(_ kind: JSONTape.Kind) -> Int {
        nodes.append(JSONTape.Node(kind: kind))
        return nodes.count - 1
    }

    @inline(__always)
    mutating func close(_ token: Int, _ node: JSONTape.Node) {
        var node = node
        node.payload = nodes.count
        nodes[token] = node
    }

    @inline(__always)
    mutating func scalar(_ node: JSONTape.Node, in bytes: JSONTape.Bytes) {
        nodes.append(node)
    }

    @inline(__always)
    mutating func key(_ node: JSONTape.Node, in bytes: JSONTape.Bytes) {
        nodes.append(node)
    }
}
