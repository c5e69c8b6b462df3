import Testing

@testable import RestCore

@Suite struct RestClientErrorTests {
    static let everyCase: [RestClientError] = [
        .apiInvocationFailed(
            status: 400, headers: [:],
            errors: [SalesforceError(message: "Cannot delete\nthis contact", errorCode: "DELETE_FAILED")],
            rawBody: nil),
        .apiInvocationFailed(status: 502, headers: [:], errors: [], rawBody: "<html>\n<body>Bad gateway</body></html>"),
        .apiInvocationFailed(status: 500, headers: [:], errors: [], rawBody: nil),
        .apiResponseIsEmpty,
        .decodingFailed("records: expected an array"),
        .jsonSerialization("unexpected end of data"),
        .invalidRequest("the query is empty."),
        .blockedByGate("DELETE is not allowed"),
        .authenticationFailed("the refresh was refused"),
        .transportFailed(host: "127.0.0.1", reason: "connection refused"),
        .timedOut,
        .cancelled,
        .connectionPoolBusy(host: "127.0.0.1"),
        .apiInvocationFailed(
            status: 403, headers: [:],
            errors: [SalesforceError(message: "TotalRequests Limit exceeded.", errorCode: "REQUEST_LIMIT_EXCEEDED")],
            rawBody: nil),
    ]

    @Test(arguments: everyCase)
    func descriptionIsOneNonEmptyLine(error: RestClientError) {
        let text = error.description
        #expect(!text.isEmpty)
        #expect(!text.contains("\n"))
        #expect(text.first?.isUppercase == true)
    }

    @Test func apiFailureNamesTheSalesforceError() {
        let text = Self.everyCase[0].description
        #expect(text.contains("400"))
        #expect(text.contains("DELETE_FAILED"))
        #expect(text.contains("Cannot delete this contact"))
    }

    @Test func rawBodyIsShownWhenThereIsNoErrorArray() {
        #expect(Self.everyCase[1].description.contains("Bad gateway"))
    }

    @Test func transportFailureNamesTheHost() {
        #expect(Self.everyCase[9].description.contains("127.0.0.1"))
        #expect(Self.everyCase[9].description.contains("connection refused"))
    }

    @Test func descriptionsAreDistinct() {
        let texts = Set(Self.everyCase.map(\.description))
        #expect(texts.count == Self.everyCase.count)
    }

    @Test func requestLimitIsOneSentenceNamingTheLimit() {
        #expect(
            Self.everyCase.last?.description
                == "The org's daily API request limit is used up (REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded.)"
        )
        let concurrent = RestClientError.apiInvocationFailed(
            status: 403, headers: [:],
            errors: [
                SalesforceError(message: "ConcurrentPerOrgLongTxn Limit exceeded.", errorCode: "REQUEST_LIMIT_EXCEEDED")
            ],
            rawBody: nil)
        #expect(concurrent.description.contains("one of its API limits is reached"))
        #expect(concurrent.description.contains("ConcurrentPerOrgLongTxn"))
    }
}
