// EncodedTree — what `BridgeEncoder` builds while `encode(to:)` methods run, before any text is
// written.
//
// One flat array of fixed-size nodes (no references inside, so it grows by `realloc` and is
// walked with plain indices) plus a side table of strings (string values, and keys of data); a
// key of a coding-key enum is a number in the thread's `EncodingKeyRegistry`, whose text is ready
// to copy (EncodingKeyRegistry.swift). Containers link their children as a
// singly linked list (`first` … `next` … `last`), so a container can receive members in any
// order — a nested container used after its parent moved on, a `superEncoder()` filled in late —
// and appending is O(1). Scalars keep their binary value (Int64, UInt64, Double bits) and become
// text only when written, so encoding a number allocates nothing.
//
// Encoding `{"id": 7, "tags": ["a"], "ext": {"desc": "x"}}`:
//
//   index  kind    key     parent  first  next   payload
//   0      object  -       -1      1      -      (key filter)
//   1      int     "id"    0       -      2      7
//   2      array   "tags"  0       3      4      1 (count)
//   3      string  -       2       -      -      strings[0] = "a"
//   4      object  "ext"   0       5      -      (key filter)
//   5      string  "desc"  0*      -      -      strings[1] = "x"
//
//   * `parent` is the *coding-path* parent. A member written through a key path (`ext.desc`) is
//     linked into the intermediate object 4 but its coding path is that of the property, so its
//     parent is the model's node 0.
//
// A finished tree leaves its storage (node array and emptied side tables) for the next encode on
// its thread to reuse: one spare per thread, up to 4 MB (`StoragePool`).
//
// Objects keep a 64-bit filter of their keys' hashes so that looking for an existing key (a
// repeated key replaces the earlier value, as in `JSONEncoder`; mapped keys never overwrite) is
// one bit test for a new key and a scan of stored hashes otherwise.

import Foundation

/// The encoder's intermediate document: fixed-size nodes linked into containers.
final class EncodedTree {
    /// What a node holds.
    enum Kind: UInt8 {
        /// Reserved for a value whose `encode(to:)` has not written anything (yet). Written as `{}`.
        case pending
        case null
        case bool
        /// `payload` is an `Int64` bit pattern.
        case int
        /// `payload` is a `UInt64`.
        case uint
        /// `payload` is a finite `Double`'s bit pattern.
        case double
        /// `payload` is a finite `Float`'s bit pattern.
        case float
        /// `payload` indexes `strings`.
        case string
        /// JSON number text (Decimal, 128-bit integers); `payload` indexes `strings`.
        case numberText
        /// A date written as ISO 8601 text; `payload` is the `Double` bits of its time since 2001.
        case iso8601Date
        /// `payload` is the element count.
        case array
        /// `payload` is the key filter.
        case object
        /// A `JSONValue` stored as is; `payload` indexes `jsonValues`.
        case json
        /// A member replaced by a later value for the same key, or a member or element whose
        /// encoding threw; skipped when writing.
        case removed
    }

    /// One value: 40 bytes, no references.
    struct Node {
        var payload: UInt64 = 0
        var first: Int32 = -1
        var last: Int32 = -1
        var next: Int32 = -1
        /// The node this value is part of in coding-path terms (the model for key-path members).
        var parent: Int32
        /// For an object member: the JSON key, as an index into `strings`, or below -1 as
        /// `-2 - id`, a key of the thread's ``EncodingKeyRegistry``; -1 for other nodes.
        var key: Int32 = -1
        /// For an object member whose coding key is not its JSON key (mapped, or converted by the
        /// key strategy): the coding key's string, as an index into `strings`; else -1.
        var pathKey: Int32 = -1
        var keyHash: UInt32 = 0
        var kind: Kind
    }

    /// The tree's mutable state. It lives behind a pointer held in a `let`, so that the many
    /// small updates per encoded value pay no dynamic exclusivity checks (they would for `var`
    /// properties of a class).
    private struct Storage: ~Copyable {
        var nodes: UnsafeMutablePointer<Node>
        var count = 0
        var capacity: Int
        /// Keys and string values: a scratch stack, whose append is a capacity compare and one
        /// store (an `[String]` append checks uniqueness and capacity through the array's generic
        /// code, about 70 instructions).
        var strings: ScratchBuffer<String>
        /// The UTF-8 size of `strings`, to estimate the size of the text.
        var stringBytes = 0
        /// Values stored as is (`JSONValue`s and objects returned by `didEncode`).
        var jsonValues: [JSONValue] = []
        /// The coding key of a member that `pathKey` cannot describe (one with an `intValue`, or
        /// one converted by a `.custom` key strategy), for coding paths.
        var originalKeys: [Int32: any CodingKey] = [:]
    }

