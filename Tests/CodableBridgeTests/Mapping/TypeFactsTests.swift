import Foundation
import Testing
@testable import CodableBridge

private struct MetaOwner: MappableCodable {
    var name: String
    static var keyMapping: KeyMapping { ["name": "n"] }
}

private struct LearntOwner: MappableCodable {
    var name: String
    static var keyMapping: KeyMapping { ["name": "n"] }
}

private struct Unrelated {}

@Suite("TypeFacts: one record per type and thread")
struct TypeFactsTests {
    @Test("a type's record is the same on every read on one thread, and another thread has its own")
    func recordPerThread() {
        let here = TypeFacts.of(MetaOwner.self)
        #expect(TypeFacts.of(MetaOwner.self) === here)
        #expect(TypeFacts.of(Unrelated.self) !== here)
        let other = OtherThread.run { ObjectIdentifier(TypeFacts.of(MetaOwner.self)) }
        #expect(other != ObjectIdentifier(here))
    }

    @Test("a mapped model's meta and key maps are one object per thread, so no two threads retain the same one")
    func objectsPerThread() throws {
        let meta = try ModelMeta.of(MetaOwner.self)
        #expect(try ModelMeta.of(MetaOwner.self) === meta)
        #expect(OtherThread.run { try! ObjectIdentifier(ModelMeta.of(MetaOwner.self)) } != ObjectIdentifier(meta))
        let map = try EncodingKeyMap.resolved(for: MetaOwner.self)
        #expect(try EncodingKeyMap.resolved(for: MetaOwner.self) === map)
        #expect(map.meta === meta)
        #expect(try EncodingKeyMap.resolvedKeepingIgnoredOnEncode(for: MetaOwner.self) !== map)
        #expect(OtherThread.run { try! ObjectIdentifier(EncodingKeyMap.resolved(for: MetaOwner.self)) } != ObjectIdentifier(map))
    }

    @Test("what a decode learns on one thread is known on every thread, and the first value recorded wins")
    func learntFactsCrossThreads() {
        #expect(TypeFacts.of(LearntOwner.self).tablesVerified == false)
        #expect(TypeFacts.of(LearntOwner.self).knownKeys == nil)   // this thread has looked and found nothing
        OtherThread.run {
            let facts = TypeFacts.of(LearntOwner.self)
            facts.setTablesVerified()
            facts.setKnownKeys(["n"])
            facts.setCapturedKeys(CapturedReads(codingKeys: ["name"]))
        }
        let facts = TypeFacts.of(LearntOwner.self)
        #expect(facts.tablesVerified)
        #expect(facts.knownKeys == ["n"])
        #expect(facts.capturedKeys == CapturedReads(codingKeys: ["name"]))
        facts.setKnownKeys(["other"])
        #expect(facts.knownKeys == ["n"])
        #expect(OtherThread.run { TypeFacts.of(LearntOwner.self).knownKeys == ["n"] })
    }
}
