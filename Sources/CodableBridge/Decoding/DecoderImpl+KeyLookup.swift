import Foundation

extension DecoderImpl {
    // MARK: Finding members

    /// The value node of member `name` in `object`.
    ///
    /// Starts at the cursor of this container depth (the key after the last one found in this
    /// object) and wraps around, so in-order reads compare one key each. Objects with repeated
    /// keys are scanned whole, so the first occurrence wins (or, under
    /// `DuplicateKeyStrategy.useLast`, the last).
    @inline(__always)
    func findMember(_ name: String, in object: Int, depth: Int = -1) -> Int? {
        var name = name
        return name.withUTF8 { key in findMember(key, in: object, depth: depth) }
    }

    func findMember(_ key: UnsafeBufferPointer<UInt8>, in object: Int, depth: Int) -> Int? {
        let objectNode = nodes[object]
        let first = object + 1
        let end = objectNode.payload
        guard first < end else { return nil }
        guard objectNode.flags & JSONTape.Flags.duplicateKeys == 0 else { return _slowPathFindRepeated(key, in: object) }
        let useCursor = depth >= 0
        var start = first
        if useCursor, depth < cursors.count {
            let cursor = cursors.base[depth]
            if cursor.object == object, cursor.position <= end { start = cursor.position }
        }
        var member = start
        while member < end {
            if keyEquals(member, key) { return found(member, object: object, depth: useCursor ? depth : -1) }
            member = next(member + 1)
        }
        // Not after the cursor: a key out of order, or a miss.
        if useCursor, depth < keySummaries.count, keySummaries.base[depth].object == object, !keySummaries.base[depth].mayHold(key) {
            return nil
        }
        member = first
        while member < start {
            if keyEquals(member, key) { return found(member, object: object, depth: useCursor ? depth : -1) }
            member = next(member + 1)
        }
        if useCursor, completedValues != nil { _slowPathMissed(object, depth: depth) }
        return nil
    }

    /// A lookup in `object` of a partial document's snapshot found nothing: at its second miss,
    /// the object's keys are summarised (``KeySummary``), so that its later misses cost a few
    /// instructions instead of a scan of every member. An object that is still arriving misses
    /// most of its model's keys in every snapshot. (A complete document's objects miss only
    /// optional keys, mostly once each: summarising them would cost more than it saves.)
    @inline(never)
    private func _slowPathMissed(_ object: Int, depth: Int) {
        while keySummaries.count <= depth { keySummaries.append(KeySummary()) }
        let summary = keySummaries.base[depth]
        guard summary.object != object else { return }  // a key whose bit another key set
        guard summary.missed == object else {
            keySummaries.base[depth].missed = object
            return
        }
        var keys = KeySummary()
        keys.object = object
        var member = object + 1
        let end = nodes[object].payload
        while member < end {
            let node = nodes[member]
            keys.add(UnsafeBufferPointer(start: start(of: node), count: Int(node.length)))
            member = next(member + 1)
        }
        keySummaries.base[depth] = keys
    }

    /// ``findMember(_:in:depth:)`` in an object that repeats a key: the first match, or the last
    /// when the object keeps the last (``JSONTape/Flags/lastKeyWins``). No cursor.
    @inline(never)
    private func _slowPathFindRepeated(_ key: UnsafeBufferPointer<UInt8>, in object: Int) -> Int? {
        let keepsLast = nodes[object].flags & JSONTape.Flags.lastKeyWins != 0
        var match: Int?
        var member = object + 1
        let end = nodes[object].payload
        while member < end {
            if keyEquals(member, key) {
                match = member
                if !keepsLast { break }
            }
            member = next(member + 1)
        }
        guard let match else { return nil }
        return found(match, object: object, depth: -1)
    }

