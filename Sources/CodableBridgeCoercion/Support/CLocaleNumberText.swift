import CCodableBridgeNumbers

/// Number text written with C's `printf` in the C locale, so it has a decimal point whatever
/// locale the host process or thread has set (`String(format:)` would write "1,5" under
/// de_DE). The C side is Sources/CCodableBridgeNumbers.
///
/// ```swift
/// CLocaleNumberText.g(0.1, significantDigits: 17)   // "0.10000000000000001"
/// CLocaleNumberText.g(1e21, significantDigits: 16)  // "1e+21"
/// ```
package enum CLocaleNumberText {
    /// `value` as C's `%.<significantDigits>g` writes it.
    package static func g(_ value: Double, significantDigits: Int) -> String {
        // "%.Ng" of a double is at most N digits plus sign, point and "e-308": under 40 for N ≤ 30.
        var buffer = [CChar](repeating: 0, count: 48)
        _ = codablebridge_format_double_c(&buffer, buffer.count, Int32(min(significantDigits, 30)), value)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
