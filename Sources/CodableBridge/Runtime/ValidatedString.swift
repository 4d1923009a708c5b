// ValidatedString — strings made from bytes the parser has already validated as UTF-8, without
// the standard library validating them a second time (JSON/JSONTape.swift, `Bytes.string`: the
// decoder's and the tree builder's strings longer than the inline form).
//
// Relies on: the standard library's `String._uncheckedFromUTF8(_:isASCII:)`, an internal
// function marked `@usableFromInline` (so exported, and part of the ABI on Apple platforms), which
// makes a native string from bytes it trusts to be valid UTF-8, all ASCII when `isASCII` says so.
// It is looked up by its mangled name with `dlsym` and called with the Swift calling convention
// (a static method of a struct passes no `self`).
//
// `String(decoding:as:)` costs about 65 instructions more per string (a UTF-8 check and an ASCII
// scan) before it calls the same function; a document of URLs and text repays skipping them.
//
// Self-check (`unchecked`, once, at first use): the symbol is found, and for an ASCII string cut
// at every length from 0 to 40 bytes and a non-ASCII one cut after each of its characters, the
// made string equals `String(decoding:as:)`'s and has the same UTF-8. `ValidatedStringTests`
// checks it.
//
// Portable replacement (`CODABLEBRIDGE_PORTABLE`, platforms other than Linux and Apple's, a
// missing symbol, or a failed check): `String(decoding:as:)`.

/// Strings from UTF-8 the caller has validated (see the comment above).
enum ValidatedString {
    /// The string of `bytes`, which must be valid UTF-8, and all ASCII if `isASCII` is `true`
    /// (`false` is always allowed).
    @inline(__always)
    static func make(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        #if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
        if let unchecked { return unchecked(bytes, isASCII) }
        #endif
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether strings are made without a second validation: the self-check's answer (always
    /// `false` in portable mode).
    static var isAvailable: Bool {
        #if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
        return unchecked != nil
        #else
        return false
        #endif
    }

    #if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
    typealias Maker = @convention(thin) (UnsafeBufferPointer<UInt8>, Bool) -> String

    /// The standard library's maker, when found and checked (see the comment above).
    private static let unchecked: Maker? = lookUp()

    private static func lookUp() -> Maker? {
        guard let symbol = ExportedSymbol.address(of: "$sSS18_uncheckedFromUTF8_7isASCIISSSRys5UInt8VG_SbtFZ") else { return nil }
        let maker = unsafeBitCast(symbol, to: Maker.self)
        let ascii = Array("abcdefghijklmnopqrstuvwxyz0123456789/:.-".utf8)
        let mixed = Array("aé€😀bcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for count in 0 ... ascii.count {
            let ok = ascii.withUnsafeBufferPointer { agrees(maker, UnsafeBufferPointer(rebasing: $0[..<count]), isASCII: true) }
            guard ok else { return nil }
        }
        // Only whole characters: cut after the first `count` scalars.
        let scalarEnds = mixed.indices.filter { $0 == mixed.count - 1 || mixed[$0 + 1] & 0xC0 != 0x80 }.map { $0 + 1 }
        for end in [0] + scalarEnds {
            let ok = mixed.withUnsafeBufferPointer { agrees(maker, UnsafeBufferPointer(rebasing: $0[..<end]), isASCII: end <= 1) }
            guard ok else { return nil }
        }
        return maker
    }

    private static func agrees(_ maker: Maker, _ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
        let made = maker(bytes, isASCII)
        let expected = String(decoding: bytes, as: UTF8.self)
        return made == expected && made.utf8.elementsEqual(bytes) && made.unicodeScalars.count == expected.unicodeScalars.count
    }
    #endif
}
