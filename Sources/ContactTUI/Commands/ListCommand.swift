import ArgumentParser
import Foundation
import RecordOutput
import RestCore
import SOQL

/// `contact-tui list`: prints every record of a query, following `nextRecordsUrl`, as TSV with a
/// header row or as one JSON object per line. Pages stream through: each is written as soon as
/// it arrives while the next one is fetched, so memory stays flat however many pages there are.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print every record of a query as TSV or JSON lines.",
        discussion: """
            Credentials come from, in order: --target-org ALIAS (through the Salesforce CLI, sf), \
            --instance-url and --access-token, the environment (SF_INSTANCE_URL, \
            SF_ACCESS_TOKEN, SF_REFRESH_TOKEN, SF_CLIENT_ID), or else sf's default org.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case tsv, json
    }

    @OptionGroup(title: "Org options") var target: TargetOrgOption
    @OptionGroup(title: "Org options") var org: OrgOptions
    @OptionGroup(title: "Query options") var view: QueryOptions

    @Option(help: "Output format: tsv (with a header row) or json (one object per line).")
    var format: Format = .tsv

    @Flag(
        name: .customLong("all-rows"),
        help: "Include deleted and archived records (queryAll), as sf data query --all-rows does.")
    var allRows = false

    /// Whether the query runs as `queryAll`: `--all-rows`, or the Recycle Bin's deleted records.
    var readsAllRows: Bool { allRows || view.recycleBin }

    @Flag(
        inversion: .prefixedNo,
        help:
            "Run the query as a Bulk API 2.0 query job, or never; by default a job when it matches over 50000 records."
    )
    var bulk: Bool?

    func validate() throws {
        guard !view.query.allSatisfy(\.isWhitespace) else { throw ValidationError("--query must not be empty.") }
        if allRows, view.recycleBin {
            throw ValidationError("--all-rows and --recycle-bin each say which rows to list; give one of them.")
        }
    }

    func run() async throws {
        let output = StandardOutput()
        // A closed pipe is then an EPIPE to handle, not a death by signal (NIO ignores it too, but
        // only once it opens a socket).
        signal(SIGPIPE, SIG_IGN)
        // Before anything opens a file that could be given a closed descriptor 1.
        do throws(StandardOutput.Failure) {
            try output.checkOpen()
        } catch {
            throw CommandFailure.runtime(error.sentence)
        }
        let configuration = try await org.resolvedConfiguration(targetOrg: target.targetOrg)
        let client = try AppClient.make(configuration)
        var outcome: Outcome
        do {
            outcome = try await printChosenRecords(client: client, output: output)
        } catch {
            await client.shutdown()
            throw error
        }
        await client.shutdown()
        switch outcome {
        case .readerGone:
            // The reader has what it wanted (`| head -1`): stop quietly with status 0, as ripgrep
            // and fd do, so that a pipeline under `set -o pipefail` does not fail for it.
            return
        case .requestFailed(let error, let printed):
            throw CommandFailure.runtime(Self.sentence(for: error, printed: printed))
        case .outputFailed(let failure):
            throw CommandFailure.runtime(failure.sentence)
        case .stopped(let sentence):
            throw CommandFailure.runtime(sentence)
        case .bulkFailed(let error, let printed):
            throw Self.failure(for: error, printed: printed)
        case .interrupted(let sentence):
            throw CommandFailure(description: sentence, exitCode: Self.interruptedExitCode)
        case .tooLargeForREST:
            return
        case .printed:
            let versionInUse = client.configuration.apiVersion
            if versionInUse != configuration.apiVersion {
                StandardError.report(
                    "the org does not serve API \(configuration.apiVersion); used \(versionInUse), the newest it serves."
                )
            }
        }
    }

    /// How printing the records ended.
    enum Outcome: Sendable {
        case printed
        /// Standard output's reader went away; no further page was asked for.
        case readerGone
        /// The org failed after `printed` records had been written.
        case requestFailed(RestClientError, printed: Int)
        case outputFailed(StandardOutput.Failure)
        /// Printing stopped short for a reason of its own, said in one sentence.
        case stopped(String)
        /// The first page matched more than the threshold with pages left: a bulk job reads it better.
        case tooLargeForREST(totalSize: Int)
        /// The Bulk API 2.0 query failed after `printed` records had been written.
        case bulkFailed(BulkQueryError, printed: Int)
        /// Ctrl-C stopped the bulk query; the sentence says what became of its job.
        case interrupted(String)
    }

    /// Prints `--query`'s records, or those of the list view `--list-view` names: through its SOQL
    /// when the view has one a client may run (the same bytes as `--query` with it), else through
    /// its results, page by page. A query runs as a Bulk API 2.0 job under `--bulk`, and by itself
    /// when its first page says it matches more than `bulkThreshold` records (not under `--no-bulk`).
    private func printChosenRecords(client: RestClient, output: StandardOutput) async throws -> Outcome {
        var soql = view.query
        if let name = view.listView {
            let lookup = try await ListViewLookup.find(
                name, object: view.object ?? QueryOptions.defaultObject, client: client)
            guard let query = lookup.query else {
                return await Self.printResults(
                    of: lookup, pageSize: view.batchSize, format: format, client: client, output: output)
            }
            soql = query
        }
        if bulk == true {
            return await Self.printBulk(
                of: soql, operation: bulkOperation, format: format, client: client, output: output)
        }
        let outcome = await Self.printRecords(
            of: soql, batchSize: view.batchSize, format: format, allRows: readsAllRows, client: client, output: output,
            switchingAbove: bulk == nil ? Self.bulkThreshold : nil)
        guard case .tooLargeForREST(let totalSize) = outcome else { return outcome }
        return await Self.printSwitchingToBulk(
            of: soql, operation: bulkOperation, totalSize: totalSize, batchSize: view.batchSize, format: format,
            client: client, output: output)
    }

    /// Streams every page of `soql` to `output`. The first error ends it; so does an output that
    /// takes no more bytes, and leaving the loop drops the page being fetched ahead, which cancels it.
    static func printRecords(
        of soql: String, batchSize: Int, format: Format, allRows: Bool = false, client: RestClient,
        output: StandardOutput, switchingAbove threshold: Int? = nil
    ) async -> Outcome {
        var writer = RecordWriter(
            format: format == .json ? .json : .tsv, selectList: SelectList(soql: soql))
        var buffer: [UInt8] = []
        var printed = 0
        do throws(RestClientError) {
            let first =
                allRows
                ? client.request(forQueryAll: soql, batchSize: batchSize)
                : client.request(forQuery: soql, batchSize: batchSize)
            for try await page in client.pages(startingWith: first, as: QueryPageBytes.self, prefetch: true) {
                if let threshold, printed == 0, page.totalSize > threshold, page.nextRecordsUrl != nil {
                    return .tooLargeForREST(totalSize: page.totalSize)
                }
                buffer.removeAll(keepingCapacity: true)
                try writer.write(page, into: &buffer)
                if let failure = write(buffer, to: output) { return failure }
                printed += page.records.count
            }
        } catch {
            return .requestFailed(error, printed: printed)
        }
        buffer.removeAll(keepingCapacity: true)
        writer.finish(into: &buffer)
        return write(buffer, to: output) ?? .printed
    }

    /// The outcome that ends printing when `output` refuses `bytes`; nil when they were written.
    static func write(_ bytes: [UInt8], to output: StandardOutput) -> Outcome? {
        do throws(StandardOutput.Failure) {
            try output.write(bytes)
            return nil
        } catch .readerGone {
            return .readerGone
        } catch {
            return .outputFailed(error)
        }
    }

    /// The one sentence `list` ends with. Records already printed cannot be taken back, so an
    /// expired cursor is not restarted (that would print the first pages twice): it says so.
    /// Any other failure after rows were printed says the output is incomplete and how much of it
    /// there is, so that a script reading it does not take a part for the whole.
    static func sentence(for error: RestClientError, printed: Int) -> String {
        guard printed > 0 else { return error.description }
        guard error.isExpiredQueryCursor else { return incomplete(error.description, printed: printed) }
        return "The org's query cursor expired after \(printed) records were printed, "
            + "so the output is incomplete; run the command again (INVALID_QUERY_LOCATOR)."
    }

    /// A failure's sentence once `printed` records are out: it says the output is incomplete and
    /// how much of it there is.
    static func incomplete(_ reason: String, printed: Int) -> String {
        "\(reason.withoutFinalFullStop); the output is incomplete: "
            + "\(printed) record\(printed == 1 ? " was" : "s were") printed."
    }
}