    /// The key nodes of `object` that a later member repeats, when the object keeps the last
    /// occurrence of a repeated key (``JSONTape/Flags/lastKeyWins``): the members a reader of
    /// every member skips. Empty for every other object.
    func shadowedMembers(of object: Int) -> Set<Int> {
        guard nodes[object].flags & JSONTape.Flags.lastKeyWins != 0 else { return [] }
        var lastOccurrence: [String: Int] = [:]
        var member = object + 1
        let end = nodes[object].payload
        while member < end {
            lastOccurrence[text(member)] = member
            member = next(member + 1)
        }
        var shadowed = Set<Int>()
        member = object + 1
        while member < end {
            if lastOccurrence[text(member)] != member { shadowed.insert(member) }
            member = next(member + 1)
        }
        return shadowed
    }

    @inline(__always)
    private func keyEquals(_ member: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = nodes[member]
        guard Int(node.length) == key.count else { return false }
        guard let base = key.baseAddress else { return true }
        return memcmp(start(of: node), base, key.count) == 0
    }

    @inline(__always)
    private func found(_ member: Int, object: Int, depth: Int) -> Int {
        membersFound &+= 1
        let value = member + 1
        if depth >= 0 {
            while cursors.count <= depth { cursors.append((object: -1, position: 0)) }
            cursors.base[depth] = (object, next(value))
        }
        return value
    }

    /// The value for a mapped property: its candidates in table order (literal key, key path,
    /// alternates), applying the alternate-key rule. A key path walks nested objects; a missing or
    /// non-object step means absent. Compares the plan's UTF-8 bytes with the tape's directly.
    func findMapped(_ plan: LookupPlan, in object: Int, depth: Int = -1) -> Int? {
        if let key = plan.renamedKey { return findMember(key, in: object, depth: depth) }
        var firstNull: Int?
        for (i, segments) in plan.candidates.enumerated() {
            let isDotted = plan.dottedKeys & (1 << UInt64(i)) != 0
            guard let node = isDotted ? findDotted(segments[0], in: object, depth: depth) : walk(segments, from: object, depth: depth) else {
                continue
            }
            if nodes[node].kind != .null || firstPresentAlternates { return node }
            if firstNull == nil { firstNull = node }
        }
        return firstNull
    }

    /// A candidate's key or key path from `object`: `nil` at the first missing or non-object step.
    @inline(__always)
    private func walk(_ segments: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, from object: Int, depth: Int) -> Int? {
        var node = object
        for segment in segments {
            guard nodes[node].kind == .object else { return _slowPathBlockedWalk(at: node, from: object) }
            guard let value = findSegment(segment, in: node, of: object, isParent: segments.count > 1, depth: depth) else { return nil }
            node = value
        }
        return node
    }

    /// A key path that reached a member that is not an object: absent. Under lenient policies
    /// a member that is not null either is remembered (`blockedWalkObject`), so the property's
    /// absence can be reported ("ext is a string, not an object").
    @inline(never)
    private func _slowPathBlockedWalk(at node: Int, from object: Int) -> Int? {
        if lenient, nodes[node].kind != .null { blockedWalkObject = object }
        return nil
    }

    /// One segment of a candidate. The first is a member of the container's object, found from
    /// its cursor; a key path's parent found there is remembered, since a model's key paths often
    /// share it (`entities.urls`, `entities.media`) and its cursor has moved on by the next one.
    @inline(__always)
    private func findSegment(_ segment: UnsafeBufferPointer<UInt8>, in node: Int, of object: Int, isParent: Bool, depth: Int) -> Int? {
        guard node == object else { return findMember(segment, in: node, depth: -1) }
        guard isParent else { return findMember(segment, in: node, depth: depth) }
        if pathParent.object == object, pathParent.key == segment.baseAddress {
            membersFound &+= 1
            return pathParent.value
        }
        let value = findMember(segment, in: node, depth: depth)
        if let value { pathParent = (object, segment.baseAddress, value) }
        return value
    }

