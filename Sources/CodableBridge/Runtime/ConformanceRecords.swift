// ConformanceRecords — tells that a type does *not* conform to one of two protocols (the
// library's `MappableCodable` and `UnknownCaseRepresentable`, named in
// Mapping/ConformanceIndex.swift) without asking the Swift runtime.
//
// The decoder must know whether each type it meets is a model (`T.self as? any
// MappableCodable.Type`). The runtime answers the first such question for a type by scanning every
// protocol conformance record of the process and caches the answer. A synthesized `init(from:)`
// pays one scan of its own (for its `CodingKeys`), so with ours a plain type's first decode would
// cost about twice `JSONDecoder`'s (the figures: Docs/Design.md, "Performance techniques").
//
// This index scans the records once for the whole process instead. On Linux the runtime lists
// every loaded Swift image's metadata sections (`swift_enumerateAllMetadataSections`, exported by
// the runtime for tools that read the metadata, such as test discovery). From each image it keeps:
//
// - the type descriptors named by conformance records to the two protocols (the records lie in
//   `swift5_protocol_conformances`), one bit per protocol;
// - the span of addresses of the image's own type descriptors (`swift5_type_metadata`): a
//   descriptor inside a span belongs to an image the index has read.
//
// A struct or enum whose descriptor is marked may conform: the decoder then asks the runtime
// (generic and conditional conformances are the runtime's to judge). One whose descriptor lies in
// a read image and is not marked does not conform: no record says it does. Anything else — a
// class (its superclass may conform), a type whose descriptor is not unique (imported C types), a
// type from an image loaded after the index was built — gets "may conform"; a descriptor outside
// every span first makes the index re-read the images if their number changed.
//
// What the index cannot see: a retroactive conformance declared in a library loaded with `dlopen`
// after the index last read the images, for a type of an earlier image, until a type of a newer
// image makes it re-read them. Noticing every load at once would take a walk of the runtime's
// image list per answer (Swift 6.3 no longer links the sections' `next` / `prev`, so there is no
// cheaper sign); a type's own module, or one linked at launch, is where its conformances belong.
//
// Relies on: the runtime's ABI (swift/ABI/Metadata.h, SwiftShims/MetadataSections.h), two runtime
// functions looked up with `dlsym`, and an existential metatype being two words (metadata,
// witness table):
//
//   MetadataSections    version, reserved, next, prev, then (start, length) pairs: protocols,
//                       protocol_conformances, type_metadata, …
//   conformance record  Int32 relative offset to a ProtocolConformanceDescriptor:
//                         +0 protocol (relative; low bit 1 = through a pointer)
//                         +4 type reference (relative; kind in flags bits 3…5: 0 direct
//                            descriptor, 1 through a pointer, 2 and 3 Objective-C)
//                         +12 flags
//   type record         Int32 relative offset to a type descriptor; low two bits the same kind
//   type descriptor     flags (UInt32): kind in bits 0…4, unique 0x40
//
// Self-check, when a snapshot is built: the first probe (a non-generic struct conforming to the
// first protocol) must read as conforming, with the witness table the runtime gives it; the
// second probe (an enum) as conforming to the second protocol only; `Int` as conforming to
// neither. If anything does not read as expected, the snapshot is switched off and every answer
// is "ask the runtime". `ConformanceIndexTests` asserts the index is active on Linux.
//
// Portable replacement (`CODABLEBRIDGE_PORTABLE`, elsewhere than Linux on x86_64 / arm64, or a
// failed self-check): every answer is "may conform", and the cast is the runtime's `as?`.
//
// Runtime/ names no type of another folder, so the two protocols come as a type parameter
// (`IndexedProtocols`); the process has one such set, the library's, and the index reads the
// records of whichever set builds it first.

#if os(Linux) && (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
import Glibc
import Synchronization
#endif

