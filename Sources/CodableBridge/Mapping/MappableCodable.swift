/// A `Codable` model with a YYModel-style mapping table.
///
/// Every requirement has a default, so conforming is free; implement only what the payload needs.
///
/// ```swift
/// struct Book: MappableCodable {
///     var name: String
///     var desc: String?
///     var bookID: Int
///
///     static var keyMapping: KeyMapping {
///         ["name": "n", "desc": "ext.desc", "bookID": ["id", "ID", "book_id"]]
///     }
/// }
/// let book = try BridgeDecoder().decode(Book.self, from: data)
/// ```
///
/// The tables are read once per type (on each thread that uses it), validated and cached, so they
/// must not change at run time; an invalid table (an empty key, empty alternates, an unknown
/// property) is reported as an error naming the type and the entry the first time the type is
/// decoded or encoded.
///
/// For a class hierarchy, subclass ``BridgeObject``: its tables and hooks are `open class`
/// members, so a subclass overrides them (`override class var keyMapping`) instead of declaring a
/// `static var` that the coders would never read.
///
/// A conformance is never isolated to an actor (``MappableCodableMetatype``): a model declared in
/// a main-actor-by-default target decodes and encodes on any thread.
public protocol MappableCodable: Codable, MappableCodableMetatype {
    /// Property (coding key string) → JSON key, key path or alternates. Properties not listed use
    /// their own coding key (after the decoder's `keyDecodingStrategy`). Defaults to `[:]`.
    static var keyMapping: KeyMapping { get }

    /// Concrete types for properties whose declared type is a superclass: the property's value, or
    /// the elements of an array, set or dictionary property, decode as the named type.
    /// Defaults to `[:]`.
    static var elementTypes: [String: any Codable.Type] { get }

    /// Properties never decoded (treated as absent) nor encoded. Defaults to `[]`.
    static var ignoredProperties: Set<String> { get }

    /// When non-nil, only these properties are decoded and encoded. Defaults to `nil`.
    static var onlyProperties: Set<String>? { get }

    /// Whether a non-optional property whose type is a `CaseIterable` enum falls back to the
    /// enum's first case when its value is missing, null or not a case of the enum (`"blue"` for
    /// `enum Color: String { case red, green }`). Applies under `missingValueStrategy = .useDefault`
    /// after a declared default (``DefaultInitializable``); each use is reported as `.defaulted`.
    /// Under `.strict` coercion an unknown case stays an error, as in `JSONDecoder`.
    /// Defaults to `false`: an enum has no zero value, so the decode fails.
    ///
    /// ```swift
    /// struct Order: MappableCodable {
    ///     enum Status: String, Codable, CaseIterable { case unknown, placed, shipped }
    ///     var status: Status              // missing, null or "lost" → .unknown
    ///     static var enumsDefaultToFirstCase: Bool { true }
    /// }
    /// ```
    static var enumsDefaultToFirstCase: Bool { get }

    /// The name of a ``JSONObject`` property that receives every member of the incoming object the
    /// model does not read (a key neither its `init(from:)` asks for nor its mapping names), and
    /// whose members are written back into the object on encode — so decoding then encoding keeps
    /// fields the model does not declare. Captured members are not reported as unknown keys.
    /// Defaults to `nil` (unknown members are dropped).
    ///
    /// ```swift
    /// struct Profile: MappableCodable {
    ///     var name: String
    ///     var extras = JSONObject()
    ///     static var unknownKeysProperty: String? { "extras" }
    /// }
    /// // {"name": "Ada", "theme": "dark"} → extras == ["theme": "dark"] → encodes back the same
    /// ```
    static var unknownKeysProperty: String? { get }

    /// Per-property conversions applied in both directions instead of the usual decoding and
    /// encoding of the property: property name (its coding key string) → ``JSONTransform``. A
    /// transform that throws while decoding is a not-converted value (the coercion policy, the
    /// missing-value strategy and the report apply). Defaults to `[:]`.
    ///
    /// ```swift
    /// static var valueTransforms: [String: JSONTransform] {
    ///     ["birthday": .dateFormat("yyyy-MM-dd"), "updated": .millisecondsSince1970]
    /// }
    /// ```
    static var valueTransforms: [String: JSONTransform] { get }

    /// Properties written when encoding but never read when decoding (treated as absent, so they
    /// take their default; `update(_:from:)` keeps their current value). Defaults to `[]`.
    static var ignoredOnDecode: Set<String> { get }

    /// Properties read when decoding but never written when encoding (a server-computed field).
    /// Defaults to `[]`.
    static var ignoredOnEncode: Set<String> { get }
    /// How an enum with associated values is spelt in JSON: `.external` (Swift's synthesised
    /// form, `{"circle":{"radius":2}}`), `.internal(tagKey:)` (`{"type":"circle","radius":2}`) or
    /// `.adjacent(tagKey:contentKey:)` (`{"type":"circle","value":{"radius":2}}`), in both
    /// directions. The synthesised `Codable` conformance does the work: the coders rewrite the
    /// object to and from the synthesised form. `keyMapping` renames cases (`["circle": "CIRCLE"]`).
    /// Meaningful for enums only. Defaults to `.external`.
    ///
    /// ```swift
    /// enum Shape: MappableCodable {
    ///     case circle(radius: Double)
    ///     case none
    ///     static var enumTagging: EnumTagging { .internal(tagKey: "type") }
    /// }
    /// // {"type":"circle","radius":2}  ⇄  .circle(radius: 2);  {"type":"none"}  ⇄  .none
    /// ```
    static var enumTagging: EnumTagging { get }

