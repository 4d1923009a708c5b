// The benchmark inputs: the five payloads shipped as resources of this target (copies of the
// files described in Resources/PROVENANCE.md), loaded once per process from the bundle.

import Foundation

/// One JSON input file and the model type that mirrors it.
enum Payload: String, CaseIterable, Sendable {
    case twitter
    case citm = "citm_catalog"
    case canada
    case githubUser = "yymodel_github_user"
    case weiboStatus = "yymodel_weibo_status"

    /// The short name used in benchmark names ("Decode twitter — Foundation"). No underscores:
    /// the JMH export turns spaces into underscores, and compare.py turns them back.
    var label: String {
        switch self {
        case .twitter: "twitter"
        case .citm: "citm"
        case .canada: "canada"
        case .githubUser: "github-user"
        case .weiboStatus: "weibo-status"
        }
    }

    /// The file's bytes, read from the target's resource bundle.
    var data: Data {
        switch self {
        case .twitter: PayloadData.twitter
        case .citm: PayloadData.citm
        case .canada: PayloadData.canada
        case .githubUser: PayloadData.githubUser
        case .weiboStatus: PayloadData.weiboStatus
        }
    }

    /// Whether this is one of the large documents (hundreds of KB to MB), which get fewer iterations.
    var isLarge: Bool {
        switch self {
        case .twitter, .citm, .canada: true
        case .githubUser, .weiboStatus: false
        }
    }

    static func load(_ name: String) -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources") else {
            fatalError("Benchmark resource Resources/\(name).json is missing from the bundle")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            fatalError("Cannot read benchmark resource \(url.path): \(error)")
        }
    }
}

/// Lazily loaded file contents (Swift globals are initialised once, thread-safely, on first use).
enum PayloadData {
    static let twitter = Payload.load(Payload.twitter.rawValue)
    static let citm = Payload.load(Payload.citm.rawValue)
    static let canada = Payload.load(Payload.canada.rawValue)
    static let githubUser = Payload.load(Payload.githubUser.rawValue)
    static let weiboStatus = Payload.load(Payload.weiboStatus.rawValue)
}
