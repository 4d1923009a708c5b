import Foundation
import Testing
@testable import CodableBridge

// Fixtures for UpdateTests: values that no JSON round trip keeps exactly, every decoder
// configuration, and the fixture models of the other suites as update samples.

/// Values a re-encode would change: sub-second dates, `Data`, `Decimal`, floating-point edge
/// values (compared bit for bit, NaN payload included), URLs, a nested model, a nil optional and
/// two properties on one JSON key.
struct UpdateEdgeValues: MappableCodable, Equatable {
    var title = "t"
    var date = Date(timeIntervalSince1970: 1_700_000_000.123)
    var dates = [Date(timeIntervalSinceReferenceDate: 0.000_001)]
    var data = Data([0, 1, 2, 250, 255])
    var decimal = Decimal(string: "12345678901234567890.123456789")!
    var negativeZero = -0.0
    var subnormal = Double.leastNonzeroMagnitude
    var largest = Double.greatestFiniteMagnitude
    var nan = Double(nan: 0x5_1234, signaling: false)
    var floatNaN = Float(nan: 0x1234, signaling: true)
    var floatSubnormal = Float.leastNonzeroMagnitude
    var url = URL(string: "https://example.com/a b?q=1")!
    var relative = URL(string: "c/d", relativeTo: URL(string: "https://example.com/a/"))!
    var inner = UpdateEdgeInner()
    var nickname: String? = nil
    var maybeDate: Date? = Date(timeIntervalSince1970: 0.5)
    var maybeURL: URL? = URL(string: "https://example.com/x")
    var first = "one"
    var second = "two"

    static var keyMapping: KeyMapping { ["first": "shared", "second": "shared"] }

    static func == (a: UpdateEdgeValues, b: UpdateEdgeValues) -> Bool {
        a.title == b.title && a.date == b.date && a.dates == b.dates && a.data == b.data && a.decimal == b.decimal
            && a.negativeZero.bitPattern == b.negativeZero.bitPattern && a.subnormal.bitPattern == b.subnormal.bitPattern
            && a.largest.bitPattern == b.largest.bitPattern && a.nan.bitPattern == b.nan.bitPattern
            && a.floatNaN.bitPattern == b.floatNaN.bitPattern && a.floatSubnormal.bitPattern == b.floatSubnormal.bitPattern
            && a.url == b.url && a.url.baseURL == b.url.baseURL && a.relative == b.relative && a.relative.baseURL == b.relative.baseURL
            && a.inner == b.inner && a.nickname == b.nickname && a.maybeDate == b.maybeDate && a.maybeURL == b.maybeURL
            && a.first == b.first && a.second == b.second
    }
}

/// The nested model of `UpdateEdgeValues`.
struct UpdateEdgeInner: MappableCodable, Equatable {
    var at = Date(timeIntervalSince1970: 1_600_000_000.987_654)
    var name = "inner"
    var scores: [String: Double] = ["a": 0.1, "b": -0.0]
}

struct UpdateUnreadable: Error {}

/// One decoder configuration, by name.
struct UpdateConfiguration: Sendable, CustomStringConvertible {
    let description: String
    let decoder: BridgeDecoder

    /// Every policy × missing-value strategy × date strategy × data strategy, and
    /// `foundationCompatible`. The custom strategies throw: a current value never goes through
    /// them.
    static let all: [UpdateConfiguration] = {
        let policies: [(String, CoercionPolicy)] = [("strict", .strict), ("lenient", .lenient), ("yyModel", .yyModel)]
        let missing: [(String, BridgeDecoder.MissingValueStrategy)] = [("useDefault", .useDefault), ("throw", .throw)]
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy"
        let dates: [(String, BridgeDecoder.DateDecodingStrategy)] = [
            ("flexible", .flexible), ("deferredToDate", .deferredToDate), ("secondsSince1970", .secondsSince1970),
            ("millisecondsSince1970", .millisecondsSince1970), ("iso8601", .iso8601), ("formatted", .formatted(formatter)),
            ("custom", .custom { _ in throw UpdateUnreadable() }),
        ]
        let datas: [(String, BridgeDecoder.DataDecodingStrategy)] = [
            ("base64", .base64), ("deferredToData", .deferredToData), ("custom", .custom { _ in throw UpdateUnreadable() }),
        ]
        var all = [UpdateConfiguration(description: "foundationCompatible", decoder: .foundationCompatible)]
        for (p, policy) in policies {
            for (m, strategy) in missing {
                for (d, date) in dates {
                    for (b, data) in datas {
                        var decoder = BridgeDecoder()
                        decoder.coercion = policy
                        decoder.missingValueStrategy = strategy
                        decoder.dateDecodingStrategy = date
                        decoder.dataDecodingStrategy = data
                        all.append(UpdateConfiguration(description: "\(p)/\(m)/\(d)/\(b)", decoder: decoder))
                    }
                }
            }
        }
        var snake = BridgeDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        all.append(UpdateConfiguration(description: "convertFromSnakeCase", decoder: snake))
        return all
    }()
}