    /// A key containing a dot, taken literally (`"ext.desc"`, tried before the path `ext` →
    /// `desc`): rarely present, so a mask of the object's key lengths (one pass over the object
    /// per object, cheaper than one scan comparing keys) rules out most of them without a scan.
    private func findDotted(_ key: UnsafeBufferPointer<UInt8>, in object: Int, depth: Int) -> Int? {
        if keyLengths.object != object { keyLengths = (object, lengthMask(of: object)) }
        if keyLengths.mask & DecoderImpl.lengthBit(key.count) == 0 { return nil }
        return findMember(key, in: object, depth: depth)
    }

    private static func lengthBit(_ length: Int) -> UInt64 {
        1 << UInt64(length & 63)
    }

    /// Bit `length % 64` is set for the length of every key of `object`.
    private func lengthMask(of object: Int) -> UInt64 {
        var mask: UInt64 = 0
        var member = object + 1
        let end = nodes[object].payload
        while member < end {
            mask |= DecoderImpl.lengthBit(Int(nodes[member].length))
            member = next(member + 1)
        }
        return mask
    }

    /// Member keys converted by the key decoding strategy, by ordinal.
    func convertedKeys(of object: Int, at node: Int) -> [String] {
        var keys: [String] = []
        keys.reserveCapacity(Int(nodes[object].length))
        var member = object + 1
        let end = nodes[object].payload
        while member < end {
            let raw = text(member)
            switch options.keyDecodingStrategy.base {
            case .useDefaultKeys:
                keys.append(raw)
            case .convertFromSnakeCase:
                keys.append(KeyConversion.fromSnakeCase(raw))
            case .custom(let convert):
                keys.append(convert(codingPath(of: node) + [AnyCodingKey(raw)]).stringValue)
            }
            member = next(member + 1)
        }
        return keys
    }

    /// The value node of the first member whose converted key is `name` (the last, when the
    /// object keeps the last occurrence of a repeated key).
    func findConverted(_ name: String, in object: Int, convertedKeys: [String]) -> Int? {
        let keepsLast = nodes[object].flags & JSONTape.Flags.lastKeyWins != 0
        guard let ordinal = keepsLast ? convertedKeys.lastIndex(of: name) : convertedKeys.firstIndex(of: name) else { return nil }
        membersFound &+= 1
        var member = object + 1
        for _ in 0 ..< ordinal { member = next(member + 1) }
        unknownKeys?.mark(member)
        return member + 1
    }

    /// Whether a string node is one of the policy's null words (`"<null>"` under `.yyModel`).
    func isNullWord(_ node: Int) -> Bool {
        nodes[node].kind == .string && options.coercion.isNullWord(text(node))
    }

    // MARK: The root: entry points and key paths

    /// The entry point: decodes the whole document, or the part at `keyPath`.
    static func decode<T: Decodable>(_ type: T.Type, tape: JSONTape, options: BridgeDecoder, report: ReportCollector?,
                                     keyPath: String?, update: UpdateFallback? = nil, part: ArrayPart? = nil) throws -> T
    {
        var impl = DecoderImpl(tape: tape, options: options, report: report, path: [])
        impl.reusesContainers = true
        defer {
            impl.endReuse()
            // A container a model still holds must not read borrowed memory after the decode.
            if tape.isBorrowed, !isKnownUniquelyReferenced(&impl) { impl.keepOwnTape() }
            // Containers a model keeps may be used later; what they do is not this decode's.
            report?.close()
        }
        return try impl.decodeRoot(type, keyPath: keyPath, update: update, part: part)
    }

    /// A metatype value naming a subclass of `T` (`Employee.self as Person.Type`): decoded as that
    /// subclass, as `JSONDecoder` does (it calls `type.init(from:)`). The unkeyed and single-value
    /// containers' `decode(_:)` do the same through ``narrow(_:to:)``; a keyed container never
    /// sees the metatype value (the standard library's `KeyedDecodingContainer` passes `T.self`).
    @inline(never)
    func decodeRootAsDynamicType<T: Decodable>(_ type: T.Type, node: Int) throws -> T {
        func open<Dynamic: Decodable>(_: Dynamic.Type) throws -> any Decodable {
            try decodingRoot(node: node) { try unwrap(Dynamic.self, node: node, key: nil) }
        }
        let dynamic: any Decodable.Type = type  // a variable: `as` would keep it closed
        return try Self.narrow(open(dynamic), to: T.self)
    }

