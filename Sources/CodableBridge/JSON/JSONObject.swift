import Foundation

/// A JSON object: string keys mapped to values, in insertion order.
///
/// Lookup is by key (`object["name"]`), iteration is in the order the keys were first inserted —
/// which for a parsed object is document order, and for an encoded model is the order its
/// properties were encoded. Assigning to an existing key replaces its value in place; assigning
/// `nil` removes it.
///
/// ```swift
/// var user: JSONObject = ["id": 1, "name": "Ada"]
/// user["email"] = "ada@example.com"
/// user.keys   // ["id", "name", "email"]
/// ```
///
/// Equality ignores order: two objects are equal when they hold the same keys with equal values.
public struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// A member: its key and its value.
    public typealias Element = (key: String, value: JSONValue)

    /// A stored member. A struct rather than the ``Element`` tuple: the runtime destroys an array
    /// of tuples through the generic tuple witness, element by element, several times slower.
    package struct Member: Sendable {
        package var key: String
        package var value: JSONValue

        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members, in insertion order: one array, so that an object costs a single allocation
    /// (a parsed document is mostly objects, and most of its time is spent allocating them).
    package private(set) var members: [Member]
    /// Key → position for large objects, built on the first lookup (a parsed document's objects
    /// are mostly iterated or decoded, never searched, so building it eagerly would be waste).
    private var index: KeyIndex?

    private static let indexThreshold = 32

    /// The keys, in insertion order (an array made on each call: iterate the object itself to
    /// read its members one by one).
    public var keys: [String] { members.map(\.key) }
    /// The values, in the order of ``keys`` (an array made on each call, like ``keys``).
    public var values: [JSONValue] { members.map(\.value) }

    /// Creates an empty object.
    public init() {
        members = []
        index = nil
    }

    /// Creates an object holding `members` as they are. The caller guarantees the keys are unique
    /// (the tree builder's path: one array, made at its final size).
    package init(uniqueMembers members: [Member]) {
        self.members = members
        index = members.count > JSONObject.indexThreshold ? KeyIndex() : nil
    }

    /// The key of the member at `position`.
    package func key(at position: Int) -> String { members[position].key }

    /// The value of the member at `position`.
    package func value(at position: Int) -> JSONValue { members[position].value }

    /// Creates an object from key-value pairs; for a repeated key the first occurrence wins
    /// (as with a parsed document).
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
        self.init()
        for (key, value) in pairs where position(of: key) == nil {
            append(key, value)
        }
    }

    /// Creates an object from a dictionary literal, keeping the literal's order; for a repeated key the first occurrence wins.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// Reserves room for `count` members.
    public mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
    }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value for `key`, or `nil` when absent. Setting `nil` removes the key.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let i = position(of: key) else { return nil }
            return members[i].value
        }
        set {
            if let i = position(of: key) {
                if let newValue {
                    members[i].value = newValue
                } else {
                    removeMember(at: i)
                }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    /// Removes `key` and returns its value, or `nil` when absent.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let i = position(of: key) else { return nil }
        let value = members[i].value
        removeMember(at: i)
        return value
    }

    /// The position of `key` in `keys`, or `nil`.
    public func position(of key: String) -> Int? {
        if let index { return index.position(of: key, in: members) }
        return members.firstIndex { $0.key == key }
    }

    /// Calls `body` with the value at `position` (an index into `keys`) to change it in place.
    package mutating func modifyValue(at position: Int, _ body: (inout JSONValue) -> Void) {
        body(&members[position].value)
    }

    /// Appends a member without checking for an existing key. The caller guarantees uniqueness.
    package mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        append(key, value)
    }

    private mutating func append(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
        guard members.count > JSONObject.indexThreshold else { return }
        // Checked on the stored optional itself: a bound copy (`if let index`) would hold a
        // second reference and make every append replace the table.
        if isKnownUniquelyReferenced(&index) {
            // safe: a uniquely referenced optional is non-nil
            index!.appended(key, at: members.count - 1)
        } else {
            index = KeyIndex()
        }
    }

    private mutating func removeMember(at i: Int) {
        members.remove(at: i)
        index = members.count > JSONObject.indexThreshold ? KeyIndex() : nil
    }

    /// Iterates members in insertion order.
    public struct Iterator: IteratorProtocol {
        fileprivate let object: JSONObject
        fileprivate var position = 0

        /// The next member, or `nil` after the last one.
        public mutating func next() -> Element? {
            guard position < object.members.count else { return nil }
            defer { position += 1 }
            let member = object.members[position]
            return (member.key, member.value)
        }
    }

    /// An iterator over the members in insertion order.
    public func makeIterator() -> Iterator { Iterator(object: self) }

    /// Whether both objects hold the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.members.elementsEqual(rhs.members, by: { $0.key == $1.key && $0.value == $1.value }) { return true }
        for (key, value) in lhs {
            guard let j = rhs.position(of: key), rhs.members[j].value == value else { return false }
        }
        return true
    }

    /// Hashes the members independently of their order, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine each member's own hash commutatively.
        var combined = 0
        for (key, value) in self {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

/// The lazily built key → position table of a large `JSONObject`.
///
/// Shared between copies of an object (it describes their identical keys); a copy that changes
/// its keys gets a fresh one. Filled on first lookup under a lock, so sharing is thread-safe.
private final class KeyIndex: @unchecked Sendable {
    private let lock = NSLock()
    private var table: [String: Int]?

    func position(of key: String, in members: [JSONObject.Member]) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if table == nil {
            var built = [String: Int](minimumCapacity: members.count)
            for (i, member) in members.enumerated() where built[member.key] == nil { built[member.key] = i }
            table = built
        }
        // safe: built just above when it was nil
        return table![key]
    }

    /// Keeps a built table current after an append (the caller owns this index uniquely).
    func appended(_ key: String, at position: Int) {
        lock.lock()
        defer { lock.unlock() }
        // safe: `table != nil` is checked first on the same line
        if table != nil, table![key] == nil { table![key] = position }
    }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text.
    public var description: String { JSONValue.object(self).description }
}

