import ArgumentParser
import Credentials
import Foundation
import MockOrg
import RestCore

/// `contact-tui mock-org`: serves a mock Salesforce org until SIGINT or SIGTERM, then stops gracefully.
struct MockOrgCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-org",
        abstract: "Serve a local mock Salesforce org until interrupted.",
        discussion: """
            Prints the URL it listens on, an access token, a refresh token, the connected app's \
            client id and client secret (which the password and client-credentials grants need), \
            one per line (a token or secret given with an option is never printed: its line names \
            the option, e.g. 'access token: from --access-token-file'), then serves the REST API (query, sObjects, OAuth) until SIGINT or SIGTERM. With --tls \
            it serves https on a certificate made at start for 127.0.0.1, ::1 and localhost, signed \
            by a certificate authority also made at start, and prints a sixth line, \
            'ca certificate: PATH', naming the authority's PEM file (removed when the org stops). \
            With --tls-cert and --tls-key it serves https with those files and prints no sixth line.
            """
    )

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(help: "The port to bind; 0 picks a free one.")
    var port = 8080

    @Option(help: "The seed of the generated data.")
    var seed: UInt64 = 1

    @Option(name: .customLong("token-ttl"), help: "Seconds an access token stays valid (default: forever).")
    var tokenTTL: Double?

    @Option(help: "A file whose first line is the access token clients must send; - reads standard input.")
    var accessTokenFile: String?

    @Option(
        help:
            "The access token clients must send (default: a generated one); other users can read it in the process list, prefer --access-token-file."
    )
    var accessToken: String?

    @OptionGroup var mock: MockOrgOptions

    @Option(help: "The probability (0...1) that a connection is closed with no response.")
    var dropRate: Double = 0

    @Option(help: "The probability (0...1) that a write is applied, then its connection closed with no response.")
    var loseReplyRate: Double = 0

    @Option(help: "The probability (0...1) that a request gets 503 SERVER_UNAVAILABLE, nothing applied.")
    var unavailableRate: Double = 0

    @Option(
        name: .customLong("cursor-ttl"),
        help: "Seconds an unused query cursor stays open (default: 900); then INVALID_QUERY_LOCATOR.")
    var cursorTTL: Double?

    @Option(help: "The daily API request limit; requests past it get 403 REQUEST_LIMIT_EXCEEDED.")
    var apiLimit = 15_000

    @Option(
        name: .customLong("list-view"),
        help: ArgumentHelp(
            "A list view the org has besides its own, as OBJECT:LABEL:WHERE clause (repeatable).",
            valueName: "view"))
    var listViewTexts: [String] = []

    /// The `--list-view` views, read; each was checked by `validate()`.
    var listViews: [MockOrgListView] {
        listViewTexts.compactMap { try? MockOrgListView(parsing: $0) }
    }

    @Option(
        name: .customLong("recycle-bin-ttl"),
        help: "Seconds a deleted record stays in the Recycle Bin before it is purged (default: 15 days).")
    var recycleBinTTL: Double?

    @Flag(
        name: .customLong("no-duplicate-rule"),
        help: "Accept a Contact with the first name, last name and email of another (no DUPLICATES_DETECTED).")
    var noDuplicateRule = false

    /// A year: a token or cursor that lives longer never expires in any run.
    static let longestTTL: Double = 365 * 24 * 3600
    /// Far above any real org's daily limit.
    static let largestAPILimit = 1_000_000_000

    @Flag(help: "Answer every refresh with a new refresh token; the one it replaces stops working.")
    var rotateRefreshTokens = false

    @Option(help: "The client id the password and client-credentials grants require (default: a generated one).")
    var clientID: String?

    @Option(
        help:
            "A file whose first line is the client secret every grant requires, a refresh included (default: a generated one, not needed to refresh); - reads standard input."
    )
    var clientSecretFile: String?

    @Option(
        help:
            "The client secret every grant requires, a refresh included; other users can read it in the process list, prefer --client-secret-file."
    )
    var clientSecret: String?

    @Option(help: "The newest API version served, e.g. 60.0; newer versions answer 404 NOT_FOUND.")
    var maxAPIVersion: String?

    @Option(help: "Milliseconds a Bulk API 2.0 query job stays InProgress (up to 600000).")
    var bulkDelay = 0

    @Option(help: "End every Bulk API 2.0 query job Failed with this errorMessage (for tests).")
    var bulkFail: String?

    @Flag(help: "Never compress answers, even for requests that accept gzip.")
    var noCompression = false

    @Flag(help: "Serve https on a certificate made at start; its CA certificate's file is printed.")
    var tls = false

    @Option(name: .customLong("tls-cert"), help: "Serve https with the certificate chain in this PEM file.")
    var tlsCert: String?

    @Option(name: .customLong("tls-key"), help: "The PEM file of the private key of --tls-cert.")
    var tlsKey: String?

    func validate() throws {
        for text in listViewTexts {
            do throws(MockOrgListViewError) {
                _ = try MockOrgListView(parsing: text)
            } catch {
                throw ValidationError("--list-view: " + error.description)
            }
        }
        try OptionRange.check(port, "--port", in: 0...65_535)
        try OptionRange.check(dropRate, "--drop-rate", in: 0...1)
        try OptionRange.check(loseReplyRate, "--lose-reply-rate", in: 0...1)
        try OptionRange.check(unavailableRate, "--unavailable-rate", in: 0...1)
        if let cursorTTL {
            try OptionRange.checkPositive(cursorTTL, "--cursor-ttl", atMost: Self.longestTTL, unit: "seconds")
        }
        try OptionRange.check(apiLimit, "--api-limit", in: 0...Self.largestAPILimit)
        if let recycleBinTTL {
            try OptionRange.checkPositive(recycleBinTTL, "--recycle-bin-ttl", atMost: Self.longestTTL, unit: "seconds")
        }
        try OptionRange.check(bulkDelay, "--bulk-delay", in: MockOrgOptions.latencyRange, unit: "milliseconds")
        if let tokenTTL {
            try OptionRange.checkPositive(tokenTTL, "--token-ttl", atMost: Self.longestTTL, unit: "seconds")
        }
        if let maxAPIVersion, MockOrgConfiguration.apiVersionNumber(maxAPIVersion) == nil {
            let served = MockOrgConfiguration.servedVersions
            throw ValidationError(
                "--max-api-version must be a version from \(served.oldest) to \(served.newest), e.g. 60.0.")
        }
        if let clientID, clientID.isEmpty || clientID.contains(where: \.isWhitespace) {
            throw ValidationError("--client-id must be non-empty and without spaces.")
        }
        guard (tlsCert == nil) == (tlsKey == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together; give both or neither.")
        }
        try accessTokenSecret.validate()
        try clientSecretSecret.validate()
        if accessTokenFile == "-", clientSecretFile == "-" {
            throw ValidationError(CredentialError.oneStandardInputSentence)
        }
    }

    /// `--access-token` and `--access-token-file`: the token clients must send.
    private var accessTokenSecret: MockOrgSecretOption {
        MockOrgSecretOption(option: "--access-token", noun: "token", value: accessToken, file: accessTokenFile)
    }

    /// `--client-secret` and `--client-secret-file`: the connected app's secret.
    private var clientSecretSecret: MockOrgSecretOption {
        MockOrgSecretOption(option: "--client-secret", noun: "secret", value: clientSecret, file: clientSecretFile)
    }

    func run() async throws {
        var configuration = MockOrgConfiguration(
            host: host, port: port, contacts: mock.contacts, seed: seed, accessToken: try accessTokenSecret.resolved(),
            tokenTTL: tokenTTL.map(Duration.seconds),
            latency: .milliseconds(mock.latency), failRate: mock.failRate, dropRate: dropRate,
            loseReplyRate: loseReplyRate, unavailableRate: unavailableRate, cursorTTL: cursorTTL.map(Duration.seconds),
            apiLimit: apiLimit, tls: tlsMode)
        configuration.rotatesRefreshTokens = rotateRefreshTokens
        configuration.clientID = clientID
        configuration.clientSecret = try clientSecretSecret.resolved()
        configuration.maxAPIVersion = maxAPIVersion.flatMap(MockOrgConfiguration.apiVersionNumber)
        configuration.compression = !noCompression
        configuration.listViews = listViews
        configuration.recycleBinTTL = recycleBinTTL.map(Duration.seconds)
        configuration.duplicateRule = !noDuplicateRule
        configuration.bulkDelay = .milliseconds(bulkDelay)
        configuration.bulkFailure = bulkFail
        if !CleartextPolicy.isLoopback(host: host) {
            StandardError.report(
                "warning: --host \(host) is not loopback: anyone who can reach it can read and change "
                    + "the org with the tokens printed here, sent in cleartext unless --tls.")
        }
        let server = MockOrgServer(configuration: configuration)
        let (tokenOption, secretOption) = (accessTokenSecret, clientSecretSecret)
        do {
            try await server.runUntilInterrupted { contacts in
                // Only a large org takes long enough to be worth a word, on stderr, away from the banner.
                guard contacts >= Self.largeOrg else { return }
                StandardError.write(lines: ["generating \(contacts) contacts…"])
            } onListening: { endpoint in
                let banner = """
                    mock org listening on \(endpoint.url.absoluteString)
                    access token: \(tokenOption.banner(generated: endpoint.accessToken))
                    refresh token: \(endpoint.refreshToken)
                    client id: \(endpoint.clientID)
                    client secret: \(secretOption.banner(generated: endpoint.clientSecret))

                    """ + (endpoint.caCertificateFile.map { "ca certificate: \($0.path)\n" } ?? "")
                // Unbuffered, so that a script reading the pipe sees the lines at once.
                FileHandle.standardOutput.write(Data(banner.utf8))
            }
        } catch {
            throw CommandFailure.runtime("\(error)")
        }
    }

    /// From this many contacts on, generating takes a second or more and is announced on stderr.
    static let largeOrg = 100_000

    /// The user's certificate files when given, else a made-up certificate under `--tls`.
    private var tlsMode: MockOrgTLS? {
        if let tlsCert, let tlsKey { return .files(certificateChain: tlsCert, privateKey: tlsKey) }
        return tls ? .generated : nil
    }
}
