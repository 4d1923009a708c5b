import Foundation

// MARK: - Design
//
// Everything the library knows about one type lives in one record, `TypeFacts`, read through one
// cache: this thread's dictionary, keyed by the type's `ObjectIdentifier`.
//
//     TypeFacts.of(Book.self)               this thread's record, made on its first use
//       meta(of:)                           the compiled mapping (ModelMeta), built on first use
//       didDecodeImplemented / …Encode…     hook probe results (HookProbe), once probed
//       declaredDefaults                    the DefaultInitializable instance's values (Decoding)
//       encodingKeyMaps                     the encoder's views of the mapping (Encoding)
//       encoderTraits                       what the encoder checks about a composite type
//       isObservable(_:)                    whether it conforms to `Observable`, once asked
//       caseNames(of:)                      a coding-key enum's names by case (CaseKeyNames)
//       tablesVerified, knownKeys,          learnt by a decode: published for the process
//       capturedKeys
//
// One record per type *and thread*: a decode retains the objects it reads (the record, its
// meta, its key maps) many times, and one object read by every thread would have its reference
// count written from every core on every decode — a cache line moving between cores
// (`Benchmarks/Scripts/shared-retains.sh` lists any object two threads both retain). So each
// thread builds its own record and its own meta, without a lock; the price is one build per
// thread and type. Nothing but the owning thread reads or writes a record's mutable facts: code
// that keeps a record's meta or key map (a decode's per-decode list, a kept container) keeps
// only those immutable objects, and asks `TypeFacts.of` again for anything else.
//
// Facts a decode learns (its tables verified against the coding keys `init(from:)` read, the
// JSON keys it reads, the coding keys of a model capturing unknown members) depend on the data
// of the decode that learnt them, so another thread could not recompute the same answer: they
// are published in one process-wide table behind a lock, which a thread reads only while its own
// record does not have the fact yet (then it copies it: once per type and thread).
//
// No lock is taken to build or read a record; an invalid table is not cached (it fails every time
// the type is used).
//
// Kept besides this one cache, each justified where it is declared: the encoder's traits have a
// `DirectMappedSlots` table in front of the record (Encoding/EncodingTypeTraits.swift: a lookup
// per composite value, not per type and encode), and a meta's `keyStyle` spellings are behind a
// lock (ModelMeta.swift: a kept container may read its meta from another thread).

