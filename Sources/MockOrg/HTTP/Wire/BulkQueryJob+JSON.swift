import JSONKit

/// A query job as Bulk API 2.0's JSON shows it: the create answer's fields, and with `progress`
/// the job info's too (`jobType`, `numberRecordsProcessed`, `retries`, `totalProcessingTime`,
/// `errorMessage` when it failed).
extension BulkQueryJob {
    func write(into writer: inout JSONWriter, progress: Bool) {
        writer.beginObject()
        writer.pair("id", id)
        writer.pair("operation", operation)
        writer.pair("object", query.object.name)
        writer.pair("createdById", SalesforceID.make(keyPrefix: "005", serial: 1))
        writer.pair("createdDate", DateText.dateTime(millis: createdMillis))
        writer.pair("systemModstamp", DateText.dateTime(millis: systemModstampMillis))
        writer.pair("state", state.rawValue)
        writer.pair("concurrencyMode", "Parallel")
        writer.pair("contentType", "CSV")
        writer.key("apiVersion")
        writer.number(Double(apiVersion.dropFirst()) ?? 0)
        if progress { writer.pair("jobType", "V2Query") }
        writer.pair("lineEnding", lineEnding)
        writer.pair("columnDelimiter", columnDelimiter)
        if progress {
            writer.pair("numberRecordsProcessed", numberRecordsProcessed)
            writer.pair("retries", 0)
            writer.pair("totalProcessingTime", 0)
            if let errorMessage { writer.pair("errorMessage", errorMessage) }
        }
        writer.endObject()
    }

    func json(progress: Bool) -> [UInt8] {
        var writer = JSONWriter()
        write(into: &writer, progress: progress)
        return writer.bytes
    }
}
