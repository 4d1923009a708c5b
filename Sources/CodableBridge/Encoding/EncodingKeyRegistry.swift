// The JSON keys of keyed containers, each written as text once per thread.
//
// A model's keys are the same few strings in every encode: escaping and quoting each one again
// for every object written (about 135 instructions for a key of `yymodel_github_user.json`), and
// storing it in the tree's string table first (about 60), is work whose result never changes. A
// thread keeps each key that a keyed container writes, numbered in the order first seen, with
// its text ready to copy:
//
//   id  name          text
//   0   "login"       ,"login":
//   1   "avatar_url"  ,"avatar_url":
//
// A tree member refers to its key by that number (`EncodedTree.Node.key`, below -1), and the
// writer copies the text — without the comma for an object's first member, with `" : "` instead
// of the colon when pretty-printing. A key that needs an escape (a quote, a backslash, a control
// character or a slash) keeps no text and is escaped when written, under the encoder's settings.
//
// A coding-key enum without payloads (a synthesised `CodingKeys`) is looked up by its case rather
// than its name: the first time a thread writes a key of such a type, the registry numbers every
// case's name and keeps the numbers in case order (`CaseKey`). A later key is then its case's
// index (read from the value's layout, Runtime/TypeShape.swift) into that list: no `stringValue`,
// no hash of the name, no probe of the table below — about a third of what placing a member
// cost. Portable builds, and key types whose layout does not read as expected, look keys up by
// name.
//
// Only keys of enums are kept — a model's coding keys, not the keys of a dictionary (structs), of
// captured unknown members or of a `.custom` key strategy, which are data — and at most `limit`
// of them, none longer than `longestKey`: past them, a key is stored in the tree's string table,
// as keys of data are. Per thread, so no lock; the registry lives as long as its thread, and a
// tree reads the registry of the thread that built it, while its encode writes it.

/// One thread's keys of keyed containers (see the design comment above).
final class EncodingKeyRegistry {
    /// How many keys a thread keeps; enough for the models of any program, while keys made up at
    /// run time (a container keyed by data) cannot make it grow without bound.
    static let limit = 4096
    /// The longest key kept, in UTF-8 bytes: a longer one is data, not a property's name.
    static let longestKey = 256

    /// This thread's registry.
    static var current: EncodingKeyRegistry { perThread.current }
    private static let perThread = ThreadLocal { EncodingKeyRegistry() }

    @exclusivity(unchecked) private var names: [String] = []
    @exclusivity(unchecked) private var hashes: [UInt32] = []
    /// Where each key's text starts in `text` (-1 for a key that needs an escape) and its length.
    @exclusivity(unchecked) private var spans: [(offset: Int32, length: Int32)] = []
    /// Each key's text: `,"name":`, one after the other (plus eight bytes of padding, so that the
    /// writer may copy whole words).
    @exclusivity(unchecked) private var text: [UInt8] = []
    /// Open addressing by hash: key ids, -1 for an empty slot.
    @exclusivity(unchecked) private var slots: [Int32] = Array(repeating: -1, count: 64)

    /// What the registry knows of a key type, by `ObjectIdentifier` bits: `notKept`, `keptByName`,
    /// or where its cases start in `cases`.
    private let keyTypes = DirectMappedSlots<Int32>(count: 64, empty: EncodingKeyRegistry.notKept)
    private static let notKept: Int32 = -2
    private static let keptByName: Int32 = -1
    /// The answer of `keyTypes` for each key type seen, kept when another type takes its slot.
    private var keyTypeAnswers: [ObjectIdentifier: Int32] = [:]
    /// Each payload-free coding-key enum's cases, in case order, one enum after the other.
    @exclusivity(unchecked) private var cases: [CaseKey] = []

    /// A case of a payload-free coding-key enum, numbered as the registry numbers its name.
    struct CaseKey {
        /// The name's number; -1 when the registry is full or the name too long to keep.
        var id: Int32
        var hash: UInt32
        /// Whether the key has an `intValue` (an `Int` raw-value enum): the coding path then
        /// needs the key itself.
        var hasIntValue: Bool
    }

    private init() {}

    /// Whether the keys of `key`'s type are kept: the cases of an enum (a model's coding keys),
    /// not keys made from data (a dictionary's keys are structs). Told by the type's metadata, or
    /// in portable mode by `Mirror`, once per key type and thread.
    @inline(__always)
    func keeps<Key: CodingKey>(keysLike key: Key) -> Bool {
        answer(for: key) != EncodingKeyRegistry.notKept
    }

    /// `key`'s case, numbered, when its type is a payload-free enum whose cases the registry
    /// keeps (see the design comment above); `nil` otherwise, and always in portable builds.
    @inline(__always)
    func caseKey<Key: CodingKey>(_ key: Key) -> CaseKey? {
        #if CODABLEBRIDGE_PORTABLE
        return nil
        #else
        let start = answer(for: key)
        guard start >= 0 else { return nil }
        let caseKey = cases[Int(start) &+ TypeShape.caseIndex(of: key)]
        return caseKey.id >= 0 ? caseKey : nil
        #endif
    }

