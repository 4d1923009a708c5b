import Foundation

// MARK: - Design
//
// One `DecoderImpl` per decode walks the parsed tape (see JSONTape.swift); a run of documents (a
// partial document's snapshots, JSON Lines' lines, a streamed array's elements) shares one,
// restarted on each (Streaming/ReusedDecoder.swift). It is the `Decoder`
// handed to every `init(from:)`; its containers hold the node index of their object or array
// (a keyed container is reused once nobody holds it: DecoderImpl+Containers.swift). Going down
// one value pushes a `PathComponent` and sets `current`; coming back pops — nothing is allocated
// per value, and the coding path becomes `[CodingKey]` only when read.
//
// Every container owns its coding path: the index of an immutable `PathNode` (Support/
// CodingPath.swift) in the decode's `pathNodes`, made from the components on the walk's stack
// (`currentPathNode()`) when somebody first needs the path of the container's level: an error, an
// event, a nested container, or the level's end while a model still holds the container. Each call
// on a container runs in its scope: while its level is the one being decoded (its token is the
// level's, `isCurrentScope(token:depth:)`) that is one comparison; a nested container's call
// pushes its own components below the level; a container used after its level ended (kept past
// its `init(from:)`) has the walk's path set to its own for the call. Only `descend` pushes and
// pops, and popping forgets the node and token of the level that ended (`popComponent()`), so no
// caller keeps a rule by hand.
//
//     decode(Feed.self)                       path []            current 0  (the root object)
//       Feed.init(from:) → container(keyedBy:)                   object 0
//         decode([Status].self, "statuses")   path [statuses]    current 5  (array fast path)
//           element 2 → Status.init(from:)    path [statuses,[2]] current 90
//             decode(Int.self, "id")          scalar: no push; path only on error/report
//
// Scalars are read straight from the node (`unwrapInteger(_:_:as:)` …) with the strict check
// first; coercion (`options.coercion`) runs only after a strict mismatch, on the `_slowPath…`
// functions. A value the policy will not convert raises `NotConverted` (DecoderImpl+Defaults.swift),
// which the nearest property (→ default or nil) or container element (→ dropped) turns into a
// report event; all wording comes from `DecodingMessages`.
// `current == DecoderImpl.missingNode` is the virtual "missing value": it answers every request
// with the type's zero value (0, "", false, [], {} …), which is how defaults are produced.
// `update(_:from:)` keeps its state out of this class's hot paths: see DecoderImpl+Update.swift.

/// The decoder object for one decode. See the design comment at the top of this file.
final class DecoderImpl: Decoder, BridgeValueDecoding {
    /// The virtual node that stands for a missing value (decodes as the type's zero value).
    static let missingNode = -1

    @exclusivity(unchecked) private(set) var tape: JSONTape
    @exclusivity(unchecked) private(set) var nodes: UnsafeBufferPointer<JSONTape.Node>
    /// Where the nodes' bytes are (see ``start(of:)``).
    @exclusivity(unchecked) private(set) var bytes: JSONTape.Bytes
    let options: BridgeDecoder
    /// Where events go; only ``restart(on:report:path:)`` changes it, for one of the same kind
    /// (both nil or neither, which `missingGetsZero` and `unknownKeys` depend on).
    @exclusivity(unchecked) private(set) var report: ReportCollector?
    /// Whether a member that is not there gets its type's zero value with nothing to record:
    /// `missingValueStrategy = .useDefault` and no report (DecoderImpl+Defaults.swift).
    let missingGetsZero: Bool
    /// Whether unconvertible values become missing values (not errors).
    let lenient: Bool
    let firstPresentAlternates: Bool
    /// `options.coercion.hasCustomRules`, stored: every composite value and every mismatch asks,
    /// and the policy's own property is a call into another module.
    let hasCustomRules: Bool

