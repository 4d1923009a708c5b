import Foundation

// MARK: - Design
//
// Unknown keys are found by marking, never by comparing names twice. Under
// `unknownKeyStrategy = .report` (with a report) or `.throw`, the decoder owns an
// `UnknownKeyTracker`: one bit per tape node. Every member key the decoder finds for someone is
// marked (the keyed container's `find`, `findConverted`; `allKeys` marks all members; a mapped property marks
// every candidate it names). Every keyed container registers its object; when the `init(from:)`
// that opened it returns, the objects registered at that level are scanned and each unmarked key
// that the model's tables do not name is unknown:
//
//     {"name": "Ada", "nmae": 1, "home": {"city": "Paris", "zip": 1}}
//     User.init(from:)   registers the root          marks name, home
//       Home.init(from:) registers home               marks city
//       Home returns     → scan home: zip unmarked    → unknownKey "home.zip"
//     User returns       → scan root: nmae unmarked   → unknownKey "nmae"
//
// With `.ignore` (the default) there is no tracker: the decoder pays one nil check per key found.
//
// `unknownKeysProperty` works without the tracker: the first decode of such a model type runs its
// `init(from:)` once more beforehand, silently, to learn what it reads from its object
// (`CaptureLearning` → `TypeFacts.capturedKeys`): every lookup on that object, by the model's own
// container or a flattened model's, is noted through the rule that finds it — a styled key or a
// mapped property's candidates as JSON keys, an own key as a coding key (compared with each
// member's key after the decoder's `keyDecodingStrategy`). The property then receives every
// member that is neither read nor named, which is exactly what the tracker would report:
//
//     struct Person { var fullName; var address (.flatten → Address: city, zip); var extra }
//     keyStyle .snakeCase; {"full_name": "Ada", "city": "Paris", "zip": "1", "x": 1}
//     learnt: JSON keys full_name (styled), city, zip (Address's own keys) → extra == {"x": 1}

/// Marks the member keys read during one decode and the objects to check.
///
/// Kept cheap for the clean payload, where nothing is unknown: the marks are a raw bit buffer
/// (no copy-on-write check per key).
final class UnknownKeyTracker {
    /// One object to check.
    struct Pending {
        let object: Int
        /// `impl.path.count` when it was registered.
        let depth: Int
        /// The object's coding path: its node in `DecoderImpl.pathNodes`.
        let node: Int
        /// Whether the object is the level's model object, whose tables name keys too.
        let isModelObject: Bool
    }

    /// One bit per tape node: set for member keys read, named or already reported.
    private let marks: UnsafeMutablePointer<UInt64>
    /// Objects whose unread keys are checked when the `init(from:)` that opened them returns.
    /// (Unchecked exclusivity, like the impl's state: one decode, one thread, and a dynamic check
    /// per access cost more than the rest of the tracking.)
    @exclusivity(unchecked) var pending: [Pending] = []
    let throwing: Bool

    init(nodeCount: Int, throwing: Bool) {
        let words = nodeCount / 64 + 1
        marks = .allocateWithMalloc(capacity: words)
        marks.initialize(repeating: 0, count: words)
        self.throwing = throwing
        pending.reserveCapacity(16)
    }

    deinit {
        marks.deallocateWithFree()
    }

    @inline(__always)
    func mark(_ member: Int) {
        marks[member &>> 6] |= 1 &<< UInt64(member & 63)
    }

    @inline(__always)
    func isMarked(_ member: Int) -> Bool {
        marks[member &>> 6] & (1 &<< UInt64(member & 63)) != 0
    }

    /// Forgets the objects registered since `start`.
    @inline(__always)
    func drop(from start: Int) {
        // Usually one: `removeLast()` only shortens the array, `removeLast(_:)` replaces a range.
        while pending.count > start { pending.removeLast() }
    }

    @inline(__always)
    func register(_ object: Int, depth: Int, node: Int, isModelObject: Bool) {
        pending.append(Pending(object: object, depth: depth, node: node, isModelObject: isModelObject))
    }
}

