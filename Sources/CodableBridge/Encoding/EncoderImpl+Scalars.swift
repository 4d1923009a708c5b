import Foundation

// Values with strategies: floating point (non-conforming values), Date, Data, Decimal, and
// JSONValue (stored as is, after checking that its numbers are JSON numbers).

extension EncoderImpl {
    // MARK: Floating point

    /// Stores a `Double` or `Float`, applying `nonConformingFloatEncodingStrategy` to NaN and
    /// infinity.
    func encodeFloatingPoint<F: BinaryFloatingPoint>(_ value: F, into node: Int32, additionalKey: (any CodingKey)? = nil) throws {
        if value.isFinite {
            if F.self == Float.self {
                // safe: F.self == Float.self is checked by the enclosing `if`
                tree.set(node, .float, UInt64((value as! Float).bitPattern))
            } else {
                tree.set(node, .double, Double(value).bitPattern)
            }
            return
        }
        tree.setString(node, try nonConformingText(value, at: node, additionalKey: additionalKey))
    }

    /// The string written for NaN or infinity under `.convertToString`.
    ///
    /// - Throws: `EncodingError.invalidValue` with the coding path under `.throw`.
    func nonConformingText<F: BinaryFloatingPoint>(_ value: F, at node: Int32, additionalKey: (any CodingKey)? = nil) throws -> String {
        switch options.nonConformingFloatEncodingStrategy.base {
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            if value.isNaN { return nan }
            return value < 0 ? negativeInfinity : positiveInfinity
        case .throw:
            var path = tree.codingPath(of: node)
            if let additionalKey { path.append(additionalKey) }
            throw EncodingError.nonConformingFloat(value, codingPath: path)
        }
    }

    // MARK: Date, Data, Decimal

    func encodeDate(_ date: Date, into node: Int32) throws {
        switch options.dateEncodingStrategy.base {
        case .iso8601:
            try encodeISO8601(date, sinceReferenceDate: date.timeIntervalSinceReferenceDate, into: node)
        case .iso8601WholeSeconds:
            try encodeISO8601(date, sinceReferenceDate: ISO8601Timestamp.wholeSecondOf(date), into: node)
        case .secondsSince1970:
            try encodeDateNumber(EpochNumber.seconds(of: date), date: date, into: node)
        case .millisecondsSince1970:
            try encodeDateNumber(EpochNumber.milliseconds(of: date), date: date, into: node)
        case .deferredToDate:
            try withTarget(node, map: nil) { try date.encode(to: self) }
        case .formatted(let formatter):
            tree.setString(node, formatter.string(from: date))
        case .custom(let write):
            try encodeCustom(into: node) { try write(date, self) }
        }
    }

    /// Stores the time since 2001 that ``ISO8601Timestamp`` writes (a fraction only when it has one).
    @inline(__always)
    private func encodeISO8601(_ date: Date, sinceReferenceDate: Double, into node: Int32) throws {
        guard ISO8601Timestamp.supportedRange.contains(sinceReferenceDate) else {
            throw EncodingError.dateOutOfRange(date, codingPath: tree.codingPath(of: node))
        }
        tree.set(node, .iso8601Date, sinceReferenceDate.bitPattern)
    }

    private func encodeDateNumber(_ seconds: Double, date: Date, into node: Int32) throws {
        guard seconds.isFinite else {
            throw EncodingError.nonConformingFloat(seconds, codingPath: tree.codingPath(of: node))
        }
        tree.set(node, .double, seconds.bitPattern)
    }

    func encodeData(_ data: Data, into node: Int32) throws {
        switch options.dataEncodingStrategy.base {
        case .base64:
            tree.setString(node, data.base64EncodedString())
        case .deferredToData:
            try withTarget(node, map: nil) { try data.encode(to: self) }
        case .custom(let write):
            try encodeCustom(into: node) { try write(data, self) }
        }
    }

    /// Runs a `.custom` strategy's closure for `node`. A closure that writes nothing leaves `{}`,
    /// even at the top level (as `JSONEncoder`).
    private func encodeCustom(into node: Int32, _ write: () throws -> Void) throws {
        try withTarget(node, map: nil, write)
        if tree[node].kind == .pending { tree.set(node, .object) }
    }

    /// Stores a `Decimal` as its exact text (`12.345`, `1000000000000000000000000000000`). A NaN
    /// `Decimal` is non-conforming, like a NaN `Double`.
    func encodeDecimal(_ decimal: Decimal, into node: Int32) throws {
        if decimal.isNaN {
            tree.setString(node, try nonConformingText(Double.nan, at: node))
        } else {
            tree.set(node, .numberText, UInt64(truncatingIfNeeded: tree.appendString(decimal.description)))
        }
    }

    // MARK: JSONValue

    /// Stores `value` as is. A number made from a non-finite `Double` (`"nan"`, `"inf"`) is
    /// treated like the `Double`: an error under `.throw`, its string under `.convertToString`.
    func encodeJSONValue(_ value: JSONValue, into node: Int32) throws {
        let scan = value.scan(depthBudget: maxDepth - depth)
        if scan.tooDeep {
            throw EncodingError.tooDeep(value, maxDepth: maxDepth, codingPath: tree.codingPath(of: node))
        }
        if scan.containsNonJSONNumber {
            tree.setJSONValue(node, try replacingNonJSONNumbers(in: value, at: node))
        } else {
            tree.setJSONValue(node, value)
        }
    }

    private func replacingNonJSONNumbers(in value: JSONValue, at node: Int32) throws -> JSONValue {
        switch value {
        case .number(let number) where !JSONWriter.startsLikeNumber(number.text.utf8):
            return .string(try nonConformingText(number.doubleValue, at: node))
        case .array(let elements):
            return .array(try elements.map { try replacingNonJSONNumbers(in: $0, at: node) })
        case .object(let object):
            var result = JSONObject()
            result.reserveCapacity(object.count)
            for (key, member) in object {
                result.appendUnchecked(key, try replacingNonJSONNumbers(in: member, at: node))
            }
            return .object(result)
        default:
            return value
        }
    }
}

extension EncoderImpl: BridgeValueEncoding {
    /// Stores a `JSONValue` at the current position (called by `JSONValue.encode(to:)`).
    func encodeJSONValue(_ value: JSONValue) throws {
        try encodeJSONValue(value, into: target)
    }
}

extension JSONValue {
    /// Whether a number anywhere inside is not JSON number text (`nan`, `inf` from a non-finite
    /// `Double`), and whether the arrays and objects nest deeper than `depthBudget`. The walk
    /// stops at the budget, so its own recursion is bounded.
    func scan(depthBudget: Int) -> (containsNonJSONNumber: Bool, tooDeep: Bool) {
        switch self {
        case .number(let number):
            return (!JSONWriter.startsLikeNumber(number.text.utf8), false)
        case .null, .bool, .string:
            return (false, false)
        case .array, .object:
            guard depthBudget > 0 else { return (false, true) }
            var nonJSON = false
            func visit(_ child: JSONValue) -> Bool {
                let inner = child.scan(depthBudget: depthBudget - 1)
                nonJSON = nonJSON || inner.containsNonJSONNumber
                return inner.tooDeep
            }
            if case .array(let elements) = self {
                for element in elements where visit(element) { return (nonJSON, true) }
            } else if case .object(let object) = self {
                for (_, member) in object where visit(member) { return (nonJSON, true) }
            }
            return (nonJSON, false)
        }
    }
}
