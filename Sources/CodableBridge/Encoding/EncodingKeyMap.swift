import Foundation

// EncodingKeyMap — a MappableCodable model's tables turned around for encoding, resolved once per
// type and cached for the process.
//
//   keyMapping ["name": "n", "desc": "ext.desc", "bookID": ["id", "ID"], "v": .key("v1.2")]
//   ignoredProperties ["cache"]
//
//   destination("name")   → .key("n")
//   destination("desc")   → .path(["ext", "desc"])
//   destination("bookID") → .key("id")          alternates: the first one is written
//   destination("v")      → .key("v1.2")        a literal key, dots and all
//   destination("cache")  → .skip
//   destination("pages")  → .unmapped           keyEncodingStrategy applies
//
// With `onlyProperties` set, every property outside it is `.skip`; ignoring wins over mapping.

/// Where a `MappableCodable` model's properties are written.
final class EncodingKeyMap: Sendable {
    /// Where one property's value goes.
    enum Destination: Sendable, Equatable {
        /// The property's own coding key, after `keyEncodingStrategy`.
        case unmapped
        /// One JSON key, used as is.
        case key(String)
        /// Nested objects, outermost key first (at least two segments).
        case path([String])
        /// Not written.
        case skip
    }

    /// A mapping table the encoder cannot use.
    struct InvalidTable: Error, CustomStringConvertible {
        let description: String
    }

    private let destinations: [String: Destination]
    private let onlyProperties: Set<String>?

    /// Where the property with coding key `property` is written.
    func destination(for property: String) -> Destination {
        if let destination = destinations[property] { return destination }
        if let onlyProperties, !onlyProperties.contains(property) { return .skip }
        return .unmapped
    }

    /// Reads and checks the tables of `type`.
    ///
    /// - Throws: ``InvalidTable`` naming the type and the entry for an empty key, an empty key
    ///   path segment or empty alternates.
    init(type: any MappableCodable.Type) throws(InvalidTable) {
        let only = type.onlyProperties
        var destinations: [String: Destination] = [:]
        for (property, key) in type.keyMapping {
            guard let candidate = key.candidates.first else {
                throw InvalidTable(description: "Invalid keyMapping of \(type): \"\(property)\" maps to empty "
                    + "alternates. List at least one JSON key, e.g. [\"id\", \"ID\"].")
            }
            guard !candidate.segments.isEmpty, !candidate.segments.contains(where: \.isEmpty) else {
                throw InvalidTable(description: "Invalid keyMapping of \(type): \"\(property)\" maps to the empty "
                    + "key or key path \(key). Use a non-empty key; a key path needs a key on each side of every dot.")
            }
            if let only, !only.contains(property) { continue }
            destinations[property] = candidate.segments.count == 1 ? .key(candidate.segments[0]) : .path(candidate.segments)
        }
        for property in type.ignoredProperties {
            destinations[property] = .skip
        }
        self.destinations = destinations
        self.onlyProperties = only
    }

    // MARK: Cache

    private static let cache = Cache()

    /// The tables of `type`, read and checked on first use.
    ///
    /// - Throws: ``InvalidTable`` for an invalid table, every time the type is used.
    static func resolved(for type: any MappableCodable.Type) throws(InvalidTable) -> EncodingKeyMap {
        try cache.map(for: type)
    }

    /// Resolved tables by type, safe to use from any thread.
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var maps: [ObjectIdentifier: Result<EncodingKeyMap, InvalidTable>] = [:]

        func map(for type: any MappableCodable.Type) throws(InvalidTable) -> EncodingKeyMap {
            let id = ObjectIdentifier(type)
            if let cached = lock.withLock({ maps[id] }) { return try cached.get() }
            // Resolved outside the lock: the tables are user code. Two threads may both resolve a
            // type the first time; the results are equal.
            let result: Result<EncodingKeyMap, InvalidTable>
            do {
                result = .success(try EncodingKeyMap(type: type))
            } catch {
                result = .failure(error)
            }
            lock.withLock { maps[id] = result }
            return try result.get()
        }
    }
}
