import Foundation

/// One coded stored property of a ``BridgeObject`` class: its name and its key path.
///
/// A class lists its fields in ``BridgeObject/fields``, starting from its superclass's, and then
/// writes no `init(from:)`, `encode(to:)`, `init()` or `CodingKeys`: `BridgeObject` decodes and
/// encodes every field of the dynamic class through a keyed container, by name, so every mapping
/// table applies to a field exactly as to a property of a struct.
///
/// ```swift
/// class Animal: BridgeObject, @unchecked Sendable {
///     var name = ""
///     override class var fields: [BridgeField] { [.field("name", \Animal.name)] }
/// }
/// ```
public struct BridgeField: @unchecked Sendable {  // the closures capture a Sendable key path and metatypes only
    /// The property name: the coding key every table names.
    let name: String
    /// `name` as a coding key, made once.
    let key: AnyCodingKey
    /// The key path's value type, for messages and the stored-property check.
    let valueType: Any.Type
    /// The key path's root class, for messages.
    let rootType: AnyClass
    /// The key path as written, for the name check.
    let keyPathText: String
    /// Whether the model is an instance of the key path's root class.
    let appliesTo: (BridgeObject) -> Bool
    /// Whether a reflected child value has the field's type.
    let accepts: (Any) -> Bool
    /// Reads the field's value from a model.
    let read: (BridgeObject) -> Any
    /// Decodes the field from the model's keyed container and stores it.
    let decode: (BridgeObject, KeyedDecodingContainer<AnyCodingKey>) throws -> Void
    /// Writes the field into the model's keyed container.
    let encode: (BridgeObject, inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void
    /// Copies the field's value from one model to another of the same class.
    let copy: (_ from: BridgeObject, _ to: BridgeObject) -> Void
    /// Decodes the field from the model's keyed container and stores it at `storage`, the
    /// property's storage in a model being initialised (see `FieldTable.storage`).
    let decodeInPlace: (_ storage: UnsafeMutableRawPointer, KeyedDecodingContainer<AnyCodingKey>) throws -> Void
    /// Whether the key path reads the storage at `storage` of `model`: puts a different value
    /// there, reads it back through the key path and restores the old one. `nil` for a type with
    /// no such probe value (its fields are always stored through the key path).
    let readsStorage: ((_ model: BridgeObject, _ storage: UnsafeMutableRawPointer) -> Bool)?
}

extension BridgeField {
    /// The stored property `keyPath`, coded under the property name `name`.
    ///
    /// `name` must be the property's own name: tables (`keyMapping`, `ignoredProperties`, …),
    /// the report and error paths use it. A non-optional field the JSON lacks keeps its initial
    /// value under `.useDefault` (reported `.defaulted`) and is `keyNotFound` under `.throw`; an
    /// optional one the JSON lacks keeps its initial value, and a JSON null makes it `nil`.
    ///
    /// ```swift
    /// override class var fields: [BridgeField] { super.fields + [.field("breed", \Dog.breed)] }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The property name.
    ///   - keyPath: The property, as a key path from the class that declares it (or a subclass of
    ///     it that is a superclass of every class using the field).
    /// - Returns: The field.
    public static func field<Root: BridgeObject, Value: Codable>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value> & Sendable
    ) -> BridgeField {
        let key = AnyCodingKey(name)
        let decode: (BridgeObject, KeyedDecodingContainer<AnyCodingKey>) throws -> Void
        let encode: (BridgeObject, inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void
        if let optional = Value.self as? any OptionalFieldValue.Type {
            decode = { model, container in
                // safe: `FieldTable` checked that every field applies to the model's class
                let root = unsafeDowncast(model, to: Root.self)
                // safe: `optional` is `Value.self`
                root[keyPath: keyPath] = try optional.decodeField(container, key, keeping: root[keyPath: keyPath]) as! Value
            }
            encode = { model, container in
                // safe: as above
                let value = unsafeDowncast(model, to: Root.self)[keyPath: keyPath]
                // safe: `Value` is an `OptionalFieldValue`
                try (value as! any OptionalFieldValue).encodeField(&container, key)
            }
        } else if let scalar = scalarDecode(keyPath, key) {
            decode = scalar
            encode = { model, container in
                // safe: as above
                try container.encode(unsafeDowncast(model, to: Root.self)[keyPath: keyPath], forKey: key)
            }
        } else {
            decode = { model, container in
                // safe: as above
                unsafeDowncast(model, to: Root.self)[keyPath: keyPath] = try container.decode(Value.self, forKey: key)
            }
            encode = { model, container in
                // safe: as above
                try container.encode(unsafeDowncast(model, to: Root.self)[keyPath: keyPath], forKey: key)
            }
        }
        let decodeInPlace: (UnsafeMutableRawPointer, KeyedDecodingContainer<AnyCodingKey>) throws -> Void
        if let optional = Value.self as? any OptionalFieldValue.Type {
            decodeInPlace = { storage, container in
                let slot = storage.assumingMemoryBound(to: Value.self)
                // safe: `optional` is `Value.self`
                slot.pointee = try optional.decodeField(container, key, keeping: slot.pointee) as! Value
            }
        } else if let scalar = scalarDecodeInPlace(Value.self, key) {
            decodeInPlace = scalar
        } else {
            decodeInPlace = { storage, container in
                storage.assumingMemoryBound(to: Value.self).pointee = try container.decode(Value.self, forKey: key)
            }
        }
        return BridgeField(
            name: name, key: key, valueType: Value.self, rootType: Root.self, keyPathText: String(describing: keyPath),
            appliesTo: { $0 is Root },
            accepts: { $0 is Value },
            // safe: as above
            read: { unsafeDowncast($0, to: Root.self)[keyPath: keyPath] },
            decode: decode, encode: encode,
            copy: { from, to in
                // safe: both models are of the class the table was made for
                unsafeDowncast(to, to: Root.self)[keyPath: keyPath] = unsafeDowncast(from, to: Root.self)[keyPath: keyPath]
            },
            decodeInPlace: decodeInPlace,
            readsStorage: storageProbe(keyPath))
    }

    /// Stores through the concrete overloads for the common scalar types (see `scalarDecode`).
    private static func scalarDecodeInPlace<Value>(
        _ type: Value.Type, _ key: AnyCodingKey
    ) -> ((UnsafeMutableRawPointer, KeyedDecodingContainer<AnyCodingKey>) throws -> Void)? {
        if Value.self == Int.self {
            return { storage, container in storage.assumingMemoryBound(to: Int.self).pointee = try container.decode(Int.self, forKey: key) }
        }
        if Value.self == String.self {
            return { storage, container in storage.assumingMemoryBound(to: String.self).pointee = try container.decode(String.self, forKey: key) }
        }
        if Value.self == Bool.self {
            return { storage, container in storage.assumingMemoryBound(to: Bool.self).pointee = try container.decode(Bool.self, forKey: key) }
        }
        if Value.self == Double.self {
            return { storage, container in storage.assumingMemoryBound(to: Double.self).pointee = try container.decode(Double.self, forKey: key) }
        }
        if Value.self == Int64.self {
            return { storage, container in storage.assumingMemoryBound(to: Int64.self).pointee = try container.decode(Int64.self, forKey: key) }
        }
        return nil
    }

    /// The check behind ``readsStorage`` for a field whose type has a probe value.
    private static func storageProbe<Root: BridgeObject, Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value>
    ) -> ((BridgeObject, UnsafeMutableRawPointer) -> Bool)? {
        guard let probeType = Value.self as? any StorageProbeValue.Type else { return nil }
        return { model, storage in
            let slot = storage.assumingMemoryBound(to: Value.self)
            let old = slot.pointee
            defer { slot.pointee = old }
            // safe: `probeType` is `Value.self`
            let marker = probeType.marker(differentFrom: old) as! Value
            slot.pointee = marker
            // safe: the caller checked that the field applies to the model's class
            return probeType.isSame(unsafeDowncast(model, to: Root.self)[keyPath: keyPath], marker)
        }
    }

