import Foundation

extension DecoderImpl {
    // MARK: Finding members

    /// The value node of member `name` in `object`, first occurrence winning.
    ///
    /// Starts at the cursor of this container depth (the key after the last one found in this
    /// object) and wraps around, so in-order reads compare one key each. Objects with repeated
    /// keys are scanned from the start so the first occurrence wins.
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
        let useCursor = depth >= 0 && objectNode.flags & JSONTape.Flags.duplicateKeys == 0
        var start = first
        if useCursor, depth < cursors.count {
            let cursor = cursors.base[depth]
            if cursor.object == object, cursor.position < end { start = cursor.position }
        }
        var member = start
        while member < end {
            if keyEquals(member, key) { return found(member, object: object, depth: useCursor ? depth : -1) }
            member = next(member + 1)
        }
        member = first
        while member < start {
            if keyEquals(member, key) { return found(member, object: object, depth: useCursor ? depth : -1) }
            member = next(member + 1)
        }
        return nil
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
            guard nodes[node].kind == .object,
                  let value = findSegment(segment, in: node, of: object, isParent: segments.count > 1, depth: depth) else { return nil }
            node = value
        }
        return node
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

    /// The value node of the first member whose converted key is `name`.
    func findConverted(_ name: String, in object: Int, convertedKeys: [String]) -> Int? {
        guard let ordinal = convertedKeys.firstIndex(of: name) else { return nil }
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
}
