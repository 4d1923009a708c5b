/// The coding paths of the events one decoder recorded, kept without copying a path per event.
///
/// A decoder keeps its containers' paths as an append-only list of nodes (``PathNode``). The
/// first time a decoder records an event it adds a table to the collector (its starting path);
/// each event then mirrors into it the nodes made since the last one — each node is copied once —
/// and names its place as (table, node, key). The path is spelt only when a report is read; a
/// telemetry tally reads the nodes themselves, one pattern per node (EventTally.swift).
///
///     decoder's nodes        table after an event at node 2, key id
///       0 root statuses        prefix []
///       1  0   [0]              nodes  0 statuses, 1 [0], 2 user
///       2  1   user             event  (table 0, node 2, id)  →  "statuses[0].user.id"
struct EventPathTable {
    /// The decoder's starting path: the path of ``PathNode/root``.
    let prefix: [PathComponent]
    /// The decoder's nodes, as many as it had made at its last event: each one's parent and
    /// component.
    private(set) var parents: [Int] = []
    private(set) var components: [PathComponent] = []

    init(prefix: [PathComponent]) {
        self.prefix = prefix
    }

    /// Copies the nodes of `source` (the decoder's whole list) that this table does not have yet.
    @inline(__always)
    mutating func mirror(_ source: UnsafeBufferPointer<PathNode>) {
        if parents.count < source.count { _slowPathMirror(source) }
    }

    private mutating func _slowPathMirror(_ source: UnsafeBufferPointer<PathNode>) {
        for node in source[parents.count...] {
            parents.append(node.parent)
            components.append(node.component)
        }
    }

    /// The components of `node`'s path, the starting path's included.
    func components(of node: Int) -> [PathComponent] {
        var reversed: [PathComponent] = []
        var index = node
        while index != PathNode.root {
            reversed.append(components[index])
            index = parents[index]
        }
        return prefix + reversed.reversed()
    }
}
