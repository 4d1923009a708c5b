// MARK: - Design
//
// A mapped property is found on every decode of its model, so its candidates are compiled once
// per type (with the `ModelMeta`) into raw UTF-8 bytes. Finding the property then compares tape
// bytes with these bytes directly: no `String` is bridged to UTF-8, no array is walked and no
// reference is counted per property per decode (before, the `[Lookup]` arrays of `String`
// segments cost about 1.7 M instructions per decode of twitter.json, Docs/Performance.md).
//
//     "desc": "ext.desc"      → plan.candidates = [[b"ext.desc"], [b"ext", b"desc"]]
//     "id":   ["id", "ID"]    → plan.candidates = [[b"id"], [b"ID"]]

/// A mapped property's candidates in table order, each one key or a key path, as UTF-8 bytes
/// owned by the type's ``ModelMeta`` (valid as long as the meta lives; metas are cached for the
/// life of the process and the decoder holds the ones it uses).
package struct LookupPlan: @unchecked Sendable {  // read-only views of memory the meta owns
    /// The candidates in table order; each is its segments' UTF-8 bytes, outermost first.
    package let candidates: UnsafeBufferPointer<UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>>
    /// Bit `i` is set when candidate `i` is one key containing a dot (`"ext.desc"` taken
    /// literally, tried before the path): rarely present, so found through `findDotted`.
    package let dottedKeys: UInt64
    /// The position of the same candidates as `[ModelMeta.Lookup]` in the meta (slow paths:
    /// messages, unknown-key tracking, table checks).
    package let index: Int
}

/// The memory of a type's lookup plans, freed with its ``ModelMeta``.
final class LookupPlanStorage: @unchecked Sendable {  // written only while the meta is built
    private var allocations: [UnsafeMutableRawPointer] = []
    /// Each distinct segment is stored once, so a key path's parent (`"entities"` of
    /// `"entities.urls"` and `"entities.media"`) is the same pointer in every plan of the type.
    private var segments: [String: UnsafeBufferPointer<UInt8>] = [:]

    deinit {
        for allocation in allocations { allocation.deallocate() }
    }

    /// The plan of one property's candidates.
    func plan(for lookups: [ModelMeta.Lookup], index: Int) -> LookupPlan {
        let candidates = allocate(UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>.self, count: lookups.count)
        for (i, lookup) in lookups.enumerated() {
            let segments = allocate(UnsafeBufferPointer<UInt8>.self, count: lookup.segments.count)
            for (j, segment) in lookup.segments.enumerated() {
                segments.initializeElement(at: j, to: bytes(of: segment))
            }
            candidates.initializeElement(at: i, to: UnsafeBufferPointer(segments))
        }
        var dottedKeys: UInt64 = 0
        for (i, lookup) in lookups.prefix(64).enumerated() where lookup.segments.count == 1 && lookup.segments[0].contains(".") {
            dottedKeys |= 1 << UInt64(i)
        }
        return LookupPlan(candidates: UnsafeBufferPointer(candidates), dottedKeys: dottedKeys, index: index)
    }

    private func bytes(of segment: String) -> UnsafeBufferPointer<UInt8> {
        if let stored = segments[segment] { return stored }
        let bytes = allocate(UInt8.self, count: segment.utf8.count)
        _ = bytes.initialize(from: segment.utf8)
        segments[segment] = UnsafeBufferPointer(bytes)
        return UnsafeBufferPointer(bytes)
    }

    private func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(count, 1))
        // safe: `allocate` never returns a buffer without a base address
        allocations.append(UnsafeMutableRawPointer(buffer.baseAddress!))
        return UnsafeMutableBufferPointer(rebasing: buffer[..<count])
    }
}
