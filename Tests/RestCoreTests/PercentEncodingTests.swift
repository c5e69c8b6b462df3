import Testing

@testable import RestCore

@Suite struct PercentEncodingTests {
    @Test(arguments: [
        ("SELECT Id FROM Contact", "SELECT%20Id%20FROM%20Contact"),
        ("Name = 'O''Brien'", "Name%20%3D%20%27O%27%27Brien%27"),
        ("LIKE '50%'", "LIKE%20%2750%25%27"),
        ("a+b&c=d#e?f/g", "a%2Bb%26c%3Dd%23e%3Ff%2Fg"),
        ("Zoë 日本", "Zo%C3%AB%20%E6%97%A5%E6%9C%AC"),
        ("\"quoted\"", "%22quoted%22"),
        ("AZaz09-._~", "AZaz09-._~"),
    ])
    func encodesEveryReservedByte(text: String, encoded: String) {
        #expect(PercentEncoding.encode(text) == encoded)
    }

    @Test func queryRequestURLCarriesTheEncodedSOQL() {
        let client = makeClient(InMemoryTransport())
        let request = client.request(forQuery: "SELECT Name FROM Contact WHERE Name = 'Zoë'")
        let url = RestClient.url(
            for: request, endpoint: Endpoint(instanceURL: client.configuration.instanceURL))
        #expect(
            url == "https://example.my.salesforce.com/services/data/v66.0/query"
                + "?q=SELECT%20Name%20FROM%20Contact%20WHERE%20Name%20%3D%20%27Zo%C3%AB%27")
    }
}