    /// A decode through the container's concrete overload for the common scalar types: `field` is
    /// not specialised for the caller's types, and the generic `decode(_:forKey:)` would run the
    /// decoder's generic path unspecialised for every value.
    private static func scalarDecode<Root: BridgeObject, Value>(
        _ keyPath: ReferenceWritableKeyPath<Root, Value>, _ key: AnyCodingKey
    ) -> ((BridgeObject, KeyedDecodingContainer<AnyCodingKey>) throws -> Void)? {
        // safe (every unsafeDowncast below): `FieldTable` checked that the field applies to the model's class
        if let keyPath = keyPath as? ReferenceWritableKeyPath<Root, Int> {
            return { model, container in unsafeDowncast(model, to: Root.self)[keyPath: keyPath] = try container.decode(Int.self, forKey: key) }
        }
        if let keyPath = keyPath as? ReferenceWritableKeyPath<Root, String> {
            return { model, container in unsafeDowncast(model, to: Root.self)[keyPath: keyPath] = try container.decode(String.self, forKey: key) }
        }
        if let keyPath = keyPath as? ReferenceWritableKeyPath<Root, Bool> {
            return { model, container in unsafeDowncast(model, to: Root.self)[keyPath: keyPath] = try container.decode(Bool.self, forKey: key) }
        }
        if let keyPath = keyPath as? ReferenceWritableKeyPath<Root, Double> {
            return { model, container in unsafeDowncast(model, to: Root.self)[keyPath: keyPath] = try container.decode(Double.self, forKey: key) }
        }
        if let keyPath = keyPath as? ReferenceWritableKeyPath<Root, Int64> {
            return { model, container in unsafeDowncast(model, to: Root.self)[keyPath: keyPath] = try container.decode(Int64.self, forKey: key) }
        }
        return nil
    }

