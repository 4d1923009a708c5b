// ConformanceIndex — tells that a type does *not* conform to `MappableCodable` (or
// `UnknownCaseRepresentable`) without asking the Swift runtime.
//
// The decoder must know whether each type it meets is a model (`T.self as? any
// MappableCodable.Type`). The runtime answers the first such question for a type by scanning every
// protocol conformance record of the process — about 0.9 M instructions in a binary with 2 000
// model types (callgrind) — and caches the answer. A synthesized `init(from:)` pays one scan of its
// own (for its `CodingKeys`), so with ours a plain type's first decode cost about twice
// `JSONDecoder`'s (Docs/Performance.md, "First decode").
//
// This index scans the records once for the whole process instead. On Linux the runtime lists
// every loaded Swift image's metadata sections (`swift_enumerateAllMetadataSections`, exported by
// the runtime for tools that read the metadata, such as test discovery). From each image it keeps:
//
// - the type descriptors named by conformance records to our two protocols (the records lie in
//   `swift5_protocol_conformances`), one bit per protocol;
// - the span of addresses of the image's own type descriptors (`swift5_type_metadata`): a
//   descriptor inside a span belongs to an image the index has read.
//
// A struct or enum whose descriptor is marked may conform: the decoder asks the runtime as before
// (generic and conditional conformances are the runtime's to judge). One whose descriptor lies in
// a read image and is not marked does not conform: no record says it does. Anything else — a
// class (its superclass may conform), a type whose descriptor is not unique (imported C types), a
// type from an image loaded after the index was built — gets "may conform"; a descriptor outside
// every span first makes the index re-read the images if their number changed.
//
// What the index cannot see: a retroactive conformance to `MappableCodable` declared in a library
// loaded with `dlopen` after the index last read the images, for a type of an earlier image, until
// a type of a newer image makes it re-read them. Noticing every load at once would take a walk of
// the runtime's image list per answer (Swift 6.3 no longer links the sections' `next` / `prev`,
// so there is no cheaper sign); a type's own module, or one linked at launch, is where its
// conformances belong.
//
// The layouts read here are the runtime's ABI (swift/ABI/Metadata.h, SwiftShims/MetadataSections.h):
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
// The index checks itself when built: its probe model must read as conforming, with the witness
// table the compiler gives it, its probe enum as `UnknownCaseRepresentable`, and `Int` as not. If anything does not read as expected, it is switched off and every answer is "may
// conform", which is the old behaviour. Elsewhere than Linux it is always off.

#if os(Linux) && (arch(x86_64) || arch(arm64))
import Glibc
import Synchronization
#endif

/// The protocols ``ConformanceIndex`` answers for.
enum IndexedProtocol: UInt {
    case mappableCodable = 1
    case unknownCaseRepresentable = 2
}

/// Whether a type may conform to one of our protocols, answered from the process's conformance
/// records read once (see the comment above).
enum ConformanceIndex {
    /// Whether `type` may conform to `indexed`. `false` means it certainly does not; `true` means
    /// the runtime must be asked (`as?`).
    @inline(__always)
    static func mayConform(_ type: Any.Type, to indexed: IndexedProtocol) -> Bool {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        return LinuxIndex.answer(type, indexed.rawValue) != .doesNotConform
        #else
        return true
        #endif
    }

    /// `type as? any MappableCodable.Type`, without the runtime's first-time scan when the index
    /// knows the answer: "no" for a type no record names, and for a non-generic model its
    /// conformance's witness table, from the record itself.
    static func model(_ type: Any.Type) -> (any MappableCodable.Type)? {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        switch LinuxIndex.answer(type, IndexedProtocol.mappableCodable.rawValue) {
        case .doesNotConform: return nil
        case .conforms(let conformance?):
            let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
            // safe: `answer` gives a conformance only when the snapshot found the function
            let witnessTable = RuntimeFunctions.getWitnessTable.unsafelyUnwrapped(conformance, metadata, nil)
            return MetatypeWords(metadata: metadata, witnessTable: witnessTable).model
        case .conforms(nil), .unknown: return type as? any MappableCodable.Type
        }
        #else
        return type as? any MappableCodable.Type
        #endif
    }

