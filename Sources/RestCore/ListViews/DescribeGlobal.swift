/// The org's object types (`GET …/sobjects/`, `request(forDescribeGlobal:)`).
public struct DescribeGlobal: Sendable, Decodable {
    public var encoding: String?
    public var maxBatchSize: Int?
    public var sobjects: [SObjectSummary]

    public init(encoding: String? = nil, maxBatchSize: Int? = nil, sobjects: [SObjectSummary]) {
        self.encoding = encoding
        self.maxBatchSize = maxBatchSize
        self.sobjects = sobjects
    }

    public static func decode(_ response: RestResponse) throws(RestClientError) -> DescribeGlobal {
        try response.decode(DescribeGlobal.self)
    }
}

/// One object type of the describe global.
public struct SObjectSummary: Sendable, Decodable, Hashable {
    public var name: String
    public var label: String
    public var labelPlural: String?
    /// The first three characters of the object's ids; nil for objects without records of their own.
    public var keyPrefix: String?
    public var queryable: Bool
    public var searchable: Bool?
    public var createable: Bool?
    public var deletable: Bool?
    public var updateable: Bool?

    public init(
        name: String, label: String, labelPlural: String? = nil, keyPrefix: String? = nil, queryable: Bool = true,
        searchable: Bool? = nil, createable: Bool? = nil, deletable: Bool? = nil, updateable: Bool? = nil
    ) {
        self.name = name
        self.label = label
        self.labelPlural = labelPlural
        self.keyPrefix = keyPrefix
        self.queryable = queryable
        self.searchable = searchable
        self.createable = createable
        self.deletable = deletable
        self.updateable = updateable
    }
}
