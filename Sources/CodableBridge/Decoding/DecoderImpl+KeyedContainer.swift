import Foundation

extension DecoderImpl {
    /// A JSON object seen through a model's coding keys (and its mapping table, if any).
    ///
    /// Keys are found by comparing UTF-8 bytes in the tape, starting from a per-depth cursor just
    /// after the last key found: models usually read their keys in document order, so most
    /// lookups compare one key. Mapped properties walk their candidates (literal key, key path,
    /// alternates) in table order.
    final class KeyedContainer<Key: CodingKey>: KeyedContainerFields, KeyedDecodingContainerProtocol {
        /// JSON keys converted by a non-default `keyDecodingStrategy`, by member ordinal.
        var convertedKeys: [String]? { context?.convertedKeys }
        /// The names of `Key`'s cases, when it is a payload-free enum (Support/CaseKeyNames.swift),
        /// and their table, read without reference counting while the container keeps them.
        let caseNames: CaseKeyNames?, caseTable: CaseKeyNames.Table?

        init(impl: DecoderImpl, object: Int, meta: ModelMeta?, nestedNode: Int? = nil, snapshot: ValueSnapshot? = nil) {
            caseNames = TypeFacts.of(Key.self).caseNames(of: Key.self)
            caseTable = caseNames?.table
            super.init(impl: impl)
            open(object, meta: meta, nestedNode: nestedNode, snapshot: snapshot)
        }

        var codingPath: [any CodingKey] { impl.codingPath(of: pathNode) }

        var allKeys: [Key] {
            guard object != DecoderImpl.missingNode else { return [] }
            if impl.unknownKeys != nil { impl.markAllMembers(of: object) }
            if let learning = impl.captureLearning, learning.object == object { learning.reads.readsAllKeys = true }
            var keys: [Key] = []
            var seen = Set<String>()
            var mappedTargets = Set<String>()
            if let meta {
                for (property, lookups) in meta.lookups.sorted(by: { $0.key < $1.key }) where meta.isIncluded(property) {
                    mappedTargets.formUnion(lookups.compactMap { $0.segments.count == 1 ? $0.segments[0] : nil })
                    guard case .mapped(let plan) = meta.decodingRule(for: property) else { continue }
                    if impl.findMapped(plan, in: object) != nil, let key = Key(stringValue: property), seen.insert(property).inserted {
                        keys.append(key)
                    }
                }
            }
            // With a key style, a member is the property whose styled key it is.
            let styledProperties = meta.flatMap { impl.styledProperties(Key.self, meta: $0) { impl.memberKeys(of: object) } }
            var member = object + 1
            var ordinal = 0
            let end = impl.nodes[object].payload
            while member < end {
                let raw = convertedKeys?[ordinal] ?? impl.text(member)
                let styled = styledProperties.map { $0[raw] }
                let name = styled ?? raw
                let isMappedElsewhere = name.map { meta?.lookups[$0] != nil || mappedTargets.contains($0) } ?? true
                if !isMappedElsewhere, let name, meta?.isIncluded(name) ?? true, seen.insert(name).inserted, let key = Key(stringValue: name) {
                    keys.append(key)
                }
                member = impl.next(member + 1)
                ordinal += 1
            }
            return keys
        }

        func contains(_ key: Key) -> Bool {
            find(key) != nil
        }

        /// The value node for `key`, or `nil` when absent (or excluded by the mapping).
        @inline(__always)
        func find(_ key: Key) -> Int? {
            if impl.requestedKeys != nil { noteRequested(key) }
            guard object != DecoderImpl.missingNode else { return nil }
            // A plain model's container (no table, no context) takes the short path: kept
            // apart, its lookup stays small enough to be inlined into each `decode` method.
            #if !CODABLEBRIDGE_PORTABLE
            if let caseTable {
                let utf8 = caseTable.utf8(of: key)
                return meta == nil && context == nil ? findOwnKey(utf8) : find(key, utf8: utf8)
            }
            #endif
            var name = key.stringValue
            guard meta == nil, context == nil else { return name.withUTF8 { find(key, utf8: $0) } }
            return name.withUTF8 { findOwnKey($0) }
        }

        /// While tables are verified (first decode of a type): records the coding key the model
        /// asked for, and what it reads when a model's reads are being learnt for its capture.
        @inline(never)
        private func noteRequested(_ key: Key) {
            if let meta {
                // safe: the caller checked `requestedKeys` non-nil
                impl.requestedKeys![ObjectIdentifier(meta), default: []].insert(key.stringValue)
            }
            if let learning = impl.captureLearning, learning.object == object, object != DecoderImpl.missingNode {
                learning.note(key.stringValue, meta: meta)
            }
        }

