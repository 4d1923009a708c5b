import CCodableBridgeNumbers
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DecoderImpl {
    // MARK: Strict fast paths

    @inline(__always)
    func unwrapString(_ node: Int, _ key: PathComponent?) throws -> String {
        guard node != DecoderImpl.missingNode else { return "" }
        let n = nodes[node]
        if n.kind == .string {
            if completedValues != nil { return _slowPathSnapshotString(node) }
            return bytes.string(n)
        }
        return try _slowPathCoerce(node, key, String.self) { options.coercion.string(from: $0) }
    }

    /// A string of a partial document's snapshot: kept from an earlier snapshot when complete
    /// (``CompletedValues/string(at:make:)``).
    @inline(never)
    private func _slowPathSnapshotString(_ node: Int) -> String {
        // safe: the caller checked `completedValues` non-nil
        completedValues.unsafelyUnwrapped.string(at: node) { bytes.string(nodes[node]) }
    }

    @inline(__always)
    func unwrapBool(_ node: Int, _ key: PathComponent?) throws -> Bool {
        guard node != DecoderImpl.missingNode else { return false }
        switch nodes[node].kind {
        case .true: return true
        case .false: return false
        default: return try _slowPathCoerce(node, key, Bool.self) { options.coercion.bool(from: $0) }
        }
    }

    @inline(__always)
    func unwrapInteger<T: FixedWidthInteger>(_ node: Int, _ key: PathComponent?, as type: T.Type) throws -> T {
        guard node != DecoderImpl.missingNode else { return 0 }
        let n = nodes[node]
        if n.kind == .number, n.flags & JSONTape.Flags.integer != 0, let value = bytes.integer(of: n, as: T.self) {
            return value
        }
        return try _slowPathInteger(node, key, as: T.self)
    }

    @inline(__always)
    func unwrapFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ node: Int, _ key: PathComponent?, as type: T.Type) throws -> T {
        guard node != DecoderImpl.missingNode else { return 0 }
        let n = nodes[node]
        if n.kind == .number {
            let value = bytes.double(of: n)
            if value.isFinite {
                let converted = T(value)
                // A zero from non-zero digits underflowed: not representable (as JSONDecoder).
                if converted.isFinite, converted != 0 || !bytes.hasNonZeroDigit(n) { return converted }
            }
            return try _slowPathNumberDoesNotFit(node, key, as: T.self)
        }
        return try _slowPathFloatingPoint(node, key, as: T.self)
    }

    // MARK: Slow paths

    /// The scalar view of a node for the coercion rules; `nil` for arrays and objects.
    func scalar(_ node: Int) -> CoercionScalar? {
        switch nodes[node].kind {
        case .null: .null
        case .true: .bool(true)
        case .false: .bool(false)
        case .number: .number(text(node))
        case .string: .string(text(node))
        case .array, .object: nil
        }
    }

    /// After a strict mismatch: the user's rule, then the policy's; reports a conversion, or
    /// raises `NotConverted` (lenient) / the `JSONDecoder` error (strict).
    func _slowPathCoerce<V>(_ node: Int, _ key: PathComponent?, _ type: V.Type, _ rule: (CoercionScalar) -> CoercionResult<V>) throws -> V {
        // Strict with no user rules converts nothing: fail before building the scalar's text.
        guard lenient || hasCustomRules, let input = scalar(node), input != .null else {
            throw mismatch(V.self, node: node, key: key)
        }
        let result = options.coercion.customRule(for: V.self, from: input) ?? (lenient ? rule(input) : nil)
        switch result {
        case .converted(let value, let rule)?:
            recordCoercion(value, from: node, key: key, rule: rule)
            return value
        case .notConverted(let reason)?:
            throw mismatch(V.self, node: node, key: key, reason: reason)
        case nil:
            throw mismatch(V.self, node: node, key: key)
        }
    }

    func _slowPathInteger<T: FixedWidthInteger>(_ node: Int, _ key: PathComponent?, as type: T.Type) throws -> T {
        let n = nodes[node]
        guard n.kind == .number else {
            if let value = numericStringInteger(node, as: T.self) {
                let yyModel = options.coercion.stringToInteger == .yyModel
                recordCoercion(value, from: node, key: key, yyModel: yyModel)
                return value
            }
            return try _slowPathCoerce(node, key, T.self) { options.coercion.integer(T.self, from: $0) }
        }
        let text = text(node)
        // `12.0`, `1.2e1`: whole numbers written with a fraction or exponent decode everywhere.
        // (JSON5's Infinity and NaN are never whole numbers.)
        if n.flags & (JSONTape.Flags.integer | JSONTape.Flags.nonFinite) == 0, let exact = exactInteger(text, as: T.self) {
            return exact
        }
        if lenient {
            return try _slowPathCoerce(node, key, T.self) { options.coercion.integer(T.self, from: $0) }
        }
        throw DecodingMessages.numberDoesNotFit(text, T.self, path: codingPath(adding: key))
    }

    /// `text` as a `T` when it is a whole number that fits exactly.
    private func exactInteger<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
        // Decimal holds 38 digits: 128-bit values need the digit-exact reader.
        if T.bitWidth > 64 { return NumberFitting.exact(text, as: T.self) }
        if let double = Double(text), double.isFinite, double.rounded(.towardZero) == double, abs(double) < 9_007_199_254_740_992 {
            return T(exactly: double)
        }
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else { return nil }
        let description = decimal.description
        return description.contains(".") ? nil : T(description)
    }

    func _slowPathNumberDoesNotFit<T: BinaryFloatingPoint & LosslessStringConvertible>(_ node: Int, _ key: PathComponent?, as type: T.Type) throws -> T {
        // JSON5's Infinity and NaN (only a JSON5 parse makes such nodes) are the IEEE values, as in JSONDecoder.
        let n = nodes[node]
        if n.flags & JSONTape.Flags.nonFinite != 0 { return T(bytes.double(of: n)) }
        if lenient {
            throw NotConverted(expected: T.self, found: found(node), reason: DecodingMessages.outOfRange(T.self))
        }
        throw DecodingMessages.numberDoesNotFit(text(node), T.self, path: codingPath(adding: key))
    }

    func _slowPathFloatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ node: Int, _ key: PathComponent?, as type: T.Type) throws -> T {
        if nodes[node].kind == .string, case .convertFromString(let posInf, let negInf, let nan) = options.nonConformingFloatDecodingStrategy.base {
            let string = text(node)
            if string == posInf { return T.infinity }
            if string == negInf { return -T.infinity }
            if string == nan { return T.nan }
        }
        if let value = numericStringFloatingPoint(node, as: T.self) {
            let yyModel = options.coercion.stringToFloatingPoint == .yyModel
            recordCoercion(value, from: node, key: key, yyModel: yyModel)
            return value
        }
        return try _slowPathCoerce(node, key, T.self) { options.coercion.floatingPoint(T.self, from: $0) }
    }

    // MARK: Numbers in strings

    // Servers that quote every number make string → number the common case, so the plainest
    // spellings are read in place. A string of digits (`"42"`, `"-7"`) or in JSON number grammar
    // (`"1.5e3"`) converts to the same value under every built-in rule that reads numeric strings
    // (lenient and YYModel alike) — except that YYModel reads a string without a "." with atoll
    // (`"1e5"` → 1); anything else — spaces, `+`, words, overflow, custom rules — goes through
    // the policy.

    /// The integer in a string node of plain digits, when the policy reads numeric strings.
    @inline(__always)
    func numericStringInteger<T: FixedWidthInteger>(_ node: Int, as type: T.Type) -> T? {
        let n = nodes[node]
        guard n.kind == .string, n.length > 0, n.length <= 18, lenient,
              options.coercion.stringToInteger != .off, !hasCustomRules else { return nil }
        let p = start(of: n)
        let negative = p[0] == UInt8(ascii: "-")
        let first = negative ? 1 : 0
        guard first < Int(n.length) else { return nil }
        var magnitude: UInt64 = 0
        for i in first ..< Int(n.length) {
            let digit = p[i] &- 0x30
            guard digit < 10 else { return nil }
            magnitude = magnitude &* 10 &+ UInt64(digit)
        }
        return negative ? T(exactly: -Int64(magnitude)) : T(exactly: magnitude)
    }

    /// The number in a string node written in JSON number grammar, when the policy reads numeric
    /// strings.
    @inline(__always)
    func numericStringFloatingPoint<T: BinaryFloatingPoint>(_ node: Int, as type: T.Type) -> T? {
        let n = nodes[node]
        guard n.kind == .string, n.flags & JSONTape.Flags.escaped == 0, n.length > 0, n.length <= 40, lenient,
              options.coercion.stringToFloatingPoint != .off, !hasCustomRules else { return nil }
        let content = bytes.content(of: n)
        guard JSONNumber.isValidGrammar(content) else { return nil }
        // YYModel reads a string without a "." with atoll, not strtod: "1e5" is 1 and "-0" is +0.
        // Those go to the policy; with a "." (atof) or plain digits the value is the same.
        let atoll = options.coercion.stringToFloatingPoint == .yyModel && !content.contains(UInt8(ascii: "."))
        if atoll, content.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) { return nil }
        // Unescaped string content is followed by its closing quote, where strtod stops.
        // safe: `content` starts inside the non-empty tape buffer (n.length > 0 is checked above)
        let value = UnsafeRawPointer(content.baseAddress!).withMemoryRebound(to: CChar.self, capacity: content.count) {
            codablebridge_strtod_c($0, nil)
        }
        let converted = T(value)
        guard value.isFinite, converted.isFinite, converted != 0 || !bytes.hasNonZeroDigit(n) else { return nil }
        return atoll && converted == 0 ? 0 : converted
    }

    // MARK: Foundation types

    func unwrapDecimal(_ node: Int, _ key: PathComponent?) throws -> Decimal {
        guard node != DecoderImpl.missingNode else { return 0 }
        if nodes[node].kind == .number {
            // JSON5's Infinity and NaN: Decimal has neither, and JSONDecoder gives NaN for both.
            if nodes[node].flags & JSONTape.Flags.nonFinite != 0 { return .quietNaN }
            let text = text(node)
            if let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) { return value }
            throw _slowPathDecimalOutOfRange(node, key, text: text)
        }
        return try _slowPathCoerce(node, key, Decimal.self) { options.coercion.decimal(from: $0) }
    }

    /// A JSON number out of `Decimal`'s range (`1e400`): a value not converted under lenient
    /// policies, as for `Double`; else `JSONDecoder`'s error.
    @inline(never)
    private func _slowPathDecimalOutOfRange(_ node: Int, _ key: PathComponent?, text: String) -> any Error {
        if lenient { return NotConverted(expected: Decimal.self, found: found(node), reason: DecodingMessages.outOfRange(Decimal.self)) }
        return DecodingMessages.numberDoesNotFit(text, Decimal.self, path: codingPath(adding: key))
    }

    func unwrapURL(_ node: Int, _ key: PathComponent?) throws -> URL {
        guard node != DecoderImpl.missingNode else {
            throw NotConverted(expected: URL.self, found: found(DecoderImpl.missingNode), reason: DecodingMessages.noDefault(URL.self))
        }
        if nodes[node].kind == .string {
            let string = text(node)
            // Padded strings go to the policy (trimmed under lenient) rather than being
            // percent-encoded by URL(string:).
            let padded = string.first?.isWhitespace == true || string.last?.isWhitespace == true
            if !(lenient && padded), let url = URL(string: string) { return url }
            if !lenient {
                throw DecodingMessages.invalidURL(path: codingPath(adding: key))
            }
        }
        return try _slowPathCoerce(node, key, URL.self) { options.coercion.url(from: $0) }
    }

    func unwrapData(_ node: Int, _ key: PathComponent?) throws -> Data {
        guard node != DecoderImpl.missingNode else { return Data() }
        switch options.dataDecodingStrategy.base {
        case .deferredToData:
            return try descend(into: node, key: key) { try Data(from: self) }
        case .custom(let read):
            return try descend(into: node, key: key) { try read(self) }
        case .base64:
            if nodes[node].kind == .string, !options.coercion.readsStringsAsUTF8Data {
                if let data = Data(base64Encoded: text(node)) { return data }
                if !lenient {
                    throw DecodingMessages.invalidBase64(path: codingPath(adding: key))
                }
            }
            return try _slowPathCoerce(node, key, Data.self) { options.coercion.data(from: $0) }
        }
    }

    func unwrapDate(_ node: Int, _ key: PathComponent?) throws -> Date {
        guard node != DecoderImpl.missingNode else {
            throw NotConverted(expected: Date.self, found: found(DecoderImpl.missingNode), reason: DecodingMessages.noDefault(Date.self))
        }
        switch options.dateDecodingStrategy.base {
        case .deferredToDate:
            return try descend(into: node, key: key) { try Date(from: self) }
        case .custom(let read):
            return try descend(into: node, key: key) { try read(self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(node, key, as: Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(node, key, as: Double.self) / 1000)
        case .iso8601:
            let string = try unwrapString(node, key)
            if let date = DecoderImpl.iso8601Date(string, fractionalSeconds: lenient) { return date }
            return try dateNotParsed(node, key, "Expected date string to be ISO8601-formatted.")
        case .formatted(let formatter):
            let string = try unwrapString(node, key)
            if let date = formatter.date(from: string) { return date }
            return try dateNotParsed(node, key, "Date string does not match format expected by formatter.")
        case .flexible:
            guard let input = scalar(node) else { throw mismatch(Date.self, node: node, key: key) }
            if case .null = input { throw mismatch(Date.self, node: node, key: key) }
            switch options.coercion.customRule(for: Date.self, from: input) {
            case .converted(let date, let rule)?:
                record(.coerced, key: key, rule: rule, DecodingMessages.coerced(found: found(node), to: Date.self, value: String(describing: date), rule: rule))
                return date
            case .notConverted(let reason)?:
                return try dateNotParsed(node, key, DecodingMessages.dateNotParsed(found: found(node), reason: reason))
            case nil:
                break
            }
            switch options.coercion.date(from: input) {
            case .converted(let date, let rule):
                if case .number = input, rule == StringToDate.epochMillisecondsRule {
                    // A guess from the magnitude, so it is reported.
                    record(.coerced, key: key, rule: rule, DecodingMessages.coerced(found: found(node), to: Date.self, value: String(describing: date), rule: rule))
                }
                return date
            case .notConverted(let reason):
                return try dateNotParsed(node, key, DecodingMessages.dateNotParsed(found: found(node), reason: reason))
            }
        }
    }

    private func dateNotParsed(_ node: Int, _ key: PathComponent?, _ message: String) throws -> Date {
        if lenient {
            throw NotConverted(expected: Date.self, found: found(node), reason: message)
        }
        throw DecodingMessages.dataCorrupted(path: codingPath(adding: key), message)
    }
}

extension DecoderImpl {
    /// The `.iso8601` strategy's reader: `Date.ISO8601FormatStyle` where the system has it (always
    /// on Linux), else the hand-written RFC 3339 reader of the coercion module, which accepts the
    /// same form. Fractional seconds are accepted only when `fractionalSeconds` (lenient policies);
    /// then the hand-written reader goes first, because it reads the fraction to the exact `Date`
    /// (as `.flexible` does) so that what `BridgeEncoder`'s `.iso8601` writes reads back
    /// identically.
    static func iso8601Date(_ string: String, fractionalSeconds: Bool) -> Date? {
        if fractionalSeconds, let date = FlexibleDateParser.internetDateTime(string, fractionalSeconds: true) { return date }
        if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) {
            if let date = try? Date.ISO8601FormatStyle().parse(string) { return date }
            if fractionalSeconds { return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string) }
            return nil
        }
        return FlexibleDateParser.internetDateTime(string, fractionalSeconds: fractionalSeconds)
    }
}

