/// Tells whether a hook call reached `MappableCodable`'s default implementation for the type
/// being probed, and remembers the answer per type.
///
/// The default implementations call ``markDefault(_:)`` with the type they ran for (`Self`);
/// ``usesDefault(_:_:)`` runs a call with a recorder for one type installed and reports whether
/// that type's default was reached. A mark counts only when it names the probed type, so a hook
/// that calls another model's default hook (a child's `didDecode`) is still a hook.
///
/// Why this cannot be fooled: a value type's own implementation cannot call the protocol's default
/// (it replaces it), so "the default ran for `Self`" means "no implementation". The only defaults
/// an implementation can reach are class methods it overrides: `BridgeObject`'s hooks, reached
/// through `super`. Those mark `BridgeObject` itself, never the subclass, so a subclass of
/// `BridgeObject` is never taken for a type without hooks: its hooks run on every model, whether
/// an override calls `super` or not, and whether or not it overrides them at all.
///
/// Type hooks (`decodingType(for:)`, `willDecode`) are probed when `ModelMeta` is built; instance
/// hooks (`didDecode`, `didEncode`) need an instance, so they are probed on their first real call
/// through ``call(_:of:known:_:)``.
package enum HookProbe {
    final class Recorder: @unchecked Sendable {  // used by one task at a time (a task-local)
        /// The type whose default is watched for; `nil`: any type's.
        let type: ObjectIdentifier?
        var markedDefault = false

        init(type: ObjectIdentifier?) {
            self.type = type
        }
    }

    @TaskLocal static var recorder: Recorder?

    /// Called by the default hook implementations, with the type they run for.
    @inline(__always)
    package static func markDefault(_ type: Any.Type) {
        guard let recorder, recorder.type == nil || recorder.type == ObjectIdentifier(type) else { return }
        recorder.markedDefault = true
    }

    /// Runs `call` and returns whether it reached any type's default hook implementation (a
    /// class model's override that calls `super`, or no override: `BridgeObject`'s).
    package static func reachesADefault(_ call: () throws -> Void) rethrows -> Bool {
        let recorder = Recorder(type: nil)
        try $recorder.withValue(recorder) { try call() }
        return recorder.markedDefault
    }

    /// Runs `call` and returns whether it ended in `type`'s default hook implementation.
    package static func usesDefault(_ type: Any.Type, _ call: () throws -> Void) rethrows -> Bool {
        let recorder = Recorder(type: ObjectIdentifier(type))
        try $recorder.withValue(recorder) { try call() }
        return recorder.markedDefault
    }

    // MARK: Instance hooks

    /// A hook that needs an instance to probe.
    enum InstanceHook {
        case didDecode
        case didEncode
    }

    /// Whether `type` implements `hook` (does something in it), once probed on this thread
    /// (kept in the type's `TypeFacts`).
    static func isImplemented(_ hook: InstanceHook, by type: Any.Type) -> Bool? {
        switch hook {
        case .didDecode: TypeFacts.of(type).didDecodeImplemented
        case .didEncode: TypeFacts.of(type).didEncodeImplemented
        }
    }

    /// Calls a hook: `call` runs it. When whether `type` implements it is not `known` yet, the
    /// call is also the probe, and its answer is recorded in the type's `TypeFacts`.
    ///
    /// - Returns: Whether the hook is implemented (`false`: the default, a no-op, ran).
    static func call(_ hook: InstanceHook, of type: Any.Type, known: Bool?, _ call: () throws -> Void) rethrows -> Bool {
        if known != nil {
            try call()
            return true
        }
        let implemented = try !usesDefault(type, call)
        let facts = TypeFacts.of(type)
        switch hook {
        case .didDecode: facts.didDecodeImplemented = implemented
        case .didEncode: facts.didEncodeImplemented = implemented
        }
        return implemented
    }
}