    /// The node being decoded at this level.
    @exclusivity(unchecked) var current: Int
    /// The path to `current`: the walk's stack, pushed and popped by `descend` only.
    @exclusivity(unchecked) var path: [PathComponent]
    /// The coding paths of this decode's containers (see `PathNode`).
    @exclusivity(unchecked) var pathNodes = ScratchBuffer<PathNode>(capacity: 0)
    /// This decoder's path table in `report` (see `EventPathTable`); -1 until it records an event.
    @exclusivity(unchecked) var reportPathTable = -1
    /// The starting path: the path of `PathNode.root`.
    @exclusivity(unchecked) var rootPrefix: [PathComponent]
    /// The nodes of the levels below the root on `path`, made when a container is opened at a
    /// level: entry `i` is the node of `path.prefix(rootDepth + i + 1)`, valid for
    /// `i + 1 < validNodes` (the root level's node is always `PathNode.root`, so a decode that
    /// opens containers at its root only allocates nothing here).
    @exclusivity(unchecked) var scopeNodes = ScratchBuffer<Int>(capacity: 0)
    /// The number of levels, the root's included, whose node is made.
    @exclusivity(unchecked) var validNodes = 1
    /// A number per level below the root that tells this visit of the level from every other
    /// (entry `i` for `path.prefix(rootDepth + i + 1)`, valid for `i + 1 < validTokens`; the root
    /// level's is 0): a container opened at a level holds it, so that checking whether the
    /// container's level is the one being decoded needs no path node.
    @exclusivity(unchecked) var scopeTokens = ScratchBuffer<Int>(capacity: 0)
    @exclusivity(unchecked) var validTokens = 1
    @exclusivity(unchecked) var nextScopeToken = 1
    /// Kept containers opened without their path node (`reusableContainers` indices), named at
    /// the end of their level if somebody still holds them.
    @exclusivity(unchecked) var unnamedContainers = ScratchBuffer<(level: Int, index: Int)>(capacity: 0)
    /// What each scope entered by `enterScope(of:)` changed, innermost last.
    @exclusivity(unchecked) var savedScopes: [SavedScope] = []
    /// The mapping of the model whose `init(from:)` runs at this level, if it is `MappableCodable`.
    @exclusivity(unchecked) var levelMeta: ModelMeta?
    /// Per container depth: the object a key cursor belongs to, and where the next key likely is.
    @exclusivity(unchecked) var cursors = ScratchBuffer<(object: Int, position: Int)>(capacity: 16)
    /// Per container depth: the keys of a snapshot's object that missed two lookups, summarised
    /// so that its next misses need no scan (`findMember`).
    @exclusivity(unchecked) var keySummaries = ScratchBuffer<KeySummary>(capacity: 0)
    /// The last key-path parent found (`findMapped`): its object, its segment in the type's
    /// `LookupPlan` storage (segments are interned there) and its value node.
    @exclusivity(unchecked) var pathParent: (object: Int, key: UnsafePointer<UInt8>?, value: Int) = (-1, nil, 0)
    /// The object of the last dotted literal key looked up (`findDotted`) and a mask of its key
    /// lengths.
    @exclusivity(unchecked) var keyLengths: (object: Int, mask: UInt64) = (-1, 0)
    /// Depth of zero-value decoding in progress (its nested defaults are not reported one by one).
    @exclusivity(unchecked) var zeroDepth = 0
    /// The model types this decode has met and what it knows of each (`modelState(for:)`): the
    /// first one, then the others.
    @exclusivity(unchecked) var firstModelState: (id: ObjectIdentifier, state: ModelState)?
    @exclusivity(unchecked) var modelStates: [(id: ObjectIdentifier, state: ModelState)] = []
    /// The model whose fields are being decoded: a property of its class the JSON does not give
    /// usably keeps its initial value (DecoderImpl+Defaults.swift).
    @exclusivity(unchecked) var fieldModel: (any FieldBackedModel)?
    /// `update(_:from:)`'s state (see DecoderImpl+Update.swift); `nil` for a plain decode.
    @exclusivity(unchecked) var update: UpdateFallback?
    /// Coding keys read per model type while its tables are being verified (first decode of the
    /// type in this process); `nil` when nothing is being verified.
    @exclusivity(unchecked) var requestedKeys: [ObjectIdentifier: Set<String>]?
    /// The object of the last key path that ran through a member neither an object nor null
    /// (lenient policies; `-1` for none): its absent properties may say why (DecoderImpl+KeyedContainer.swift).
    @exclusivity(unchecked) var blockedWalkObject = -1
    /// While a model's reads are learnt for its `unknownKeysProperty` (DecoderImpl+UnknownKeys.swift).
    @exclusivity(unchecked) var captureLearning: CaptureLearning?
    /// The array this decode reads only a part of, when an array is decoded in parts on several
    /// threads (BridgeDecoder+Parallel.swift); `part.node` is -2 (no node) otherwise.
    @exclusivity(unchecked) var part = ArrayPart(node: -2, skipped: 0, count: 0, firstIndex: 0)
    /// Recently seen types and how they decode (see `classify(_:)`).
    @exclusivity(unchecked) var typeClasses = TypeAnswers<TypeClass>()
    /// Whether a JSON null decodes as each type asked about (see `acceptsNull(_:)`).
    @exclusivity(unchecked) var nullTakers = TypeAnswers<Bool>()
    /// Unknown-key tracking (DecoderImpl+UnknownKeys.swift); `nil` under `unknownKeyStrategy = .ignore`.
    let unknownKeys: UnknownKeyTracker?
    /// Members found so far: an optional flattened model is `nil` when its decode found none
    /// (see DecoderImpl+Shapes.swift).
    @exclusivity(unchecked) var membersFound = 0
    /// What flatten and tagged enums learn while tables are verified (see DecoderImpl+Shapes.swift).
    lazy var shapes = ShapeFacts()
    /// Whether this decoder keeps its keyed containers for reuse: only the entry point's, which
    /// drops them when the decode ends (see DecoderImpl+KeyLookup.swift).
    @exclusivity(unchecked) var reusesContainers = false
    /// The keyed containers this decode made below the root, which it may hand out again.
    @exclusivity(unchecked) var reusableContainers: [ReusableContainer] = []
    /// A partial document's values from complete containers, kept between its snapshots
    /// (Decoding/DecoderImpl+Update.swift); `nil` for any other decode.
    @exclusivity(unchecked) var completedValues: CompletedValues?
    /// The length of the root level's path (`[]`, a `keyPath`'s segments, or a child decoder's
    /// starting path), which is never popped.
    @exclusivity(unchecked) var rootDepth: Int

