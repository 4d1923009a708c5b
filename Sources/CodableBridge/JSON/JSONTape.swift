import Foundation

// MARK: - Design
//
// A parsed document is a *tape*: one flat array of fixed-size nodes in document order, pointing
// into the document's text. No node allocates; strings and numbers are byte ranges.
//
//     {"id": 7, "tags": ["a", "b"], "ok": true}
//
//     index  kind    payload  length   meaning
//     0      object  9        3        members end before node 9; 3 key/value pairs
//     1      string  2        2        key "id"      (text[2..<4])
//     2      number  6        1        7             (text[6..<7], flags: integer)
//     3      string  10       4        key "tags"
//     4      array   7        2        elements end before node 7; 2 elements
//     5      string  19       1        "a"
//     6      string  24       1        "b"
//     7      string  29       2        key "ok"
//     8      true    0        0
//
// An object's children alternate key (always a string node), value. A container's `payload` is
// the index of the node after its last descendant, so skipping a whole subtree is one step.
// Numbers keep their exact source text.
//
// The text is never written to, and usually not copied either: the tape *borrows* the storage of
// the caller's `Data`, `String` or byte array and keeps that storage alive (`Storage.owner`), so a
// 100 MB document costs its nodes and nothing more. Strings with escapes are the exception: their
// unescaped bytes go to a second buffer, `unescaped`, and the node is marked ``Flags/escaped``
// (its payload is then an offset into `unescaped`). ``bytes(of:)`` picks the right buffer.
//
// Every scanning loop — the parser's, `strtod` reading a number — must stop at a byte that ends
// its token before the end of the text. A borrowed text qualifies when its last non-whitespace
// byte is `}` or `]` (every number, literal and string ends before it); anything else (a scalar
// root, a truncated document, a `JSONValue`'s text) is copied with a NUL after it. A borrowed
// parse that fails is repeated on a copy, so a broken document gets the same error either way.
//
// Decoding a `Decodable` walks the tape directly. The public `JSONValue` tree is built from a
// tape only when asked for (`value(at:)`); `JSONValue(parsing:)` builds it without a tape (the
// parser reports its values to the tree builder, JSONParserOutput.swift).

