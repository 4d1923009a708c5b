import Foundation

// MARK: - Design
//
// The one place the decoder's wording lives: every error message, every `NotConverted` reason and
// every report-event detail is spelt here. Callers pass plain facts (the kind found, its source
// text, the expected type, the coding path); nothing here reads the decoder or its tape.
//
//     DecodingMessages.found(.string, text: "12abc")              // a string ("12abc")
//     DecodingMessages.typeMismatch(Int.self, found: "a string (\"x\")", path: [id])
//       // Expected to decode Int but found a string ("x") instead.
//
// Every message says where (the coding path is in the error's context, spelt by `pathString`),
// what was found, what was expected, what was tried (alternate keys) and, where useful, how to fix
// it. The encoder's wording lives in `Encoding/EncodingMessages.swift`, the mapping tables' in
// `Mapping/MappingTableError.swift`.

enum DecodingMessages {
    // MARK: What was found

    /// A short description of a JSON value for messages: `a string ("abc")`, `a number (12.5)`;
    /// `nothing` for a missing value (`kind == nil`). `text` (the source text of a string or
    /// number) is read only for those kinds.
    static func found(_ kind: JSONTape.Kind?, text: @autoclosure () -> String) -> String {
        guard let kind else { return "nothing" }
        switch kind {
        case .null: return "null"
        case .true: return "a Boolean (true)"
        case .false: return "a Boolean (false)"
        case .number: return "a number (\(text()))"
        case .string:
            let text = text()
            return "a string (\"\(text.count > 40 ? text.prefix(40) + "…" : text)\")"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Foundation's wording for the kind of a value in strict type mismatches: `a string`,
    /// `a dictionary`, `a nothing`.
    static func foundKind(_ kind: JSONTape.Kind?) -> String {
        guard let kind else { return "a nothing" }
        switch kind {
        case .null: return "a null"
        case .true, .false: return "a bool"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a array"
        case .object: return "a dictionary"
        }
    }

    /// A value as report details show it: strings quoted, at most 60 characters.
    static func value<V>(_ value: V) -> String {
        let text = value as? String ?? String(describing: value)
        let cut = text.count > 60 ? text.prefix(60) + "…" : text[...]
        return value is String ? "\"\(cut)\"" : String(cut)
    }

    // MARK: Errors

    static func typeMismatch(_ type: Any.Type, found: String, path: [any CodingKey], hint: String = "") -> DecodingError {
        .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead.\(hint)"))
    }

    /// ``typeMismatch(_:found:path:hint:)`` for a strict mismatch, `found` spelt by
    /// ``foundKind(_:)``. The message is kept per type and kind on each thread
    /// (``StrictMismatchMessages``): models that probe with `try?` (an `Int`, else a `String`)
    /// throw on every such value, and spelling the message was half of each throw.
    static func strictTypeMismatch(_ type: Any.Type, found kind: JSONTape.Kind?, path: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, .init(codingPath: path, debugDescription: StrictMismatchMessages.current.message(type, found: kind)))
    }

    /// A type mismatch for a value the policy did not convert, with its reason when the reason
    /// says more than what was found and what was expected.
    static func notConverted(_ error: NotConverted, path: [any CodingKey]) -> DecodingError {
        let message = "Expected to decode \(error.expected) but found \(error.found) instead" + (why(error).map { ": \($0)." } ?? ".")
        return .typeMismatch(error.expected, .init(codingPath: path, debugDescription: message))
    }

    /// What a not-converted value's reason adds to "found X, expected T", or `nil` when it only
    /// restates them: the coercion rules' reasons read `found X where T was expected; why`, so
    /// the part after `; ` is kept; "an object was expected" and "no rule converts X to T" add
    /// nothing.
    static func why(_ error: NotConverted) -> String? {
        var reason = Substring(error.reason)
        if reason == objectExpected || reason == arrayExpected || reason == noRule(found: error.found, to: error.expected) { return nil }
        let dateIntro = "Cannot read a date from \(error.found)"
        if reason.hasPrefix(dateIntro) {
            reason = reason.dropFirst(dateIntro.count)
            guard reason.hasPrefix(": ") else { return nil }
            reason = reason.dropFirst(2)
            if reason.hasSuffix(".") { reason = reason.dropLast() }
        }
        return afterRestatement(String(reason))
    }

    /// A reason without its restatement of the value (`found string "x" where Int was expected;
    /// it is not a number` → `it is not a number`), or `nil` when it is nothing but one.
    private static func afterRestatement(_ reason: String) -> String? {
        guard reason.hasPrefix("found ") else { return reason }
        guard let separator = reason.range(of: "; ") else { return nil }
        return String(reason[separator.upperBound...])
    }

    /// ` (why)` for a report detail, or nothing (see ``why(_:)``).
    private static func because(_ error: NotConverted) -> String { why(error).map { " (\($0))" } ?? "" }

    static func valueNotFound(_ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        .valueNotFound(type, .init(codingPath: path, debugDescription: "Cannot get \(type) -- found null value instead"))
    }

    /// An unkeyed container read past its last element.
    static func unkeyedAtEnd(_ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        .valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
    }

    /// A missing key; `tried` lists the JSON keys looked at (alternates, key paths) when they are
    /// more than the key itself.
    static func keyNotFound(_ key: any CodingKey, path: [any CodingKey], tried: [String]? = nil) -> DecodingError {
        var message = "No value associated with key \(key) (\"\(key.stringValue)\")."
        if let tried, !tried.isEmpty, tried != [key.stringValue] {
            let list = tried.map { "\"\($0)\"" }.joined(separator: ", ")
            message += tried.count == 1 ? " Tried \(list)." : " Tried \(list) in that order."
        }
        return .keyNotFound(key, .init(codingPath: path, debugDescription: message))
    }

    static func dataCorrupted(path: [any CodingKey], _ message: String, underlying: (any Error)? = nil) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: message, underlyingError: underlying))
    }

    /// The input is not JSON; the parse error (line and column) is the underlying error.
    static func invalidJSON(_ error: JSONParseError) -> DecodingError {
        let what = error.exceededLimit != nil ? "The given data exceeds a decoding limit"
            : error.duplicateKey != nil ? "The given data repeats an object key" : "The given data was not valid JSON"
        return dataCorrupted(path: [], "\(what): \(error)", underlying: error)
    }

    /// A tree (a `JSONValue`) nests deeper than the decoder's `maxDepth`.
    static func nestingTooDeep(maxDepth: Int, path: [any CodingKey] = []) -> DecodingError {
        dataCorrupted(path: path, JSONValue.nestingTooDeepMessage(maxDepth: maxDepth))
    }

    static func numberDoesNotFit(_ text: String, _ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, "Parsed JSON number <\(text)> does not fit in \(type).")
    }

    static func invalidURL(path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, "Invalid URL string.")
    }

    static func invalidBase64(path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, "Encountered Data is not valid Base64.")
    }

    /// A dictionary key that is not an `Int` in a `[Int: V]`.
    static func intKeyMismatch(_ key: String, path: [any CodingKey]) -> DecodingError {
        typeMismatch(Int.self, found: "a String key (\"\(key)\")", path: path, hint: " Expected Int key but found String key instead.")
    }

    static func mappingTable(_ error: MappingTableError, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, error.description, underlying: error)
    }

    static func rejected(_ rejection: ModelRejected, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, "\(rejection.typeName).\(rejection.hook) rejected the model: \(rejection.underlying)", underlying: rejection.underlying)
    }

    /// `decodingType(for:)` chose a class that does not fit the declared type: an invalid table,
    /// never dropped as bad data would be.
    static func chosenTypeDoesNotFit(_ typeName: String, chosen: Any.Type, declared: Any.Type, path: [any CodingKey]) -> DecodingError {
        mappingTable(.chosenTypeNotASubclass(typeName, chosen: chosen, declared: declared), path: path)
    }

    /// A decoded model is not of the type asked for.
    static func notA(_ concrete: Any.Type, _ declared: Any.Type, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, "\(concrete) is not a \(declared).")
    }

    /// An `elementTypes` entry names a type that is not a subtype of the property's type: a wrong
    /// table, so the ``MappingTableError`` is the underlying error.
    /// An enum's tag (the single key of its synthesised form) names no case: what is wrong and
    /// the known tags (`known == nil`: they could not be listed).
    static func unknownTag(_ tag: String, type typeName: String, known: [String]?, tagKey: String?) -> String {
        let place = tagKey.map { "tag \"\($0)\" value" } ?? "key"
        let list = known.map { $0.isEmpty ? "none" : $0.map { "\"\($0)\"" }.joined(separator: ", ") } ?? "(the cases could not be listed)"
        return "Unknown \(place) \"\(tag)\" for \(typeName); known: \(list). Check the spelling, or rename the case in keyMapping."
    }

    /// An object that cannot be read as a tagged enum (`EnumTagging.Problem`).
    static func badTaggedEnum(_ problem: EnumTagging.Problem, type typeName: String, tagging: EnumTagging) -> String {
        let what: String
        switch problem {
        case .notAnObject, .notOneCase, .contentNotAnObject, .contentHasTagKey: what = "the value is not an object with a tag"
        case .missingTag(let tagKey): what = "the tag member \"\(tagKey)\" is missing"
        case .tagNotAString(let tagKey, let found): what = "the tag member \"\(tagKey)\" holds \(found), not a string naming the case"
        }
        return "Cannot decode \(typeName) (enumTagging \(tagging)): \(what)."
    }

    static func elementTypeDoesNotFit(_ concrete: Any.Type, declared: Any.Type, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, "elementTypes names \(concrete) for a property declared as \(declared), which \(concrete) is not a subtype of.",
                      underlying: MappingTableError.elementTypeNotASubtype(concrete, of: declared))
    }

    /// A date the strategy could not read; used as the error message and as a not-converted reason.
    static func dateNotParsed(found: String, reason: String) -> String {
        "Cannot read a date from \(found)" + (afterRestatement(reason).map { ": \($0)." } ?? ".")
    }

    // MARK: Reasons a value was not converted

    static let objectExpected = "an object was expected"
    static let arrayExpected = "an array was expected"

    static func noRule(found: String, to type: Any.Type) -> String { "no rule converts \(found) to \(type)" }
    static func outOfRange(_ type: Any.Type) -> String { "out of \(type)'s range" }
    static func noDefault(_ type: Any.Type) -> String { "\(type) has no default value" }
    static func notACase(_ type: Any.Type) -> String { "it is not a case of \(type)" }

    // MARK: Report events

    /// `.coerced`: `a string ("12") → Int 12 (string → Int)`.
    static func coerced(found: String, to type: Any.Type, value: String, rule: String) -> String {
        "\(found) → \(type) \(value) (\(rule))"
    }

    /// `.coerced`, a string or number read as a number by the decoder's own numeric-string rule.
    static func coercedNumericString(found: String, to type: Any.Type, value: String, yyModel: Bool) -> String {
        "\(found) → \(type) \(value) (string → \(type)\(yyModel ? " (YYModel)" : ""))"
    }

    /// `.coerced`: a string holding a JSON object or array.
    static func embeddedJSON(found: String, to type: Any.Type) -> String { "\(found) holding JSON → \(type)" }

    /// `.coerced`: a null word (`"<null>"`) read as `nil`.
    static func nullWord(_ text: String) -> String { "string \"\(text)\" → nil" }

    /// `.defaulted`: an optional set to `nil` because its value was not converted.
    static func usedNil(_ error: NotConverted, for type: Any.Type) -> String {
        "\(error.found) not converted to \(type)\(because(error)); used nil"
    }

    /// `.defaulted`: an optional set to `nil` for the reason `why`.
    static func usedNil(_ why: String) -> String { "\(why); used nil" }

    /// Why a key path found nothing: `ext is a string, not an object` (`parent` is the path up to
    /// the member that is not an object).
    static func keyPathParentNotAnObject(_ parent: String, found kind: JSONTape.Kind) -> String {
        let what: String
        switch kind {
        case .string: what = "a string"
        case .number: what = "a number"
        case .true, .false: what = "a Boolean"
        case .array: what = "an array"
        case .null: what = "null"
        case .object: what = "an object"
        }
        return "\(parent) is \(what), not an object"
    }

    /// `.rejected`: a model hook threw.
    static func hookThrew(_ rejection: ModelRejected) -> String {
        "\(rejection.typeName).\(rejection.hook) threw \(rejection.underlying)"
    }

    /// `.rejected`: a model hook threw and the optional property became `nil`.
    static func hookThrewUsedNil(_ rejection: ModelRejected) -> String { hookThrew(rejection) + "; used nil" }

    /// `.dropped`: a null element of a non-optional element type.
    static func droppedNull(_ type: Any.Type) -> String { "null where \(type) was expected" }

    /// `.dropped`: an element the policy did not convert.
    static func droppedNotConverted(_ error: NotConverted, _ type: Any.Type) -> String {
        "\(error.found) not converted to \(type)\(because(error))"
    }

    /// `.dropped`: a dictionary key that is not a `K`.
    static func droppedKey(_ key: String, _ type: Any.Type) -> String { "key \"\(key)\" not converted to \(type)" }

    /// `.dropped`: a rejected model element.
    static func droppedRejected(_ rejection: ModelRejected) -> String { "rejected \(rejection.typeName) left out" }

    /// `.dropped`: an element whose decoding failed; `error` summarised below the element's path.
    static func droppedFailed(_ type: Any.Type, error: DecodingError, at path: [any CodingKey]) -> String {
        "could not decode \(type): \(summary(of: error, below: pathString(path)))"
    }

    /// Why a property is substituted, as `.defaulted` details start: `missing (tried id, ID)`.
    static func substitution(missing tried: [String]) -> String {
        tried.count <= 1 ? "missing" : "missing (tried \(tried.joined(separator: ", ")))"
    }

    static let substitutionNull = "null"
    static let substitutionRejected = "model rejected"

    static func substitution(notConverted error: NotConverted) -> String { "\(error.found) not converted\(because(error))" }

    /// `.defaulted`: `<why>; used the declared default <value>`.
    static func usedDeclaredDefault(_ why: String, value: String) -> String { "\(why); used the declared default \(value)" }

    /// `.defaulted`: `<why>; used the first case <Enum>.<case>`.
    static func usedFirstCase(_ why: String, type: Any.Type, value: String) -> String { "\(why); used the first case \(type).\(value)" }

    /// `.defaulted` under `update(_:from:)`: `<why>; kept the current value`.
    static func keptCurrent(_ why: String) -> String { "\(why); kept the current value" }

    /// `.defaulted`: `<why>; used <Type> <value>`.
    static func usedZero(_ why: String, type: Any.Type, value: String) -> String { "\(why); used \(type) \(value)" }

    /// A one-line summary of `error` for a report event at `path`: where below `path` the error
    /// happened (`when: …` for `items[1].when`; nothing when at `path` itself), then the message.
    static func summary(of error: DecodingError, below path: String) -> String {
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
            var location = pathString(c.codingPath)
            if location.hasPrefix(path) {
                location.removeFirst(path.count)
                if location.hasPrefix(".") { location.removeFirst() }
            }
            return location.isEmpty ? c.debugDescription : "\(location): \(c.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    // MARK: Round trips (unknown keys, unknown cases, transforms)

    /// `unknownKeyStrategy = .throw`: the object at `path` has a key no model reads.
    static func unknownKey(_ key: String, typeName: String, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path,
                      "Unknown key \"\(key)\": \(typeName) neither reads it nor names it in a mapping table. Map it, capture it with unknownKeysProperty, or decode with unknownKeyStrategy = .ignore or .report.",
                      underlying: UnknownKeyFound(key: key))
    }

    /// `.unknownKey` event detail.
    static func unknownKeyDetail(_ key: String, typeName: String) -> String {
        "key \"\(key)\" is not read by \(typeName)"
    }

    /// `.defaulted`: an ``UnknownCaseRepresentable`` raw value that is no case.
    static func usedUnknownCase(raw: String, type: Any.Type, value: String) -> String {
        "raw value \(raw) is no case of \(type); used \(type).\(value)"
    }

    /// The not-converted reason for a value transform that threw.
    static func transformThrew(_ transform: String, _ error: any Error) -> String {
        "the transform \(transform) threw: \(error)"
    }

    /// Under `.strict`: a value transform threw (the transform's error is the underlying error).
    static func transformFailed(_ transform: String, found: String, error: any Error, path: [any CodingKey]) -> DecodingError {
        dataCorrupted(path: path, "The transform \(transform) could not convert \(found): \(error)", underlying: error)
    }

    // MARK: JSON Lines

    /// ``JSONLinesError/description``: `line 3, column 9: <parse error>` or
    /// `line 3: typeMismatch at user.id: <message>`.
    static func jsonLines(line: Int, column: Int?, _ underlyingError: any Error) -> String {
        switch underlyingError {
        case let parse as JSONParseError:
            return "line \(line), column \(column ?? parse.column): \(parse.reason)"
        case let decoding as DecodingError:
            return "line \(line): \(caseAndPath(of: decoding))"
        default:
            return "line \(line): \(underlyingError)"
        }
    }

    /// `typeMismatch at user.id: Expected …` for a `DecodingError`.
    static func caseAndPath(of error: DecodingError) -> String {
        let (kind, context): (String, DecodingError.Context?) =
            switch error {
            case .typeMismatch(_, let context): ("typeMismatch", context)
            case .valueNotFound(_, let context): ("valueNotFound", context)
            case .keyNotFound(_, let context): ("keyNotFound", context)
            case .dataCorrupted(let context): ("dataCorrupted", context)
            @unknown default: ("\(error)", nil)
            }
        guard let context else { return kind }
        let path = pathString(context.codingPath)
        return "\(kind)\(path.isEmpty ? "" : " at \(path)"): \(context.debugDescription)"
    }

    /// `.dropped` detail of a JSON Lines line that was skipped: `skipped the line: <error>`.
    static func skippedLine(_ error: any Error) -> String {
        "skipped the line: \(error)"
    }

    /// The report path of an event on JSON Lines line `line`: `line 3`, or `line 3: user.id`
    /// for an event at `path` inside the line's value.
    static func linePath(_ line: Int, _ path: String) -> String {
        path.isEmpty ? "line \(line)" : "line \(line): \(path)"
    }
}

