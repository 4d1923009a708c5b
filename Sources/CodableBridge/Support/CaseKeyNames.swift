/// The UTF-8 names of a payload-free coding-key enum's cases (a synthesised `CodingKeys`), by case
/// index: what a keyed container compares with the document's keys, without asking the key for
/// its `stringValue` and copying that string's bytes out on every lookup.
///
///     enum CodingKeys: String, CodingKey { case login, avatarURL = "avatar_url" }
///     bytes  login avatar_url        spans  (0, 5) (5, 10)
///
/// Made once per key type and thread (`TypeFacts`), from the enum's layout
/// (`TypeShape.caseKeys`); immutable, so a container that outlives its thread may keep it. A
/// container reads it through `table`, plain pointers, which costs no reference counting per
/// lookup. In portable builds, and for any other key type, there is none and keys are looked up by
/// name.
final class CaseKeyNames: @unchecked Sendable {  // immutable after init
    /// The names, read without retaining their owner: valid while the owner lives.
    struct Table {
        fileprivate let bytes: UnsafePointer<UInt8>
        fileprivate let spans: UnsafePointer<(offset: Int32, count: Int32)>

        #if !CODABLEBRIDGE_PORTABLE
        /// The UTF-8 name of `key`'s case.
        @inline(__always)
        func utf8<Key: CodingKey>(of key: Key) -> UnsafeBufferPointer<UInt8> {
            let span = spans[TypeShape.caseIndex(of: key)]
            return UnsafeBufferPointer(start: bytes + Int(span.offset), count: Int(span.count))
        }
        #endif
    }

    let table: Table

    /// The names of `Key`'s cases; `nil` when `Key` is not a payload-free enum whose layout reads
    /// as expected (and always in portable builds).
    init?<Key: CodingKey>(_ type: Key.Type) {
        #if CODABLEBRIDGE_PORTABLE
        return nil
        #else
        guard let cases = TypeShape.caseKeys(of: Key.self) else { return nil }
        let names = cases.map(\.stringValue)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(names.reduce(0) { $0 + $1.utf8.count }, 1))
        let spans = UnsafeMutablePointer<(offset: Int32, count: Int32)>.allocate(capacity: max(names.count, 1))
        var offset = 0
        for (index, name) in names.enumerated() {
            let count = name.utf8.count
            _ = UnsafeMutableBufferPointer(start: bytes + offset, count: count).initialize(from: name.utf8)
            (spans + index).initialize(to: (Int32(offset), Int32(count)))
            offset += count
        }
        table = Table(bytes: bytes, spans: spans)
        #endif
    }

    deinit {
        UnsafeMutablePointer(mutating: table.bytes).deallocate()
        UnsafeMutablePointer(mutating: table.spans).deallocate()
    }
}
