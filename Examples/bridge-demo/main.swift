import CodableBridge
import Foundation

// bridge-demo: decodes the bundled sample payloads, prints the models, the decoding report and
// the JSON they re-encode to; the last section shows unknown keys (reported, then captured and
// written back) and an unknown enum case; then class models, and documents read as they arrive.
// Run with `swift run bridge-demo`.

func resource(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources") else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/\(name).json"])
    }
    return try Data(contentsOf: url)
}

func section(_ title: String) {
    print("\n== \(title) " + String(repeating: "=", count: max(0, 70 - title.count)))
}

var encoder = BridgeEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
let decoder = BridgeDecoder()

do {
    section("GitHub user (yymodel_github_user.json) — snake_case keys mapped by a table")
    var report = DecodingReport()
    let user = try decoder.decode(GitHubUser.self, from: try resource("yymodel_github_user"), report: &report)
    print("\(user.login) #\(user.userID) — \(user.name ?? "-"), \(user.location ?? "-")")
    print("repos \(user.publicRepos), gists \(user.publicGists), avatar \(user.avatarURL?.absoluteString ?? "-")")
    print(report)
    print("re-encoded:\n" + (try encoder.encodeToString(user)))

    section("Weibo status (yymodel_weibo_status.json) — alternates, a key path, polymorphic pictures")
    report = DecodingReport()
    let status = try decoder.decode(WeiboStatus.self, from: try resource("yymodel_weibo_status"), report: &report)
    print("status \(status.statusID) by \(status.authorName) at \(status.createdAt)")
    print("\"\(status.text.prefix(60))…\"")
    print("reposts \(status.repostsCount), comments \(status.commentsCount), likes \(status.attitudesCount)")
    for id in status.pictureIDs.prefix(3) {
        if let set = status.pictures[id] { print("picture \(id): thumbnail \(set.thumbnail), largest \(set.largest)") }
    }
    print(report)
    let statusJSON = try encoder.encodeToString(status)
    print("re-encoded (first 25 lines):\n" + statusJSON.split(separator: "\n").prefix(25).joined(separator: "\n") + "\n  …")

    section("A messy API payload (messy_profile.json) — coercion, defaults and the report")
    report = DecodingReport()
    let profiles = try decoder.decode([MessyProfile].self, from: try resource("messy_profile"), report: &report)
    for profile in profiles {
        print("#\(profile.id) \(profile.name), age \(profile.age), score \(profile.score), active \(profile.isActive), "
            + "zip \"\(profile.zip)\", signed up \(profile.signedUpAt.map { "\($0)" } ?? "-"), "
            + "tags \(profile.tags), lucky \(profile.luckyNumbers)")
    }
    print(report)
    print("re-encoded:\n" + (try encoder.encodeToString(profiles)))

    section("Round trips (yymodel_github_user.json) — unknown keys, captured; an unknown enum case")
    var strictKeys = decoder
    strictKeys.unknownKeyStrategy = .report
    report = DecodingReport()
    _ = try strictKeys.decode(GitHubUser.self, from: try resource("yymodel_github_user"), report: &report)
    let unknown = report.events.filter { $0.kind == .unknownKey }
    print("unknownKeyStrategy = .report: GitHubUser does not read \(unknown.count) of the payload's keys:")
    for event in unknown.prefix(4) { print("  \(event)") }
    print("  …")
    report = DecodingReport()
    let githubData = try resource("yymodel_github_user")
    let snapshot = try strictKeys.decode(GitHubSnapshot.self, from: githubData, report: &report)
    print("GitHubSnapshot: \(snapshot.login) #\(snapshot.id), type \(snapshot.type), kind \(snapshot.kind), "
        + "\(snapshot.extras.count) members captured in extras")
    print(report)
    let again = try BridgeEncoder().encodeToJSONValue(snapshot)
    print("decode → encode reproduces the input: \(again == (try JSONValue(parsing: githubData)))")

    section("Class models with fields — three levels, chosen by decodingType(for:), updated in place")
    report = DecodingReport()
    let pets = try decoder.decode([Animal].self, from: #"""
        [{"n": "Generic"}, {"kind": "dog", "n": "Rex", "legs": 4, "info": {"breed": "beagle"}},
         {"kind": "puppy", "name": "Bit", "legs": 4, "info": {"breed": "corgi"}, "weeks": "9"}]
        """#, report: &report)
    for pet in pets { print("\(type(of: pet)): \(try BridgeEncoder().encodeToString(pet))") }
    print(report)
    // safe: the third element's "kind" chose Puppy
    var puppy = pets[2] as! Puppy
    try decoder.update(&puppy, from: #"{"weeks": 10, "vaccinated": true}"#)
    print("after update: same instance \(puppy === pets[2]), weeks \(puppy.weeks), vaccinated \(puppy.vaccinated), breed \(puppy.breed)")

    section("Streams — an array's elements as they are read, a partial document, a JSON Schema")
    let export = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-demo-export.json")
    try Data(#"{"data": {"count": 3, "items": [{"login": "ann", "id": 1}, {"login": "bob", "id": "2"}, {"login": "cy", "id": 3}]}}"#.utf8)
        .write(to: export)
    defer { try? FileManager.default.removeItem(at: export) }
    let users = decoder.elements(of: StreamUser.self, at: "data.items", contentsOf: export)
    for try await user in users { print("streamed: \(user.login) #\(user.id)") }
    print(users.report)
    report = DecodingReport()
    let arrived = Data(#"{"login": "dee", "id": 4, "bio": "Writes Swift on the tra"#.utf8)
    let draft = try decoder.decodePartial(StreamUser.self, from: arrived, report: &report)
    print("partial: \(draft.login) #\(draft.id), bio so far \"\(draft.bio)\"")
    print(report)
    // A document fed piece by piece, as a language model's text deltas arrive:
    let answer = decoder.partialDocument(of: StreamUser.self)
    for delta in [#"{"login": "eve", "#, #""id": 5, "bio": "Reads "#, #"JSON as it streams"}"#] {
        if let user = try answer.append(delta) { print("so far: \(user.login) #\(user.id), bio \"\(user.bio)\"") }
    }
    print("complete: \(try answer.finish().bio)")
    var strict = BridgeDecoder()
    strict.missingValueStrategy = .throw
    print("schema: \(try strict.jsonSchema(for: StreamUser.self))")
} catch {
    print("bridge-demo failed: \(error)")
    exit(1)
}
