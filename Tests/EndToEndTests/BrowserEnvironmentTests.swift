import Foundation
import TestSupport
import Testing

/// `o` starts `$BROWSER` with the app's environment, less the credentials.
@Suite("The browser gets no credentials")
struct BrowserEnvironmentTests {
    @Test("o: the browser's environment has no SF_ACCESS_TOKEN, SF_REFRESH_TOKEN or SF_CLIENT_SECRET")
    func browserEnvironmentHasNoCredentials() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let script = TemporaryFile("sh")
            let seen = TemporaryFile()
            try writeExecutableScript("#!/bin/sh\nenv > '\(seen.path)'\n", to: script.path)
            let session = try await TmuxSession(
                [try Binary.path],
                environment: [
                    "BROWSER": script.path, "SF_INSTANCE_URL": org.endpoint.url.absoluteString,
                    "SF_ACCESS_TOKEN": org.endpoint.accessToken, "SF_REFRESH_TOKEN": org.endpoint.refreshToken,
                    "SF_CLIENT_SECRET": "app-secret-value",
                ])
            try await session.waitUntil("the first contacts are listed") { screen in
                Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
            }
            try await session.send("o")
            #expect(await waitUntil { seen.text.contains("BROWSER=") }, "the browser ran")
            let environment = seen.text
            #expect(!environment.contains(org.endpoint.accessToken))
            #expect(!environment.contains(org.endpoint.refreshToken))
            #expect(!environment.contains("app-secret-value"))
            #expect(!environment.contains("SF_ACCESS_TOKEN") && !environment.contains("SF_CLIENT_SECRET"))
            try await session.quit()
        }
    }
}
