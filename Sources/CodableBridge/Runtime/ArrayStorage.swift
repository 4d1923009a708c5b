// ArrayStorage — a new array for an element type that the code is not specialised for (the
// decoder's generic element loop), allocated without asking the runtime for its storage class.
//
// In unspecialised generic code, making an array's storage (`[E](unsafeUninitializedCapacity:)`,
// `reserveCapacity`, a first `append`) asks the runtime for the metadata of
// `_ContiguousArrayStorage<E>` and of `ContiguousArray<E>`: hashed lookups in its generic-metadata
// cache, about 1 000 instructions per array (citm_catalog.json decodes about 1 400 arrays of
// models). Here the storage class's metadata is read once per element type, from the first word of
// an array's storage that the standard library made (`layout(of:)`), and later arrays are allocated
// with the runtime's `swift_allocObject` (looked up with `dlsym`, `ExportedSymbol`) and given the
// header the standard library writes: the count, and the capacity shifted left by one with the low
// bit (Darwin's "bridged verbatim" flag; zero elsewhere) copied from that sample.
//
//   [E] = one reference ──▶ | metadata | refcount | count: Int | capacity << 1 | flag | elements…
//                            0          8          16           24                     elementOffset
//
// Relies on: an array being one reference to its storage object, and that object's layout (the heap
// object's two words, `count`, `_capacityAndFlags`, then the elements at the next multiple of their
// alignment) — the standard library's, not public API.
// Self-check: once (`layoutHolds`), an array of three strings made here reads back equal to the
// standard library's, with its count and capacity, and grows by `append`; per element type, the
// sample array shows its count, capacity and first element where this file expects them, else that
// type has no layout. `ArrayStorageTests` asserts both, and that a throwing fill releases the
// elements written.
// Portable replacement (`CODABLEBRIDGE_PORTABLE`, a platform without `dlsym`, or a failed check):
// `layout(of:)` is nil and the caller makes its array with
// `Array(unsafeUninitializedCapacity:initializingWith:)`.

/// Arrays allocated without the runtime's metadata lookup (see the comment above).
enum ArrayStorage {
    /// What allocating an array of one element type needs, read from an array the standard
    /// library made.
    struct Layout {
        #if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
        fileprivate let allocate: Allocator
        #endif
        fileprivate let metadata: UnsafeRawPointer
        /// The low bit of the header's capacity word.
        fileprivate let flags: UInt
        fileprivate let elementOffset: Int
        fileprivate let alignMask: Int
    }

    #if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
    /// `swift_allocObject`: a new object of the class whose metadata is given, of a size and an
    /// alignment mask, +1.
    fileprivate typealias Allocator = @convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer

    private static let allocator: Allocator? = ExportedSymbol.address(of: "swift_allocObject").map {
        unsafeBitCast($0, to: Allocator.self)
    }

    private static let countOffset = 2 * MemoryLayout<Int>.size
    private static let capacityOffset = 3 * MemoryLayout<Int>.size

    /// Whether arrays made here behave as the standard library's (the self-check above).
    static let layoutHolds: Bool = selfCheck()
    #endif

    /// How to allocate arrays of `E`; nil in portable mode, or when the sample array does not
    /// show the expected layout.
    static func layout<E>(of type: E.Type) -> Layout? {
        #if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
        guard layoutHolds else { return nil }
        return sampleLayout(of: E.self)
        #else
        return nil
        #endif
    }

    /// A new array of at most `capacity` elements (`capacity` > 0), which `body` writes from the
    /// given address, counting them in its second argument. If `body` throws, the elements it
    /// counted are released.
    ///
    /// - Throws: What `body` throws.
    @inline(__always)
    static func makeArray<E>(_ type: E.Type, capacity: Int, layout: Layout,
                             _ body: (UnsafeMutablePointer<E>, inout Int) throws -> Void) rethrows -> [E] {
        #if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
        let object = layout.allocate(layout.metadata, layout.elementOffset + capacity * MemoryLayout<E>.stride, layout.alignMask)
        object.storeBytes(of: 0, toByteOffset: countOffset, as: Int.self)
        object.storeBytes(of: UInt(bitPattern: capacity) << 1 | layout.flags, toByteOffset: capacityOffset, as: UInt.self)
        // safe: `layoutHolds` showed an array to be one reference to such an object; the
        // `Unmanaged` takes the allocation's +1, the array its own.
        let array = unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(object).takeRetainedValue(), to: [E].self)
        var count = 0
        defer { object.storeBytes(of: count, toByteOffset: countOffset, as: Int.self) }
        try body((object + layout.elementOffset).assumingMemoryBound(to: E.self), &count)
        return array
        #else
        preconditionFailure("no array layout exists in portable mode")
        #endif
    }

    #if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
    /// The layout an empty array of `E` with room for one element shows, if it is the expected one.
    private static func sampleLayout<E>(of type: E.Type) -> Layout? {
        guard let allocator, MemoryLayout<[E]>.size == MemoryLayout<UnsafeRawPointer>.size else { return nil }
        var sample: [E] = []
        sample.reserveCapacity(1)
        return withExtendedLifetime(sample) {
            // safe: checked above: the array is one reference, here to storage (capacity ≥ 1)
            let object = unsafeBitCast(sample, to: UnsafeRawPointer.self)
            let first = sample.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            let capacityWord = object.load(fromByteOffset: capacityOffset, as: UInt.self)
            let alignment = MemoryLayout<E>.alignment
            let expectedOffset = (capacityOffset + MemoryLayout<UInt>.size + alignment - 1) / alignment * alignment
            guard object.load(fromByteOffset: countOffset, as: Int.self) == 0, Int(capacityWord >> 1) == sample.capacity,
                  let first, first - object == expectedOffset
            else { return nil }
            return Layout(allocate: allocator, metadata: object.load(as: UnsafeRawPointer.self), flags: capacityWord & 1, elementOffset: expectedOffset,
                          alignMask: max(alignment, MemoryLayout<Int>.alignment) - 1)
        }
    }

    private static func selfCheck() -> Bool {
        let expected = ["first", String(repeating: "a long string that is stored out of line ", count: 2), "third"]
        guard let layout = sampleLayout(of: String.self) else { return false }
        var made = makeArray(String.self, capacity: 4, layout: layout) { base, count in
            for value in expected {
                (base + count).initialize(to: value)
                count += 1
            }
        }
        guard made == expected, made.count == 3, made.capacity == 4 else { return false }
        made.append("fourth")
        made.append("fifth")
        return made == expected + ["fourth", "fifth"] && made.capacity >= 5
    }
    #endif
}

