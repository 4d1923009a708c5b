@testable import CodableBridge
import Foundation
import Testing

// Hooks whose overrides call `BridgeObject`'s own (empty) hooks through `super`, as an override in
// any hierarchy may. Each fixture is used by one test only: what the coders learn about a type
// lasts for the process, and a hook must run on every model from the type's first use on.
//
//   HKChecked      didDecode: super, then marks the instance and rejects a negative value
//   HKRenamed      willDecode: super, then moves "old" to "v"
//   HKChooser      decodingType(for:): super, then picks HKChosen for {"kind": "chosen"}
//   HKStamped      didEncode: super, then writes "stamp"
//   HKBase → HKMiddle → HKLeaf   every level's didDecode and didEncode calls super first
//   HKInherits     no hook of its own: inherits HKBase's overrides

private final class HKChecked: BridgeObject, @unchecked Sendable {
    var value = 0
    var checked = false

    private enum CodingKeys: String, CodingKey { case value = "v" }

    override init() { super.init() }

    required init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
        try super.init(from: decoder)
    }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        if value < 0 { throw HKError.negative }
        checked = true
    }
}

private enum HKError: Error { case negative }

private final class HKRenamed: BridgeObject, @unchecked Sendable {
    var value = 0

    private enum CodingKeys: String, CodingKey { case value = "v" }

    required init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
        try super.init(from: decoder)
    }

    override class func willDecode(_ json: JSONValue) throws -> JSONValue {
        guard case .object(var object) = try super.willDecode(json), let old = object["old"] else { return json }
        object["old"] = nil
        object["v"] = old
        return .object(object)
    }
}

private class HKChooser: BridgeObject, @unchecked Sendable {
    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
    }

    override class func decodingType(for json: JSONValue) -> (any MappableCodable.Type)? {
        if let chosen = super.decodingType(for: json) { return chosen }
        return json["kind"] == "chosen" ? HKChosen.self : nil
    }
}

private final class HKChosen: HKChooser, @unchecked Sendable {}

private final class HKStamped: BridgeObject, @unchecked Sendable {
    override init() { super.init() }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
    }

    override func didEncode(into json: inout JSONObject) throws {
        try super.didEncode(into: &json)
        json["stamp"] = true
    }
}

private class HKBase: BridgeObject, @unchecked Sendable {
    var levels: [String] = []

    override init() { super.init() }

    required init(from decoder: any Decoder) throws {
        try super.init(from: decoder)
    }

    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        levels.append("base")
    }

    override func didEncode(into json: inout JSONObject) throws {
        try super.didEncode(into: &json)
        json["base"] = true
    }
}

private class HKMiddle: HKBase, @unchecked Sendable {
    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        levels.append("middle")
    }
}

private final class HKLeaf: HKMiddle, @unchecked Sendable {
    override func didDecode(from json: JSONValue) throws {
        try super.didDecode(from: json)
        levels.append("leaf")
    }

    override func didEncode(into json: inout JSONObject) throws {
        try super.didEncode(into: &json)
        json["leaf"] = true
    }
}

private final class HKInherits: HKBase, @unchecked Sendable {}

/// A struct with no hook: its hooks are known to do nothing, so no tree is built for them.
private struct HKPlainStruct: MappableCodable {
    var v: Int
}

/// A struct whose own `didDecode` calls another model's default `didDecode` first.
private struct HKForwarding: MappableCodable {
    var child: HKPlainStruct
    var checked = false

    private enum CodingKeys: String, CodingKey { case child }

    init(from decoder: any Decoder) throws {
        child = try decoder.container(keyedBy: CodingKeys.self).decode(HKPlainStruct.self, forKey: .child)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(child, forKey: .child)
    }

    mutating func didDecode(from json: JSONValue) throws {
        try child.didDecode(from: json)
        checked = true
    }
}

@Suite("BridgeObject: hooks that call super")
struct BridgeObjectHookTests {
    let decoder = BridgeDecoder()

