// What the encoder needs to know about a composite type besides its `encode(to:)`: whether it is
// a `MappableCodable` model, a `[String: V]`, a class (whose subclasses may be models; an
// `Observable` one) or an `Optional`. Finding out takes up to three conformance checks (`type is any P.Type`), each a
// few hundred instructions even once the runtime has cached the answer — more than encoding a
// small value — and a scan of every conformance record the first time (the conformance index
// and the types' descriptors spare most types all three). The answers never change, so they are
// one of the type's facts (`TypeFacts.encoderTraits`, this thread's record), with a small table
// in front:
//
//   lookup    a DirectMappedSlots table of 128, keyed by the ObjectIdentifier bits
//   miss      the type's TypeFacts (its traits, else the checks, stored there);
//             the slot is overwritten with the answer
//
// The slots are the one cache kept besides `TypeFacts`, for a lookup made once per composite
// value rather than once per type and encode: a slot is one load and one compare, the record a
// thread-local read, a hashed dictionary probe and a retain. Measured with callgrind
// (Benchmarks/Scripts/profile_mapped.sh class-array-encode, 1 001 composite values per encode):
// 17.55 M instructions per encode with the slots, 18.04 M reading the record for every value
// (about 490 instructions per composite value, +2.8%). Per thread, so no lock.

extension EncoderImpl {
    /// What a composite type needs besides `encode(to:)`.
    struct TypeTraits: OptionSet {
        let rawValue: UInt8

        init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        static let mappable = TypeTraits(rawValue: 1)
        static let stringKeyedDictionary = TypeTraits(rawValue: 2)
        /// A class that is not itself `MappableCodable`: a subclass may be (checked per value).
        static let classType = TypeTraits(rawValue: 4)
        /// An `Optional`, which is not a level of nesting.
        static let optional = TypeTraits(rawValue: 8)
        /// A plain `Encodable` class that conforms to `Observable`: written by its property names
        /// (Mapping/ObservableModels.swift).
        static let observable = TypeTraits(rawValue: 16)

        /// The traits of `type`, found with conformance checks.
        init<T>(of type: T.Type) {
            var traits: TypeTraits = []
            if ConformanceIndex.model(type) != nil {
                traits.insert(.mappable)
            } else if type is AnyClass {
                traits.insert(.classType)
                if ObservableModels.isObservable(type) { traits.insert(.observable) }
            }
            // Only dictionaries and optionals are asked: a first conformance check of a type
            // scans every conformance record of the process (ConformanceIndex.swift).
            if TypeShape.mayBeDictionary(type), type is any StringKeyedDictionaryEncoding.Type {
                traits.insert(.stringKeyedDictionary)
            }
            if TypeShape.mayBeOptional(type), type is any OptionalEncoding.Type { traits.insert(.optional) }
            self = traits
        }
    }

    /// One thread's ``TypeTraits``, kept across encodes (see the design comment above).
    final class TraitsCache {
        private let slots = DirectMappedSlots<TypeTraits>(count: 128, empty: [])

        /// This thread's cache.
        static var current: TraitsCache { perThread.current }
        private static let perThread = ThreadLocal { TraitsCache() }

        private init() {}

        /// The traits of `type`.
        @inline(__always)
        func traits<T>(of type: T.Type) -> TypeTraits {
            let id = UInt(bitPattern: ObjectIdentifier(type))
            if let traits = slots.value(for: id) { return traits }
            return _slowPathTraits(of: type, id: id)
        }

        @inline(never)
        private func _slowPathTraits<T>(of type: T.Type, id: UInt) -> TypeTraits {
            let facts = TypeFacts.of(type)
            let traits: TypeTraits
            if let kept = facts.encoderTraits {
                traits = TypeTraits(rawValue: kept)
            } else {
                traits = TypeTraits(of: type)
                facts.encoderTraits = traits.rawValue
            }
            slots.store(traits, for: id)
            return traits
        }
    }
}
