extension DecoderImpl {
    /// The synthesised form of a tagged enum's object (see Mapping/EnumTagging.swift): the object
    /// the enum's own `init(from:)` then decodes. A value that is not an object is a mismatch
    /// like any model's; a missing or non-string tag is an error at the enum's path.
    func synthesisedEnumForm(of value: JSONValue, meta: ModelMeta, node: Int, key: PathComponent?) throws -> JSONValue {
        do {
            return try meta.enumTagging.synthesisedForm(of: value)
        } catch .notAnObject {
            throw mismatch([String: Any].self, node: node, key: key, reason: DecodingMessages.objectExpected)
        } catch {
            throw DecodingMessages.badTaggedEnum(error, type: meta.typeName, tagging: meta.enumTagging, path: codingPath(adding: key))
        }
    }
}
