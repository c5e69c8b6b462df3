import RestCore

/// The state of the contact list and the rules that change it.
///
/// A value type driven by events (keys, responses) that returns effects
/// (requests to send, quit); it never touches the network or the terminal,
/// so every behaviour is tested by feeding events and reading frames.
public struct ContactListModel: Sendable {
    /// Why a request was sent, so that its response is applied correctly.
    enum Purpose: Sendable, Hashable {
        case firstPage
        case nextPage
    }

    public let query: String
    public let batchSize: Int
    public let columns: [Column]
    /// Where the data comes from, for the header (host and API version).
    public var origin: String

    /// The loaded records, in display order.
    public private(set) var dataRows: [ContactRecord] = []
    /// The index of the selected row in `dataRows`.
    public private(set) var selection = 0
    /// The first row shown.
    public private(set) var scrollOffset = 0
    /// The server's count of records the query matches.
    public private(set) var totalSize = 0
    /// The last thing worth telling the user.
    public private(set) var statusMessage = "Loading…"

    private(set) var nextRecordsURL: String?
    private(set) var inFlight: [RestRequestID: Purpose] = [:]
    private let requests: any ContactRequestFactory

    /// Rows the list area shows; set by the view on every layout.
    public var visibleRowCount = 10 {
        didSet { scrollToSelection() }
    }

    public init(query: String, batchSize: Int = 2000, origin: String, requests: any ContactRequestFactory) {
        self.query = query
        self.batchSize = batchSize
        self.columns = Column.visibleColumns(ofQuery: query)
        self.origin = origin
        self.requests = requests
    }

    /// Whether a page is being fetched.
    public var isLoading: Bool { inFlight.values.contains { $0 == .firstPage || $0 == .nextPage } }

    /// The effects that start the app: the first page of the query.
    public mutating func start() -> [ContactListEffect] {
        let request = requests.request(forQuery: query, apiVersion: nil, batchSize: batchSize)
        inFlight[request.id] = .firstPage
        return [.send(request)]
    }

    /// Applies a key press.
    public mutating func handle(key: Key) -> [ContactListEffect] {
        switch key {
        case .character("q"), .control("c"):
            return [.quit]
        case .character("j"), .down, .wheelDown:
            moveSelection(by: 1)
        case .character("k"), .up, .wheelUp:
            moveSelection(by: -1)
        default:
            return []
        }
        return loadMoreIfNeeded()
    }

    /// Applies the outcome of a request this model asked for.
    public mutating func handle(
        response result: Result<RestResponse, RestClientError>, for requestID: RestRequestID
    ) -> [ContactListEffect] {
        guard let purpose = inFlight.removeValue(forKey: requestID) else { return [] }
        switch purpose {
        case .firstPage, .nextPage:
            return applyPage(result, replacing: purpose == .firstPage)
        }
    }

    private mutating func applyPage(
        _ result: Result<RestResponse, RestClientError>, replacing: Bool
    ) -> [ContactListEffect] {
        let page: QueryResult
        do {
            page = try result.get().decode(QueryResult.self)
        } catch {
            statusMessage = "Could not load contacts: \(error.description)"
            return []
        }
        let records = page.records.compactMap(ContactRecord.init(json:))
        if replacing { dataRows = records } else { dataRows.append(contentsOf: records) }
        totalSize = page.totalSize
        nextRecordsURL = page.done ? nil : page.nextRecordsUrl
        statusMessage = ""
        clampSelection()
        return loadMoreIfNeeded()
    }

    /// Fetches the next page when the selection comes within a screen of the end.
    private mutating func loadMoreIfNeeded() -> [ContactListEffect] {
        guard let url = nextRecordsURL, !isLoading,
            selection + max(visibleRowCount, 1) >= dataRows.count
        else { return [] }
        let request = requests.request(forNextRecordsURL: url)
        inFlight[request.id] = .nextPage
        return [.send(request)]
    }

    private mutating func moveSelection(by delta: Int) {
        selection += delta
        clampSelection()
    }

    private mutating func clampSelection() {
        selection = dataRows.isEmpty ? 0 : min(max(selection, 0), dataRows.count - 1)
        scrollToSelection()
    }

    private mutating func scrollToSelection() {
        let rows = max(visibleRowCount, 1)
        if selection < scrollOffset { scrollOffset = selection }
        if selection >= scrollOffset + rows { scrollOffset = selection - rows + 1 }
        scrollOffset = max(0, min(scrollOffset, max(0, dataRows.count - rows)))
    }
}
