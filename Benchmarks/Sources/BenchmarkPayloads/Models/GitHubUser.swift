// Strict `Codable` mirror of yymodel_github_user.json (the GitHub API user `facebook`, 2015), the
// input of YYModel's "GithubUser" benchmark. `company`, `email` and `hireable` are null.

package struct GitHubUser: Codable, Hashable, Sendable {
    package var login: String
    package var id: Int64
    package var avatarURL: String
    package var gravatarID: String
    package var url: String
    package var htmlURL: String
    package var followersURL: String
    package var followingURL: String
    package var gistsURL: String
    package var starredURL: String
    package var subscriptionsURL: String
    package var organizationsURL: String
    package var reposURL: String
    package var eventsURL: String
    package var receivedEventsURL: String
    package var type: String
    package var siteAdmin: Bool
    package var name: String
    package var company: String?
    package var blog: String
    package var location: String
    package var email: String?
    package var hireable: Bool?
    package var bio: String
    package var publicRepos: Int
    package var publicGists: Int
    package var followers: Int
    package var following: Int

    enum CodingKeys: String, CodingKey {
        case login, id
        case avatarURL = "avatar_url"
        case gravatarID = "gravatar_id"
        case url
        case htmlURL = "html_url"
        case followersURL = "followers_url"
        case followingURL = "following_url"
        case gistsURL = "gists_url"
        case starredURL = "starred_url"
        case subscriptionsURL = "subscriptions_url"
        case organizationsURL = "organizations_url"
        case reposURL = "repos_url"
        case eventsURL = "events_url"
        case receivedEventsURL = "received_events_url"
        case type
        case siteAdmin = "site_admin"
        case name, company, blog, location, email, hireable, bio
        case publicRepos = "public_repos"
        case publicGists = "public_gists"
        case followers, following
    }
}