/// What a model's `init(from:)` reads from its object, noted while its reads are learnt for its
/// `unknownKeysProperty` (see the design note above).
final class CaptureLearning {
    /// The object of the model being learnt.
    let object: Int
    /// The model being learnt (its capture property is not a read).
    let meta: ModelMeta
    var reads = CapturedReads()

    init(object: Int, meta: ModelMeta) {
        self.object = object
        self.meta = meta
    }

    /// Notes the coding key `name`, looked up on the object by a container reading through `meta`
    /// (the model's, a flattened model's, or none), as the container's lookup finds it.
    func note(_ name: String, meta: ModelMeta?) {
        guard let meta else {
            reads.codingKeys.insert(name)
            return
        }
        if meta === self.meta, name == meta.unknownKeysProperty { return }
        switch meta.decodingRule(for: name) {
        case .excluded, .flatten:
            break  // a flattened model's container notes its own lookups
        case .own:
            if meta.keyStyle != nil, let styled = meta.styledKey(for: name) {
                reads.jsonKeys.insert(styled)
            } else {
                reads.codingKeys.insert(name)
            }
        case .mapped:
            for lookup in meta.lookups[name] ?? [] { reads.jsonKeys.insert(lookup.segments[0]) }
        }
    }
}

/// `DecodingError.dataCorrupted`'s underlying error for an unknown key under `.throw`: it marks
/// the error as one lenient policies never absorb.
struct UnknownKeyFound: Error {
    let key: String
}

extension DecoderImpl {
    /// The tracker `options` ask for (none under `.ignore`, or `.report` without a report or a
    /// telemetry).
    static func makeUnknownKeyTracker(options: BridgeDecoder, report: ReportCollector?, nodeCount: Int) -> UnknownKeyTracker? {
        switch options.unknownKeyStrategy.base {
        case .ignore: nil
        case .report: report == nil ? nil : UnknownKeyTracker(nodeCount: nodeCount, throwing: false)
        case .throw: UnknownKeyTracker(nodeCount: nodeCount, throwing: true)
        }
    }

    /// Runs the `init(from:)` of a value at this level, then checks the objects it opened;
    /// `meta` is the model's mapping when the value is a `MappableCodable` model.
    @inline(__always)
    func checkingUnknownKeys<R>(meta: ModelMeta? = nil, _ body: () throws -> R) throws -> R {
        guard let tracker = unknownKeys else { return try body() }
        let start = tracker.pending.count
        let value: R
        do {
            value = try body()
        } catch {
            tracker.drop(from: start)
            throw error
        }
        if tracker.pending.count > start {
            try checkUnknownKeys(tracker, from: start, meta: meta, reader: R.self)
        }
        return value
    }

    /// Checks the objects registered since `start`; `reader` is the type whose `init(from:)` read
    /// them (named in messages when no mapping names a type).
    private func checkUnknownKeys(_ tracker: UnknownKeyTracker, from start: Int, meta: ModelMeta?, reader: Any.Type) throws {
        defer { tracker.drop(from: start) }
        guard zeroDepth == 0 else { return }
        var index = start
        while index < tracker.pending.count {
            let entry = tracker.pending[index]
            index += 1
            // An object opened below a level that has no check of its own (a custom date strategy
            // reading a container) cannot be placed on the path any more: left unchecked.
            guard entry.depth <= path.count else { continue }
            var member = entry.object + 1
            let end = nodes[entry.object].payload
            while member < end {
                if !tracker.isMarked(member) {
                    tracker.mark(member)
                    let name = text(member)
                    let named = entry.isModelObject ? meta : nil
                    if named?.namedKeys.contains(name) != true {
                        try unknownKey(name, objectPath: codingPath(of: entry.node),
                                       typeName: meta?.typeName ?? String(reflecting: reader), throwing: tracker.throwing)
                    }
                }
                member = next(member + 1)
            }
        }
    }

