/// A Bulk API 2.0 query job as the org describes it (`POST …/jobs/query`, `GET …/jobs/query/ID`).
public struct BulkQueryJob: Sendable, Equatable {
    /// `UploadComplete`, `InProgress`, `JobComplete`, `Failed`, `Aborted` (any other text is kept as it is).
    public struct State: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let uploadComplete = State(rawValue: "UploadComplete")
        public static let inProgress = State(rawValue: "InProgress")
        public static let jobComplete = State(rawValue: "JobComplete")
        public static let failed = State(rawValue: "Failed")
        public static let aborted = State(rawValue: "Aborted")

        /// Whether the job will not change any more.
        public var isFinal: Bool { self == .jobComplete || self == .failed || self == .aborted }
        public var description: String { rawValue }
    }

    public let id: String
    public let state: State
    /// `query` or `queryAll`.
    public let operation: String
    /// The records the job has read so far (0 when the org does not say).
    public let numberRecordsProcessed: Int
    /// Why the job failed, when it did.
    public let errorMessage: String?

    public init(id: String, state: State, operation: String, numberRecordsProcessed: Int, errorMessage: String?) {
        self.id = id
        self.state = state
        self.operation = operation
        self.numberRecordsProcessed = numberRecordsProcessed
        self.errorMessage = errorMessage
    }

    /// The job read from the org's JSON; nil when it is not a job.
    init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue, let state = json["state"]?.stringValue else { return nil }
        self.init(
            id: id, state: State(rawValue: state), operation: json["operation"]?.stringValue ?? "",
            numberRecordsProcessed: json["numberRecordsProcessed"]?.stringValue.flatMap { Int($0) } ?? 0,
            errorMessage: json["errorMessage"]?.stringValue)
    }
}
