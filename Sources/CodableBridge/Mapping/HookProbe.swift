/// Tells whether a hook call reached `MappableCodable`'s default implementation, and remembers
/// the answer per type.
///
/// The default implementations call ``markDefault()``; ``usesDefault(_:)`` runs a call with a
/// recorder installed and reports whether it was marked. A type's own implementation never marks,
/// so one probing call per type tells which hooks exist. Type hooks (`decodingType(for:)`,
/// `willDecode`) are probed when `ModelMeta` is built; instance hooks (`didDecode`, `didEncode`)
/// need an instance, so they are probed on their first real call through ``call(_:of:known:_:)``.
package enum HookProbe {
    final class Recorder: @unchecked Sendable {  // used by one task at a time (a task-local)
        var markedDefault = false
    }

    @TaskLocal static var recorder: Recorder?

    /// Called by the default hook implementations.
    @inline(__always)
    package static func markDefault() {
        recorder?.markedDefault = true
    }

    /// Runs `call` and returns whether it ended in a default hook implementation.
    package static func usesDefault(_ call: () throws -> Void) rethrows -> Bool {
        let recorder = Recorder()
        try $recorder.withValue(recorder) { try call() }
        return recorder.markedDefault
    }

    // MARK: Instance hooks

    /// A hook that needs an instance to probe.
    enum InstanceHook {
        case didDecode
        case didEncode
    }

    /// Probe results, one cache per hook so that each entry is final once stored (a thread's
    /// copy of an entry is never stale).
    private static let didDecodeFlags = TypeCache<Bool>()
    private static let didEncodeFlags = TypeCache<Bool>()

    /// Whether `type` implements `hook` (does something in it), once probed in this process.
    ///
    /// Each branch reads its cache where it is stored: a helper returning the cache would retain
    /// it, and every thread would write that one object's reference count on every decode.
    static func isImplemented(_ hook: InstanceHook, by type: Any.Type) -> Bool? {
        switch hook {
        case .didDecode: didDecodeFlags.get(type)
        case .didEncode: didEncodeFlags.get(type)
        }
    }

    /// Calls a hook: `call` runs it. When whether `type` implements it is not `known` yet, the
    /// call is also the probe, and its answer is recorded for the process.
    ///
    /// - Returns: Whether the hook is implemented (`false`: the default, a no-op, ran).
    static func call(_ hook: InstanceHook, of type: Any.Type, known: Bool?, _ call: () throws -> Void) rethrows -> Bool {
        if known != nil {
            try call()
            return true
        }
        let implemented = try !usesDefault(call)
        switch hook {
        case .didDecode: didDecodeFlags.setIfAbsent(type, implemented)
        case .didEncode: didEncodeFlags.setIfAbsent(type, implemented)
        }
        return implemented
    }
}
