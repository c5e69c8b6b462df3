import Foundation

/// Finds credentials in DESIGN.md's order: `--target-org ALIAS` (through
/// `sf org display --json --target-org ALIAS`), then `--instance-url`/`--access-token`
/// (each falling back to its environment variable), then the environment
/// `SF_INSTANCE_URL`, `SF_ACCESS_TOKEN`, `SF_REFRESH_TOKEN`, `SF_CLIENT_ID`.
public enum CredentialResolver {
    /// Resolves credentials. `environment` (default: the process's) also gives the `PATH`
    /// searched for `sf`, so tests can put a stand-in there.
    public static func resolve(
        _ options: CredentialOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(CredentialError) -> OrgCredentials {
        if let alias = options.targetOrg?.nonEmpty {
            var credentials = try await fromSalesforceCLI(alias: alias, environment: environment)
            credentials.refreshToken = options.refreshToken?.nonEmpty
            credentials.clientID = options.clientID?.nonEmpty
            return credentials
        }
        let flagURL = options.instanceURL?.nonEmpty
        let flagToken = options.accessToken?.nonEmpty
        let url = flagURL ?? environment["SF_INSTANCE_URL"]?.nonEmpty
        let token = flagToken ?? environment["SF_ACCESS_TOKEN"]?.nonEmpty
        switch (url, token) {
        case (nil, nil):
            throw .missing
        case (nil, _):
            throw .invalid("an access token is given but no instance URL (--instance-url or SF_INSTANCE_URL).")
        case (_, nil):
            throw .invalid("an instance URL is given but no access token (--access-token or SF_ACCESS_TOKEN).")
        case (let url?, let token?):
            return OrgCredentials(
                instanceURL: try parseInstanceURL(url), accessToken: token,
                refreshToken: options.refreshToken?.nonEmpty ?? environment["SF_REFRESH_TOKEN"]?.nonEmpty,
                clientID: options.clientID?.nonEmpty ?? environment["SF_CLIENT_ID"]?.nonEmpty,
                source: flagURL != nil || flagToken != nil ? "command-line options" : "environment")
        }
    }

    static func parseInstanceURL(_ text: String) throws(CredentialError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            throw .invalid("the instance URL \"\(text)\" is not an http or https URL.")
        }
        return url
    }

    // MARK: - sf org display

    /// The documented shape of `sf org display --json`.
    private struct DisplayOutput: Decodable {
        struct Result: Decodable {
            var instanceUrl: String?
            var accessToken: String?
        }
        var status: Int?
        var result: Result?
        var message: String?
        var name: String?
    }

    static func fromSalesforceCLI(
        alias: String, environment: [String: String]
    ) async throws(CredentialError)
        -> OrgCredentials
    {
        guard let sf = executable(named: "sf", path: environment["PATH"] ?? "") else {
            throw .salesforceCLIFailed(
                "the sf command is not on PATH; install the Salesforce CLI or pass "
                    + "--instance-url and --access-token.")
        }
        let (status, output) = try await run(
            sf, arguments: ["org", "display", "--json", "--target-org", alias],
            environment: environment)
        guard let display = try? JSONDecoder().decode(DisplayOutput.self, from: output) else {
            throw .salesforceCLIFailed("sf org display exited with status \(status) and printed no JSON.")
        }
        guard status == 0, display.status ?? 0 == 0 else {
            let message = display.message.map { RestClientError.oneLine($0) } ?? "exit status \(status)"
            throw .salesforceCLIFailed("sf org display --target-org \(alias) failed: \(message)")
        }
        guard let urlText = display.result?.instanceUrl?.nonEmpty, let token = display.result?.accessToken?.nonEmpty
        else {
            throw .salesforceCLIFailed("sf org display --target-org \(alias) gave no instanceUrl and accessToken.")
        }
        let url: URL
        do {
            url = try parseInstanceURL(urlText)
        } catch {
            throw .salesforceCLIFailed("sf org display --target-org \(alias) gave an invalid instance URL.")
        }
        return OrgCredentials(instanceURL: url, accessToken: token, source: "sf org display (\(alias))")
    }

    static func executable(named name: String, path: String) -> URL? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs a program to its end on a thread of its own; returns its exit status and stdout.
    ///
    /// Not on a Dispatch queue: `Process` needs a free pool thread to learn that its child
    /// ended, and a blocked queue thread on a two-core machine can leave none.
    private static func run(
        _ executable: URL, arguments: [String], environment: [String: String]
    )
        async throws(CredentialError) -> (Int32, Data)
    {
        let outcome: Result<(Int32, Data), CredentialError> = await withCheckedContinuation { continuation in
            Thread {
                // A freshly written script can be briefly "busy" (ETXTBSY) while another thread's
                // child still holds it open for writing; a new attempt shortly after succeeds.
                var attempt = 0
                while true {
                    let process = Process()
                    process.executableURL = executable
                    process.arguments = arguments
                    process.environment = environment
                    let stdout = Pipe()
                    process.standardOutput = stdout
                    process.standardError = FileHandle.nullDevice
                    process.standardInput = FileHandle.nullDevice
                    do {
                        try process.run()
                    } catch {
                        attempt += 1
                        if attempt < 40 {
                            usleep(50_000)
                            continue
                        }
                        continuation.resume(returning: .failure(.salesforceCLIFailed("could not run sf: \(error)")))
                        return
                    }
                    let output = stdout.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    continuation.resume(returning: .success((process.terminationStatus, output)))
                    return
                }
            }.start()
        }
        return try outcome.get()
    }
}

extension String {
    /// `nil` for an empty or all-blank string.
    var nonEmpty: String? {
        allSatisfy(\.isWhitespace) ? nil : self
    }
}