    @inline(__always)
    init(tape: JSONTape, options: BridgeDecoder, report: ReportCollector?, path: [PathComponent], current: Int = 0, tracksUnknownKeys: Bool = true) {
        self.tape = tape
        self.nodes = tape.nodeBuffer  // valid as long as `tape`, which this decoder keeps
        self.bytes = tape.sources
        self.options = options
        self.report = report
        self.missingGetsZero = report == nil && options.missingValueStrategy.base == .useDefault
        self.lenient = !options.coercion.mismatchIsError
        self.hasCustomRules = options.coercion.hasCustomRules
        self.firstPresentAlternates = options.alternateKeyRule == .firstPresent || options.coercion.firstPresentAlternates
        self.unknownKeys = tracksUnknownKeys ? DecoderImpl.makeUnknownKeyTracker(options: options, report: report, nodeCount: nodes.count) : nil
        self.path = path
        self.path.reserveCapacity(16)
        self.rootDepth = path.count
        self.rootPrefix = path
        self.current = current
    }

    /// Gives the decoder its own copy of a borrowed tape (a partial document's snapshot), for a
    /// container a model still holds after the decode: what it reads later comes from this text
    /// alone, not from memory the document reuses, nor from values kept for other snapshots.
    func keepOwnTape() {
        guard tape.isBorrowed else { return }
        tape = tape.ownedCopy()
        nodes = tape.nodeBuffer
        bytes = tape.sources
        completedValues = nil
    }

