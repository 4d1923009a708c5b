/// The rarely needed parts of a keyed container, kept out of line so the common container stays
/// small and cheap to copy (`nil` in the common case): nested-container path components, keys
/// converted by a `keyDecodingStrategy`, and the current value's snapshot in `update(_:from:)`.
final class ContainerContext {
    let extra: [PathComponent]
    let convertedKeys: [String]?
    /// `update(_:from:)`: the snapshot of the value this container reads, if it has one.
    let snapshot: ValueSnapshot?

    init(extra: [PathComponent], convertedKeys: [String]?, snapshot: ValueSnapshot?) {
        self.extra = extra
        self.convertedKeys = convertedKeys
        self.snapshot = snapshot
    }
}
