import Testing
@testable import CodableBridge

/// `ReferenceCount` (Runtime/ReferenceCount.swift): the strong references to an object, which a
/// partial document's decoder compares with its own to know whether a model holds on to
/// something it handed out.
@Suite("ReferenceCount")
struct ReferenceCountTests {
    private final class Object {}
    private final class Holder {
        var object: Object?
    }

    #if !CODABLEBRIDGE_PORTABLE
    @Test("Its self-check passes on this toolchain (a runtime that counts otherwise fails here)")
    func selfCheckPasses() {
        #expect(ReferenceCount.isAvailable)
    }

    @Test("It counts every strong reference, no weak or unowned one, and none of its own")
    func countsReferences() {
        var object: Object? = Object()
        #expect(ReferenceCount.strongCount(&object) == 1)
        let holders = (0 ..< 3).map { _ in Holder() }
        for holder in holders { holder.object = object }
        #expect(ReferenceCount.strongCount(&object) == 4)
        for holder in holders { holder.object = nil }
        #expect(ReferenceCount.strongCount(&object) == 1)
        weak let weakReference = object
        unowned let unownedReference = object!
        #expect(ReferenceCount.strongCount(&object) == 1)
        withExtendedLifetime((weakReference, unownedReference)) {}
        var none: Object?
        #expect(ReferenceCount.strongCount(&none) == nil)
    }
    #else
    @Test("Portable mode: no count")
    func noCountInPortableMode() {
        var object: Object? = Object()
        #expect(ReferenceCount.strongCount(&object) == nil)
    }
    #endif
}
