// EnumTagging — the JSON spelling of an enum with associated values, built on Swift's synthesised
// `Codable` conformance, which stays the single source of truth (no hand-written `init(from:)`).
//
// Swift synthesises the *external* form: one member named after the case, holding an object of
// the associated values (labels as keys; unlabeled values as `_0`, `_1`, …; `{}` for a case
// without values). The coders rewrite the tree to and from that form:
//
//   enum Shape { case circle(radius: Double), square(Double), none }
//
//   synthesised (.external)      .internal(tagKey: "type")       .adjacent(tagKey: "type", contentKey: "value")
//   {"circle":{"radius":2}}      {"type":"circle","radius":2}    {"type":"circle","value":{"radius":2}}
//   {"square":{"_0":3}}          {"type":"square","_0":3}        {"type":"square","value":{"_0":3}}
//   {"none":{}}                  {"type":"none"}                 {"type":"none"}
//
// Decoding: the incoming object is rewritten to the synthesised form (`synthesisedForm`), then
// the enum's own `init(from:)` runs on it. Encoding: the enum's `encode(to:)` writes the
// synthesised form, which is rewritten back (`taggedForm`). Case renames in `keyMapping` apply to
// the synthesised form's single key, so they rename the tag in every style.

/// How an enum with associated values is spelt in JSON. Set it through
/// ``MappableCodable/enumTagging``.
///
/// ```swift
/// enum Event: MappableCodable {
///     case login(user: String)
///     case logout
///     static var enumTagging: EnumTagging { .adjacent(tagKey: "kind", contentKey: "data") }
/// }
/// // {"kind":"login","data":{"user":"ada"}}  ⇄  .login(user: "ada");  {"kind":"logout"}  ⇄  .logout
/// ```
///
/// A struct with static members rather than an enum, so new styles can be added without breaking
/// a `switch` in your code.
public struct EnumTagging: Sendable, Hashable, CustomStringConvertible {
    enum Base: Sendable, Hashable {
        case external
        case `internal`(tagKey: String)
        case adjacent(tagKey: String, contentKey: String)
    }

    let base: Base

    /// Swift's synthesised form: `{"circle":{"radius":2}}` (`{"none":{}}` for a case without
    /// associated values). The default.
    public static let external = EnumTagging(base: .external)

    /// The tag sits among the associated values: `{"type":"circle","radius":2}`;
    /// `{"type":"none"}` for a case without associated values. Unlabeled values are `_0`, `_1`, ….
    public static func `internal`(tagKey: String) -> EnumTagging {
        EnumTagging(base: .internal(tagKey: tagKey))
    }

    /// The tag and the associated values side by side: `{"type":"circle","value":{"radius":2}}`;
    /// `{"type":"none"}` for a case without associated values (the content member is omitted when
    /// encoding and may be absent when decoding).
    public static func adjacent(tagKey: String, contentKey: String) -> EnumTagging {
        EnumTagging(base: .adjacent(tagKey: tagKey, contentKey: contentKey))
    }

    /// Whether the coders rewrite the tree (every style but `.external`).
    package var rewrites: Bool {
        if case .external = base { return false }
        return true
    }

    /// The member holding the tag (`nil` for `.external`).
    package var tagKey: String? {
        switch base {
        case .external: nil
        case .internal(let tagKey), .adjacent(let tagKey, _): tagKey
        }
    }

    /// The style as written in Swift: `.internal(tagKey: "type")`, …
    public var description: String {
        switch base {
        case .external: ".external"
        case .internal(let tagKey): ".internal(tagKey: \"\(tagKey)\")"
        case .adjacent(let tagKey, let contentKey): ".adjacent(tagKey: \"\(tagKey)\", contentKey: \"\(contentKey)\")"
        }
    }

    // MARK: Rewriting

    /// Why a tree cannot be rewritten; the coders word it.
    package enum Problem: Error, Equatable {
        /// The value is not an object.
        case notAnObject
        /// The tag member is missing.
        case missingTag(tagKey: String)
        /// The tag member is not a string.
        case tagNotAString(tagKey: String, found: JSONValue)
        /// `.internal`: the case's associated values are not an object (encoding).
        case contentNotAnObject(tag: String)
        /// `.internal`: an associated value has the tag key's name (encoding).
        case contentHasTagKey(tag: String, tagKey: String)
        /// The synthesised form does not hold exactly one member (encoding).
        case notOneCase
    }

    /// The synthesised (external) form of a tagged `value`: `{tag: content}`.
    package func synthesisedForm(of value: JSONValue) throws(Problem) -> JSONValue {
        guard case .object(let object) = value else { throw .notAnObject }
        switch base {
        case .external:
            return value
        case .internal(let tagKey):
            let tag = try Self.tag(in: object, tagKey: tagKey)
            var content = JSONObject()
            for (key, member) in object where key != tagKey { content[key] = member }
            return .object([tag: .object(content)])
        case .adjacent(let tagKey, let contentKey):
            let tag = try Self.tag(in: object, tagKey: tagKey)
            return .object([tag: object[contentKey] ?? .object([:])])
        }
    }

    /// The tagged form of the synthesised `object` (`{tag: content}`).
    package func taggedForm(of object: JSONObject) throws(Problem) -> JSONObject {
        guard object.count == 1 else { throw .notOneCase }
        let tag = object.key(at: 0)
        let content = object.value(at: 0)
        switch base {
        case .external:
            return object
        case .internal(let tagKey):
            guard case .object(let values) = content else { throw .contentNotAnObject(tag: tag) }
            if values[tagKey] != nil { throw .contentHasTagKey(tag: tag, tagKey: tagKey) }
            var result = JSONObject()
            result[tagKey] = .string(tag)
            for (key, member) in values { result[key] = member }
            return result
        case .adjacent(let tagKey, let contentKey):
            var result = JSONObject()
            result[tagKey] = .string(tag)
            if content != .object([:]) { result[contentKey] = content }
            return result
        }
    }

    private static func tag(in object: JSONObject, tagKey: String) throws(Problem) -> String {
        guard let tag = object[tagKey] else { throw .missingTag(tagKey: tagKey) }
        guard case .string(let name) = tag else { throw .tagNotAString(tagKey: tagKey, found: tag) }
        return name
    }
}
