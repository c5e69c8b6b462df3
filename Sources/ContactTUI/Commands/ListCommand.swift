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
            Credentials come from, in order: --target-org ALIAS (through 'sf org display'), \
            --instance-url and --access-token, or the environment (SF_INSTANCE_URL, \
            SF_ACCESS_TOKEN, SF_REFRESH_TOKEN, SF_CLIENT_ID).
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
        if case .failure(let error) = outcome {
            throw CommandFailure.runtime(error.description)
        }
    }

    /// Streams every page of `soql` to `output`; the first error ends it.
    static func printRecords(
        of soql: String, batchSize: Int, format: Format, client: RestClient, output: StandardOutput
    ) async -> Result<Void, RestClientError> {
        var writer = RecordWriter(
            format: format == .json ? .json : .tsv, selectList: SelectList(soql: soql))
        var buffer: [UInt8] = []
        do throws(RestClientError) {
            let first = client.request(forQuery: soql, batchSize: batchSize)
            for try await page in client.pages(startingWith: first, as: QueryPageBytes.self, prefetch: true) {
                buffer.removeAll(keepingCapacity: true)
                try writer.write(page, into: &buffer)
                output.write(buffer)
            }
            buffer.removeAll(keepingCapacity: true)
            writer.finish(into: &buffer)
            output.write(buffer)
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
