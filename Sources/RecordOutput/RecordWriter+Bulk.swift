/// Bulk API 2.0's CSV results written as REST pages of the same records are, straight from the
/// CSV's bytes (`BulkCSVLayout`).
extension RecordWriter {
    /// Appends the rows of one whole piece of a job's CSV (its first row is the header), read as
    /// `reading` reads them; `BulkCSVStream` does the same a chunk at a time.
    public mutating func write(
        bulkCSV bytes: [UInt8], reading records: BulkCSVRecords, into output: inout [UInt8]
    ) throws(CSVReader.Failure) {
        var stream = BulkCSVStream(writer: self, reading: records)
        try stream.append(bytes[...], into: &output)
        try stream.endPiece(into: &output)
        self = stream.writer
    }
}