        /// `find(_:)` with the key's UTF-8 bytes, taken once for the table and the tape.
        @inline(__always)
        private func find(_ key: Key, utf8: UnsafeBufferPointer<UInt8>) -> Int? {
            if let rule = rule(forUTF8: utf8) {
                switch rule {
                case .own:
                    if let meta, meta.keyStyle != nil, let styled = meta.styledKey(for: key.stringValue) {
                        let node = impl.findMember(styled, in: object, depth: depth)
                        if let tracker = impl.unknownKeys, let node { tracker.mark(node - 1) }
                        return node
                    }
                case .excluded: return nil
                case .mapped(let plan):
                    if impl.unknownKeys != nil, let meta { impl.markMapped(meta.candidates(of: plan), in: object, node: pathNode) }
                    return impl.findMapped(plan, in: object, depth: depth)
                case .flatten: return object
                }
            }
            if let convertedKeys = context?.convertedKeys {
                return impl.findConverted(key.stringValue, in: object, convertedKeys: convertedKeys)
            }
            return findOwnKey(utf8)
        }

        /// The member whose key is the coding key's own UTF-8 bytes.
        @inline(__always)
        private func findOwnKey(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
            let node = impl.findMember(utf8, in: object, depth: depth)
            if let tracker = impl.unknownKeys, let node { tracker.mark(node - 1) }
            return node
        }

        /// The table's rule for the coding key with UTF-8 bytes `key` (`nil` for a model without
        /// a mapping).
        @inline(__always)
        func rule(forUTF8 key: UnsafeBufferPointer<UInt8>) -> ModelMeta.DecodingRule? {
            meta?.decodingRule(forUTF8: key)
        }

        /// The JSON keys a missing property was looked up at, spelt when a message needs them.
        func triedKeys(_ key: Key) -> DecoderImpl.TriedKeys {
            meta == nil ? .none : DecoderImpl.TriedKeys(owner: meta, property: key.stringValue)
        }

        /// The JSON keys tried for a property, for messages (``ModelMeta/spellings(of:)``).
        func tried(_ key: Key) -> [String] {
            triedKeys(key).spellings
        }

        /// Runs `body` with the impl's path at this container's own (see `DecoderImpl.inScope`).
        @inline(__always)
        func inScope<R>(_ body: () throws -> R) rethrows -> R {
            if impl.isCurrentScope(token: scopeToken, depth: depth) { return try body() }
            return try impl._slowPathInScope(of: pathNode, body)
        }

        // MARK: decode

        @inline(__always)
        func decodeRequired<T: Decodable>(_ type: T.Type, _ key: Key, scalar: Bool = false, _ read: (Int, PathComponent?) throws -> T) throws -> T {
            if hasTransforms { return try _slowPathTransformedRequired(T.self, key, read) }
            return try decodeRequiredValue(T.self, key, scalar: scalar, read)
        }

        /// A property of a model with `valueTransforms` (DecoderImpl+KeyedContainer.swift): its
        /// transform, if it has one, replaces `read`.
        @inline(never)
        private func _slowPathTransformedRequired<T: Decodable>(_ type: T.Type, _ key: Key, _ read: (Int, PathComponent?) throws -> T) throws -> T {
            guard let transform = try transform(for: key, T.self) else { return try decodeRequiredValue(T.self, key, read) }
            return try decodeRequiredValue(T.self, key) { node, component in try impl.decodeTransformed(transform, T.self, node: node, key: component) }
        }

        @inline(__always)
        private func decodeRequiredValue<T: Decodable>(_ type: T.Type, _ key: Key, scalar: Bool = false, _ read: (Int, PathComponent?) throws -> T) throws -> T {
            try inScope {
                guard let node = find(key) else { return try missingProperty(T.self, key, scalar: scalar, read) }
                do {
                    // The component is made here, already optional, for the call alone: `read`
                    // takes it as the unwrap functions do, so no thunk converts it per property.
                    return try read(node, .key(key))
                } catch {
                    return try _slowPathRecoverRequired(T.self, key, node: node, from: error)
                }
            }
        }

