import Foundation
import Testing
@testable import CodableBridge

private struct ShapeStruct: Codable { var id: Int }
private enum ShapeEnum: String, Codable { case a, b }
private final class ShapeClass {}
private enum ShapeKeys: CodingKey { case circle, square, none }
private enum ShapeOnlyKey: CodingKey { case only }
private enum ShapeIterableKeys: String, CodingKey, CaseIterable { case first = "1st", second }
private struct ShapeStructKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// `TypeShape` (Runtime/TypeShape.swift): what it reads from type metadata, and the plain answers
/// it gives in portable mode.
@Suite("TypeShape")
struct TypeShapeTests {
    #if !CODABLEBRIDGE_PORTABLE
    @Test("Its self-check passes on this toolchain (a toolchain that changes the metadata fails here)")
    func selfCheckPasses() {
        #expect(TypeShape.layoutHolds)
    }

    @Test("Tells enums, optionals and dictionaries from other kinds")
    func kinds() {
        #expect(TypeShape.isEnum(ShapeEnum.self) == true)
        #expect(TypeShape.isEnum(ShapeKeys.self) == true)
        for type: Any.Type in [ShapeStruct.self, ShapeClass.self, Int?.self, [Int].self, (Int, Int).self] {
            #expect(TypeShape.isEnum(type) == false, "\(type)")
        }
        #expect(TypeShape.mayBeOptional(Int?.self) && TypeShape.mayBeOptional(ShapeStruct?.self))
        #expect(!TypeShape.mayBeOptional(Int.self) && !TypeShape.mayBeOptional(ShapeEnum.self))
        #expect(TypeShape.mayBeDictionary([String: Int].self) && TypeShape.mayBeDictionary([Int: [String]].self))
        #expect(!TypeShape.mayBeDictionary([Int].self) && !TypeShape.mayBeDictionary(ShapeStruct.self))
        #expect(TypeShape.descriptor(of: [Int].self) == TypeShape.descriptor(of: [ShapeStruct].self))
        #expect(TypeShape.descriptor(of: ShapeClass.self) == nil)
    }

    @Test("Lists a payload-free coding-key enum's cases in declaration order")
    func caseNames() {
        #expect(TypeShape.caseNames(of: ShapeKeys.self) == ["circle", "square", "none"])
        #expect(TypeShape.caseNames(of: ShapeOnlyKey.self) == ["only"])
        #expect(TypeShape.caseNames(of: ShapeIterableKeys.self) == ["1st", "second"])
        #expect(TypeShape.caseNames(of: ShapeStructKey.self) == nil)
    }
    #else
    @Test("Portable mode: kind unknown, every prefilter says 'may be', no descriptor")
    func portableAnswers() {
        for type: Any.Type in [ShapeStruct.self, ShapeEnum.self, ShapeClass.self, Int?.self, [String: Int].self] {
            #expect(TypeShape.isEnum(type) == nil, "\(type)")
            #expect(TypeShape.mayBeEnum(type) && TypeShape.mayBeOptional(type) && TypeShape.mayBeDictionary(type), "\(type)")
            #expect(TypeShape.descriptor(of: type) == nil, "\(type)")
        }
    }

    @Test("Portable mode: lists the cases of a CaseIterable key only")
    func portableCaseNames() {
        #expect(TypeShape.caseNames(of: ShapeIterableKeys.self) == ["1st", "second"])
        #expect(TypeShape.caseNames(of: ShapeKeys.self) == nil)
        #expect(TypeShape.caseNames(of: ShapeStructKey.self) == nil)
    }
    #endif
}
