import Foundation

// MARK: - Design
//
// A class that lists its stored properties in `fields` is decoded and encoded by `BridgeObject`
// itself: its inherited `init(from:)` runs on an instance whose stored properties already hold
// their initial values, asks one keyed container for every field by name and stores what it gets
// through the field's key path; `encode(to:)` writes them the same way. Because the decoder
// applies every table by the property name a model asks for, a field is a property like any
// other: mapped, styled, transformed, ignored, defaulted and reported by its name.
//
//     class Animal  fields [name]            Dog.fields = [name, breed]
//     class Dog     fields super + [breed]   FieldTable(Dog)  fields [name, breed]  decoded [name, breed]
//                                                             byName   name → field, breed → field
//
// A class's `FieldTable` is made at its first use (decode or encode) and checked then, with one
// reflection of an instance (`Mirror`, every level up to `BridgeObject`): every stored property
// must be a field or in `ignoredProperties`; fields must have distinct names, apply to the class
// (their key path's root is the class or a superclass), and name a stored property of their own
// type. When the key path's text names its property (a stored property of a final class,
// `\Dog.breed`), that name must be the field's; an overridable property of a non-final class is
// reached through its accessors (`\Animal.<computed 0x…>`) and its name cannot be read. A valid
// table is kept for the process (one lock) and copied into a per-thread cache, so a decode reads
// it without a lock; an invalid table is not kept: it fails every time the class is used.
//
// Storing through a key path costs more than decoding the value (the accessors of a non-final
// class's property are reached through the key path's generic projection), so the first decode
// of a class also finds where each decoded field's property is stored (Runtime/
// StoredProperties.swift) and checks it on the model being decoded, which nothing else sees yet:
// a value different from the current one is put there and must read back through the key path.
// A field that passes is decoded straight into its storage, as an initialiser stores a property;
// one that does not (an `@Observable` or lazy property, an overridden accessor, a type without a
// probe value, the portable build) is stored through its key path. `update(_:from:)` on an
// existing model always goes through the key paths, so observers see its changes.
//
// A non-optional field the JSON lacks (or whose value is not converted) keeps its initial value
// under `.useDefault`: while a model's fields are decoded the decoder knows the model
// (`DecoderImpl.fieldModel`), and its substitute for a property of that class is the field's
// current value — the initial value, reported as the declared default.

/// The checked fields of one `BridgeObject` class.
final class FieldTable: @unchecked Sendable {  // immutable once made
    /// Every field, in declaration order.
    let fields: [BridgeField]
    /// The fields `init(from:)` decodes (not ignored, allowed, not `ignoredOnDecode`).
    let decoded: [BridgeField]
    /// Fields by name.
    let byName: [String: BridgeField]
    /// Stored properties in `ignoredProperties` (and fields never decoded): the decoder's table
    /// check counts them as read.
    let unread: [String]
    /// For each of `decoded`, the byte offset of its property's storage in an instance, when a
    /// decode checked that its key path reads exactly there (`nil`: stored through the key path);
    /// `nil` until the first decode of the class checked them.
    let storage: [Int?]?

    private init(fields: [BridgeField], decoded: [BridgeField], byName: [String: BridgeField], unread: [String], storage: [Int?]?) {
        self.fields = fields
        self.decoded = decoded
        self.byName = byName
        self.unread = unread
        self.storage = storage
    }

    /// The table of a class that declares no fields.
    static let empty = FieldTable(fields: [], decoded: [], byName: [:], unread: [], storage: [])

    // MARK: The cache

    private final class Tables {
        var byClass: [ObjectIdentifier: FieldTable] = [:]
    }

    private static let mine = ThreadLocal { Tables() }
    private static let sharedLock = NSLock()
    nonisolated(unsafe) private static var shared: [ObjectIdentifier: FieldTable] = [:]  // only under `sharedLock`

    /// The checked table of `model`'s class, made on the class's first use.
    ///
    /// - Throws: ``MappingTableError`` for an invalid field table, every time.
    @inline(__always)
    static func of(_ model: BridgeObject) throws(MappingTableError) -> FieldTable {
        let id = ObjectIdentifier(type(of: model))
        let tables = mine.current
        if let table = tables.byClass[id] { return table }
        return try _slowPathMake(model, id: id, in: tables)
    }