        /// The value of a required property whose read threw: its substitute when the error is
        /// one a default absorbs, else the error. Out of line, so the property's hot path does not
        /// lay out a `DecodingError` (a type of unknown size in the standard library) per call.
        @inline(never)
        private func _slowPathRecoverRequired<T: Decodable>(_ type: T.Type, _ key: Key, node: Int, from error: any Error) throws -> T {
            switch error {
            case let error as NotConverted:
                return try substituteProperty(T.self, key, reason: impl.nodes[node].kind == .null ? .null : .notConverted(error))
            case let error as ModelRejected:
                impl.discardEvents(inside: .key(key))
                return try substituteProperty(T.self, key, reason: .rejected(error))
            case let error as DecodingError where impl.isUnknownCase(error, T.self, owner: meta):
                return try substituteProperty(T.self, key, reason: .notConverted(impl.unknownCase(node, T.self)))
            case let error as DecodingError where impl.hasDeclaredFallback(error, T.self, key: .key(key), owner: meta):
                return try substituteProperty(T.self, key, reason: .notConverted(impl.failedValue(error, T.self, node: node, key: .key(key))))
            default:
                throw error
            }
        }

        @inline(__always)
        private func decodeOptional<T: Decodable>(_ type: T.Type, _ key: Key, _ read: (Int, PathComponent?) throws -> T) throws -> T? {
            if hasTransforms { return try _slowPathTransformedOptional(T.self, key, read) }
            return try decodeOptionalValue(T.self, key, read)
        }

        @inline(never)
        private func _slowPathTransformedOptional<T: Decodable>(_ type: T.Type, _ key: Key, _ read: (Int, PathComponent?) throws -> T) throws -> T? {
            guard let transform = try transform(for: key, T.self) else { return try decodeOptionalValue(T.self, key, read) }
            return try decodeOptionalValue(T.self, key) { node, component in try impl.decodeTransformed(transform, T.self, node: node, key: component) }
        }

        @inline(__always)
        private func decodeOptionalValue<T: Decodable>(_ type: T.Type, _ key: Key, _ read: (Int, PathComponent?) throws -> T) throws -> T? {
            try inScope {
                guard let node = find(key) else {
                    // A plain model's absent optional is nil; a mapped one's may be reported.
                    if meta == nil, context == nil { return nil }
                    if impl.blockedWalkObject == object, context == nil { _slowPathReportBlockedKeyPath(key) }
                    return context != nil ? currentValue(T.self, key) : nil
                }
                if impl.nodes[node].kind == .null { return nil }
                do {
                    return try read(node, .key(key))
                } catch {
                    return try _slowPathRecoverOptional(T.self, key, node: node, from: error)
                }
            }
        }

        /// The value of an optional property whose read threw: `nil` (reported) or its current
        /// value when the error is one the optional absorbs, else the error. Out of line, as
        /// ``_slowPathRecoverRequired(_:_:node:from:)``.
        @inline(never)
        private func _slowPathRecoverOptional<T: Decodable>(_ type: T.Type, _ key: Key, node: Int, from error: any Error) throws -> T? {
            switch error {
            case is NotConverted, is ModelRejected:
                return try absorbProperty(error, T.self, node: node, key: key)
            case let error as DecodingError where impl.lenient && !error.isProgrammerError:
                // The value's own `init(from:)` threw: the optional is nil (lenient policies).
                let signal = impl.isUnknownCase(error, T.self, owner: meta)
                    ? impl.unknownCase(node, T.self) : impl.failedValue(error, T.self, node: node, key: .key(key))
                return try absorbProperty(signal, T.self, node: node, key: key)
            default:
                throw error
            }
        }

