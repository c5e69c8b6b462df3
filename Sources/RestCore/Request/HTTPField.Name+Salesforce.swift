import HTTPTypes

extension HTTPField.Name {
    /// `Sforce-Query-Options: batchSize=N`: the page size of a query (200...2000).
    public static let sforceQueryOptions = Self("Sforce-Query-Options")!
    /// `Sforce-Limit-Info: api-usage=USED/MAX`: the org's API usage, on every answer.
    public static let sforceLimitInfo = Self("Sforce-Limit-Info")!
}
