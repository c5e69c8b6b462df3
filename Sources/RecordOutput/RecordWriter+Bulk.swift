/// Bulk API 2.0's CSV results written as REST pages of the same records are, straight from the
/// CSV's bytes (`BulkCSVLayout`).
extension RecordWriter {
    /// Appends the rows of one piece of a job's CSV (its first row is the header), read as
    /// `reading` reads them. The TSV header is spelled from the first piece's first records, as
    /// many as the REST path looks at on its first page, so that both spell it alike.
    public mutating func write(
        bulkCSV bytes: [UInt8], reading records: BulkCSVRecords, into output: inout [UInt8]
    ) throws(CSVReader.Failure) {
        if format == .tsv, !headerWritten {
            spellHeader(from: try records.records(fromCSV: bytes, limit: Self.recordsSpellingTheHeader))
            writeHeaderIfNeeded(into: &output)
        }
        let columns = self.columns ?? []
        let format = self.format
        let order = topLevelOrder
        var layout: BulkCSVLayout?
        try CSVReader.scan(bytes, delimiter: records.delimiter) { row throws(CSVReader.Failure) in
            guard let layout else {
                let header = row.fields.map { String(decoding: $0.text, as: UTF8.self) }
                layout = BulkCSVLayout(header: header, records: records, columns: columns, topLevelOrder: order)
                return true
            }
            try BulkCSVRecords.checkWidth(row, header: layout.width)
            switch format {
            case .tsv: layout.appendTSV(row, to: &output)
            case .json: layout.appendJSON(row, to: &output)
            }
            return true
        }
    }
}
