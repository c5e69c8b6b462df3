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

    func validate() throws {
        guard !view.query.allSatisfy(\.isWhitespace) else { throw ValidationError("--query must not be empty.") }
    }

    func run() async throws {
        let configuration = try await org.resolvedConfiguration(targetOrg: target.targetOrg)
        let client = try AppClient.make(configuration)
        let outcome = await Self.printRecords(
            of: view.query, batchSize: view.batchSize, format: format, client: client, output: StandardOutput())
        await client.shutdown()
        let versionInUse = client.configuration.apiVersion
        if versionInUse != configuration.apiVersion {
            FileHandle.standardError.write(
                Data(
                    "contact-tui: the org does not serve API \(configuration.apiVersion); used \(versionInUse), the newest it serves.\n"
                        .utf8))
        }
        if let failure = outcome.failure {
            throw CommandFailure.runtime(Self.sentence(for: failure, printed: outcome.printed))
        }
    }

    /// Streams every page of `soql` to `output`; the first error ends it. Gives the number of
    /// records printed and the error, if any.
    static func printRecords(
        of soql: String, batchSize: Int, format: Format, client: RestClient, output: StandardOutput
    ) async -> (printed: Int, failure: RestClientError?) {
        var writer = RecordWriter(
            format: format == .json ? .json : .tsv, selectList: SelectList(soql: soql))
        var buffer: [UInt8] = []
        var printed = 0
        do throws(RestClientError) {
            let first = client.request(forQuery: soql, batchSize: batchSize)
            for try await page in client.pages(startingWith: first, as: QueryPageBytes.self, prefetch: true) {
                buffer.removeAll(keepingCapacity: true)
                try writer.write(page, into: &buffer)
                output.write(buffer)
                printed += page.records.count
            }
            buffer.removeAll(keepingCapacity: true)
            writer.finish(into: &buffer)
            output.write(buffer)
            return (printed, nil)
        } catch {
            return (printed, error)
        }
    }

    /// The one sentence `list` ends with. Records already printed cannot be taken back, so an
    /// expired cursor is not restarted (that would print the first pages twice): it says so.
    static func sentence(for error: RestClientError, printed: Int) -> String {
        guard error.isExpiredQueryCursor, printed > 0 else { return error.description }
        return "The org's query cursor expired after \(printed) records were printed, "
            + "so the output is incomplete; run the command again (INVALID_QUERY_LOCATOR)."
    }
}
