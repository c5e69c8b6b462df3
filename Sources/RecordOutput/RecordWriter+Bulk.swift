import RestCore

/// Records read from Bulk API 2.0's CSV (`BulkCSVRecords`), written as their REST pages are.
extension RecordWriter {
    /// Appends `records`. The header is spelled from the first records only, as many as the REST
    /// path looks at on its first page, so that both spell it alike.
    public mutating func write(bulkRecords records: [JSONValue], into output: inout [UInt8]) {
        guard !headerWritten, records.count > Self.recordsSpellingTheHeader else {
            write(records, into: &output)
            return
        }
        write(Array(records[..<Self.recordsSpellingTheHeader]), into: &output)
        write(Array(records[Self.recordsSpellingTheHeader...]), into: &output)
    }
}
