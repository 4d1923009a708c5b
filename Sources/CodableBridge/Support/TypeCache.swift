import Foundation

/// Facts about types, computed once per process and shared by every decode and encode: the one
/// per-type cache mechanism (compiled mapping tables, encoding key maps, hook probe results,
/// declared defaults, verified tables).
///
/// Entries are keyed by `ObjectIdentifier` of the type and hold only facts about types, so two
/// threads racing on a type's first use compute the same answer; the first stored value wins and
/// is never changed afterwards.
///
/// Reading takes no lock once a thread has seen a value: the process-wide table sits behind a
/// lock, and each thread keeps its own copy of the entries it has read (a ``ThreadLocal``
/// dictionary). A steady-state decode therefore reads its per-type facts without touching a
/// shared lock; the lock is taken only the first time a thread meets a type (and while a fact is
/// still missing). Values are computed outside the lock.
///
/// ```swift
/// static let metas = TypeCache<ModelMeta>()
/// let meta = try metas.value(for: Book.self) { try ModelMeta(Book.self) }
/// ```
final class TypeCache<Value>: @unchecked Sendable {  // `values` only under `lock`; `local` is per thread
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Value] = [:]
    private let local = ThreadLocal { LocalValues() }

    /// One thread's copies of published entries.
    private final class LocalValues {
        var values: [ObjectIdentifier: Value] = [:]
    }

    init() {}

    /// The value stored for `type`, if any.
    @inline(__always)
    func get(_ type: Any.Type) -> Value? {
        let id = ObjectIdentifier(type)
        let mine = local.current
        if let copy = mine.values[id] { return copy }
        return _slowPathShared(id, into: mine)
    }

    /// The value stored for `type`, or `make()`'s result stored on first use (unless another
    /// thread stored one first, which is then returned).
    func value<E: Error>(for type: Any.Type, make: () throws(E) -> Value) throws(E) -> Value {
        let id = ObjectIdentifier(type)
        let mine = local.current
        if let copy = mine.values[id] { return copy }
        if let shared = _slowPathShared(id, into: mine) { return shared }
        let made = try make()
        return publish(made, for: id, into: mine)
    }

    /// Stores `value` for `type` unless a value is stored already (the first stored value wins).
    func setIfAbsent(_ type: Any.Type, _ value: Value) {
        let id = ObjectIdentifier(type)
        let mine = local.current
        if mine.values[id] != nil { return }
        _ = publish(value, for: id, into: mine)
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