/// The two protocols a conformance index reads the records of, and the probes its self-check
/// must find (see the comment above).
protocol IndexedProtocols {
    /// `any First.Type`: what ``ConformanceRecords/first(_:_:)`` casts to.
    associatedtype FirstMetatype
    /// `(any First).self`.
    static var first: Any.Type { get }
    /// `(any Second).self`.
    static var second: Any.Type { get }
    /// A non-generic struct conforming to the first protocol and not the second.
    static var firstProbe: Any.Type { get }
    /// An enum conforming to the second protocol and not the first.
    static var secondProbe: Any.Type { get }    /// `type as? FirstMetatype`, written where the protocol is known: a cast to a generic
    /// parameter fails for a conformance isolated to a global actor, where the runtime allows the
    /// cast to the protocol itself.
    static func castToFirst(_ type: Any.Type) -> FirstMetatype?
}

/// Whether a type may conform to one of two protocols, answered from the process's conformance
/// records read once (see the comment above).
enum ConformanceRecords {
    /// The bit of the first protocol and of the second.
    static let firstBit: UInt = 1
    static let secondBit: UInt = 2

    /// Whether `type` may conform to the protocol of `bit` (``firstBit`` or ``secondBit``).
    /// `false` means it certainly does not; `true` means the runtime must be asked (`as?`).
    @inline(__always)
    static func mayConform<Protocols: IndexedProtocols>(_ type: Any.Type, bit: UInt, _ protocols: Protocols.Type) -> Bool {
        #if os(Linux) && (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
        return LinuxIndex.answer(type, bit, Protocols.self) != .doesNotConform
        #else
        return true
        #endif
    }

    /// `type as? Protocols.FirstMetatype` (``IndexedProtocols/castToFirst(_:)``), without the runtime's first-time scan when the index
    /// knows the answer: "no" for a type no record names, and for a non-generic conformer its
    /// conformance's witness table, from the record itself.
    static func first<Protocols: IndexedProtocols>(_ type: Any.Type, _ protocols: Protocols.Type) -> Protocols.FirstMetatype? {
        #if os(Linux) && (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
        switch LinuxIndex.firstWitnessTable(type, Protocols.self) {
        case .notConforming: return nil
        case .conforming(let witnessTable):
            let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
            return MetatypeWords(metadata: metadata, witnessTable: witnessTable).existential(as: Protocols.FirstMetatype.self)
        case .askRuntime: return Protocols.castToFirst(type)
        }
        #else
        return Protocols.castToFirst(type)
        #endif
    }

    /// Whether the index is built and passed its self-check (always `false` off Linux and in
    /// portable mode).
    static func isActive<Protocols: IndexedProtocols>(_ protocols: Protocols.Type) -> Bool {
        #if os(Linux) && (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
        return LinuxIndex.current(Protocols.self).pointee.isActive
        #else
        return false
        #endif
    }
}

#if !CODABLEBRIDGE_PORTABLE
/// An existential metatype's two words: the type's metadata and its conformance's witness table.
struct MetatypeWords: Equatable {
    var metadata: UnsafeRawPointer
    var witnessTable: UnsafeRawPointer

    /// The existential in a struct: passed as it is to a generic function, it would be opened
    /// into its concrete metatype (one word), which `unsafeBitCast` then refuses.
    private struct Boxed<Existential> {
        var value: Existential
    }

    /// The existential metatype `Existential` (`any P.Type`) of these words.
    func existential<Existential>(as: Existential.Type) -> Existential {
        unsafeBitCast(self, to: Boxed<Existential>.self).value
    }
}

extension MetatypeWords {
    /// The words of `existential`, an `any P.Type` of a single protocol; `nil` for any other
    /// kind of value (in an extension, so the memberwise initializer stays).
    init?<Existential>(_ existential: Existential, as: Existential.Type) {
        guard MemoryLayout<Existential>.size == MemoryLayout<MetatypeWords>.size else { return nil }
        self = unsafeBitCast(Boxed(value: existential), to: MetatypeWords.self)
    }
}
#endif

#if os(Linux) && (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
/// `swift_getWitnessTable(conformance, type, instantiationArguments)`.
typealias GetWitnessTable = @convention(c) (UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer?) -> UnsafeRawPointer
/// `swift_enumerateAllMetadataSections(body, context)`.
typealias EnumerateSections = @convention(c) (
    @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Bool, UnsafeMutableRawPointer?
) -> Void