    /// `type as? any UnknownCaseRepresentable.Type`, asked of the runtime only when the index
    /// cannot rule it out.
    static func unknownCaseType(_ type: Any.Type) -> (any UnknownCaseRepresentable.Type)? {
        guard mayConform(type, to: .unknownCaseRepresentable) else { return nil }
        return type as? any UnknownCaseRepresentable.Type
    }

    /// Whether the index is built and passed its self-check (always `false` off Linux).
    static var isActive: Bool {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        return LinuxIndex.current().pointee.isActive
        #else
        return false
        #endif
    }
}

/// An existential metatype's two words: the type's metadata and its conformance's witness table.
struct MetatypeWords: Equatable {
    typealias Model = any MappableCodable.Type

    var metadata: UnsafeRawPointer
    var witnessTable: UnsafeRawPointer

    init(metadata: UnsafeRawPointer, witnessTable: UnsafeRawPointer) {
        self.metadata = metadata
        self.witnessTable = witnessTable
    }

    /// The existential in a struct: passed as it is to a generic function, it would be opened
    /// into its concrete metatype (one word), which `unsafeBitCast` then refuses.
    private struct Boxed {
        var model: Model
    }

    init(_ model: Model) {
        self = unsafeBitCast(Boxed(model: model), to: MetatypeWords.self)
    }

    var model: Model { unsafeBitCast(self, to: Boxed.self).model }
}

/// Types the index must find when it checks itself.
private struct ConformanceIndexProbeModel: MappableCodable {}

private enum ConformanceIndexProbeEnum: String, Codable, UnknownCaseRepresentable {
    case unknown
    static var unknownCase: Self { .unknown }
}

#if os(Linux) && (arch(x86_64) || arch(arm64))
/// `swift_getWitnessTable(conformance, type, instantiationArguments)`.
private typealias GetWitnessTable = @convention(c) (UnsafeRawPointer, UnsafeRawPointer, UnsafeRawPointer?) -> UnsafeRawPointer
/// `swift_enumerateAllMetadataSections(body, context)`.
private typealias EnumerateSections = @convention(c) (
    @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Bool, UnsafeMutableRawPointer?
) -> Void

/// The two runtime entry points the index uses, looked up by name (`nil` if this runtime lacks
/// them: the index is then off). Their C declarations are in swift/Runtime/Metadata.h and
/// swift/Runtime/ImageInspection… (exported since Swift 5.9).
private enum RuntimeFunctions {
    static let getWitnessTable = symbol("swift_getWitnessTable", as: GetWitnessTable.self)
    static let enumerateSections = symbol("swift_enumerateAllMetadataSections", as: EnumerateSections.self)

    private static func symbol<F>(_ name: String, as: F.Type) -> F? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }  // RTLD_DEFAULT
        return unsafeBitCast(address, to: F.self)
    }
}

/// The Linux index: immutable snapshots in `malloc`ed memory, published through an atomic
/// pointer and never freed (a new one is built only when images were loaded), so reading one
/// takes no lock and touches no reference count.
private enum LinuxIndex {
    enum Answer: Equatable {
        /// A record names the type; with the conformance descriptor when it can be used directly.
        case conforms(UnsafeRawPointer?)
        case doesNotConform
        /// Not a unique struct or enum, or not from an image the index has read.
        case unknown
    }

    /// One read of the process's images.
    struct Snapshot {
        /// How many images the runtime listed when this snapshot was built.
        var imageCount: Int
        /// Open addressing: `descriptor | protocol bits`, `0` empty; `mask + 1` slots.
        var slots: UnsafeMutablePointer<UInt>
        /// Beside each slot: the `MappableCodable` conformance descriptor of a non-generic type
        /// named by exactly one record without conditions, else `0` (the runtime is asked).
        var modelConformances: UnsafeMutablePointer<UInt>
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
                    let conformance = bit == IndexedProtocol.mappableCodable.rawValue ? modelConformances[slot] : 0
                    return .conforms(UnsafeRawPointer(bitPattern: conformance))
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

