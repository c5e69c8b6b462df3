/// A job's CSV results converted to output lines as their bytes arrive, so that a piece of
/// results (all of a job's records, when `list` reads them as one stream) is never held whole: each chunk's complete rows are written at once, and
/// only a row not yet ended (split inside a quoted field, a CRLF or a UTF-8 character) is kept
/// for the next chunk. The bytes written are those `RecordWriter.write(bulkCSV:)` writes for the
/// whole piece.
public struct BulkCSVStream: Sendable {
    /// The writer, with the TSV header it spelled; `finish` it after the last piece.
    public private(set) var writer: RecordWriter
    let records: BulkCSVRecords
    /// The current piece's bytes not yet converted: a row not yet ended, or, until the TSV header
    /// is spelled, the piece's start.
    private var pending: [UInt8] = []
    /// The line `pending` starts on in its piece.
    private var line = 1
    /// The current piece's columns, once its header row is read.
    private var layout: BulkCSVLayout?
    /// Whether the TSV header has been spelled (a writer with no columns writes none).
    private var headerSpelled = false
    /// The records converted so far, over every piece.
    public private(set) var recordsWritten = 0

    public init(writer: RecordWriter, reading records: BulkCSVRecords) {
        self.writer = writer
        self.records = records
    }

    /// Whether the TSV header is still to be spelled from the piece's first records.
    private var spellsHeader: Bool {
        writer.format == .tsv && !writer.headerWritten && !headerSpelled
    }

    /// Converts the rows `chunk` completes (the next bytes of the current piece) into `output`.
    /// Rows are read where they lie in `chunk`; only a row `chunk` does not end is copied, to be
    /// ended by the next chunk.
    public mutating func append(_ chunk: ArraySlice<UInt8>, into output: inout [UInt8]) throws(CSVReader.Failure) {
        if spellsHeader {
            pending.append(contentsOf: chunk)
            try convertPending(final: false, into: &output)
            return
        }
        var rest = chunk
        // The row kept from the chunk before is ended with this one's bytes up to a line feed at
        // a time: a line feed inside a quoted field does not end it, the next one may.
        while !pending.isEmpty {
            guard let lineEnd = rest.firstIndex(of: UInt8(ascii: "\n")) else {
                pending.append(contentsOf: rest)
                return
            }
            pending.append(contentsOf: rest[...lineEnd])
            rest = rest[(lineEnd + 1)...]
            try convertPending(final: false, into: &output)
        }
        let consumed = try convert(rest, final: false, into: &output)
        pending.append(contentsOf: rest.dropFirst(consumed))
    }

    /// Ends the current piece: converts what is left of it, and reads the next piece's first row
    /// as its header, as every piece starts with one.
    public mutating func endPiece(into output: inout [UInt8]) throws(CSVReader.Failure) {
        try convertPending(final: true, into: &output)
        pending = []
        line = 1
        layout = nil
    }

    /// Converts the rows `pending` holds; the TSV header is spelled first, once its records are there.
    private mutating func convertPending(final: Bool, into output: inout [UInt8]) throws(CSVReader.Failure) {
        if spellsHeader {
            // The TSV header is spelled from the first records, as many as the REST path looks at
            // on its first page, so that both spell it alike: the piece's start waits for them.
            let first = try records.records(
                fromCSV: pending, limit: RecordWriter.recordsSpellingTheHeader, final: final)
            guard final || first.count == RecordWriter.recordsSpellingTheHeader else { return }
            writer.spellHeader(from: first)
            headerSpelled = true
            writer.writeHeaderIfNeeded(into: &output)
        }
        pending.removeFirst(try convert(pending[...], final: final, into: &output))
    }

    /// Converts the rows `bytes` ends (all of them when `final`); how many of its bytes they took.
    private mutating func convert(
        _ bytes: ArraySlice<UInt8>, final: Bool, into output: inout [UInt8]
    ) throws(CSVReader.Failure) -> Int {
        let columns = writer.columns ?? []
        let format = writer.format
        let order = writer.topLevelOrder
        let records = self.records
        var layout = self.layout
        var written = 0
        let stop = try CSVReader.scan(bytes, delimiter: records.delimiter, from: line, final: final) {
            row throws(CSVReader.Failure) in
            guard let layout else {
                let header = row.fields.map { String(decoding: $0.text, as: UTF8.self) }
                layout = BulkCSVLayout(header: header, records: records, columns: columns, topLevelOrder: order)
                return true
            }
            try BulkCSVRecords.checkWidth(row, header: layout.width)
            written += 1
            switch format {
            case .tsv: layout.appendTSV(row, to: &output)
            case .json: layout.appendJSON(row, to: &output)
            }
            return true
        }
        self.layout = layout
        recordsWritten += written
        line = stop.line
        return stop.consumed
    }
}