extension DecoderImpl {
    // MARK: Reporting

    /// Records an event at the current path plus `key`, when a report was asked for (or the
    /// decoder has a telemetry) and the decode has not returned (a kept container used afterwards
    /// records nothing). `rule` is a constant naming the repair, never a value (telemetry counts
    /// it); `detail` is spelt only for a report.
    @inline(__always)
    func record(_ kind: DecodingEvent.Kind, key: PathComponent?, rule: String, _ detail: @autoclosure () -> String) {
        guard let report, zeroDepth == 0, report.isOpen else { return }
        record(kind, in: report, key: key, rule: .named(rule), report.keepsDetails ? .text(detail()) : .omitted)
    }

    /// Records the coercion of `node` to `value` (frequent events): its detail is kept as facts,
    /// spelt only if the report is read. `rule` is the coercion rule's name; `nil` for the
    /// decoder's own numeric-string rule.
    @inline(__always)
    func recordCoercion<V>(_ value: V, from node: Int, key: PathComponent?, rule: String? = nil, yyModel: Bool = false) {
        guard let report, zeroDepth == 0, report.isOpen else { return }
        let eventRule: EventRule = rule.map { .named($0) } ?? .numericString(TypeID(V.self), yyModel: yyModel)
        let detail: ReportCollector.Detail = report.keepsDetails
            ? .stored(report.coercionFacts.append(coercionFacts(node, to: V.self, value: value, rule: rule, yyModel: yyModel)))
            : .omitted
        record(.coerced, in: report, key: key, rule: eventRule, detail)
    }

