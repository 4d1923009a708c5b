import Testing
@testable import CodableBridge

/// `StoredProperties` (Runtime/StoredProperties.swift): where a class stores a property.
@Suite("StoredProperties")
struct StoredPropertiesTests {
    private class Base {
        var id = 41
        var name = "base"
    }

    private final class Derived: Base {
        var score = 2.5
    }

    #if !CODABLEBRIDGE_PORTABLE
    @Test("Its self-check passes on this toolchain")
    func selfCheckPasses() {
        #expect(StoredProperties.selfCheck)
    }

    @Test("A property of the class or a superclass is found where its value is; a wrong name or type is not")
    func offsets() throws {
        let model = Derived()
        model.id = 7
        model.name = "seven"
        model.score = 0.5
        let base = UnsafeRawPointer(Unmanaged.passUnretained(model).toOpaque())
        let id = try #require(StoredProperties.offset(of: "id", type: Int.self, in: Derived.self))
        let name = try #require(StoredProperties.offset(of: "name", type: String.self, in: Derived.self))
        let score = try #require(StoredProperties.offset(of: "score", type: Double.self, in: Derived.self))
        withExtendedLifetime(model) {
            #expect(base.load(fromByteOffset: id, as: Int.self) == 7)
            #expect(base.load(fromByteOffset: name, as: String.self) == "seven")
            #expect(base.load(fromByteOffset: score, as: Double.self) == 0.5)
        }
        #expect(StoredProperties.offset(of: "id", type: String.self, in: Derived.self) == nil)
        #expect(StoredProperties.offset(of: "missing", type: Int.self, in: Derived.self) == nil)
        #expect(StoredProperties.offset(of: "score", type: Double.self, in: Base.self) == nil)
    }
    #else
    @Test("Portable mode: no offset is known")
    func noOffsets() {
        #expect(StoredProperties.offset(of: "id", type: Int.self, in: Derived.self) == nil)
    }
    #endif
}
