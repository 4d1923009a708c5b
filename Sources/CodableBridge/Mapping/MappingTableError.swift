/// An invalid mapping table, found the first time its type was decoded or encoded.
///
/// ```
/// Invalid mapping table of MyApp.Book: keyMapping["desc"] = "ext..desc": a key or key-path
/// segment is empty (check for a leading, trailing or doubled '.')
/// ```
///
/// This file is the one place the mapping tables' wording lives: `ModelMeta` and the decoder
/// raise these errors through the factories below, passing plain facts.
public struct MappingTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The model type whose table is invalid.
    public let typeName: String
    /// The offending entry, as written.
    public let entry: String
    /// What is wrong and how to fix it.
    public let problem: String

    /// The full message: `Invalid mapping table of <type>: <entry>: <problem>`.
    public var description: String {
        "Invalid mapping table of \(typeName): \(entry): \(problem)"
    }
}

// MARK: - Wording

extension MappingTableError {
    static func emptyMappedProperty(_ typeName: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "keyMapping[\"\"]", problem: "the property name is empty")
    }

    static func noAlternates(_ typeName: String, property: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"]", problem: "the list of alternate keys is empty; give at least one key")
    }

    static func emptyKey(_ typeName: String, property: String, key: JSONKey) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"] = \(key)",
                          problem: "the JSON key is empty; give the key the value is read from and written to")
    }

    static func emptySegment(_ typeName: String, property: String, key: JSONKey) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"] = \(key)",
                          problem: "a key or key-path segment is empty (check for a leading, trailing or doubled '.')")
    }

    static func mappedButNotAllowed(_ typeName: String, property: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"]",
                          problem: "the property is not in onlyProperties, so it is never decoded nor encoded; remove it from keyMapping or add it to onlyProperties")
    }

    static func allowedAndIgnored(_ typeName: String, property: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "onlyProperties / ignoredProperties \"\(property)\"",
                          problem: "the property is both allowed and ignored; remove it from one of the two")
    }

    static func emptyName(_ typeName: String, table: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: table, problem: "contains an empty property name; remove it")
    }

    static func emptyElementTypeProperty(_ typeName: String, property: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "elementTypes[\"\(property)\"]", problem: "the property name is empty")
    }

    static func elementTypeIgnored(_ typeName: String, property: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "elementTypes[\"\(property)\"]",
                          problem: "the property is also in ignoredProperties, so it is never decoded; remove it from one of the two")
    }

    static func elementTypeNotAllowed(_ typeName: String, property: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "elementTypes[\"\(property)\"]",
                          problem: "the property is not in onlyProperties, so it is never decoded; remove it from elementTypes or add it to onlyProperties")
    }

    /// A table names a property the model's `init(from:)` never asked for (`codingKeys`: the ones it did).
    static func unknownProperty(_ typeName: String, table: String, property: String, codingKeys: [String]) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "\(table) names \"\(property)\"",
                          problem: "\(typeName) has no property with that coding key (its coding keys: \(codingKeys.joined(separator: ", "))); check the spelling")
    }

    /// An `elementTypes` entry whose type is not a subtype of the property's declared type.
    static func elementTypeNotASubtype(_ concrete: Any.Type, of declared: Any.Type) -> MappingTableError {
        MappingTableError(typeName: "the model declaring it", entry: "elementTypes names \(concrete) for a property declared as \(declared)",
                          problem: "\(concrete) is not a subtype of \(declared)")
    }

    static func flattenWithKeys(_ typeName: String, property: String, key: JSONKey) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"] = \(key)",
                          problem: ".flatten cannot be combined with keys or alternates; map the property to .flatten alone")
    }

    static func emptyTagKey(_ typeName: String, tagging: EnumTagging) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "enumTagging = \(tagging)", problem: "the tag key is empty; name the member that holds the case")
    }

    static func taggingNotAnEnum(_ typeName: String, tagging: EnumTagging) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "enumTagging = \(tagging)",
                          problem: "\(typeName) is not an enum; enumTagging applies to enums with associated values only — remove it")
    }

    /// Two flattened properties whose models read the same JSON key.
    static func flattenedKeyClash(_ typeName: String, property: String, type: Any.Type, other: String, otherType: Any.Type,
                                  key: String) -> MappingTableError
    {
        MappingTableError(typeName: typeName, entry: "keyMapping[\"\(property)\"] = .flatten",
                          problem: "\(type) (flattened from \"\(property)\") and \(otherType) (flattened from \"\(other)\") both read the key "
                              + "\"\(key)\"; map one of them to other keys, or nest one of the models under a key of its own")
    }

    /// `decodingType(for:)` returned a class that is not the declared type or a subclass of it.
    static func chosenTypeNotASubclass(_ typeName: String, chosen: Any.Type, declared: Any.Type) -> MappingTableError {
        let chosen = String(reflecting: chosen)
        return MappingTableError(typeName: typeName, entry: "decodingType(for:) returned \(chosen)",
                                 problem: "\(chosen) is not a subclass of the declared type \(String(reflecting: declared)); return the declared type, one of its subclasses, or nil")
    }
}

