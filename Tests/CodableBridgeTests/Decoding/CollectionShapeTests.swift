import Foundation
import Testing
@testable import CodableBridge

private struct ShapePlain: Codable { var id: Int }
private struct ShapeGeneric<T: Codable>: Codable { var value: T }
private enum ShapeEnum: String, Codable { case a }
private final class ShapeClass: Codable {}

/// Wraps a metatype so that it can be a test argument.
struct ShapeCase: Sendable, CustomStringConvertible {
    let type: Any.Type
    let isCollection: Bool
    var description: String { "\(type)" }
}

@Suite("CollectionShape: collections told apart without a conformance check")
struct CollectionShapeTests {
    static let cases: [ShapeCase] = [
        ShapeCase(type: [Int].self, isCollection: true),
        ShapeCase(type: [[String]].self, isCollection: true),
        ShapeCase(type: ContiguousArray<Double>.self, isCollection: true),
        ShapeCase(type: Set<String>.self, isCollection: true),
        ShapeCase(type: [String: Int].self, isCollection: true),
        ShapeCase(type: [Int: ShapePlain].self, isCollection: true),
        ShapeCase(type: Int?.self, isCollection: true),
        ShapeCase(type: ShapePlain?.self, isCollection: true),
        ShapeCase(type: Int.self, isCollection: false),
        ShapeCase(type: String.self, isCollection: false),
        ShapeCase(type: ShapePlain.self, isCollection: false),
        ShapeCase(type: ShapeGeneric<[Int]>.self, isCollection: false),
        ShapeCase(type: ShapeEnum.self, isCollection: false),
        ShapeCase(type: ShapeClass.self, isCollection: false),
        ShapeCase(type: (Int, String).self, isCollection: false),
        ShapeCase(type: (any Codable).self, isCollection: false),
        ShapeCase(type: JSONValue.self, isCollection: false),
    ]

    @Test("mayBeCollection is true exactly for the BridgeCollectionDecodable types", arguments: cases)
    func shape(_ row: ShapeCase) {
        #if CODABLEBRIDGE_PORTABLE
        #expect(CollectionShape.mayBeCollection(row.type))  // portable: the `as?` decides
        #else
        #expect(CollectionShape.mayBeCollection(row.type) == row.isCollection)
        #endif
        #expect((row.type is any BridgeCollectionDecodable.Type) == row.isCollection)
    }
}
