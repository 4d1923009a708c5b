extension DecoderImpl {
    /// The synthesised form of a tagged enum's object (see Mapping/EnumTagging.swift): the object
    /// the enum's own `init(from:)` then decodes. A value that is not an object is a mismatch
    /// like any model's; a missing or non-string tag is a value not converted (lenient policies:
    /// the nearest optional property becomes `nil`, the nearest container element is dropped, both
    /// reported) or an error at the enum's path (`.strict`).
    func synthesisedEnumForm(of value: JSONValue, meta: ModelMeta, node: Int, key: PathComponent?) throws -> JSONValue {
        do {
            return try meta.enumTagging.synthesisedForm(of: value)
        } catch .notAnObject {
            throw mismatch([String: Any].self, node: node, key: key, reason: DecodingMessages.objectExpected)
        } catch {
            let reason = DecodingMessages.badTaggedEnum(error, type: meta.typeName, tagging: meta.enumTagging)
            if lenient { throw NotConverted(expected: meta.type, found: found(node), reason: reason) }
            throw DecodingMessages.dataCorrupted(path: codingPath(adding: key), reason)
        }
    }

    /// An enum's tag that names no case: not converted under the lenient policies, else an error
    /// at the enum's path. Either names the tag and lists the known ones.
    func unknownTag(_ tag: String, meta: ModelMeta, known: [String]?) -> any Error {
        let reason = DecodingMessages.unknownTag(tag, type: meta.typeName, known: known, tagKey: meta.enumTagging.tagKey)
        let found = meta.enumTagging.tagKey == nil ? DecodingMessages.found(.object, text: "") : DecodingMessages.found(.string, text: tag)
        if lenient { return NotConverted(expected: meta.type, found: found, reason: reason) }
        return DecodingMessages.dataCorrupted(path: codingPath, reason)
    }
}
