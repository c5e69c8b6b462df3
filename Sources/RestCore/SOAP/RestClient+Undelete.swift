import Foundation
import HTTPTypes

/// The SOAP API's `undelete` (REST has none): a `POST /services/Soap/u/NN.N` in the partner
/// namespace with the session in its `SessionHeader`. It goes through the same send path as REST,
/// so an `INVALID_SESSION_ID` fault renews the session once through the shared renewal and the
/// envelope is built again with the new token.
extension RestClient {
    /// The most ids one `undelete` takes, as on Salesforce.
    public static let maxUndeleteIDs = 200

    /// `POST /services/Soap/u/NN.N` undeleting `ids` (at most 200: more is refused unsent).
    public func requestForUndelete(ids: [String], apiVersion: APIVersion? = nil) -> RestRequest {
        let version = apiVersion ?? self.apiVersion
        var request = RestRequest(
            method: .POST, path: "/services/Soap/u/\(version.major).\(version.minor)",
            headers: [
                .contentType: "text/xml; charset=UTF-8", .accept: "text/xml",
                HTTPField.Name("SOAPAction")!: "\"\"",
            ])
        request.sessionBody = { token in Self.undeleteEnvelope(ids: ids, session: token) }
        if ids.isEmpty {
            request.invalidReason = "undelete needs at least one id."
        } else if ids.count > Self.maxUndeleteIDs {
            request.invalidReason = "undelete takes at most \(Self.maxUndeleteIDs) ids, not \(ids.count)."
        }
        return request
    }

    /// Undeletes `ids` (at most 200), one result per id in their order; a fault or an answer that
    /// cannot be read is the error.
    public func undelete(ids: [String], apiVersion: APIVersion? = nil) async throws(RestClientError) -> [UndeleteResult] {
        let response = try await send(requestForUndelete(ids: ids, apiVersion: apiVersion))
        switch SOAPResponseReader.read(response.body) {
        case .success(.results(let results)) where results.count == ids.count:
            return results
        case .success(.results(let results)):
            throw .decodingFailed("undelete answered \(results.count) results for \(ids.count) ids.")
        case .success(.fault(let fault)):
            throw .apiInvocationFailed(
                status: response.status, headers: response.headers, errors: [fault.salesforceError], rawBody: nil)
        case .failure(let failure):
            throw .decodingFailed(failure.description)
        }
    }

    /// The partner envelope of `undelete`, the session in its header; every text escaped.
    static func undeleteEnvelope(ids: [String], session: String) -> [UInt8] {
        var xml =
            #"<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:urn="urn:partner.soap.sforce.com">"#
        xml += "<soapenv:Header><urn:SessionHeader><urn:sessionId>" + escapedXML(session)
            + "</urn:sessionId></urn:SessionHeader></soapenv:Header><soapenv:Body><urn:undelete>"
        for id in ids { xml += "<urn:ids>" + escapedXML(id) + "</urn:ids>" }
        xml += "</urn:undelete></soapenv:Body></soapenv:Envelope>"
        return Array(xml.utf8)
    }

    static func escapedXML(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
