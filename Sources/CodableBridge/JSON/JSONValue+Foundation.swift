import Foundation

// Conversions between `JSONValue` and the object graphs of `JSONSerialization`
// (`[String: Any]`, `[Any]`, `NSNumber`, `NSNull`, `String`), both ways without recursion.
//
// The subtle part is `NSNumber`: `JSONSerialization` returns `true` as an `NSNumber`, and on Linux
// `NSNumber(value: 1) as? Bool` succeeds, so casting cannot tell `true` from `1`. Booleans are
// recognised by their class instead (`NSNumber(value: true)` is an instance of a private Boolean
// subclass on every platform), and numbers by their `objCType`:
//
//     JSONSerialization output           JSONValue
//     NSNumber(value: true)   (class)    .bool(true)
//     NSNumber "i"/"q" 1                 .number(1)
//     NSNumber "Q" 18446744073709551615  .number(18446744073709551615)
//     NSNumber "d" 1.5                   .number(1.5)
//     NSDecimalNumber 1e30               .number(1000000000000000000000000000000)

/// The class of `NSNumber(value: true)`, shared by all Boolean `NSNumber`s.
private let booleanNumberClass = ObjectIdentifier(type(of: NSNumber(value: true)))

extension JSONValue {
    /// Converts Foundation objects as `JSONSerialization` produces them, plus the Swift values
    /// `JSONSerialization.data(withJSONObject:)` accepts.
    ///
    /// Accepted: `[String: Any]` / `NSDictionary` (string keys), `[Any]` / `NSArray`, `NSNumber`
    /// (Booleans become `.bool`, everything else `.number` with its exact integer or double value),
    /// `NSDecimalNumber`, `NSNull`, `String` / `NSString`, Swift `Bool`, all fixed-width integers
    /// (`Int128` and `UInt128` too, where available),
    /// `Double`, `Float`, `Decimal`, and `JSONValue` / `JSONObject` themselves. Dictionary members
    /// keep the dictionary's iteration order. Works for any depth (no recursion).
    ///
    /// ```swift
    /// let object = try JSONSerialization.jsonObject(with: Data(#"{"ok": true, "n": 1}"#.utf8))
    /// let value = try JSONValue(foundationObject: object)   // ["ok": true, "n": 1]
    /// ```
    ///
    /// - Parameter foundationObject: The object graph.
    /// - Throws: `DecodingError.dataCorrupted` naming the unsupported type (or non-finite number)
    ///   and the coding path where it was found.
    public init(foundationObject: Any) throws {
        try self.init(foundationObject: foundationObject, maxDepth: .max)
    }