    /// The table of `type`, if a model of it was decoded or encoded on this thread.
    static func known(_ type: Any.Type) -> FieldTable? {
        mine.current.byClass[ObjectIdentifier(type)]
    }

    @inline(never)
    private static func _slowPathMake(_ model: BridgeObject, id: ObjectIdentifier, in tables: Tables) throws(MappingTableError) -> FieldTable {
        if let table = sharedLock.withLock({ shared[id] }) {
            tables.byClass[id] = table
            return table
        }
        let table = try make(for: model)
        sharedLock.withLock { shared[id] = table }
        tables.byClass[id] = table
        return table
    }

    // MARK: Checking

    private static func make(for model: BridgeObject) throws(MappingTableError) -> FieldTable {
        let type = type(of: model)
        let fields = type.fields
        if fields.isEmpty { return .empty }
        let typeName = _typeName(type, qualified: true)
        var byName: [String: BridgeField] = [:]
        for field in fields {
            if byName[field.name] != nil { throw .duplicateField(typeName, field: field.name) }
            byName[field.name] = field
            if !field.appliesTo(model) {
                throw .fieldOfOtherClass(typeName, field: field.name, root: _typeName(field.rootType, qualified: true))
            }
            if let property = field.keyPathPropertyName, property != field.name {
                throw .fieldNameMismatch(typeName, field: field.name, keyPath: field.keyPathText, property: property)
            }
        }
        let ignored = type.ignoredProperties
        let stored = storedProperties(of: model) { byName[$0] != nil || ignored.contains($0) }
        for field in fields {
            guard let child = stored.first(where: { $0.name == field.name }) else {
                throw .fieldNotStored(typeName, field: field.name, stored: stored.map(\.name))
            }
            if let value = child.value, !field.accepts(value) {
                throw .fieldTypeMismatch(typeName, field: field.name, valueType: field.valueType, propertyType: Swift.type(of: value))
            }
        }
        if let forgotten = stored.first(where: { byName[$0.name] == nil && !ignored.contains($0.name) }) {
            throw .forgottenProperty(typeName, property: forgotten.name, declaringClass: _typeName(forgotten.declaringClass, qualified: true))
        }
        let only = type.onlyProperties
        let ignoredOnDecode = type.ignoredOnDecode
        func isIncluded(_ name: String) -> Bool { !ignored.contains(name) && (only?.contains(name) ?? true) }
        let decoded = fields.filter { isIncluded($0.name) && !ignoredOnDecode.contains($0.name) }
        let unread = stored.map(\.name).filter { name in !decoded.contains { $0.name == name } }
        return FieldTable(fields: fields, decoded: decoded, byName: byName, unread: unread, storage: nil)
    }

    // MARK: Storage

