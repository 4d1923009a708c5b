import Foundation
import Testing
@testable import CodableBridge

/// `decode(_:from:configuration:)` and `encode(_:configuration:)` against `JSONDecoder` and
/// `JSONEncoder`: the same values, the same error kinds and coding paths, the same text.
@Suite struct ConfigurationParityTests {
    /// A value, or an error's kind and coding path.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(ScaledScore)
        case error(kind: String, path: String)

        init(_ body: () throws -> ScaledScore) {
            do {
                self = .value(try body())
            } catch let error as DecodingError {
                switch error {
                case .typeMismatch(_, let c): self = .error(kind: "typeMismatch", path: pathString(c.codingPath))
                case .valueNotFound(_, let c): self = .error(kind: "valueNotFound", path: pathString(c.codingPath))
                case .keyNotFound(let key, let c): self = .error(kind: "keyNotFound \(key.stringValue)", path: pathString(c.codingPath))
                case .dataCorrupted(let c): self = .error(kind: "dataCorrupted", path: pathString(c.codingPath))
                @unknown default: self = .error(kind: "unknown", path: "")
                }
            } catch {
                self = .error(kind: "\(type(of: error))", path: "")
            }
        }

        var description: String {
            switch self {
            case .value(let v): "\(v)"
            case .error(let kind, let path): "\(kind) at \(path)"
            }
        }
    }

    @Test(arguments: [
        #"{"points": 3, "label": "a"}"#,
        #"{"points": 3, "label": "a", "bonus": 2}"#,
        #"{"points": 3, "label": "a", "bonus": null}"#,
        #"{"points": 3}"#,
        #"{"points": "3", "label": "a"}"#,
        #"{"points": 3, "label": "a", "bonus": "x"}"#,
        #"{"points": 3, "label": null}"#,
        #"[1]"#,
        #"null"#,
        #"{"points": 3,"#,
    ])
    func decodingMatchesFoundation(json: String) {
        let data = Data(json.utf8)
        let bridge = BridgeDecoder.foundationCompatible
        let foundation = JSONDecoder()
        #expect(Outcome { try bridge.decode(ScaledScore.self, from: data, configuration: 10) }
            == Outcome { try foundation.decode(ScaledScore.self, from: data, configuration: 10) })
        #expect(Outcome { try bridge.decode(ScaledScore.self, from: data, configuration: PercentScale.self) }
            == Outcome { try foundation.decode(ScaledScore.self, from: data, configuration: PercentScale.self) })
    }

    @Test(arguments: [
        ScaledScore(points: 300, label: "a"),
        ScaledScore(points: 300, label: "a/b", bonus: ScaledBonus(points: 500)),
        ScaledScore(points: -100, label: "", bonus: ScaledBonus(points: 0)),
    ])
    func encodingMatchesFoundation(value: ScaledScore) throws {
        var bridge = BridgeEncoder()
        bridge.outputFormatting = [.sortedKeys]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        #expect(try bridge.encode(value, configuration: 100) == (try foundation.encode(value, configuration: 100)))
        #expect(try bridge.encode(value, configuration: PercentScale.self) == (try foundation.encode(value, configuration: PercentScale.self)))
        bridge.outputFormatting = [.sortedKeys, .prettyPrinted]
        foundation.outputFormatting = [.sortedKeys, .prettyPrinted]
        #expect(try bridge.encode(value, configuration: 100) == (try foundation.encode(value, configuration: 100)))
    }
}
