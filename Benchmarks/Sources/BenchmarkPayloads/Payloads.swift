// The benchmark inputs: the five payloads shipped as resources of this target (copies of the
// files described in Resources/PROVENANCE.md), loaded once per process from the bundle.
//
// BenchmarkPayloads holds what the benchmark suite and the `scale` runner share: the payloads,
// their models (Models/) and the generated large documents (GeneratedDocument.swift). Its
// declarations are `package`: visible to the targets of this package only.

import Foundation

/// One JSON input file and the model type that mirrors it.
package enum Payload: String, CaseIterable, Sendable {
    case twitter
    case citm = "citm_catalog"
    case canada
    case githubUser = "yymodel_github_user"
    case weiboStatus = "yymodel_weibo_status"

    /// The short name used in benchmark names ("Decode twitter — Foundation"). No underscores:
    /// the JMH export turns spaces into underscores, and compare.py turns them back.
    package var label: String {
        switch self {
        case .twitter: "twitter"
        case .citm: "citm"
        case .canada: "canada"
        case .githubUser: "github-user"
        case .weiboStatus: "weibo-status"
        }
    }

    /// The file's bytes, read from the target's resource bundle.
    package var data: Data {
        switch self {
        case .twitter: PayloadData.twitter
        case .citm: PayloadData.citm
        case .canada: PayloadData.canada
        case .githubUser: PayloadData.githubUser
        case .weiboStatus: PayloadData.weiboStatus
        }
    }

    /// Whether this is one of the large documents (hundreds of KB to MB), which get fewer iterations.
    package var isLarge: Bool {
        switch self {
        case .twitter, .citm, .canada: true
        case .githubUser, .weiboStatus: false
        }
    }

    package static func load(_ name: String) -> Data {
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
package enum PayloadData {
    package static let twitter = Payload.load(Payload.twitter.rawValue)
    package static let citm = Payload.load(Payload.citm.rawValue)
    package static let canada = Payload.load(Payload.canada.rawValue)
    package static let githubUser = Payload.load(Payload.githubUser.rawValue)
    package static let weiboStatus = Payload.load(Payload.weiboStatus.rawValue)
}
