// ConformanceRecords+Reading — how the conformance index reads the runtime's metadata sections
// into a snapshot (the layouts, the self-check and the portable replacement are described in
// ConformanceRecords.swift's design comment).

#if os(Linux) && (arch(x86_64) || arch(arm64)) && !CODABLEBRIDGE_PORTABLE
import Synchronization

extension LinuxIndex {
    /// The metadata sections of every Swift image loaded, in the order the runtime lists them.
    static func images() -> [UnsafeRawPointer] {
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

    /// How many Swift images are loaded (a walk of the runtime's list).
    static func imageCount() -> Int {
        images().count
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

    /// Reads every image's records into a new snapshot, and checks it (`selfCheck`).
    static func build<Protocols: IndexedProtocols>(_ protocols: Protocols.Type) -> UnsafeMutablePointer<Snapshot> {
        let images = images()
        var marks: [Mark] = []
        var spans: [(UInt, UInt)] = []
        let first = protocolDescriptor(Protocols.first)
        let second = protocolDescriptor(Protocols.second)
        var readable = RuntimeFunctions.enumerateSections != nil && first != nil && second != nil
        for sections in images where readable {
            guard (1...64).contains(sections.load(as: UInt.self)) else {  // the layout's version
                readable = false
                break
            }
            if let records = sections.load(fromByteOffset: 48, as: UnsafeRawPointer?.self) {
                let end = records + sections.load(fromByteOffset: 56, as: Int.self)
                // safe: `readable` says both were found
                readConformances(records, end, first.unsafelyUnwrapped, second.unsafelyUnwrapped, into: &marks)
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
            if mark.bit == ConformanceRecords.firstBit { conformances[slot] = seen ? 0 : mark.conformance }
        }
        let witnessTables = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: slotCount)
        for slot in 0..<slotCount { (witnessTables + slot).initialize(to: Atomic(0)) }
        let spanStorage = UnsafeMutablePointer<(UInt, UInt)>.allocateWithMalloc(capacity: max(spans.count, 1))
        spanStorage.initialize(from: spans, count: spans.count)
        let snapshot = UnsafeMutablePointer<Snapshot>.allocateWithMalloc(capacity: 1)
        snapshot.initialize(
            to: Snapshot(
                imageCount: images.count, slots: slots, modelConformances: conformances, witnessTables: witnessTables,
                mask: slotCount - 1,
                spans: spanStorage, spanCount: spans.count, isActive: readable
            )
        )
        if readable && !selfCheck(snapshot.pointee, Protocols.self) { snapshot.pointee.isActive = false }
        return snapshot
    }

    /// Marks the types named by the conformance records in `start..<end` that are to one of
    /// the two protocols. Most records are to other protocols: the loop reads two offsets each.
    private static func readConformances(
        _ start: UnsafeRawPointer, _ end: UnsafeRawPointer, _ first: UInt, _ second: UInt, into marks: inout [Mark]
    ) {
        var record = start
        while record < end {
            let descriptor = record + Int(record.load(as: Int32.self))
            record += 4
            guard let proto = target(of: descriptor, indirectable: true) else { continue }
            let bit = proto == first ? ConformanceRecords.firstBit : proto == second ? ConformanceRecords.secondBit : 0
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
            let usable = bit == ConformanceRecords.firstBit && usable(flags, type)
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
    private static func selfCheck<Protocols: IndexedProtocols>(_ snapshot: Snapshot, _ protocols: Protocols.Type) -> Bool {
        guard let getWitnessTable = RuntimeFunctions.getWitnessTable else { return false }
        func answer(_ type: Any.Type, _ bit: UInt) -> Answer? {
            guard let descriptor = TypeShape.descriptor(of: type) else { return nil }
            return snapshot.answer(UInt(bitPattern: descriptor), bit)
        }
        let probe = Protocols.firstProbe
        guard case .conforms(usableSlot: let slot?) = answer(probe, ConformanceRecords.firstBit),
            let conformance = UnsafeRawPointer(bitPattern: snapshot.modelConformances[slot]),
            let runtime = Protocols.castToFirst(probe),
            let fromRuntime = MetatypeWords(runtime, as: Protocols.FirstMetatype.self)
        else { return false }
        let metadata = unsafeBitCast(probe, to: UnsafeRawPointer.self)
        return fromRuntime.metadata == metadata && fromRuntime.witnessTable == getWitnessTable(conformance, metadata, nil)
            && answer(probe, ConformanceRecords.secondBit) == .doesNotConform
            && answer(Protocols.secondProbe, ConformanceRecords.secondBit) == .conforms(usableSlot: nil)
            && answer(Protocols.secondProbe, ConformanceRecords.firstBit) == .doesNotConform
            && answer(Int.self, ConformanceRecords.firstBit) == .doesNotConform
    }
}

extension Int {
    /// The smallest power of two at least `self` (`self` > 0).
    fileprivate var nextPowerOfTwo: Int {
        1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
#endif
