import ArgumentParser

/// Which records to fetch: the query and its page size (the list and `list`).
struct QueryOptions: ParsableArguments {
    static let defaultQuery = "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name"

    @Option(help: "The SOQL query whose records are listed.")
    var query: String = Self.defaultQuery

    @Option(help: "Records per page (200...2000).")
    var batchSize: Int = 2000

    func validate() throws {
        try OptionRange.check(batchSize, "--batch-size", in: 200...2000)
    }
}
