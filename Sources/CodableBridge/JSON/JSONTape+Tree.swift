import Foundation

// Converting between a tape and the public `JSONValue` tree, both ways without recursion.
//
// Tape → tree walks the nodes in order, keeping the innermost open container in local variables
// (`top`) and its ancestors on a stack (`frames`). Finished values are pushed on one value stack,
// an object's keys on a key stack (an object's children are read in pairs: key, value); when a
// container ends, its elements are the top `count` values (and keys) of those stacks and are
// *moved* (not copied, no reference counting) into the new arrays:
//
//     nodes:   0 array(end 4)  1 number 1  2 array(end 4)  3 string "x"
//     i = 3    frames [0]  top 2   values [1, "x"]
//     i = 4    node 2 ends     values [1, ["x"]]      node 0 ends    values [[1, ["x"]]]
//
// Keys, strings and number text of up to 15 ASCII bytes are made directly in the `String`'s
// inline form (`ShortBytes`); longer keys are shared through `KeyCache` in big subtrees.
//
// Tree → tape is the mirror image: a stack of partly written containers, each with the position
// of its next child; a container node is patched with its end when its last child is written.

extension JSONTape {
    /// Builds a tape holding `value`: strings and number text are written into `text`, keys in
    /// object order. Used to decode from a `JSONValue` with the same decoder as from text.
    ///
    /// ```swift
    /// let tape = JSONTape(value: ["id": 7])
    /// tape.value(at: 0) == ["id": 7]   // true
    /// ```
    ///
    /// Works for any depth (no recursion). Keys are unique (a ``JSONObject`` cannot hold a key
    /// twice), so no node carries ``Flags/duplicateKeys``. Strings are stored as their UTF-8 and
    /// never marked ``Flags/escaped``; numbers keep `JSONNumber.text`, flagged like parsed ones.
    ///
    /// - Parameter value: The tree to flatten.
    package init(value: JSONValue) {
        // safe: without a limit there is nothing to exceed, so this cannot throw.
        self = try! JSONTape(value: value, maxDepth: .max)
    }

    /// The nesting limit of a tree was exceeded: more than `maxDepth` levels.
    package struct DepthExceeded: Error {
        package let maxDepth: Int
    }

    /// ``init(value:)``, refusing a tree that nests arrays and objects deeper than `maxDepth`
    /// levels — the same limit the parser applies to text (`maxDepth` levels are fine, one more
    /// is not).
    ///
    /// - Throws: ``DepthExceeded`` as soon as a container `maxDepth + 1` levels deep is reached.
    package init(value: JSONValue, maxDepth: Int) throws(DepthExceeded) {
        /// A container whose children are being written.
        struct Frame {
            var node: Int
            var keys: [String]
            var values: [JSONValue]
            var position: Int
        }
        var bytes: [UInt8] = []
        var nodes: [Node] = []
        var frames: [Frame] = []

        func appendText(_ text: String, kind: Kind, flags: UInt8) {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            nodes.append(Node(kind: kind, payload: start, length: UInt32(clamping: bytes.count - start), flags: flags))
        }

        func append(_ value: JSONValue) throws(DepthExceeded) {
            switch value {
            case .null:
                nodes.append(Node(kind: .null))
            case .bool(let b):
                nodes.append(Node(kind: b ? .true : .false))
            case .string(let s):
                appendText(s, kind: .string, flags: 0)
            case .number(let n):
                appendText(n.text, kind: .number, flags: numberFlags(n.text))
                // As in a parsed document, a non-number byte ends every number: the decoder reads
                // fractions with strtod, which would run on into "1.5" "2.5" → 1.52.
                bytes.append(0)
            case .array(let elements):
                // `frames` holds the open ancestors, so this container is `frames.count + 1` deep.
                guard frames.count < maxDepth else { throw DepthExceeded(maxDepth: maxDepth) }
                nodes.append(Node(kind: .array, payload: nodes.count + 1, length: UInt32(clamping: elements.count)))
                if !elements.isEmpty {
                    frames.append(Frame(node: nodes.count - 1, keys: [], values: elements, position: 0))
                }
            case .object(let object):
                guard frames.count < maxDepth else { throw DepthExceeded(maxDepth: maxDepth) }
                nodes.append(Node(kind: .object, payload: nodes.count + 1, length: UInt32(clamping: object.count)))
                if !object.isEmpty {
                    frames.append(Frame(node: nodes.count - 1, keys: object.keys, values: object.values, position: 0))
                }
            }
        }

        /// The parser's flags for number text: `integer` only for `-?[0-9]+` (so not for the
        /// "nan" / "inf" text of non-finite doubles), `negative` for a leading `-`.
        func numberFlags(_ text: String) -> UInt8 {
            var digits = text.utf8[...]
            var flags: UInt8 = 0
            if digits.first == UInt8(ascii: "-") {
                flags = Flags.negative
                digits = digits.dropFirst()
            }
            if !digits.isEmpty, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) { flags |= Flags.integer }
            return flags
        }