    private func unknownKey(_ name: String, objectPath: [any CodingKey], typeName: String, throwing: Bool) throws {
        if throwing {
            throw DecodingMessages.unknownKey(name, typeName: typeName, path: objectPath)
        }
        guard let report, report.isOpen else { return }
        report.record(.unknownKey, spelt: pathString(objectPath + [AnyCodingKey(name)]), model: typeName, rule: .named("unknown key"),
                      report.keepsDetails ? .text(DecodingMessages.unknownKeyDetail(name, typeName: typeName)) : .omitted)
    }

    /// Registers a keyed container's object for the check at the end of its level.
    @inline(__always)
    func registerForUnknownKeys(_ object: Int, node: Int, meta: ModelMeta?) {
        guard let tracker = unknownKeys, object != DecoderImpl.missingNode else { return }
        // A flattened model reads its keys from its parent's object, already pending: that object
        // is checked once, when the parent's `init(from:)` returns.
        if tracker.pending.contains(where: { $0.object == object }) { return }
        tracker.register(object, depth: path.count, node: node, isModelObject: meta != nil)
    }

    /// Marks every key a mapped property names: all candidates, key-path parents and leaves; the
    /// objects a key path walks through are registered too (their other keys are unknown).
    func markMapped(_ lookups: [ModelMeta.Lookup], in object: Int, node objectNode: Int) {
        guard let tracker = unknownKeys, object != DecoderImpl.missingNode else { return }
        for lookup in lookups {
            var node = object
            for (i, segment) in lookup.segments.enumerated() {
                guard nodes[node].kind == .object, let value = findMember(segment, in: node, depth: -1) else { break }
                tracker.mark(value - 1)
                if i < lookup.segments.count - 1, nodes[value].kind == .object {
                    var parentNode = objectNode
                    for segment in lookup.segments[...i] { parentNode = appendPathNode(parent: parentNode, .name(segment)) }
                    tracker.register(value, depth: path.count, node: parentNode, isModelObject: false)
                }
                node = value
            }
        }
    }

    /// Marks every member of `object` (a type that reads `allKeys` knows them all).
    func markAllMembers(of object: Int) {
        guard let tracker = unknownKeys, object != DecoderImpl.missingNode else { return }
        var member = object + 1
        let end = nodes[object].payload
        while member < end {
            tracker.mark(member)
            member = next(member + 1)
        }
    }

    // MARK: Capturing unknown members

    /// Before the first decode of a model type with an `unknownKeysProperty`: runs its
    /// `init(from:)` on `node` silently to learn what it reads from its object.
    func learnReadKeys<M: MappableCodable>(_ type: M.Type, meta: ModelMeta, node: Int, key: PathComponent?) {
        guard meta.unknownKeysProperty != nil, node != DecoderImpl.missingNode, TypeFacts.of(M.self).capturedKeys == nil else { return }
        let saved = requestedKeys
        requestedKeys = [:]
        let savedLearning = captureLearning
        let learning = CaptureLearning(object: node, meta: meta)
        captureLearning = learning
        defer { captureLearning = savedLearning }
        // `update(_:from:)` prepared the fallback object for the real decode of this level.
        let savedFallback = update?.next
        defer { if let update, let savedFallback { update.next = savedFallback } }
        zeroDepth += 1
        let completed = (try? descend(into: node, key: key) { () throws -> Bool in
            levelMeta = meta
            _ = try makeValue(M.self, observable: meta.isObservable)
            return true
        }) != nil
        zeroDepth -= 1
        let learned = requestedKeys ?? [:]
        if var saved {
            for (id, keys) in learned { saved[id, default: []].formUnion(keys) }
            requestedKeys = saved
        } else {
            requestedKeys = nil
        }
        // An init that threw part-way read only some keys: not kept (the real decode fails the same way).
        if completed { TypeFacts.of(M.self).setCapturedKeys(learning.reads) }
    }