    /// The spelling of the JSON keys of the properties `keyMapping` does not name, for this type
    /// only, in both directions: `.snakeCase`, `.kebabCase`, `.camelCase`, `.pascalCase`,
    /// `.screamingSnakeCase`. When set, it replaces the coder's `keyDecodingStrategy` /
    /// `keyEncodingStrategy` for this type's properties (models nested in it keep their own style
    /// or the coder's strategy). Defaults to `nil`: the coder's key strategy applies.
    ///
    /// ```swift
    /// struct Profile: MappableCodable {
    ///     var avatarURL: URL                          // "avatar_url"
    ///     static var keyStyle: KeyStyle? { .snakeCase }
    /// }
    /// ```
    static var keyStyle: KeyStyle? { get }

    /// Picks the type to decode for `json`, the object about to be decoded — a subclass, for
    /// example, chosen by a `"type"` member. Applies at top level, to properties and to container
    /// elements. Return `nil` to decode `Self`. Defaults to `nil`.
    static func decodingType(for json: JSONValue) -> (any MappableCodable.Type)?

    /// Rewrites the incoming object before decoding; throw to reject the model.
    /// Defaults to returning `json` unchanged.
    static func willDecode(_ json: JSONValue) throws -> JSONValue

    /// Adjusts or validates the decoded model, given the object it came from; throw to reject.
    /// Defaults to doing nothing.
    mutating func didDecode(from json: JSONValue) throws

    /// Edits the encoded object after all properties were written; throw to fail encoding.
    /// Defaults to doing nothing.
    func didEncode(into json: inout JSONObject) throws
}

extension MappableCodable {
    /// No custom keys: every property uses its coding key. Defaults to `[:]`.
    public static var keyMapping: KeyMapping { [:] }
    /// No element type overrides. Defaults to `[:]`.
    public static var elementTypes: [String: any Codable.Type] { [:] }
    /// Nothing ignored. Defaults to `[]`.
    public static var ignoredProperties: Set<String> { [] }
    /// Every property decoded and encoded. Defaults to `nil`.
    public static var onlyProperties: Set<String>? { nil }
    /// Enums default like other values, not to their first case. Defaults to `false`.
    public static var enumsDefaultToFirstCase: Bool { false }
    /// No capture: unknown members are dropped. Defaults to `nil`.
    public static var unknownKeysProperty: String? { nil }
    /// No transforms: every property decodes and encodes as usual. Defaults to `[:]`.
    public static var valueTransforms: [String: JSONTransform] { [:] }
    /// Every property is read. Defaults to `[]`.
    public static var ignoredOnDecode: Set<String> { [] }
    /// Every property is written. Defaults to `[]`.
    public static var ignoredOnEncode: Set<String> { [] }
    /// Swift's synthesised form, `{"circle":{"radius":2}}`. Defaults to `.external`.
    public static var enumTagging: EnumTagging { .external }
    /// No style of its own: the coder's key strategy applies. Defaults to `nil`.
    public static var keyStyle: KeyStyle? { nil }
    // The defaults mark themselves with the type they run for, so the coders can skip building
    // trees for hooks a type does not implement (see `HookProbe`).
    /// Always the declared type (`nil`).
    public static func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        HookProbe.markDefault(Self.self)
        return nil
    }

    /// Returns the object unchanged.
    public static func willDecode(_ json: JSONValue) throws -> JSONValue {
        HookProbe.markDefault(Self.self)
        return json
    }

    /// Does nothing.
    public mutating func didDecode(from json: JSONValue) throws {
        HookProbe.markDefault(Self.self)
    }

    /// Does nothing.
    public func didEncode(into json: inout JSONObject) throws {
        HookProbe.markDefault(Self.self)
    }
}

/// A model whose `init()` gives every property its declared default.
///
/// With `missingValueStrategy = .useDefault`, a missing, null or unconvertible value (including a
/// raw value that is no case of an enum, under the lenient policies) or a rejected model takes the
/// value the property has in `init()` (`var pages = 20` → 20) instead of the type's zero value.
/// The `init()` instance is made and encoded once per type (on each thread that needs it).
/// Optional properties still become `nil`.
///
/// ```swift
/// struct Settings: MappableCodable, DefaultInitializable {
///     var pageSize = 20
///     var theme = "light"
/// }
/// ```
public protocol DefaultInitializable {
    /// Creates the instance whose property values are the declared defaults.
    init()
}

#if compiler(>=6.2)
/// What ``MappableCodable`` requires of a model's metatype: `SendableMetatype`, so that a model's
/// conformance is never isolated to an actor.
///
/// In a target whose declarations are main-actor isolated by default
/// (`.defaultIsolation(MainActor.self)`, Xcode 26's app template), Swift would otherwise infer a
/// main-actor-isolated `Codable` conformance for each model, which cannot be used off the main
/// actor (`Task.detached`, a server's request handlers). With it, structs and enums conforming to
/// `MappableCodable` need no annotation:
///
/// ```swift
/// struct Book: MappableCodable { var title: String }   // in a main-actor-by-default target
/// let book = try await Task.detached { try BridgeDecoder().decode(Book.self, from: json) }.value
/// ```
///
/// A ``BridgeObject`` subclass there is declared `nonisolated class` (its hand-written overrides
/// would otherwise be main-actor isolated). Before Swift 6.2, which has neither
/// `SendableMetatype` nor default isolation, it is `Codable`, which the protocol requires anyway.
public typealias MappableCodableMetatype = SendableMetatype
#else
/// What ``MappableCodable`` requires of a model's metatype: from Swift 6.2 on `SendableMetatype`,
/// so that a model's conformance is never isolated to an actor; before, nothing beyond `Codable`.
public typealias MappableCodableMetatype = Codable
#endif
