import Foundation

// STUB — replaced by the parser work.
extension JSONValue {
    /// Converts Foundation objects as `JSONSerialization` produces them.
    package init(foundationObject: Any) throws {
        self = .null
    }

    /// The value as Foundation objects, as `JSONSerialization.jsonObject(with:)` returns them.
    package var foundationObject: Any { NSNull() }

    /// The value built from a whole tape.
    package init(tape: JSONTape) {
        self = tape.value(at: 0)
    }

    /// `self` with `other` merged in: object members present in `other` overwrite, nested objects
    /// merge recursively, anything else (arrays included) is replaced.
    package func merging(_ other: JSONValue) -> JSONValue {
        guard case .object(var base) = self, case .object(let incoming) = other else { return other }
        for (key, value) in incoming {
            base[key] = base[key].map { $0.merging(value) } ?? value
        }
        return .object(base)
    }
}
