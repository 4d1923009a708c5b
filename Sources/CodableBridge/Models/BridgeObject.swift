import Foundation

// MARK: - Design
//
// A class model's tables must be overridable, or a subclass's table is silently ignored: a
// `static var keyMapping` declared in a subclass of a class that adopts `MappableCodable` without
// declaring the table only shadows the protocol witness (the witness is the base class's — here
// the protocol extension's default — and a `static` member is never dynamically dispatched).
// `BridgeObject` declares every table and hook as an `open class` member, so the witness
// dispatches on the dynamic type, and a subclass must write `override class var …`: the compiler
// rejects a plain `static var keyMapping` ("overriding declaration requires an 'override'
// keyword").
//
//     BridgeObject            keyMapping [:]        hooks: default (marked)
//       Animal                keyMapping ["name": "n"]
//         Dog                 super.keyMapping.merging(["breed": "info.breed"]) { $1 }
//
//     ModelMeta(Dog) reads Dog.keyMapping through the witness → ["name": "n", "breed": "info.breed"]
//
// The default hooks do nothing. They mark themselves for `HookProbe` as `BridgeObject`'s own
// (`markDefault(BridgeObject.self)`), never as the subclass's: an override may call them through
// `super`, and the probe cannot see past that call, so a subclass's hooks are always called — on
// every model, whether an override calls `super` or not. Only `BridgeObject` itself is known to
// have no hooks. A subclass that overrides no hook pays one `JSONValue` of the model's object per
// model, shared by its hooks (Docs/ClassModels.md, "Hooks").

