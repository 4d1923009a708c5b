// MARK: - Design
//
// `BridgeDecoder.update(_:from:)` decodes the patch as usual, except that a property the patch does
// not set usably takes its current value. The current value is captured once as a `ValueSnapshot`
// (`ValueSnapshot`): each property's original Swift value by coding key, so the value put back
// is the value that was there, bit for bit, whatever the decoder's strategies and mapping.
//
//     patch {"name": "Ada", "home": {"city": "Paris"}}      current User(name: "A", age: 36, home: …)
//     User.init(from:) → keyed container                   UpdateFallback.level = snapshot of User
//       "name" found in the patch                        → decoded from the patch
//       "age"  missing                                   → snapshot value 36 (`as? Int`), unreported
//       "home" found                                     → next = snapshot.child("home"); `descend`
//                                                          makes it the level of the nested model
//       "nick" present but not converted                 → snapshot value, reported (.defaulted)
//
// Arrays in the patch replace (an unkeyed container has no snapshot); dictionaries merge member by
// member. All of this state lives in one `UpdateFallback` object that a plain decode does not have
// (`DecoderImpl.update == nil`): a plain decode pays that nil check in `descend`, and the keyed
// container's `context == nil` check on the paths that substitute a value.

/// The state of an `update(_:from:)` decode: the snapshot of the current level and of the next.
final class UpdateFallback {
    /// The snapshot of the value being decoded at this level, if it has one.
    var level: ValueSnapshot?
    /// The snapshot for the next level down, consumed by `DecoderImpl.descend`.
    var next: ValueSnapshot?

    /// The state for decoding a value whose snapshot is `root`.
    init(root: ValueSnapshot?) {
        next = root
    }

    /// The state for a decoder that starts inside a value (`superDecoder()`): `level` is its snapshot.
    init(level: ValueSnapshot) {
        self.level = level
    }

    /// Runs `body` one level down: the prepared `next` snapshot becomes the level.
    @inline(__always)
    func descend<R>(_ body: () throws -> R) rethrows -> R {
        let saved = level
        level = next
        next = nil
        defer {
            level = saved
            next = nil  // nothing prepared inside `body` outlives it
        }
        return try body()
    }
}

extension DecoderImpl.KeyedContainer {
    /// The current value of the property `key`, when updating and the current value has one.
    func currentValue<T>(_ type: T.Type, _ key: Key) -> T? {
        context?.snapshot?.value(key.stringValue, as: T.self)
    }

    /// Points the next level at this property's snapshot (the patch has a value to merge into).
    func prepareFallback(_ key: Key) throws {
        guard let update = impl.update else { return }
        update.next = try context?.snapshot?.child(key.stringValue)
    }

}

extension DecoderImpl {
    /// The snapshot of a keyed container made now: the level's for a model's own container, the
    /// given one for a nested container.
    func containerSnapshot(nested: Bool, given: ValueSnapshot?) -> ValueSnapshot? {
        guard let update else { return nil }
        return nested ? given : update.level
    }

    /// `update(_:from:)`: the current value's model type when it is a subclass of `declared` that
    /// fits `T` and the patch chooses no type (`decodingType(for:)` answers nil), so the updated
    /// value keeps its class.
    func currentModelType<T>(_ type: T.Type, declared: any MappableCodable.Type, meta: ModelMeta, node: Int) -> (any MappableCodable.Type)? {
        guard let current = update?.next?.modelType, ObjectIdentifier(current) != ObjectIdentifier(declared), current is T.Type else { return nil }
        if node != DecoderImpl.missingNode, meta.hasDecodingType, nodes[node].kind == .object,
           declared.decodingType(for: tape.value(at: node)) != nil
        {
            return nil
        }
        return current
    }