    // MARK: Enums with a tag, flattened

    /// Whether `node` is the object of a model whose reads are being tracked (for
    /// `unknownKeyStrategy` or learnt for an `unknownKeysProperty`): a value decoded from it is
    /// flattened into that model.
    func isReadByItsOwner(_ node: Int) -> Bool {
        if let learning = captureLearning, learning.object == node { return true }
        return unknownKeys?.pending.contains { $0.object == node } ?? false
    }

    /// Decodes an enum with a tag that is flattened into its owner's object `node`, in `child` (a
    /// decoder of its synthesised form that tracks no unknown keys: the owner's object is the one
    /// checked). The members the enum read — its tag, its content member, or (`.internal`) the
    /// members its case reads — count as read by the owner.
    func decodeFlattenedTaggedEnum<T: Decodable>(_ type: T.Type, _ concrete: any MappableCodable.Type, meta: ModelMeta, node: Int,
                                                 child: DecoderImpl) throws -> T {
        let tagged = FlattenedTaggedEnum(type: concrete, tagging: meta.enumTagging)
        if let learning = captureLearning, learning.object == node, !learning.reads.taggedEnums.contains(tagged) {
            learning.reads.taggedEnums.append(tagged)
        }
        let caseReads = CaptureLearning(object: DecoderImpl.synthesisedContentNode, meta: meta)
        child.captureLearning = caseReads
        child.requestedKeys = [:]  // reads are noted while requested keys are collected
        let value = try child.decodeModelBody(T.self, concrete, meta: meta, node: 0, key: nil, json: nil)
        if let tracker = unknownKeys {
            let read = memberKeys(readBy: tagged, caseReads: caseReads.reads)
            var member = node + 1
            let end = nodes[node].payload
            while member < end {
                if read.contains(text(member)) { tracker.mark(member) }
                member = next(member + 1)
            }
        }
        return value
    }

    /// The node of the case's content in a tape of an enum's synthesised form (`{tag: content}`:
    /// the object, the key, the content).
    static let synthesisedContentNode = 2

    /// The members of its owner's object that a flattened tagged enum reads: its tag and content
    /// members, and under `.internal` the members its case read (`caseReads`).
    private func memberKeys(readBy tagged: FlattenedTaggedEnum, caseReads: CapturedReads) -> Set<String> {
        switch tagged.tagging.base {
        case .external:
            return caseReads.codingKeys.union(caseReads.jsonKeys)
        case .internal(let tagKey):
            return caseReads.codingKeys.union(caseReads.jsonKeys).union([tagKey])
        case .adjacent(let tagKey, let contentKey):
            return [tagKey, contentKey]
        }
    }

    /// What a flattened tagged enum reads from `object` in this document: its case is decoded
    /// again, silently, to learn the members it reads (the case, and so its members, differ from
    /// document to document).
    func memberKeys(readBy tagged: FlattenedTaggedEnum, in object: Int) -> Set<String> {
        guard case .internal = tagged.tagging.base else { return memberKeys(readBy: tagged, caseReads: CapturedReads()) }
        guard let synthesised = try? tagged.tagging.synthesisedForm(of: tape.value(at: object)),
              let meta = try? meta(for: tagged.type)
        else { return memberKeys(readBy: tagged, caseReads: CapturedReads()) }
        let child = DecoderImpl(tape: JSONTape(value: synthesised), options: options, report: nil, path: path, tracksUnknownKeys: false)
        let caseReads = CaptureLearning(object: DecoderImpl.synthesisedContentNode, meta: meta)
        child.captureLearning = caseReads
        child.requestedKeys = [:]
        func decode<E: MappableCodable>(_ type: E.Type) {
            _ = try? child.decodeModelBody(E.self, E.self, meta: meta, node: 0, key: nil, json: nil)
        }
        _openExistential(tagged.type, do: decode)
        return memberKeys(readBy: tagged, caseReads: caseReads.reads)
    }

