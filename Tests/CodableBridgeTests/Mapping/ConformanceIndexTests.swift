import Foundation
import Testing
@testable import CodableBridge

// Every way a type can come to conform, or not, to the two protocols the index answers for.

private struct IndexPlain: Codable { var id: Int }
private struct IndexModel: MappableCodable {
    var id: Int
    static var keyMapping: KeyMapping { ["id": ["ID", "book_id"]] }
}
private enum IndexPlainEnum: String, Codable { case a }
private enum IndexModelEnum: String, Codable, MappableCodable { case a }
private enum IndexOpenEnum: String, Codable, UnknownCaseRepresentable {
    case a, unknown
    static var unknownCase: Self { .unknown }
}

/// Conforms through a protocol of its own that refines `MappableCodable`.
private protocol IndexRefinedModel: MappableCodable {}
private struct IndexRefined: IndexRefinedModel { var id: Int }

/// Conforms in an extension.
private struct IndexExtended: Codable { var id: Int }
extension IndexExtended: MappableCodable {}

/// Every instantiation conforms.
private struct IndexGeneric<Value: Codable>: MappableCodable { var value: Value }

/// Only some instantiations conform (the runtime judges which; the index only says "may").
private struct IndexConditional<Value>: Codable where Value: Codable { var value: Value }
extension IndexConditional: MappableCodable where Value == Int {}

// No isolated conformance (`extension T: @MainActor MappableCodable`): `MappableCodable` refines
// `SendableMetatype`, so the compiler refuses one.

/// A standard-library type made a model here, in another module than the type's.
extension Duration: MappableCodable {}

/// Classes are always left to the runtime: a subclass conforms through its superclass.
private class IndexBase: MappableCodable { var id = 0 }
private final class IndexSubclass: IndexBase, @unchecked Sendable {}
private final class IndexPlainClass: Codable { var id = 0 }