        try append(value)
        while !frames.isEmpty {
            let top = frames.count - 1
            let position = frames[top].position
            if position == frames[top].values.count {
                nodes[frames[top].node].payload = nodes.count
                frames.removeLast()
                continue
            }
            frames[top].position = position + 1
            if !frames[top].keys.isEmpty {
                appendText(frames[top].keys[position], kind: .string, flags: 0)
            }
            try append(frames[top].values[position])
        }
        bytes.append(0)
        self.init(bytes: bytes, nodes: nodes)
    }

    /// The public tree for the subtree at `index` (0 for the whole document).
    ///
    /// Objects keep document order. Of repeated keys the first occurrence is kept and later ones
    /// are dropped (as Foundation's `JSONDecoder` does); "repeated" means equal as `String`s, so
    /// canonically equivalent non-ASCII spellings count too. Numbers keep their text. Works for
    /// any depth (no recursion).
    ///
    /// ```swift
    /// let tape = try JSONTape(parsing: Data(#"{"a": [1, 2], "a": 3}"#.utf8), maxDepth: 512)
    /// tape.value(at: 0)   // {"a": [1, 2]}
    /// tape.value(at: 2)   // [1, 2]
    /// ```
    ///
    /// - Parameter index: A node index of this tape.
    /// - Returns: The value rooted at that node.
    package func value(at index: Int) -> JSONValue {
        var builder = TreeBuilder(nodes: nodeBuffer, bytes: sources)
        return builder.build(from: index)
    }
}

/// The state of ``JSONTape/value(at:)``. See the design comment at the top of this file.
private struct TreeBuilder: ~Copyable {
    struct Frame {
        /// The node index after the container's last descendant.
        var end: Int
        /// Where the container's first value sits on the value stack.
        var valueBase: Int
        /// Where its first key sits on the key stack; `-1` for an array.
        var keyBase: Int
        /// Whether keys must be checked for repeats while building the object: when the parser
        /// found byte-identical repeats, or when a key is non-ASCII (canonically equivalent
        /// spellings such as NFC "é" and NFD "e\u{301}" are different bytes but equal `String`s).
        var checksKeys: Bool
    }

    let nodes: UnsafeBufferPointer<JSONTape.Node>
    /// Where the nodes' bytes are.
    let bytes: JSONTape.Bytes
    /// Empty until a container holds another one (the innermost is kept in `build`).
    var frames = ScratchBuffer<Frame>(capacity: 0)
    // Room for an object of 32 members before the stacks have to grow; 1 KB at most each, which
    // glibc's per-thread cache still serves (larger blocks take its slower general path).
    var values = ScratchBuffer<JSONValue>(capacity: 32)
    var keys = ScratchBuffer<String>(capacity: 32)
    /// Shares one `String` among equal long keys (arrays of similar objects repeat their keys);
    /// only used for subtrees big enough to repay setting it up.
    var keyCache: KeyCache?

    init(nodes: UnsafeBufferPointer<JSONTape.Node>, bytes: JSONTape.Bytes) {
        self.nodes = nodes
        self.bytes = bytes
    }

    mutating func build(from root: Int) -> JSONValue {
        let rootNode = nodes[root]
        guard rootNode.kind == .array || rootNode.kind == .object else { return bytes.scalar(rootNode) }
        if rootNode.payload - root >= KeyCache.minimumNodes {
            keyCache = KeyCache()
        }
        // The innermost open container lives in `top`; `frames` holds its ancestors.
        var top = frame(opening: rootNode)
        var i = root + 1
        while true {
            if i < top.end {
                if top.keyBase >= 0 {
                    // An object's children alternate key, value: this one is a key.
                    let keyNode = nodes[i]
                    i += 1
                    let short = keyNode.length <= ShortBytes.maximumCount ? bytes.shortBytes(keyNode) : nil
                    if let short, short.isASCII {
                        keys.append(short.asciiString())
                    } else {
                        let (key, isASCII) = key(keyNode)
                        keys.append(key)
                        if !isASCII { top.checksKeys = true }
                    }
                }
                let node = nodes[i]
                i += 1
                if node.kind == .array || node.kind == .object {
                    frames.append(top)
                    top = frame(opening: node)
                    continue
                }
                values.append(bytes.scalar(node))
                if i < top.end { continue }
            }
            // `i` is the end of `top`, and maybe of some of its ancestors.
            while true {
                let container = top.keyBase >= 0 ? JSONValue.object(makeObject(top)) : .array(makeArray(top))
                guard frames.count > 0 else { return container }
                top = frames.removeLast()
                values.append(container)
                if i < top.end { break }
            }
        }
    }

    @inline(__always)
    func frame(opening node: JSONTape.Node) -> Frame {
        Frame(
            end: node.payload,
            valueBase: values.count,
            keyBase: node.kind == .object ? keys.count : -1,
            checksKeys: node.flags & JSONTape.Flags.duplicateKeys != 0)
    }

