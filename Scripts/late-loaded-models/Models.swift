// libModels.so, linked into the host at launch: a plain Codable type (Scripts/late-loaded-models.sh).

public struct Book: Codable {
    public var title: String
}
