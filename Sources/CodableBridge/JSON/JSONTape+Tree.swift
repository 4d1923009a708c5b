import Foundation

// Building the public `JSONValue` tree, and converting a tree back to a tape, without recursion.
//
// One `TreeBuilder` makes every tree. It is a parser output (JSONParserOutput.swift): it receives
// scalars, keys, and each container's open and close in document order, from the parser itself
// (`JSONValue(parsing:)`, no tape at all) or from a tape's nodes (`value(at:)`, which walks them
// in the same order). It keeps the innermost open container in `top` and its ancestors on a stack
// (`frames`). Finished values are pushed on one value stack, an object's keys on a key stack; when
// a container closes, its elements are the top values (and keys) of those stacks and are *moved*
// (not copied, no reference counting) into the new arrays:
//
//     [1, ["x"]]       open · 1 · open · "x" · close · close
//     after "x"        frames [outer]  top inner   values [1, "x"]
//     inner closes     values [1, ["x"]]            outer closes    values [[1, ["x"]]]
//
// Keys, strings and number text of up to 15 ASCII bytes are made directly in the `String`'s
// inline form (`ShortBytes`); longer keys are shared through `KeyCache` in big documents.
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
            /// The members of an object, or nil for an array.
            var members: [JSONObject.Member]?
            var elements: [JSONValue]
            var position: Int
            var count: Int { members?.count ?? elements.count }
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
                    frames.append(Frame(node: nodes.count - 1, members: nil, elements: elements, position: 0))
                }
            case .object(let object):
                guard frames.count < maxDepth else { throw DepthExceeded(maxDepth: maxDepth) }
                nodes.append(Node(kind: .object, payload: nodes.count + 1, length: UInt32(clamping: object.count)))
                if !object.isEmpty {
                    frames.append(Frame(node: nodes.count - 1, members: object.members, elements: [], position: 0))
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
            if position == frames[top].count {
                nodes[frames[top].node].payload = nodes.count
                frames.removeLast()
                continue
            }
            frames[top].position = position + 1
            if let members = frames[top].members {
                appendText(members[position].key, kind: .string, flags: 0)
                try append(members[position].value)
            } else {
                try append(frames[top].elements[position])
            }
        }
        bytes.append(0)
        self.init(bytes: bytes, nodes: nodes)
    }

    /// The public tree for the subtree at `index` (0 for the whole document).
    ///
    /// Objects keep document order. Of repeated keys the first occurrence is kept and later ones
    /// are dropped (as Foundation's `JSONDecoder` does), unless the object was parsed under
    /// `DuplicateKeyStrategy.useLast` (``Flags/lastKeyWins``): then the last value is kept, where
    /// the key first occurs; "repeated" means equal as `String`s, so
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
        let root = nodeBuffer[index]
        guard root.kind == .array || root.kind == .object else { return sources.scalar(root) }
        var builder = TreeBuilder(sharesKeys: root.payload - index >= KeyCache.minimumNodes)
        return builder.build(from: index, of: nodeBuffer, in: sources)
    }
}

extension JSONValue {
    /// Parses a complete document into the tree directly, without a tape (see
    /// JSONParserOutput.swift): ``init(parsing:maxDepth:)``.
    static func parse(_ input: UnsafeRawBufferPointer, maxDepth: Int) throws -> JSONValue {
        // The text only has to live until the tree is built, so it can always be borrowed.
        try JSONParser.parse(input, mayBorrow: true, maxDepth: maxDepth, firstLine: 1,
                             output: { TreeBuilder(sharesKeys: $0 >= KeyCache.minimumBytes) }) { parser, parsed in
            parsed.ownedText?.deallocateWithFree()
            return parser.output.finish()
        }
    }
}

/// Builds a `JSONValue` tree from the values a parse reports (see JSONParserOutput.swift), from
/// the parser itself or from a tape (``JSONTape/value(at:)``). See the design comment at the top of
/// this file.
private struct TreeBuilder: JSONParserOutput, ~Copyable {
    /// An open container.
    struct Frame {
        /// Where the container's first value sits on the value stack.
        var valueBase: Int
        /// Where its first key sits on the key stack; `-1` for an array.
        var keyBase: Int
        /// Whether keys must be checked for repeats while building the object: when the parser
        /// found byte-identical repeats, or when a key is non-ASCII (canonically equivalent
        /// spellings such as NFC "é" and NFD "e\u{301}" are different bytes but equal `String`s).
        var checksKeys: Bool
        /// Of repeated keys the last occurrence's value counts (at the first one's position).
        var keepsLastKey = false
    }

