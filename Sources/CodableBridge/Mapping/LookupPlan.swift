import Foundation

// MARK: - Design
//
// A mapped property is found on every decode of its model, so its candidates are compiled once
// per type (with the `ModelMeta`) into raw UTF-8 bytes. Finding the property then compares tape
// bytes with these bytes directly: no `String` is bridged to UTF-8, no array is walked and no
// reference is counted per property per decode.
//
//     "desc": "ext.desc"      → plan.candidates = [[b"ext.desc"], [b"ext", b"desc"]]
//     "id":   ["id", "ID"]    → plan.candidates = [[b"id"], [b"ID"]]

/// A mapped property's candidates in table order, each one key or a key path, as UTF-8 bytes
/// owned by the type's ``ModelMeta`` (valid as long as the meta lives; metas are cached for the
/// life of the process and the decoder holds the ones it uses).
package struct LookupPlan: @unchecked Sendable {  // read-only views of memory the meta owns
    /// The candidates in table order; each is its segments' UTF-8 bytes, outermost first.
    package let candidates: UnsafeBufferPointer<UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>>
    /// The key of a plain rename (one candidate, one segment): most mapped properties, found
    /// like an own key. `nil` for key paths and alternates.
    package let renamedKey: UnsafeBufferPointer<UInt8>?
    /// Bit `i` is set when candidate `i` is one key containing a dot (`"ext.desc"` taken
    /// literally, tried before the path): rarely present, so found through `findDotted`.
    package let dottedKeys: UInt64
    /// The position of the same candidates as `[ModelMeta.Lookup]` in the meta (slow paths:
    /// messages, unknown-key tracking, table checks).
    package let index: Int
}

/// Every property a type's tables mention, with its rule, as UTF-8 bytes in memory the meta owns,
/// bucketed by length: the decoder's per-key question compares the few keys of the same length
/// with `memcmp` (no `String` comparison, no reference count).
package struct RuleTable: @unchecked Sendable {  // read-only views of memory the meta owns
    /// The entries sorted by key length.
    let entries: UnsafeBufferPointer<(key: UnsafeBufferPointer<UInt8>, rule: ModelMeta.DecodingRule)>
    /// `starts[n] ..< starts[n + 1]` are the entries whose key has `n` bytes.
    let starts: UnsafeBufferPointer<Int>

    /// The rule of the property whose coding key is `key`, if the tables mention it.
    @inline(__always)
    func rule(for key: UnsafeBufferPointer<UInt8>) -> ModelMeta.DecodingRule? {
        let length = key.count
        guard length + 1 < starts.count, let base = key.baseAddress else { return nil }
        for i in starts[length] ..< starts[length + 1] {
            // safe: table keys are never empty (empty names are rejected when the meta is built)
            let entry = entries[i].key.baseAddress!
            if entry[0] == base[0], memcmp(entry, base, length) == 0 { return entries[i].rule }
        }
        return nil
    }
}

/// The memory of a type's lookup plans, freed with its ``ModelMeta``.
final class LookupPlanStorage: @unchecked Sendable {  // written only while the meta is built
    private var allocations: [UnsafeMutableRawPointer] = []
    /// Each distinct segment is stored once, so a key path's parent (`"entities"` of
    /// `"entities.urls"` and `"entities.media"`) is the same pointer in every plan of the type.
    private var segments: [String: UnsafeBufferPointer<UInt8>] = [:]

    deinit {
        for allocation in allocations { free(allocation) }
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
        let isRename = lookups.count == 1 && lookups[0].segments.count == 1
        return LookupPlan(candidates: UnsafeBufferPointer(candidates), renamedKey: isRename ? candidates[0][0] : nil,
                          dottedKeys: dottedKeys, index: index)
    }

    /// The rule table of `rules` (property name → rule).
    func ruleTable(_ rules: [String: ModelMeta.DecodingRule]) -> RuleTable {
        let sorted = rules.sorted { ($0.key.utf8.count, $0.key) < ($1.key.utf8.count, $1.key) }
        let longest = sorted.last?.key.utf8.count ?? 0
        let entries = allocate((key: UnsafeBufferPointer<UInt8>, rule: ModelMeta.DecodingRule).self, count: sorted.count)
        let starts = allocate(Int.self, count: longest + 2)
        var length = 0
        starts[0] = 0
        for (i, (name, rule)) in sorted.enumerated() {
            while length < name.utf8.count { length += 1; starts[length] = i }
            entries.initializeElement(at: i, to: (bytes(of: name), rule))
        }
        while length < longest + 1 { length += 1; starts[length] = sorted.count }
        return RuleTable(entries: UnsafeBufferPointer(entries), starts: UnsafeBufferPointer(starts))
    }

    private func bytes(of segment: String) -> UnsafeBufferPointer<UInt8> {
        if let stored = segments[segment] { return stored }
        let bytes = allocate(UInt8.self, count: segment.utf8.count)
        _ = bytes.initialize(from: segment.utf8)
        segments[segment] = UnsafeBufferPointer(bytes)
        return UnsafeBufferPointer(bytes)
    }

    private func allocate<T>(_ type: T.Type, count: Int) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocateWithMalloc(capacity: max(count, 1))
        // safe: `allocateWithMalloc` never returns a buffer without a base address
        allocations.append(UnsafeMutableRawPointer(buffer.baseAddress!))
        return UnsafeMutableBufferPointer(rebasing: buffer[..<count])
    }
}
