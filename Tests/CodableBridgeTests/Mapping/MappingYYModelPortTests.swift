import Foundation
import Testing
@testable import CodableBridge

// YYModel's own test suite (ibireme/YYModel, YYModelTests/*.m), case by case, restated for
// CodableBridge: YYTestModelMapper, YYTestNestModel, YYTestBlacklistWhitelist, YYTestCustomClass,
// YYTestCustomTransform, YYTestModelToJSON and YYTestThreadSafe. YYTestAutoTypeConvert lives in
// Coercion/YYModelAutoTypeConvertTests.swift. Where YYModel returns `nil` ("ignore this model"),
// CodableBridge throws at the top level; where YYModel tolerates a contradictory table,
// CodableBridge reports it — each such place says so.

@Suite("YYModel's test suite, ported")
struct MappingYYModelPortTests {
    let decoder = BridgeDecoder()

    /// The encoded object of `value`, for member checks.
    func encodedObject<T: Encodable>(_ value: T) throws -> JSONObject {
        let value = try BridgeEncoder().encodeToJSONValue(value)
        return try #require(value.objectValue, "expected an object, got \(value)")
    }

    // MARK: YYTestModelMapper

    @Test("testAuto: without a table, properties read keys of their own name and nothing else")
    func mapperAuto() throws {
        let model = try decoder.decode(YYAutoModel.self, from: #"{"name":"Apple","count":12}"#)
        #expect(model == YYAutoModel(name: "Apple", count: 12))

        let other = try decoder.decode(YYAutoModel.self, from: #"{"n":"Apple","count":12, "description":"hehe"}"#)
        #expect(other.name == nil)
        #expect(other.count == 12)
    }

    @Test("testCustom: a key path reads nested objects; a missing or non-object step leaves the property nil", arguments: [
        (#"{"n":"Apple","ext":{"c":12}}"#, 12 as Int?),
        (#"{"n":"Apple","count":12}"#, nil),
        (#"{"n":"Apple","ext":12}"#, nil),
        (#"{"n":"Apple","ext":{}}"#, nil),
        (#"{"n":"Apple","ext":[{"c":12}]}"#, nil),
    ])
    func mapperCustomKeyPath(json: String, count: Int?) throws {
        let model = try decoder.decode(YYCustomMapperModel.self, from: json)
        #expect(model.name == "Apple")
        #expect(model.count == count)
    }

    @Test("testCustom: two properties on one key path both receive it; a longer path reads deeper")
    func mapperCustomSharedPath() throws {
        let shared = try decoder.decode(YYCustomMapperModel.self, from: #"{"ext":{"d":"Apple"}}"#)
        #expect(shared.desc1 == "Apple")
        #expect(shared.desc2 == "Apple")
        #expect(shared.desc3 == nil)

        var report = DecodingReport()
        let deeper = try decoder.decode(YYCustomMapperModel.self, from: Data(#"{"ext":{"d":{"e":"Apple"}}}"#.utf8), report: &report)
        #expect(deeper.desc3 == "Apple")
        // `ext.d` now holds an object, which is no String: nil, and reported.
        #expect(deeper.desc1 == nil)
        #expect(deeper.desc2 == nil)
        #expect(Set(report.events.filter { $0.kind == .defaulted }.map(\.path)) == ["desc1", "desc2"])
    }

    @Test("testCustom: a literal key with a leading dot (YYModel's \".ext\")")
    func mapperCustomLeadingDot() throws {
        let model = try decoder.decode(YYCustomMapperModel.self, from: #"{".ext":"Apple", "ext": {"": "no"}}"#)
        #expect(model.desc4 == "Apple")
        // The same entry written as a string is an empty key-path segment: a table error.
        struct LeadingDot: MappableCodable { var desc4: String?; static var keyMapping: KeyMapping { ["desc4": ".ext"] } }
        #expect(throws: DecodingError.self) { try decoder.decode(LeadingDot.self, from: #"{".ext":"Apple"}"#) }
    }

    @Test("testWarn: properties named description and id")
    func mapperWarn() throws {
        let model = try decoder.decode(YYWarnModel.self, from: #"{"description":"Apple","id":12345}"#)
        #expect(model == YYWarnModel(description: "Apple", id: 12345))
        #expect(try encodedObject(model) == ["description": "Apple", "id": 12345])
    }

    static let containerArray = #"{"array":[{"name":"Apple", "count":10}, {"name":"Banana", "count":11}, {"name":"Pear", "count":12}, null]}"#
    static let containerDict = #"{"dict":{"A":{"name":"Apple", "count":10}, "B":{"name":"Banana", "count":11}, "P":{"name":"Pear", "count":12}, "N":null}}"#
    static let containerSet = #"{"set":[{"name":"Apple", "count":10}, {"name":"Banana", "count":11}, {"name":"Pear", "count":12}, null]}"#

    @Test("testContainer: containers without an element model keep every JSON value, null included")
    func containerPlain() throws {
        let array = try decoder.decode(YYPlainContainerModel.self, from: Self.containerArray)
        #expect(array.array?.count == 4)
        #expect(array.array?.last == .null)
        #expect(try encodedObject(array)["array"]?.arrayValue?.count == 4)

        let dict = try decoder.decode(YYPlainContainerModel.self, from: Self.containerDict)
        #expect(dict.dict?.count == 4)
        #expect(dict.dict?["N"] == .null)
        #expect(try encodedObject(dict)["dict"]?.objectValue?.count == 4)

        let set = try decoder.decode(YYPlainContainerModel.self, from: Self.containerSet)
        #expect(set.set?.count == 4)
        #expect(try encodedObject(set)["set"]?.arrayValue?.count == 4)
    }

    @Test("testContainer: arrays of models drop null elements (reported); a second property on the same key gets its own copy")
    func containerGenericArray() throws {
        var report = DecodingReport()
        let model = try decoder.decode(YYGenericContainerModel.self, from: Data(Self.containerArray.utf8), report: &report)
        let array = try #require(model.array)
        #expect(array.count == 3)
        #expect(array[0] == YYAutoModel(name: "Apple", count: 10))
        #expect(array[2] == YYAutoModel(name: "Pear", count: 12))
        #expect(model.mArray == model.array)
        #expect(report.events.contains { $0.kind == .dropped && $0.path == "array[3]" })
        #expect(report.events.contains { $0.kind == .dropped && $0.path == "mArray[3]" })

        // Both properties name the key "array": the first one written wins, the JSON stays an array.
        let object = try encodedObject(model)
        #expect(object["array"]?.arrayValue?.count == 3)
        #expect(object["mArray"] == nil)
    }

    @Test("testContainer: dictionaries of models drop null values")
    func containerGenericDictionary() throws {
        let model = try decoder.decode(YYGenericContainerModel.self, from: Self.containerDict)
        let dict = try #require(model.dict)
        #expect(dict.count == 3)
        #expect(dict["A"] == YYAutoModel(name: "Apple", count: 10))
        #expect(dict["P"] == YYAutoModel(name: "Pear", count: 12))
        #expect(dict["N"] == nil)
        #expect(model.mDict == model.dict)
        #expect(try encodedObject(model)["dict"]?.objectValue?.count == 3)
    }

    @Test("testContainer: sets of models drop null elements")
    func containerGenericSet() throws {
        let model = try decoder.decode(YYGenericContainerModel.self, from: Self.containerSet)
        let set = try #require(model.set)
        #expect(set.count == 3)
        #expect(set.contains(YYAutoModel(name: "Banana", count: 11)))
        #expect(model.mSet == model.set)
        #expect(try encodedObject(model)["set"]?.arrayValue?.count == 3)
    }

    // MARK: YYTestNestModel

    @Test("YYTestNestModel: nested models decode, encode, and merge with update(_:from:)")
    func nestModel() throws {
        let json = #"{"repoID":1234,"name":"YYModel","user":{"uid":5678,"name":"ibireme"}}"#
        var repo = try decoder.decode(YYNestRepo.self, from: json)
        #expect(repo == YYNestRepo(repoID: 1234, name: "YYModel", user: YYNestUser(uid: 5678, name: "ibireme")))

        let object = try encodedObject(repo)
        #expect(object["name"] == "YYModel")
        #expect(object["user"]?["name"] == "ibireme")

        // yy_modelSetWithJSON: keys present overwrite, absent keys keep their values, nested objects merge.
        try decoder.update(&repo, from: Data(#"{"name":"YYImage","user":{"name":"bot"}}"#.utf8))
        #expect(repo == YYNestRepo(repoID: 1234, name: "YYImage", user: YYNestUser(uid: 5678, name: "bot")))
    }

    // MARK: YYTestBlacklistWhitelist

    static let abcd = #"{"a":"A", "b":"B", "c":"C", "d":"D"}"#

    @Test("testBlacklist: ignored properties are neither decoded nor encoded")
    func blacklist() throws {
        let model = try decoder.decode(YYBlacklistModel.self, from: Self.abcd)
        #expect(model == YYBlacklistModel(a: nil, b: "B", c: "C"))
        let object = try encodedObject(YYBlacklistModel(a: "A", b: "B", c: "C"))
        #expect(object == ["b": "B", "c": "C"])
    }

    @Test("testWhitelist: only the allowed properties are decoded and encoded")
    func whitelist() throws {
        let model = try decoder.decode(YYWhitelistModel.self, from: Self.abcd)
        #expect(model == YYWhitelistModel(a: "A", b: nil, c: nil))
        let object = try encodedObject(YYWhitelistModel(a: "A", b: "B", c: "C"))
        #expect(object == ["a": "A"])
    }

    @Test("testBlackWhitelist: YYModel's result (only b) with one table; both tables naming a property is an error")
    func blackWhitelist() throws {
        let model = try decoder.decode(YYBlackWhitelistModel.self, from: Self.abcd)
        #expect(model == YYBlackWhitelistModel(a: nil, b: "B", c: nil))
        #expect(try encodedObject(YYBlackWhitelistModel(a: "A", b: "B", c: "C")) == ["b": "B"])

        #expect(throws: DecodingError.self) { try decoder.decode(YYBlackAndWhitelistConflict.self, from: Self.abcd) }
        #expect(throws: EncodingError.self) { try BridgeEncoder().encode(YYBlackAndWhitelistConflict(a: "A", b: "B")) }
    }

    // MARK: YYTestCustomClass

    static let userBase: JSONValue = ["uid": 123, "name": "Harry"]
    static let userLocal: JSONValue = ["uid": 123, "name": "Harry", "localName": "HarryLocal"]
    static let userRemote: JSONValue = ["uid": 123, "name": "Harry", "remoteName": "HarryRemote"]

    @Test("custom class selection at top level", arguments: [
        (userBase, "YYBaseUser"), (userLocal, "YYLocalUser"), (userRemote, "YYRemoteUser"),
    ])
    func customClassTopLevel(json: JSONValue, className: String) throws {
        let user = try decoder.decode(YYBaseUser.self, from: json)
        #expect(String(describing: type(of: user)) == className)
        #expect(user.uid == 123)
        #expect(user.name == "Harry")
    }

    @Test("custom class selection for a property, arrays, nested arrays, dictionaries and sets")
    func customClassContainers() throws {
        let json: JSONValue = [
            "user": Self.userLocal,
            "users": [Self.userBase, Self.userLocal, Self.userRemote],
            "nestedUsers": [[Self.userBase], [Self.userRemote]],
            "userDict": ["a": Self.userBase, "b": Self.userLocal, "c": Self.userRemote],
            "userSet": [Self.userBase, Self.userLocal, Self.userRemote],
        ]
        let model = try decoder.decode(YYCustomClassModel.self, from: json)
        func names(_ users: [YYBaseUser]?) -> [String] { (users ?? []).map { String(describing: type(of: $0)) } }
        #expect(model.user is YYLocalUser)
        #expect(names(model.users) == ["YYBaseUser", "YYLocalUser", "YYRemoteUser"])
        #expect(model.nestedUsers.map { $0.map(names) } == [["YYBaseUser"], ["YYRemoteUser"]])
        #expect((model.userDict?["a"]).map { type(of: $0) == YYBaseUser.self } == true)
        #expect(model.userDict?["b"] is YYLocalUser)
        #expect((model.userDict?["c"] as? YYRemoteUser)?.remoteName == "HarryRemote")
        #expect(Set(names(model.userSet.map(Array.init))) == ["YYBaseUser", "YYLocalUser", "YYRemoteUser"])

        // Encoding writes each element's own properties.
        let encoded = try BridgeEncoder().encodeToJSONValue(model)
        #expect(encoded["users"]?[1]?["localName"] == "HarryLocal")
        #expect(encoded["userDict"]?["c"]?["remoteName"] == "HarryRemote")
        #expect(encoded["user"] == Self.userLocal)
    }

    @Test("a decodingType that returns an unrelated type is reported, naming both types")
    func customClassUnrelated() throws {
        #expect(try decoder.decode(YYUnrelatedClassChoice.self, from: #"{"uid": 1}"#).uid == 1)
        do {
            _ = try decoder.decode(YYUnrelatedClassChoice.self, from: #"{"uid": 1, "localName": "x"}"#)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.underlyingError is MappingTableError)
            #expect(context.debugDescription.contains("decodingType(for:) returned CodableBridgeTests.YYLocalUser"))
            #expect(context.debugDescription.contains("not a subclass of the declared type CodableBridgeTests.YYUnrelatedClassChoice"))
        }
    }

    // MARK: YYTestCustomTransform

    @Test("testTransform: didDecode converts milliseconds; a model without time is rejected")
    func customTransformDecode() throws {
        let model = try decoder.decode(YYTransformModel.self, from: #"{"id":5472746497,"content":"Hello","time":1401234567000}"#)
        #expect(model.id == 5_472_746_497)
        #expect(model.time == Date(timeIntervalSince1970: 1_401_234_567))

        // YYModel returns nil; CodableBridge throws, saying which hook rejected the model and why.
        do {
            _ = try decoder.decode(YYTransformModel.self, from: #"{"id":5472746497,"content":"Hello"}"#)
            Issue.record("expected the model to be rejected")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("didDecode rejected the model: missingTime"))
            #expect(context.underlyingError as? YYTransformModel.TransformError == .missingTime)
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(YYTransformModel.self, fromJSONObject: ["id": 5_472_746_497, "content": "Hello"] as [String: Any])
        }
    }

    @Test("testTransform: didEncode writes milliseconds; without time the encode fails")
    func customTransformEncode() throws {
        var model = try decoder.decode(YYTransformModel.self, from: #"{"id":5472746497,"content":"Hello","time":1401234567000}"#)
        let object = try encodedObject(model)
        #expect(object["time"] == 1_401_234_567_000)
        #expect(object["id"] == 5_472_746_497)

        model.time = nil
        #expect(throws: EncodingError.self) { try BridgeEncoder().encode(model) }
    }

    // MARK: YYTestModelToJSON

    @Test("testToJSON: mapped keys, one key for two properties, a key path; back from the data")
    func modelToJSON() throws {
        var model = YYToJSONModel()
        model.intValue = 1
        model.longValue = 2
        model.unsignedLongLongValue = 3
        model.shortValue = 4
        model.array = [1, "2", "https://github.com"]
        model.set = ["1", "2"]

        let object = try encodedObject(model)
        #expect(object["int"] == 1)
        #expect(object["long"] == 2)  // declared first, written first
        #expect(object["ext"] == ["short": 4])
        #expect(object["intValue"] == nil)
        #expect(object["unsignedLongLongValue"] == nil)

        let foundation = try #require(try BridgeEncoder().encodeToJSONObject(model) as? [String: Any])
        #expect(foundation["int"] as? Int == 1)
        #expect((foundation["ext"] as? [String: Any])?["short"] as? Int == 4)

        let string = try BridgeEncoder().encodeToString(model)
        #expect(try JSONSerialization.jsonObject(with: Data(string.utf8)) is [String: Any])
        let data = try BridgeEncoder().encode(model)
        let back = try decoder.decode(YYToJSONModel.self, from: data)
        #expect(back.intValue == 1)
        #expect(back.shortValue == 4)
        #expect(back.longValue == 2)
        #expect(back.unsignedLongLongValue == 2)  // both read "long"
        #expect(back.array == model.array)
        #expect(back.set == model.set)
    }

    @Test("testDate: dates are written as ISO 8601 and read back")
    func modelToJSONDate() throws {
        var model = YYToJSONModel()
        model.date = Date(timeIntervalSince1970: 100_000_000)
        #expect(try encodedObject(model)["date"] == "1973-03-03T09:46:40Z")
        let back = try decoder.decode(YYToJSONModel.self, from: try BridgeEncoder().encodeToString(model))
        #expect(back.date == model.date)
    }

    // MARK: YYTestThreadSafe

    @Test("testThreadSafe: arrays of a model with three properties on one key, decoded from many tasks")
    func threadSafe() async throws {
        let json = #"[{"v":1},{"v":2},{"v":3}]"#
        try await withThrowingTaskGroup(of: [YYThreadSafeModel].self) { group in
            for _ in 0 ..< 200 {
                group.addTask { try BridgeDecoder().decode([YYThreadSafeModel].self, from: json) }
            }
            for try await array in group {
                #expect(array.count == 3)
                #expect(array.first == YYThreadSafeModel(boolValue: true, intValue: 1, charValue: 1))
            }
        }
    }
}