/// The two runtime entry points the index uses, looked up by name (`nil` if this runtime lacks
/// them: the index is then off). Their C declarations are in swift/Runtime/Metadata.h and
/// swift/Runtime/ImageInspection… (exported since Swift 5.9).
enum RuntimeFunctions {
    static let getWitnessTable: GetWitnessTable? = ExportedSymbol.address(of: "swift_getWitnessTable").map {
        unsafeBitCast($0, to: GetWitnessTable.self)
    }
    static let enumerateSections: EnumerateSections? = ExportedSymbol.address(of: "swift_enumerateAllMetadataSections").map {
        unsafeBitCast($0, to: EnumerateSections.self)
    }
}

/// The Linux index: immutable snapshots in `malloc`ed memory, published through an atomic
/// pointer and never freed (a new one is built only when images were loaded), so reading one
/// takes no lock and touches no reference count.
enum LinuxIndex {
    enum Answer: Equatable {
        /// A record names the type; with its slot when the record's conformance to the first
        /// protocol can be used directly (see `Snapshot.modelConformances`).
        case conforms(usableSlot: Int?)
        case doesNotConform
        /// The descriptor is in no image the index has read.
        case unknown
    }

    /// One read of the process's images.
    struct Snapshot {
        /// How many images the runtime listed when this snapshot was built.
        var imageCount: Int
        /// Open addressing: `descriptor | protocol bits`, `0` empty; `mask + 1` slots.
        var slots: UnsafeMutablePointer<UInt>
        /// Beside each slot: the first protocol's conformance descriptor of a non-generic type
        /// named by exactly one record without conditions, else `0` (the runtime is asked).
        var modelConformances: UnsafeMutablePointer<UInt>
        /// Beside each usable conformance: its witness table once asked for, else `0`, kept
        /// because `swift_getWitnessTable` costs thousands of instructions a call. Any thread may
        /// fill a word in; all write the same value (one table per conformance of a non-generic
        /// type).
        var witnessTables: UnsafeMutablePointer<Atomic<UInt>>
        var mask: Int
        /// `(first, last)` address of each image's type descriptors.
        var spans: UnsafeMutablePointer<(UInt, UInt)>
        var spanCount: Int
        /// `false` when the self-check failed: every answer is then "may conform".
        var isActive: Bool

