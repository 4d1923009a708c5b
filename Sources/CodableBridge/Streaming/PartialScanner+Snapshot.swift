import Foundation

// A snapshot: the tape of the text scanned so far, closed where the text ends (see the design
// comment of PartialScanner.swift). Nothing is copied: the open containers' nodes get their
// counts and ends in place (a close overwrites them later), an open string's node is appended
// for the snapshot and removed after it, and a key without its value is left out by ending the
// tape before it.

extension PartialScanner {
    /// What a snapshot holds; two snapshots with the same shape describe the same model.
    struct SnapshotShape: Equatable {
        /// The nodes of the tape, the open string's excluded.
        var nodeCount: Int
        /// The open string's length so far, or -1 when no string is open.
        var openStringLength: Int
        /// The open containers.
        var depth: Int
    }

    /// The shape of the snapshot of the text so far, or nil when no value has arrived at the root
    /// (nothing but whitespace, or a root number or literal cut mid-way).
    func snapshotShape() -> SnapshotShape? {
        var nodeCount = nodes.count
        var openString = -1
        switch state {
        case .string, .escape, .unicode:
            if !string.isKey { openString = Int(stringNode(end: string.safeEnd).length) }
        case .colon:
            nodeCount -= 1  // the key, whose value has not arrived
        case .value, .number, .literal:
            if let top = frames.last, top.isObject { nodeCount -= 1 }
        case .done, .elementOrClose, .keyOrClose, .afterValue, .key:
            break
        }
        guard !frames.isEmpty || openString >= 0 || state == .done else { return nil }
        return SnapshotShape(nodeCount: nodeCount, openStringLength: openString, depth: frames.count)
    }

    /// Tells `completed` which values of the snapshot of shape `shape` (``snapshotShape()``'s)
    /// are still open (their text grows, so no value decoded from them is kept): the open
    /// containers and the open string.
    func markOpenValues(in completed: CompletedValues, shape: SnapshotShape?) {
        completed.setOpenNodes { nodes in
            for frame in frames { nodes.append(frame.node) }
        }
        completed.openString = shape.flatMap { $0.openStringLength >= 0 ? $0.nodeCount : nil }
    }

    /// Runs `body` with the tape of the text so far, closed; nil when no value has arrived at the
    /// root. The tape is valid inside `body` only.
    ///
    /// - Throws: What `body` throws.
    mutating func withSnapshotTape<R>(_ body: (JSONTape) throws -> R) rethrows -> R? {
        guard let shape = snapshotShape() else { return nil }
        return try withSnapshotTape(shape, body)
    }

    /// ``withSnapshotTape(_:)`` with the text's shape as ``snapshotShape()`` gives it. (No `R?`:
    /// in a decode of a type not known where this is compiled, its metadata is a runtime lookup
    /// per snapshot.)
    ///
    /// - Throws: What `body` throws.
    mutating func withSnapshotTape<R>(_ shape: SnapshotShape, _ body: (JSONTape) throws -> R) rethrows -> R {
        var end = shape.nodeCount
        if shape.openStringLength >= 0 {
            nodes.append(stringNode(end: string.safeEnd))
            end += 1
        }
        defer { if shape.openStringLength >= 0 { nodes.removeLast() } }
        // The open containers end where the tape ends; each holds its complete elements, plus
        // the open one below it (or the open string).
        for depth in frames.indices {
            let frame = frames[depth]
            let holdsOpenValue = depth + 1 < frames.count || shape.openStringLength >= 0
            nodes[frame.node].payload = end
            nodes[frame.node].length = UInt32(frame.count + (holdsOpenValue ? 1 : 0))
            if frame.isObject { nodes[frame.node].flags = frame.repeatsKey ? rules.duplicateKeyFlags : 0 }
        }
        // A NUL after the text and the unescaped bytes, as the parser's own copies have.
        text.append(0)
        unescaped.append(0)
        defer {
            text.removeLast()
            unescaped.removeLast()
        }
        return try nodes.withUnsafeBufferPointer { nodes in
            try text.withUnsafeBufferPointer { text in
                try unescaped.withUnsafeBufferPointer { unescaped in
                    try body(JSONTape(borrowing: UnsafeBufferPointer(rebasing: nodes[..<end]),
                                      text: UnsafeBufferPointer(rebasing: text[..<(text.count - 1)]),
                                      unescaped: UnsafeBufferPointer(rebasing: unescaped[..<(unescaped.count - 1)])))
                }
            }
        }
    }

    // MARK: Incomplete paths

    /// A path the text ended inside or before.
    struct Incomplete: Equatable {
        /// The frames down to (and including) this path's parent, and the position in it.
        var depth: Int
        var what: String
    }

    /// The paths the text ended inside or before, outermost first, each with what happened:
    /// every open container, then the innermost value when it is kept (an open string) or left
    /// out (a cut number or literal, a key without its value). None when the root is complete.
    func incompletePaths() -> [Incomplete] {
        guard state != .done else { return [] }
        var innermost: String?
        var positionOfInnermost = false
        switch state {
        case .string where !string.isKey, .escape where !string.isKey, .unicode where !string.isKey:
            innermost = "the text ended inside this string; it holds what arrived"
            positionOfInnermost = !frames.isEmpty
        case .value, .number, .literal, .string, .escape, .unicode, .colon, .key:
            // A value position is known in an array after `,` or inside an element, and in an
            // object once the key has arrived.
            if let top = frames.last, !top.isObject || top.keyRange != nil {
                innermost = "the text ended before this value was complete; it is left out"
                positionOfInnermost = true
            }
        case .done, .elementOrClose, .keyOrClose, .afterValue:
            break
        }
        var incomplete: [Incomplete] = []
        for depth in frames.indices {
            incomplete.append(Incomplete(depth: depth, what: frames[depth].isObject
                    ? "the text ended inside this object; it is closed where the text ends"
                    : "the text ended inside this array; it is closed where the text ends"))
        }
        if let innermost {
            incomplete.append(Incomplete(depth: positionOfInnermost ? frames.count : 0, what: innermost))
        }
        return incomplete
    }

    /// The path of an ``Incomplete`` at `depth`: `""` for the root (depth 0), then one step per
    /// frame: `[index]` in an array, `.key` in an object (the key unescaped).
    func path(depth: Int) -> String {
        var path = ""
        for frame in frames.prefix(depth) {
            if frame.isObject {
                let key = frame.keyRange.map { unescapedKey($0) } ?? ""
                path += path.isEmpty ? key : "." + key
            } else {
                path += "[\(frame.count)]"
            }
        }
        return path
    }

    /// A key's text, unescaped.
    private func unescapedKey(_ range: Range<Int>) -> String {
        let raw = text[range]
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let quoted = [UInt8(ascii: "\"")] + Array(raw) + [UInt8(ascii: "\"")]
        guard let tape = try? JSONTape(parsing: quoted, maxDepth: 1) else { return String(decoding: raw, as: UTF8.self) }
        return tape.string(at: 0)
    }
}