/// A coercion event's facts, spelt by ``DecodingMessages/coerced(found:to:value:rule:)`` or
/// ``DecodingMessages/coercedNumericString(found:to:value:yyModel:)`` only when the report is read
/// (a payload with numbers as strings records one per number).
struct CoercionFacts {
    /// The JSON kind found (`nil`: nothing) and its source text.
    let found: JSONTape.Kind?
    let text: String
    let type: Any.Type
    let value: Any
    /// The rule's name; `nil` for the decoder's own numeric-string rule.
    let rule: String?
    let yyModel: Bool

    func spelt() -> String {
        let found = DecodingMessages.found(found, text: text)
        if let rule {
            return DecodingMessages.coerced(found: found, to: type, value: DecodingMessages.value(value), rule: rule)
        }
        return DecodingMessages.coercedNumericString(found: found, to: type, value: String(describing: value), yyModel: yyModel)
    }
}

/// The coercion facts of one decode's report (see ``EventDetailStore``).
final class CoercionFactsStore: EventDetailStore {
    /// Written by one decode, read when its report is spelt (see ``ReportCollector``).
    @exclusivity(unchecked) private(set) var facts = ChunkedList<CoercionFacts>()

    /// Adds `facts` and returns their index.
    func append(_ facts: CoercionFacts) -> Int {
        self.facts.append(facts)
        return self.facts.count - 1
    }

