import Foundation

/// Facts about types, computed once per process and shared by every decode and encode: the one
/// lock-protected per-type cache mechanism (compiled mapping tables, encoding key maps, hook
/// probe results, declared defaults, verified tables).
///
/// Entries are keyed by `ObjectIdentifier` of the type and hold only facts about types, so two
/// threads racing on a type's first use compute the same answer; the first stored value wins.
/// Values are computed outside the lock.
///
/// ```swift
/// static let metas = TypeCache<ModelMeta>()
/// let meta = try metas.value(for: Book.self) { try ModelMeta(Book.self) }
/// ```
final class TypeCache<Value>: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Value] = [:]

    init() {}

    /// The value stored for `type`, if any.
    func get(_ type: Any.Type) -> Value? {
        let id = ObjectIdentifier(type)
        return lock.withLock { values[id] }
    }

    /// The value stored for `type`, or `make()`'s result stored on first use (unless another
    /// thread stored one first, which is then returned).
    func value<E: Error>(for type: Any.Type, make: () throws(E) -> Value) throws(E) -> Value {
        let id = ObjectIdentifier(type)
        if let cached = lock.withLock({ values[id] }) { return cached }
        let made = try make()
        return lock.withLock {
            if let existing = values[id] { return existing }
            values[id] = made
            return made
        }
    }

    /// Changes the value stored for `type` (starting from `initial` when there is none).
    func update(_ type: Any.Type, initial: @autoclosure () -> Value, _ change: (inout Value) -> Void) {
        let id = ObjectIdentifier(type)
        lock.withLock { change(&values[id, default: initial()]) }
    }
}
