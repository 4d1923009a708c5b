/// The rarely needed parts of a keyed container, kept out of line so the common container stays
/// small and cheap to copy (`nil` in the common case): nested-container path components, keys
/// converted by a `keyDecodingStrategy`, and the object's counterpart in `update(_:from:)`'s
/// fallback tree.
final class ContainerContext {
    let extra: [PathComponent]
    let convertedKeys: [String]?
    /// `update(_:from:)`: this object's counterpart in the fallback tree, or
    /// `DecoderImpl.missingNode`.
    let fallbackObject: Int

    init(extra: [PathComponent], convertedKeys: [String]?, fallbackObject: Int) {
        self.extra = extra
        self.convertedKeys = convertedKeys
        self.fallbackObject = fallbackObject
    }
}
