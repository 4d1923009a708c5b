// ExportedSymbol — the address of a function that the Swift runtime or the standard library
// exports but Swift code cannot name (a runtime entry point, an internal `@usableFromInline`
// function), found with `dlsym` in every image of the process (`RTLD_DEFAULT`). The pieces of
// this folder that call such a function look it up here once, and check what they found before
// relying on it.
//
// Relies on: `dlsym` (Linux and Apple platforms).
// Portable replacement: none needed: under `CODABLEBRIDGE_PORTABLE` nothing asks.

#if (os(Linux) || canImport(Darwin)) && !CODABLEBRIDGE_PORTABLE
import Foundation  // dlsym

/// Exported functions looked up by name (see the comment above).
enum ExportedSymbol {
    /// The address of the exported symbol `name`, if some image of the process has it.
    static func address(of name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
        let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everyImage = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #endif
        return dlsym(everyImage, name)
    }
}
#endif
