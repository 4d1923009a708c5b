// MARK: - Design
//
// `BridgeDecoder.update(_:from:)` decodes the document as usual, except that a property the
// document does not mention takes its current value. The current value is encoded once into a
// second tape (the fallback tree), and a second `DecoderImpl` walks it in step with the first:
//
//     document  {"name": "Ada"}                 fallback  {"name": "A", "age": 36, "home": {…}}
//     User.init(from:) → keyed container        UpdateFallback.level = 0 (the fallback root)
//       "name" found in the document          → decoded from the document
//       "age"  missing                        → decoded from the fallback's "age"
//       "home" found                          → next = the fallback's "home" object; `descend`
//                                               makes it the level of the nested model
//
// All of this state lives in one `UpdateFallback` object that a plain decode does not have
// (`DecoderImpl.update == nil`): the only cost a plain decode pays is that nil check in `descend`
// and the keyed container's `context == nil` check.

/// The state of an `update(_:from:)` decode: the fallback tree's decoder and where it stands.
final class UpdateFallback {
    /// A decoder over the current value's encoded tree.
    let decoder: DecoderImpl
    /// This level's object in the fallback tree, or `DecoderImpl.missingNode`.
    var level: Int = DecoderImpl.missingNode
    /// The fallback object for the next level down, consumed by `DecoderImpl.descend`.
    var next: Int

    init(decoder: DecoderImpl) {
        self.decoder = decoder
        next = decoder.nodes[0].kind == .object ? 0 : DecoderImpl.missingNode
    }

    /// Runs `body` one level down: the prepared `next` object becomes the level.
    @inline(__always)
    func descend<R>(_ body: () throws -> R) rethrows -> R {
        let saved = level
        level = next
        next = DecoderImpl.missingNode
        defer { level = saved }
        return try body()
    }

    /// Points the next level at `node` when it is an object of the fallback tree.
    func prepareNext(_ node: Int?) {
        if let node, decoder.nodes[node].kind == .object { next = node }
    }
}

extension DecoderImpl.KeyedContainer {
    /// The value node for `key` in the fallback tree, if any.
    func findFallback(_ key: Key, in fallbackObject: Int, update: UpdateFallback) -> Int? {
        let name = key.stringValue
        if let meta {
            switch meta.decodingRule(for: name) {
            case .excluded:
                // `ignoredOnDecode`: never read from the document, but kept from the current value.
                guard meta.ignoredOnDecode.contains(name) else { return nil }
                if let lookups = meta.lookups[name] { return update.decoder.findMapped(lookups, in: fallbackObject) }
                return update.decoder.findMember(meta.styledKey(for: name) ?? name, in: fallbackObject)
            case .mapped(let lookups): return update.decoder.findMapped(lookups, in: fallbackObject)
            case .flatten: return fallbackObject
            case .own: if let styled = meta.styledKey(for: name) { return update.decoder.findMember(styled, in: fallbackObject) }
            }
        }
        return update.decoder.findMember(name, in: fallbackObject)
    }

    /// The current value of an absent property, decoded from the fallback tree.
    func fallbackValue<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let fallbackObject = context?.fallbackObject, fallbackObject != DecoderImpl.missingNode, let update = impl.update,
              let node = findFallback(key, in: fallbackObject, update: update) else { return nil }
        update.decoder.path = impl.path
        if let transform = try transform(for: key, T.self) {
            return try update.decoder.decodeTransformed(transform, T.self, node: node, key: .key(key))
        }
        return try update.decoder.unwrap(T.self, node: node, key: .key(key))
    }

    /// Points the next level's fallback at this property's object in the fallback tree.
    func prepareFallback(_ key: Key) {
        guard let fallbackObject = context?.fallbackObject, fallbackObject != DecoderImpl.missingNode, let update = impl.update else { return }
        update.prepareNext(findFallback(key, in: fallbackObject, update: update))
    }
}

extension DecoderImpl {
    /// The fallback object of a keyed container made now (none for nested containers).
    func fallbackObject(nested: Bool) -> Int {
        guard !nested, let update else { return DecoderImpl.missingNode }
        return update.level
    }

    /// Points the next level at the dictionary member `name`'s object in the fallback tree.
    func prepareMemberFallback(_ name: String, update: UpdateFallback) {
        guard update.level != DecoderImpl.missingNode else { return }
        update.prepareNext(update.decoder.findMember(name, in: update.level))
    }

    /// Members of the current dictionary that the document does not mention, from the fallback.
    func mergeFallbackMembers<K: Hashable, V: Decodable>(into result: inout [K: V], update: UpdateFallback,
                                                         elementType: (any Codable.Type)?,
                                                         makeKey: (String, Int) throws -> K) throws
    {
        guard update.level != DecoderImpl.missingNode else { return }
        let fallback = update.decoder
        var member = update.level + 1
        let end = fallback.nodes[update.level].payload
        while member < end {
            let keyNode = member
            member = fallback.next(member + 1)
            let name = fallback.text(keyNode)
            let key = try makeKey(name, keyNode)
            guard result[key] == nil else { continue }
            fallback.path = path
            let component: PathComponent = K.self == Int.self ? .intKey(unsafeBitCast(key, to: Int.self)) : .name(name)
            result[key] = try fallback.unwrap(V.self, node: keyNode + 1, key: component, elementType: elementType)
        }
    }
}