    /// A value decoded through a metatype value's dynamic type, as the static type `T`.
    static func narrow<T>(_ value: any Decodable, to _: T.Type) throws -> T {
        guard let value = value as? T else {
            throw DecodingMessages.dataCorrupted(path: [], "\(Swift.type(of: value)) is not a \(T.self).")
        }
        return value
    }

    /// The entry point for a `DecodableWithConfiguration` type: its `init(from:configuration:)`
    /// decodes the whole document, as `JSONDecoder.decode(_:from:configuration:)` calls it.
    @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *)
    static func decode<T: DecodableWithConfiguration>(_ type: T.Type, configuration: T.DecodingConfiguration, tape: JSONTape,
                                                      options: BridgeDecoder, report: ReportCollector?) throws -> T
    {
        let impl = DecoderImpl(tape: tape, options: options, report: report, path: [])
        impl.reusesContainers = true
        defer {
            impl.endReuse()
            report?.close()
        }
        return try impl.decodingRoot(node: 0) {
            try impl.descend(into: 0, key: nil) { try T(from: impl, configuration: configuration) }
        }
    }

    /// Runs the decode of the root value at `node`, turning what the lenient machinery throws
    /// into `DecodingError`s.
    func decodingRoot<T>(node: Int, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let rejection as ModelRejected {
            throw DecodingMessages.rejected(rejection, path: codingPath)
        } catch let notConverted as NotConverted {
            if node != DecoderImpl.missingNode, nodes[node].kind == .null {
                // A null root has no property to default: `JSONDecoder`'s valueNotFound.
                throw DecodingMessages.valueNotFound(notConverted.expected, path: codingPath)
            }
            throw DecodingMessages.notConverted(notConverted, path: codingPath)
        }
    }

    /// The entry point's decode (``decode(_:tape:options:report:keyPath:update:part:)``) of the
    /// value at `keyPath`, or of the root; apart, so that its closures capture no variable there.
    @inline(__always)
    func decodeRoot<T: Decodable>(_ type: T.Type, keyPath: String?, update: UpdateFallback?, part: ArrayPart?) throws -> T {
        var node = 0
        if let keyPath {
            node = try locate(keyPath: keyPath)
            rootDepth = path.count
            rootPrefix = path
        }
        self.update = update
        if var part {
            part.node = node
            self.part = part
        }
        if ObjectIdentifier(type) != ObjectIdentifier(T.self) { return try decodeRootAsDynamicType(type, node: node) }
        return try decodingRoot(node: node) { try unwrap(T.self, node: node, key: nil) }
    }

    /// The number of elements of the array at `keyPath` in `tape`; `nil` when there is none.
    static func arrayLength(at keyPath: String, in tape: JSONTape, options: BridgeDecoder) -> Int? {
        let impl = DecoderImpl(tape: tape, options: options, report: nil, path: [], tracksUnknownKeys: false)
        guard let node = try? impl.locate(keyPath: keyPath), impl.nodes[node].kind == .array else { return nil }
        return Int(impl.nodes[node].length)
    }

    /// Walks `keyPath` (`"data.items"`, numeric segments index arrays) from the root, pushing each
    /// segment onto the path. Throws `keyNotFound` naming the first missing segment.
    func locate(keyPath: String) throws -> Int {
        var node = 0
        for segment in keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            let found: Int?
            switch nodes[node].kind {
            case .object: found = findMember(segment, in: node)
            case .array:
                if let i = Int(segment), i >= 0, i < Int(nodes[node].length) {
                    var child = node + 1
                    for _ in 0 ..< i { child = tape.nextSibling(child) }
                    found = child
                } else {
                    found = nil
                }
            default: found = nil
            }
            guard let found else {
                throw DecodingMessages.keyNotFound(AnyCodingKey(segment), path: codingPath)
            }
            path.append(.name(segment))
            node = found
        }
        return node
    }
}

