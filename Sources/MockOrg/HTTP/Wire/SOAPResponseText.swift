import HTTPTypes
import Hummingbird
import NIOCore

/// The text around every SOAP answer of the partner API, and XML's escapes.
enum SOAPResponseText {
    static let contentType = "text/xml;charset=UTF-8"

    static func envelopeStart(extraNamespaces: String = "") -> String {
        #"<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#
            + extraNamespaces + "><soapenv:Body>"
    }

    static let envelopeEnd = "</soapenv:Body></soapenv:Envelope>"

    /// `text` with `&`, `<`, `>` and `"` escaped, and control characters XML 1.0 cannot carry dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func response(_ xml: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: xml)))
    }
}