    /// Points this decoder, made for a run of documents (Streaming/ReusedDecoder.swift; no
    /// `update`), at `tape`, the run's next document, whose events go to `report` (nil when the
    /// last one's did) and whose paths start with `path`, with a new decoder's state. What it
    /// learnt of types (`modelStates`, `typeClasses`, `shapes`) and the keyed containers it made
    /// carry over: a run's documents hold the same models. Every per-decode property above is
    /// reset here.
    func restart(on tape: JSONTape, report: ReportCollector?, path: [PathComponent]) {
        self.tape = tape
        nodes = tape.nodeBuffer
        bytes = tape.sources
        self.report = report
        reportPathTable = -1
        current = 0
        self.path.removeAll(keepingCapacity: true)
        self.path.append(contentsOf: path)
        rootPrefix = path
        rootDepth = path.count
        pathNodes.removeLast(pathNodes.count)
        scopeNodes.removeLast(scopeNodes.count)
        validNodes = 1
        scopeTokens.removeLast(scopeTokens.count)
        validTokens = 1
        unnamedContainers.removeLast(unnamedContainers.count)
        savedScopes.removeAll()
        levelMeta = nil
        cursors.removeLast(cursors.count)
        keySummaries.removeLast(keySummaries.count)
        pathParent = (-1, nil, 0)
        keyLengths = (-1, 0)
        zeroDepth = 0
        fieldModel = nil
        requestedKeys = nil
        blockedWalkObject = -1
        captureLearning = nil
        membersFound = 0
    }

    // MARK: Decoder

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

    /// The current path plus `key`, for errors and report events about a value not pushed.
    func codingPath(adding key: PathComponent?) -> [any CodingKey] {
        // One allocation: `codingPath` then `append` would copy the array to grow it.
        var keys: [any CodingKey] = []
        keys.reserveCapacity(path.count + 1)
        for component in path { keys.append(component.codingKey) }
        if let key { keys.append(key.codingKey) }
        return keys
    }

    lazy var userInfo: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let node = current
        if node != DecoderImpl.missingNode, nodes[node].kind != .object {
            throw mismatch([String: Any].self, node: node, key: nil, reason: DecodingMessages.objectExpected)
        }
        if let meta = levelMeta, meta.checksTags || requestedKeys != nil {
            try learnCodingKeys(Key.self, meta: meta, object: node)
        }
        return keyedContainer(Key.self, object: node, meta: levelMeta)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let node = current
        if node != DecoderImpl.missingNode, nodes[node].kind != .array {
            throw mismatch([Any].self, node: node, key: nil, reason: DecodingMessages.arrayExpected)
        }
        return UnkeyedContainer(impl: self, array: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(impl: self, node: current)
    }

    func decodeJSONValue() throws -> JSONValue {
        current == DecoderImpl.missingNode ? .null : tape.value(at: current)
    }

    // MARK: Walking

    /// Decodes with `node` as the current value and `key` pushed onto the path.
    @inline(__always)
    func descend<R>(into node: Int, key: PathComponent?, _ body: () throws -> R) rethrows -> R {
        let savedNode = current
        let savedMeta = levelMeta
        current = node
        levelMeta = nil
        if let key { path.append(key) }
        defer {
            current = savedNode
            levelMeta = savedMeta
            if key != nil { popComponent() }
        }
        if let update { return try update.descend(body) }
        return try body()
    }

    /// The source text of a string or number node.
    @inline(__always)
    func text(_ node: Int) -> String {
        bytes.string(nodes[node])
    }

    /// The first byte of a string or number node's content: in the text, or in the unescaped
    /// strings for a string that had escapes.
    @inline(__always)
    func start(of n: JSONTape.Node) -> UnsafePointer<UInt8> {
        bytes.start(of: n)
    }

    /// The node after the subtree at `node`.
    @inline(__always)
    func next(_ node: Int) -> Int {
        let n = nodes[node]
        return n.kind.rawValue >= JSONTape.Kind.array.rawValue ? n.payload : node + 1
    }
}

