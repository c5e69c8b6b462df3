/// A page of an object's list views (`sobjects/TYPE/listviews` or `listviews/recent`).
public struct ListViewList: Sendable, Decodable {
    public var done: Bool
    public var listviews: [ListViewSummary]
    /// The next page's path; nil on the last page.
    public var nextRecordsUrl: String?
    public var size: Int?

    public init(done: Bool, listviews: [ListViewSummary], nextRecordsUrl: String? = nil, size: Int? = nil) {
        self.done = done
        self.listviews = listviews
        self.nextRecordsUrl = nextRecordsUrl
        self.size = size
    }

    public static func decode(_ response: RestResponse) throws(RestClientError) -> ListViewList {
        try response.decode(ListViewList.self)
    }
}

/// One list view as the list names it.
public struct ListViewSummary: Sendable, Decodable, Hashable {
    /// The view's id (prefix `00B`).
    public var id: String
    public var label: String
    public var developerName: String
    /// Whether the describe's `query` is SOQL a client can run; when false, read `resultsUrl`.
    public var soqlCompatible: Bool
    public var url: String?
    public var describeUrl: String?
    public var resultsUrl: String?

    public init(
        id: String, label: String, developerName: String, soqlCompatible: Bool, url: String? = nil,
        describeUrl: String? = nil, resultsUrl: String? = nil
    ) {
        self.id = id
        self.label = label
        self.developerName = developerName
        self.soqlCompatible = soqlCompatible
        self.url = url
        self.describeUrl = describeUrl
        self.resultsUrl = resultsUrl
    }

    /// Whether `name` is this view's label or developer name, ignoring case.
    public func isNamed(_ name: String) -> Bool {
        let wanted = name.lowercased()
        return label.lowercased() == wanted || developerName.lowercased() == wanted
    }
}
