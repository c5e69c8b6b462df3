import HTTPTypes
import Testing

@testable import RestCore

/// `Sforce-Limit-Info: api-usage=USED/MAX` is read from every answer.
@Suite struct APIUsageTests {
    @Test(arguments: [
        ("api-usage=18/15000", APIUsage(used: 18, max: 15000)),
        ("api-usage=25/5000; per-app-api-usage=17/250(appName=sample-app)", APIUsage(used: 25, max: 5000)),
        ("per-app-api-usage=17/250(appName=sample-app); api-usage=3/4", APIUsage(used: 3, max: 4)),
        (" api-usage=15001/15000 ", APIUsage(used: 15001, max: 15000)),
    ])
    func wellFormedValuesAreRead(value: String, usage: APIUsage) {
        #expect(APIUsage(limitInfo: value) == usage)
    }

    @Test(arguments: [
        "", "api-usage=", "api-usage=x/15000", "api-usage=5", "api-usage=5/0", "api-usage=-1/10", "api-usage=1/2/3",
        "per-app-api-usage=17/250", "apiusage=1/2",
    ])
    func malformedValuesAreIgnored(value: String) {
        #expect(APIUsage(limitInfo: value) == nil)
    }

    @Test func theClientKeepsTheLatestGoodValueFromEveryAnswer() async throws {
        let transport = RetryTests.transport([
            .status(200, body: "[]", headers: [.sforceLimitInfo: "api-usage=10/100"]),
            .status(200, body: "[]", headers: [.sforceLimitInfo: "api-usage=garbage"]),
            .status(200, body: "[]"),
            .status(
                404, body: #"[{"message":"gone","errorCode":"ENTITY_IS_DELETED"}]"#,
                headers: [.sforceLimitInfo: "api-usage=13/100"]),
        ])
        let client = makeClient(transport)
        #expect(client.apiUsage == nil)
        _ = try await client.send(client.requestForVersions())
        #expect(client.apiUsage == APIUsage(used: 10, max: 100))
        _ = try await client.send(client.requestForVersions())
        _ = try await client.send(client.requestForVersions())
        #expect(client.apiUsage == APIUsage(used: 10, max: 100))
        _ = try? await client.send(
            client.requestForRetrieve(withObjectType: "Contact", objectId: "003x", fieldList: "Id"))
        #expect(client.apiUsage == APIUsage(used: 13, max: 100))
        #expect(client.apiUsage?.fraction == 0.13)
    }
}