    /// Reports that a property kept its current value (a missing one silently).
    func recordKept(_ reason: SubstitutionReason, key: PathComponent) {
        switch reason {
        case .missing: return
        case .rejected(let rejection): record(.rejected, key: key, rule: "hook threw", DecodingMessages.hookThrew(rejection))
        case .null, .notConverted: break
        }
        record(.defaulted, key: key, rule: ruleName(reason, .currentValue), DecodingMessages.keptCurrent(describe(reason)))
    }

    /// Points the next level at the dictionary member `name`'s snapshot.
    func prepareMemberFallback(_ name: String, update: UpdateFallback) throws {
        update.next = try update.level?.child(name)
    }

    /// Members of the current dictionary that the patch does not set (or that were dropped), with
    /// their current values.
    func mergeFallbackMembers<K: Hashable, V>(into result: inout [K: V], update: UpdateFallback,
                                              makeKey: (String, Int) throws -> K) throws
    {
        guard let level = update.level else { return }
        for (name, value) in level.values {
            guard let value = value as? V else { continue }
            let key = try makeKey(name, DecoderImpl.missingNode)
            if result[key] == nil { result[key] = value }
        }
    }
}

// MARK: - Design
//
// A `ValueSnapshot` is a value as its own `encode(to:)` hands it over, one keyed container deep:
// each property's original Swift value (as `Any`), keyed by its coding key's `stringValue` — not by
// a JSON key, so key mappings, key strategies, date and data strategies and several properties
// sharing one JSON key play no part. Nothing is converted, so a value read back is the value that
// was stored, bit for bit (sub-second dates, NaN payloads, `Decimal`, class references).
//
//     struct Post { var title = "a"; var at = Date(…123); var author = User(name: "Ada") }
//     ValueSnapshot.of(post)   values   ["title": "a", "at": Date(…123), "author": User(…)]
//     snapshot.child("author") values   ["name": "Ada"]     (made on first use, then kept)
//
// Children are made only when asked for — by `update(_:from:)` where the patch holds a nested
// object to merge — so a snapshot costs one pass over the top-level properties. A value encoded
// through a single-value container (`Optional`, wrappers) is looked through; an unkeyed container
// (an array) has no snapshot: arrays in a patch replace.
//
// The snapshot also keeps the value's dynamic type when it is a model, so that updating a class
// model keeps its subclass unless the patch chooses another (`decodingType(for:)`).
//
// Two users: `update(_:from:)` (DecoderImpl+Update.swift) takes absent or unconverted properties
// from the current value's snapshot, and declared defaults (`DecoderImpl.declaredDefault`) take
// them from a fresh `init()` instance's snapshot.

/// One keyed level of a value, property by property, as its `encode(to:)` writes it.
final class ValueSnapshot {
    /// Each property's original value, by coding key string.
    private(set) var values: [String: Any] = [:]
    /// Nested keyed containers the value wrote, and children made from `values` on first use.
    private var children: [String: ValueSnapshot] = [:]
    /// The dynamic type of the value, when it is a model (a subclass stays a subclass on update).
    private(set) var modelType: (any MappableCodable.Type)?

    /// The snapshot of `value`, or `nil` when it does not encode through a keyed container.
    ///
    /// - Throws: What `value`'s `encode(to:)` throws.
    static func of(_ value: Any) throws -> ValueSnapshot? {
        guard let encodable = value as? any Encodable else { return nil }
        let encoder = SnapshotEncoder(path: [])
        try encodable.encode(to: encoder)
        let result = encoder.result
        if let result, result.modelType == nil { result.modelType = ConformanceIndex.model(type(of: value)) }
        return result
    }

    /// The stored value of the property `key` when it is a `T`.
    func value<T>(_ key: String, as type: T.Type) -> T? {
        values[key] as? T
    }

    /// The snapshot one level down at `key`: a nested container, or the stored value's snapshot.
    func child(_ key: String) throws -> ValueSnapshot? {
        if let made = children[key] { return made }
        guard let value = values[key], let made = try ValueSnapshot.of(value) else { return nil }
        children[key] = made
        return made
    }

