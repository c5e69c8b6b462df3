import Hummingbird
import JSONKit

/// `limits`: the org's limits, `DailyApiRequests` counted by `APIUsage`, the others as a fresh
/// Developer Edition reports them.
struct LimitsRoutes {
    let usage: APIUsage

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.getAndHead("limits") { _, _ in Response.json(self.body()) }
    }

    /// The keys in Salesforce's order (alphabetical), each `{"Max":…,"Remaining":…}`.
    func body() -> [UInt8] {
        let limits: [(String, Int, Int)] = [
            ("DailyApiRequests", usage.limit, max(usage.limit - usage.count, 0)),
            ("DailyAsyncApexExecutions", 250_000, 250_000),
            ("DailyBulkApiBatches", 15_000, 15_000),
            ("DataStorageMB", 5, 5),
            ("FileStorageMB", 20, 20),
        ]
        var writer = JSONWriter()
        writer.beginObject()
        for (name, maximum, remaining) in limits {
            writer.key(name)
            writer.beginObject()
            writer.pair("Max", maximum)
            writer.pair("Remaining", remaining)
            writer.endObject()
        }
        writer.endObject()
        return writer.bytes
    }
}