    /// ``init(foundationObject:)``, refusing a graph that nests arrays and dictionaries deeper
    /// than `maxDepth` levels (`maxDepth` levels are fine, one more is not) — what
    /// `BridgeDecoder.decode(_:fromJSONObject:)` uses.
    ///
    /// - Throws: `DecodingError.dataCorrupted` as ``init(foundationObject:)`` does, or at the
    ///   coding path of the first container nested deeper than `maxDepth`.
    package init(foundationObject: Any, maxDepth: Int) throws {
        /// A container being converted.
        struct Frame {
            var keys: [String]?
            var items: [Any]
            var position = 0
            var array: [JSONValue] = []
            var object = JSONObject()
        }
        var frames: [Frame] = []

        /// Where the item being converted sits, for errors.
        func codingPath() -> [any CodingKey] {
            frames.map { frame in
                if let keys = frame.keys { AnyCodingKey(keys[frame.position - 1]) } else { AnyCodingKey(index: frame.position - 1) }
            }
        }

        /// Converts a scalar, or pushes a frame for a container and returns nil.
        func convert(_ object: Any) throws -> JSONValue? {
            switch FoundationItem(object) {
            case .value(let value):
                return value
            case .array(let items):
                // `frames` holds the open ancestors, so this container is `frames.count + 1` deep.
                guard frames.count < maxDepth else { throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath(), debugDescription: JSONValue.nestingTooDeepMessage(maxDepth: maxDepth))) }
                var frame = Frame(keys: nil, items: items)
                frame.array.reserveCapacity(items.count)
                frames.append(frame)
                return nil
            case .object(let keys, let items):
                guard frames.count < maxDepth else { throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath(), debugDescription: JSONValue.nestingTooDeepMessage(maxDepth: maxDepth))) }
                var object = JSONObject()
                object.reserveCapacity(keys.count)
                frames.append(Frame(keys: keys, items: items, object: object))
                return nil
            case .unsupported(let reason):
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath(), debugDescription: reason))
            }
        }

        if let value = try convert(foundationObject) {
            self = value
            return
        }
        while let top = frames.indices.last {
            let position = frames[top].position
            var finished: JSONValue
            if position < frames[top].items.count {
                frames[top].position = position + 1
                guard let value = try convert(frames[top].items[position]) else { continue }
                finished = value
            } else {
                let frame = frames.removeLast()
                finished = frame.keys == nil ? .array(frame.array) : .object(frame.object)
                if frames.isEmpty {
                    self = finished
                    return
                }
            }
            // Add `finished` to the container now on top.
            let parent = frames.count - 1
            if let keys = frames[parent].keys {
                frames[parent].object.appendUnchecked(keys[frames[parent].position - 1], finished)
            } else {
                frames[parent].array.append(finished)
            }
        }
        self = .null  // Unreachable: the root frame returns above.
    }

    /// The value as Foundation objects, as `JSONSerialization.jsonObject(with:)` returns them.
    ///
    /// Objects become `[String: Any]`, arrays `[Any]`, strings `String`, `null` `NSNull()`,
    /// Booleans `NSNumber(value: Bool)`. Numbers become an `NSNumber` holding the exact value:
    /// integer text that fits `Int64` as `Int64`, else `UInt64`, larger integers (up to 38–39
    /// digits, all of `Int128` and `UInt128`) as an `NSDecimalNumber` — as `JSONSerialization`
    /// returns them — and anything else (fractions, exponents, integers too long for `Decimal`)
    /// as the nearest `Double`. Works for any depth (no recursion).
    ///
    /// ```swift
    /// let value: JSONValue = ["id": 7, "ok": true]
    /// let data = try JSONSerialization.data(withJSONObject: value.foundationObject)
    /// ```
    public var foundationObject: Any {
        /// A container being converted.
        struct Frame {
            /// The members of an object, or nil for an array.
            var members: [JSONObject.Member]?
            var elements: [JSONValue] = []
            var position = 0
            var array: [Any] = []
            var dictionary: [String: Any] = [:]
            var count: Int { members?.count ?? elements.count }
            func child(_ position: Int) -> JSONValue { members?[position].value ?? elements[position] }
        }
        var frames: [Frame] = []

        /// Converts a scalar, or pushes a frame for a container and returns nil.
        func convert(_ value: JSONValue) -> Any? {
            switch value {
            case .null: return NSNull()
            case .bool(let b): return NSNumber(value: b)
            case .string(let s): return s
            case .number(let n): return JSONValue.foundationNumber(n)
            case .array(let elements):
                var frame = Frame(members: nil, elements: elements)
                frame.array.reserveCapacity(elements.count)
                frames.append(frame)
            case .object(let object):
                frames.append(Frame(members: object.members, dictionary: .init(minimumCapacity: object.count)))
            }
            return nil
        }

        if let scalar = convert(self) { return scalar }
        while let top = frames.indices.last {
            let position = frames[top].position
            var finished: Any
            if position < frames[top].count {
                frames[top].position = position + 1
                guard let converted = convert(frames[top].child(position)) else { continue }
                finished = converted
            } else {
                let frame = frames.removeLast()
                finished = frame.members == nil ? frame.array as Any : frame.dictionary as Any
                if frames.isEmpty { return finished }
            }
            let parent = frames.count - 1
            if let members = frames[parent].members {
                frames[parent].dictionary[members[frames[parent].position - 1].key] = finished
            } else {
                frames[parent].array.append(finished)
            }
        }
        return NSNull()  // Unreachable: the root frame returns above.
    }

    /// `n` as the `NSNumber` `JSONSerialization` would give: exact integers (an `NSDecimalNumber`
    /// beyond `UInt64`, as `JSONSerialization` gives), else a `Double`.
    private static func foundationNumber(_ n: JSONNumber) -> NSNumber {
        if n.isInteger {
            if let value = Int64(n.text) { return NSNumber(value: value) }
            if let value = UInt64(n.text) { return NSNumber(value: value) }
            if let decimal = Decimal(string: n.text, locale: Locale(identifier: "en_US_POSIX")), decimal.description == n.text {
                return NSDecimalNumber(decimal: decimal)
            }
        }
        return NSNumber(value: n.doubleValue)
    }
}

/// One Foundation or Swift object, classified for ``JSONValue/init(foundationObject:)``.
private enum FoundationItem {
    case value(JSONValue)
    case array([Any])
    case object(keys: [String], values: [Any])
    case unsupported(String)

    init(_ object: Any) {
        if type(of: object) is AnyObject.Type {
            self = FoundationItem(foundation: object as AnyObject)
        } else {
            self = FoundationItem(swift: object)
        }
    }