        /// Reports an absent optional that becomes `nil` because a key path of the property runs
        /// through a member that is neither an object nor null (lenient policies). Not generic
        /// over the value: a `T?` here would cost its metadata on every call.
        @inline(never)
        private func _slowPathReportBlockedKeyPath(_ key: Key) {
            if let blocked = blockedKeyPath(key) {
                impl.record(.defaulted, key: .key(key), rule: "key path blocked → nil", DecodingMessages.usedNil(blocked))
            }
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            guard let node = find(key) else {
                throw DecodingMessages.keyNotFound(key, path: codingPath, tried: tried(key))
            }
            return impl.nodes[node].kind == .null
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeRequired(type, key, scalar: true) { try impl.unwrapBool($0, $1) } }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeRequired(type, key, scalar: true) { try impl.unwrapString($0, $1) } }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeRequired(type, key, scalar: true) { try impl.unwrapFloatingPoint($0, $1, as: Double.self) } }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeRequired(type, key, scalar: true) { try impl.unwrapFloatingPoint($0, $1, as: Float.self) } }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: Int.self) } }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: Int8.self) } }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: Int16.self) } }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: Int32.self) } }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: Int64.self) } }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: UInt.self) } }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: UInt8.self) } }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: UInt16.self) } }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: UInt32.self) } }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: UInt64.self) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: Int128.self) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decodeRequired(type, key, scalar: true) { try impl.unwrapInteger($0, $1, as: UInt128.self) } }

        /// How a non-scalar property is read when its type's tables have composite rules
        /// (`ModelMeta.hasCompositeRules`): as the unknown-member capture, as a flattened model,
        /// or as a value with an `elementTypes` override.
        private enum CompositeRoute {
            case capture(ModelMeta)
            case flattened
            case value(elementType: (any Codable.Type)?)
        }

        @inline(__always)
        private func compositeRoute(_ key: Key) -> CompositeRoute {
            guard hasCompositeRules, let meta else { return .value(elementType: nil) }
            if let capture = meta.unknownKeysProperty, capture == key.stringValue { return .capture(meta) }
            if !meta.flattened.isEmpty, meta.flattened.contains(key.stringValue) { return .flattened }
            return .value(elementType: meta.elementTypes.isEmpty ? nil : meta.elementTypes[key.stringValue])
        }

        /// The `unknownKeysProperty`: the object's members that no property reads.
        private func capturedMembers<T: Decodable>(_ type: T.Type, _ key: Key, meta: ModelMeta) throws -> T {
            _ = find(key)
            return try impl.capturedMembers(T.self, object: object, meta: meta, convertedKeys: convertedKeys, key: .key(key),
                                            current: currentValue(JSONObject.self, key))
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let elementType: (any Codable.Type)?
            switch compositeRoute(key) {
            case .capture(let meta): return try capturedMembers(T.self, key, meta: meta)
            case .flattened: return try decodeFlattened(T.self, key)
            case .value(let override): elementType = override
            }
            return try decodeRequired(type, key) { node, component in
                if impl.nodes[node].kind == .null, impl.acceptsNull(T.self) { return impl.nullValue(T.self) }
                if let update = impl.update {
                    try prepareFallback(key)
                    defer { update.next = nil }
                    return try impl.unwrap(T.self, node: node, key: component, elementType: elementType)
                }
                return try impl.unwrap(T.self, node: node, key: component, elementType: elementType)
            }
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeOptional(type, key) { try impl.unwrapBool($0, $1) } }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeOptional(type, key) { try impl.unwrapString($0, $1) } }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeOptional(type, key) { try impl.unwrapFloatingPoint($0, $1, as: Double.self) } }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeOptional(type, key) { try impl.unwrapFloatingPoint($0, $1, as: Float.self) } }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: Int.self) } }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: Int8.self) } }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: Int16.self) } }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: Int32.self) } }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: Int64.self) } }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: UInt.self) } }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: UInt8.self) } }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: UInt16.self) } }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: UInt32.self) } }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: UInt64.self) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: Int128.self) } }
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try decodeOptional(type, key) { try impl.unwrapInteger($0, $1, as: UInt128.self) } }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            let elementType: (any Codable.Type)?
            switch compositeRoute(key) {
            case .capture(let meta): return try capturedMembers(T.self, key, meta: meta)
            case .flattened: return try decodeFlattenedIfPresent(T.self, key)
            case .value(let override): elementType = override
            }
            return try decodeOptional(type, key) { node, component in
                if let update = impl.update {
                    try prepareFallback(key)
                    defer { update.next = nil }
                    return try impl.unwrap(T.self, node: node, key: component, elementType: elementType)
                }
                return try impl.unwrap(T.self, node: node, key: component, elementType: elementType)
            }
        }

        // MARK: nested containers

        private func nestedNode(_ key: Key) throws -> Int {
            guard let node = find(key) else {
                throw DecodingMessages.keyNotFound(key, path: codingPath,
                                                 tried: tried(key))
            }
            return node
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            let component = PathComponent.key(key)
            // `update(_:from:)`: the current value's nested container, kept whole when the patch lacks it.
            let snapshot = try context?.snapshot?.child(key.stringValue)
            if let snapshot, find(key) == nil {
                return KeyedDecodingContainer(KeyedContainer<NestedKey>(impl: impl, object: DecoderImpl.missingNode, meta: nil,
                                                                        nestedNode: impl.appendPathNode(parent: pathNode, component), snapshot: snapshot))
            }
            let node = try nestedNode(key)
            guard impl.nodes[node].kind == .object else {
                throw inScope { impl.mismatch([String: Any].self, node: node, key: component) }
            }
            return KeyedDecodingContainer(KeyedContainer<NestedKey>(impl: impl, object: node, meta: nil, nestedNode: impl.appendPathNode(parent: pathNode, component),
                                                                    snapshot: snapshot))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            let node = try nestedNode(key)
            let component = PathComponent.key(key)
            guard impl.nodes[node].kind == .array else {
                throw inScope { impl.mismatch([Any].self, node: node, key: component) }
            }
            return UnkeyedContainer(impl: impl, array: node, pathNode: impl.appendPathNode(parent: pathNode, component))
        }

        func superDecoder() throws -> any Decoder {
            let node = impl.findMember("super", in: object, depth: depth)
            if let tracker = impl.unknownKeys, let node { tracker.mark(node - 1) }
            if let learning = impl.captureLearning, learning.object == object { learning.reads.jsonKeys.insert("super") }
            return try makeSuperDecoder(key: AnyCodingKey.super, lookup: node)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            try makeSuperDecoder(key: key, lookup: find(key))
        }

        /// A separate decoder positioned at `lookup` (a missing key reads as null, like JSONDecoder;
        /// under `update(_:from:)`, as an empty object over the current value's super container).
        private func makeSuperDecoder(key: any CodingKey, lookup: Int?) throws -> any Decoder {
            let childPath = impl.pathComponents(of: pathNode) + [.key(key)]
            let snapshot = try context?.snapshot?.child(key.stringValue)
            let decoder: DecoderImpl
            if let node = lookup {
                decoder = DecoderImpl(tape: impl.tape, options: impl.options, report: impl.report, path: Array(childPath), current: node)
            } else {
                decoder = DecoderImpl(tape: JSONTape(value: snapshot == nil ? .null : .object([:])), options: impl.options,
                                      report: impl.report, path: Array(childPath))
            }
            if let snapshot { decoder.update = UpdateFallback(level: snapshot) }
            return decoder
        }
    }
}

