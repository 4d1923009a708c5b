import CodableBridge
import Foundation
import Testing

private struct Profile: MappableCodable, Equatable {
    var avatarURL: String
    var displayName: String
    var userID: Int?
    static var keyStyle: KeyStyle? { .snakeCase }
    static var keyMapping: KeyMapping { ["userID": "uid"] }
}

private struct KebabInner: MappableCodable, Equatable {
    var firstName: String
    static var keyStyle: KeyStyle? { .kebabCase }
}

/// The style applies to its type only: the nested model keeps its own (or the coder's strategy).
private struct KebabOuter: MappableCodable, Equatable {
    var pageCount: Int
    var inner: KebabInner
    var innerList: [KebabInner]
    var innerSet: Set<KebabInner>
    var innerMap: [String: KebabInner]
    var maybeInner: KebabInner?
}

extension KebabInner: Hashable {}

private struct Screaming: MappableCodable, Equatable {
    var maxRetryCount: Int
    static var keyStyle: KeyStyle? { .screamingSnakeCase }
}

private struct Pascal: MappableCodable, Equatable {
    var userName: String
    static var keyStyle: KeyStyle? { .pascalCase }
}

private struct Camel: MappableCodable, Equatable {
    var user_name: String
    static var keyStyle: KeyStyle? { .camelCase }
}

private struct StyledDefaults: MappableCodable, DefaultInitializable, Equatable {
    var pageSize = 20
    var theme = "light"
    static var keyStyle: KeyStyle? { .snakeCase }
}

class StyledAnimal: BridgeObject, @unchecked Sendable {
    var legCount = 0
    override init() { super.init() }
    private enum CodingKeys: String, CodingKey { case legCount }
    required init(from decoder: any Decoder) throws {
        legCount = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .legCount)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(legCount, forKey: .legCount)
        try super.encode(to: encoder)
    }
    override class var keyStyle: KeyStyle? { .kebabCase }
}

final class StyledDog: StyledAnimal, @unchecked Sendable {
    var tailLength = 0
    override init() { super.init() }
    private enum CodingKeys: String, CodingKey { case tailLength }
    required init(from decoder: any Decoder) throws {
        tailLength = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .tailLength)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tailLength, forKey: .tailLength)
        try super.encode(to: encoder)
    }
    override class var keyStyle: KeyStyle? { .screamingSnakeCase }
}

@Suite("Key style per type")
struct KeyStyleTests {
    /// Snake case is Foundation's `.convertToSnakeCase`, word for word.
    @Test("snakeCase matches JSONEncoder.convertToSnakeCase", arguments: [
        "avatarURL", "myURLString", "myProperty", "myURLProperty", "url2Path", "HTTPServer", "_leading", "ABC",
        "a", "already_snake", "userID", "isHTTPSEnabled", "x1Y2", "trailing_", "ÉcoleName", "naïveURL", "simple",
    ])
    func snakeCaseMatchesFoundation(name: String) throws {
        let foundation = try foundationSnakeCase(name)
        #expect(KeyStyle.snakeCase.jsonKey(for: name) == foundation)
    }

    @Test("the other styles", arguments: [
        ("avatarURL", "avatar-url", "AVATAR_URL", "avatarURL", "AvatarURL"),
        ("myURLString", "my-url-string", "MY_URL_STRING", "myURLString", "MyURLString"),
        ("user_name", "user-name", "USER_NAME", "userName", "UserName"),
        ("URLString", "url-string", "URL_STRING", "urlString", "URLString"),
        ("id", "id", "ID", "id", "Id"),
    ])
    func otherStyles(name: String, kebab: String, screaming: String, camel: String, pascal: String) {
        #expect(KeyStyle.kebabCase.jsonKey(for: name) == kebab)
        #expect(KeyStyle.screamingSnakeCase.jsonKey(for: name) == screaming)
        #expect(KeyStyle.camelCase.jsonKey(for: name) == camel)
        #expect(KeyStyle.pascalCase.jsonKey(for: name) == pascal)
    }

    @Test("decodes and encodes unmapped properties in the style; keyMapping wins")
    func roundTrip() throws {
        let json = #"{"avatar_url":"https://a/b.png","display_name":"Ada","uid":7}"#
        let profile = try BridgeDecoder().decode(Profile.self, from: json)
        #expect(profile == Profile(avatarURL: "https://a/b.png", displayName: "Ada", userID: 7))
        let encoded = try BridgeEncoder().encodeToJSONValue(profile)
        #expect(encoded == ["avatar_url": "https://a/b.png", "display_name": "Ada", "uid": 7])
    }

