import Testing

@testable import RestCore

/// An error sentence leads with the org's reason, so a status line cut short still shows it.
@Suite("Error sentences: the reason first")
struct ReasonFirstTests {
    @Test("a query error's reason (ERROR at Row…) comes before the statement it quotes")
    func queryErrorReasonFirst() {
        let message =
            "\nSELECT Id, Name FROM Contact WHERE Name = \n                                          ^\n"
            + "ERROR at Row:1:Column:43\nunexpected token: '<EOF>'"
        let error = RestClientError.apiInvocationFailed(
            status: 400, headers: [:], errors: [SalesforceError(message: message, errorCode: "MALFORMED_QUERY")],
            rawBody: nil)
        #expect(
            error.description
                == "ERROR at Row:1:Column:43 unexpected token: '<EOF>' (MALFORMED_QUERY, HTTP 400); "
                + "the statement: SELECT Id, Name FROM Contact WHERE Name =")
    }

    @Test("any other refusal: the message, then the code and status")
    func refusalReasonFirst() {
        let error = RestClientError.apiInvocationFailed(
            status: 400, headers: [:],
            errors: [
                SalesforceError(message: "Email: invalid email address", errorCode: "INVALID_EMAIL_ADDRESS"),
                SalesforceError(message: "second", errorCode: "OTHER"),
            ], rawBody: nil)
        #expect(error.description == "Email: invalid email address (INVALID_EMAIL_ADDRESS, HTTP 400; and 1 more)")
    }
}