/// A parsed JSON document in flat form. See the design comment at the top of this file.
package struct JSONTape: @unchecked Sendable {
    /// The kind of a tape node.
    package enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    /// One node: 12 bytes. The payload is stored in 32 bits, so a parsed document is under
    /// 4 GiB (the parser refuses larger ones with an error).
    package struct Node: Sendable {
        private var storedPayload: UInt32
        /// Strings and numbers: byte length. Containers: element count (pairs, for objects).
        package var length: UInt32
        package var kind: Kind
        /// Numbers: ``Flags/integer`` when the text has no fraction or exponent,
        /// ``Flags/negative`` when it starts with `-`. Strings: ``Flags/escaped`` when the source
        /// contained escapes (resolved in `unescaped`).
        package var flags: UInt8

        /// Strings and numbers: offset of the first content byte in `text` (in `unescaped` for an
        /// escaped string).
        /// Containers: index of the first node after this container's subtree.
        package var payload: Int {
            @inline(__always) get { Int(storedPayload) }
            @inline(__always) set { storedPayload = UInt32(newValue) }
        }

        package init(kind: Kind, payload: Int = 0, length: UInt32 = 0, flags: UInt8 = 0) {
            self.storedPayload = UInt32(payload)
            self.length = length
            self.kind = kind
            self.flags = flags
        }
    }

    /// Bits of ``Node/flags``.
    package enum Flags {
        package static let integer: UInt8 = 1
        package static let negative: UInt8 = 2
        /// Objects: some key occurs more than once (byte for byte, after unescaping; canonically
        /// equivalent spellings of non-ASCII keys are not detected). The first occurrence counts
        /// (as with Foundation's `JSONDecoder`) unless ``lastKeyWins`` is set, so a reader that finds keys with a moving cursor
        /// must make sure no earlier member has the same key. Without it, keys are byte-unique.
        package static let duplicateKeys: UInt8 = 4
        /// Strings: the source had escapes; the unescaped bytes are in ``JSONTape/unescaped``.
        /// Numbers read in JSON5 mode that are not RFC 8259 numbers (`+1`, `.5`, `5.`, `0x1F`,
        /// `Infinity`): their RFC 8259 spelling (`1`, `0.5`, `5.0`, `31`; `Infinity` as is) is in
        /// ``JSONTape/unescaped``, followed by a NUL. A bit of its own, so a reader can test it
        /// without looking at the kind.
        package static let escaped: UInt8 = 8
        /// Numbers read in JSON5 mode: `Infinity`, `-Infinity`, `NaN` or `-NaN` (the node's text,
        /// in ``JSONTape/unescaped``). Decoded as `Double` or `Float` they are the IEEE value, as
        /// `Decimal` NaN, as an integer an error (all as `JSONDecoder` with `allowsJSON5`).
        package static let nonFinite: UInt8 = 16
        /// Objects with ``duplicateKeys``, parsed under `DuplicateKeyStrategy.useLast`: of
        /// repeated keys the last occurrence counts, and every reader of the object honours it.
        package static let lastKeyWins: UInt8 = 32
        /// Strings read by the RFC 8259 parser: their bytes were checked as UTF-8 while parsing
        /// (an escaped string's unescaped bytes too: escapes are written as whole scalars), so a
        /// `String` is made of them without a second check (Runtime/ValidatedString). Set only by
        /// the parser; a node without it is checked when its string is made.
        package static let validUTF8: UInt8 = 64
        /// Strings with ``validUTF8`` whose bytes are all ASCII.
        package static let ascii: UInt8 = 128
    }

    /// Keeps a tape's memory alive: the nodes, the caller's storage the text borrows or the
    /// tape's own copy, and the unescaped strings. All of it from `malloc`.
    final class Storage: @unchecked Sendable {
        /// The nodes.
        let nodes: UnsafeMutableBufferPointer<Node>
        /// The `Data`, `String` or `[UInt8]` whose storage ``JSONTape/text`` points into.
        let owner: Any?
        /// The text, when the tape owns a copy.
        let ownedText: UnsafeMutableBufferPointer<UInt8>?
        /// The unescaped strings.
        let unescaped: UnsafeMutableBufferPointer<UInt8>?

        init(nodes: UnsafeMutableBufferPointer<Node>, owner: Any?, ownedText: UnsafeMutableBufferPointer<UInt8>?,
             unescaped: UnsafeMutableBufferPointer<UInt8>?) {
            self.nodes = nodes
            self.owner = owner
            self.ownedText = ownedText
            self.unescaped = unescaped
        }

        deinit {
            nodes.deallocateWithFree()
            ownedText?.deallocateWithFree()
            unescaped?.deallocateWithFree()
        }
    }

    /// The document's UTF-8 (never written). Bytes past a node's range are readable up to the
    /// end of this buffer, and every number is followed within it by a byte that is not part of
    /// a number (see the design comment).
    package let text: UnsafeBufferPointer<UInt8>
    /// The unescaped bytes of the strings marked ``Flags/escaped``, back to back.
    package let unescaped: UnsafeBufferPointer<UInt8>
    /// The nodes in document order, without keeping them alive: valid while this tape (or a copy
    /// of it) is. For readers that hold the tape as long as they read: the decoder keeps it, the
    /// tree builder runs inside a method of it. A buffer, not an array: the parser appends
    /// without an array's uniqueness check (a third of the cost of a node).
    package let nodeBuffer: UnsafeBufferPointer<Node>
    /// Keeps `nodeBuffer`, `text` and `unescaped` valid as long as any copy of the tape exists.
    let storage: Storage

    /// The nodes in document order; node 0 is the root. The collection keeps the tape's memory
    /// alive, so it may outlive the tape value it came from.
    package var nodes: Nodes { Nodes(buffer: nodeBuffer, storage: storage) }

    /// A tape's nodes, holding on to its memory.
    package struct Nodes: RandomAccessCollection {
        let buffer: UnsafeBufferPointer<Node>
        let storage: Storage

        package var startIndex: Int { 0 }
        package var endIndex: Int { buffer.count }
        package subscript(index: Int) -> Node { buffer[index] }
    }

    /// The default nesting limit of the parser and decoder.
    package static let defaultMaxDepth = 512

    /// A tape over `storage`'s memory: `nodes` and `unescaped` are all of theirs (`unescaped` may
    /// be missing), `text` is borrowed from `storage.owner` or is `storage.ownedText`.
    init(text: UnsafeBufferPointer<UInt8>, storage: Storage) {
        self.text = text
        self.unescaped = UnsafeBufferPointer(storage.unescaped ?? UnsafeMutableBufferPointer(start: nil, count: 0))
        self.nodeBuffer = UnsafeBufferPointer(storage.nodes)
        self.storage = storage
    }

    /// A tape over copies of `bytes` and `nodes` (the tree-to-tape conversion builds them this
    /// way). `bytes` must end with a byte no number continues with (a NUL).
    package init(bytes: [UInt8], nodes: [Node]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocateWithMalloc(capacity: max(1, bytes.count))
        _ = copy.initialize(from: bytes)
        let ownedNodes = UnsafeMutableBufferPointer<Node>.allocateWithMalloc(capacity: nodes.count)
        _ = ownedNodes.initialize(from: nodes)
        self.init(text: UnsafeBufferPointer(rebasing: copy[..<bytes.count]),
                  storage: Storage(nodes: ownedNodes, owner: nil, ownedText: copy, unescaped: nil))
    }

    /// A tape over memory that its caller owns, and keeps alive and unchanged while the tape is
    /// used (a snapshot of a partial document, Streaming/PartialScanner+Snapshot.swift). The text
    /// and the unescaped bytes must each be followed in memory by a NUL.
    init(borrowing nodes: UnsafeBufferPointer<Node>, text: UnsafeBufferPointer<UInt8>, unescaped: UnsafeBufferPointer<UInt8>) {
        self.text = text
        self.unescaped = unescaped
        self.nodeBuffer = nodes
        self.storage = JSONTape.borrowedStorage
    }

    /// Whether this tape borrows its memory (``init(borrowing:text:unescaped:)``).
    var isBorrowed: Bool { storage === JSONTape.borrowedStorage }

    /// The same tape over copies of its nodes, text and unescaped bytes, which it owns: for a
    /// decoder that something it handed out (a kept container, the decoder itself) outlives the
    /// memory a borrowing tape reads.
    func ownedCopy() -> JSONTape {
        let nodes = UnsafeMutableBufferPointer<Node>.allocateWithMalloc(capacity: nodeBuffer.count)
        _ = nodes.initialize(from: nodeBuffer)
        let text = UnsafeMutableBufferPointer<UInt8>.copyEndingInNUL(of: self.text.baseAddress, count: self.text.count)
        let unescaped = UnsafeMutableBufferPointer<UInt8>.copyEndingInNUL(of: self.unescaped.baseAddress, count: self.unescaped.count)
        return JSONTape(copiedNodes: nodes, text: text, textCount: self.text.count, unescaped: unescaped, unescapedCount: self.unescaped.count)
    }

    /// A tape over buffers it owns, whose first `textCount` and `unescapedCount` bytes are the
    /// text and the unescaped strings (each followed by a NUL).
    private init(copiedNodes nodes: UnsafeMutableBufferPointer<Node>, text: UnsafeMutableBufferPointer<UInt8>, textCount: Int,
                 unescaped: UnsafeMutableBufferPointer<UInt8>, unescapedCount: Int) {
        self.text = UnsafeBufferPointer(rebasing: text[..<textCount])
        self.unescaped = UnsafeBufferPointer(rebasing: unescaped[..<unescapedCount])
        self.nodeBuffer = UnsafeBufferPointer(nodes)
        self.storage = Storage(nodes: nodes, owner: nil, ownedText: text, unescaped: unescaped)
    }

    /// The storage of every borrowing tape: it owns nothing, so one serves them all (a partial
    /// document makes a borrowing tape per snapshot).
    private static let borrowedStorage = Storage(nodes: UnsafeMutableBufferPointer(start: nil, count: 0), owner: nil, ownedText: nil,
                                                 unescaped: nil)

    // MARK: Navigation

    /// The index of the node after the subtree rooted at `index`.
    @inline(__always)
    package func nextSibling(_ index: Int) -> Int {
        let node = nodeBuffer[index]
        return node.kind.rawValue >= Kind.array.rawValue ? node.payload : index + 1
    }

    /// The two buffers a string or number node's bytes can be in, and the one rule that picks.
    /// Readers that walk many nodes (the decoder, the tree builder) keep one of these.
    package struct Bytes {
        package let text: UnsafeBufferPointer<UInt8>
        package let unescaped: UnsafeBufferPointer<UInt8>
        /// `SmallString.isAvailable`, read once for all the strings made from these bytes.
        let inlineStrings: Bool

        package init(text: UnsafeBufferPointer<UInt8>, unescaped: UnsafeBufferPointer<UInt8>,
                     inlineStrings: Bool = SmallString.isAvailable)
        {
            self.text = text
            self.unescaped = unescaped
            self.inlineStrings = inlineStrings
        }

        /// The buffer `node`'s payload points into: ``JSONTape/unescaped`` for an escaped string.
        @inline(__always)
        package func buffer(of node: Node) -> UnsafeBufferPointer<UInt8> {
            node.flags & Flags.escaped != 0 ? unescaped : text
        }

        /// The first byte of a string or number node.
        @inline(__always)
        package func start(of node: Node) -> UnsafePointer<UInt8> {
            // safe: a string or number node's range lies inside its buffer, which is therefore not empty
            buffer(of: node).baseAddress! + node.payload
        }

        /// The bytes of a string or number node.
        @inline(__always)
        package func content(of node: Node) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: start(of: node), count: Int(node.length))
        }

        /// The string at a string node (or a number's text); a short ASCII one is made in its
        /// inline form directly (``ShortBytes``). The decoder and the tree builder make their
        /// strings here.
        @inline(__always)
        func string(_ node: Node) -> String {
            if node.length <= ShortBytes.maximumCount {
                let short = shortBytes(node)
                if short.isASCII { return short.asciiString(inline: inlineStrings) }
            }
            if node.flags & Flags.validUTF8 != 0 {
                return ValidatedString.make(content(of: node), isASCII: node.flags & Flags.ascii != 0)
            }
            return String(decoding: content(of: node), as: UTF8.self)
        }

        /// The bytes of a string or number node of at most ``ShortBytes/maximumCount`` bytes.
        @inline(__always)
        func shortBytes(_ node: Node) -> ShortBytes {
            let buffer = buffer(of: node)
            // safe: a string or number node's bytes lie in its buffer, so it is not empty
            return ShortBytes(start(of: node), count: Int(node.length), readableEnd: buffer.baseAddress! + buffer.count)
        }
    }

    /// Where this tape's nodes point (see ``Bytes``).
    package var sources: Bytes { Bytes(text: text, unescaped: unescaped) }

    /// The bytes of a string or number node (from ``unescaped`` for an escaped string).
    @inline(__always)
    package func bytes(of node: Node) -> UnsafeBufferPointer<UInt8> {
        sources.content(of: node)
    }

    /// The string at a string node.
    @inline(__always)
    package func string(at index: Int) -> String {
        sources.string(nodeBuffer[index])
    }

    /// The source text of a number node.
    package func numberText(at index: Int) -> String {
        string(at: index)
    }
}
