import Testing

@testable import RestCore

/// One reading of an API version for the command line, the Salesforce CLI, data paths and the
/// org's list of versions.
@Suite struct APIVersionTests {
    @Test(arguments: ["66", "66.0", "v66.0"])
    func everySpellingReadsAsOneVersion(text: String) {
        #expect(APIVersion(parsing: text) == APIVersion(66, 0))
        #expect(APIVersion(parsing: text)?.description == "v66.0")
    }

    @Test(arguments: ["", "v", "66.", ".0", "v66.0.1", "+66.0", "66.-1", " 66.0", "66.0 ", "vv66.0", "sixty", "６６.0"])
    func anythingElseIsNotAVersion(text: String) {
        #expect(APIVersion(parsing: text) == nil)
    }

    @Test func versionsCompareAsNumbers() {
        #expect(APIVersion(9, 0) < APIVersion(60, 0))
        #expect(APIVersion(60, 0) < APIVersion(60, 1))
        #expect([APIVersion(59), "v9.0", "60.0"].max() == "v60.0")
    }

    @Test func aDataPathNamesTheVersionTheFactoriesWrite() {
        #expect(APIVersionFallback.version(inPath: "/services/data/v66.0/query")?.version == "v66.0")
        #expect(APIVersionFallback.version(inPath: "/services/data/v66.0/query")?.rest == "/query")
        #expect(APIVersionFallback.version(inPath: "/services/data/66.0/query") == nil)
        #expect(APIVersionFallback.version(inPath: "/services/oauth2/token") == nil)
    }

    @Test func factoriesWriteAnyGivenSpellingTheOneWay() {
        let client = makeClient(InMemoryTransport())
        #expect(
            client.request(forQuery: "SELECT Id FROM Contact", apiVersion: APIVersion(parsing: "60")).path
                == "/services/data/v60.0/query")
        #expect(client.request(forResources: nil).path == "/services/data/v66.0/")
    }
}