extension JSONObject: Codable {
    /// Decodes any JSON object, member by member.
    ///
    /// With ``BridgeDecoder`` the object is copied from the document exactly (number text and key
    /// order kept, no per-member decoding). Other decoders are read through a keyed container:
    /// each member is decoded as a ``JSONValue``, in the order the decoder lists its keys
    /// (`JSONDecoder` does not promise document order). A value that is not an object gets the
    /// decoder's own answer for a keyed container there: `typeMismatch` from `JSONDecoder` and
    /// under `.strict`; a default, `nil` or a dropped element under the lenient policies.
    ///
    /// ```swift
    /// struct Event: Codable { var name: String; var extra: JSONObject }
    /// let event = try BridgeDecoder().decode(Event.self, from: #"{"name": "x", "extra": {"a": 1}}"#)
    /// event.extra["a"]   // .number(1)
    /// ```
    public init(from decoder: any Decoder) throws {
        if let bridge = decoder as? any BridgeValueDecoding, case .object(let object) = try bridge.decodeJSONValue() {
            self = object
            return
        }
        let keyed = try decoder.container(keyedBy: AnyCodingKey.self)
        var object = JSONObject()
        object.reserveCapacity(keyed.allKeys.count)
        for key in keyed.allKeys {
            object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key)
        }
        self = object
    }

    /// Encodes the object as a JSON object, members in order.
    ///
    /// With ``BridgeEncoder`` it is stored as-is (number text and key order kept); other encoders
    /// get each member through a keyed container (`JSONEncoder` orders keys its own way unless
    /// `.sortedKeys` is set).
    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(self).encode(to: encoder)
    }
}

extension JSONObject {
    /// Whether `other` is this very object: both hold the same storage, so no member was added,
    /// removed or changed since one was copied from the other (any change copies the storage of a
    /// value held twice). A cheap test, unlike `==`: the coders use it to tell that a hook handed
    /// back the object it was given.
    package func isIdentical(to other: JSONObject) -> Bool {
        members.count == other.members.count && members.withUnsafeBufferPointer { mine in
            other.members.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
        }
    }
}

extension JSONValue {
    /// Whether `other` is this very value (see ``JSONObject/isIdentical(to:)``): the same storage
    /// for an object or an array, an equal scalar otherwise.
    package func isIdentical(to other: JSONValue) -> Bool {
        switch (self, other) {
        case (.object(let mine), .object(let theirs)):
            mine.isIdentical(to: theirs)
        case (.array(let mine), .array(let theirs)):
            mine.count == theirs.count && mine.withUnsafeBufferPointer { a in theirs.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress } }
        case (.array, _), (.object, _), (_, .array), (_, .object):
            false
        default:
            self == other
        }
    }
}