    /// The key at a string node that is not short ASCII (a long one shared with earlier equal
    /// keys in a big subtree), and whether it is ASCII.
    mutating func key(_ node: JSONTape.Node) -> (String, isASCII: Bool) {
        if node.length <= ShortBytes.maximumCount {
            return (String(decoding: bytes.content(of: node), as: UTF8.self), bytes.isASCII(node))
        }
        guard keyCache != nil else { return (bytes.string(node), bytes.isASCII(node)) }
        let buffer = bytes.buffer(of: node)
        // safe: a string node's bytes lie in its buffer, so it is not empty; `keyCache` checked non-nil above
        return keyCache!.string(bytes.start(of: node), count: Int(node.length), readableEnd: buffer.baseAddress! + buffer.count)
    }

    mutating func makeArray(_ frame: Frame) -> [JSONValue] {
        let count = values.count - frame.valueBase
        return values.removeLastAsArray(count)
    }

    /// The object of a finished frame: its keys and values moved into one array each, made at
    /// their final size.
    mutating func makeObject(_ frame: Frame) -> JSONObject {
        if frame.checksKeys { return _slowPathObjectWithRepeatedKeys(frame) }
        let count = values.count - frame.valueBase
        return JSONObject(uniqueKeys: keys.removeLastAsArray(count), values: values.removeLastAsArray(count))
    }

    /// An object whose keys may repeat: the first occurrence of each key is kept.
    mutating func _slowPathObjectWithRepeatedKeys(_ frame: Frame) -> JSONObject {
        let count = values.count - frame.valueBase
        var object = JSONObject()
        object.reserveCapacity(count)
        for k in 0 ..< count {
            let key = keys.take(at: frame.keyBase + k)
            let value = values.take(at: frame.valueBase + k)
            if object.position(of: key) == nil {
                object.appendUnchecked(key, value)
            }
        }
        keys.forgetLast(count)
        values.forgetLast(count)
        return object
    }
}

// The node readers of the tree builder: on `Bytes` (two pointers), not on the builder, so that
// calling one does not copy the builder.
extension JSONTape.Bytes {
    /// The value of a string, number, Boolean or null node.
    @inline(__always)
    fileprivate func scalar(_ node: JSONTape.Node) -> JSONValue {
        switch node.kind {
        case .string: .string(string(node))
        case .number: .number(JSONNumber(uncheckedText: string(node)))
        case .true: .bool(true)
        case .false: .bool(false)
        case .null, .array, .object: .null
        }
    }

    @inline(__always)
    fileprivate func isASCII(_ node: JSONTape.Node) -> Bool {
        isASCIIBytes(content(of: node))
    }
}

/// A small string interning table for object keys: hash of the key's bytes → the `String` made
/// for its first occurrence. Bounded: once full, further keys are simply not cached.
private struct KeyCache {
    struct Entry {
        var start: UnsafePointer<UInt8>
        var count: Int
        var hash: UInt64
        var string: String
        var isASCII: Bool
    }

    /// Subtrees with fewer nodes build their keys directly.
    static let minimumNodes = 128
    static let slotCount = 1024
    static let maximumEntries = 512

    /// Indices into `entries`, `-1` when empty.
    var slots = [Int32](repeating: -1, count: KeyCache.slotCount)
    var entries: [Entry] = []

    mutating func string(_ start: UnsafePointer<UInt8>, count: Int, readableEnd: UnsafePointer<UInt8>) -> (String, isASCII: Bool) {
        let hash = DuplicateKeyDetector.fingerprint(start, count: count, readableEnd: readableEnd)
        let mask = KeyCache.slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let entry = entries[Int(slots[slot])]
            if entry.hash == hash, entry.count == count, memcmp(entry.start, start, count) == 0 {
                return (entry.string, entry.isASCII)
            }
            slot = (slot + 1) & mask
        }
        let bytes = UnsafeBufferPointer(start: start, count: count)
        let string = String(decoding: bytes, as: UTF8.self)
        let isASCII = isASCIIBytes(bytes)
        if entries.count < KeyCache.maximumEntries {
            slots[slot] = Int32(entries.count)
            entries.append(Entry(start: start, count: count, hash: hash, string: string, isASCII: isASCII))
        }
        return (string, isASCII)
    }
}

/// Whether every byte is below 0x80.
@inline(__always)
private func isASCIIBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let start = bytes.baseAddress, bytes.count >= 8 else {
        var bits: UInt8 = 0
        for byte in bytes { bits |= byte }
        return bits < 0x80
    }
    // Eight bytes at a time; the last word overlaps the one before it.
    @inline(__always) func word(_ offset: Int) -> UInt64 { UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self) }
    var bits = word(bytes.count - 8)
    var offset = 0
    while offset + 8 < bytes.count {
        bits |= word(offset)
        offset += 8
    }
    return bits & 0x8080_8080_8080_8080 == 0
}