    /// Records an event at the current path plus `key` in `report`, the path as a node of this
    /// decoder's table there (see `EventPathTable`).
    @inline(__always)
    private func record(_ kind: DecodingEvent.Kind, in report: ReportCollector, key: PathComponent?, rule: EventRule,
                        _ detail: ReportCollector.Detail)
    {
        let node = currentPathNode()
        if reportPathTable < 0 { reportPathTable = report.addPathTable(prefix: rootPrefix) }
        report.record(kind, table: reportPathTable, node: node, nodes: UnsafeBufferPointer(start: pathNodes.base, count: pathNodes.count),
                      key: key, rule: rule, detail)
    }

    /// The error or missing-value signal for a node that is not of the expected kind.
    func mismatch(_ type: Any.Type, node: Int, key: PathComponent?, reason: String? = nil) -> any Error {
        if node >= 0, nodes[node].kind == .null {
            let null = DecodingMessages.found(.null, text: "")
            if lenient { return NotConverted(expected: type, found: null, reason: reason ?? null) }
            if type == Bool.self {
                // JSONDecoder reports a null Bool as a type mismatch (other types: valueNotFound).
                return DecodingMessages.typeMismatch(type, found: null, path: codingPath(adding: key))
            }
            return DecodingMessages.valueNotFound(type, path: codingPath(adding: key))
        }
        if lenient {
            let found = found(node)
            return NotConverted(expected: type, found: found, reason: reason ?? DecodingMessages.noRule(found: found, to: type))
        }
        // Strict: `JSONDecoder`'s error, cheaply (types probe with `try?` and throw often).
        return DecodingMessages.strictTypeMismatch(type, found: node >= 0 ? nodes[node].kind : nil, path: codingPath(adding: key))
    }

    /// The facts of a coercion of `node` to `type`, for a report event.
    func coercionFacts(_ node: Int, to type: Any.Type, value: Any, rule: String? = nil, yyModel: Bool = false) -> CoercionFacts {
        CoercionFacts(found: node < 0 ? nil : nodes[node].kind, text: node < 0 ? "" : text(node), type: type, value: value,
                      rule: rule, yyModel: yyModel)
    }

    /// What `node` holds, for messages (`a string ("abc")`; `nothing` for the missing node).
    func found(_ node: Int) -> String {
        node < 0 ? DecodingMessages.found(nil, text: "") : DecodingMessages.found(nodes[node].kind, text: text(node))
    }
}
