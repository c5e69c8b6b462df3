import ArgumentParser
import Dispatch
import Foundation
import MockOrg

/// `contact-tui mock-org`: serves a mock Salesforce org until SIGINT or SIGTERM.
struct MockOrgCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock-org",
        abstract: "Serve a local mock Salesforce org until interrupted.",
        usage: """
            contact-tui mock-org [--host <host>] [--port <port>] [--contacts <n>] [--seed <seed>]
                                 [--access-token <token>] [--token-ttl <seconds>]
                                 [--latency <ms>] [--fail-rate <p>] [--drop-rate <p>]
            """,
        discussion: """
            Prints the URL it listens on, an access token and a refresh token, one per line, \
            then serves the REST API (query, sObjects, OAuth) until SIGINT or SIGTERM.

            Also takes the options it shares with the list: --contacts <n> (default 200, up to \
            1000000 contacts), --access-token <token> (default: a generated one), --latency <ms> \
            added to every request, and --fail-rate <p> (0...1), the probability that a write \
            fails with UNABLE_TO_LOCK_ROW.
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

    /// `--contacts`, `--latency`, `--fail-rate` and `--access-token` are also options of the root command,
    /// which ArgumentParser lets parse them first wherever they appear; this reuses that parse.
    @OptionGroup(visibility: .private) var root: ContactTUICommand

    var contacts: Int { root.contacts }
    var latency: Int { root.latency }
    var failRate: Double { root.failRate }
    var accessToken: String? { root.org.accessToken }

    @Option(help: "The probability (0...1) that a connection is closed with no response.")
    var dropRate: Double = 0

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard (0...1_000_000).contains(contacts) else {
            throw ValidationError("--contacts must be between 0 and 1000000.")
        }
        guard (0...1).contains(dropRate) else { throw ValidationError("--drop-rate must be between 0 and 1.") }
        if let tokenTTL, !(tokenTTL > 0) { throw ValidationError("--token-ttl must be a positive number of seconds.") }
        if let accessToken, accessToken.isEmpty || accessToken.contains(where: \.isWhitespace) {
            throw ValidationError("--access-token must be non-empty and without spaces.")
        }
    }

    func run() async throws {
        let server = MockOrgServer(
            configuration: MockOrgConfiguration(
                host: host, port: port, contacts: contacts, seed: seed, accessToken: accessToken,
                tokenTTL: tokenTTL.map { .milliseconds(Int64(($0 * 1000).rounded())) },
                latency: .milliseconds(latency), failRate: failRate, dropRate: dropRate))
        // Take the signals before serving, so that an early Ctrl-C still stops cleanly.
        let stopSignal = StopSignal()
        let endpoint: MockOrgEndpoint
        do {
            endpoint = try await server.start()
        } catch {
            throw CommandFailure.runtime("\(error)")
        }
        let banner = """
            mock org listening on \(endpoint.url.absoluteString)
            access token: \(endpoint.accessToken)
            refresh token: \(endpoint.refreshToken)

            """
        // Unbuffered, so that a script reading the pipe sees the lines at once.
        FileHandle.standardOutput.write(Data(banner.utf8))
        await stopSignal.wait()
        await server.stop()
    }
}

/// Waits for SIGINT or SIGTERM, delivered through Dispatch rather than a C signal handler.
/// Owned by the one task that runs the command.
final class StopSignal {
    private let sources: [any DispatchSourceSignal]
    private let queue = DispatchQueue(label: "contact-tui.mock-org.signals")
    private let continuation: AsyncStream<Void>.Continuation
    private let stream: AsyncStream<Void>

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
        var sources = [any DispatchSourceSignal]()
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [continuation] in continuation.yield() }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    /// Returns after the first SIGINT or SIGTERM.
    func wait() async {
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        for source in sources { source.cancel() }
    }
}
