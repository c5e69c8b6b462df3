import Foundation
import TestSupport
import Testing

@testable import Credentials

/// Children (the Salesforce CLI, the browser) get the app's environment without credentials.
@Suite struct ChildEnvironmentTests {
    static let app = [
        "PATH": "/usr/bin:/bin", "HOME": "/home/u", "HTTPS_PROXY": "http://proxy:3128", "SF_TARGET_ORG": "dev",
        "SF_INSTANCE_URL": "https://acme.my.salesforce.com", "SF_ACCESS_TOKEN": "access-value",
        "SF_REFRESH_TOKEN": "refresh-value", "SF_CLIENT_ID": "client-id-value", "SF_CLIENT_SECRET": "secret-value",
        "SF_LOGIN_URL": "https://login.salesforce.com", "SFDX_ACCESS_TOKEN": "sfdx-value",
        "sf_access_token": "lower-value",
    ]

    @Test func credentialVariablesAreDroppedAndTheRestKept() {
        #expect(
            ChildEnvironment.variables(from: Self.app)
                == [
                    "PATH": "/usr/bin:/bin", "HOME": "/home/u", "HTTPS_PROXY": "http://proxy:3128",
                    "SF_TARGET_ORG": "dev",
                ])
    }

    @Test func theSalesforceCLIRunsWithoutCredentials() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "sf-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeExecutableScript("#!/bin/sh\nenv\n", to: directory.appending(path: "sf").path)
        var environment = Self.app
        environment["PATH"] = directory.path + ":/usr/bin:/bin"
        let output = try await SalesforceCLI(environment: environment).run(["org", "display"])
        let seen = String(decoding: output.standardOutput, as: UTF8.self)
        #expect(seen.contains("SF_TARGET_ORG=dev"))
        for value in ["access-value", "refresh-value", "secret-value", "client-id-value", "sfdx-value", "lower-value"] {
            #expect(!seen.contains(value))
        }
    }
}