@Suite("Conformance index")
struct ConformanceIndexTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let type: Any.Type
        /// What the index must answer for `MappableCodable` and `UnknownCaseRepresentable` on
        /// Linux, where it is active (`true`: "may conform").
        let model: Bool
        let unknownCase: Bool

        var testDescription: String { _typeName(type, qualified: false) }
    }

    static let rows: [Row] = [
        Row(type: IndexPlain.self, model: false, unknownCase: false),
        Row(type: IndexModel.self, model: true, unknownCase: false),
        Row(type: IndexPlainEnum.self, model: false, unknownCase: false),
        Row(type: IndexModelEnum.self, model: true, unknownCase: false),
        Row(type: IndexOpenEnum.self, model: false, unknownCase: true),
        Row(type: IndexRefined.self, model: true, unknownCase: false),
        Row(type: IndexExtended.self, model: true, unknownCase: false),
        Row(type: IndexGeneric<String>.self, model: true, unknownCase: false),
        Row(type: IndexGeneric<[Int]>.self, model: true, unknownCase: false),
        Row(type: IndexConditional<Int>.self, model: true, unknownCase: false),
        Row(type: IndexConditional<String>.self, model: true, unknownCase: false),
        Row(type: Duration.self, model: true, unknownCase: false),
        Row(type: Int.self, model: false, unknownCase: false),
        Row(type: String.self, model: false, unknownCase: false),
        Row(type: [IndexModel].self, model: false, unknownCase: false),
        Row(type: IndexModel?.self, model: false, unknownCase: false),
        Row(type: Date.self, model: false, unknownCase: false),
        Row(type: URL.self, model: false, unknownCase: false),
        Row(type: IndexBase.self, model: true, unknownCase: true),
        Row(type: IndexSubclass.self, model: true, unknownCase: true),
        Row(type: IndexPlainClass.self, model: true, unknownCase: true),
        Row(type: (Int, Int).self, model: true, unknownCase: true),
    ]

    @Test("Never says 'does not conform' for a type that does", arguments: rows)
    func noFalseNegative(_ row: Row) {
        if row.type is any MappableCodable.Type {
            #expect(ConformanceIndex.mayConform(row.type, to: .mappableCodable))
        }
        if row.type is any UnknownCaseRepresentable.Type {
            #expect(ConformanceIndex.mayConform(row.type, to: .unknownCaseRepresentable))
        }
    }

    @Test("Casts to MappableCodable exactly as the runtime does, witness table included", arguments: rows)
    func modelCastMatchesRuntime(_ row: Row) {
        let runtime = row.type as? any MappableCodable.Type
        let indexed = ConformanceIndex.model(row.type)
        #expect((indexed == nil) == (runtime == nil))
        if let runtime, let indexed {
            #if !CODABLEBRIDGE_PORTABLE
            #expect(words(indexed) == words(runtime))
            #endif
            #expect(indexed.keyMapping == runtime.keyMapping)
        }
    }

    @Test("Tasks asking at once get the runtime's answers (built once, witness tables kept once)")
    func concurrentLookups() async {
        let rows = Self.rows
        await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    rows.allSatisfy { row in
                        let runtime = row.type as? any MappableCodable.Type
                        let indexed = ConformanceIndex.model(row.type)
                        guard let runtime, let indexed else { return runtime == nil && indexed == nil }
                        #if CODABLEBRIDGE_PORTABLE
                        return indexed == runtime
                        #else
                        return words(indexed) == words(runtime)
                        #endif
                    }
                }
            }
            for await agreed in group { #expect(agreed) }
        }
    }

    #if CODABLEBRIDGE_PORTABLE
    @Test("Is off in portable mode: every answer is 'may conform'", arguments: rows)
    func offInPortableMode(_ row: Row) {
        #expect(!ConformanceIndex.isActive)
        #expect(ConformanceIndex.mayConform(row.type, to: .mappableCodable))
        #expect(ConformanceIndex.mayConform(row.type, to: .unknownCaseRepresentable))
    }
    #elseif os(Linux) && (arch(x86_64) || arch(arm64))
    @Test("Is built and passes its self-check on Linux")
    func activeOnLinux() {
        #expect(ConformanceIndex.isActive)
    }

    @Test("Answers exactly: 'no' for value types that do not conform", arguments: rows)
    func exactAnswers(_ row: Row) {
        #expect(ConformanceIndex.mayConform(row.type, to: .mappableCodable) == row.model)
        #expect(ConformanceIndex.mayConform(row.type, to: .unknownCaseRepresentable) == row.unknownCase)
    }
    #endif

    #if !CODABLEBRIDGE_PORTABLE
    /// An existential metatype's words: the type's metadata and the conformance's witness table.
    private typealias ModelType = any MappableCodable.Type

    private func words(_ model: ModelType) -> MetatypeWords? {
        MetatypeWords(model, as: ModelType.self)
    }

    @Test("An existential metatype reads as two words, and is rebuilt from them")
    func metatypeWordsRoundTrip() throws {
        let model: ModelType = IndexModel.self
        let pair = try #require(words(model))
        #expect(pair.metadata == unsafeBitCast(IndexModel.self as Any.Type, to: UnsafeRawPointer.self))
        let back = pair.existential(as: ModelType.self)
        #expect(ObjectIdentifier(back) == ObjectIdentifier(IndexModel.self))
        #expect(back.keyMapping == IndexModel.keyMapping)
    }
    #endif

    @Test("Decoding still finds every model and open enum")
    func decodesThroughTheIndex() throws {
        struct Mapped: MappableCodable, Equatable {
            var name: String
            static var keyMapping: KeyMapping { ["name": "n"] }
        }
        struct Holder: Codable {
            var mapped: Mapped
            var open: IndexOpenEnum
            var plain: IndexPlain
        }
        let json = Data(#"{"mapped":{"n":"x"},"open":"zzz","plain":{"id":3}}"#.utf8)
        let holder = try BridgeDecoder().decode(Holder.self, from: json)
        #expect(holder.mapped == Mapped(name: "x"))
        #expect(holder.open == .unknown)
        #expect(holder.plain.id == 3)
    }
}
