import Hummingbird

/// `/services/data` (the versions, no token needed) and `/services/data/{version}` (the resources
/// of one version, and 404 for any path under it that no other group takes).
struct VersionRoutes {
    /// The newest version listed (`--max-api-version`); newer ones are 404 under the data API.
    let newestVersion: Int

    func addVersions(to router: some RouterMethods<MockOrgContext>) {
        let path: RouterPath = "services/data"
        let versions = Resources.versions(newest: newestVersion)
        router.getAndHead(path) { _, _ in Response.json(versions) }
    }

    func addResources(to api: some RouterMethods<APIContext>) {
        api.getAndHead { _, context in Response.json(Resources.resources(version: context.version)) }
        api.notFound(on: "**")
    }
}