    /// The property name the key path names, when its text shows one stored component
    /// (`\Dog.breed` → `breed`); `nil` when the text does not tell (an overridable property of a
    /// non-final class is reached through its accessors: `\Animal.<computed 0x…>`).
    var keyPathPropertyName: String? {
        guard keyPathText.hasPrefix("\\"), !keyPathText.contains("<"), let dot = keyPathText.lastIndex(of: ".") else { return nil }
        let property = keyPathText[keyPathText.index(after: dot)...]
        guard let first = property.first, first == "_" || first.isLetter,
              property.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }) else { return nil }
        return String(property)
    }
}

/// A type whose values the storage probe can tell apart: a value different from any given one.
protocol StorageProbeValue {
    /// A value of this type (for an `Optional` probe that needs a non-nil one).
    static var sample: Self { get }
    /// A value of this type different from `value` (a `Self`).
    static func marker(differentFrom value: Any) -> Any
    /// Whether `a` and `b` (both `Self`) are equal.
    static func isSame(_ a: Any, _ b: Any) -> Bool
}

extension StorageProbeValue where Self: Equatable {
    static func isSame(_ a: Any, _ b: Any) -> Bool { (a as? Self) == (b as? Self) }
}

extension Int: StorageProbeValue {
    static var sample: Int { 1 }
    static func marker(differentFrom value: Any) -> Any { (value as? Int ?? 0) &+ 1 }
}

extension Int64: StorageProbeValue {
    static var sample: Int64 { 1 }
    static func marker(differentFrom value: Any) -> Any { (value as? Int64 ?? 0) &+ 1 }
}

extension Double: StorageProbeValue {
    static var sample: Double { 1 }
    static func marker(differentFrom value: Any) -> Any { value as? Double == 1 ? 2.0 : 1.0 }
}

extension Bool: StorageProbeValue {
    static var sample: Bool { true }
    static func marker(differentFrom value: Any) -> Any { !(value as? Bool ?? false) }
}

extension String: StorageProbeValue {
    static var sample: String { "probe" }
    static func marker(differentFrom value: Any) -> Any { (value as? String ?? "") + "·" }
}

extension Optional: StorageProbeValue where Wrapped: StorageProbeValue & Equatable {
    static var sample: Self { .some(Wrapped.sample) }
    static func marker(differentFrom value: Any) -> Any { (value as? Self ?? nil) == nil ? sample as Any : Self.none as Any }
}

/// `Optional` fields: decoded with `decodeIfPresent` (an absent member keeps the current value),
/// encoded with `encodeIfPresent`, as synthesised `Codable` does.
protocol OptionalFieldValue {
    /// The decoded value, or `current` when the member is absent (as `Any`: the caller knows the type).
    static func decodeField(_ container: KeyedDecodingContainer<AnyCodingKey>, _ key: AnyCodingKey, keeping current: Any) throws -> Any
    func encodeField(_ container: inout KeyedEncodingContainer<AnyCodingKey>, _ key: AnyCodingKey) throws
}

extension Optional: OptionalFieldValue where Wrapped: Codable {
    static func decodeField(_ container: KeyedDecodingContainer<AnyCodingKey>, _ key: AnyCodingKey, keeping current: Any) throws -> Any {
        if let value = try container.decodeIfPresent(Wrapped.self, forKey: key) { return Self.some(value) as Any }
        // A null makes it nil; an absent member keeps the current value.
        // safe: the caller passes the field's current value, a `Self`
        let current = current as! Self
        if current != nil, !container.contains(key) { return current as Any }
        return Self.none as Any
    }

    func encodeField(_ container: inout KeyedEncodingContainer<AnyCodingKey>, _ key: AnyCodingKey) throws {
        try container.encodeIfPresent(self, forKey: key)
    }
}