    static func answer(_ type: Any.Type, _ bit: UInt) -> Answer {
        guard let descriptor = TypeShape.descriptor(of: type) else { return .unknown }
        // Not unique (an imported C type): the runtime compares such types by name.
        guard descriptor.load(as: UInt32.self) & 0x40 != 0 else { return .unknown }
        let address = UInt(bitPattern: descriptor)
        let snapshot = current()
        guard snapshot.pointee.isActive else { return .unknown }
        let answer = snapshot.pointee.answer(address, bit)
        return answer == .unknown ? _slowPathReread(after: snapshot, address, bit) : answer
    }

    /// The published snapshot, built on first use.
    @inline(__always)
    static func current() -> UnsafePointer<Snapshot> {
        let bits = published.load(ordering: .acquiring)
        if let snapshot = UnsafePointer<Snapshot>(bitPattern: bits) { return snapshot }
        return rebuild(unless: nil)
    }

    /// A descriptor outside every read image: re-read the images if there are more now.
    @inline(never)
    private static func _slowPathReread(after snapshot: UnsafePointer<Snapshot>, _ address: UInt, _ bit: UInt) -> Answer {
        guard imageCount() != snapshot.pointee.imageCount else { return .unknown }
        let fresh = rebuild(unless: snapshot)
        return fresh.pointee.isActive ? fresh.pointee.answer(address, bit) : .unknown
    }

    /// Builds and publishes a snapshot, unless one other than `stale` was published meanwhile.
    private static func rebuild(unless stale: UnsafePointer<Snapshot>?) -> UnsafePointer<Snapshot> {
        let staleBits = UInt(bitPattern: stale)
        let bits = building.withLock { _ -> UInt in
            let bits = published.load(ordering: .acquiring)
            if bits != 0 && bits != staleBits { return bits }
            let fresh = UInt(bitPattern: build())
            published.store(fresh, ordering: .releasing)
            return fresh
        }
        // safe: never 0, the address of a snapshot `build()` allocated
        return UnsafePointer(bitPattern: bits)!
    }