    /// Class instances: `NSNull`, `NSNumber`, `NSString`, `NSDictionary`, `NSArray`. Checked
    /// before any Swift cast, because on Linux an `NSNumber` also casts to `Bool` and `Int`.
    private init(foundation object: AnyObject) {
        switch object {
        case is NSNull:
            self = .value(.null)
        case let number as NSNumber:
            self = FoundationItem(number: number)
        case let string as NSString:
            self = .value(.string(string as String))
        case let dictionary as NSDictionary:
            var keys: [String] = []
            var values: [Any] = []
            keys.reserveCapacity(dictionary.count)
            values.reserveCapacity(dictionary.count)
            for (key, value) in dictionary {
                guard let key = key as? String else {
                    self = .unsupported("dictionary key of type \(type(of: key)) (\(key)); JSON object keys must be strings")
                    return
                }
                keys.append(key)
                values.append(value)
            }
            self = .object(keys: keys, values: values)
        case let array as NSArray:
            self = .array(array.map { $0 })
        default:
            self = .unsupported("unsupported value of type \(type(of: object)); expected a dictionary, array, string, number, Boolean or NSNull")
        }
    }

    private init(number: NSNumber) {
        if ObjectIdentifier(type(of: number)) == booleanNumberClass {
            self = .value(.bool(number.boolValue))
            return
        }
        if let decimal = number as? NSDecimalNumber {
            self = FoundationItem(decimal: decimal.decimalValue)
            return
        }
        switch number.objCType.pointee {
        case CChar(UInt8(ascii: "d")), CChar(UInt8(ascii: "f")):
            self = FoundationItem(double: number.doubleValue)
        case CChar(UInt8(ascii: "Q")), CChar(UInt8(ascii: "L")), CChar(UInt8(ascii: "I")),
             CChar(UInt8(ascii: "S")), CChar(UInt8(ascii: "C")):
            self = .value(.number(JSONNumber(number.uint64Value)))
        default:
            self = .value(.number(JSONNumber(number.int64Value)))
        }
    }

    private init(double: Double) {
        guard double.isFinite else {
            self = .unsupported("the number \(double) is not finite; JSON numbers must be finite")
            return
        }
        self = .value(.number(JSONNumber(double)))
    }

    private init(decimal: Decimal) {
        guard let number = JSONNumber(text: decimal.description) else {
            self = .unsupported("the number \(decimal) is not finite; JSON numbers must be finite")
            return
        }
        self = .value(.number(number))
    }

    /// Swift values: Booleans, integers, floating point, `Decimal`, strings, dictionaries, arrays.
    private init(swift object: Any) {
        switch object {
        case let value as JSONValue: self = .value(value)
        case let object as JSONObject: self = .value(.object(object))
        case let string as String: self = .value(.string(string))
        case let b as Bool: self = .value(.bool(b))
        case let i as Int: self = .value(.number(JSONNumber(i)))
        case let i as Int8: self = .value(.number(JSONNumber(i)))
        case let i as Int16: self = .value(.number(JSONNumber(i)))
        case let i as Int32: self = .value(.number(JSONNumber(i)))
        case let i as Int64: self = .value(.number(JSONNumber(i)))
        case let i as UInt: self = .value(.number(JSONNumber(i)))
        case let i as UInt8: self = .value(.number(JSONNumber(i)))
        case let i as UInt16: self = .value(.number(JSONNumber(i)))
        case let i as UInt32: self = .value(.number(JSONNumber(i)))
        case let i as UInt64: self = .value(.number(JSONNumber(i)))
        case let d as Double: self = FoundationItem(double: d)
        case let f as Float:
            // Float's own shortest text ("0.1"), not the Double it widens to (0.10000000149011612).
            if f.isFinite, let number = JSONNumber(text: f.description) {
                self = .value(.number(number))
            } else {
                self = FoundationItem(double: Double(f))
            }
        case let d as Decimal: self = FoundationItem(decimal: d)
        case let dictionary as [String: Any]:
            self = .object(keys: Array(dictionary.keys), values: Array(dictionary.values))
        case let array as [Any]: self = .array(array)
        default:
            if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
                if let i = object as? Int128 {
                    self = .value(.number(JSONNumber(i)))
                    return
                }
                if let i = object as? UInt128 {
                    self = .value(.number(JSONNumber(i)))
                    return
                }
            }
            self = .unsupported("unsupported value of type \(type(of: object)); expected a dictionary, array, string, number, Boolean or NSNull")
        }
    }
}

extension JSONValue {
    /// The wording for a tree (a `JSONValue`, Foundation objects) that nests deeper than
    /// `maxDepth` — the parser says the same of text ("nesting deeper than 512 levels").
    package static func nestingTooDeepMessage(maxDepth: Int) -> String {
        "The value nests deeper than \(maxDepth) levels (the limit is set by maxDepth)."
    }
}
