import Foundation

/// A keyed container of the schema probe: each key asked for becomes a member of its object,
/// under the JSON key the decoder would look up (mapping tables and key strategy applied).
struct SchemaKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: SchemaProbe
    let object: SchemaObject
    /// The model's mapping (`nil` in nested containers and plain types: keys are their own).
    let meta: ModelMeta?
    let codingPath: [any CodingKey]
    /// Whether this is the probe's own container (an enum pass answers `allKeys` there).
    let isTop: Bool

    private var walk: SchemaWalk { probe.walk }

    var allKeys: [Key] {
        if isTop, let forcedCase = probe.forcedCase { return Key(stringValue: forcedCase).map { [$0] } ?? [] }
        if isTop { probe.askedAllKeys = true }
        object.readsAllKeys = true
        return []
    }

    func contains(_ key: Key) -> Bool {
        probe.checkedKeys.insert(key.stringValue)
        return true
    }

    // MARK: Where a key is read

    /// Where the decoder looks for a property.
    private enum Place {
        /// Not read (ignored, or the unknown-members property).
        case nowhere
        /// At these key paths, the first the one written when encoding.
        case paths([[String]])
        /// In this same object (`JSONKey.flatten`).
        case flattened
    }

    private func place(of key: Key) -> Place {
        let name = key.stringValue
        guard let meta else { return .paths(ownPaths(name)) }
        if name == meta.unknownKeysProperty { return .nowhere }
        switch meta.decodingRule(for: name) {
        case .excluded:
            return .nowhere
        case .own:
            if let styled = meta.styledKey(for: name) { return .paths([[styled]]) }
            return .paths(ownPaths(name))
        case .flatten:
            return .flattened
        case .mapped:
            let all = (meta.lookups[name] ?? []).map(\.segments)
            guard let first = meta.encodingPath(for: name) else { return .paths(all) }
            return .paths([first] + all.filter { $0 != first })
        }
    }

    /// The JSON keys of a coding key the tables do not map: the decoder's key strategy reversed.
    /// `.convertFromSnakeCase` also accepts the coding key as written (it has no `_` to convert).
    private func ownPaths(_ name: String) -> [[String]] {
        if probe.forcedCase != nil, isTop { return [[name]] }
        switch walk.options.keyDecodingStrategy.base {
        case .useDefaultKeys:
            return [[name]]
        case .convertFromSnakeCase:
            let snake = KeyEncodingStrategy.snakeCased(name)
            return snake == name ? [[name]] : [[snake], [name]]
        case .custom:
            object.unlistable = "The members' keys are converted by a custom keyDecodingStrategy: their JSON spelling is not known."
            return [[name]]
        }
    }

    // MARK: Reading

    /// Records a read of `T` at `key` and answers it. `ifPresent`: `decodeIfPresent`.
    private func read<T: Decodable>(_ type: T.Type, _ key: Key, ifPresent: Bool) throws -> T? {
        let name = key.stringValue
        let path = codingPath + [key]
        switch place(of: key) {
        case .nowhere:
            let value = try walk.describe(T.self).1
            if value == nil, !ifPresent { throw SchemaProbe.noValue(T.self, codingPath: path) }
            return value
        case .flattened:
            return try flatten(T.self, path: path, optional: ifPresent)
        case .paths(let paths):
            let override = meta?.elementTypes[name]
            var (schema, value) = try walk.describe(T.self, override: override)
            if let transform = meta?.transforms[name] {
                schema = SchemaJSON.unknown("Read by the value transform \(transform.name).")
            }
            let optional = ifPresent || T.self is any SchemaOptional.Type
            let required = !optional && walk.options.missingValueStrategy.base == .throw && probe.requiredAllowed
                && !probe.checkedKeys.contains(name) && paths.count == 1
            for (index, jsonPath) in paths.enumerated() {
                object.add(jsonPath, schema: schema, nullable: ifPresent, required: index == 0 && required)
            }
            if value == nil, !ifPresent { throw SchemaProbe.noValue(T.self, codingPath: path) }
            return value
        }
    }

    /// A flattened property: its model reads its keys from this object.
    private func flatten<T: Decodable>(_ type: T.Type, path: [any CodingKey], optional: Bool) throws -> T? {
        if let wrapped = T.self as? any SchemaOptional.Type {
            try wrapped.flattenWrapped(probe: probe, object: object, codingPath: path)
            return wrapped.schemaNone as? T
        }
        let value = try SchemaKeyedContainer.flattenModel(T.self, probe: probe, object: object, codingPath: path,
                                                          requiredAllowed: !optional)
        if value == nil, !optional { throw SchemaProbe.noValue(T.self, codingPath: path) }
        return value
    }

    /// Runs a flattened model's `init(from:)` on `object`.
    static func flattenModel<M: Decodable>(_ type: M.Type, probe: SchemaProbe, object: SchemaObject, codingPath: [any CodingKey],
                                           requiredAllowed: Bool) throws -> M? {
        let meta = try ConformanceIndex.model(M.self).map { model throws(MappingTableError) in try ModelMeta.of(model) }
        let inner = SchemaProbe(walk: probe.walk, meta: meta, object: object, codingPath: codingPath,
                                requiredAllowed: requiredAllowed && probe.requiredAllowed)
        do {
            return try M(from: inner)
        } catch let error as MappingTableError {
            throw error
        } catch {
            return nil
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .paths(let paths) = place(of: key), let first = paths.first {
            object.markNullable(first)
        }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        // safe: `read` returns a value or throws when not `ifPresent`
        try read(T.self, key, ifPresent: false)!
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try read(T.self, key, ifPresent: true)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try readValue(Bool.self, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try readValue(String.self, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try readValue(Double.self, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try readValue(Float.self, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try readValue(Int.self, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try readValue(Int8.self, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try readValue(Int16.self, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try readValue(Int32.self, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try readValue(Int64.self, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try readValue(UInt.self, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try readValue(UInt8.self, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try readValue(UInt16.self, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try readValue(UInt32.self, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try readValue(UInt64.self, key) }

    /// The scalar overloads' generic read.
    private func readValue<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        // safe: `read` returns a value or throws when not `ifPresent`
        try read(T.self, key, ifPresent: false)!
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let child = childObject(key)
        return KeyedDecodingContainer(SchemaKeyedContainer<NestedKey>(probe: probe, object: child, meta: nil, codingPath: codingPath + [key],
                                                                      isTop: false))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let values = SchemaValues()
        if case .paths(let paths) = place(of: key), let first = paths.first {
            object.addLazy(first, values: values, required: isRequired(key, paths: paths))
        }
        return SchemaUnkeyedContainer(walk: walk, values: values, codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder {
        SchemaProbe(walk: walk, meta: nil, object: object.child("super", required: false), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        SchemaProbe(walk: walk, meta: nil, object: childObject(key), codingPath: codingPath + [key])
    }

    /// The object of a nested keyed container at `key`.
    private func childObject(_ key: Key) -> SchemaObject {
        guard case .paths(let paths) = place(of: key), let first = paths.first else { return SchemaObject() }
        let required = isRequired(key, paths: paths)
        var object = self.object
        for segment in first { object = object.child(segment, required: required) }
        return object
    }

    private func isRequired(_ key: Key, paths: [[String]]) -> Bool {
        walk.options.missingValueStrategy.base == .throw && probe.requiredAllowed && paths.count == 1
            && !probe.checkedKeys.contains(key.stringValue)
    }
}

/// An unkeyed container of the schema probe: the arrays' items. It reports the end after one
/// element (so a `while !isAtEnd` loop reads one) and refuses more than 64 reads.
struct SchemaUnkeyedContainer: UnkeyedDecodingContainer {
    let walk: SchemaWalk
    let values: SchemaValues
    let codingPath: [any CodingKey]
    var count: Int? { nil }
    var isAtEnd: Bool { currentIndex >= 1 }
    private(set) var currentIndex = 0

    init(walk: SchemaWalk, values: SchemaValues, codingPath: [any CodingKey]) {
        self.walk = walk
        self.values = values
        self.codingPath = codingPath
    }

    private mutating func advance() throws {
        guard currentIndex < 64 else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "the schema probe ends arrays after 64 reads"))
        }
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        values.nullable = true
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try advance()
        return try SchemaProbe.value(T.self, walk: walk, codingPath: codingPath) { values.add($0) }
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try readValue(Bool.self) }
    mutating func decode(_ type: String.Type) throws -> String { try readValue(String.self) }
    mutating func decode(_ type: Double.Type) throws -> Double { try readValue(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { try readValue(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try readValue(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try readValue(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try readValue(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try readValue(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try readValue(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try readValue(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try readValue(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try readValue(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try readValue(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try readValue(UInt64.self) }

    /// The scalar overloads' generic read.
    private mutating func readValue<T: Decodable>(_ type: T.Type) throws -> T {
        try advance()
        return try SchemaProbe.value(T.self, walk: walk, codingPath: codingPath) { values.add($0) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try advance()
        let object = SchemaObject()
        values.add(object)
        let probe = SchemaProbe(walk: walk, meta: nil, object: object, codingPath: codingPath)
        return KeyedDecodingContainer(SchemaKeyedContainer<NestedKey>(probe: probe, object: object, meta: nil, codingPath: codingPath, isTop: false))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try advance()
        let nested = SchemaValues()
        values.add(nested)
        return SchemaUnkeyedContainer(walk: walk, values: nested, codingPath: codingPath)
    }

    mutating func superDecoder() throws -> any Decoder {
        try advance()
        let object = SchemaObject()
        values.add(object)
        return SchemaProbe(walk: walk, meta: nil, object: object, codingPath: codingPath)
    }
}

/// A single-value container of the schema probe: the value's schema.
struct SchemaSingleValueContainer: SingleValueDecodingContainer {
    let walk: SchemaWalk
    let values: SchemaValues
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        values.nullable = true
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try SchemaProbe.value(T.self, walk: walk, codingPath: codingPath) { values.add($0) }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try readValue(Bool.self) }
    func decode(_ type: String.Type) throws -> String { try readValue(String.self) }
    func decode(_ type: Double.Type) throws -> Double { try readValue(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try readValue(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try readValue(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try readValue(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try readValue(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try readValue(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try readValue(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try readValue(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try readValue(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try readValue(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try readValue(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try readValue(UInt64.self) }

    /// The scalar overloads' generic read.
    private func readValue<T: Decodable>(_ type: T.Type) throws -> T {
        try SchemaProbe.value(T.self, walk: walk, codingPath: codingPath) { values.add($0) }
    }
}