    fileprivate func store(_ value: Any, _ key: String) {
        values[key] = value
        children[key] = nil
    }

    fileprivate func remove(_ key: String) {
        values[key] = nil
        children[key] = nil
    }

    fileprivate func nested(_ key: String) -> ValueSnapshot {
        if let made = children[key] { return made }
        let made = ValueSnapshot()
        children[key] = made
        return made
    }
}

/// The `Encoder` that fills a `ValueSnapshot`: keyed containers store values as they are, a
/// single-value container looks through to its value's snapshot, unkeyed containers are ignored.
private final class SnapshotEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The snapshot written so far (`nil` until a keyed container is asked for).
    var result: ValueSnapshot?

    init(path: [any CodingKey], into snapshot: ValueSnapshot? = nil) {
        codingPath = path
        result = snapshot
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let snapshot = result ?? ValueSnapshot()
        result = snapshot
        return KeyedEncodingContainer(SnapshotKeyedContainer<Key>(snapshot: snapshot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        SnapshotIgnoredContainer(codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SnapshotSingleValueContainer(encoder: self)
    }
}

private struct SnapshotKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let snapshot: ValueSnapshot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) { snapshot.remove(key.stringValue) }
    mutating func encode(_ value: Bool, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) { snapshot.store(value, key.stringValue) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) { snapshot.store(value, key.stringValue) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) { snapshot.store(value, key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) { snapshot.store(value, key.stringValue) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(SnapshotKeyedContainer<NestedKey>(snapshot: snapshot.nested(key.stringValue), codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        SnapshotIgnoredContainer(codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        SnapshotEncoder(path: codingPath + [AnyCodingKey.super], into: snapshot.nested(AnyCodingKey.super.stringValue))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SnapshotEncoder(path: codingPath + [key], into: snapshot.nested(key.stringValue))
    }
}

private struct SnapshotSingleValueContainer: SingleValueEncodingContainer {
    let encoder: SnapshotEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() { encoder.result = nil }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.result = try ValueSnapshot.of(value) }
    // Scalars have no keyed level.
    mutating func encode(_ value: Bool) {}
    mutating func encode(_ value: String) {}
    mutating func encode(_ value: Double) {}
    mutating func encode(_ value: Float) {}
    mutating func encode(_ value: Int) {}
    mutating func encode(_ value: Int8) {}
    mutating func encode(_ value: Int16) {}
    mutating func encode(_ value: Int32) {}
    mutating func encode(_ value: Int64) {}
    mutating func encode(_ value: UInt) {}
    mutating func encode(_ value: UInt8) {}
    mutating func encode(_ value: UInt16) {}
    mutating func encode(_ value: UInt32) {}
    mutating func encode(_ value: UInt64) {}
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) {}
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) {}
}

/// An unkeyed container whose contents are not kept (arrays in a patch replace).
private struct SnapshotIgnoredContainer: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    mutating func encodeNil() { count += 1 }
    mutating func encode<T: Encodable>(_ value: T) { count += 1 }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) { count += 1 }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) { count += 1 }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        return KeyedEncodingContainer(SnapshotKeyedContainer<NestedKey>(snapshot: ValueSnapshot(), codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return SnapshotIgnoredContainer(codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        SnapshotEncoder(path: codingPath)
    }
}

// MARK: - Values reused between the snapshots of a partial document
//
// `partialValues` decodes a snapshot each time more of a document has arrived. Most of a large
// document is complete long before it ends — every element of an array but the last — and a
// complete array or object decodes to the same value in every snapshot: its text no longer
// changes, and its node keeps its index on the scanner's tape, which only grows. So each
// snapshot's decode keeps what it decodes from complete containers, keyed by node and type, and
// the next snapshot's decode takes those values instead of decoding them again
// (`DecoderImpl._slowPathUnwrap` asks before decoding any non-scalar). A snapshot then costs
// what is new or still open, plus one step per complete sibling along the open path, instead of a
// decode of everything so far.
//
// An open array also keeps the values of its complete elements as one array (`ArrayPrefix`,
// `DecoderImpl.decodeOpenArray`): the next snapshot decodes only the elements that arrived since
// and the last one, which may still be open, and appends them to that array — in place when the
// caller has released the previous snapshot, which shares its storage.
//
// Strings are kept too, by node: an open object is decoded again in every snapshot while it
// arrives (a `user` object of forty members over thirty chunks), and its complete strings would
// otherwise be validated and copied into a new `String` each time. The one string whose text
// still grows, the open string at the end of the snapshot, is never kept.
//
// Zero values (what a member that has not arrived yet gets under `missingValueStrategy =
// .useDefault`) are kept the same way, under the missing node: a model's zero value decodes every
// one of its members as missing, and the members of a document that is arriving are mostly
// missing.
//
// The store is a slot per node (no hashing: a snapshot reuses a value in a few instructions). A
// container's value stands for everything inside it, so storing it clears its descendants'
// slots: the store holds about one value per complete child of the open containers. Decodes that
// fail are not kept (a later snapshot tries again).

/// The values decoded from complete containers of a partial document, kept from one snapshot's
/// decode for the next (see the design comment above).
final class CompletedValues {
    /// A decoded value of the type its slot names.
    private final class Box<T> {
        let value: T
        init(_ value: T) { self.value = value }
    }

    private struct Slot {
        var type: ObjectIdentifier?
        var box: AnyObject?
    }

    /// Per node: the value decoded from it, if kept.
    @exclusivity(unchecked) private var slots: [Slot] = []
    /// Per node: the string decoded from it, if kept.
    @exclusivity(unchecked) private var strings: [String?] = []
    /// The node of the string the snapshot ends inside (its text still grows), if any.
    @exclusivity(unchecked) var openString: Int?
    /// Zero values by type (few types).
    @exclusivity(unchecked) private var zeroValues: [(type: ObjectIdentifier, box: AnyObject)] = []
    /// The nodes of the containers the text has not closed yet, outermost first: their values
    /// change from snapshot to snapshot.
    @exclusivity(unchecked) private(set) var openNodes: [Int] = []
    /// The complete elements of the open arrays, as the last snapshot decoded them.
    @exclusivity(unchecked) private var openArrays: [(node: Int, type: ObjectIdentifier, box: AnyObject)] = []
    /// How many values were taken from an earlier snapshot instead of decoded again.
    @exclusivity(unchecked) private(set) var reuses = 0

    /// What an earlier snapshot decoded of an array the text has not closed: every element but
    /// the last is complete, and so is its value.
    ///
    /// Two arrays take turns: the one the last snapshot returned (`elements`, which the caller may
    /// still hold) and the one before it (`spare`, which the caller has most likely released). The
    /// next snapshot is built in the spare — brought up to date with the few elements completed
    /// since, so it grows in place — and the two swap. A caller that keeps the last snapshot (a
    /// view showing it) so costs no copy of the array per snapshot, and one that releases it no
    /// more than a copy of each element once.
    struct ArrayPrefix<E> {
        /// The values of the complete elements, then (from `completeCount` on) the last
        /// snapshot's value of the open last element, if it had one.
        var elements: [E] = []
        var completeCount = 0
        /// The array before `elements`: its first `spareCount` values are those of `elements`;
        /// what follows them is stale.
        var spare: [E] = []
        var spareCount = 0
        /// How many element nodes the complete values come from (a dropped element has no value).
        var nodesRead = 0
        /// The node of the first element not read yet.
        var nextNode: Int
    }

    private final class PrefixBox<E> {
        @exclusivity(unchecked) var prefix: ArrayPrefix<E>
        init(_ prefix: ArrayPrefix<E>) { self.prefix = prefix }

        /// The prefix of the array at `node`, moved out so that its arrays stay uniquely
        /// referenced; an empty one is left in its place, which a decode that fails before
        /// putting the prefix back leaves for the next snapshot. (Not `swap`: a generic call,
        /// with the prefix type's metadata looked up for it on every snapshot.)
        func take(array node: Int) -> ArrayPrefix<E> {
            let taken = prefix
            prefix = ArrayPrefix(nextNode: node + 1)
            return taken
        }
    }

    /// Sets `openNodes` to the nodes `fill` appends, in place (a snapshot makes no array for
    /// them), and forgets the kept prefixes of the arrays closed since.
    func setOpenNodes(_ fill: (inout [Int]) -> Void) {
        openNodes.removeAll(keepingCapacity: true)
        fill(&openNodes)
        if !openArrays.isEmpty { openArrays.removeAll { !openNodes.contains($0.node) } }
    }

    /// Whether the text has not closed the container at `node`.
    func isOpen(_ node: Int) -> Bool { openNodes.contains(node) }

    /// Takes the prefix kept for the open array at `node` out of the cache (so that its elements
    /// array stays uniquely referenced once the last snapshot is released), or an empty one.
    func takeArrayPrefix<E>(_ type: E.Type, at node: Int) -> ArrayPrefix<E> {
        let id = ObjectIdentifier(E.self)
        for entry in openArrays where entry.node == node && entry.type == id {
            // The entry's type is E.
            return unsafeDowncast(entry.box, to: PrefixBox<E>.self).take(array: node)
        }
        return ArrayPrefix(nextNode: node + 1)
    }

    /// Keeps `prefix` for the next snapshot's decode of the open array at `node`.
    func keepArrayPrefix<E>(_ prefix: ArrayPrefix<E>, at node: Int) {
        let id = ObjectIdentifier(E.self)
        for entry in openArrays where entry.node == node && entry.type == id {
            // The entry's type is E.
            unsafeDowncast(entry.box, to: PrefixBox<E>.self).prefix = prefix
            return
        }
        openArrays.append((node, id, PrefixBox(prefix)))
    }

    /// The `T` decoded from the container at `node` (whose subtree ends before node `end`), or
    /// the zero value at the missing node: kept from an earlier snapshot, else `decode()`'s value
    /// (kept unless the container is still open).
    func value<T>(_ type: T.Type, at node: Int, end: Int, decode: () throws -> T) rethrows -> T {
        let id = ObjectIdentifier(T.self)
        if node == DecoderImpl.missingNode {
            for entry in zeroValues where entry.type == id {
                reuses += 1
                // The entry's type is T.
                return unsafeDowncast(entry.box, to: Box<T>.self).value
            }
            let value = try decode()
            if zeroValues.count < 64 { zeroValues.append((id, Box(value))) }
            return value
        }
        guard !openNodes.contains(node) else { return try decode() }
        if node < slots.count, slots[node].type == id, let box = slots[node].box {
            reuses += 1
            // The slot's type is T.
            return unsafeDowncast(box, to: Box<T>.self).value
        }
        let value = try decode()
        if slots.count < end { slots.append(contentsOf: repeatElement(Slot(), count: end - slots.count)) }
        for inner in node + 1 ..< end where slots[inner].box != nil { slots[inner] = Slot() }
        var inner = node + 1
        while inner < min(end, strings.count) {
            strings[inner] = nil
            inner += 1
        }
        slots[node] = Slot(type: id, box: Box(value))
        return value
    }

    /// The string at the string node `node`: kept from an earlier snapshot, else `make()`'s
    /// (kept unless it is the open string).
    func string(at node: Int, make: () -> String) -> String {
        if node < strings.count, let string = strings[node] {
            reuses += 1
            return string
        }
        let string = make()
        guard node != openString else { return string }
        if strings.count <= node { strings.append(contentsOf: repeatElement(nil, count: node + 1 - strings.count)) }
        strings[node] = string
        return string
    }
}
