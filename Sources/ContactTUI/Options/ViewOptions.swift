import ArgumentParser

/// What the list shows and how.
struct ViewOptions: ParsableArguments {
    static let defaultQuery = "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name"

    @Option(help: "The SOQL query whose records are listed.")
    var query: String = Self.defaultQuery

    @Option(help: "Records per page (200...2000).")
    var batchSize: Int = 2000

    @Option(help: "Write a log of requests and outcomes to this file.")
    var logFile: String?

    @Flag(help: "Draw without colours (also when NO_COLOR is set).")
    var noColor = false

    func validate() throws {
        guard (200...2000).contains(batchSize) else {
            throw ValidationError("--batch-size must be between 200 and 2000.")
        }
    }
}
