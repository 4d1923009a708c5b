import Foundation

// STUB — replaced by the writer work.
/// Serializes a `JSONValue` tree to UTF-8 JSON text.
package enum JSONWriter {
    package static func write(_ value: JSONValue, options: OutputFormatting) -> [UInt8] {
        []
    }
}
