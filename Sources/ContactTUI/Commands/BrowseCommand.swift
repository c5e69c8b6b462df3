import ArgumentParser
import ContactList
import Credentials
import Foundation
import Logging
import MockOrg
import Replica
import RestCore

/// `contact-tui [browse]`: the interactive contact list (the default subcommand).
struct BrowseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open the interactive contact list (the default).",
        discussion: """
            Opens the list against an org given by --target-org (through the Salesforce CLI, sf), \
            by --instance-url and --access-token, by the SF_INSTANCE_URL and SF_ACCESS_TOKEN \
            environment variables, or else sf's default org; or against a local mock org with --demo.
            """
    )

    @Flag(help: "Run against a mock org started inside the process.")
    var demo = false

    @Flag(
        help:
            "Open from the local replica and send nothing at all; changes queue in the outbox and sync at the next start without it (the org's user must be known from an earlier session with this token)."
    )
    var offline = false

    @OptionGroup(title: "Demo org options (with --demo)") var mock: MockOrgOptions
    @OptionGroup(title: "Org options") var target: TargetOrgOption
    @OptionGroup(title: "Org options") var org: OrgOptions
    @OptionGroup(title: "Query options") var query: QueryOptions
    @OptionGroup(title: "Display options") var display: DisplayOptions

    func validate() throws {
        if offline && demo { throw ValidationError("--offline and --demo cannot go together: the demo org is local.") }
        if offline, query.listView != nil {
            throw ValidationError("--list-view reads the org's views; with --offline, open the list with --query.")
        }
    }

    func run() async throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure.usage(
                "the list needs an interactive terminal; use 'contact-tui list' to print contacts instead.")
        }
        var server: MockOrgServer?
        var configuration: RestClientConfiguration
        if demo {
            let mock = MockOrgServer(
                configuration: MockOrgConfiguration(
                    contacts: mock.contacts, latency: .milliseconds(mock.latency), failRate: mock.failRate))
            let endpoint: MockOrgEndpoint
            do {
                endpoint = try await mock.start()
            } catch {
                throw CommandFailure.runtime("The demo org could not start: \(error).")
            }
            server = mock
            configuration = org.configuration(
                for: OrgCredentials(
                    instanceURL: endpoint.url, accessToken: endpoint.accessToken,
                    refresh: RefreshSettings(refreshToken: endpoint.refreshToken), source: "demo org"))
        } else {
            configuration = try await org.resolvedConfiguration(targetOrg: target.targetOrg)
        }

        let logger = try display.logFile.map(Self.fileLogger(path:))
        if let logger {
            configuration.onRetry = { request, retry in
                logger.notice(
                    "sending a read again after a transient failure",
                    metadata: [
                        "request": "\(request.method.rawValue) \(request.path)", "retry": "\(retry.number)",
                        "delay": "\(retry.delay)", "error": "\(retry.error)",
                    ])
            }
        }
        // The demo org runs in this process: no proxy could reach it.
        let client = try AppClient.make(configuration, proxied: !demo)
        let origin =
            "\(configuration.instanceURL.host ?? "org")\(configuration.instanceURL.port.map { ":\($0)" } ?? "")"
        // A view that is not SOQL-compatible opens read-only, read through its results.
        var lookup: ListViewLookup?
        if let name = query.listView {
            do {
                lookup = try await ListViewLookup.find(
                    name, object: query.object ?? QueryOptions.defaultObject, client: client)
            } catch {
                await client.shutdown()
                throw error
            }
        }
        var startingModel = ContactListModel(
            query: lookup?.query ?? query.query, batchSize: query.batchSize, origin: origin, requests: client,
            recycleBin: query.recycleBin)
        if let lookup { startingModel.show(listView: lookup.view, description: lookup.description) }
        startingModel.instanceURL = configuration.instanceURL.absoluteString
        let history = QueryHistoryFile.standard(org: origin)
        startingModel.queryHistory = history?.load() ?? []
        if offline { startingModel.startOffline() }
        let stores = await LocalStores.open(
            client: client, environment: ProcessInfo.processInfo.environment, keepsRows: !org.noCache,
            offline: offline)
        for notice in stores.notices { startingModel.showNotice(notice) }
        // A create that gets no answer is looked for among this user's records.
        startingModel.userID = stores.owner?.userID
        let journal = stores.journal
        let replica = stores.replica
        let ownerCheck = stores.ownerCheck
        let columnLayouts = ColumnLayoutFile.standard(org: origin)
        startingModel.columnLayouts = columnLayouts?.load() ?? [:]
        let model = startingModel
        let useColor = !display.noColor && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        let useMouse = !display.noMouse
        logger?.info(
            "opening the list",
            metadata: [
                "org": "\(origin)", "apiVersion": "\(configuration.apiVersion)", "readOnly": "\(org.readOnly)",
                "dispatch": "\(configuration.dispatch)",
            ])
        let outcome = await UIThread.run { () -> Result<QuitReport, Terminal.StartError> in
            do throws(Terminal.StartError) {
                return .success(
                    try AppLoop(
                        model: model, client: client, useColor: useColor, useMouse: useMouse, logger: logger,
                        history: history, journal: journal, replica: replica, columnLayouts: columnLayouts,
                        ownerCheck: ownerCheck
                    ).run())
            } catch {
                return .failure(error)
            }
        }
        await client.shutdown()
        // A whole list's snapshot asked for by the last sync is written before the process ends,
        // so that the next start reads it (the terminal is restored already).
        try? replica?.close()
        // The demo org ends with the process: stopping it gracefully would wait for the
        // requests its latency still holds, and the quit must not.
        withExtendedLifetime(server) {}
        let report: QuitReport
        switch outcome {
        case .success(let quitReport): report = quitReport
        case .failure(let error): throw CommandFailure(description: error.description, exitCode: error.exitCode)
        }
        StandardError.report(report.alertLines)
        if let failure = report.failure { throw failure }
    }

    /// A logger that appends to the file at `path`.
    static func fileLogger(path: String) throws(CommandFailure) -> Logger {
        let sink: FileLogHandler.Sink
        do {
            sink = try FileLogHandler.Sink(path: path)
        } catch {
            throw CommandFailure.usage("The log file '\(path)' cannot be written.")
        }
        return Logger(label: "contact-tui") { label in FileLogHandler(label: label, sink: sink) }
    }
}