/// The rarely needed parts of a keyed container, kept out of line so the common container stays
/// small and cheap to copy: keys converted by a `keyDecodingStrategy` and the current value's
/// snapshot in `update(_:from:)`.
final class ContainerContext {
    let convertedKeys: [String]?
    /// `update(_:from:)`: the snapshot of the value this container reads, if it has one.
    let snapshot: ValueSnapshot?

    init(convertedKeys: [String]?, snapshot: ValueSnapshot?) {
        self.convertedKeys = convertedKeys
        self.snapshot = snapshot
    }
}

// Value transforms (`MappableCodable.valueTransforms`) replace the usual decoding of a property.
// The keyed container's common property paths (`decodeRequired` / `decodeOptional`, and
// `update(_:from:)`'s fallback) ask `transform(for:_:)` first; a transform that throws is a
// not-converted value (lenient) or a `dataCorrupted` error (strict), so defaults, nil and the
// report follow exactly as for any other unconverted value.

extension DecoderImpl.KeyedContainer {
    /// The transform for the property `key`, checked against the type its decode asks for (a
    /// mismatch is a table error); `nil` when the property has none.
    @inline(__always)
    func transform<T>(for key: Key, _ type: T.Type) throws -> JSONTransform? {
        guard let meta, meta.hasTransforms, let transform = meta.transforms[key.stringValue] else { return nil }
        guard transform.valueType == T.self else {
            throw DecodingMessages.mappingTable(.transformTypeMismatch(meta.typeName, property: key.stringValue, transform: transform.name,
                                                                       valueType: transform.valueType, propertyType: T.self),
                                                path: inScope { impl.codingPath(adding: .key(key)) })
        }
        return transform
    }
}

extension DecoderImpl {
    /// The value `transform` makes of the JSON value at `node`.
    ///
    /// - Throws: `NotConverted` (lenient) or `DecodingError.dataCorrupted` naming the transform
    ///   (strict) when the transform throws; a null under `.strict` is `valueNotFound`.
    func decodeTransformed<T>(_ transform: JSONTransform, _ type: T.Type, node: Int, key: PathComponent?) throws -> T {
        let value: Any
        do {
            value = try transform.decodeValue(tape.value(at: node))
        } catch {
            let reason = DecodingMessages.transformThrew(transform.name, error)
            if lenient { throw NotConverted(expected: T.self, found: found(node), reason: reason) }
            if nodes[node].kind == .null { throw mismatch(T.self, node: node, key: key) }
            throw DecodingMessages.transformFailed(transform.name, found: found(node), error: error, path: codingPath(adding: key))
        }
        // safe: `transform(for:_:)` checked that the transform's value type is T
        return value as! T
    }
}
