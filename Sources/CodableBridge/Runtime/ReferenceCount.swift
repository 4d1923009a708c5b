// ReferenceCount — how many strong references an object has, for a partial document's decoder,
// which must know whether a model still holds something it handed out (a container, the decoder
// itself) while the decoder's own kept containers also refer to it
// (Streaming/PartialDocument.swift).
//
// Relies on: the Swift runtime's `swift_retainCount`, which every runtime exports (debuggers
// read reference counts with it), not public API. The reference is read from its variable as a
// pointer, so reading it adds no reference of its own.
//
// Self-check (`isAvailable`, once): a new object counts one reference, at least two while
// another object holds it too, and one again after. `ReferenceCountTests` asserts the check passes.
//
// Portable replacement (`CODABLEBRIDGE_PORTABLE`, or a failed check): no count (`nil`); the
// caller then drops its own references before it asks `isKnownUniquelyReferenced`.

enum ReferenceCount {
    /// The strong references to the object `reference` holds, counting `reference`'s own; `nil`
    /// when `reference` is nil, where unknown, and in portable mode. Never less than the true
    /// count: a reference the caller holds for the call counts too.
    static func strongCount<Object: AnyObject>(_ reference: inout Object?) -> Int? {
        #if CODABLEBRIDGE_PORTABLE
        return nil
        #else
        guard isAvailable else { return nil }
        return rawCount(&reference)
        #endif
    }

    #if !CODABLEBRIDGE_PORTABLE
    /// Whether `swift_retainCount` counts as the check expects (see the comment above).
    static let isAvailable: Bool = selfCheck()

    private static func rawCount<Object: AnyObject>(_ reference: inout Object?) -> Int? {
        // safe: an optional class reference is one nullable pointer
        withUnsafeMutablePointer(to: &reference) { variable in
            variable.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 1) { pointer in
                pointer.pointee.map { swiftRetainCount($0) }
            }
        }
    }

    private final class Probe {
        var other: Probe?
    }

    private static func selfCheck() -> Bool {
        var probe: Probe? = Probe()
        let holder = Probe()
        guard rawCount(&probe) == 1 else { return false }
        holder.other = probe
        let held = rawCount(&probe) ?? 0
        holder.other = nil
        return held >= 2 && rawCount(&probe) == 1
    }
    #endif
}

#if !CODABLEBRIDGE_PORTABLE
@_silgen_name("swift_retainCount")
private func swiftRetainCount(_ object: UnsafeMutableRawPointer) -> Int
#endif
