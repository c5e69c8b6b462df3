import Foundation

@testable import ContactList
@testable import RestCore

/// SOAP `undelete` answers, for `U`.
extension Fixtures {
    /// A 200 with one `<result>` per id in order: nil is restored, else the error's code and message.
    static func undeleteResults(
        ids: [String], _ outcome: (String) -> Outcome = { _ in nil }
    ) -> Result<RestResponse, RestClientError> {
        var xml =
            #"<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body><undeleteResponse>"#
        for id in ids {
            if let failure = outcome(id) {
                xml += "<result><errors><message>\(failure.message)</message><statusCode>\(failure.code)</statusCode>"
                xml += #"</errors><id xsi:nil="true"/><success>false</success></result>"#
            } else {
                xml += "<result><id>\(id)</id><success>true</success></result>"
            }
        }
        xml += "</undeleteResponse></soapenv:Body></soapenv:Envelope>"
        return .success(RestResponse(status: 200, headers: [.contentType: "text/xml"], body: Array(xml.utf8)))
    }

    /// The ids a SOAP undelete names, in order (read from its envelope).
    static func undeleteIDs(_ request: RestRequest) -> [String] {
        let xml = String(decoding: request.sessionBody?("token") ?? request.body ?? [], as: UTF8.self)
        return xml.components(separatedBy: "<urn:ids>").dropFirst().compactMap {
            $0.components(separatedBy: "</urn:ids>").first
        }
    }

    /// Whether a request is a SOAP undelete.
    static func isUndelete(_ request: RestRequest) -> Bool { request.path.hasPrefix("/services/Soap/u/") }

    /// A `queryAll` page listing `ids` with their `IsDeleted`.
    static func isDeletedPage(_ ids: [(id: String, deleted: Bool)]) -> Result<RestResponse, RestClientError> {
        page(ids.map { ["attributes": ["type": "Contact"], "Id": $0.id, "IsDeleted": $0.deleted] })
    }
}
