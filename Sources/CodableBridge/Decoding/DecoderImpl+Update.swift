// MARK: - Design
//
// `BridgeDecoder.update(_:from:)` decodes the patch as usual, except that a property the patch does
// not set usably takes its current value. The current value is captured once as a `ValueSnapshot`
// (ValueSnapshot.swift): each property's original Swift value by coding key, so the value put back
// is the value that was there, bit for bit, whatever the decoder's strategies and mapping.
//
//     patch {"name": "Ada", "home": {"city": "Paris"}}      current User(name: "A", age: 36, home: …)
//     User.init(from:) → keyed container                   UpdateFallback.level = snapshot of User
//       "name" found in the patch                        → decoded from the patch
//       "age"  missing                                   → snapshot value 36 (`as? Int`), unreported
//       "home" found                                     → next = snapshot.child("home"); `descend`
//                                                          makes it the level of the nested model
//       "nick" present but not converted                 → snapshot value, reported (.defaulted)
//
// Arrays in the patch replace (an unkeyed container has no snapshot); dictionaries merge member by
// member. All of this state lives in one `UpdateFallback` object that a plain decode does not have
// (`DecoderImpl.update == nil`): a plain decode pays that nil check in `descend`, and the keyed
// container's `context == nil` check on the paths that substitute a value.

/// The state of an `update(_:from:)` decode: the snapshot of the current level and of the next.
final class UpdateFallback {
    /// The snapshot of the value being decoded at this level, if it has one.
    var level: ValueSnapshot?
    /// The snapshot for the next level down, consumed by `DecoderImpl.descend`.
    var next: ValueSnapshot?

    /// The state for decoding a value whose snapshot is `root`.
    init(root: ValueSnapshot?) {
        next = root
    }

    /// The state for a decoder that starts inside a value (`superDecoder()`): `level` is its snapshot.
    init(level: ValueSnapshot) {
        self.level = level
    }

    /// Runs `body` one level down: the prepared `next` snapshot becomes the level.
    @inline(__always)
    func descend<R>(_ body: () throws -> R) rethrows -> R {
        let saved = level
        level = next
        next = nil
        defer {
            level = saved
            next = nil  // nothing prepared inside `body` outlives it
        }
        return try body()
    }
}

extension DecoderImpl.KeyedContainer {
    /// The current value of the property `key`, when updating and the current value has one.
    func currentValue<T>(_ type: T.Type, _ key: Key) -> T? {
        context?.snapshot?.value(key.stringValue, as: T.self)
    }

    /// Points the next level at this property's snapshot (the patch has a value to merge into).
    func prepareFallback(_ key: Key) throws {
        guard let update = impl.update else { return }
        update.next = try context?.snapshot?.child(key.stringValue)
    }

    /// The value of a property the patch does not set usably: its current value when updating
    /// (reported unless it was simply missing), else the decoder's substitute.
    func substituteProperty<T: Decodable>(_ type: T.Type, _ key: Key, reason: DecoderImpl.SubstitutionReason) throws -> T {
        let component = PathComponent.key(key)
        if context != nil, let current = currentValue(T.self, key) {
            impl.recordKept(reason, key: component)
            return current
        }
        return try impl.substitute(T.self, key: component, reason: reason, owner: meta)
    }

    /// The value of an optional property whose present value was not converted or was rejected:
    /// its current value when updating (reported), else `nil` (reported). A null word sets nil.
    func absorbProperty<T>(_ error: any Error, _ type: T.Type, node: Int, key: Key) throws -> T? {
        let component = PathComponent.key(key)
        if context != nil, !impl.isNullWord(node), let current = currentValue(T.self, key) {
            switch error {
            case let error as NotConverted: impl.recordKept(.notConverted(error), key: component)
            case let error as ModelRejected: impl.recordKept(.rejected(error), key: component)
            default: throw error
            }
            return current
        }
        return try impl.absorbIntoNil(error, T.self, node: node, key: component)
    }
}

extension DecoderImpl {
    /// The snapshot of a keyed container made now: the level's for a model's own container, the
    /// given one for a nested container.
    func containerSnapshot(nested: Bool, given: ValueSnapshot?) -> ValueSnapshot? {
        guard let update else { return nil }
        return nested ? given : update.level
    }

    /// `update(_:from:)`: the current value's model type when it is a subclass of `declared` that
    /// fits `T` and the patch chooses no type (`decodingType(for:)` answers nil), so the updated
    /// value keeps its class.
    func currentModelType<T>(_ type: T.Type, declared: any MappableCodable.Type, meta: ModelMeta, node: Int) -> (any MappableCodable.Type)? {
        guard let current = update?.next?.modelType, ObjectIdentifier(current) != ObjectIdentifier(declared), current is T.Type else { return nil }
        if node != DecoderImpl.missingNode, meta.hasDecodingType, nodes[node].kind == .object,
           declared.decodingType(for: tape.value(at: node)) != nil
        {
            return nil
        }
        return current
    }

    /// Reports that a property kept its current value (a missing one silently).
    func recordKept(_ reason: SubstitutionReason, key: PathComponent) {
        switch reason {
        case .missing: return
        case .rejected(let rejection): record(.rejected, key: key, DecodingMessages.hookThrew(rejection))
        case .null, .notConverted: break
        }
        record(.defaulted, key: key, DecodingMessages.keptCurrent(describe(reason)))
    }

    /// Points the next level at the dictionary member `name`'s snapshot.
    func prepareMemberFallback(_ name: String, update: UpdateFallback) throws {
        update.next = try update.level?.child(name)
    }

    /// Members of the current dictionary that the patch does not set (or that were dropped), with
    /// their current values.
    func mergeFallbackMembers<K: Hashable, V>(into result: inout [K: V], update: UpdateFallback,
                                              makeKey: (String, Int) throws -> K) throws
    {
        guard let level = update.level else { return }
        for (name, value) in level.values {
            guard let value = value as? V else { continue }
            let key = try makeKey(name, DecoderImpl.missingNode)
            if result[key] == nil { result[key] = value }
        }
    }
}