    private let storage: UnsafeMutablePointer<Storage>
    /// The keys of keyed containers, kept by this thread (EncodingKeyRegistry.swift).
    let keyRegistry = EncodingKeyRegistry.current

    /// The nodes; index 0 is the root.
    var nodes: UnsafeMutablePointer<Node> { storage.pointee.nodes }
    /// The number of nodes.
    var count: Int { storage.pointee.count }

    /// The stored key or string value at `index`.
    func storedString(_ index: Int) -> String { storage.pointee.strings[index] }
    /// Calls `body` with the string table, borrowed.
    func withStoredStrings<R>(_ body: (UnsafeBufferPointer<String>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.pointee.strings.base, count: storage.pointee.strings.count))
    }

    /// The stored `JSONValue` at `index`.
    func storedJSONValue(_ index: Int) -> JSONValue { storage.pointee.jsonValues[index] }
    /// The UTF-8 size of all stored strings.
    var storedStringBytes: Int { storage.pointee.stringBytes }

    /// Creates a tree with one pending root node (index 0), on the storage a finished tree left
    /// behind when there is one (see ``StoragePool``).
    init(capacity: Int = 128) {
        if let reused = EncodedTree.pool.current.take() {
            storage = reused
            storage.pointee.nodes.initialize(to: Node(parent: -1, kind: .pending))
            storage.pointee.count = 1
            return
        }
        let capacity = max(capacity, 16)
        let nodes = UnsafeMutablePointer<Node>.allocateWithMalloc(capacity: capacity)
        nodes.initialize(to: Node(parent: -1, kind: .pending))
        // One per thread's pool, so rarely made: Swift's allocator (the storage is noncopyable).
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(nodes: nodes, count: 1, capacity: capacity, strings: ScratchBuffer(capacity: capacity)))
    }

    deinit {
        storage.pointee.strings.removeLast(storage.pointee.strings.count)
        storage.pointee.stringBytes = 0
        if !storage.pointee.jsonValues.isEmpty { storage.pointee.jsonValues.removeAll(keepingCapacity: true) }
        if !storage.pointee.originalKeys.isEmpty { storage.pointee.originalKeys.removeAll(keepingCapacity: true) }
        if EncodedTree.pool.current.put(storage) { return }
        EncodedTree.free(storage)
    }

    private static func free(_ storage: UnsafeMutablePointer<Storage>) {
        storage.pointee.nodes.deallocateWithFree()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// One spare tree storage per thread, so that the next encode on the thread reuses memory
    /// already touched instead of paying the kernel for fresh pages (on twitter.json that is a
    /// third of the time). Keeps at most ``limit`` bytes of nodes and string table; larger trees
    /// are freed, and so is the spare when its thread exits. Per thread, so an encode takes no
    /// lock.
    private final class StoragePool {
        static let limit = 4 << 20
        private var spare: UnsafeMutablePointer<Storage>?

        func take() -> UnsafeMutablePointer<Storage>? {
            defer { spare = nil }
            return spare
        }

        /// Keeps `storage` unless a spare is already kept or it is too large.
        func put(_ storage: UnsafeMutablePointer<Storage>) -> Bool {
            let bytes = storage.pointee.capacity * MemoryLayout<Node>.stride
                + storage.pointee.strings.capacity * MemoryLayout<String>.stride
            guard bytes <= StoragePool.limit, spare == nil else { return false }
            spare = storage
            return true
        }

        deinit {
            if let spare { EncodedTree.free(spare) }
        }
    }

    private static let pool = ThreadLocal { StoragePool() }

    subscript(index: Int32) -> Node {
        _read { yield storage.pointee.nodes[Int(index)] }
        _modify { yield &storage.pointee.nodes[Int(index)] }
    }

    // MARK: Building

    /// Appends an unlinked pending node.
    func makeNode(parent: Int32) -> Int32 {
        if storage.pointee.count == storage.pointee.capacity { grow() }
        let index = storage.pointee.count
        (storage.pointee.nodes + index).initialize(to: Node(parent: parent, kind: .pending))
        storage.pointee.count = index &+ 1
        return Int32(truncatingIfNeeded: index)
    }

    /// Doubles the node array. Nodes hold no references, so `realloc` may move them as bytes
    /// (for large arrays without copying, by remapping pages).
    private func grow() {
        let newCapacity = storage.pointee.capacity * 2
        storage.pointee.nodes = storage.pointee.nodes.reallocatedWithMalloc(capacity: newCapacity)
        storage.pointee.capacity = newCapacity
    }

    /// Links `child` as the last child of `container`.
    private func link(_ child: Int32, into container: Int32) {
        let last = nodes[Int(container)].last
        if last < 0 {
            nodes[Int(container)].first = child
        } else {
            nodes[Int(last)].next = child
        }
        nodes[Int(container)].last = child
    }

    /// Appends a pending element to the array `array`.
    func appendElement(to array: Int32) -> Int32 {
        let element = makeNode(parent: array)
        link(element, into: array)
        nodes[Int(array)].payload &+= 1
        return element
    }

    /// Appends a pending member `key` to `object` without looking for an existing one.
    ///
    /// - Parameters:
    ///   - parent: The member's coding-path parent; `object` unless written through a key path.
    func appendMember(to object: Int32, key: String, hash: UInt32, parent: Int32, registered: Bool = false) -> Int32 {
        let member = makeNode(parent: parent)
        if registered, let id = keyRegistry.id(of: key, hash: hash) {
            nodes[Int(member)].key = -2 &- id
        } else {
            nodes[Int(member)].key = appendString(key)
        }
        nodes[Int(member)].keyHash = hash
        nodes[Int(object)].payload |= EncodedTree.filterBit(hash)
        link(member, into: object)
        return member
    }

    /// A member whose key is the registry's key number `id` (with `hash`, its name's hash).
    func appendMember(to object: Int32, keyID id: Int32, hash: UInt32, parent: Int32) -> Int32 {
        let member = makeNode(parent: parent)
        nodes[Int(member)].key = -2 &- id
        nodes[Int(member)].keyHash = hash
        nodes[Int(object)].payload |= EncodedTree.filterBit(hash)
        link(member, into: object)
        return member
    }

    /// The live member of `object` whose key is the registry's key number `id` (`hash`, its
    /// name's hash), or `nil`. A member may hold the same name as text (a key of data): names are
    /// compared when the numbers differ.
    func member(of object: Int32, keyID id: Int32, hash: UInt32) -> Int32? {
        guard nodes[Int(object)].payload & EncodedTree.filterBit(hash) != 0 else { return nil }
        var child = nodes[Int(object)].first
        while child >= 0 {
            let node = nodes[Int(child)]
            if node.keyHash == hash, node.kind != .removed, node.key == -2 &- id || keyName(node.key) == keyRegistry.name(id) {
                return child
            }
            child = node.next
        }
        return nil
    }

    /// The live member `key` of `object`, or `nil`.
    func member(of object: Int32, key: String, hash: UInt32) -> Int32? {
        guard nodes[Int(object)].payload & EncodedTree.filterBit(hash) != 0 else { return nil }
        var child = nodes[Int(object)].first
        while child >= 0 {
            let node = nodes[Int(child)]
            if node.keyHash == hash, node.kind != .removed, keyName(node.key) == key {
                return child
            }
            child = node.next
        }
        return nil
    }

    /// The JSON key a member's `key` field refers to.
    func keyName(_ key: Int32) -> String {
        key >= 0 ? storedString(Int(key)) : keyRegistry.name(-2 &- key)
    }

    /// Drops a member or element whose encoding failed: it is skipped when writing.
    func discard(_ node: Int32) {
        nodes[Int(node)].kind = .removed
        let parent = nodes[Int(node)].parent
        if parent >= 0, nodes[Int(parent)].kind == .array {
            nodes[Int(parent)].payload &-= 1
        }
    }

    /// Remembers the coding key of `member` when its JSON key does not say it all.
    func setOriginalKey(_ key: any CodingKey, of member: Int32) {
        storage.pointee.originalKeys[member] = key
    }

    /// Remembers the coding key string of `member` when it is not the member's JSON key.
    func setPathKey(_ key: String, of member: Int32) {
        nodes[Int(member)].pathKey = appendString(key)
    }

    /// Stores `string` in the side table and returns its index.
    func appendString(_ string: String) -> Int32 {
        storage.pointee.strings.append(string)
        storage.pointee.stringBytes &+= string.utf8.count
        return Int32(truncatingIfNeeded: storage.pointee.strings.count &- 1)
    }

    /// Stores `value` in the side table and returns its index.
    func appendJSONValue(_ value: JSONValue) -> Int32 {
        storage.pointee.jsonValues.append(value)
        return Int32(truncatingIfNeeded: storage.pointee.jsonValues.count &- 1)
    }

    /// Sets a node's kind and payload.
    func set(_ node: Int32, _ kind: Kind, _ payload: UInt64 = 0) {
        nodes[Int(node)].kind = kind
        nodes[Int(node)].payload = payload
    }

    /// Makes `node` hold `string`.
    func setString(_ node: Int32, _ string: String) {
        set(node, .string, UInt64(truncatingIfNeeded: appendString(string)))
    }

    /// Makes `node` hold `value`.
    func setJSONValue(_ node: Int32, _ value: JSONValue) {
        set(node, .json, UInt64(truncatingIfNeeded: appendJSONValue(value)))
    }

    /// Turns a `.json` node holding an object back into an object node whose members hold the
    /// object's values, so that more members can be merged into it. Does nothing to other nodes.
    func expandJSONObject(_ node: Int32) {
        guard nodes[Int(node)].kind == .json, case .object(let object) = jsonValue(of: node) else { return }
        set(node, .object)
        nodes[Int(node)].first = -1
        nodes[Int(node)].last = -1
        for (key, value) in object {
            let member = appendMember(to: node, key: key, hash: EncodedTree.hash(key), parent: node)
            setJSONValue(member, value)
        }
    }

    /// The stored value of a `.json` node.
    func jsonValue(of node: Int32) -> JSONValue {
        storedJSONValue(Int(nodes[Int(node)].payload))
    }

    // MARK: Keys

    /// A hash of the key's UTF-8 bytes, for the key filter and for comparing keys quickly. Keys
    /// are short, so it mixes the length with two words: a key of up to 15 bytes as the standard
    /// library holds it inline (bytes 0..<8 and 8..<16, zero-padded), a longer one's first and
    /// last eight bytes.
    static func hash(_ key: String) -> UInt32 {
        // An inline key (nearly all of them) already is those two words: no closure, no loads.
        if let short = ShortBytes(inlineASCII: key) { return mix(head: short.head, tail: short.tail, count: short.count) }
        if let hash = key.utf8.withContiguousStorageIfAvailable(hash(utf8:)) { return hash }
        var contiguous = key
        return contiguous.withUTF8(hash(utf8:))
    }

    private static func hash(utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let count = utf8.count
        guard let base = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var head: UInt64 = 0
        var tail: UInt64 = 0
        // Overlapping loads instead of a byte loop; each byte lands where the inline form has it.
        if count >= 8 {
            head = raw.loadUnaligned(as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            // Up to 15 bytes: bytes 8..<count, zero-padded (none at 8; `>>` gives 0 there).
            if count < 16 { tail >>= UInt64((16 &- count) &* 8) }
        } else if count >= 4 {
            head = UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) &<< UInt64((count &- 4) &* 8)
        } else if count >= 2 {
            head = UInt64(raw.loadUnaligned(as: UInt16.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)) &<< UInt64((count &- 2) &* 8)
        } else if count == 1 {
            head = UInt64(base[0])
        }
        return mix(head: head, tail: tail, count: count)
    }

    @inline(__always)
    private static func mix(head: UInt64, tail: UInt64, count: Int) -> UInt32 {
        var mixed = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
        mixed ^= mixed >> 32
        return UInt32(truncatingIfNeeded: mixed)
    }

    private static func filterBit(_ hash: UInt32) -> UInt64 {
        1 &<< UInt64(hash >> 26)
    }

    // MARK: Coding paths

    /// The coding path of the value at `node`, from the root.
    func codingPath(of node: Int32) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var current = node
        while current > 0 {
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { break }
            path.append(codingKey(of: current, in: parent))
            current = parent
        }
        return path.reversed()
    }

    private func codingKey(of node: Int32, in parent: Int32) -> any CodingKey {
        if !storage.pointee.originalKeys.isEmpty, let original = storage.pointee.originalKeys[node] { return original }
        if nodes[Int(node)].pathKey >= 0 { return AnyCodingKey(storedString(Int(nodes[Int(node)].pathKey))) }
        let key = nodes[Int(node)].key
        if key != -1 { return AnyCodingKey(keyName(key)) }
        // An array element: its position among the parent's children.
        var index = 0
        var child = nodes[Int(parent)].first
        while child >= 0, child != node {
            if nodes[Int(child)].kind != .removed { index += 1 }
            child = nodes[Int(child)].next
        }
        return AnyCodingKey(index: index)
    }
}
