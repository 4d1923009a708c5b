#if canImport(Observation)
import Observation
#endif

// MARK: - Design
//
// The `@Observable` macro moves a class's stored properties into backing storage named with an
// underscore and adds a registrar; the `Codable` conformance Swift synthesises for the class then
// uses the storage names as its coding keys:
//
//     @Observable final class Person: Codable { var name = ""; var age = 0 }
//     CodingKeys: _name, _age, _$observationRegistrar
//     JSONEncoder: {"_name":"Ada","_age":36,"_$observationRegistrar":{}}
//
// Both coders read and write such a class by its property names instead. Its `init(from:)` /
// `encode(to:)` is given a thin `Decoder` / `Encoder` (ObservableDecoder, ObservableEncoder)
// whose keyed containers translate each key into an `ObservedKey` — the coding key spelt as the
// property (`_name` → `name`) — before the coder's own container sees it. Everything keyed by
// name downstream (the mapping tables, key styles, unknown-key checks, the report, error paths)
// therefore sees `name`, exactly as for a struct. The registrar's key is never read nor written
// (its own `Codable` carries no state: it decodes as a new registrar and encodes nothing).
//
// Only types that conform to `Observable` are translated — a struct whose property really is
// named `_x` keeps `_x` — and the question is asked once per type: `ModelMeta.isObservable` for
// mapped models, `TypeFacts.isObservable` (classes only) for the decoder's plain types, and the
// encoder's type traits. Other types never reach this file.
//
// A property the macro leaves alone (`@ObservationIgnored`) keeps its own name as coding key; its
// name should not start with an underscore, which would be taken for the macro's prefix.

/// How the coders treat classes that conform to `Observation.Observable` (see the design comment).
enum ObservableModels {
    /// The coding key the `@Observable` macro's registrar has in a synthesised `CodingKeys`.
    static let registrarKey = "_$observationRegistrar"

    /// Whether `type` conforms to `Observable` (`false` where the Observation module is missing
    /// or not available at run time). A conformance check: ask once per type.
    static func isObservable(_ type: Any.Type) -> Bool {
        #if canImport(Observation)
        if #available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, visionOS 1.0, *) {
            return type is any Observable.Type
        }
        #endif
        return false
    }

    /// Whether `type` is a class that conforms to `Observable`, from its `TypeFacts` (a conformance
    /// check once per type and thread). Structs and enums have a type descriptor and are answered
    /// without the lookup (in portable mode every type reads the fact). Out of line: the decoder's
    /// type classification, which asks it, is inlined into every composite value's decode.
    @inline(never)
    static func isObservableClass(_ type: Any.Type) -> Bool {
        TypeShape.descriptor(of: type) == nil && TypeFacts.of(type).isObservable(type)
    }

    /// The property name of the coding key `key` of an observable class: the key without the
    /// macro's underscore (`_name` → `name`); the registrar's key and keys without an underscore
    /// as they are.
    static func propertyName(of key: String) -> String {
        guard key.utf8.first == UInt8(ascii: "_"), key != registrarKey else { return key }
        return String(key.dropFirst())
    }

    /// A new registrar as a `T` (the value for the registrar's key), `nil` if `T` is another type.
    static func newRegistrar<T>(as type: T.Type) -> T? {
        #if canImport(Observation)
        if #available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, visionOS 1.0, *) {
            return ObservationRegistrar() as? T
        }
        #endif
        return nil
    }
}

/// A coding key of an observable class, spelt as its property: `_name` is `name`. The coders'
/// containers are opened with this key type, so every table and message sees the property name;
/// `base` is the class's own key.
struct ObservedKey<Base: CodingKey>: CodingKey {
    /// The class's own coding key (`_name`).
    let base: Base
    /// The property name (`name`).
    let stringValue: String
    var intValue: Int? { base.intValue }

    init(_ base: Base) {
        self.base = base
        stringValue = ObservableModels.propertyName(of: base.stringValue)
    }

    /// The key of the property `stringValue`: its backing storage's key (`_name`), else a key of
    /// that very name (an `@ObservationIgnored` property).
    init?(stringValue: String) {
        if let base = Base(stringValue: "_" + stringValue) {
            self.init(base)
            return
        }
        guard stringValue.utf8.first != UInt8(ascii: "_"), let base = Base(stringValue: stringValue) else { return nil }
        self.init(base)
    }

    init?(intValue: Int) {
        guard let base = Base(intValue: intValue) else { return nil }
        self.init(base)
    }

    /// Whether `key` is the registrar's, which the coders never read nor write.
    static func isRegistrar(_ key: Base) -> Bool {
        key.stringValue == ObservableModels.registrarKey
    }
}