/// A fixture value for the property-style update tests: `update(from: "{}")` leaves it equal,
/// and `patch` (one property, valid under every configuration) changes exactly what `change` does.
struct UpdateSample: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let check: @Sendable (UpdateConfiguration, SourceLocation) throws -> Void

    static func sample<T: Codable & Equatable & SendableMetatype>(_ name: String, _ make: @escaping @Sendable () -> T, patch: String,
                                               _ change: @escaping @Sendable (inout T) -> Void) -> UpdateSample
    {
        UpdateSample(testDescription: name) { configuration, location in
            let original = make()
            var value = make()
            try configuration.decoder.update(&value, from: "{}")
            #expect(value == original, "update from {} under \(configuration)", sourceLocation: location)
            var expected = make()
            change(&expected)
            value = make()
            try configuration.decoder.update(&value, from: patch)
            #expect(value == expected, "update from \(patch) under \(configuration)", sourceLocation: location)
        }
    }

    /// The fixture models of the mapping, YYModel-port, encoding, parity, hierarchy and class-model suites.
    static let all: [UpdateSample] = [
        sample("UpdateEdgeValues", { UpdateEdgeValues() }, patch: #"{"title": "p"}"#) { $0.title = "p" },
        sample("UpdateEdgeValues shared key", { UpdateEdgeValues() }, patch: #"{"shared": "s"}"#) { $0.first = "s"; $0.second = "s" },
        sample("UpdateEdgeValues nested", { UpdateEdgeValues() }, patch: #"{"inner": {"name": "p"}}"#) { $0.inner.name = "p" },
        sample("Book", { Book(name: "Dune", desc: "Sand", bookID: 42, pages: 412) }, patch: #"{"n": "p"}"#) { $0.name = "p" },
        sample("Paths", { Paths(dotted: "d", literal: "l", segments: "s", deep: 3) }, patch: #"{"a": {"b": "p"}}"#) { $0.dotted = "p" },
        sample("SharedKey", { SharedKey(first: "a", second: "b") }, patch: #"{"name": "p"}"#) { $0.first = "p"; $0.second = "p" },
        sample("Filtered", { Filtered(kept: "k", secret: "s", other: 3) }, patch: #"{"secret": "p", "other": 4}"#) { $0.other = 4 },
        sample("Allowed", { Allowed(a: 1, b: 2, c: 3) }, patch: #"{"b": 9, "c": 4}"#) { $0.c = 4 },
        sample("Settings", { var s = Settings(); s.pageSize = 5; s.tags = []; return s }, patch: #"{"theme": "p"}"#) { $0.theme = "p" },
        sample("IgnoredDeclared", { IgnoredDeclared(one: "current", two: "t") }, patch: #"{"one": "x", "two": "p"}"#) { $0.two = "p" },
        sample("YYCustomMapperModel", { YYCustomMapperModel(name: "n", count: 1, desc1: "d1", desc2: "d2", desc3: "d3", desc4: "d4") },
               patch: #"{"n": "p"}"#) { $0.name = "p" },
        sample("YYPlainContainerModel", { YYPlainContainerModel(array: [1, "a", nil], dict: ["k": 1.5], set: [true]) },
               patch: #"{"array": [2]}"#) { $0.array = [2] },
        sample("YYGenericContainerModel", {
            let a = YYAutoModel(name: "a", count: 1)
            return YYGenericContainerModel(array: [a], mArray: [a], dict: ["k": a], mDict: ["k": a], set: [a], mSet: [a])
        }, patch: #"{"dict": {"k": {"name": "p"}}}"#) {
            $0.dict = ["k": YYAutoModel(name: "p", count: 1)]
            $0.mDict = ["k": YYAutoModel(name: "p", count: 1)]
        },
        sample("YYNestRepo", { YYNestRepo(repoID: 7, name: "r", user: YYNestUser(uid: 9, name: "u")) },
               patch: #"{"user": {"name": "p"}}"#) { $0.user?.name = "p" },
        sample("YYBlacklistModel", { YYBlacklistModel(a: "a", b: "b", c: "c") }, patch: #"{"a": "x", "c": "p"}"#) { $0.c = "p" },
        sample("YYWhitelistModel", { YYWhitelistModel(a: "a", b: "b", c: "c") }, patch: #"{"a": "p", "b": "x"}"#) { $0.a = "p" },
        sample("YYEncodeProduct", {
            YYEncodeProduct(name: "n", price: 0.1, currency: "EUR", width: 1, height: nil, sku: "s", cache: "c", stock: 3)
        }, patch: #"{"n": "p"}"#) { $0.name = "p" },
        sample("YYEncodeCustom", { YYEncodeCustom(label: "l", point: [1, 2]) }, patch: #"{"l": "p"}"#) { $0.label = "p" },
        sample("YYEncodeCustom nested container", { YYEncodeCustom(label: "l", point: [1, 2]) },
               patch: #"{"geo": {"point": {"x": 5}}}"#) { $0.point[0] = 5 },
        sample("YYDocsBook", { YYDocsBook(name: "n", desc: nil, bookID: 1, tags: ["t"], cache: "c") }, patch: #"{"n": "p"}"#) { $0.name = "p" },
        sample("Person", {
            Person(name: "Ada", age: 36, email: nil, tags: ["m"], address: Address(street: "s", zip: "z", geo: [0.1, -0.0]),
                   scores: ["x": 1], friends: [])
        }, patch: #"{"address": {"street": "p"}}"#) { $0.address.street = "p" },
        sample("YYLeash", { YYLeash(id: 1, dog: YYPuppy(name: "Rex", breed: "pug", weeks: 1)) }, patch: #"{"id": 2}"#) { $0.id = 2 },
        sample("YYShelter", {
            YYShelter(animals: [YYDog(name: "d", breed: "b"), YYCat(name: "c", indoor: true)], byName: ["c": YYCat(name: "c", indoor: false)],
                      rooms: [:], cages: [], maybe: [nil], star: YYPuppy(name: "p", breed: "b", weeks: 1), keeper: nil)
        }, patch: #"{"star": {"n": "q"}}"#) { $0.star = YYPuppy(name: "q", breed: "b", weeks: 1) },
        sample("YYAnimal (a subclass at the root)", { YYDog(name: "d", breed: "b") as YYAnimal }, patch: #"{"n": "p"}"#) {
            $0 = YYDog(name: "p", breed: "b")
        },
        sample("PF.NestedDog (superDecoder)", { PF.NestedDog(id: 1, name: "n") }, patch: #"{"name": "p"}"#) { $0.name = "p" },
        sample("PF.NestedDog (superDecoder, patched)", { PF.NestedDog(id: 1, name: "n") }, patch: #"{"super": {"id": 2}}"#) { $0.id = 2 },
        sample("PF.KeyedDog (superDecoder(forKey:))", { PF.KeyedDog(id: 1, name: "n") }, patch: #"{"parent": {"id": 2}}"#) { $0.id = 2 },
        sample("PF.Paint (raw-value enums)", { PF.Paint(color: .green, level: .high) }, patch: #"{"color": "red"}"#) { $0.color = .red },
        sample("PF.Drawing (enums with associated values)", { PF.Drawing(shapes: [.circle(0.1), .rect(w: 1, h: -0.0)]) },
               patch: #"{"shapes": [{"none": {}}]}"#) { $0.shapes = [.none] },
        sample("BOExact (BridgeObject)", { () -> BOExact in
            let value = BOExact()
            value.friend = BOPuppy(name: "p", breed: "b", weeks: 2)
            value.pack = [BOCat(name: "c", indoor: true)]
            return value
        }, patch: #"{"optional": 3}"#) { $0.optional = 3 },
        sample("BOZoo (BridgeObject subclasses in containers)", {
            BOZoo(animals: [BODog(name: "d", breed: "b")], byName: ["c": BOCat(name: "c", indoor: false)],
                  star: BOPuppy(name: "p", breed: "b", weeks: 3), spare: nil)
        }, patch: #"{"star": {"n": "q"}}"#) { $0.star = BOPuppy(name: "q", breed: "b", weeks: 3) },
        sample("BOAnimal (a BridgeObject subclass at the root)", { BOPuppy(name: "p", breed: "b", weeks: 3) as BOAnimal },
               patch: #"{"info": {"weeks": 4}}"#) { $0 = BOPuppy(name: "p", breed: "b", weeks: 4) },
    ]
}