/// The base class for class models, as `NSObject` is YYModel's.
///
/// Subclass it, list the stored properties in ``fields`` and override the tables and hooks you
/// need as `class` members. Every level of a hierarchy adds its own properties and table entries;
/// all of them land in one JSON object.
///
/// ```swift
/// class Animal: BridgeObject, @unchecked Sendable {
///     var name = ""
///     override class var fields: [BridgeField] { [.field("name", \Animal.name)] }
///     override class var keyMapping: KeyMapping { ["name": "n"] }
/// }
///
/// final class Dog: Animal, @unchecked Sendable {
///     var breed = ""
///     override class var fields: [BridgeField] { super.fields + [.field("breed", \Dog.breed)] }
/// }
/// ```
///
/// A class chain without fields writes `init(from:)` / `encode(to:)` calling `super` instead
/// (Swift synthesises neither for a subclass):
///
/// ```swift
/// class Animal: BridgeObject {
///     var name = ""
///
///     private enum CodingKeys: String, CodingKey { case name }
///
///     override init() { super.init() }
///
///     required init(from decoder: any Decoder) throws {
///         let container = try decoder.container(keyedBy: CodingKeys.self)
///         name = try container.decode(String.self, forKey: .name)
///         try super.init(from: decoder)
///     }
///
///     override func encode(to encoder: any Encoder) throws {
///         var container = encoder.container(keyedBy: CodingKeys.self)
///         try container.encode(name, forKey: .name)
///         try super.encode(to: encoder)
///     }
///
///     override class var keyMapping: KeyMapping { ["name": "n"] }
/// }
/// ```
///
/// It also gives YYModel's model utilities, all computed from the mapping: `==` and
/// `hash(into:)` (same dynamic type and equal encoded trees, like `yy_modelIsEqual:` /
/// `yy_modelHash`), ``description`` (like `yy_modelDescription`) and ``modelCopy()`` (a deep copy,
/// like `yy_modelCopy`).
open class BridgeObject: MappableCodable, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// Creates a model with every property at its declared value.
    public init() {}

    /// Decodes every field of the model's class (``fields``, all levels) into the instance, whose
    /// stored properties already hold their initial values. A class without fields reads nothing
    /// here: it reads its properties in its own `init(from:)` and calls `try super.init(from: decoder)`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError`; `.dataCorrupted` with a ``MappingTableError`` when the class's
    ///   fields are invalid (a stored property in neither ``fields`` nor ``ignoredProperties``, …).
    public required init(from decoder: any Decoder) throws {
        try decodeFields(from: decoder)
    }

    /// Writes every field of the model's class (``fields``, all levels), and makes the value a
    /// JSON object, so a model without properties encodes as `{}`. A class without fields writes
    /// its properties in its own `encode(to:)` and calls `try super.encode(to: encoder)`; every
    /// level writes into the same JSON object.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError`; `.invalidValue` with a ``MappingTableError`` when the class's
    ///   fields are invalid.
    open func encode(to encoder: any Encoder) throws {
        try encodeFields(to: encoder)
    }

    // MARK: Fields

    /// The stored properties `BridgeObject` decodes and encodes itself, every level's: the class
    /// then writes no `init(from:)`, `encode(to:)`, `init()` or `CodingKeys`. Defaults to `[]`
    /// (the class codes its properties by hand).
    ///
    /// Start from the superclass's list. Every table applies to a field by its name, as to a
    /// property of a struct. Once a class chain declares fields, every stored property must be a
    /// field or in ``ignoredProperties``: the first use of a class that forgets one is a
    /// ``MappingTableError`` naming the class and the property.
    ///
    /// ```swift
    /// override class var fields: [BridgeField] { super.fields + [.field("breed", \Dog.breed)] }
    /// ```
    open class var fields: [BridgeField] { [] }

    // MARK: Tables

    /// Property (coding key string) → JSON key, key path or alternates. Defaults to `[:]`.
    ///
    /// Override it and merge with the superclass's table, so every level's entries apply:
    ///
    /// ```swift
    /// override class var keyMapping: KeyMapping {
    ///     super.keyMapping.merging(["breed": "info.breed"]) { $1 }
    /// }
    /// ```
    open class var keyMapping: KeyMapping { [:] }

    /// Concrete types for properties whose declared type is a superclass (the value, or the
    /// elements of an array, set or dictionary). Defaults to `[:]`; merge with `super`'s.
    open class var elementTypes: [String: any Codable.Type] { [:] }

    /// Properties never decoded nor encoded. Defaults to `[]`; form the union with `super`'s.
    open class var ignoredProperties: Set<String> { [] }

    /// When non-nil, only these properties are decoded and encoded. Defaults to `nil`.
    open class var onlyProperties: Set<String>? { nil }

    /// Whether non-optional `CaseIterable` enum properties fall back to their first case. See
    /// ``MappableCodable/enumsDefaultToFirstCase``. Defaults to `false`.
    open class var enumsDefaultToFirstCase: Bool { false }

    /// The `JSONObject` property that captures unknown members. See
    /// ``MappableCodable/unknownKeysProperty``. Defaults to `nil`.
    open class var unknownKeysProperty: String? { nil }

    /// Per-property transforms. See ``MappableCodable/valueTransforms``. Defaults to `[:]`; merge
    /// with `super`'s.
    open class var valueTransforms: [String: JSONTransform] { [:] }

    /// Properties written but never read. Defaults to `[]`; form the union with `super`'s.
    open class var ignoredOnDecode: Set<String> { [] }

    /// Properties read but never written. Defaults to `[]`; form the union with `super`'s.
    open class var ignoredOnEncode: Set<String> { [] }
    /// The spelling of the keys of the properties `keyMapping` does not name. See
    /// ``MappableCodable/keyStyle``. The style of the class being decoded or encoded applies to
    /// all its properties, inherited ones included; a subclass inherits its superclass's style
    /// unless it overrides it. Defaults to `nil` (the coder's key strategy).
    ///
    /// ```swift
    /// override class var keyStyle: KeyStyle? { .snakeCase }
    /// ```
    open class var keyStyle: KeyStyle? { nil }

    // MARK: Hooks

    /// Picks the class to decode for `json` — a subclass, chosen by a `"type"` member for
    /// example. Return `nil` to decode the declared class. Defaults to `nil`.
    ///
    /// The class returned must be the declared class or one of its subclasses; any other class is
    /// an invalid table (a `DecodingError.dataCorrupted` naming both types).
    ///
    /// ```swift
    /// override class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
    ///     json["type"] == "dog" ? Dog.self : nil
    /// }
    /// ```
    open class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        HookProbe.markDefault(BridgeObject.self)
        return nil
    }

    /// Rewrites the incoming object before decoding; throw to reject the model. Defaults to
    /// returning `json` unchanged.
    ///
    /// An override may start from `try super.willDecode(json)` (needed when a superclass overrides
    /// it too); it runs on every model either way.
    open class func willDecode(_ json: JSONValue) throws -> JSONValue {
        HookProbe.markDefault(BridgeObject.self)
        return json
    }

    /// Adjusts or validates the decoded model, given the object it came from; throw to reject.
    /// Defaults to doing nothing.
    ///
    /// An override may call `try super.didDecode(from: json)` (needed when a superclass overrides
    /// it too); it runs on every model either way.
    open func didDecode(from json: JSONValue) throws {
        HookProbe.markDefault(BridgeObject.self)
    }

    /// Edits the encoded object after every level's properties were written; throw to fail
    /// encoding. Defaults to doing nothing.
    ///
    /// An override may call `try super.didEncode(into: &json)` (needed when a superclass overrides
    /// it too); it runs on every model either way.
    open func didEncode(into json: inout JSONObject) throws {
        HookProbe.markDefault(BridgeObject.self)
    }

    // MARK: Description

    /// The class name, the address and the mapped properties (YYModel's `yy_modelDescription`):
    ///
    /// ```
    /// <MyApp.Dog: 0x600000c04000> {
    ///     info = {
    ///         breed = "corgi"
    ///     };
    ///     n = "Rex"
    /// }
    /// ```
    ///
    /// Keys are the JSON keys the mapping writes, sorted; strings are quoted, nested objects and
    /// arrays indented. A model that cannot be encoded shows the error instead of its properties.
    open var description: String {
        let address = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        let head = "<\(String(reflecting: type(of: self))): 0x\(String(address, radix: 16))>"
        do {
            let tree = try LosslessCoders.encoder.encodeToJSONValue(self)
            if case .object(let object) = tree, object.isEmpty { return head }
            return head + " " + ModelDescription.describe(tree)
        } catch {
            return head + " <not encodable: \(error)>"
        }
    }
}
