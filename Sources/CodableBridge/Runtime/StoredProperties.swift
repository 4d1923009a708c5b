// StoredProperties — where a class keeps a stored property: its byte offset in an instance, so a
// decoded field can be stored there directly instead of through a key path's accessors.
//
// Relies on: the standard library's `_forEachField(of:options:body:)` (SPI `Reflection`), which
// lists every stored property of a class and its superclasses with name, offset and type. Used
// by `FieldTable` (Models/BridgeObject+Fields.swift), once per field of a class, which then
// checks the offset against the field's key path on a live instance before using it.
//
// Self-check: the offsets of a private probe class are read back through its key paths at the
// first use (`selfCheck`); if they disagree, no offset is ever returned. `StoredPropertiesTests`
// asserts it.
//
// Portable replacement (`CODABLEBRIDGE_PORTABLE`): no offset is known; fields are stored through
// their key paths.

#if !CODABLEBRIDGE_PORTABLE
@_spi(Reflection) import Swift
#endif

/// Byte offsets of stored class properties (see the comment above).
enum StoredProperties {
    /// The offset, from the start of an instance, of the stored property `name` of type `type`
    /// declared by `classType` or one of its superclasses; `nil` when there is none, or in the
    /// portable build.
    static func offset(of name: String, type: Any.Type, in classType: AnyClass) -> Int? {
        #if CODABLEBRIDGE_PORTABLE
        return nil
        #else
        guard selfCheck else { return nil }
        return rawOffset(of: name, type: type, in: classType)
        #endif
    }

    #if !CODABLEBRIDGE_PORTABLE
    private static func rawOffset(of name: String, type: Any.Type, in classType: AnyClass) -> Int? {
        var found: Int?
        // `_EachFieldOptions.classType` (a static var: not concurrency-safe to name); the
        // self-check fails if the raw value ever changes.
        _ = _forEachField(of: classType, options: _EachFieldOptions(rawValue: 1)) { fieldName, offset, fieldType, _ in
            guard String(cString: fieldName) == name else { return true }
            // The subclass's property comes last; a superclass's of the same name is private to it.
            found = ObjectIdentifier(fieldType) == ObjectIdentifier(type) ? offset : nil
            return true
        }
        return found
    }

    /// A class whose properties' offsets are read back through key paths.
    private final class Probe {
        var number = 0x5EED_0FF5E7
        var text = "probe"
        var flag = true
    }

    /// Whether the offsets `_forEachField` reports are where the key paths read.
    static let selfCheck: Bool = {
        let probe = Probe()
        guard let number = rawOffset(of: "number", type: Int.self, in: Probe.self),
              let text = rawOffset(of: "text", type: String.self, in: Probe.self),
              let flag = rawOffset(of: "flag", type: Bool.self, in: Probe.self) else { return false }
        let base = UnsafeRawPointer(Unmanaged.passUnretained(probe).toOpaque())
        return withExtendedLifetime(probe) {
            base.load(fromByteOffset: number, as: Int.self) == probe.number
                && base.load(fromByteOffset: text, as: String.self) == probe.text
                && base.load(fromByteOffset: flag, as: Bool.self) == probe.flag
        }
    }()
    #endif
}