// MARK: - The coding path and container scopes

extension DecoderImpl {
    /// Ends a level: a kept container opened at it without its node gets one if somebody still
    /// holds it; its component leaves the path, and its node and token (if a container made
    /// them) are no longer the current ones.
    @inline(__always)
    func popComponent() {
        if unnamedContainers.count > 0 { nameUnnamedContainers(from: path.count - rootDepth, onlyHeld: true) }
        path.removeLast()
        let levels = path.count - rootDepth + 1
        if validNodes > levels { validNodes = levels }
        if validTokens > levels { validTokens = levels }
    }

    /// The token of the current level (see ``scopeTokens``), assigned (with those of the levels
    /// above it) on the first request at this visit of the level: `0` for the root level.
    @inline(__always)
    func currentScopeToken() -> Int {
        let level = path.count - rootDepth
        if level == 0 { return 0 }
        if level < validTokens { return scopeTokens.base[level - 1] }
        // The common case: the level just below the last one with a token, visited before.
        if level == validTokens, level <= scopeTokens.count {
            let token = nextScopeToken
            scopeTokens.base[level - 1] = token
            nextScopeToken = token + 1
            validTokens = level + 1
            return token
        }
        return _slowPathAssignScopeTokens(to: level)
    }

    @inline(never)
    private func _slowPathAssignScopeTokens(to level: Int) -> Int {
        while validTokens <= level {
            if validTokens - 1 < scopeTokens.count { scopeTokens.base[validTokens - 1] = nextScopeToken } else { scopeTokens.append(nextScopeToken) }
            nextScopeToken += 1
            validTokens += 1
        }
        return nextScopeToken - 1
    }

    /// Whether a container with `token`, at `depth`, belongs to the level being decoded: then the
    /// walk's path is its path.
    @inline(__always)
    func isCurrentScope(token: Int, depth: Int) -> Bool {
        guard path.count == depth else { return false }
        let level = depth - rootDepth
        if level == 0 { return token == 0 }
        return level < validTokens && scopeTokens.base[level - 1] == token
    }

    /// The node of the current path, made (with those of the levels above it) if no container
    /// has been opened at this level yet.
    @inline(__always)
    func currentPathNode() -> Int {
        let level = path.count - rootDepth
        if level == 0 { return PathNode.root }
        if level < validNodes { return scopeNodes.base[level - 1] }
        return _slowPathMakePathNodes(to: level)
    }

    @inline(never)
    private func _slowPathMakePathNodes(to level: Int) -> Int {
        var node = validNodes == 1 ? PathNode.root : scopeNodes.base[validNodes - 2]
        while validNodes <= level {
            node = appendPathNode(parent: node, path[rootDepth + validNodes - 1])
            if validNodes - 1 < scopeNodes.count { scopeNodes.base[validNodes - 1] = node } else { scopeNodes.append(node) }
            validNodes += 1
        }
        return node
    }

    /// A new node one `component` below `parent`.
    func appendPathNode(parent: Int, _ component: PathComponent) -> Int {
        pathNodes.append(PathNode(parent: parent, depth: pathDepth(of: parent) + 1, component: component))
        return pathNodes.count - 1
    }

    /// The number of components of `node`'s path.
    @inline(__always)
    func pathDepth(of node: Int) -> Int {
        node == PathNode.root ? rootDepth : pathNodes.base[node].depth
    }

    /// The components of `node`'s path.
    func pathComponents(of node: Int) -> [PathComponent] {
        rootPrefix + pathChain(to: node).map { pathNodes.base[$0].component }
    }

    /// The nodes from the root's child down to `node` (empty for the root).
    private func pathChain(to node: Int) -> [Int] {
        var reversed: [Int] = []
        var index = node
        while index != PathNode.root {
            reversed.append(index)
            index = pathNodes.base[index].parent
        }
        return reversed.reversed()
    }

