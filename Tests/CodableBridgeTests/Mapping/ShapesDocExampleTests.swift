import CodableBridge
import Foundation
import Testing

// The examples of Docs/Mapping.md's "Flattened models", "Tagged enums" and "Key styles" sections,
// verbatim, with the results their comments state.

private struct PostalAddress: MappableCodable, Equatable {
    var city: String
    var zip: String?
    static var keyMapping: KeyMapping { ["city": "town"] }
}

private struct Customer: MappableCodable, Equatable {
    var name: String
    var address: PostalAddress
    var billing: PostalAddress?
    static var keyMapping: KeyMapping { ["address": .flatten] }
}

private enum Outline: MappableCodable, Equatable {
    case circle(radius: Double)
    case rect(width: Int, height: Int)
    case square(Double)
    case none

    static var enumTagging: EnumTagging { .internal(tagKey: "type") }
    static var keyMapping: KeyMapping { ["rect": "rectangle"] }   // renames a case
}

private struct Member: MappableCodable, Equatable {
    var avatarURL: String
    var displayName: String
    var userID: Int
    static var keyStyle: KeyStyle? { .snakeCase }
    static var keyMapping: KeyMapping { ["userID": "uid"] }   // the table wins over the style
}

@Suite("Docs/Mapping.md shape examples")
struct ShapesDocExampleTests {
    @Test("flattened models")
    func flatten() throws {
        let customer = try Customer.decode(from: #"{"name": "Ada", "town": "Paris", "zip": "75001"}"#)
        #expect(customer == Customer(name: "Ada", address: PostalAddress(city: "Paris", zip: "75001"), billing: nil))
        let customerJSON = try customer.jsonString()
        #expect(customerJSON == #"{"name":"Ada","town":"Paris","zip":"75001"}"#)
    }

    @Test("tagged enums")
    func taggedEnums() throws {
        let outlines = try BridgeDecoder().decode([Outline].self, from: #"""
            [{"type": "circle", "radius": 2}, {"type": "rectangle", "width": 3, "height": 4},
             {"type": "square", "_0": 5}, {"type": "none"}]
            """#)
        #expect(outlines == [.circle(radius: 2.0), .rect(width: 3, height: 4), .square(5.0), Outline.none])
        let circleJSON = try Outline.circle(radius: 2).jsonString()
        #expect(circleJSON == #"{"type":"circle","radius":2}"#)
    }

    @Test("key styles")
    func keyStyles() throws {
        let member = try Member.decode(from: #"{"avatar_url": "a.png", "display_name": "Ada", "uid": 7}"#)
        let memberJSON = try member.jsonString()
        #expect(memberJSON == #"{"avatar_url":"a.png","display_name":"Ada","uid":7}"#)
    }
}
