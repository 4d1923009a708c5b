import Foundation

// MARK: - Design
//
// A parsed document is a *tape*: one flat array of fixed-size nodes in document order, over an
// owned copy of the input bytes. No node allocates; strings and numbers are byte ranges.
//
//     {"id": 7, "tags": ["a", "b"], "ok": true}
//
//     index  kind    payload  length   meaning
//     0      object  9        3        members end before node 9; 3 key/value pairs
//     1      string  2        2        key "id"      (bytes[2..<4])
//     2      number  6        1        7             (bytes[6..<7], flags: integer)
//     3      string  10       4        key "tags"
//     4      array   7        2        elements end before node 7; 2 elements
//     5      string  19       1        "a"
//     6      string  24       1        "b"
//     7      string  29       2        key "ok"
//     8      true    0        0
//
// An object's children alternate key (always a string node), value. A container's `payload` is
// the index of the node after its last descendant, so skipping a whole subtree is one step.
// Strings containing escapes are unescaped *in place* by the parser (the unescaped text is never
// longer than the escaped text), so every string is a plain UTF-8 range of `bytes`. Numbers keep
// their exact source text. `bytes` ends with an extra NUL so C number parsers stop safely.
//
// The public `JSONValue` tree is built from a tape only when asked for (`value(at:)`); decoding a
// `Decodable` walks the tape directly.

/// A parsed JSON document in flat form. See the design comment at the top of this file.
package struct JSONTape: @unchecked Sendable {
    /// The kind of a tape node.
    package enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    /// One node: 16 bytes.
    package struct Node: Sendable {
        /// Strings and numbers: offset of the first content byte in `bytes`.
        /// Containers: index of the first node after this container's subtree.
        package var payload: Int
        /// Strings and numbers: byte length. Containers: element count (pairs, for objects).
        package var length: UInt32
        package var kind: Kind
        /// Numbers: ``Flags/integer`` when the text has no fraction or exponent,
        /// ``Flags/negative`` when it starts with `-`. Strings: ``Flags/escaped`` when the source
        /// contained escapes (already resolved in `bytes`).
        package var flags: UInt8

        package init(kind: Kind, payload: Int = 0, length: UInt32 = 0, flags: UInt8 = 0) {
            self.payload = payload
            self.length = length
            self.kind = kind
            self.flags = flags
        }
    }

    /// Bits of ``Node/flags``.
    package enum Flags {
        package static let integer: UInt8 = 1
        package static let negative: UInt8 = 2
        package static let escaped: UInt8 = 1
        /// Objects: some key occurs more than once (byte for byte, after unescaping; canonically
        /// equivalent spellings of non-ASCII keys are not detected). The first occurrence counts
        /// (as with Foundation's `JSONDecoder`), so a reader that finds keys with a moving cursor
        /// must make sure no earlier member has the same key. Without it, keys are byte-unique.
        package static let duplicateKeys: UInt8 = 4
    }

    /// The document's bytes (unescaped in place) followed by one NUL byte.
    package var bytes: [UInt8]
    /// The nodes in document order; node 0 is the root.
    package var nodes: [Node]

    /// The default nesting limit of the parser and decoder.
    package static let defaultMaxDepth = 512

    package init(bytes: [UInt8], nodes: [Node]) {
        self.bytes = bytes
        self.nodes = nodes
    }

    // MARK: Navigation

    /// The index of the node after the subtree rooted at `index`.
    @inline(__always)
    package func nextSibling(_ index: Int) -> Int {
        let node = nodes[index]
        return node.kind.rawValue >= Kind.array.rawValue ? node.payload : index + 1
    }

    /// The string at a string node.
    @inline(__always)
    package func string(at index: Int) -> String {
        let node = nodes[index]
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[node.payload ..< node.payload + Int(node.length)]), as: UTF8.self)
        }
    }

    /// The source text of a number node.
    package func numberText(at index: Int) -> String {
        string(at: index)
    }
}
