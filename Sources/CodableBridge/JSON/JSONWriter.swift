import Foundation

// JSONWriter — JSON text out of a `JSONValue` tree (and, through its primitives, out of the
// encoder's own tree).
//
// The output matches what Foundation's `JSONEncoder` writes, byte for byte:
//
//   compact:          {"a":[1,2],"b":{}}
//   .prettyPrinted:   {
//                       "a" : [
//                         1,
//                         2
//                       ],
//                       "b" : {
//
//                       }
//                     }
//
// Pretty printing indents by two spaces, writes `"key" : value`, and writes an empty container as
// its brackets with an empty line between them (`{\n\n}` at the top level) — exactly as
// `JSONEncoder` does. `.sortedKeys` orders the members of every
// object by the UTF-8 bytes of their keys (`"10" < "9" < "B" < "_" < "a" < "é"`), also as
// `JSONEncoder`. String escaping is described in `JSONWriter+Escaping.swift`, numbers in
// `JSONWriter+Numbers.swift`.
//
// Everything is appended to one growing buffer; containers only add punctuation and
// indentation, so the writer allocates nothing per value except the buffer's growth (and a sort
// buffer per object under `.sortedKeys`).

/// Serializes JSON to UTF-8 bytes: a whole `JSONValue` through ``write(_:options:)``, or piece by
/// piece through the primitives the encoder uses.
///
/// ```swift
/// let bytes = JSONWriter.write(["b": 1, "a": [true, nil]], options: [.sortedKeys])
/// String(decoding: bytes, as: UTF8.self)   // {"a":[true,null],"b":1}
/// ```
///
/// The writer owns a `malloc`ed buffer (so that ``takeData()`` hands it to `Data` without a copy)
/// and is therefore non-copyable.
package struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    /// Whether to write newlines and two-space indentation.
    package let isPretty: Bool
    /// Whether object members are written in the byte order of their keys.
    package let sortsKeys: Bool
    /// Whether `/` is written as `\/`.
    let escapesSlashes: Bool
    /// `SmallString.isAvailable`, read once for all the strings this writer writes.
    let inlineStrings = SmallString.isAvailable
    /// `DoubleToDecimal.isAvailable`, read once for all the floating-point numbers this writer writes.
    let directNumbers = DoubleToDecimal.isAvailable
    /// The current nesting depth, for indentation.
    private var depth = 0

    /// Creates an empty writer.
    ///
    /// - Parameters:
    ///   - options: Layout of the text. `[]` is compact, in insertion order, with `/` escaped.
    ///   - capacity: Bytes to reserve up front. Defaults to 256.
    package init(options: OutputFormatting, capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocateWithMalloc(capacity: self.capacity)
        isPretty = options.contains(.prettyPrinted)
        sortsKeys = options.contains(.sortedKeys)
        escapesSlashes = !options.contains(.withoutEscapingSlashes)
    }

    deinit {
        base.deallocateWithFree()
    }

    /// A copy of the text written so far.
    package var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the text written so far.
    package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The text written, as `Data` that takes over the buffer without copying it.
    package consuming func takeData() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .free)
        discard self
        return data
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    package mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(extra) }
    }

    @inline(never)  // the cold path of `reserve`, kept out of the writing loops
    private mutating func grow(_ extra: Int) {
        capacity = max(capacity * 2, count + extra)
        base = base.reallocatedWithMalloc(capacity: capacity)
    }

    /// Appends a byte after ``reserve(_:)`` made room for it.
    @inline(__always)
    mutating func appendReserved(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    /// Appends bytes after ``reserve(_:)`` made room for them.
    @inline(__always)
    mutating func appendReserved(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress else { return }
        (base + count).initialize(from: source, count: buffer.count)
        count &+= buffer.count
    }

    /// Lets `body` store up to `maximum` bytes at the end of the text, and keeps the first ones
    /// of them, as many as it returns.
    @inline(__always)
    mutating func appendStored(upTo maximum: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
        reserve(maximum)
        count &+= body(UnsafeMutableRawPointer(base + count))
    }

    /// Stores the eight bytes of `word` (little-endian) and keeps the first `kept` of them, after
    /// ``reserve(_:)`` made room for all eight. The bytes past the kept ones are overwritten by
    /// whatever is appended next.
    @inline(__always)
    mutating func appendWordReserved(_ word: UInt64, keeping kept: Int) {
        UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count &+= kept
    }

    /// Serializes `value` as JSON text.
    ///
    /// A number whose text is not JSON (`"nan"`, `"inf"`, made from a non-finite `Double`) is
    /// written as `null`; ``BridgeEncoder`` rejects such numbers before they reach the writer.
    ///
    /// - Parameters:
    ///   - value: The document to write.
    ///   - options: Layout of the text; `[]` writes compact JSON in insertion order.
    /// - Returns: The UTF-8 bytes of the document.
    package static func write(_ value: JSONValue, options: OutputFormatting) -> [UInt8] {
        var writer = JSONWriter(options: options)
        writer.write(value)
        return writer.bytes
    }

    /// Appends `value` (and everything inside it).
    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null:
            writeNull()
        case .bool(let bool):
            writeBool(bool)
        case .number(let number):
            writeNumberText(number.text)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            beginContainer(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                beginElement(isFirst: i == 0)
                write(element)
            }
            endContainer(UInt8(ascii: "]"))
        case .object(let object):
            writeObject(object)
        }
    }

    private mutating func writeObject(_ object: JSONObject) {
        beginContainer(UInt8(ascii: "{"))
        let members = object.members
        if sortsKeys && members.count > 1 {
            let order = JSONWriter.sortedPositions(count: members.count) { members[$0].key }
            for (n, i) in order.enumerated() {
                writeKey(members[i].key, isFirst: n == 0)
                write(members[i].value)
            }
        } else {
            for (i, member) in members.enumerated() {
                writeKey(member.key, isFirst: i == 0)
                write(member.value)
            }
        }
        endContainer(UInt8(ascii: "}"))
    }

    /// The positions `0..<count` ordered by the UTF-8 bytes of `key(position)`: the
    /// `.sortedKeys` order. Keys are compared by their first 16 bytes, then in full on a tie.
    package static func sortedPositions(count: Int, key: (Int) -> String) -> [Int] {
        struct Entry {
            var head: UInt64
            var tail: UInt64
            var position: Int
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for position in 0..<count {
            var head: UInt64 = 0
            var tail: UInt64 = 0
            var n = 0
            for byte in key(position).utf8.prefix(16) {
                if n < 8 { head |= UInt64(byte) &<< (56 &- 8 &* UInt64(n)) } else { tail |= UInt64(byte) &<< (56 &- 8 &* UInt64(n &- 8)) }
                n &+= 1
            }
            entries.append(Entry(head: head, tail: tail, position: position))
        }
        entries.sort { a, b in
            if a.head != b.head { return a.head < b.head }
            if a.tail != b.tail { return a.tail < b.tail }
            return keyPrecedes(key(a.position), key(b.position))
        }
        return entries.map(\.position)
    }

    /// The `.sortedKeys` order: lexicographic by UTF-8 bytes, as `JSONEncoder`.
    package static func keyPrecedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                if common > 0 {
                    // safe: common > 0 (checked above), so neither buffer is empty
                    let order = memcmp(left.baseAddress!, right.baseAddress!, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }

    // MARK: Structure

    /// Appends `[` or `{` and, when pretty, the newline after it.
    package mutating func beginContainer(_ bracket: UInt8) {
        reserve(2)
        appendReserved(bracket)
        if isPretty {
            appendReserved(UInt8(ascii: "\n"))
            depth += 1
        }
    }

    /// Appends what goes before an element: a comma unless it is the first, and when pretty a
    /// newline and indentation.
    package mutating func beginElement(isFirst: Bool) {
        if !isFirst {
            reserve(2)
            appendReserved(UInt8(ascii: ","))
            if isPretty { appendReserved(UInt8(ascii: "\n")) }
        }
        if isPretty { writeIndent() }
    }

    /// Appends what goes before a member's value: separator, the quoted key and the colon
    /// (`" : "` when pretty).
    package mutating func writeKey(_ key: String, isFirst: Bool) {
        beginElement(isFirst: isFirst)
        writeString(key)
        if isPretty {
            appendASCII(" : ")
        } else {
            appendByte(UInt8(ascii: ":"))
        }
    }

    /// Appends a key's ready text, `,"name":` for a name that needs no escape (eight bytes past its
    /// end must be readable): without the comma for the first member, and when pretty with the
    /// newline, indentation and `" : "` in their places.
    package mutating func writeKeyText(_ text: UnsafeBufferPointer<UInt8>, isFirst: Bool) {
        guard let start = text.baseAddress else { return }
        if isPretty {
            beginElement(isFirst: isFirst)
            appendBytes(UnsafeBufferPointer(start: start + 1, count: text.count &- 2))
            appendASCII(" : ")
            return
        }
        let skipped = isFirst ? 1 : 0
        let length = text.count &- skipped
        // Whole words: the last one may carry up to seven bytes past the text, which the next
        // write overwrites.
        reserve(length &+ 8)
        var source = UnsafeRawPointer(start + skipped)
        var destination = UnsafeMutableRawPointer(base + count)
        var remaining = length
        while remaining > 0 {
            destination.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            source += 8
            destination += 8
            remaining &-= 8
        }
        count &+= length
    }

    /// Appends `]` or `}`, after a newline and the outer indentation when pretty.
    package mutating func endContainer(_ bracket: UInt8) {
        if isPretty {
            appendByte(UInt8(ascii: "\n"))
            depth -= 1
            writeIndent()
        }
        appendByte(bracket)
    }

    private mutating func writeIndent() {
        let width = 2 * depth
        reserve(width)
        (base + count).initialize(repeating: UInt8(ascii: " "), count: width)
        count &+= width
    }

    // MARK: Scalars

    /// Appends `null`.
    package mutating func writeNull() {
        appendASCII("null")
    }

    /// Appends `true` or `false`.
    package mutating func writeBool(_ value: Bool) {
        appendASCII(value ? "true" : "false")
    }

    /// Appends bytes already known to be valid JSON (punctuation, literals, number text).
    package mutating func appendASCII(_ text: StaticString) {
        appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends raw bytes.
    package mutating func appendBytes(_ buffer: UnsafeBufferPointer<UInt8>) {
        reserve(buffer.count)
        appendReserved(buffer)
    }

    /// Appends one raw byte.
    package mutating func appendByte(_ byte: UInt8) {
        reserve(1)
        appendReserved(byte)
    }
}