// MARK: - Fields of class models

extension MappingTableError {
    /// Two fields of a class with one name.
    static func duplicateField(_ typeName: String, field: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "fields names \"\(field)\" twice", problem: "each stored property is one field; remove the second entry")
    }

    /// A field whose key path starts from a class that is not the model's class or a superclass.
    static func fieldOfOtherClass(_ typeName: String, field: String, root: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "fields[\"\(field)\"]",
                          problem: "the key path is a property of \(root), which is not \(typeName) nor one of its superclasses; use a key path from \(typeName) or a superclass")
    }

    /// A field whose key path names another property than the field's name.
    static func fieldNameMismatch(_ typeName: String, field: String, keyPath: String, property: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "fields[\"\(field)\"] = \(keyPath)",
                          problem: "the key path is the property \"\(property)\"; name the field \"\(property)\" (map it to another JSON key in keyMapping)")
    }

    /// A field that names no stored property of the class chain.
    static func fieldNotStored(_ typeName: String, field: String, stored: [String]) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "fields[\"\(field)\"]",
                          problem: "\(typeName) has no stored property \"\(field)\" (its stored properties: \(stored.joined(separator: ", "))); a field's name is its property's name")
    }

    /// A field whose key path's value type is not the type of the stored property of its name.
    static func fieldTypeMismatch(_ typeName: String, field: String, valueType: Any.Type, propertyType: Any.Type) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "fields[\"\(field)\"]",
                          problem: "the key path's value is \(valueType) but the stored property \"\(field)\" holds \(propertyType); the key path must be the property of that name")
    }

    /// A stored property in neither `fields` nor `ignoredProperties`.
    static func forgottenProperty(_ typeName: String, property: String, declaringClass: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "stored property \"\(property)\" of \(declaringClass)",
                          problem: "it is in neither fields nor ignoredProperties, so it would never be decoded nor encoded; add .field(\"\(property)\", \\\(declaringClass.split(separator: ".").last ?? "").\(property)) to fields, or add it to ignoredProperties")
    }
}

// MARK: - Round-trip tables (unknown keys, transforms, one-direction properties)

extension MappingTableError {
    /// A `valueTransforms` entry whose transform is itself invalid (an unsupported date pattern).
    static func invalidTransform(_ typeName: String, property: String, transform: String, problem: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "valueTransforms[\"\(property)\"] = \(transform)", problem: problem)
    }

    /// A transform whose value type is not the type the property decodes or encodes.
    static func transformTypeMismatch(_ typeName: String, property: String, transform: String, valueType: Any.Type,
                                      propertyType: Any.Type) -> MappingTableError
    {
        MappingTableError(typeName: typeName, entry: "valueTransforms[\"\(property)\"] = \(transform)",
                          problem: "the transform makes \(valueType) but the property is \(propertyType); use a transform for \(propertyType)")
    }

    /// `unknownKeysProperty` names a property that is not a `JSONObject`.
    static func unknownKeysPropertyType(_ typeName: String, property: String, propertyType: Any.Type) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "unknownKeysProperty = \"\(property)\"",
                          problem: "the property is \(propertyType); it must be a JSONObject (var \(property) = JSONObject())")
    }

    /// `unknownKeysProperty` names a property that is also mapped, ignored or transformed.
    static func unknownKeysPropertyInTable(_ typeName: String, property: String, table: String) -> MappingTableError {
        MappingTableError(typeName: typeName, entry: "unknownKeysProperty = \"\(property)\"",
                          problem: "the property is also in \(table); the unknown members go to it as a whole, remove it from \(table)")
    }
}

/// Why a built-in ``JSONTransform`` could not convert a value (your own transforms may throw it
/// too). The decoder treats it as a not-converted value and puts `message` in the report.
public struct JSONTransformError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the value, for people.
    public let message: String

    /// An error with your own message.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    static func expectedString(_ found: JSONValue) -> JSONTransformError {
        JSONTransformError(message: "expected a date string, found \(found)")
    }

    static func notInPattern(_ text: String, pattern: String) -> JSONTransformError {
        JSONTransformError(message: "\"\(text)\" does not match the date pattern \"\(pattern)\" or is no real date")
    }

    static func expectedNumber(_ found: JSONValue) -> JSONTransformError {
        JSONTransformError(message: "expected a number, found \(found)")
    }

    static func outOfRange(secondsSince1970 seconds: Double) -> JSONTransformError {
        JSONTransformError(message: "\(seconds) seconds since 1970 is out of the range of a JSON number of this unit")
    }

    static func invalidPattern(_ pattern: String) -> JSONTransformError {
        JSONTransformError(message: "the date pattern \"\(pattern)\" is not supported")
    }
}