    func spelt(at index: Int) -> String { facts[index].spelt() }
}

extension ReportCollector {
    /// The store for this report's coercion facts, made on first use.
    var coercionFacts: CoercionFactsStore {
        if let store = detailStore as? CoercionFactsStore { return store }
        let store = CoercionFactsStore()
        detailStore = store
        return store
    }
}

/// One thread's strict type-mismatch messages, by expected type and kind found, in a
/// ``DirectMappedSlots`` table. Messages are plain facts about types, so they are kept for the
/// thread's life; per thread, so no lock.
final class StrictMismatchMessages {
    private let slots = DirectMappedSlots<String>(count: 64, empty: "")

    /// This thread's messages.
    static var current: StrictMismatchMessages { perThread.current }
    private static let perThread = ThreadLocal { StrictMismatchMessages() }

    private init() {}

    /// `Expected to decode Int but found a string instead.`
    func message(_ type: Any.Type, found kind: JSONTape.Kind?) -> String {
        // Type metadata is at least 8-byte aligned: the kind (0–6, or 7 for none) fits below it.
        let key = UInt(bitPattern: ObjectIdentifier(type)) | UInt(kind?.rawValue ?? 7)
        if let message = slots.value(for: key) { return message }
        let message = "Expected to decode \(type) but found \(DecodingMessages.foundKind(kind)) instead."
        slots.store(message, for: key)
        return message
    }
}
