import HTTPTypes
import Hummingbird

/// A SOAP fault as the partner API sends it: HTTP 500, `text/xml`, a `faultcode` and a
/// `faultstring`, and for the API's own faults (`sf:INVALID_SESSION_ID`, …) a `detail` with the
/// exception's code and message. A client fault (`soapenv:Client`: not XML, no such operation)
/// has no detail.
struct SOAPFault: Error, Sendable, HTTPResponseError {
    let faultCode: String
    let faultString: String
    /// `UnexpectedErrorFault` with `exceptionCode`; nil for a client fault.
    let detail: (type: String, code: String, message: String)?

    var status: HTTPResponse.Status { .internalServerError }

    /// A fault of the API (`sf:CODE`) with the detail Salesforce gives it.
    static func api(_ code: String, _ message: String, type: String = "UnexpectedErrorFault") -> SOAPFault {
        SOAPFault(faultCode: "sf:" + code, faultString: code + ": " + message, detail: (type, code, message))
    }

    /// A request the SOAP layer cannot read.
    static func client(_ message: String) -> SOAPFault {
        SOAPFault(faultCode: "soapenv:Client", faultString: message, detail: nil)
    }

    static let invalidSession = api("INVALID_SESSION_ID", "Invalid Session ID found in SessionHeader: Illegal Session")

    var body: String {
        var xml = SOAPResponseText.envelopeStart(extraNamespaces: #" xmlns:sf="urn:fault.partner.soap.sforce.com""#)
        xml +=
            "<soapenv:Fault><faultcode>" + SOAPResponseText.escaped(faultCode) + "</faultcode><faultstring>"
            + SOAPResponseText.escaped(faultString) + "</faultstring>"
        if let detail {
            xml +=
                "<detail><sf:" + detail.type + " xsi:type=\"sf:" + detail.type + "\"><sf:exceptionCode>"
                + SOAPResponseText.escaped(detail.code) + "</sf:exceptionCode><sf:exceptionMessage>"
                + SOAPResponseText.escaped(detail.message) + "</sf:exceptionMessage></sf:" + detail.type + "></detail>"
        }
        xml += "</soapenv:Fault>" + SOAPResponseText.envelopeEnd
        return xml
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        SOAPResponseText.response(body, status: status)
    }
}
