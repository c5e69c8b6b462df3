/// `w`: the rows to write to a file, as `contact-tui list` writes the same records.
///
/// The list keeps only the text of its columns, not the records' JSON, so the runner reads the
/// records again by id with the list's own SELECT list (`SOQLIdRestriction`) and writes them with
/// `list`'s writer, in the order of `ids`. An existing file is replaced only with `overwrite`.
public struct RecordExport: Hashable, Sendable {
    /// How the file is written, chosen by its name.
    public enum Format: Hashable, Sendable {
        /// Tab-separated values with a header row, as `list --format tsv`.
        case tsv
        /// One JSON object per line, as `list --format json`: for a name ending in `.jsonl`.
        case jsonLines
    }

    /// How writing ended, as the runner reports it (`ContactListModel.settleExport`).
    public enum Outcome: Hashable, Sendable {
        /// `count` records were written to the file at `path`.
        case written(path: String, count: Int)
        /// The file exists and `overwrite` was not given: the user is asked first.
        case exists(RecordExport)
        /// Nothing was written, for the reason the sentence gives.
        case failed(String)
    }

    /// The file's path as typed.
    public let path: String
    /// The list's query, whose SELECT list gives the columns.
    public let query: String
    /// The records' ids, in the order the file lists them.
    public let ids: [String]
    /// Whether an existing file may be replaced (after a `y`).
    public internal(set) var overwrite = false

    init(path: String, query: String, ids: [String]) {
        self.path = path
        self.query = query
        self.ids = ids
    }

    /// JSON lines for a name ending in `.jsonl`, else TSV.
    public var format: Format {
        path.lowercased().hasSuffix(".jsonl") ? .jsonLines : .tsv
    }
}