    static func hash(_ descriptor: UInt) -> Int {
        Int(truncatingIfNeeded: ((descriptor >> 2) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    // MARK: Reading the images

    private static func images() -> [UnsafeRawPointer] {
        var found: [UnsafeRawPointer] = []
        withUnsafeMutablePointer(to: &found) { list in
            RuntimeFunctions.enumerateSections?(
                { sections, context in
                    guard let sections, let context else { return true }
                    context.assumingMemoryBound(to: [UnsafeRawPointer].self).pointee.append(sections)
                    return true
                },
                UnsafeMutableRawPointer(list)
            )
        }
        return found
    }

    private static func imageCount() -> Int {
        var count = 0
        withUnsafeMutablePointer(to: &count) { counter in
            RuntimeFunctions.enumerateSections?(
                { _, context in
                    context?.assumingMemoryBound(to: Int.self).pointee += 1
                    return true
                },
                UnsafeMutableRawPointer(counter)
            )
        }
        return count
    }

    /// The descriptor of the single protocol of an existential type (`(any P).self`); its layout:
    /// kind, flags (UInt32), protocol count (UInt32), then the protocols (no superclass here).
    private static func protocolDescriptor(_ existential: Any.Type) -> UInt? {
        let metadata = unsafeBitCast(existential, to: UnsafeRawPointer.self)
        guard metadata.load(as: UInt.self) == 0x303,  // MetadataKind::Existential
            metadata.load(fromByteOffset: 8, as: UInt32.self) & 0x4000_0000 == 0,  // no superclass
            metadata.load(fromByteOffset: 12, as: UInt32.self) == 1
        else { return nil }
        return metadata.load(fromByteOffset: 16, as: UInt.self)
    }

    /// The address a relative field points at (`nil` for 0), following one pointer when the
    /// field's low bit says so and `indirectable` is set.
    private static func target(of field: UnsafeRawPointer, indirectable: Bool) -> UInt? {
        let offset = Int(field.load(as: Int32.self))
        guard offset != 0 else { return nil }
        if indirectable && offset & 1 != 0 {
            return (field + (offset & ~1)).load(as: UInt.self)
        }
        return UInt(bitPattern: field + offset)
    }

    /// One conformance record to one of the two protocols: the type's descriptor, the
    /// protocol's bit, and the conformance descriptor when its witness table can be used
    /// directly (else `0`).
    private typealias Mark = (type: UInt, bit: UInt, conformance: UInt)

    private static func build() -> UnsafeMutablePointer<Snapshot> {
        let images = images()
        var marks: [Mark] = []
        var spans: [(UInt, UInt)] = []
        let mappable = protocolDescriptor((any MappableCodable).self)
        let unknownCase = protocolDescriptor((any UnknownCaseRepresentable).self)
        var readable = RuntimeFunctions.enumerateSections != nil && mappable != nil && unknownCase != nil
        for sections in images where readable {
            guard (1...64).contains(sections.load(as: UInt.self)) else {  // the layout's version
                readable = false
                break
            }
            if let records = sections.load(fromByteOffset: 48, as: UnsafeRawPointer?.self) {
                let end = records + sections.load(fromByteOffset: 56, as: Int.self)
                // safe: `readable` says both were found
                readConformances(records, end, mappable.unsafelyUnwrapped, unknownCase.unsafelyUnwrapped, into: &marks)
            }
            if let records = sections.load(fromByteOffset: 64, as: UnsafeRawPointer?.self),
                let span = descriptorSpan(records, records + sections.load(fromByteOffset: 72, as: Int.self))
            {
                spans.append(span)
            }
        }
        let slotCount = (max(8, marks.count) * 2).nextPowerOfTwo
        let slots = UnsafeMutablePointer<UInt>.allocateWithMalloc(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        let conformances = UnsafeMutablePointer<UInt>.allocateWithMalloc(capacity: slotCount)
        conformances.initialize(repeating: 0, count: slotCount)
        for mark in marks {
            var slot = hash(mark.type) & (slotCount - 1)
            while slots[slot] != 0 && slots[slot] & ~3 != mark.type { slot = (slot + 1) & (slotCount - 1) }
            let seen = slots[slot] & mark.bit != 0  // a second record of the same conformance
            slots[slot] |= mark.type | mark.bit
            if mark.bit == IndexedProtocol.mappableCodable.rawValue { conformances[slot] = seen ? 0 : mark.conformance }
        }
        let spanStorage = UnsafeMutablePointer<(UInt, UInt)>.allocateWithMalloc(capacity: max(spans.count, 1))
        spanStorage.initialize(from: spans, count: spans.count)
        let snapshot = UnsafeMutablePointer<Snapshot>.allocateWithMalloc(capacity: 1)
        snapshot.initialize(
            to: Snapshot(
                imageCount: images.count, slots: slots, modelConformances: conformances, mask: slotCount - 1,
                spans: spanStorage, spanCount: spans.count, isActive: readable
            )
        )
        if readable && !selfCheck(snapshot.pointee) { snapshot.pointee.isActive = false }
        return snapshot
    }

    /// Marks the types named by the conformance records in `start..<end` that are to one of
    /// the two protocols. Most records are to other protocols: the loop reads two offsets each.
    private static func readConformances(
        _ start: UnsafeRawPointer, _ end: UnsafeRawPointer, _ mappable: UInt, _ unknownCase: UInt, into marks: inout [Mark]
    ) {
        var record = start
        while record < end {
            let descriptor = record + Int(record.load(as: Int32.self))
            record += 4
            guard let proto = target(of: descriptor, indirectable: true) else { continue }
            let bit = proto == mappable ? IndexedProtocol.mappableCodable.rawValue
                : proto == unknownCase ? IndexedProtocol.unknownCaseRepresentable.rawValue : 0
            guard bit != 0 else { continue }
            let flags = descriptor.load(fromByteOffset: 12, as: UInt32.self)
            let typeField = descriptor + 4
            let type: UInt?
            switch (flags >> 3) & 7 {
            case 0: type = target(of: typeField, indirectable: false)
            case 1: type = target(of: typeField, indirectable: false).flatMap { UnsafeRawPointer(bitPattern: $0)?.load(as: UInt.self) }
            default: type = nil  // an Objective-C class: classes are never answered from here
            }
            guard let type, type & 3 == 0 else { continue }
            let usable = bit == IndexedProtocol.mappableCodable.rawValue && usable(flags, type)
            marks.append((type, bit, usable ? UInt(bitPattern: descriptor) : 0))
        }
    }

    /// The first and last address of the type descriptors the type records in `start..<end`
    /// point at directly (a record through a pointer names another image's type).
    private static func descriptorSpan(_ start: UnsafeRawPointer, _ end: UnsafeRawPointer) -> (UInt, UInt)? {
        var first = UInt.max
        var last: UInt = 0
        var record = start
        while record < end {
            let offset = Int(record.load(as: Int32.self))
            if offset & 3 == 0 && offset != 0 {
                let descriptor = UInt(bitPattern: record + offset)
                first = min(first, descriptor)
                last = max(last, descriptor)
            }
            record += 4
        }
        return first <= last ? (first, last) : nil
    }

    /// Whether a conformance's witness table can be had from `swift_getWitnessTable` with no
    /// arguments: a non-generic struct or enum, and in the conformance's flags nothing but the
    /// type reference's kind (bits 3…5), "retroactive" (bit 6) and the two witness-table forms
    /// `swift_getWitnessTable` instantiates itself (bits 16, 17). Anything else — conditional
    /// requirements (bits 8…15), a non-unique type (bit 7), global-actor isolation, which the
    /// runtime checks against the current executor, or a flag newer than this code — leaves the
    /// answer to the runtime.
    private static func usable(_ flags: UInt32, _ type: UInt) -> Bool {
        guard let descriptor = UnsafeRawPointer(bitPattern: type) else { return false }
        let typeFlags = descriptor.load(as: UInt32.self)
        let kind = typeFlags & 0x1F
        let understood: UInt32 = 0x7F | 0x3_0000
        return (kind == 17 || kind == 18) && typeFlags & 0x80 == 0 && flags & ~understood == 0
    }

    /// The probes conform, with the witness table the runtime finds, and `Int` (in the standard
    /// library's image) does not.
    private static func selfCheck(_ snapshot: Snapshot) -> Bool {
        guard let getWitnessTable = RuntimeFunctions.getWitnessTable else { return false }
        func answer(_ type: Any.Type, _ indexed: IndexedProtocol) -> Answer? {
            guard let descriptor = TypeShape.descriptor(of: type) else { return nil }
            return snapshot.answer(UInt(bitPattern: descriptor), indexed.rawValue)
        }
        let probe: Any.Type = ConformanceIndexProbeModel.self
        guard case .conforms(let conformance?) = answer(probe, .mappableCodable),
            let runtime = probe as? any MappableCodable.Type
        else { return false }
        let metadata = unsafeBitCast(probe, to: UnsafeRawPointer.self)
        let fromRuntime = MetatypeWords(runtime)
        return fromRuntime.metadata == metadata && fromRuntime.witnessTable == getWitnessTable(conformance, metadata, nil)
            && answer(ConformanceIndexProbeModel.self, .unknownCaseRepresentable) == .doesNotConform
            && answer(ConformanceIndexProbeEnum.self, .unknownCaseRepresentable) == .conforms(nil)
            && answer(Int.self, .mappableCodable) == .doesNotConform
    }
}

extension Int {
    /// The smallest power of two at least `self` (`self` > 0).
    fileprivate var nextPowerOfTwo: Int {
        1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
#endif