    @Test("a didDecode that calls super runs on every decode and on every element; a rejection drops every bad element")
    func didDecodeCallingSuper() throws {
        for _ in 0..<3 {
            #expect(try decoder.decode(HKChecked.self, from: #"{"v": 1}"#).checked)
        }
        let list = try decoder.decode([HKChecked].self, from: #"[{"v": 1}, {"v": -1}, {"v": 2}, {"v": -3}, {"v": 4}]"#)
        #expect(list.map(\.value) == [1, 2, 4])
        #expect(list.allSatisfy { $0.checked })
        #expect(throws: DecodingError.self) { try decoder.decode(HKChecked.self, from: #"{"v": -1}"#) }
    }

    @Test("a willDecode that calls super rewrites every model")
    func willDecodeCallingSuper() throws {
        for n in 0..<3 {
            #expect(try decoder.decode(HKRenamed.self, from: #"{"old": \#(n)}"#).value == n)
        }
        let list = try decoder.decode([HKRenamed].self, from: #"[{"old": 1}, {"v": 2}, {"old": 3}]"#)
        #expect(list.map(\.value) == [1, 2, 3])
    }

    @Test("a decodingType(for:) that calls super chooses on every model")
    func decodingTypeCallingSuper() throws {
        for _ in 0..<3 {
            #expect(try decoder.decode(HKChooser.self, from: #"{"kind": "chosen"}"#) is HKChosen)
        }
        let list = try decoder.decode([HKChooser].self, from: #"[{"kind": "chosen"}, {}, {"kind": "chosen"}]"#)
        #expect(list.map { $0 is HKChosen } == [true, false, true])
    }

    @Test("a didEncode that calls super runs on every encode and on every element")
    func didEncodeCallingSuper() throws {
        let encoder = BridgeEncoder()
        for _ in 0..<3 {
            #expect(try encoder.encodeToJSONValue(HKStamped()) == ["stamp": true])
        }
        #expect(try encoder.encodeToJSONValue([HKStamped(), HKStamped()]) == [["stamp": true], ["stamp": true]])
    }

    @Test("every level of a hierarchy runs, in a subclass of a subclass and in a subclass that inherits the overrides")
    func subclassOfSubclass() throws {
        for _ in 0..<3 {
            #expect(try decoder.decode(HKLeaf.self, from: "{}").levels == ["base", "middle", "leaf"])
            #expect(try decoder.decode(HKMiddle.self, from: "{}").levels == ["base", "middle"])
            #expect(try decoder.decode(HKInherits.self, from: "{}").levels == ["base"])
        }
        let list = try decoder.decode([HKLeaf].self, from: "[{}, {}, {}]")
        #expect(list.map(\.levels) == Array(repeating: ["base", "middle", "leaf"], count: 3))
        let encoder = BridgeEncoder()
        for _ in 0..<3 {
            #expect(try encoder.encodeToJSONValue(HKLeaf()) == ["base": true, "leaf": true])
            #expect(try encoder.encodeToJSONValue(HKInherits()) == ["base": true])
        }
    }

    @Test("a struct's hook that calls another model's default hook runs on every decode")
    func forwardingStruct() throws {
        for _ in 0..<3 {
            #expect(try decoder.decode(HKForwarding.self, from: #"{"child": {"v": 1}}"#).checked)
        }
    }

    @Test("a struct without hooks is known to have none: its hooks are never called and no tree is built for them")
    func structWithoutHooks() throws {
        _ = try decoder.decode(HKPlainStruct.self, from: #"{"v": 1}"#)
        _ = try BridgeEncoder().encode(HKPlainStruct(v: 1))
        #expect(try ModelMeta.of(HKPlainStruct.self).hasDecodingType == false)
        #expect(try ModelMeta.of(HKPlainStruct.self).hasWillDecode == false)
        #expect(HookProbe.isImplemented(.didDecode, by: HKPlainStruct.self) == false)
        #expect(HookProbe.isImplemented(.didEncode, by: HKPlainStruct.self) == false)
    }
}