    /// The innermost open container, while `depth > 0`.
    var top = Frame(valueBase: 0, keyBase: -1, checksKeys: false)
    /// How many containers are open.
    var depth = 0
    /// The open containers around `top` (empty until a container holds another one).
    var frames = ScratchBuffer<Frame>(capacity: 0)
    // Room for an object of 32 members before the stacks have to grow; 1 KB at most each, which
    // glibc's per-thread cache still serves (larger blocks take its slower general path).
    var values = ScratchBuffer<JSONValue>(capacity: 32)
    var keys = ScratchBuffer<String>(capacity: 32)
    /// Shares one `String` among equal long keys (arrays of similar objects repeat their keys);
    /// only used for documents big enough to repay setting it up.
    var keyCache: KeyCache?

    init(sharesKeys: Bool) {
        if sharesKeys { keyCache = KeyCache() }
    }

    /// The tree of the container at `root` in `nodes`: its nodes are given to the builder in the
    /// order the parser gave them.
    mutating func build(from root: Int, of nodes: UnsafeBufferPointer<JSONTape.Node>, in bytes: JSONTape.Bytes) -> JSONValue {
        // The innermost open container's node is `container` (its payload is its end), its
        // ancestors' are on `open`.
        var container = nodes[root]
        var open = ScratchBuffer<JSONTape.Node>(capacity: 0)
        _ = self.open(container.kind)
        var i = root + 1
        while true {
            if i < container.payload {
                if container.kind == .object {
                    key(nodes[i], in: bytes)
                    i += 1
                }
                let node = nodes[i]
                i += 1
                if node.kind == .array || node.kind == .object {
                    open.append(container)
                    container = node
                    _ = self.open(node.kind)
                    continue
                }
                scalar(node, in: bytes)
                if i < container.payload { continue }
            }
            // `i` is the end of `container`, and maybe of some of its ancestors.
            while true {
                close(0, container)
                guard open.count > 0 else { return finish() }
                container = open.removeLast()
                if i < container.payload { break }
            }
        }
    }

    /// The finished tree: the one value left once the root is complete.
    mutating func finish() -> JSONValue {
        values.removeLast()
    }

    @inline(__always)
    mutating func open(_ kind: JSONTape.Kind) -> Int {
        if depth > 0 { frames.append(top) }
        depth += 1
        top = Frame(valueBase: values.count, keyBase: kind == .object ? keys.count : -1, checksKeys: false)
        return 0
    }

    @inline(__always)
    mutating func close(_ token: Int, _ node: JSONTape.Node) {
        let container: JSONValue
        if top.keyBase >= 0 {
            if node.flags & JSONTape.Flags.duplicateKeys != 0 {
                top.checksKeys = true
                top.keepsLastKey = node.flags & JSONTape.Flags.lastKeyWins != 0
            }
            container = .object(makeObject())
        } else {
            container = .array(values.removeLastAsArray(values.count - top.valueBase))
        }
        values.append(consume container)
        depth -= 1
        if depth > 0 { top = frames.removeLast() }
    }

    @inline(__always)
    mutating func scalar(_ node: JSONTape.Node, in bytes: JSONTape.Bytes) {
        values.append(bytes.scalar(node))
    }

    @inline(__always)
    mutating func key(_ node: JSONTape.Node, in bytes: JSONTape.Bytes) {
        let short = node.length <= ShortBytes.maximumCount ? bytes.shortBytes(node) : nil
        if let short, short.isASCII {
            keys.append(short.asciiString(inline: bytes.inlineStrings))
        } else {
            let (key, isASCII) = longKey(node, in: bytes)
            keys.append(key)
            if !isASCII { top.checksKeys = true }
        }
    }