        func answer(_ descriptor: UInt, _ bit: UInt) -> Answer {
            var slot = LinuxIndex.hash(descriptor) & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { break }
                if entry & ~3 == descriptor {
                    guard entry & bit != 0 else { return .doesNotConform }
                    let usable = bit == ConformanceRecords.firstBit && modelConformances[slot] != 0
                    return .conforms(usableSlot: usable ? slot : nil)
                }
                slot = (slot + 1) & mask
            }
            for index in 0..<spanCount {
                let span = spans[index]
                if descriptor >= span.0 && descriptor <= span.1 { return .doesNotConform }
            }
            return .unknown
        }
    }

    private static let published = Atomic<UInt>(0)
    private static let building = Mutex<Void>(())

    static func answer<Protocols: IndexedProtocols>(_ type: Any.Type, _ bit: UInt, _ protocols: Protocols.Type) -> Answer {
        lookup(type, bit, Protocols.self)?.answer ?? .unknown
    }

    /// What `ConformanceRecords.first(_:_:)` does with a type.
    enum FirstAnswer {
        case notConforming
        /// A non-generic conformer: its conformance's witness table.
        case conforming(UnsafeRawPointer)
        case askRuntime
    }

    static func firstWitnessTable<Protocols: IndexedProtocols>(_ type: Any.Type, _ protocols: Protocols.Type) -> FirstAnswer {
        guard let (snapshot, answer) = lookup(type, ConformanceRecords.firstBit, Protocols.self) else { return .askRuntime }
        switch answer {
        case .doesNotConform: return .notConforming
        case .conforms(usableSlot: let slot?):
            let cached = snapshot.pointee.witnessTables[slot].load(ordering: .acquiring)
            if let table = UnsafeRawPointer(bitPattern: cached) { return .conforming(table) }
            return .conforming(_slowPathWitnessTable(type, snapshot, slot))
        case .conforms(usableSlot: nil), .unknown: return .askRuntime
        }
    }

    /// Asks the runtime for a conformance's witness table (from its descriptor, no scan) and keeps it.
    @inline(never)
    private static func _slowPathWitnessTable(_ type: Any.Type, _ snapshot: UnsafePointer<Snapshot>, _ slot: Int) -> UnsafeRawPointer {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // safe: a usable slot holds a conformance descriptor, and the snapshot is active only
        // when the self-check found `swift_getWitnessTable`
        let conformance = UnsafeRawPointer(bitPattern: snapshot.pointee.modelConformances[slot]).unsafelyUnwrapped
        let table = RuntimeFunctions.getWitnessTable.unsafelyUnwrapped(conformance, metadata, nil)
        snapshot.pointee.witnessTables[slot].store(UInt(bitPattern: table), ordering: .releasing)
        return table
    }

    /// The snapshot that answers for `type` and its answer; `nil` when the index cannot answer
    /// (not a struct or enum with a unique descriptor, or the index is off).
    @inline(__always)
    private static func lookup<Protocols: IndexedProtocols>(
        _ type: Any.Type, _ bit: UInt, _ protocols: Protocols.Type
    ) -> (snapshot: UnsafePointer<Snapshot>, answer: Answer)? {
        guard let descriptor = TypeShape.descriptor(of: type) else { return nil }
        // Not unique (an imported C type): the runtime compares such types by name.
        guard descriptor.load(as: UInt32.self) & 0x40 != 0 else { return nil }
        let address = UInt(bitPattern: descriptor)
        let snapshot = current(Protocols.self)
        guard snapshot.pointee.isActive else { return nil }
        let answer = snapshot.pointee.answer(address, bit)
        return answer == .unknown ? _slowPathReread(after: snapshot, address, bit, Protocols.self) : (snapshot, answer)
    }

    /// The published snapshot, built on first use.
    @inline(__always)
    static func current<Protocols: IndexedProtocols>(_ protocols: Protocols.Type) -> UnsafePointer<Snapshot> {
        let bits = published.load(ordering: .acquiring)
        if let snapshot = UnsafePointer<Snapshot>(bitPattern: bits) { return snapshot }
        return rebuild(unless: nil, Protocols.self)
    }

    /// A descriptor outside every read image: re-read the images if there are more now.
    @inline(never)
    private static func _slowPathReread<Protocols: IndexedProtocols>(
        after snapshot: UnsafePointer<Snapshot>, _ address: UInt, _ bit: UInt, _ protocols: Protocols.Type
    ) -> (snapshot: UnsafePointer<Snapshot>, answer: Answer)? {
        guard imageCount() != snapshot.pointee.imageCount else { return (snapshot, .unknown) }
        let fresh = rebuild(unless: snapshot, Protocols.self)
        return fresh.pointee.isActive ? (fresh, fresh.pointee.answer(address, bit)) : nil
    }

    /// Builds and publishes a snapshot, unless one other than `stale` was published meanwhile.
    private static func rebuild<Protocols: IndexedProtocols>(
        unless stale: UnsafePointer<Snapshot>?, _ protocols: Protocols.Type
    ) -> UnsafePointer<Snapshot> {
        let staleBits = UInt(bitPattern: stale)
        let bits = building.withLock { _ -> UInt in
            let bits = published.load(ordering: .acquiring)
            if bits != 0 && bits != staleBits { return bits }
            let fresh = UInt(bitPattern: build(Protocols.self))
            published.store(fresh, ordering: .releasing)
            return fresh
        }
        // safe: never 0, the address of a snapshot `build()` allocated
        return UnsafePointer(bitPattern: bits)!
    }

    static func hash(_ descriptor: UInt) -> Int {
        Int(truncatingIfNeeded: ((descriptor >> 2) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
#endif
