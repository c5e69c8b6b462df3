import RecordOutput
import RestCore
import SOQL

/// `list --list-view` for a view that is not SOQL-compatible: its records through its results
/// resource, `limit` records at a time from `offset`, written as `list` writes query records.
extension ListCommand {
    static func printResults(
        of lookup: ListViewLookup, pageSize: Int, format: Format, client: RestClient, output: StandardOutput
    ) async -> Outcome {
        var writer: RecordWriter?
        var buffer: [UInt8] = []
        var offset = 0
        let bounds = RestClient.listViewResultsLimits
        let limit = min(max(pageSize, bounds.limit.lowerBound), bounds.limit.upperBound)
        while true {
            let request = client.requestForListViewResults(
                withObjectType: lookup.object, listViewId: lookup.view.id, limit: limit, offset: offset)
            let page: ListViewResults
            do throws(RestClientError) {
                page = try ListViewResults.decode(try await client.send(request))
            } catch {
                return .requestFailed(error, printed: offset)
            }
            // The columns of the first page name the columns of every page.
            if writer == nil {
                let columns = page.columns.map {
                    SelectList.Column(
                        name: $0.fieldNameOrPath, path: $0.fieldNameOrPath.split(separator: ".").map(String.init))
                }
                writer = RecordWriter(format: format == .json ? .json : .tsv, selectList: SelectList(columns: columns))
            }
            buffer.removeAll(keepingCapacity: true)
            writer?.write(page.records.map(record), into: &buffer)
            if let failure = write(buffer, to: output) { return failure }
            offset += page.records.count
            if page.done || page.records.isEmpty { break }
            guard bounds.offset.contains(offset) else {
                return .stopped(
                    "The org serves a list view's results only up to offset \(bounds.offset.upperBound), "
                        + "so the output is incomplete: \(offset) records were printed.")
            }
        }
        buffer.removeAll(keepingCapacity: true)
        writer?.finish(into: &buffer)
        return write(buffer, to: output) ?? .printed
    }

    /// A results record as a query record: `Account.Name` nested under `Account`, every value text.
    private static func record(_ row: ListViewRecord) -> JSONValue {
        var root: [String: JSONValue] = [:]
        for column in row.columns {
            let path = column.fieldNameOrPath.split(separator: ".").map(String.init)
            BulkCSVRecords.insert(column.value.map(JSONValue.string) ?? .null, at: path[...], into: &root)
        }
        return .object(root)
    }
}