    @inline(__always)
    private func answer<Key: CodingKey>(for key: Key) -> Int32 {
        let id = UInt(bitPattern: ObjectIdentifier(Key.self))
        if let known = keyTypes.value(for: id) { return known }
        return _slowPathAnswer(for: key, id: id)
    }

    @inline(never)
    private func _slowPathAnswer<Key: CodingKey>(for key: Key, id: UInt) -> Int32 {
        let answer: Int32
        if let known = keyTypeAnswers[ObjectIdentifier(Key.self)] {
            answer = known
        } else if !TypeShape.isEnum(Key.self, sample: { key }) {
            answer = EncodingKeyRegistry.notKept
        } else if let keys = Self.caseKeys(of: Key.self) {
            answer = Int32(cases.count)
            for key in keys {
                let name = key.stringValue
                let hash = EncodedTree.hash(name)
                cases.append(CaseKey(id: self.id(of: name, hash: hash) ?? -1, hash: hash, hasIntValue: key.intValue != nil))
            }
        } else {
            answer = EncodingKeyRegistry.keptByName
        }
        keyTypeAnswers[ObjectIdentifier(Key.self)] = answer
        keyTypes.store(answer, for: id)
        return answer
    }

    private static func caseKeys<Key: CodingKey>(of type: Key.Type) -> [Key]? {
        #if CODABLEBRIDGE_PORTABLE
        return nil
        #else
        return TypeShape.caseKeys(of: Key.self)
        #endif
    }

    /// The number of `name`, kept now if it is new; `nil` when the registry is full.
    @inline(__always)
    func id(of name: String, hash: UInt32) -> Int32? {
        let mask = slots.count &- 1
        var slot = Int(hash) & mask
        while true {
            let id = slots[slot]
            if id < 0 { return _slowPathAdd(name, hash: hash, slot: slot) }
            if hashes[Int(id)] == hash, names[Int(id)] == name { return id }
            slot = (slot &+ 1) & mask
        }
    }

    @inline(never)
    private func _slowPathAdd(_ name: String, hash: UInt32, slot: Int) -> Int32? {
        guard names.count < EncodingKeyRegistry.limit, name.utf8.count <= EncodingKeyRegistry.longestKey else { return nil }
        let id = Int32(names.count)
        names.append(name)
        hashes.append(hash)
        spans.append(EncodingKeyRegistry.isPlain(name) ? appendText(name) : (-1, 0))
        slots[slot] = id
        // At most half full, so that a probe ends soon.
        if names.count &* 2 > slots.count { rehash(capacity: slots.count &* 2) }
        return id
    }

    /// Whether no byte of `name` is written as an escape under any setting.
    private static func isPlain(_ name: String) -> Bool {
        !name.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/") }
    }

    private func appendText(_ name: String) -> (offset: Int32, length: Int32) {
        if !text.isEmpty { text.removeLast(8) }  // the padding
        let offset = text.count
        text.append(UInt8(ascii: ","))
        text.append(UInt8(ascii: "\""))
        text.append(contentsOf: name.utf8)
        text.append(UInt8(ascii: "\""))
        text.append(UInt8(ascii: ":"))
        let length = text.count &- offset
        text.append(contentsOf: repeatElement(0, count: 8))
        return (Int32(offset), Int32(length))
    }

    private func rehash(capacity: Int) {
        slots = Array(repeating: -1, count: capacity)
        let mask = capacity &- 1
        for id in hashes.indices {
            var slot = Int(hashes[id]) & mask
            while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
            slots[slot] = Int32(id)
        }
    }

    /// How many keys the thread keeps.
    var count: Int { names.count }

    /// The key numbered `id`.
    func name(_ id: Int32) -> String { names[Int(id)] }

    /// Calls `body` with a reader of the keys' texts, borrowed for the whole walk of a tree.
    func withTexts<R>(_ body: (Texts) throws -> R) rethrows -> R {
        try text.withUnsafeBufferPointer { bytes in
            try spans.withUnsafeBufferPointer { spans in
                try names.withUnsafeBufferPointer { names in
                    try body(Texts(bytes: bytes, spans: spans, names: names))
                }
            }
        }
    }

    /// The keys' texts, as ``EncodedTree`` writes them.
    struct Texts {
        let bytes: UnsafeBufferPointer<UInt8>
        let spans: UnsafeBufferPointer<(offset: Int32, length: Int32)>
        let names: UnsafeBufferPointer<String>

        /// Writes key `id` before a member's value: its ready text, or the escaped name.
        @inline(__always)
        func write(_ id: Int32, isFirst: Bool, into writer: inout JSONWriter) {
            let span = spans[Int(id)]
            guard span.offset >= 0, let base = bytes.baseAddress else {
                writer.writeKey(names[Int(id)], isFirst: isFirst)
                return
            }
            writer.writeKeyText(UnsafeBufferPointer(start: base + Int(span.offset), count: Int(span.length)), isFirst: isFirst)
        }
    }
}
