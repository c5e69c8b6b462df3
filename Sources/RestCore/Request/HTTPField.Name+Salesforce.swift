import HTTPTypes

extension HTTPField.Name {
    /// `Sforce-Query-Options: batchSize=N`: the page size of a query (200...2000).
    public static let sforceQueryOptions = Self("Sforce-Query-Options")!
}
