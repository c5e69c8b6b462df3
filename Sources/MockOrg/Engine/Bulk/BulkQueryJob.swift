/// One Bulk API 2.0 query job: what was asked, where it stands, and, once complete, its CSV
/// (`BulkResultFile`, written by the job's run).
struct BulkQueryJob: Sendable {
    enum State: String, Sendable {
        case uploadComplete = "UploadComplete"
        case inProgress = "InProgress"
        case jobComplete = "JobComplete"
        case failed = "Failed"
        case aborted = "Aborted"

        /// Whether the job will not change any more.
        var isFinal: Bool { self == .jobComplete || self == .failed || self == .aborted }
    }

    /// The column delimiters Salesforce names, with their byte.
    static let delimiters: [String: UInt8] = [
        "BACKQUOTE": UInt8(ascii: "`"), "CARET": UInt8(ascii: "^"), "COMMA": UInt8(ascii: ","),
        "PIPE": UInt8(ascii: "|"), "SEMICOLON": UInt8(ascii: ";"), "TAB": UInt8(ascii: "\t"),
    ]

    let id: String
    /// `query` or `queryAll`.
    let operation: String
    let query: SOQLQuery
    /// `v58.0`, as the path that created the job named it.
    let apiVersion: String
    let createdMillis: Int64
    let columnDelimiter: String
    let lineEnding: String
    var state: State = .uploadComplete
    var errorMessage: String?
    var numberRecordsProcessed = 0
    /// The job's CSV, once it is `JobComplete`.
    var results: BulkResultFile?
    var systemModstampMillis: Int64

    var delimiterByte: UInt8 { Self.delimiters[columnDelimiter] ?? UInt8(ascii: ",") }
    var lineEndingBytes: [UInt8] { lineEnding == "CRLF" ? [13, 10] : [10] }
}
