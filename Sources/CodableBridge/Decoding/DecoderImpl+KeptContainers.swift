// MARK: - Design
//
// A keyed container does not store its coding path: it stores its depth, and its path is the
// impl's path up to that depth (plus its nested components, `extra`). That is free while the
// container's level is being decoded, which is when nearly every container is used. A type may
// keep a container past its `init(from:)`, though (a model that decodes some properties lazily, a
// parent reading a child's kept container): by then the impl's path below that depth belongs to
// other values, or is gone, and the container would report, and throw errors with, a wrong path.
//
// So the decoder notes the keyed containers opened above its root level (`openedContainers`, a
// stack: levels end in the reverse order they begin) and, when a level ends (`descend` pops its
// path component), looks at the ones opened at that level. A container somebody still holds
// — its box is referenced from outside the decoder — is *detached*: it gets a context carrying
// the path prefix it was opened under (`ContainerContext.detachedPrefix`). A detached container
// answers `codingPath` from that prefix, and runs each of its calls with the impl's path set to
// it (`withExtraPath`), so the values it decodes, their errors and report events carry the right
// path; the containers nested in it are detached under the same prefix. A container nobody holds
// is left alone (and may be reused, which opens it afresh).
//
// Containers opened at the impl's root level are not noted: the root's path is never popped
// (it is `[]`, the `keyPath`'s segments, or a child decoder's starting path). Noting a container
// costs a push (and a retain, for one the reuse list does not keep), a level's end one comparison
// and, where a container was opened, one uniqueness check: +1.1% instructions for a strict
// twitter.json decode, +0.6% for a small object (Docs/Performance.md, "Kept containers").
// Unkeyed and single-value containers still read the impl's live path, except an unkeyed one
// nested in a detached keyed container, which gets the whole path (Docs/Design.md, "Known
// limits").

extension DecoderImpl {
    /// A keyed container opened above the root level, to be looked at when its level ends.
    /// Plain data, so that reading an entry counts no reference: a container the reuse list
    /// keeps is kept alive by the list, any other one by a reference the entry owns (taken in
    /// `noteOpened`, given back when the entry is dropped).
    struct OpenedContainer {
        /// `impl.path.count` when it was opened.
        let depth: Int
        /// Its index in `reusableContainers`, or -1 if it is not kept there (the entry then owns
        /// a reference to it).
        let reusableIndex: Int
        let fields: Unmanaged<KeyedContainerFields>
    }

    /// Notes `fields`, just opened, if it is above the root level.
    @inline(__always)
    func noteOpened(_ fields: KeyedContainerFields, reusableIndex: Int) {
        if fields.depth > rootDepth {
            let reference = reusableIndex >= 0 ? Unmanaged.passUnretained(fields) : Unmanaged.passRetained(fields)
            openedContainers.append(OpenedContainer(depth: fields.depth, reusableIndex: reusableIndex, fields: reference))
        }
    }

    /// Takes in a keyed container nested in another one (`nestedContainer`): detached under
    /// `detachedPrefix` when the enclosing container is detached, else noted at this level.
    func adoptNested(_ fields: KeyedContainerFields, detachedPrefix: [PathComponent]?) {
        if let detachedPrefix {
            fields.detach(prefix: detachedPrefix)
        } else {
            noteOpened(fields, reusableIndex: -1)
        }
    }

    /// Called before the path is shortened to below `path.count` (`descend` popping a
    /// component, a container removing its nested components): whether a container was opened
    /// at the level that ends.
    @inline(__always)
    var levelHasOpenedContainers: Bool {
        openedContainers.count > 0 && openedContainers[openedContainers.count - 1].depth >= path.count
    }

    /// The level `path.count` ends (or, with a `mark`, the path set by `replacePath(with:)` is
    /// given back: every container noted after the mark). Detaches those containers that
    /// somebody still holds, and forgets all of them.
    @inline(never)
    func endLevel(mark: Int? = nil) {
        let depth = mark == nil ? path.count : 0
        while openedContainers.count > (mark ?? 0), openedContainers[openedContainers.count - 1].depth >= depth {
            let opened = openedContainers.removeLast()
            if opened.reusableIndex >= 0 {
                // The reuse list holds its box; whoever else holds the container holds the box.
                if !isUniquelyReferencedBox(at: opened.reusableIndex) { detachIfStillThere(opened, opened.fields.takeUnretainedValue()) }
            } else {
                // `fields` takes over the entry's reference; the box holds another one while
                // somebody holds the box.
                var fields = opened.fields.takeRetainedValue()
                if !isKnownUniquelyReferenced(&fields) { detachIfStillThere(opened, fields) }
            }
        }
    }

    /// Detaches a container somebody holds after its level ended, unless it was reused since it
    /// was noted (it is then noted again at its new level; one reused at the same level has the
    /// same prefix).
    private func detachIfStillThere(_ opened: OpenedContainer, _ fields: KeyedContainerFields) {
        if fields.depth == opened.depth { fields.detach(prefix: Array(path.prefix(opened.depth))) }
    }

    /// Whether the reuse list's entry `index` holds the only reference to its box. Checked
    /// through the list's buffer: `isKnownUniquelyReferenced(&reusableContainers[index].box)`
    /// here read `false` for a box nobody else held (measured in a release build: the access
    /// was not made in place).
    private func isUniquelyReferencedBox(at index: Int) -> Bool {
        guard index < reusableContainers.count else { return true }
        return reusableContainers.withUnsafeMutableBufferPointer { isKnownUniquelyReferenced(&$0[index].box) }
    }

    /// Forgets every noted container (the decode is over, or the decoder goes away), giving
    /// back the references entries own.
    func forgetOpenedContainers() {
        while openedContainers.count > 0 {
            let opened = openedContainers.removeLast()
            if opened.reusableIndex < 0 { opened.fields.release() }
        }
    }
}

extension KeyedContainerFields {
    /// Gives the container the path prefix it was opened under, for use after its level ended
    /// (see the design note in DecoderImpl+KeptContainers.swift). Its meta, nested components,
    /// converted keys and snapshot stay as they are.
    final func detach(prefix: [PathComponent]) {
        var existing: ContainerContext?
        var meta: ModelMeta?
        switch extras {
        case .none: break
        case .meta(let unretained): meta = unretained.takeUnretainedValue()
        case .context(let unretained):
            existing = unretained.takeUnretainedValue()
            meta = existing?.meta
        }
        guard existing?.detachedPrefix == nil else { return }
        let context = ContainerContext(meta: meta, extra: existing?.extra ?? [], convertedKeys: existing?.convertedKeys,
                                       snapshot: existing?.snapshot, detachedPrefix: prefix)
        replaceContext(with: context)
    }

    /// The path prefix of a detached container (`nil` while its level is being decoded).
    final var detachedPrefix: [PathComponent]? {
        if case .context(let context) = extras { return context.takeUnretainedValue().detachedPrefix }
        return nil
    }
}
