// Parse only: bytes → JSON tree, JSONValue(parsing:) against JSONSerialization.jsonObject(with:),
// on all five payloads.
//
// Group "Parse <payload>":
//   Foundation       JSONSerialization.jsonObject(with:) → [String: Any] / NSNumber / …
//   CodableBridge    JSONValue(parsing:) → JSONValue (numbers keep their text, objects their order)
//
// The CodableBridge setup checks that both trees have the same shape, strings and numbers.

import Benchmark
import BenchmarkPayloads
import CodableBridge
import Foundation

func registerParseBenchmarks() {
    for payload in Payload.allCases {
        let group = "Parse \(payload.label)"
        let configuration = Suite.configuration(for: payload)
        let file = "\(payload.rawValue).json"

        Benchmark(Suite.name(group, Suite.foundation), configuration: configuration) { benchmark, data in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONSerialization.jsonObject(with: data))
            }
        } setup: { () throws -> Data in
            let data = payload.data
            _ = try JSONSerialization.jsonObject(with: data)
            return data
        }

        Benchmark(Suite.name(group, Suite.bridge), configuration: configuration) { benchmark, data in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONValue(parsing: data))
            }
        } setup: { () throws -> Data in
            let data = payload.data
            let value = try Check.bridge("JSONValue(parsing:) of \(file)") { try JSONValue(parsing: data) }
            let reference = try JSONSerialization.jsonObject(with: data)
            if let difference = TreeComparison.difference(value, reference, path: "$") {
                throw SetupFailure("CodableBridge MISMATCH: JSONValue(parsing:) of \(file) differs from JSONSerialization at \(difference)")
            }
            return data
        }
    }
}

/// Compares a `JSONValue` with the Foundation objects `JSONSerialization` returns for the same
/// text: same kinds, same object keys, same array lengths, same strings, numbers equal as `Double`
/// (within a few ulps).
enum TreeComparison {
    /// The path of the first difference, or `nil` when the trees agree.
    static func difference(_ value: JSONValue, _ object: Any, path: String) -> String? {
        switch value {
        case .null:
            return object is NSNull ? nil : "\(path) (null vs \(type(of: object)))"
        case .bool(let bool):
            guard let number = object as? NSNumber, isBoolean(number), number.boolValue == bool else {
                return "\(path) (\(bool) vs \(object))"
            }
            return nil
        case .number(let number):
            guard let reference = object as? NSNumber, !isBoolean(reference) else {
                return "\(path) (number \(number) vs \(type(of: object)))"
            }
            // JSONSerialization on Linux is not always correctly rounded (canada.json's
            // 43.449714999999969 comes out two ulps off; JSONDecoder and Double(_:) agree with
            // each other), so a difference of a few ulps is accepted.
            let (a, b) = (number.doubleValue, reference.doubleValue)
            return a == b || abs(a - b) <= 8 * max(a.ulp, b.ulp) ? nil : "\(path) (\(number) vs \(reference))"
        case .string(let string):
            return (object as? String) == string ? nil : "\(path) (string \"\(string)\" vs \(object))"
        case .array(let elements):
            guard let reference = object as? [Any], reference.count == elements.count else {
                return "\(path) (array of \(elements.count) vs \(type(of: object)))"
            }
            for (index, element) in elements.enumerated() {
                if let difference = difference(element, reference[index], path: "\(path)[\(index)]") {
                    return difference
                }
            }
            return nil
        case .object(let members):
            guard let reference = object as? [String: Any], reference.count == members.count else {
                return "\(path) (object of \(members.count) members vs \(type(of: object)))"
            }
            for (key, member) in members {
                guard let other = reference[key] else { return "\(path).\(key) (missing in JSONSerialization's)" }
                if let difference = difference(member, other, path: "\(path).\(key)") {
                    return difference
                }
            }
            return nil
        }
    }

    /// JSONSerialization returns Booleans as NSNumbers of Objective-C type `c` (`char`); on Linux
    /// `NSNumber(value: 1) is Bool` is true, so `is Bool` cannot tell them apart.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