    /// `node`'s coding path, as `Decoder.codingPath` gives it.
    func codingPath(of node: Int) -> [any CodingKey] {
        pathComponents(of: node).map(\.codingKey)
    }

    /// Runs a container's call with the path at the container's `node`: as it is while the
    /// container's level is being decoded (the common case: one comparison), else set to the
    /// node's path for the call.
    @inline(__always)
    func inScope<R>(of node: Int, depth: Int, _ body: () throws -> R) rethrows -> R {
        if isCurrentScope(node, depth: depth) { return try body() }
        return try _slowPathInScope(of: node, body)
    }

    /// `inScope` for a container whose level is not the current one. Out of line: inlined, its
    /// result held across the scope's end would make every generic caller fetch `R`'s metadata
    /// on every call (for `R` = `T?`), even when the level is current.
    @inline(never)
    func _slowPathInScope<R>(of node: Int, _ body: () throws -> R) rethrows -> R {
        enterScope(of: node)
        defer { leaveScope() }
        return try body()
    }

    /// Whether `node`, at `depth`, is the current level's: then the walk's path is its path.
    @inline(__always)
    func isCurrentScope(_ node: Int, depth: Int) -> Bool {
        guard path.count == depth else { return false }
        if node == PathNode.root { return true }  // the root's depth is `rootDepth`
        let level = depth - rootDepth
        return level > 0 && level < validNodes && scopeNodes.base[level - 1] == node
    }

    /// What `enterScope(of:)` changed, for `leaveScope()` to give back: the components it pushed
    /// below the current level, or the walk's path and level nodes it set aside.
    enum SavedScope {
        case pushed(Int)
        case setAside(path: [PathComponent], nodes: [Int], validNodes: Int, tokens: [Int], validTokens: Int)
    }

    /// Sets the path to `node`'s until `leaveScope()`.
    func enterScope(of node: Int) {
        // A container nested below the current level (`nestedContainer`) while that level is
        // decoded: its own components go on the path, as a value's key does in `descend`.
        let below = pathDepth(of: node) - path.count
        if below > 0 {
            var ancestor = node
            var components: [PathComponent] = []
            for _ in 0 ..< below where ancestor != PathNode.root {
                components.append(pathNodes.base[ancestor].component)
                ancestor = pathNodes.base[ancestor].parent
            }
            if isCurrentScope(ancestor, depth: path.count) {
                path += components.reversed()
                savedScopes.append(.pushed(below))
                return
            }
        }
        // Any other container (kept past its level): the walk's path is set to its own.
        nameUnnamedContainers(from: 1, onlyHeld: false)
        savedScopes.append(.setAside(path: path, nodes: Array(UnsafeBufferPointer(start: scopeNodes.base, count: scopeNodes.count)),
                                     validNodes: validNodes,
                                     tokens: Array(UnsafeBufferPointer(start: scopeTokens.base, count: scopeTokens.count)),
                                     validTokens: validTokens))
        let chain = pathChain(to: node)
        path = rootPrefix + chain.map { pathNodes.base[$0].component }
        setScopeNodes(chain)
        // No container of the walk belongs to these levels; new ones get new tokens.
        validTokens = 1
    }

    /// Gives back what the last `enterScope(of:)` changed.
    func leaveScope() {
        switch savedScopes.removeLast() {
        case .pushed(let count):
            for _ in 0 ..< count { popComponent() }
        case .setAside(let savedPath, let nodes, let valid, let tokens, let validTokens):
            path = savedPath
            setScopeNodes(nodes)
            validNodes = valid
            scopeTokens.removeLast(scopeTokens.count)
            for token in tokens { scopeTokens.append(token) }
            self.validTokens = validTokens
        }
    }

    /// Replaces the nodes of the levels below the root (all valid).
    private func setScopeNodes(_ nodes: [Int]) {
        scopeNodes.removeLast(scopeNodes.count)
        for node in nodes { scopeNodes.append(node) }
        validNodes = nodes.count + 1
    }
}