    @Test("the style overrides the coders' key strategies for its type only")
    func overridesStrategyForItsTypeOnly() throws {
        let json = #"""
        {"page_count": 3, "inner": {"first-name": "A"}, "inner_list": [{"first-name": "B"}],
         "inner_set": [{"first-name": "C"}], "inner_map": {"k": {"first-name": "D"}}, "maybe_inner": {"first-name": "E"}}
        """#
        var decoder = BridgeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let outer = try decoder.decode(KebabOuter.self, from: json)
        #expect(outer == KebabOuter(pageCount: 3, inner: KebabInner(firstName: "A"), innerList: [KebabInner(firstName: "B")],
                                    innerSet: [KebabInner(firstName: "C")], innerMap: ["k": KebabInner(firstName: "D")],
                                    maybeInner: KebabInner(firstName: "E")))
        var encoder = BridgeEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        let text = try encoder.encodeToString(outer)
        #expect(text == #"{"inner":{"first-name":"A"},"inner_list":[{"first-name":"B"}],"inner_map":{"k":{"first-name":"D"}},"#
            + #""inner_set":[{"first-name":"C"}],"maybe_inner":{"first-name":"E"},"page_count":3}"#)
    }

    @Test("top level, arrays and dictionaries of a styled model")
    func topLevelAndContainers() throws {
        #expect(try BridgeDecoder().decode(Screaming.self, from: #"{"MAX_RETRY_COUNT": 3}"#) == Screaming(maxRetryCount: 3))
        #expect(try BridgeDecoder().decode([Pascal].self, from: #"[{"UserName": "a"}]"#) == [Pascal(userName: "a")])
        #expect(try BridgeDecoder().decode([String: Camel].self, from: #"{"x": {"userName": "b"}}"#) == ["x": Camel(user_name: "b")])
        #expect(try BridgeEncoder().encodeToJSONValue(Camel(user_name: "b")) == ["userName": "b"])
        #expect(try BridgeEncoder().encodeToJSONValue(Screaming(maxRetryCount: 1)) == ["MAX_RETRY_COUNT": 1])
    }

    @Test("a missing styled key is reported under its own property path; declared defaults apply")
    func reportAndDefaults() throws {
        var report = DecodingReport()
        let value = try BridgeDecoder().decode(StyledDefaults.self, from: Data(#"{"page_size": "30", "pageSize": 1}"#.utf8), report: &report)
        #expect(value == StyledDefaults(pageSize: 30, theme: "light"))
        #expect(report.events.contains { $0.path == "pageSize" && $0.kind == .coerced })
        #expect(report.events.contains { $0.path == "theme" && $0.kind == .defaulted && $0.detail.contains("\"light\"") })
    }

    @Test("update keeps what the patch does not set, through styled keys")
    func update() throws {
        var profile = Profile(avatarURL: "a", displayName: "Ada", userID: 1)
        try BridgeDecoder().update(&profile, from: Data(#"{"display_name": "Grace"}"#.utf8))
        #expect(profile == Profile(avatarURL: "a", displayName: "Grace", userID: 1))
    }

    @Test("allKeys of a styled model names its properties")
    func allKeys() throws {
        struct Probe: MappableCodable {
            var keys: [String]
            var firstName = ""
            var lastName = ""
            enum CodingKeys: String, CodingKey { case firstName, lastName }
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: CodingKeys.self).allKeys.map(\.stringValue)
            }
            func encode(to encoder: any Encoder) throws {}
            static var keyStyle: KeyStyle? { .kebabCase }
        }
        let probe = try BridgeDecoder().decode(Probe.self, from: #"{"last-name": "L", "first-name": "F", "firstName": "x"}"#)
        #expect(probe.keys == ["lastName", "firstName"])
    }

    @Test("many concurrent decodes and encodes of a styled type agree (styled keys are cached per type)")
    func concurrent() async throws {
        let results = await withTaskGroup(of: Bool.self) { group in
            for i in 0 ..< 200 {
                group.addTask {
                    let json = #"{"avatar_url":"u\#(i)","display_name":"n","uid":\#(i)}"#
                    guard let profile = try? BridgeDecoder().decode(Profile.self, from: json),
                          let back = try? BridgeEncoder().encodeToJSONValue(profile) else { return false }
                    return profile == Profile(avatarURL: "u\(i)", displayName: "n", userID: i) && back["avatar_url"] == .string("u\(i)")
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 200 && results.allSatisfy { $0 })
    }

    @Test("a class's style applies to all its properties; a subclass overrides it")
    func classes() throws {
        let animal = try BridgeDecoder().decode(StyledAnimal.self, from: #"{"leg-count": 4}"#)
        #expect(animal.legCount == 4)
        let dog = try BridgeDecoder().decode(StyledDog.self, from: #"{"LEG_COUNT": 4, "TAIL_LENGTH": 2}"#)
        #expect(dog.legCount == 4 && dog.tailLength == 2)
        var encoder = BridgeEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encodeToString(dog) == #"{"LEG_COUNT":4,"TAIL_LENGTH":2}"#)
    }

    /// Foundation's snake case for `name`, read back from a keyed container encoding.
    private func foundationSnakeCase(_ name: String) throws -> String {
        struct One: Encodable {
            let name: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: AnyKey(stringValue: name))
            }
        }
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let object = try JSONSerialization.jsonObject(with: encoder.encode(One(name: name))) as? [String: Int]
        return try #require(object?.keys.first)
    }
}
