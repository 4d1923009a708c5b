// PlainData — whether a type is plain data (no references, no custom copy), so that its bytes
// may be copied, kept in an integer or moved with `realloc`; and whether a type with references
// may still be moved by its bytes (`BitwiseMovable`).
//
// Relies on: the standard library's `_isPOD` (the compiler's answer, folded for a concrete type);
// not public API. Used for coding keys kept as bits in a path component
// (Support/CodingPath.swift) and for buffers that grow with `realloc` (JSON/ScratchBuffer.swift).
// And on the Swift ABI's bitwise takability: a value moved to another address by copying its
// bytes, without a retain or release, is the same value, unless it holds a weak reference (whose
// address the runtime knows). A type says so by conforming to `BitwiseMovable`.
//
// Self-check: `_isPOD` must say yes for `Int` and no for `String` and a class reference, folded
// with the answer itself at compile time, so it costs nothing. `PlainDataTests` asserts it.
//
// Portable replacement (`CODABLEBRIDGE_PORTABLE`): no type is plain data or moved by its bytes —
// keys are boxed (`PathComponent.boxedKey`) and buffers move their elements one by one to a new
// block when they grow.

/// A type whose values may be moved by copying their bytes (`realloc`), as the Swift ABI allows
/// for every value without a weak reference. Declared only where that is checked: the decoder's
/// coding-path nodes (moving them one by one cost about 40 instructions each at every doubling;
/// citm_catalog.json makes 11 000 per decode).
protocol BitwiseMovable {}

/// Whether a type's values are plain bytes (see the comment above).
enum PlainData {
    /// Whether `type` is plain data; always `false` in portable mode.
    @inline(__always)
    static func isPlain<T>(_ type: T.Type) -> Bool {
        #if CODABLEBRIDGE_PORTABLE
        return false
        #else
        return _isPOD(T.self) && selfCheck
        #endif
    }

    /// Whether a buffer of `type` may move its elements by their bytes: plain data, or a
    /// ``BitwiseMovable`` type; always `false` in portable mode.
    @inline(__always)
    static func movesByBytes<T>(_ type: T.Type) -> Bool {
        #if CODABLEBRIDGE_PORTABLE
        return false
        #else
        return isPlain(T.self) || T.self is any BitwiseMovable.Type
        #endif
    }

    /// Whether a coding key of type `K` can be kept as the bits of a `UInt64`
    /// (``bits(of:)``): plain data of at most eight bytes.
    @inline(__always)
    static func fitsInBits<K>(_ type: K.Type) -> Bool {
        isPlain(K.self) && MemoryLayout<K>.size <= MemoryLayout<UInt64>.size
    }

    /// The bytes of `value`, whose type ``fitsInBits(_:)``, in a `UInt64`.
    @inline(__always)
    static func bits<K>(of value: K) -> UInt64 {
        #if CODABLEBRIDGE_PORTABLE
        preconditionFailure("no type is plain data in portable mode")
        #else
        var bits: UInt64 = 0
        withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: value, as: K.self) }
        return bits
        #endif
    }

    /// The value ``bits(of:)`` kept: eight bytes hold any value of at most eight bytes, at an
    /// alignment that suits it.
    @inline(__always)
    static func value<K>(_ type: K.Type, from bits: UInt64) -> K {
        #if CODABLEBRIDGE_PORTABLE
        preconditionFailure("no type is plain data in portable mode")
        #else
        return withUnsafeBytes(of: bits) { $0.load(as: K.self) }
        #endif
    }

    #if !CODABLEBRIDGE_PORTABLE
    /// `_isPOD` tells plain data from the rest (see the comment above).
    @inline(__always)
    static var selfCheck: Bool {
        _isPOD(Int.self) && !_isPOD(String.self) && !_isPOD(AnyObject.self)
    }
    #endif
}
