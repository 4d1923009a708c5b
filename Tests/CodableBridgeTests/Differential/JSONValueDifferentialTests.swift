import Foundation
import Testing
@testable import CodableBridge

// JSONValue(parsing:) against Foundation's JSONSerialization on generated documents: both accept or
// both reject, and accepted documents give the same tree — strings equal, numbers equal by value
// (exactly, for integers and decimals), objects with the same members, arrays in order.
// Documents with a documented difference (`KnownDifference`) are excluded by name and counted.

@Suite("Differential: JSONValue vs JSONSerialization")
struct JSONValueDifferentialTests {
    static let documentCount = 12_000
    /// The documented differences that apply to JSONSerialization.
    static let excludedDifferences: Set<KnownDifference> = [
        .repeatedKeys, .numberBeyondDouble, .trailingComma, .serializationDropsInnerByteOrderMark,
    ]

    @Test("generated documents parse to the same tree as JSONSerialization")
    func parseMatchesJSONSerialization() throws {
        var compared = 0, excluded: [KnownDifference: Int] = [:]
        for seed in generatedSeeds(Self.documentCount, base: 0x5EED_0000) {
            var generator = JSONDocumentGenerator(seed: seed)
            let document = generator.document()
            if let difference = document.differences.first(where: Self.excludedDifferences.contains) {
                excluded[difference, default: 0] += 1
                continue
            }
            let ours = Result { try JSONValue(parsing: document.data) }
            let theirs = Result { try JSONSerialization.jsonObject(with: document.data, options: .fragmentsAllowed) }
            switch (ours, theirs) {
            case (.success(let value), .success(let object)):
                if let difference = treeDifference(value, object, path: "") {
                    Issue.record("seed \(seed): \(difference)\ndocument: \(document.text)")
                    return
                }
            case (.failure(let error), .failure):
                _ = error
            case (.success, .failure(let error)):
                Issue.record("seed \(seed): JSONValue accepts, JSONSerialization rejects (\(error))\ndocument: \(document.text)")
                return
            case (.failure(let error), .success):
                Issue.record("seed \(seed): JSONSerialization accepts, JSONValue rejects (\(error))\ndocument: \(document.text)")
                return
            }
            compared += 1
        }
        #expect(compared >= 10_000, "only \(compared) documents compared; excluded: \(excluded)")
    }
}

/// Where `value` and the `JSONSerialization` object differ, or `nil`.
func treeDifference(_ value: JSONValue, _ object: Any, path: String) -> String? {
    let at = path.isEmpty ? "<root>" : path
    switch value {
    case .null:
        return object is NSNull ? nil : "\(at): null vs \(object)"
    case .bool(let bool):
        // JSONSerialization gives Booleans as NSNumbers of type `c`.
        guard let number = object as? NSNumber, isBoolean(number) else { return "\(at): \(bool) vs \(object)" }
        return number.boolValue == bool ? nil : "\(at): \(bool) vs \(number)"
    case .number(let number):
        guard let other = object as? NSNumber, !isBoolean(other) else { return "\(at): \(number) vs \(object)" }
        return numbersEqual(number, other) ? nil : "\(at): number \(number.text) vs \(other) (\(type(of: other)))"
    case .string(let string):
        guard let other = object as? String else { return "\(at): \(string.debugDescription) vs \(object)" }
        // Compare scalars: String == is canonical equivalence, which would hide a changed spelling.
        return Array(string.unicodeScalars) == Array(other.unicodeScalars) ? nil : "\(at): \(string.debugDescription) vs \(other.debugDescription)"
    case .array(let elements):
        guard let others = object as? [Any] else { return "\(at): array vs \(object)" }
        guard elements.count == others.count else { return "\(at): \(elements.count) vs \(others.count) elements" }
        for (i, (element, other)) in zip(elements, others).enumerated() {
            if let difference = treeDifference(element, other, path: "\(path)[\(i)]") { return difference }
        }
        return nil
    case .object(let members):
        guard let others = object as? [String: Any] else { return "\(at): object vs \(object)" }
        guard members.count == others.count else { return "\(at): \(members.count) vs \(others.count) members (\(members.keys) vs \(others.keys.sorted()))" }
        for (key, member) in members {
            guard let other = others[key] else { return "\(at): member \(key.debugDescription) missing from JSONSerialization's object" }
            if let difference = treeDifference(member, other, path: path + "." + key) { return difference }
        }
        return nil
    }
}

/// Whether a Foundation number is a Boolean (`JSONSerialization` makes no `Int8`s).
func isBoolean(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
}

/// A JSON number's text against Foundation's number, by value: exactly for integers and for
/// `NSDecimalNumber`s, as `Double`s otherwise.
func numbersEqual(_ number: JSONNumber, _ other: NSNumber) -> Bool {
    if let decimal = other as? NSDecimalNumber {
        return number.decimalValue.map { $0 == decimal.decimalValue } ?? false
    }
    if number.isInteger, let value = number.int64Value {
        return String(cString: other.objCType) == "d" ? Double(value) == other.doubleValue : other.int64Value == value
    }
    if number.isInteger, let value = number.uint64Value {
        return String(cString: other.objCType) == "d" ? Double(value) == other.doubleValue : other.uint64Value == value
    }
    return number.doubleValue == other.doubleValue
}
