import Foundation

// MARK: - Design
//
// `partialValues` decodes a snapshot each time more of a document has arrived. Most of a large
// document is complete long before it ends — every element of an array but the last — and a
// complete array or object decodes to the same value in every snapshot: its text no longer
// changes, and its node keeps its index on the scanner's tape, which only grows. So each
// snapshot's decode keeps what it decodes from complete containers, keyed by node and type, and
// the next snapshot's decode takes those values instead of decoding them again
// (`DecoderImpl._slowPathUnwrap` asks before decoding any non-scalar). A snapshot then costs
// what is new or still open, plus one step per complete sibling along the open path, instead of a
// decode of everything so far.
//
// Zero values (what a member that has not arrived yet gets under `missingValueStrategy =
// .useDefault`) are kept the same way, under the missing node: a model's zero value decodes every
// one of its members as missing, and the members of a document that is arriving are mostly
// missing.
//
// Only what a snapshot used is kept for the next one: values inside a container that has since
// completed are replaced by the container's own value, so the store holds about one value per
// complete child of the open containers. Decodes that fail are not kept (a later snapshot tries
// again), and a snapshot that fails keeps what the one before it had.

/// The values decoded from complete containers of a partial document, kept from one snapshot's
/// decode for the next (see the design comment above).
final class CompletedValues {
    private struct Key: Hashable {
        let node: Int
        let type: ObjectIdentifier
    }

    /// A decoded value of the type its key names.
    private final class Box<T> {
        let value: T
        init(_ value: T) { self.value = value }
    }

    /// The values of the snapshot before this one, and of this one so far.
    private var previous: [Key: AnyObject] = [:]
    private var current: [Key: AnyObject] = [:]
    /// The nodes of the containers the text has not closed yet, outermost first: their values
    /// change from snapshot to snapshot.
    var openNodes: [Int] = []
    /// How many values were taken from an earlier snapshot instead of decoded again.
    private(set) var reuses = 0

    /// The `T` decoded from the container at `node` (or the zero value, at the missing node):
    /// kept from an earlier snapshot when the container is complete, else `decode()`'s value (kept
    /// when the container is complete).
    func value<T>(_ type: T.Type, at node: Int, decode: () throws -> T) rethrows -> T {
        guard !openNodes.contains(node) else { return try decode() }
        let key = Key(node: node, type: ObjectIdentifier(T.self))
        if let box = current[key] ?? previous.removeValue(forKey: key) {
            current[key] = box
            reuses += 1
            // The key names the box's type.
            return unsafeDowncast(box, to: Box<T>.self).value
        }
        let value = try decode()
        current[key] = Box(value)
        return value
    }

    /// The snapshot decoded: what it used is what the next one may use.
    func snapshotDecoded() {
        previous = current
        current = [:]
    }

    /// The snapshot failed: the next one may use what this one and the one before it had.
    func snapshotFailed() {
        previous.merge(current) { kept, _ in kept }
        current = [:]
    }
}