    /// The value of a model's `unknownKeysProperty`: every member of `object` its `init(from:)`
    /// does not read (``CapturedReads``) and its tables do not name, in document order.
    func capturedMembers<T>(_ type: T.Type, object: Int, meta: ModelMeta, convertedKeys: [String]?, key: PathComponent,
                            current: JSONObject?) throws -> T
    {
        guard T.self == JSONObject.self else {
            throw DecodingMessages.mappingTable(.unknownKeysPropertyType(meta.typeName, property: meta.unknownKeysProperty ?? "", propertyType: T.self),
                                                path: codingPath(adding: key))
        }
        var captured = JSONObject()
        if object != DecoderImpl.missingNode, let read = TypeFacts.of(meta.type).capturedKeys {
            var readByEnums = Set<String>()
            for tagged in read.taggedEnums { readByEnums.formUnion(memberKeys(readBy: tagged, in: object)) }
            var member = object + 1
            var ordinal = 0
            let end = nodes[object].payload
            let shadowed = shadowedMembers(of: object)
            while member < end {
                if !shadowed.isEmpty, shadowed.contains(member) {
                    member = next(member + 1)
                    ordinal += 1
                    continue
                }
                let raw = text(member)
                let name = convertedKeys?[ordinal] ?? raw
                let isRead = read.readsAllKeys || read.jsonKeys.contains(raw) || read.codingKeys.contains(name) || readByEnums.contains(raw)
                if !isRead, !meta.namedKeys.contains(raw), captured[raw] == nil {
                    captured[raw] = tape.value(at: member + 1)
                    unknownKeys?.mark(member)
                }
                member = next(member + 1)
                ordinal += 1
            }
        }
        // `update(_:from:)`: the current value's captured members that the document leaves out.
        if let current {
            for (name, value) in current where object == DecoderImpl.missingNode || findMember(name, in: object) == nil {
                captured[name] = value
            }
        }
        // safe: T.self == JSONObject.self is checked above
        return captured as! T
    }
}

extension BridgeDecoder {
    /// What happens to object members that no model reads.
    ///
    /// A key is known when the `init(from:)` decoding the object asks for it (`decode`,
    /// `decodeIfPresent`, `contains`; a type that reads `allKeys` knows every key) or when the
    /// model's mapping table names it (a custom key, every alternate, key-path parents and leaves,
    /// ignored properties). Values decoded as ``JSONValue``, ``JSONObject`` or dictionaries know all
    /// their keys. Members captured by ``MappableCodable/unknownKeysProperty`` are known.
    ///
    /// ```swift
    /// var decoder = BridgeDecoder()
    /// decoder.unknownKeyStrategy = .report
    /// var report = DecodingReport()
    /// _ = try decoder.decode(User.self, from: #"{"name": "Ada", "nmae": "x"}"#, report: &report)
    /// // nmae: unknownKey: key "nmae" is not read by the model
    /// ```
    ///
    /// Defaults to `.ignore`, which costs nothing: no key is tracked.
    public struct UnknownKeyStrategy: Sendable, Hashable {
        enum Base: Sendable, Hashable { case ignore, report, `throw` }
        let base: Base

        /// Unknown keys are skipped silently (as `JSONDecoder` does).
        public static let ignore = UnknownKeyStrategy(base: .ignore)
        /// Each unknown key is a ``DecodingEvent/Kind/unknownKey`` event at its path
        /// (`user.nmae`), at every nesting level.
        public static let report = UnknownKeyStrategy(base: .report)
        /// The first unknown key fails the decode: `DecodingError.dataCorrupted` at the object's
        /// path, naming the key. Never absorbed by lenient policies.
        public static let `throw` = UnknownKeyStrategy(base: .throw)
    }
}

/// ``BridgeDecoder/UnknownKeyStrategy``, for short.
public typealias UnknownKeyStrategy = BridgeDecoder.UnknownKeyStrategy