/// Which keys an object may hold: one bit of 128 per key, chosen by a hash of the key's length
/// and its first and last bytes. A key whose bit is clear is not a member; one whose bit is set
/// may be.
struct KeySummary {
    /// The object whose keys the bits summarise; -1 for none.
    var object = -1
    /// The object that last missed a lookup at this depth, while not summarised.
    var missed = -1
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    @inline(__always)
    private static func bit(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let first = key.isEmpty ? 0 : UInt64(key[0])
        let last = key.isEmpty ? 0 : UInt64(key[key.count - 1])
        let mixed = (UInt64(truncatingIfNeeded: key.count) << 16 | first << 8 | last) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 57)
    }

    mutating func add(_ key: UnsafeBufferPointer<UInt8>) {
        let bit = Self.bit(key)
        if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
    }

    @inline(__always)
    func mayHold(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let bit = Self.bit(key)
        return (bit < 64 ? low >> UInt64(bit) : high >> UInt64(bit - 64)) & 1 != 0
    }
}

/// Key conversions exactly as Foundation's `JSONDecoder` / `JSONEncoder` perform them.
package enum KeyConversion {
    /// `first_name` → `firstName`; leading and trailing underscores kept; no inner `_` → unchanged.
    package static func fromSnakeCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        guard let firstNonUnderscore = key.firstIndex(where: { $0 != "_" }) else { return key }
        var lastNonUnderscore = key.index(before: key.endIndex)
        while lastNonUnderscore > firstNonUnderscore, key[lastNonUnderscore] == "_" {
            key.formIndex(before: &lastNonUnderscore)
        }
        let keyRange = firstNonUnderscore ... lastNonUnderscore
        let leading = key[key.startIndex ..< firstNonUnderscore]
        let trailing = key[key.index(after: lastNonUnderscore)...]
        let components = key[keyRange].split(separator: "_")
        let joined: String
        if components.count == 1 {
            joined = String(key[keyRange])
        } else {
            joined = ([components[0].lowercased()] + components[1...].map { $0.capitalized }).joined()
        }
        return String(leading) + joined + String(trailing)
    }
}

extension DecoderImpl.KeyedContainer {
    /// Why the property `key` is absent when one of its key paths runs through a member that is
    /// present but neither an object nor null (`"ext": "oops"` for `ext.desc`): "ext is a string,
    /// not an object". `nil` otherwise, and always under strict policies.
    func blockedKeyPath(_ key: Key) -> String? {
        guard impl.lenient, object != DecoderImpl.missingNode, let meta, meta.hasKeyPaths else { return nil }
        // The table's rule first (bytes compared, no hashing): most absent properties are not
        // mapped through a key path.
        var name = key.stringValue
        guard case .mapped(let plan)? = name.withUTF8({ rule(forUTF8: $0) }), plan.renamedKey == nil,
              plan.candidates.contains(where: { $0.count > 1 }) else { return nil }
        let membersFound = impl.membersFound
        defer { impl.membersFound = membersFound }
        for lookup in meta.candidates(of: plan) where lookup.segments.count > 1 {
            var node = object
            for (index, segment) in lookup.segments.dropLast().enumerated() {
                guard let value = impl.findMember(segment, in: node, depth: -1) else { break }
                let kind = impl.nodes[value].kind
                if kind == .null { break }
                if kind != .object {
                    return DecodingMessages.keyPathParentNotAnObject(lookup.segments[...index].joined(separator: "."), found: kind)
                }
                node = value
            }
        }
        return nil
    }
}
