/// Tells whether a hook call reached `MappableCodable`'s default implementation.
///
/// The default implementations call ``markDefault()``; ``usesDefault(_:)`` runs a call with a
/// recorder installed and reports whether it was marked. A type's own implementation never marks,
/// so one probing call per type tells which hooks exist (see `ModelMeta`).
package enum HookProbe {
    final class Recorder: @unchecked Sendable {
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
}
