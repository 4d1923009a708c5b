import Foundation

/// Facts about types, computed once and shared by every decode and encode: the one per-type
/// cache mechanism (compiled mapping tables, encoding key maps, hook probe results, declared
/// defaults, verified tables).
///
/// Entries are keyed by `ObjectIdentifier` of the type and hold only facts about types, so two
/// threads racing on a type's first use compute the same answer; the first stored value wins (in
/// the process, or in the thread for ``Sharing/thread``) and is never changed afterwards.
///
/// Reading takes no lock once a thread has seen a value: each thread keeps its own dictionary of
/// the entries it has read (a ``ThreadLocal``). Where the value comes from depends on the cache's
/// ``Sharing``:
///
/// - ``Sharing/process``: one value per process, behind a lock. A thread copies the published
///   value the first time it meets the type, so the lock is taken only then (and while a fact is
///   still missing). For plain values (`Bool`) and for facts a decode learns (which cannot be
///   recomputed on another thread).
/// - ``Sharing/thread``: each thread makes its own value with `make()` and never takes a lock.
///   For objects read on every decode (`ModelMeta`, `EncodingKeyMap`): reading an object retains
///   it, and one object read by every thread would have its reference count written by all of
///   them — a cache line that moves between cores on every decode. Its price is one `make()` per
///   thread and type, and one copy of the value per thread.
///
/// Values are computed outside the lock.
///
/// ```swift
/// static let metas = TypeCache<ModelMeta>(sharing: .thread)
/// let meta = try metas.value(for: Book.self) { try ModelMeta(Book.self) }
/// ```
final class TypeCache<Value>: @unchecked Sendable {  // `values` only under `lock`; `local` is per thread
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Value] = [:]
    private let local = ThreadLocal { LocalValues() }
    private let sharing: Sharing

    /// Who shares a value: the process (one value, copied by each thread) or nobody (one value
    /// per thread).
    enum Sharing {
        /// One value per process: a thread copies the published value.
        case process
        /// One value per thread: each thread makes its own, so no two threads touch one object.
        case thread
    }

    /// One thread's copies of published entries.
    private final class LocalValues {
        var values: [ObjectIdentifier: Value] = [:]
    }

    init(sharing: Sharing = .process) {
        self.sharing = sharing
    }

    /// The value stored for `type`, if any.
    @inline(__always)
    func get(_ type: Any.Type) -> Value? {
        let id = ObjectIdentifier(type)
        let mine = local.current
        if let copy = mine.values[id] { return copy }
        return sharing == .process ? _slowPathShared(id, into: mine) : nil
    }

    /// The value stored for `type`, or `make()`'s result stored on first use. Under `.process`
    /// another thread may have stored one first, which is then returned; under `.thread` each
    /// thread stores its own.
    func value<E: Error>(for type: Any.Type, make: () throws(E) -> Value) throws(E) -> Value {
        let id = ObjectIdentifier(type)
        let mine = local.current
        if let copy = mine.values[id] { return copy }
        if sharing == .thread {
            let made = try make()
            mine.values[id] = made
            return made
        }
        if let shared = _slowPathShared(id, into: mine) { return shared }
        let made = try make()
        return publish(made, for: id, into: mine)
    }

    /// Stores `value` for `type` unless a value is stored already (the first stored value wins).
    func setIfAbsent(_ type: Any.Type, _ value: Value) {
        let id = ObjectIdentifier(type)
        let mine = local.current
        if mine.values[id] != nil { return }
        if sharing == .thread {
            mine.values[id] = value
        } else {
            _ = publish(value, for: id, into: mine)
        }
    }

    /// Reads the process-wide table and copies a found entry into this thread's table.
    @inline(never)
    private func _slowPathShared(_ id: ObjectIdentifier, into mine: LocalValues) -> Value? {
        guard let shared = lock.withLock({ values[id] }) else { return nil }
        mine.values[id] = shared
        return shared
    }

    private func publish(_ made: Value, for id: ObjectIdentifier, into mine: LocalValues) -> Value {
        let stored = lock.withLock {
            if let existing = values[id] { return existing }
            values[id] = made
            return made
        }
        mine.values[id] = stored
        return stored
    }
}