    /// `table` with the storage of its decoded fields checked on `model`, a model being
    /// initialised that nothing else sees yet (the check writes to it and restores it), kept in
    /// the caches in place of `table`.
    static func withStorage(_ table: FieldTable, checkedOn model: BridgeObject) -> FieldTable {
        let type = type(of: model)
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(model).toOpaque())
        let storage = table.decoded.map { field -> Int? in
            guard let offset = StoredProperties.offset(of: field.name, type: field.valueType, in: type),
                  let readsStorage = field.readsStorage, readsStorage(model, base + offset) else { return nil }
            return offset
        }
        let checked = FieldTable(fields: table.fields, decoded: table.decoded, byName: table.byName, unread: table.unread, storage: storage)
        let id = ObjectIdentifier(type)
        sharedLock.withLock { shared[id] = checked }
        mine.current.byClass[id] = checked
        return checked
    }

    /// One stored property found by reflection.
    private struct StoredProperty {
        /// The property name (an `@Observable` backing `_name` is `name`, a lazy property's
        /// storage its own name).
        let name: String
        /// The stored value, when the label is the property's own (not a backing's).
        let value: Any?
        let declaringClass: Any.Type
    }

    /// The stored properties of `model`, every level up to `BridgeObject`, subclass first.
    /// `isNamed` tells a label that a table names as it is (a property really called `_name`).
    private static func storedProperties(of model: BridgeObject, isNamed: (String) -> Bool) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        var mirror: Mirror? = Mirror(reflecting: model)
        while let level = mirror, level.subjectType != BridgeObject.self {
            for child in level.children {
                guard let label = child.label, label != "_$observationRegistrar" else { continue }
                if isNamed(label) {
                    properties.append(StoredProperty(name: label, value: child.value, declaringClass: level.subjectType))
                } else if label.hasPrefix("$__lazy_storage_$_") {
                    properties.append(StoredProperty(name: String(label.dropFirst(18)), value: nil, declaringClass: level.subjectType))
                } else if label.hasPrefix("_"), label.count > 1 {
                    // An `@Observable` (or property wrapper) backing: the property is its name without "_".
                    properties.append(StoredProperty(name: String(label.dropFirst()), value: nil, declaringClass: level.subjectType))
                } else {
                    properties.append(StoredProperty(name: label, value: child.value, declaringClass: level.subjectType))
                }
            }
            mirror = level.superclassMirror
        }
        return properties
    }
}

extension BridgeObject: FieldBackedModel {
    /// The current value of the field `property`, if the class has a field of that name (its
    /// table is made: the model is being decoded).
    func fieldValue(_ property: String) -> Any? {
        FieldTable.known(type(of: self))?.byName[property]?.read(self)
    }

    /// Decodes every field of the model's class (none for a class without fields), while the
    /// model is initialised (`init(from:)`).
    func decodeFields(from decoder: any Decoder) throws {
        var table: FieldTable
        do {
            table = try FieldTable.of(self)
        } catch {
            throw DecodingMessages.mappingTable(error, path: decoder.codingPath)
        }
        if table.fields.isEmpty { return }
        if table.storage == nil { table = FieldTable.withStorage(table, checkedOn: self) }
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        guard let impl = decoder as? DecoderImpl else {
            try decodeFields(table, from: container)
            return
        }
        if impl.requestedKeys != nil, let meta = impl.levelMeta {
            impl.requestedKeys?[ObjectIdentifier(meta), default: []].formUnion(table.unread)
        }
        let saved = impl.fieldModel
        impl.fieldModel = self
        defer { impl.fieldModel = saved }
        try decodeFields(table, from: container)
    }

    /// Decodes `table`'s fields from `container`: straight into their storage where the table
    /// knows it, else through their key paths.
    private func decodeFields(_ table: FieldTable, from container: KeyedDecodingContainer<AnyCodingKey>) throws {
        guard let storage = table.storage else {
            for field in table.decoded { try field.decode(self, container) }
            return
        }
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(self).toOpaque())
        for index in table.decoded.indices {
            if let offset = storage[index] {
                try table.decoded[index].decodeInPlace(base + offset, container)
            } else {
                try table.decoded[index].decode(self, container)
            }
        }
    }

    /// Writes every field of the model's class (none for a class without fields).
    func encodeFields(to encoder: any Encoder) throws {
        let table: FieldTable
        do {
            table = try FieldTable.of(self)
        } catch {
            throw EncodingError.invalidMappingTable(self, codingPath: encoder.codingPath, error: error)
        }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        // Every field, as a hand-written `encode(to:)` writes every property: the encoder leaves
        // out what the tables exclude, and `update(_:from:)`'s snapshot keeps it all.
        for field in table.fields { try field.encode(self, &container) }
    }

    /// `update(_:from:)` in place: copies every decoded field of `updated` into this model, when
    /// both are of the same class and it has fields. Returns whether it did.
    func adoptFields(of updated: AnyObject) throws -> Bool {
        guard type(of: updated) == type(of: self), let updated = updated as? BridgeObject else { return false }
        let table = try FieldTable.of(self)
        if table.fields.isEmpty { return false }
        for field in table.decoded { field.copy(updated, self) }
        return true
    }
}
