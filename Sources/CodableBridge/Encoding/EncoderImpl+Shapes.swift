// The encoding half of flattened models and tagged enums (decoding: Decoding/DecoderImpl+Shapes.swift;
// the tree rewrites: Mapping/EnumTagging.swift).
//
// A flattened property's value is encoded on its own (into a node linked nowhere), with its own
// mapping and `didEncode`; its members are then appended to the parent object. A key the parent
// already holds is kept, as for every mapped key (the first writer wins).
//
// A tagged enum's `encode(to:)` writes Swift's synthesised form (`{"circle":{"radius":2}}`, case
// renames applied by the enum's key map); the finished object is rewritten into the tagged style
// before `didEncode` sees it.

extension EncoderImpl {
    /// Writes the members of `value` (a flattened property) into `object`.
    func encodeFlattened<T: Encodable>(_ value: T, into object: Int32, key: some CodingKey) throws {
        let scratch = detachedNode(parent: object)
        try encode(value, into: scratch)
        let encoded = tree.jsonValue(at: scratch)
        if encoded == .null { return }  // a nil optional: nothing to write
        guard case .object(let members) = encoded else {
            throw EncodingError.flattenedNotAnObject(value, codingPath: tree.codingPath(of: object) + [key])
        }
        for (key, member) in members {
            let hash = EncodedTree.hash(key)
            guard tree.member(of: object, key: key, hash: hash) == nil else { continue }
            try encodeJSONValue(member, into: tree.appendMember(to: object, key: key, hash: hash, parent: object))
        }
    }

    /// Rewrites the synthesised form just written at `node` into the enum's tagging style.
    func retagEnum(_ model: any MappableCodable, map: EncodingKeyMap, at node: Int32) throws {
        let tagging = map.meta.enumTagging
        guard case .object(let synthesised) = tree.jsonValue(at: node) else { return }
        do {
            try encodeJSONValue(.object(try tagging.taggedForm(of: synthesised)), into: node)
            tree.expandJSONObject(node)  // an object node again, for `didEncode`
        } catch let problem as EnumTagging.Problem {
            throw EncodingError.badTaggedEnum(model, type: type(of: model), tagging: tagging, problem: problem, codingPath: tree.codingPath(of: node))
        }
    }
}
