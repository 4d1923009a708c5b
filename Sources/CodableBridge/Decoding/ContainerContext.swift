/// What a keyed container holds besides the impl, its object and its depth, in one word that
/// takes no reference count to copy: the model's mapping and the rare context are both held
/// unretained (the mapping by the impl, the context by the container).
enum ContainerExtras {
    case none
    /// The model's mapping (`MappableCodable`), with no context. Unretained: the impl, which
    /// every container retains, keeps each meta it uses for its whole life
    /// (`DecoderImpl.modelState(for:)` never lets one go), so the meta outlives the container.
    case meta(Unmanaged<ModelMeta>)
    /// A context, which also holds the model's mapping if there is one. Unretained: the
    /// container keeps it (``KeyedContainerFields``).
    case context(Unmanaged<ContainerContext>)

    /// The table's rule for the coding key with UTF-8 bytes `key` in a container with a context
    /// (rare): out of line, so that the keyed container's inlined lookup stays small.
    @inline(never)
    func contextRule(forUTF8 key: UnsafeBufferPointer<UInt8>) -> ModelMeta.DecodingRule? {
        guard case .context(let context) = self else { return nil }
        return context.takeUnretainedValue().meta?.decodingRule(forUTF8: key)
    }
}

/// The rarely needed parts of a keyed container, kept out of line so the common container stays
/// small and cheap to copy: keys converted by a `keyDecodingStrategy` and the current value's
/// snapshot in `update(_:from:)`.
final class ContainerContext {
    /// The mapping of the model the container reads, if any.
    let meta: ModelMeta?
    let convertedKeys: [String]?
    /// `update(_:from:)`: the snapshot of the value this container reads, if it has one.
    let snapshot: ValueSnapshot?

    init(meta: ModelMeta?, convertedKeys: [String]?, snapshot: ValueSnapshot?) {
        self.meta = meta
        self.convertedKeys = convertedKeys
        self.snapshot = snapshot
    }
}
