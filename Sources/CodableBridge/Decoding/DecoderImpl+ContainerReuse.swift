// MARK: - Design
//
// The standard library wraps every keyed container in a box (`KeyedDecodingContainer<Key>` holds
// one reference to a `_KeyedDecodingContainerBox<KeyedContainer<Key>>`). Making one costs two
// generic-metadata lookups and a witness-table lookup (a model's largest fixed cost), and two
// allocations. A twitter.json decode makes 1 264 of them for about ten model types.
//
// So a decode keeps the containers it made below the root (`reusableContainers`, at most
// `reusableContainerLimit`) and hands one out again once nobody holds it: the impl's entry is
// then the box's only reference (`isKnownUniquelyReferenced`), and re-pointing its container
// (`KeyedContainerFields.open`) is all a new container needs. A container still in use — an
// enclosing model of the same type, or one a type kept past its `init(from:)` — is never
// reused, so reuse is invisible to the caller.
//
// The box is reached through `KeyedDecodingContainer`'s layout: one class reference. That is
// checked (Runtime/KeyedContainerBox.swift); where it does not hold, and in portable mode,
// containers are simply not reused. The
// entry point clears the list when the decode ends (`endReuse()`), which breaks the cycle
// impl → box → container → impl.

/// A keyed container's fields, in a non-generic class so that the decoder can re-point a
/// container it reuses without knowing its key type.
///
/// The standard library's box copies the container for every property it decodes; as a class,
/// the copy is one retain. `extras` is trivial to copy: a context is kept alive by
/// `contextOwner`.
class KeyedContainerFields {
    /// The decoder; a reused container is only reused by the decoder that made it.
    let impl: DecoderImpl
    /// The object's node, or `DecoderImpl.missingNode` for the virtual empty object.
    @exclusivity(unchecked) private(set) final var object = DecoderImpl.missingNode
    /// The container's coding path: its node in `impl.pathNodes` (see `PathNode`).
    @exclusivity(unchecked) private(set) final var pathNode = PathNode.root
    /// The node's depth, stored: the lookups and the scope check ask it for every property.
    @exclusivity(unchecked) private(set) final var depth = 0
    /// Whether the container was nested in another one (`nestedContainer`), below its level.
    @exclusivity(unchecked) private(set) final var isNested = false
    /// The model's mapping and the rare context, in one word (see ``ContainerExtras``).
    @exclusivity(unchecked) private(set) final var extras = ContainerExtras.none
    /// `meta?.hasTransforms` and `meta?.hasCompositeRules`, stored: the hot paths ask them for
    /// every property, and reading them here takes no reference to the meta.
    @exclusivity(unchecked) private(set) final var hasTransforms = false
    @exclusivity(unchecked) private(set) final var hasCompositeRules = false
    /// Keeps the context `extras` points to.
    @exclusivity(unchecked) private final var contextOwner: ContainerContext?

    init(impl: DecoderImpl) {
        self.impl = impl
    }

    /// Points the container at `object`, read through `meta`, at the current path, or at
    /// `nestedNode` for a container nested in another one.
    @inline(__always)
    final func open(_ object: Int, meta: ModelMeta?, nestedNode: Int? = nil, snapshot: ValueSnapshot? = nil) {
        self.object = object
        pathNode = nestedNode ?? impl.currentPathNode()
        depth = impl.pathDepth(of: pathNode)
        isNested = nestedNode != nil
        hasTransforms = meta?.hasTransforms ?? false
        hasCompositeRules = meta?.hasCompositeRules ?? false
        if nestedNode == nil, impl.update == nil, case .useDefaultKeys = impl.options.keyDecodingStrategy.base {
            // The common container: no nested path, no converted keys, no snapshot.
            if contextOwner != nil { contextOwner = nil }
            extras = meta.map { .meta(Unmanaged.passUnretained($0)) } ?? .none
        } else {
            _slowPathOpenContext(meta: meta, snapshot: snapshot)
        }
        if impl.unknownKeys != nil { impl.registerForUnknownKeys(object, node: pathNode, meta: isNested ? nil : meta) }
    }

    /// The rest of `open`: a nested container, a key strategy or `update(_:from:)` may need a
    /// context.
    @inline(never)
    private final func _slowPathOpenContext(meta: ModelMeta?, snapshot: ValueSnapshot?) {
        var converted: [String]?
        if object != DecoderImpl.missingNode, case .useDefaultKeys = impl.options.keyDecodingStrategy.base {
            converted = nil
        } else if meta?.keyStyle != nil {
            converted = nil  // the type's key style replaces the decoder's key strategy
        } else if object != DecoderImpl.missingNode {
            converted = impl.convertedKeys(of: object, at: pathNode)
        }
        let snapshot = impl.containerSnapshot(nested: isNested, given: snapshot)
        if converted != nil || snapshot != nil {
            let context = ContainerContext(meta: meta, convertedKeys: converted, snapshot: snapshot)
            contextOwner = context
            extras = .context(Unmanaged.passUnretained(context))
        } else {
            contextOwner = nil
            extras = meta.map { .meta(Unmanaged.passUnretained($0)) } ?? .none
        }
    }
}

/// A keyed container a decode made and may hand out again (see the design note above).
struct ReusableContainer {
    let keyType: ObjectIdentifier
    /// The standard library's box, as `KeyedContainerBox.box(of:)` gives it.
    var box: AnyObject
    let fields: KeyedContainerFields
}

extension DecoderImpl {
    /// How many containers a decode keeps: enough for every model type of a large document at a
    /// few levels of nesting.
    static let reusableContainerLimit = 32

    /// A keyed container for `object`: one this decode made for `Key` and nobody holds any more,
    /// re-pointed, or a new one.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, object: Int, meta: ModelMeta?) -> KeyedDecodingContainer<Key> {
        let keyType = ObjectIdentifier(Key.self)
        var index = 0
        while index < reusableContainers.count {
            if reusableContainers[index].keyType == keyType, isKnownUniquelyReferenced(&reusableContainers[index].box) {
                reusableContainers[index].fields.open(object, meta: meta)
                return KeyedContainerBox.container(ofBox: reusableContainers[index].box, as: Key.self)
            }
            index += 1
        }
        let container = KeyedContainer<Key>(impl: self, object: object, meta: meta)
        let wrapped = KeyedDecodingContainer(container)
        // The root's container is made once per decode: keeping it would only cost the list.
        if reusesContainers, !path.isEmpty, reusableContainers.count < DecoderImpl.reusableContainerLimit,
           let box = KeyedContainerBox.box(of: wrapped)
        {
            reusableContainers.append(ReusableContainer(keyType: keyType, box: box, fields: container))
        }
        return wrapped
    }

    /// Drops the kept containers: the decode is over (they refer to the impl, which refers to
    /// them). A container a model kept may still decode after this; what it opens then is not
    /// kept.
    func endReuse() {
        reusesContainers = false
        reusableContainers.removeAll()
    }
}