    /// The key at a string node that is not short ASCII (a long one shared with earlier equal
    /// keys when the builder shares keys), and whether it is ASCII.
    mutating func longKey(_ node: JSONTape.Node, in bytes: JSONTape.Bytes) -> (String, isASCII: Bool) {
        // An escaped key's bytes may move while the parser runs (the unescaped strings grow):
        // only keys read in place are shared.
        guard node.length > ShortBytes.maximumCount, node.flags & JSONTape.Flags.escaped == 0, keyCache != nil else {
            return (bytes.string(node), bytes.isASCII(node))
        }
        // safe: a string node's bytes lie in its buffer, so it is not empty; `keyCache` checked non-nil above
        return keyCache!.string(node, in: bytes, readableEnd: bytes.text.baseAddress! + bytes.text.count)
    }

    /// The object of the innermost container: its keys and values moved, in pairs, into one
    /// array made at its final size.
    mutating func makeObject() -> JSONObject {
        if top.checksKeys { return _slowPathObjectWithRepeatedKeys() }
        let count = values.count - top.valueBase
        var members: [JSONObject.Member] = []
        members.append(contentsOf: MovedMembers(keys: keys.base + top.keyBase, values: values.base + top.valueBase, count: count))
        keys.forgetLast(count)
        values.forgetLast(count)
        return JSONObject(uniqueMembers: members)
    }

    /// An object whose keys may repeat: the first occurrence of each key is kept, with its value
    /// or (``Frame/keepsLastKey``) the last occurrence's.
    mutating func _slowPathObjectWithRepeatedKeys() -> JSONObject {
        let count = values.count - top.valueBase
        var object = JSONObject()
        object.reserveCapacity(count)
        for k in 0 ..< count {
            let key = keys.take(at: top.keyBase + k)
            let value = values.take(at: top.valueBase + k)
            if let position = object.position(of: key) {
                if top.keepsLastKey { object.modifyValue(at: position) { $0 = value } }
            } else {
                object.appendUnchecked(key, value)
            }
        }
        keys.forgetLast(count)
        values.forgetLast(count)
        return object
    }
}

/// The top keys and values of the tree builder's stacks, moved into an object's members:
/// `Array.append(contentsOf:)` reserves `underestimatedCount`, then calls
/// `_copyContents(initializing:)` once, which moves them all (as ``MovedElements`` does for one
/// stack).
private struct MovedMembers: Sequence {
    let keys: UnsafeMutablePointer<String>
    let values: UnsafeMutablePointer<JSONValue>
    let count: Int

    struct Iterator: IteratorProtocol {
        var members: MovedMembers
        var position: Int

        mutating func next() -> JSONObject.Member? {
            guard position < members.count else { return nil }
            defer { position += 1 }
            return JSONObject.Member(key: (members.keys + position).move(), value: (members.values + position).move())
        }
    }

    var underestimatedCount: Int { count }

    func makeIterator() -> Iterator { Iterator(members: self, position: 0) }

    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<JSONObject.Member>) -> (Iterator, Int) {
        let moved = Swift.min(count, buffer.count)
        if moved > 0, let destination = buffer.baseAddress {
            for i in 0 ..< moved {
                (destination + i).initialize(to: JSONObject.Member(key: (keys + i).move(), value: (values + i).move()))
            }
        }
        return (Iterator(members: self, position: moved), moved)
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

    /// Whether a string node's bytes are all ASCII (read from its flags when the parser set them).
    @inline(__always)
    fileprivate func isASCII(_ node: JSONTape.Node) -> Bool {
        if node.flags & JSONTape.Flags.validUTF8 != 0 { return node.flags & JSONTape.Flags.ascii != 0 }
        return isASCIIBytes(content(of: node))
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
    /// Parsed documents shorter than this build their keys directly: in a document of a few
    /// kilobytes, setting up the table (4 KB of slots) costs more than the long keys it would share.
    static let minimumBytes = 1 << 16
    static let slotCount = 1024
    static let maximumEntries = 512

    /// Indices into `entries`, `-1` when empty.
    var slots = [Int32](repeating: -1, count: KeyCache.slotCount)
    var entries: [Entry] = []

    /// The string of a key node read in place (not escaped), and whether it is ASCII.
    mutating func string(_ node: JSONTape.Node, in bytes: JSONTape.Bytes, readableEnd: UnsafePointer<UInt8>) -> (String, isASCII: Bool) {
        let start = bytes.start(of: node)
        let count = Int(node.length)
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
        let string = bytes.string(node)
        let isASCII = bytes.isASCII(node)
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
