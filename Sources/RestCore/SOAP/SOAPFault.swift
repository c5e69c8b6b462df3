/// A SOAP fault: `faultcode` (`sf:INVALID_SESSION_ID`, `soapenv:Client`), `faultstring`, and the
/// detail's exception code and message when the API sent them.
public struct SOAPFault: Sendable, Hashable {
    public var faultCode: String
    public var faultString: String
    public var exceptionCode: String?
    public var exceptionMessage: String?

    public init(faultCode: String, faultString: String, exceptionCode: String? = nil, exceptionMessage: String? = nil) {
        self.faultCode = faultCode
        self.faultString = faultString
        self.exceptionCode = exceptionCode
        self.exceptionMessage = exceptionMessage
    }

    /// The fault's code without its namespace prefix: `INVALID_SESSION_ID` for `sf:INVALID_SESSION_ID`.
    public var code: String {
        if let exceptionCode, !exceptionCode.isEmpty { return exceptionCode }
        return faultCode.split(separator: ":", maxSplits: 1).last.map(String.init) ?? faultCode
    }

    /// The fault as the error array REST errors use, so that one `RestClientError` carries both.
    var salesforceError: SalesforceError {
        SalesforceError(message: exceptionMessage ?? faultString, errorCode: code, fields: nil)
    }
}