/// What the library knows about one type: its compiled mapping, hook probe results, declared
/// defaults, the encoder's views and traits, and what decodes have learnt. One record per type
/// and thread (see the design comment above).
package final class TypeFacts {
    /// The compiled mapping, once built (`MappableCodable` types only).
    private var meta: ModelMeta?
    /// Whether the model's `didDecode` / `didEncode` does something, once probed on this thread
    /// (`nil` before). A probe is a real call, so each thread may find out for itself.
    package var didDecodeImplemented: Bool?
    package var didEncodeImplemented: Bool?
    /// The declared defaults of a `DefaultInitializable` model by property (`.some(nil)`: none),
    /// once read (Decoding/DecoderImpl+Defaults.swift).
    package var declaredDefaults: [String: Any]??
    /// The encoder's views of the mapping, plain and keeping `ignoredOnEncode` properties: two
    /// `EncodingKeyMap`s (Encoding/TypeFacts+Encoding.swift; this folder cannot name the type).
    package var encodingKeyMaps: (plain: AnyObject?, keepingIgnoredOnEncode: AnyObject?) = (nil, nil)
    /// The encoder's `TypeTraits` of the type, as their raw value, once found
    /// (Encoding/EncodingTypeTraits.swift).
    package var encoderTraits: UInt8?
    /// A decode's view of the model once nothing about it is left to learn (its tables verified,
    /// its `didDecode` probed): a `DecoderImpl.ModelState` that is never written again, so every
    /// decode on this thread shares it instead of making its own (Decoding/DecoderImpl+Dispatch.swift;
    /// this folder cannot name the type).
    package var settledDecodeState: AnyObject?
    /// Whether the type conforms to `Observable` (Mapping/ObservableModels.swift), `nil` before
    /// `isObservable(_:)` first asks.
    private var observable: Bool?
    /// The UTF-8 names of a coding-key enum's cases, once asked (`.some(nil)`: not such an enum).
    private var caseKeyNames: CaseKeyNames??
    /// This thread's copies of the facts decodes learn (published in `learnt`).
    private var verified = false
    private var knownKeysCopy: Set<String>?
    private var capturedKeysCopy: CapturedReads?

    /// The type's identity (the key of its published facts).
    private let id: ObjectIdentifier

    private init(_ id: ObjectIdentifier) {
        self.id = id
    }

    // MARK: The cache

    /// One thread's records.
    private final class Records {
        var byType: [ObjectIdentifier: TypeFacts] = [:]
    }

    private static let records = ThreadLocal { Records() }

    /// This thread's record for `type`, made on first use.
    @inline(__always)
    package static func of(_ type: Any.Type) -> TypeFacts {
        let id = ObjectIdentifier(type)
        let mine = records.current
        if let facts = mine.byType[id] { return facts }
        return _slowPathMake(id, in: mine)
    }

    @inline(never)
    private static func _slowPathMake(_ id: ObjectIdentifier, in records: Records) -> TypeFacts {
        let facts = TypeFacts(id)
        records.byType[id] = facts
        return facts
    }

    // MARK: Mapping

    /// The compiled mapping of `type` (the record's own type), built and validated on first use.
    ///
    /// - Throws: ``MappingTableError`` naming the type and the invalid entry, every time.
    package func meta(of type: any MappableCodable.Type) throws(MappingTableError) -> ModelMeta {
        if let meta { return meta }
        let built = try ModelMeta(type)
        meta = built
        return built
    }

    /// Whether `type` (the record's own type) conforms to `Observable`: a conformance check the
    /// first time, then this record's answer.
    package func isObservable(_ type: Any.Type) -> Bool {
        if let observable { return observable }
        let answer = ObservableModels.isObservable(type)
        observable = answer
        return answer
    }

    /// The UTF-8 names of `Key`'s (the record's own type's) cases, when it is a payload-free
    /// coding-key enum: made the first time, then this record's.
    func caseNames<Key: CodingKey>(of type: Key.Type) -> CaseKeyNames? {
        if let caseKeyNames { return caseKeyNames }
        let names = CaseKeyNames(Key.self)
        caseKeyNames = .some(names)
        return names
    }

    // MARK: Learnt by decodes

    /// Facts a decode learns, for the whole process (see the design comment).
    private struct Learnt {
        var verified = false
        var knownKeys: Set<String>?
        var capturedKeys: CapturedReads?
    }

    private static let learntLock = NSLock()
    nonisolated(unsafe) private static var learnt: [ObjectIdentifier: Learnt] = [:]  // only under `learntLock`

    private static func published(_ id: ObjectIdentifier) -> Learnt? {
        learntLock.withLock { learnt[id] }
    }

    /// Changes the type's published facts; returns `change`'s result.
    @discardableResult
    private static func publish<R>(_ id: ObjectIdentifier, _ change: (inout Learnt) -> R) -> R {
        learntLock.withLock { change(&learnt[id, default: Learnt()]) }
    }

    /// Whether a decode of the type has confirmed that its tables name only real properties.
    package var tablesVerified: Bool {
        if verified { return true }
        verified = TypeFacts.published(id)?.verified ?? false
        return verified
    }

    /// Records that the type's tables name only real properties.
    package func setTablesVerified() {
        verified = true
        TypeFacts.publish(id) { $0.verified = true }
    }

    /// The JSON keys a model type reads from its object — its own keys, mapped keys (first
    /// segments of key paths) and the keys of the models flattened into it — once a decode has
    /// verified its tables (`nil` before). This is what makes flattened keys known keys.
    package var knownKeys: Set<String>? {
        if let knownKeysCopy { return knownKeysCopy }
        knownKeysCopy = TypeFacts.published(id)?.knownKeys
        return knownKeysCopy
    }

    /// Records the JSON keys the type reads (the first recorded wins).
    package func setKnownKeys(_ keys: Set<String>) {
        knownKeysCopy = TypeFacts.publish(id) {
            if $0.knownKeys == nil { $0.knownKeys = keys }
            return $0.knownKeys
        }
    }

    /// What the `init(from:)` of a model with an `unknownKeysProperty` reads from its object, once
    /// a decode has learnt it (`nil` before).
    package var capturedKeys: CapturedReads? {
        if let capturedKeysCopy { return capturedKeysCopy }
        capturedKeysCopy = TypeFacts.published(id)?.capturedKeys
        return capturedKeysCopy
    }

    /// Records what the type's `init(from:)` reads (the first recorded wins).
    package func setCapturedKeys(_ keys: CapturedReads) {
        capturedKeysCopy = TypeFacts.publish(id) {
            if $0.capturedKeys == nil { $0.capturedKeys = keys }
            return $0.capturedKeys
        }
    }
}

/// The members of its object that a model's `init(from:)` reads — its own properties', through
/// every key rule, and those of the models flattened into it — learnt once per type for its
/// `unknownKeysProperty`, which captures every other member.
package struct CapturedReads: Sendable, Hashable {
    /// Coding keys looked up by their own name: a member is read when its key — converted by the
    /// decoder's `keyDecodingStrategy`, if any — is one of them.
    package var codingKeys: Set<String> = []
    /// JSON keys read as they are: key-styled keys, every candidate of a mapped property (a key
    /// path's first segment), `super`.
    package var jsonKeys: Set<String> = []
    /// Whether the model reads `allKeys`: then it reads every member.
    package var readsAllKeys = false
    /// Enums with a tag (`.internal`, `.adjacent`) flattened into the model: which members they
    /// read depends on the case each document holds, so it is found per document.
    package var taggedEnums: [FlattenedTaggedEnum] = []
}

/// An enum with a tag flattened into a model (see ``CapturedReads/taggedEnums``).
package struct FlattenedTaggedEnum: @unchecked Sendable, Hashable {  // a metatype and a Sendable value
    package let type: any MappableCodable.Type
    package let tagging: EnumTagging

    package init(type: any MappableCodable.Type, tagging: EnumTagging) {
        self.type = type
        self.tagging = tagging
    }

    package static func == (a: Self, b: Self) -> Bool {
        ObjectIdentifier(a.type) == ObjectIdentifier(b.type) && a.tagging == b.tagging
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
    }
}
